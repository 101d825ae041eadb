// `node scripts/bench-startup.mjs` (section 8 of `npm run bench`; alone: `npm run bench -- --startup`):
// what pi-lean adds to Pi's start-up and to each request, in real Pi 1.6 against the scripted model.
//   - start-up: time from starting `pi -p` to the first request reaching the model, and the CPU
//     time the Pi process used until then (Linux; it does not stretch with other processes' load),
//     for stock Pi, Pi with an extension that does nothing (what loading any extension costs: Pi
//     sets up its jiti loader for the first one) and Pi with pi-lean, median of --runs (default 9)
//     runs taken in turn; a run with PI_LEAN_DISABLE=1 (pi-lean's modules loaded, nothing
//     registered) splits pi-lean's cost into loading its code and its handlers;
//   - per request: one session of --requests requests (default 1,000) per configuration: stock Pi,
//     pi-lean as installed (defaults), and pi-lean with the Token Saver on. Each prompt makes the
//     model read a file (every tenth a 100 KB log) and then answer in a paragraph, so the context
//     grows as in a working session, to about 3.5 million characters by request 1,000 in stock Pi.
//     A probe extension notes Pi's CPU time at every request and times pi-lean's handlers inside
//     Pi. Reported at requests 10, 100 and 1,000 (median of the 25 requests ending there): the
//     context's size, Pi's CPU time per request, pi-lean's overhead against stock and its handlers'
//     time; then the growth of the CPU time per request (least squares) per 100 requests and per
//     million characters of context, and the wall-clock time between requests.
// pi-lean is loaded from a copy of the package with its binary and no node_modules, as an install
// has it: in this checkout Node would find Pi's own packages in the repository's devDependencies
// and load a second copy of Pi, which an installed package never does.
// Options: --runs N, --requests N, --configs lean,saver (stock always runs), --json FILE,
//          --compare DIR (another built pi-lean checkout, e.g. the previous release, measured in
//          the same run beside this one).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FakeModel } from "../__test__/helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi, stageInstalledPackage } from "../__test__/helpers/pi.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The per-request probe, loaded in every configuration of the session bench: at each `context`
 * event (one per request) it notes the Pi process's CPU time, and in pi-lean's configurations it
 * runs pi-lean with each of its handlers timed. At shutdown it writes, per request, the CPU time
 * since the previous request and pi-lean's handler time to PI_LEAN_BENCH_TRACE. CPU time, unlike
 * the time between requests, is not stretched by other processes on a busy machine.
 */
const probeExtension = (/** @type {boolean} */ withLean) => `import fs from "node:fs";
${withLean ? 'import piLean from "./extension/index.js";' : ""}
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
export default function probe(pi) {
  const cpu = [];
  const handlers = [];
  let current = 0;
  pi.on("context", () => {
    cpu.push(cpuMs());
    handlers.push(current);
    current = 0;
  });
  const timed = (handler) => async (payload, ctx) => {
    const started = performance.now();
    try {
      return await handler(payload, ctx);
    } finally {
      current += performance.now() - started;
    }
  };
  const api = new Proxy(pi, {
    get(target, key) {
      if (key === "on") return (event, handler) => target.on(event, timed(handler));
      const value = target[key];
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  ${withLean ? "piLean(api);" : "void api;"}
  pi.on("session_shutdown", () => {
    cpu.push(cpuMs());
    handlers.push(current);
    // Request i spans from its context event to the next one; the first entry is the start-up.
    const perRequest = cpu.slice(1).map((t, i) => ({ cpuMs: t - cpu[i], handlersMs: handlers[i + 1] }));
    if (process.env.PI_LEAN_BENCH_TRACE) fs.writeFileSync(process.env.PI_LEAN_BENCH_TRACE, JSON.stringify(perRequest));
  });
}
`;

