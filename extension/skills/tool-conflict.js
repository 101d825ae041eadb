// @ts-check
/**
 * Detects another extension that registers a tool named like ours (`skill`, `skill_search`).
 * Pi keeps the first registration of a name and drops later ones silently, so one of the two
 * extensions would be shadowed without anyone noticing. pi-lean checks Pi's tool registry
 * (`getAllTools()` with `sourceInfo`) before registering its own. When the name is taken it
 * reports SKILL_TOOL_CONFLICT once, naming both sources, and fails closed (LS-31): the other
 * tool would load skills past pi-lean's policy, so the skill catalog is hidden from the model
 * and its skill tool calls are blocked until one of the two extensions is removed.
 */
import { fileURLToPath } from "node:url";

/** Where pi-lean itself is loaded from, for the report. */
const OWN_PATH = fileURLToPath(new URL("../index.js", import.meta.url));

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
    `${CONFLICT_CODE}: the tool "${conflict.name}" is already registered by ${conflict.path}, and pi-lean (${OWN_PATH}) registers one too. ` +
    "pi-lean cannot hold that tool to the skill policy, so the skill catalog is hidden from the model and its skill tool calls are blocked; remove one of the two extensions."
  );
}

/**
 * What the model reads when its call of a conflicting skill tool is blocked: short, what
 * to do next, no paths.
 * @param {{ name: string }} conflict
 */
export function conflictBlockReason(conflict) {
  return `${CONFLICT_CODE}: two extensions register the tool "${conflict.name}", so skill tools are blocked in this session; continue without skills.`;
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
