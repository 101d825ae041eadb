// @ts-check
/**
 * Replaces Pi's eager `<skills>` catalog with a small constant stub. Pi rebuilds the prompt
 * options on every run, so this runs on every `before_agent_start`; the stub text depends only
 * on the candidate count, which keeps the cached prompt prefix stable between prompts.
 */

export const STUB_SECTION = "skill_index";

/**
 * The stub: at most ~60 tokens whatever the catalog size.
 * @param {number} candidates
 */
export function skillStub(candidates) {
  const noun = candidates === 1 ? "skill is" : "skills are";
  return (
    `${candidates} ${noun} installed but not listed here. When a task may match one, call ` +
    "skill_search with a few keywords (no query browses all), then load it with skill and its exact name."
  );
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
