// @ts-check
/**
 * Persists `/token-saver on|off` as the `tokenSaver` key of `<agentDir>/pi-lean.json`,
 * keeping every other key. When a profile is active and defined in that file, the setting
 * belongs to the profile (its `settings` win over top-level keys). Only that value changes in
 * the file (the user's formatting and key order stay), and the write is atomic
 * (`writeTextAtomic`): a torn config would fail closed on the next start.
 */
import fs from "node:fs";
import path from "node:path";
import { CONFIG_FILE_NAME, findDuplicateKey } from "../shared/config.js";
import { editJsonText, writeTextAtomic } from "../shared/json-file.js";

/**
 * @param {string} agentDir
 * @param {"on" | "off"} value
 * @returns {string} where it was written, for the confirmation message
 */
export function writeTokenSaverSetting(agentDir, value) {
  const file = path.join(agentDir, CONFIG_FILE_NAME);
  /** @type {Record<string, any>} */
  let raw = {};
  /** @type {string | undefined} */
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
  }
  if (text !== undefined && text.trim() !== "") {
    const parsed = JSON.parse(text);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error(`${file}: top level must be an object`);
    const duplicate = findDuplicateKey(text);
    if (duplicate) throw new Error(`${file}: duplicate key "${duplicate}"`);
    raw = parsed;
  }
  let where = "tokenSaver";
  /** @type {{ path: string[], value: unknown }} */
  let edit = { path: ["tokenSaver"], value };
  const profileName = typeof raw.activeProfile === "string" ? raw.activeProfile : null;
  const profile = profileName && raw.profiles && typeof raw.profiles === "object" ? raw.profiles[profileName] : undefined;
  if (profileName && profile !== undefined) {
    // A profile written as a list of groups becomes the object form to hold a setting.
    edit = Array.isArray(profile) ? { path: ["profiles", profileName], value: { groups: profile, settings: { tokenSaver: value } } } : { path: ["profiles", profileName, "settings", "tokenSaver"], value };
    where = `profiles.${profileName}.settings.tokenSaver`;
  }
  writeTextAtomic(file, editJsonText(text ?? "", [edit]));
  return `${file} (${where})`;
}
