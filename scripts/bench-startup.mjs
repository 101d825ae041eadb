// `node scripts/bench-startup.mjs` (section 8 of `npm run bench`): what pi-lean adds to Pi's
// start-up and to each request, in real Pi 1.6 against the scripted model.
//   - start-up: time from starting `pi -p` to the first request reaching the model, stock Pi,
//     Pi with an extension that does nothing (what loading any extension costs: Pi sets up its
//     jiti loader for the first one) and Pi with pi-lean, median of --runs (default 7)
//     alternating runs; pi-lean's own overhead is measured against the empty extension, and
//     split by a run with PI_LEAN_DISABLE=1 (its modules loaded, nothing registered);
//   - per request: one session of --requests prompts (default 1,000; each answered at once, so
//     the context grows by two messages a request), stock and with pi-lean; the time between
//     consecutive requests around request 10, 100 and 1,000 (median of the 9 intervals ending
//     there), and pi-lean's overhead as the difference.
// pi-lean is loaded from a copy of the package with its binary and no node_modules, as an
// install has it: in this checkout Pi's jiti would resolve Pi's own packages from the repo's
// devDependencies and load a second copy of Pi, which an installed package never does.
// Options: --runs N, --requests N, --json FILE.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FakeModel } from "../__test__/helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "../__test__/helpers/pi.mjs";
import { BINARY_NAME, hostPlatform } from "./build-targets.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The package as installed: its files and this platform's binary, no node_modules. */
function stagePackage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-bench-startup-"));
  for (const entry of ["bin", "extension", "schema"]) fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  for (const file of ["index.js", "package.json", `${BINARY_NAME}.${hostPlatform()}.node`]) fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, "empty-extension.js"), "export default function emptyExtension() {}\n");
  return dir;
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Time to the first request: stock, with an empty extension and with pi-lean, alternating.
 * @param {string} entry @param {string} empty @param {number} runs
 */
async function startup(entry, empty, runs) {
  const model = new FakeModel([]);
  await model.start();
  const sandbox = makeSandbox(model);
  /** @type {{ stock: number[], empty: number[], loaded: number[], lean: number[] }} */
  const times = { stock: [], empty: [], loaded: [], lean: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const kind of /** @type {const} */ (["stock", "empty", "loaded", "lean"])) {
        const before = model.bodies.length;
        const started = performance.now();
        const extension = kind === "lean" || kind === "loaded" ? entry : kind === "empty" ? empty : null;
        const run = runPi(sandbox, { prompts: ["hi"], extension, env: kind === "loaded" ? { PI_LEAN_DISABLE: "1" } : {} });
        while (model.bodies.length === before) await new Promise((resolve) => setTimeout(resolve, 1));
        times[kind].push(performance.now() - started);
        const done = await run;
        if (done.code !== 0) throw new Error(`pi exited ${done.code}: ${done.stderr}`);
      }
    }
  } finally {
    await model.stop();
    sandbox.cleanup();
  }
  return { stockMs: median(times.stock), emptyExtensionMs: median(times.empty), modulesLoadedMs: median(times.loaded), leanMs: median(times.lean) };
}

/**
 * Arrival time of every request in one session of `requests` prompts.
 * @param {string | null} entry @param {number} requests
 */
async function session(entry, requests) {
  /** @type {number[]} */
  const arrivals = [];
  const model = new FakeModel(Array.from({ length: requests }, () => () => (arrivals.push(performance.now()), { text: "ok" })));
  await model.start();
  const sandbox = makeSandbox(model);
  try {
    const prompts = Array.from({ length: requests }, (_, i) => `step ${i + 1}`);
    const done = await runPi(sandbox, { prompts, extension: entry, timeoutMs: 1_800_000 });
    if (done.code !== 0) throw new Error(`pi exited ${done.code}: ${done.stderr.slice(-2000)}`);
  } finally {
    await model.stop();
    sandbox.cleanup();
  }
  return arrivals;
}

/** Median interval of the 9 requests ending at request `n` (1-based). @param {number[]} t @param {number} n */
const intervalAt = (t, n) => median(Array.from({ length: 9 }, (_, i) => t[n - 1 - i] - t[n - 2 - i]));

/** @param {{ runs?: number, requests?: number }} [options] */
export async function startupBench(options = {}) {
  const entryDir = stagePackage();
  try {
    const entry = path.join(entryDir, "extension", "index.js");
    const start = await startup(entry, path.join(entryDir, "empty-extension.js"), options.runs ?? 7);
    const requests = options.requests ?? 1000;
    const stock = await session(null, requests);
    const lean = await session(entry, requests);
    const points = [10, 100, 1000].filter((n) => n <= requests);
    const perRequest = points.map((n) => ({ request: n, stockMs: intervalAt(stock, n), leanMs: intervalAt(lean, n) }));
    const rows = [
      `start-up, time to the first request (median of ${options.runs ?? 7}): stock Pi ${start.stockMs.toFixed(0)} ms, with an empty extension ${start.emptyExtensionMs.toFixed(0)} ms, with pi-lean ${start.leanMs.toFixed(0)} ms`,
      `  pi-lean's own start-up overhead (against the empty extension): ${(start.leanMs - start.emptyExtensionMs).toFixed(0)} ms, of which loading its modules ${(start.modulesLoadedMs - start.emptyExtensionMs).toFixed(0)} ms (PI_LEAN_DISABLE=1: loaded, nothing registered) and registering, session start and the first request's handlers ${(start.leanMs - start.modulesLoadedMs).toFixed(0)} ms; against stock Pi: ${(start.leanMs - start.stockMs).toFixed(0)} ms`,
      "per request, time between requests (median of the 9 ending at request n):",
      "request  stock Pi  with pi-lean  overhead",
      ...perRequest.map((r) => `${String(r.request).padStart(7)}  ${r.stockMs.toFixed(1).padStart(6)} ms  ${r.leanMs.toFixed(1).padStart(9)} ms  ${(r.leanMs - r.stockMs).toFixed(1).padStart(6)} ms`),
    ];
    return { text: rows.join("\n"), figures: { startup: start, perRequest } };
  } finally {
    fs.rmSync(entryDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!findPiNode()) {
    process.stdout.write("start-up bench: skipped (needs Node >= 22.19 for Pi 1.6)\n");
    process.exit(0);
  }
  const option = (/** @type {string} */ name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const { text, figures } = await startupBench({ runs: Number(option("--runs") ?? 7), requests: Number(option("--requests") ?? 1000) });
  process.stdout.write(`pi-lean start-up and per-request overhead (${os.cpus().length} cores, node ${process.version})\n${text}\n`);
  const json = option("--json");
  if (json) fs.writeFileSync(json, JSON.stringify(figures, null, 2));
}