/** The package as installed (no node_modules) plus the bench's probe extensions. @param {string} root  a checkout */
function stagePackage(root) {
  const { dir } = stageInstalledPackage(root);
  fs.writeFileSync(path.join(dir, "empty-extension.js"), "export default function emptyExtension() {}\n");
  fs.writeFileSync(path.join(dir, "probe-stock.js"), probeExtension(false));
  fs.writeFileSync(path.join(dir, "probe-lean.js"), probeExtension(true));
  return dir;
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * CPU time a running process has used so far, in ms, summed over its threads (Linux
 * `/proc/<pid>/task/<tid>/schedstat`, nanoseconds on the CPU); null where that is not readable.
 * @param {number | undefined} pid
 */
function cpuTimeMs(pid) {
  if (!pid) return null;
  try {
    const tasks = fs.readdirSync(`/proc/${pid}/task`);
    let ns = 0;
    for (const tid of tasks) ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    return ns / 1e6;
  } catch {
    return null;
  }
}

/**
 * Time to the first request: stock, with an empty extension and with pi-lean (and the compared
 * checkout's pi-lean), in turn.
 * @param {string} entry @param {string} empty @param {number} runs @param {string | null} compare
 */
async function startup(entry, empty, runs, compare) {
  const model = new FakeModel([]);
  await model.start();
  const sandbox = makeSandbox(model);
  const kinds = ["stock", "empty", "loaded", "lean", ...(compare ? ["compare"] : [])];
  /** @type {Record<string, number[]>} */
  const times = { stock: [], empty: [], loaded: [], lean: [], compare: [] };
  /** @type {Record<string, number[]>} */
  const cpu = { stock: [], empty: [], loaded: [], lean: [], compare: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const kind of kinds) {
        const before = model.bodies.length;
        const started = performance.now();
        const extension = kind === "lean" || kind === "loaded" ? entry : kind === "empty" ? empty : kind === "compare" ? compare : null;
        /** @type {number | undefined} */
        let pid;
        const run = runPi(sandbox, { prompts: ["hi"], extension, env: kind === "loaded" ? { PI_LEAN_DISABLE: "1" } : {}, onSpawn: (child) => (pid = child.pid) });
        while (model.bodies.length === before) await new Promise((resolve) => setTimeout(resolve, 1));
        times[kind].push(performance.now() - started);
        const used = cpuTimeMs(pid);
        if (used !== null) cpu[kind].push(used);
        const done = await run;
        if (done.code !== 0) throw new Error(`pi exited ${done.code}: ${done.stderr}`);
      }
    }
  } finally {
    await model.stop();
    sandbox.cleanup();
  }
  const cpuMedian = (/** @type {string} */ kind) => (cpu[kind].length === runs ? median(cpu[kind]) : null);
  return {
    stockMs: median(times.stock),
    emptyExtensionMs: median(times.empty),
    modulesLoadedMs: median(times.loaded),
    leanMs: median(times.lean),
    compareMs: compare ? median(times.compare) : null,
    cpu: { stockMs: cpuMedian("stock"), emptyExtensionMs: cpuMedian("empty"), modulesLoadedMs: cpuMedian("loaded"), leanMs: cpuMedian("lean"), compareMs: compare ? cpuMedian("compare") : null },
  };
}

/** A file for the model to read: every tenth a 100 KB build log, the others a short note. @param {number} i */
function fileText(i) {
  if (i % 10 === 0) return Array.from({ length: 1600 }, (_, k) => `[${String(k).padStart(5, "0")}] compiling module_${i}_${k % 97} ... ok (${(k * 7) % 300} ms)`).join("\n");
  return Array.from({ length: 12 }, (_, k) => `note ${i}.${k}: the parser keeps line ${k * i} in view <see step ${i}>`).join("\n");
}

/** The model's paragraph after reading file `i`. @param {number} i */
const answer = (i) => Array.from({ length: 8 }, (_, k) => `Point ${k + 1} about file ${i}: the change keeps behaviour and the test still passes.`).join(" ");

/**
 * One session of `requests` requests; each prompt reads a file and gets an answer (two requests).
 * Returns per request its arrival time, its size (characters of the request body), the Pi
 * process's CPU time for it and pi-lean's handler time (both from the probe extension).
 * @param {string} probe @param {number} requests @param {Record<string, string>} env @param {string} trace
 */
async function session(probe, requests, env, trace) {
  /** @type {number[]} */
  const arrivals = [];
  /** @type {number[]} */
  const sizes = [];
  const prompts = Math.ceil(requests / 2);
  let prompt = 0;
  const model = new FakeModel([
    (/** @type {any} */ body) => {
      arrivals.push(performance.now());
      sizes.push(model.requests.at(-1)?.raw.length ?? 0);
      // Only the newest request is needed; keeping every body would hold the whole session once per request.
      model.requests.length = 0;
      if (body.messages.at(-1)?.role === "tool") return { text: answer(prompt) };
      prompt += 1;
      return { toolCalls: [{ name: "read", arguments: { path: `file-${prompt}.txt` } }] };
    },
  ]);
  await model.start();
  const sandbox = makeSandbox(model);
  try {
    for (let i = 1; i <= prompts; i++) fs.writeFileSync(path.join(sandbox.work, `file-${i}.txt`), fileText(i));
    const texts = Array.from({ length: prompts }, (_, i) => `Step ${i + 1}: read file-${i + 1}.txt and tell me what it says about <the parser>.`);
    const done = await runPi(sandbox, { prompts: texts, extension: probe, timeoutMs: 3_600_000, env: { ...env, PI_LEAN_BENCH_TRACE: trace } });
    if (done.code !== 0) throw new Error(`pi exited ${done.code}: ${done.stderr.slice(-2000)}`);
  } finally {
    await model.stop();
    sandbox.cleanup();
  }
  /** @type {Array<{ cpuMs: number, handlersMs: number }>} */
  const probed = JSON.parse(fs.readFileSync(trace, "utf8"));
  return {
    arrivals: arrivals.slice(0, requests),
    sizes: sizes.slice(0, requests),
    cpu: probed.slice(0, requests).map((p) => p.cpuMs),
    handlers: probed.slice(0, requests).map((p) => p.handlersMs),
  };
}

