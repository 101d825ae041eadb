// @ts-check
/**
 * Skill capsules: once a skill has been loaded, its description is distilled (the same
 * extractive capsule as tool guidelines, cached under `<agentDir>/cache/pi-lean/skills/`)
 * and the capsule replaces the description where pi-lean lists skills for the model: the
 * `adaptive`/`safe` catalog, shortlists and additive deltas. `skill_search` keeps the full
 * descriptions, ranking always uses them, and the full body stays one `skill` call away.
 */
import { native } from "../shared/native.js";

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
