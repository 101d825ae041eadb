// @ts-check
/**
 * Detects another extension that registers a tool named like ours (`skill`, `skill_search`).
 * Pi keeps the first registration of a name and drops later ones silently, so one of the two
 * extensions would be shadowed without anyone noticing. pi-lean checks Pi's tool registry
 * (`getAllTools()` with `sourceInfo`) before registering its own, and backs off when the name
 * is taken: it reports SKILL_TOOL_CONFLICT once and leaves the tools and Pi's skill catalog
 * to the other extension.
 */

export const CONFLICT_CODE = "SKILL_TOOL_CONFLICT";

/** Conflicts already reported in this process, so a reload does not repeat them. */
const reported = new Set();

/**
 * The first tool among `names` that is already registered, with where it comes from; null
 * when none is (or Pi offers no registry to ask).
 * @param {{ getAllTools?: () => Array<{ name: string, sourceInfo?: { path?: string, source?: string } }> }} pi
 * @param {readonly string[]} names
 * @returns {{ name: string, path: string } | null}
 */
export function findToolConflict(pi, names) {
  if (typeof pi.getAllTools !== "function") return null;
  for (const tool of pi.getAllTools()) {
    if (names.includes(tool.name)) return { name: tool.name, path: tool.sourceInfo?.path ?? tool.sourceInfo?.source ?? "an unknown source" };
  }
  return null;
}

/** @param {{ name: string, path: string }} conflict */
export function conflictMessage(conflict) {
  return (
    `${CONFLICT_CODE}: the tool "${conflict.name}" is already registered by ${conflict.path}. ` +
    "pi-lean's skill tools and catalog are off so that extension keeps its tool; remove one of the two extensions to use the other."
  );
}

/**
 * Reports a conflict once per process: in the UI when there is one, else on stderr.
 * @param {{ name: string, path: string }} conflict @param {any} ctx
 */
export function reportConflictOnce(conflict, ctx) {
  const key = `${conflict.name}\u0000${conflict.path}`;
  if (reported.has(key)) return;
  reported.add(key);
  const message = `pi-lean: ${conflictMessage(conflict)}`;
  if (ctx?.hasUI) ctx.ui.notify(message, "error");
  else process.stderr.write(`${message}\n`);
}
