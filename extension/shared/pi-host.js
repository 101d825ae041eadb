// @ts-check
/**
 * The few values pi-lean takes from Pi's own package at run time, handed over by the
 * extension's entry (`extension/index.js`), the one module that imports
 * `@earendil-works/pi-coding-agent`. No other module may import it: Pi loads an extension
 * through jiti, which first asks Node to import each ECMAScript module natively and falls
 * back to its own transform and evaluation only when that fails. A module graph that reaches
 * Pi's package fails natively in an install (Pi's packages are not on disk next to pi-lean),
 * so every module on the way to such an import was parsed by Node, then transformed and
 * evaluated again by jiti, at every start. Without that import, everything below the entry
 * loads natively, once per process, from V8's code cache, and `import()` works as in Node.
 */

/**
 * @typedef {object} PiHost
 * @property {() => string} getAgentDir  Pi's agent dir (`PI_CODING_AGENT_DIR` or `~/.pi/agent`)
 * @property {(cwd: string) => boolean} hasTrustRequiringProjectResources
 * @property {new (agentDir: string) => { get(cwd: string): boolean | undefined | null }} ProjectTrustStore
 * @property {(skills: any[], fileReadTool?: "read") => string} [formatSkillsForPrompt]
 *   Pi's own skills block (`deltaFormat: "pi"`, CD-5)
 * @property {() => Promise<any>} [loadTui]  Pi's `@earendil-works/pi-tui`, imported through Pi's loader
 */

/** @type {PiHost | null} */
let host = null;

/** Called by the entry before anything else runs. @param {PiHost} value */
export function setPiHost(value) {
  host = value;
}

/** Pi's values; throws when no entry handed them over (a bug, or a test that forgot). */
export function piHost() {
  if (!host) throw new Error("INTERNAL: Pi's runtime was not handed to pi-lean; load it through extension/index.js");
  return host;
}

/** Pi's agent dir, as Pi computes it. */
export function getAgentDir() {
  return piHost().getAgentDir();
}

/** Pi's TUI components, or null where they cannot be loaded (the editors then use plain dialogs). */
export async function loadTui() {
  try {
    return (await host?.loadTui?.()) ?? null;
  } catch {
    return null;
  }
}

/** Pi's `formatSkillsForPrompt`, or null when the host did not hand it over. */
export function piSkillsFormatter() {
  return host?.formatSkillsForPrompt ?? null;
}
