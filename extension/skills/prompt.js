// @ts-check
/**
 * Replaces Pi's eager `<skills>` catalog with a small constant stub. Pi rebuilds the prompt
 * options on every run, so this runs on every `before_agent_start`; the stub text depends only
 * on the candidate count, which keeps the cached prompt prefix stable between prompts.
 */

export const STUB_SECTION = "skill_index";

/**
 * The stub: about 35 tokens whatever the catalog size. Inside a scope it names the scope,
 * which changes only when the user switches scope. Skills only the user may run
 * (`disable-model-invocation`) are counted apart, so the model is not told it can reach them.
 * Every input is fixed for the session unless the catalog or scope changes, so the stub is
 * byte-identical from prompt to prompt (the provider's prompt-cache prefix).
 * @param {number} candidates
 * @param {string | null} [scopeLabel]  e.g. `group "git"`; null for all skills
 * @param {number} [userOnly]  skills in the scope only the user can run
 */
export function skillStub(candidates, scopeLabel = null, userOnly = 0) {
  const noun = candidates === 1 ? "skill" : "skills";
  const where = scopeLabel ? `in ${scopeLabel}` : "installed";
  // "installed" would overstate what the model can reach once some skills are user-only.
  const count = userOnly > 0 ? `${candidates} ${noun} for the model${scopeLabel ? ` ${where}` : ""} (${userOnly} more ${userOnly === 1 ? "is" : "are"} user-only)` : `${candidates} ${noun} ${where}`;
  return `${count}, not listed. For a matching task: skill_search (keywords; none browses), then skill with the exact name.`;
}

/**
 * Mutates the run's prompt options in place: empties the catalog and adds the stub.
 * @param {{ skills?: unknown[], sections?: Record<string, string> }} options
 * @param {number} candidates
 * @param {string | null} [scopeLabel]  a scope keeps its stub even when empty, so the model
 *   still learns that skill_search can reach outside it
 * @param {number} [userOnly]
 */
export function applySkillStub(options, candidates, scopeLabel = null, userOnly = 0) {
  if (Array.isArray(options.skills)) options.skills.length = 0;
  if (candidates <= 0 && !scopeLabel) return;
  if (!options.sections) options.sections = {};
  options.sections[STUB_SECTION] = skillStub(candidates, scopeLabel, userOnly);
}

/** The section holding the always-allowed base (CD-2). */
export const BASE_SECTION = "skill_base";

/**
 * The always-allowed base: allowlisted skills with complete descriptions. It depends only on
 * the config and the catalog, so it is byte-identical on every request of a session (CD-2).
 * @param {{ sections?: Record<string, string> }} options
 * @param {{ get(name: string): { description: string } | null | undefined }} index
 * @param {readonly string[]} base
 */
export function applySkillBase(options, index, base) {
  if (base.length === 0) return;
  if (!options.sections) options.sections = {};
  const lines = ['Always available (load with skill {"name": "<exact name>"} when the task matches):'];
  for (const name of base) {
    const description = index.get(name)?.description ?? "";
    lines.push(description ? `- ${name}: ${description}` : `- ${name}`);
  }
  options.sections[BASE_SECTION] = lines.join("\n");
}
