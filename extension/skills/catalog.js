// @ts-check
/**
 * The session's skill snapshot. Pi hands us its discovered skills on every run
 * (`systemPromptOptions.skills`); we rebuild the native index only when that set changes,
 * so search and load stay sub-millisecond and bound to one fingerprint. A run rebuilds off
 * the event loop (`updateAsync`: reading every SKILL.md's `requires:` takes long for a large
 * catalog); commands outside a run build synchronously.
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

/**
 * The addon's input rows for Pi's skills.
 * @param {readonly PiSkill[]} skills
 */
function skillInputs(skills) {
  return skills.map((s) => ({
    name: s.name,
    description: s.description,
    filePath: s.filePath,
    baseDir: s.baseDir,
    disableModelInvocation: s.disableModelInvocation === true,
  }));
}

export class SkillCatalog {
  /** @param {{ maxSourceBytes: number, embeddings?: boolean }} options  `embeddings: false` ranks by BM25F alone */
  constructor(options) {
    this.options = options;
    /** @type {import("../../index.js").SkillIndex | null} */
    this.index = null;
    /** @type {string | null} */
    this.key = null;
    /** A build in flight, so concurrent runs with the same skills share it. */
    /** @type {{ key: string, index: Promise<import("../../index.js").SkillIndex> } | null} */
    this.pending = null;
  }

  /**
   * Adopts Pi's current skill list, rebuilding the index only when it changed.
   * @param {readonly PiSkill[]} skills
   */
  update(skills) {
    const key = skillSetKey(skills);
    if (key === this.key && this.index) return this.index;
    this.pending = null; // an older build in flight must not replace this one
    this.index = new native.SkillIndex(skillInputs(skills), { maxSourceBytes: this.options.maxSourceBytes, embeddings: this.options.embeddings !== false });
    this.key = key;
    return this.index;
  }

  /**
   * `update` with the rebuild on the libuv pool, so a large catalog never blocks the event loop.
   * @param {readonly PiSkill[]} skills
   * @returns {Promise<import("../../index.js").SkillIndex>}
   */
  async updateAsync(skills) {
    const key = skillSetKey(skills);
    if (key === this.key && this.index) return this.index;
    if (this.pending?.key === key) return this.pending.index;
    const pending = { key, index: native.SkillIndex.build(skillInputs(skills), { maxSourceBytes: this.options.maxSourceBytes, embeddings: this.options.embeddings !== false }) };
    this.pending = pending;
    try {
      const index = await pending.index;
      // A later list may have been adopted meanwhile; only the newest build is kept.
      if (this.pending === pending) {
        this.index = index;
        this.key = key;
      }
      return index;
    } finally {
      if (this.pending === pending) this.pending = null;
    }
  }

  /** Number of skills the model may discover. */
  get candidateCount() {
    return this.index ? this.index.visibleCount : 0;
  }
}
