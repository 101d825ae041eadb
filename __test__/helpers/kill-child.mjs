// Child of the kill test (token-saver-kill.test.mjs): runs the Token Saver's real `tool_result`
// handler with a durable store, on one output after another, and prints `index id` the moment
// the handler has returned a view naming `id`. The parent kills it with SIGKILL at random
// points and then checks that every printed id retrieves its exact original.
//
// Pi's agent-dir helper is handed over directly instead of from Pi (importing all of Pi takes a
// second per process, which a hundred kills cannot afford); everything from the handler down is
// the shipped code.
// Args: <agentDir> <seed> <bodies dir (kill-outputs.mjs writeBodies)>.
import fs from "node:fs";
import path from "node:path";

const [agentDir, seedArg, bodiesDir] = process.argv.slice(2);
const seed = Number(seedArg);
process.env.PI_CODING_AGENT_DIR = agentDir;

const { setPiHost } = await import("../../extension/shared/pi-host.js");
setPiHost(/** @type {any} */ ({ getAgentDir: () => agentDir }));
const { registerTokenSaver } = await import("../../extension/token-saver/index.js");
const { DEFAULT_CONFIG } = await import("../../extension/shared/config.js");
const { output, readBodies } = await import("./kill-outputs.mjs");
readBodies(bodiesDir);

/** @type {Record<string, Function[]>} */
const handlers = {};
let active = ["read", "bash", "edit", "write"];
const pi = {
  on: (/** @type {string} */ event, /** @type {Function} */ handler) => (handlers[event] ??= []).push(handler),
  registerTool: (/** @type {any} */ tool) => {
    if (tool.defaultActive !== false) active.push(tool.name);
  },
  registerCommand: () => {},
  appendEntry: () => {},
  getActiveTools: () => [...active],
  setActiveTools: (/** @type {string[]} */ names) => {
    active = [...names];
  },
};
const emit = async (/** @type {string} */ event, /** @type {any} */ payload) => {
  let last;
  for (const handler of handlers[event] ?? []) last = (await handler(payload, ctx)) ?? last;
  return last;
};
const sessionId = `kill-${seed}`;
const ctx = {
  hasUI: false,
  mode: "print",
  cwd: agentDir,
  sessionManager: { getBranch: () => [], getSessionId: () => sessionId, getSessionFile: () => path.join(agentDir, `${sessionId}.jsonl`) },
  ui: { notify: () => {}, setStatus: () => {} },
};

registerTokenSaver(/** @type {any} */ (pi), /** @type {any} */ ({ value: { ...DEFAULT_CONFIG, tokenSaver: "on" }, error: null }));
await emit("session_start", { reason: "startup" });

const PI_CUT = 50 * 1024;
for (let index = 0; ; index++) {
  const bytes = output(seed, index);
  /** @type {any} */
  let event;
  if (bytes.length > PI_CUT) {
    // As Pi's bash tool reports a long output: its tail in the result, everything in a file.
    const file = path.join(agentDir, `full-${index}.log`);
    fs.writeFileSync(file, bytes);
    const tail = bytes.subarray(bytes.length - PI_CUT).toString("utf8");
    event = { toolName: "bash", toolCallId: `c${index}`, input: { command: `./run-service --pass ${index}` }, content: [{ type: "text", text: `${tail}\n\n[Showing the last 50KB. Full output: ${file}]` }], details: { truncation: { truncated: true }, fullOutputPath: file }, isError: false };
  } else {
    event = { toolName: "bash", toolCallId: `c${index}`, input: { command: `./run-service --pass ${index}` }, content: [{ type: "text", text: bytes.toString("utf8") }], details: undefined, isError: false };
  }
  const patch = await emit("tool_result", event);
  const id = patch?.details?.tokenSaver?.id;
  // Synchronous, so the line is in the pipe before anything else runs.
  if (id) fs.writeSync(1, `${index} ${id}\n`);
  else fs.writeSync(1, `${index} -\n`);
}
