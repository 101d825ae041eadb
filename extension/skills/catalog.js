// @ts-check
/**
 * The session's skill snapshot. Pi hands us its discovered skills on every run
 * (`systemPromptOptions.skills`); we rebuild the native index only when that set changes,
 * so search and load stay sub-millisecond and bound to one fingerprint.
 */
import { native } from "../shared/native.js";

/**
 * @typedef {object} PiSkill
 * @property {string} name
 * @property {string} description
 * @property {string} [filePath]
 * @property {string} [baseDir]
 * @property {boolean} [disableModelInvocation]
 */

/**
 * A cheap identity for a skill list: names, files and flags in order. Descriptions are
 * included because search ranks on them.
 * @param {readonly PiSkill[]} skills
 */
function skillSetKey(skills) {
  return skills
    .map((s) => `${s.name}\u0000${s.filePath ?? ""}\u0000${s.disableModelInvocation ? 1 : 0}\u0000${s.description}`)
    .join("\u0001");
}

export class SkillCatalog {
  /** @param {{ maxSourceBytes: number }} options */
  constructor(options) {
    this.options = options;
    /** @type {import("../../index.js").SkillIndex | null} */
    this.index = null;
    /** @type {string | null} */
    this.key = null;
  }

  /**
   * Adopts Pi's current skill list, rebuilding the index only when it changed.
   * @param {readonly PiSkill[]} skills
   */
  update(skills) {
    const key = skillSetKey(skills);
    if (key === this.key && this.index) return this.index;
    this.index = new native.SkillIndex(
      skills.map((s) => ({
        name: s.name,
        description: s.description,
        filePath: s.filePath,
        baseDir: s.baseDir,
        disableModelInvocation: s.disableModelInvocation === true,
      })),
      { maxSourceBytes: this.options.maxSourceBytes },
    );
    this.key = key;
    return this.index;
  }

  /** Number of skills the model may discover. */
  get candidateCount() {
    return this.index ? this.index.visibleCount : 0;
  }
}
