// @ts-check
/**
 * `/capabilities`: what is active and why (core, pi-lean, routed, requested, late, initial),
 * what is deferred, each third-party tool's guideline policy and what the prompt carries, and
 * the cached capsules; `/capabilities clear` deletes the capsule cache.
 */

export const CAPABILITIES_COMMAND = "capabilities";

/**
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {import("../shared/config.js").ConfigHolder} config
 * @param {{ describe: () => any, clearCapsules: () => number }} control
 */
export function registerCapabilitiesCommand(pi, config, control) {
  /** @param {any} ctx @param {string} message */
  function tell(ctx, message) {
    if (ctx?.hasUI) ctx.ui.notify(message, "info");
    else process.stderr.write(`${message}\n`);
  }

  pi.registerCommand(CAPABILITIES_COMMAND, {
    description: "Capability routing: what is active and why, guideline policies, capsules (clear deletes the capsule cache)",
    getArgumentCompletions: (prefix) => ["clear"].filter((a) => a.startsWith(prefix)).map((a) => ({ value: a, label: a })),
    handler: async (args, ctx) => {
      const arg = String(args ?? "").trim().toLowerCase();
      if (arg === "clear") {
        const removed = control.clearCapsules();
        tell(ctx, `Capsule cache cleared: ${removed} files removed. Third-party guidelines are full again until their next use.`);
        return;
      }
      if (arg !== "") {
        tell(ctx, "Usage: /capabilities [clear]");
        return;
      }
      const d = control.describe();
      const setting = config.error ? `config invalid: ${config.error.message}` : `capabilities=${config.value.capabilities ?? `unset (follows tokenSaver=${config.value.tokenSaver})`}`;
      /** @type {string[]} */
      const lines = [`Capability routing: ${d.mode} (${setting})`];
      lines.push(`active: ${d.active.map(([/** @type {string} */ n, /** @type {string} */ why]) => `${n} (${why})`).join(", ") || "none"}`);
      lines.push(`deferred: ${d.deferred.length > 0 ? d.deferred.join(", ") : "none"}`);
      lines.push(`routes ${d.counters.routes}, failed ${d.counters.failedRoutes}, requests ${d.counters.requests}, activations ${d.counters.activations}, guideline changes ${d.counters.guidelineChanges} (each one prompt-cache prefix change)`);
      if (config.value.distiller === "model") lines.push(`model distiller ${config.value.distillerModel ?? "(no distillerModel: extractive)"}: ${d.counters.modelCapsules} capsules kept, ${d.counters.modelCapsuleFallbacks} extractive instead`);
      if (config.value.router === "model") lines.push(`model router ${config.value.routerModel ?? "(no routerModel)"}: ${d.counters.modelRoutes} answered, ${d.counters.modelFallbacks} fell back to the local ranker`);
      if (d.lastRouteError) lines.push(`last route failed: ${d.lastRouteError}`);
      if (d.decisions.length === 0) lines.push("guidelines: no third-party tool has guidelines");
      for (const g of d.decisions) lines.push(`guidelines ${g.name}: policy ${g.policy}, prompt carries ${g.applied} (${g.appliedChars} of ${g.fullChars} chars); source ${g.source}`);
      lines.push(`capsules cached: ${d.capsules.tools.length} tool, ${d.capsules.skills.length} skill (clear with /capabilities clear)`);
      tell(ctx, lines.join("\n"));
    },
  });
}
