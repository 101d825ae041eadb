// @ts-check
/**
 * Replaces Pi's eager `<skills>` catalog with a small constant stub. Pi rebuilds the prompt
 * options on every run, so this runs on every `before_agent_start`; the stub text depends only
 * on the candidate count, which keeps the cached prompt prefix stable between prompts.
 */

export const STUB_SECTION = "skill_index";

/**
 * The stub: about 35 tokens whatever the catalog size.
 * @param {number} candidates
 */
export function skillStub(candidates) {
  const noun = candidates === 1 ? "skill" : "skills";
  return `${candidates} ${noun} installed, not listed. For a matching task: skill_search (keywords; none browses), then skill with the exact name.`;
}

/**
 * Mutates the run's prompt options in place: empties the catalog and adds the stub.
 * @param {{ skills?: unknown[], sections?: Record<string, string> }} options
 * @param {number} candidates
 */
export function applySkillStub(options, candidates) {
  if (Array.isArray(options.skills)) options.skills.length = 0;
  if (candidates <= 0) return;
  if (!options.sections) options.sections = {};
  options.sections[STUB_SECTION] = skillStub(candidates);
}
