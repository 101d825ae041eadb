// A fake Pi with a real tool registry (activation on registration, unknown names ignored)
// running the capability layer with `capabilities: "route"`, for the routing wiring tests.
// Importing the layer imports Pi, which needs Node >= 22.19.
import fs from "node:fs";
import path from "node:path";

const BUILTIN = ["read", "bash", "edit", "write"];

/**
 * @param {string} agentDir  gets a pi-lean.json turning routing on
 * @param {any[]} initialTools  registered while "extensions load"
 */
export async function routingHarness(agentDir, initialTools) {
  await import("./pi-host.mjs");
  const { registerCapabilities } = await import("../../extension/capabilities/index.js");
  const { ConfigHolder } = await import("../../extension/shared/config.js");
  fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ capabilities: "route" }));
  /** @type {Record<string, Function[]>} */
  const handlers = {};
  /** @type {Map<string, any>} */
  const tools = new Map();
  /** @type {any[]} */
  const entries = [];
  let active = [...BUILTIN];
  const pi = {
    on: (/** @type {string} */ e, /** @type {Function} */ h) => (handlers[e] ??= []).push(h),
    registerTool: (/** @type {any} */ t) => {
      tools.set(t.name, t);
      if (t.defaultActive !== false) active.push(t.name);
    },
    registerCommand: () => {},
    appendEntry: (/** @type {string} */ customType, /** @type {any} */ data) => entries.push({ type: "custom", customType, data }),
    getAllTools: () => [
      ...BUILTIN.map((name) => ({ name, description: name, parameters: {}, exposure: "direct", sourceInfo: { path: `builtin:${name}`, source: "builtin" } })),
      ...[...tools.values()].map((t) => ({ ...t, exposure: "direct", sourceInfo: { path: "/ext/x.js", source: "local" } })),
    ],
    getActiveTools: () => [...active],
    setActiveTools: (/** @type {string[]} */ names) => {
      active = [...new Set(names)].filter((n) => BUILTIN.includes(n) || tools.has(n));
    },
  };
  const config = new ConfigHolder().reload({ agentDir });
  const control = registerCapabilities(/** @type {any} */ (pi), config, () => ({}));
  for (const t of initialTools) pi.registerTool({ ...t, parameters: {} });
  /** @type {any[]} */
  const branch = [];
  const ctx = { hasUI: false, sessionManager: { getBranch: () => branch } };
  const emit = async (/** @type {string} */ e, /** @type {any} */ payload) => {
    for (const h of handlers[e] ?? []) await h(payload, ctx);
  };
  const prompt = (/** @type {string} */ text) => emit("before_agent_start", { messageType: "user", prompt: text, systemPromptOptions: { toolGuidelines: {} } });
  await emit("session_start", {});
  return { pi, control, entries, branch, emit, prompt, active: () => active };
}
