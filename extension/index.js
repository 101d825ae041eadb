// @ts-check
/**
 * pi-lean extension entry. Every feature needs the native core, and a core that does not load
 * (an unsupported platform, a package installed without its binary) must not take Pi down:
 * `native.js` catches the loader's failure, and then nothing is registered, so Pi runs as
 * stock, and the user is told once, in one line, what to reinstall.
 *
 * This is the only module that imports Pi's package, and it hands what pi-lean needs of it to
 * `shared/pi-host.js`. Pi loads extensions through jiti, which resolves Pi's packages only
 * for the modules it transforms itself; it first tries Node's own import on every module, and
 * a graph without Pi's package succeeds there. So this entry is transformed by jiti, and the
 * rest of pi-lean loads natively (see pi-host.js for why that matters for start-up).
 */
import { ProjectTrustStore, formatSkillsForPrompt, getAgentDir, hasTrustRequiringProjectResources } from "@earendil-works/pi-coding-agent";
import { registerPiLean } from "./register.js";
import { bindingUnavailableMessage } from "./shared/binding-error.js";
import { bindingError } from "./shared/native.js";
import { setPiHost } from "./shared/pi-host.js";

/** Values of PI_LEAN_DISABLE that leave pi-lean on; any other non-empty value switches it off. */
const KEEP_ON = new Set(["", "0", "false", "no", "off"]);

/**
 * Whether the kill switch is set. It reads like any flag: `1`, `true`, `yes`, `on` (any case)
 * switch pi-lean off; so does an unrecognised value, since whoever set the variable meant to.
 * @param {string | undefined} value
 */
export function killSwitchSet(value) {
  return value !== undefined && !KEEP_ON.has(value.trim().toLowerCase());
}

/**
 * Set once the missing-core line was shown in this process. It lives on `globalThis` because Pi
 * may evaluate this module again on `/reload`, and the user needs the line once, not per reload.
 */
const NOTICE_SHOWN = Symbol.for("pi-lean.binding-unavailable-shown");

/**
 * With no core, only a `session_start` handler is registered, to show the line: in the TUI as a
 * warning, without one (print and JSON mode) on stderr, which Pi leaves to extensions.
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi @param {string} message
 */
function reportMissingCore(pi, message) {
  pi.on("session_start", (_event, ctx) => {
    const flags = /** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (globalThis));
    if (flags[NOTICE_SHOWN]) return;
    flags[NOTICE_SHOWN] = true;
    const line = `pi-lean is off: ${message}`;
    if (ctx.hasUI) ctx.ui.notify(line, "warning");
    else process.stderr.write(`${line}\n`);
  });
}

/** @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi */
export default function piLean(pi) {
  // Kill switch: with PI_LEAN_DISABLE=1 nothing is registered, so Pi runs exactly as it would
  // without the extension (same prompt, tools and tool results).
  if (killSwitchSet(process.env.PI_LEAN_DISABLE)) return;
  // Pi's TUI package is loaded through Pi's own loader (this module's `import()` goes through
  // it), so the TUI editors get Pi's copy, the one that draws the screen, even in an install
  // with no `node_modules` of its own; and only when an editor opens.
  setPiHost({ getAgentDir, hasTrustRequiringProjectResources, ProjectTrustStore, formatSkillsForPrompt, loadTui: () => import("@earendil-works/pi-tui") });
  if (bindingError) return reportMissingCore(pi, bindingUnavailableMessage(bindingError));
  registerPiLean(pi);
}
