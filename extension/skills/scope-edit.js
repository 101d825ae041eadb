// @ts-check
/**
 * Edits of groups and profiles in the user's `pi-lean.json`, as the `/skills` manager makes
 * them. Each operation turns one user action into the smallest set of JSON edits (see
 * `editJsonText`): a rename or delete also updates what names the old name (a profile's group
 * list, `activeProfile`, `activeGroup`), so the file stays valid. `saveScopeEdits` applies the
 * edits to the file's text, checks the result the way the config loader will, and only then
 * writes it atomically; a result that would not load is never written.
 */
import fs from "node:fs";
import { parseStrictJson, validateLayer } from "../shared/config.js";
import { editJsonText, writeTextAtomic } from "../shared/json-file.js";

/** @typedef {import("../shared/json-file.js").JsonEdit} JsonEdit */

/**
 * The parts of a parsed `pi-lean.json` these edits read.
 * @typedef {{ groups?: Record<string, string[]>, profiles?: Record<string, string[] | { groups?: string[], settings?: Record<string, unknown> }>, activeProfile?: string | null, activeGroup?: string | null }} ScopeFile
 */

/**
 * Profile settings the manager offers, each with the values it cycles through. "(not set)"
 * removes the key, so the setting follows the file's top level again.
 */
export const PROFILE_SETTINGS = Object.freeze([
  { key: "tokenSaver", label: "Token Saver", values: ["on", "off"] },
  { key: "routing", label: "Routing", values: ["lazy", "adaptive", "safe", "additive"] },
  { key: "capabilities", label: "Capability routing", values: ["route", "off"] },
  { key: "skillEmbeddings", label: "Skill search by meaning", values: ["on", "off"] },
]);

/** What the manager shows for a setting the profile leaves to the top level. */
export const NOT_SET = "(not set)";

/** Names the user types: what the config loader accepts (no control characters, 1..128). */
const NAME_RE = /^[^\u0000-\u001f]{1,128}$/;

/** @param {string} name @param {string} kind */
function checkName(name, kind) {
  if (!NAME_RE.test(name) || name.trim() !== name || name === "all") throw new Error(`"${name}" cannot name a ${kind}: use 1 to 128 characters, no leading or trailing spaces, and not "all"`);
}

/** The groups a profile lists, in either of its two spellings. @param {ScopeFile} file @param {string} profile */
export function profileGroups(file, profile) {
  const spec = file.profiles?.[profile];
  if (Array.isArray(spec)) return spec;
  return spec?.groups ?? [];
}

/** Where a profile's group list sits (a profile may be written as just that list). @param {ScopeFile} file @param {string} profile */
function groupsPath(file, profile) {
  return Array.isArray(file.profiles?.[profile]) ? ["profiles", profile] : ["profiles", profile, "groups"];
}

/** @param {ScopeFile} file @param {string} name @returns {JsonEdit[]} */
export function createGroup(file, name) {
  checkName(name, "group");
  if (file.groups?.[name]) throw new Error(`a group named "${name}" already exists`);
  return [{ path: ["groups", name], value: [] }];
}

/** @param {ScopeFile} file @param {string} name @param {string[]} members @returns {JsonEdit[]} */
export function setGroupMembers(file, name, members) {
  if (!file.groups?.[name]) throw new Error(`no group named "${name}"`);
  return [{ path: ["groups", name], value: members }];
}

/** @param {ScopeFile} file @param {string} from @param {string} to @returns {JsonEdit[]} */
export function renameGroup(file, from, to) {
  checkName(to, "group");
  if (!file.groups?.[from]) throw new Error(`no group named "${from}"`);
  if (from === to) return [];
  if (file.groups[to]) throw new Error(`a group named "${to}" already exists`);
  /** @type {JsonEdit[]} */
  const edits = [{ path: ["groups", from], rename: to }];
  for (const profile of Object.keys(file.profiles ?? {})) {
    const groups = profileGroups(file, profile);
    if (groups.includes(from)) edits.push({ path: groupsPath(file, profile), value: groups.map((g) => (g === from ? to : g)) });
  }
  if (file.activeGroup === from) edits.push({ path: ["activeGroup"], value: to });
  return edits;
}

/** @param {ScopeFile} file @param {string} name @returns {JsonEdit[]} */
export function deleteGroup(file, name) {
  if (!file.groups?.[name]) throw new Error(`no group named "${name}"`);
  /** @type {JsonEdit[]} */
  const edits = [{ path: ["groups", name], delete: true }];
  for (const profile of Object.keys(file.profiles ?? {})) {
    const groups = profileGroups(file, profile);
    if (groups.includes(name)) edits.push({ path: groupsPath(file, profile), value: groups.filter((g) => g !== name) });
  }
  if (file.activeGroup === name) edits.push({ path: ["activeGroup"], value: null });
  return edits;
}

/** @param {ScopeFile} file @param {string} name @returns {JsonEdit[]} */
export function createProfile(file, name) {
  checkName(name, "profile");
  if (file.profiles?.[name]) throw new Error(`a profile named "${name}" already exists`);
  return [{ path: ["profiles", name], value: { groups: [] } }];
}

