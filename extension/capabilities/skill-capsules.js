// @ts-check
/**
 * Skill capsules: once a skill has been loaded, its description is distilled (the same
 * extractive capsule as tool guidelines, cached under `<agentDir>/cache/pi-lean/skills/`)
 * and the capsule replaces the description where pi-lean lists skills for the model: the
 * `adaptive`/`safe` catalog, shortlists and additive deltas. `skill_search` keeps the full
 * descriptions, ranking always uses them, and the full body stays one `skill` call away.
 */
import fs from "node:fs";
import { native } from "../shared/native.js";

/** Largest skill file hashed for a capsule key; a larger one keys on its size and mtime. */
const KEY_READ_MAX = 16 * 1024 * 1024;

/** path -> the file's stamp (size, mtime) and content hash, so a listing re-reads only changed files. */
const fileKeys = new Map();

/**
 * What a skill's capsule verdict depends on besides its description (PD-17): the content of
 * its SKILL.md, hashed (re-read only when its size or mtime changes). A skill with no
 * readable file keys on its description alone.
 * @param {string | undefined} filePath
 */
export function skillKey(filePath) {
  if (!filePath) return "";
  let stat;
  try {
    stat = fs.statSync(filePath);
  } catch {
    return "";
  }
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const known = fileKeys.get(filePath);
  if (known && known.stamp === stamp) return known.key;
  let key;
  try {
    key = stat.size <= KEY_READ_MAX ? `skill-file:${native.contentHash(fs.readFileSync(filePath, "utf8"))}` : `skill-file-stamp:${stamp}`;
  } catch {
    key = "";
  }
  if (fileKeys.size > 4096) fileKeys.clear();
  fileKeys.set(filePath, { stamp, key });
  return key;
}

/**
 * The index as the listing code sees it: `get` and `search` hits carry the capsule where one
 * exists; everything else (ranking, policy, loading) is the index itself.
 * @param {import("../../index.js").SkillIndex} index
 * @param {(name: string, description: string) => string} describe
 * @returns {import("../../index.js").SkillIndex}
 */
export function describedIndex(index, describe) {
  return new Proxy(index, {
    get(target, prop) {
      if (prop === "get") {
        return (/** @type {string} */ name) => {
          const info = target.get(name);
          return info ? { ...info, description: describe(name, info.description) } : info;
        };
      }
      if (prop === "search") {
        return (/** @type {string} */ query, /** @type {any} */ options) => {
          const result = target.search(query, options);
          const hits = result.hits.map((hit) => {
            const full = target.get(hit.name)?.description ?? "";
            const shown = describe(hit.name, full);
            return shown === full ? hit : { ...hit, description: native.capDescription(shown, options?.descriptionMax) };
          });
          return { ...result, hits };
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