/** Requests in the window ending at request `n`. @param {number} n */
const windowOf = (n) => Math.min(25, n - 1);

/** Median of `values` (one per request) over the window ending at request `n`. @param {number[]} values @param {number} n */
const at = (values, n) => median(values.slice(n - windowOf(n), n));

/** Times between consecutive requests; the first request has none (NaN). @param {number[]} t */
const gaps = (t) => t.map((x, i) => (i === 0 ? Number.NaN : x - t[i - 1]));

/**
 * How a per-request cost grows with the context, in ms per million characters: a least-squares
 * line through the medians of 20 equal windows after the first tenth of the session.
 * @param {number[]} values  per request @param {number[]} sizes  per request
 */
function growth(values, sizes) {
  const n = values.length;
  const from = Math.max(2, Math.floor(n / 10));
  const step = Math.floor((n - from) / 20);
  if (step < 2) return null;
  /** @type {Array<[number, number]>} */
  const points = [];
  for (let w = 0; w < 20; w++) {
    const start = from + w * step;
    points.push([median(sizes.slice(start, start + step)), median(values.slice(start, start + step))]);
  }
  const mx = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const my = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  const sxy = points.reduce((sum, p) => sum + (p[0] - mx) * (p[1] - my), 0);
  const sxx = points.reduce((sum, p) => sum + (p[0] - mx) ** 2, 0);
  return sxx > 0 ? (sxy / sxx) * 1e6 : null;
}

const CONFIGS = /** @type {const} */ ({
  stock: { label: "stock Pi", lean: false, env: {} },
  lean: { label: "pi-lean", lean: true, env: {} },
  saver: { label: "pi-lean, Token Saver on", lean: true, env: { PI_LEAN_TOKEN_SAVER: "on" } },
});

/**
 * `compare`: another pi-lean checkout (built), measured in the same run beside this one, in turn.
 * @param {{ runs?: number, requests?: number, configs?: string[], compare?: string }} [options]
 */
