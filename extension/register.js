// @ts-check
/**
 * Registers pi-lean's features on a Pi extension API; the entry (`index.js`) calls it only
 * when the native core loaded. The factory only registers tools and handlers (Pi forbids action calls there) and re-runs on
 * every reload, resume and fork, so per-session state lives in the feature modules and is
 * rebuilt on `session_start`. The config is reloaded first, because handlers run in
 * registration order.
 */
import { registerCapabilities } from "./capabilities/index.js";
import { ConfigHolder, writeActiveScope } from "./shared/config.js";
import { ConfigStatus } from "./shared/config-status.js";
import { getAgentDir } from "./shared/pi-host.js";
import { projectConfigTrusted } from "./shared/project-trust.js";
import { say } from "./skills/commands.js";
import { registerLazySkills } from "./skills/index.js";
import { registerTokenSaver } from "./token-saver/index.js";

/** @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi */
export function registerPiLean(pi) {
  const config = new ConfigHolder().reload({ agentDir: getAgentDir() });
  const configStatus = new ConfigStatus();
  /** Ignored environment values already shown in this process: each is said once (LS-29). */
  const warned = new Set();
  pi.on("session_start", (_event, ctx) => {
    // The project's .pi/pi-lean.json counts only on a real trust decision (see project-trust.js),
    // taken the first time the config needs it: only a project with that file asks Pi's trust store.
    const agentDir = getAgentDir();
    /** @type {boolean | undefined} */
    let trusted;
    const where = {
      agentDir,
      cwd: ctx.cwd,
      get projectTrusted() {
        if (trusted === undefined) {
          try {
            trusted = projectConfigTrusted(ctx, agentDir);
          } catch {
            trusted = false; // no decision to be had: fail closed
          }
        }
        return trusted;
      },
    };
    config.reload(where);
    configStatus.update(ctx, config);
    for (const warning of config.warnings) {
      if (warned.has(warning)) continue;
      warned.add(warning);
      say(ctx, `pi-lean: ${warning}`, "warning");
    }
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
