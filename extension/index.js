// @ts-check
/**
 * pi-lean extension entry. The factory only registers tools and handlers (Pi forbids action
 * calls here) and re-runs on every reload, resume and fork, so per-session state lives in the
 * feature modules and is rebuilt on `session_start`. The config is reloaded first, because
 * handlers run in registration order.
 */
import { getAgentDir } from "@earendil-works/pi-coding-agent";
import { ConfigHolder, writeActiveScope } from "./shared/config.js";
import { ConfigStatus } from "./shared/config-status.js";
import { registerCapabilities } from "./capabilities/index.js";
import { registerLazySkills } from "./skills/index.js";
import { projectConfigTrusted } from "./shared/project-trust.js";
import { registerTokenSaver } from "./token-saver/index.js";

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

/** @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi */
export default function piLean(pi) {
  // Kill switch: with PI_LEAN_DISABLE=1 nothing is registered, so Pi runs exactly as it would
  // without the extension (same prompt, tools and tool results).
  if (killSwitchSet(process.env.PI_LEAN_DISABLE)) return;
  const config = new ConfigHolder().reload({ agentDir: getAgentDir() });
  const configStatus = new ConfigStatus();
  pi.on("session_start", (_event, ctx) => {
    // The project's .pi/pi-lean.json counts only on a real trust decision (see project-trust.js).
    config.reload({ agentDir: getAgentDir(), cwd: ctx.cwd, projectTrusted: projectConfigTrusted(ctx, getAgentDir()) });
    configStatus.update(ctx, config);
  });
  /** @type {import("./token-saver/index.js").TokenSaverControl | null} */
  let tokenSaver = null;
  /** @type {import("./capabilities/index.js").CapabilityControl | null} */
  let capabilities = null;
  const skills = registerLazySkills(pi, config, {
    persistScope: (selection) => writeActiveScope(getAgentDir(), selection),
    tokenSaver: () => tokenSaver,
    capabilities: () => capabilities,
  });
  tokenSaver = registerTokenSaver(pi, config, { capabilities: () => capabilities, configReloaded: (ctx) => configStatus.update(ctx, config) });
  // Last, so its session_start sees the tools the other features activated.
  capabilities = registerCapabilities(pi, config, () => skills);
}
