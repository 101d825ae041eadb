// Durable before visible: the Token Saver's `tool_result` handler returns a view naming an id
// only once that original is on disk. A child runs the real handler with a durable store on
// outputs of 3 KB to 8 MB and prints each id the moment the handler returns it; the parent kills
// it with SIGKILL at a random point (right after an id, or a few milliseconds later, while the
// next output is being compacted and stored), then opens the store and compares every printed
// id's original byte for byte. Runs PI_LEAN_KILL_RUNS times (100 by default) on the native build,
// and PI_LEAN_KILL_RUNS_WASM times (6 by default) on the wasm fallback when it is built
// (`NAPI_RS_FORCE_WASI=error` in the child).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { RecoveryStore } from "../index.js";
import { output, writeBodies } from "./helpers/kill-outputs.mjs";

const CHILD = fileURLToPath(new URL("./helpers/kill-child.mjs", import.meta.url));
const WASM = fileURLToPath(new URL("../pi-lean.wasm32-wasi.wasm", import.meta.url));
const RUNS = Number(process.env.PI_LEAN_KILL_RUNS ?? 100);
/** A wasm child takes seconds to start (it compiles the module), so CI runs fewer there; set
 * PI_LEAN_KILL_RUNS_WASM=100 for the full count. */
const WASM_RUNS = Number(process.env.PI_LEAN_KILL_RUNS_WASM ?? 6);
/** Children at once: the test waits on child startup more than on CPU. */
const PARALLEL = 3;
const [major, minor] = process.versions.node.split(".").map(Number);
const skipNode = major > 22 || (major === 22 && minor >= 15) ? false : "needs module.registerHooks (Node >= 22.15)";

/** xorshift32, so a failing run can be replayed from its printed seed. @param {number} seed */
function prng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/**
 * One run: start a child, wait for its `killAfter`-th printed result, wait `delayMs`, SIGKILL it.
 * Resolves with the ids it printed (`index id` lines) and its agent dir.
 * @param {number} seed @param {{ wasm: boolean }} mode @param {string} bodies
 */
function killRun(seed, mode, bodies) {
  const random = prng(seed * 7919 + 1);
  const killAfter = Math.floor(random() * 3);
  const delayMs = random() < 0.4 ? 0 : Math.floor(random() * 25);
  const agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-kill-"));
  const env = { ...process.env, PI_LEAN_TOKEN_SAVER: "on" };
  if (mode.wasm) env.NAPI_RS_FORCE_WASI = "error";
  const child = spawn(process.execPath, [CHILD, agentDir, String(seed), bodies], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  let results = 0;
  let killing = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stderr.on("data", (chunk) => (err += chunk));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      // Results that named an id; a result left as Pi sent it ("-") does not count.
      results = out.split("\n").filter((line) => /^\d+ [0-9a-f]{16}$/.test(line)).length;
      if (!killing && results > killAfter) {
        killing = true;
        const kill = () => child.kill("SIGKILL");
        if (delayMs === 0) kill();
        else setTimeout(kill, delayMs);
      }
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (signal !== "SIGKILL" || !killing) {
        reject(new Error(`child ${seed} ended with ${code ?? signal} before its kill:\n${out}\n${err}`));
        return;
      }
      /** @type {Array<{index: number, id: string}>} */
      const ids = [];
      for (const line of out.split("\n").filter(Boolean)) {
        const [index, id] = line.split(" ");
        if (id !== "-") ids.push({ index: Number(index), id });
      }
      resolve({ agentDir, ids, killAfter, delayMs });
    });
  });
}

/**
 * Every printed id retrieves its exact original from the store the child wrote; returns the
 * lost ones. @param {number} seed @param {string} agentDir @param {Array<{index: number, id: string}>} ids
 */
function lostIds(seed, agentDir, ids) {
  const dir = path.join(agentDir, "pi-lean", "token-saver", `kill-${seed}`);
  const store = RecoveryStore.open({ dir, maxBytes: 1, maxEntries: 1, diskBudgetBytes: 1 << 30 });
  const lost = [];
  for (const { index, id } of ids) {
    const expected = output(seed, index);
    let got = null;
    try {
      got = store.retrieveBytes(id, 1, 2 ** 32 - 1);
    } catch (error) {
      lost.push(`${index} ${id} (${expected.length} bytes): ${/** @type {Error} */ (error).message}`);
      continue;
    }
    if (!got.equals(expected)) lost.push(`${index} ${id}: ${got.length} bytes differ from the ${expected.length} expected`);
  }
  return lost;
}

/** @param {{ wasm: boolean }} mode @param {number} base @param {number} runs */
async function killMany(mode, base, runs) {
  let checked = 0;
  let maxIds = 0;
  /** @type {string[]} */
  const failures = [];
  const seeds = Array.from({ length: runs }, (_, i) => base + i);
  const bodies = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-kill-bodies-"));
  writeBodies(bodies);
  const worker = async () => {
    for (let seed = seeds.shift(); seed !== undefined; seed = seeds.shift()) {
      const run = await killRun(seed, mode, bodies);
      try {
        assert.ok(run.ids.length > 0, `run ${seed} printed no id`);
        const lost = lostIds(seed, run.agentDir, run.ids);
        if (lost.length > 0) failures.push(`run ${seed} (killed ${run.delayMs} ms after result ${run.killAfter}): ${lost.join("; ")}`);
        checked += run.ids.length;
        maxIds = Math.max(maxIds, run.ids.length);
      } finally {
        fs.rmSync(run.agentDir, { recursive: true, force: true });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } finally {
    fs.rmSync(bodies, { recursive: true, force: true });
  }
  assert.deepEqual(failures, [], `${failures.length}/${runs} runs lost an original`);
  return { checked, maxIds };
}

test(`SIGKILL after the handler returns never loses an original (${RUNS} runs, native)`, { skip: skipNode, timeout: 180_000 }, async (t) => {
  const { checked } = await killMany({ wasm: false }, 1000, RUNS);
  t.diagnostic(`${RUNS}/${RUNS} runs kept all ${checked} printed ids`);
});

test(`SIGKILL after the handler returns never loses an original (${WASM_RUNS} runs, wasm fallback)`, { skip: skipNode || (fs.existsSync(WASM) ? false : "wasm fallback not built"), timeout: 900_000 }, async (t) => {
  const { checked } = await killMany({ wasm: true }, 5000, WASM_RUNS);
  t.diagnostic(`${WASM_RUNS}/${WASM_RUNS} runs kept all ${checked} printed ids`);
});