/** @param {ScopeFile} file @param {string} name @param {string[]} groups @returns {JsonEdit[]} */
export function setProfileGroups(file, name, groups) {
  // Groups are checked against every layer when the result is (`editedScopeText`).
  if (!file.profiles?.[name]) throw new Error(`no profile named "${name}"`);
  /** @type {JsonEdit[]} */
  const edits = [{ path: groupsPath(file, name), value: groups }];
  // The active group must stay one of the active profile's groups.
  if (file.activeProfile === name && file.activeGroup && !groups.includes(file.activeGroup)) edits.push({ path: ["activeGroup"], value: null });
  return edits;
}

/** @param {ScopeFile} file @param {string} from @param {string} to @returns {JsonEdit[]} */
export function renameProfile(file, from, to) {
  checkName(to, "profile");
  if (!file.profiles?.[from]) throw new Error(`no profile named "${from}"`);
  if (from === to) return [];
  if (file.profiles[to]) throw new Error(`a profile named "${to}" already exists`);
  /** @type {JsonEdit[]} */
  const edits = [{ path: ["profiles", from], rename: to }];
  if (file.activeProfile === from) edits.push({ path: ["activeProfile"], value: to });
  return edits;
}

/** @param {ScopeFile} file @param {string} name @returns {JsonEdit[]} */
export function deleteProfile(file, name) {
  if (!file.profiles?.[name]) throw new Error(`no profile named "${name}"`);
  /** @type {JsonEdit[]} */
  const edits = [{ path: ["profiles", name], delete: true }];
  if (file.activeProfile === name) {
    edits.push({ path: ["activeProfile"], value: null });
    if (file.activeGroup) edits.push({ path: ["activeGroup"], value: null });
  }
  return edits;
}

/**
 * Sets or clears (`undefined`) a profile's settings; only keys whose value changes are edited.
 * A profile written as a bare group list becomes `{groups, settings}` (it has nowhere else to
 * hold settings).
 * @param {ScopeFile} file @param {string} name @param {Record<string, unknown>} changes
 * @returns {JsonEdit[]}
 */
export function setProfileSettings(file, name, changes) {
  const spec = file.profiles?.[name];
  if (!spec) throw new Error(`no profile named "${name}"`);
  const current = Array.isArray(spec) ? {} : (spec.settings ?? {});
  const changed = Object.entries(changes).filter(([key, value]) => current[key] !== value);
  if (changed.length === 0) return [];
  if (Array.isArray(spec)) {
    const settings = Object.fromEntries(changed.filter(([, value]) => value !== undefined));
    return [{ path: ["profiles", name], value: Object.keys(settings).length > 0 ? { groups: spec, settings } : spec }];
  }
  return changed.map(([key, value]) => (value === undefined ? { path: ["profiles", name, "settings", key], delete: /** @type {const} */ (true) } : { path: ["profiles", name, "settings", key], value }));
}

/**
 * The file's text and its parsed content ("" and {} when it does not exist yet).
 * @param {string} file
 * @returns {{ text: string, parsed: ScopeFile }}
 */
export function readScopeFile(file) {
  let text = "";
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
    return { text, parsed: {} };
  }
  const parsed = text.trim() === "" ? {} : parseStrictJson(text, file);
  validateLayer(parsed, file);
  return { text, parsed: /** @type {ScopeFile} */ (parsed) };
}

/**
 * The file's text after `edits`, checked as the loader checks one file: it parses, every key
 * is known and valid, and every profile names groups the file defines (or that `otherGroups`,
 * the other config layers, define). Throws what is wrong.
 * @param {string} text @param {JsonEdit[]} edits @param {string} file @param {Iterable<string>} [otherGroups]
 */
export function editedScopeText(text, edits, file, otherGroups = []) {
  const next = editJsonText(text, edits);
  const layer = validateLayer(parseStrictJson(next, file), file);
  const groups = new Set([...Object.keys(layer.groups), ...otherGroups]);
  for (const [profile, spec] of Object.entries(layer.profiles)) {
    for (const group of spec.groups) if (!groups.has(group)) throw new Error(`profile "${profile}" would name undefined group "${group}"`);
  }
  return next;
}

/**
 * Applies `edits` to the file and writes it atomically. Re-reads the file first, so an edit
 * made in an editor meanwhile is kept. Returns the new text ("" and no write when nothing
 * changes).
 * @param {string} file @param {(parsed: ScopeFile) => JsonEdit[]} makeEdits @param {Iterable<string>} [otherGroups]
 */
export function saveScopeEdits(file, makeEdits, otherGroups) {
  const { text, parsed } = readScopeFile(file);
  const edits = makeEdits(parsed);
  if (edits.length === 0) return text;
  const next = editedScopeText(text, edits, file, otherGroups);
  if (next !== text) writeTextAtomic(file, next);
  return next;
}