export async function startupBench(options = {}) {
  const runs = options.runs ?? 9;
  const requests = options.requests ?? 1000;
  const ids = /** @type {(keyof typeof CONFIGS)[]} */ ((options.configs ?? ["stock", "lean", "saver"]).filter((id) => id in CONFIGS && id !== "stock"));
  const dir = stagePackage(ROOT);
  const other = options.compare ? stagePackage(path.resolve(options.compare)) : null;
  try {
    const entry = path.join(dir, "extension", "index.js");
    const start = await startup(entry, path.join(dir, "empty-extension.js"), runs, other ? path.join(other, "extension", "index.js") : null);
    /** @type {Record<string, Awaited<ReturnType<typeof session>>>} */
    const sessions = {};
    for (const id of /** @type {(keyof typeof CONFIGS)[]} */ (["stock", ...ids])) {
      const config = CONFIGS[id];
      sessions[id] = await session(path.join(dir, config.lean ? "probe-lean.js" : "probe-stock.js"), requests, { ...config.env }, path.join(dir, `trace-${id}.json`));
      if (other && config.lean) sessions[`${id}@compare`] = await session(path.join(other, "probe-lean.js"), requests, { ...config.env }, path.join(other, `trace-${id}.json`));
    }
    const stock = sessions.stock;
    /** Configurations in the report: this checkout's, each followed by the compared one's. */
    const shown = ids.flatMap((id) => (other ? [id, `${id}@compare`] : [id]));
    const labelOf = (/** @type {string} */ id) => {
      const [config, compared] = id.split("@");
      return `${CONFIGS[/** @type {keyof typeof CONFIGS} */ (config)].label}${compared ? " (compared checkout)" : ""}`;
    };
    const points = [10, 100, 1000].filter((n) => n <= requests);
    const perRequest = points.map((n) => ({
      request: n,
      stock: { contextChars: stock.sizes[n - 1], cpuMs: at(stock.cpu, n), wallMs: at(gaps(stock.arrivals), n) },
      ...Object.fromEntries(
        shown.map((id) => {
          const s = sessions[id];
          const cpuMs = at(s.cpu, n);
          const wallMs = at(gaps(s.arrivals), n);
          return [id, { contextChars: s.sizes[n - 1], cpuMs, overheadCpuMs: cpuMs - at(stock.cpu, n), handlersMs: at(s.handlers, n), wallMs, overheadWallMs: wallMs - at(gaps(stock.arrivals), n) }];
        }),
      ),
    }));
    const slopes = Object.fromEntries(
      ["stock", ...shown].map((id) => {
        const s = sessions[id];
        const index = s.cpu.map((_, i) => (i + 1) * 1e4); // request number, scaled so the slope reads per 100 requests
        return [id, { cpu: growth(s.cpu, s.sizes), wall: growth(gaps(s.arrivals), s.sizes), cpuPer100Requests: growth(s.cpu, index) }];
      }),
    );
    const f = (/** @type {number | null | undefined} */ x, digits = 1) => (x === null || x === undefined || Number.isNaN(x) ? "-" : x.toFixed(digits));
    const chars = (/** @type {number} */ n) => `${(n / 1e6).toFixed(2)} M`;
    const rows = [
      ...[
        ["time to the first request", start],
        ["CPU time of Pi to the first request", start.cpu],
      ].flatMap(([what, m]) => {
        const x = /** @type {{ stockMs: number | null, emptyExtensionMs: number | null, modulesLoadedMs: number | null, leanMs: number | null }} */ (m);
        if (x.stockMs === null || x.emptyExtensionMs === null || x.modulesLoadedMs === null || x.leanMs === null) return [];
        return [
          `start-up, ${what} (median of ${runs}): stock Pi ${f(x.stockMs, 0)} ms, with an empty extension ${f(x.emptyExtensionMs, 0)} ms, with pi-lean ${f(x.leanMs, 0)} ms${other ? `, with the compared checkout's pi-lean ${f(/** @type {any} */ (x).compareMs, 0)} ms (overhead ${f(/** @type {any} */ (x).compareMs - x.stockMs, 0)} ms)` : ""}`,
          `  pi-lean's overhead against stock Pi: ${f(x.leanMs - x.stockMs, 0)} ms (target: at most 100 ms); against the empty extension ${f(x.leanMs - x.emptyExtensionMs, 0)} ms, of which loading its code ${f(x.modulesLoadedMs - x.emptyExtensionMs, 0)} ms (PI_LEAN_DISABLE=1: loaded, nothing registered) and registering, session start and the first request's handlers ${f(x.leanMs - x.modulesLoadedMs, 0)} ms`,
        ];
      }),
      `per request, one session of ${requests} requests per configuration (each prompt: a file read, then an answer). Pi's CPU time per request, median of the ${windowOf(requests)} requests ending at request n; "handlers" is the time pi-lean's own handlers took, timed inside Pi:`,
      ["request", "context", "stock Pi", ...shown.flatMap((id) => [labelOf(id), "overhead", "handlers"])].join(" | "),
      ...perRequest.map((r) =>
        [
          String(r.request).padStart(7),
          chars(r.stock.contextChars),
          `${f(r.stock.cpuMs)} ms`,
          ...shown.flatMap((id) => {
            const x = /** @type {any} */ (r)[id];
            return [`${f(x.cpuMs)} ms (${chars(x.contextChars)})`, `${f(x.overheadCpuMs)} ms`, `${f(x.handlersMs, 2)} ms`];
          }),
        ].join(" | "),
      ),
      `growth of CPU time per request, ms per 100 requests (the same session in every configuration): ${["stock", ...shown].map((id) => `${labelOf(id)} ${f(slopes[id].cpuPer100Requests, 2)}`).join(", ")}`,
      `  and per million characters of that configuration's own context (the Token Saver's context is smaller, so the same work reads as a steeper slope): ${["stock", ...shown].map((id) => `${labelOf(id)} ${f(slopes[id].cpu)}`).join(", ")}`,
      `wall-clock time between requests at request ${points.join(", ")}: ${["stock", ...shown].map((id) => `${labelOf(id)} ${perRequest.map((r) => f(/** @type {any} */ (r)[id].wallMs)).join(" / ")} ms`).join("; ")}; growth ${["stock", ...shown].map((id) => `${f(slopes[id].wall)}`).join(" / ")} ms per million characters`,
    ];
    return { text: rows.join("\n"), figures: { startup: start, perRequest, growthMsPerMillionChars: slopes } };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    if (other) fs.rmSync(other, { recursive: true, force: true });
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
  const { text, figures } = await startupBench({ runs: Number(option("--runs") ?? 9), requests: Number(option("--requests") ?? 1000), configs: option("--configs")?.split(","), compare: option("--compare") });
  process.stdout.write(`pi-lean start-up and per-request overhead (${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg()[0].toFixed(2)})\n${text}\n`);
  const json = option("--json");
  if (json) fs.writeFileSync(json, JSON.stringify(figures, null, 2));
}
