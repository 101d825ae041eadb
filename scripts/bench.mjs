// `npm run bench`: every figure measured side by side in one run on this machine.
//   1. prompt cost of the skill catalog: stock Pi vs pi-lean at 1/10/100/1000 skills, measured
//      from the request bodies real Pi 1.6 sends to a scripted model (chars/4 and o200k);
//   2. routing quality on the visible scientific set, ours vs plain BM25; 2b. the per-prompt
//      shortlist of the lazy and adaptive routing modes: tokens per prompt and recall@3; 2c. a
//      20-prompt session in lazy, adaptive and additive routing (scripts/bench-additive.mjs);
//   3. search latency and index build through N-API at ~1000 skills, static embeddings fused vs
//      BM25F alone, and the embedding table's size and cold-load time;
//   4. compaction through N-API (scripts/bench-compaction.mjs): throughput on 10 MB logs and
//      rg output, 50 KB latency, the peer engine (pi-skill-orchestrator@0.1.26's Token Saver)
//      side by side on the same inputs with per-file and total ratios, peak memory on 100 MB;
//   5. the Token Saver layer on the compaction corpus: o200k tokens the model sees per tool
//      result with the layer off and on (pass-through rules included), per-result latency with
//      the original stored, and token_retrieve latency; 5b. the durable put the handler awaits
//      before a view names an id (50 KB / 1 MB / 10 MB, p50; native, and wasm when built);
//   6. the native binding vs the wasm32-wasi fallback (`npm run build:all` builds it): the same
//      index build, search and compaction calls through both, side by side with the ratio;
//   7. capability routing: system prompt and tools array of the first request real Pi sends with
//      two third-party-style extensions installed, per configuration (scripts/bench-capabilities.mjs);
//   8. start-up and per-request overhead in real Pi at 10, 100 and 1,000 requests
//      (scripts/bench-startup.mjs).
// Options: --skip-pi (no Pi runs), --json FILE (write all figures), --native-vs-wasm (only 6),
// --memory (only the peak-memory rows of 4), --search (only 3), --startup (only 8),
// --durable (only 5b), --prompt-cost (only 1: the figures the README's introduction quotes).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { FakeModel, systemText } from "../__test__/helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "../__test__/helpers/pi.mjs";
import { SkillIndex } from "../index.js";
// Loading the extension's binding names the embedding table file, as in Pi.
import { embeddingTablePath } from "../extension/shared/native.js";
import { compactionBench, peakMemory, syntheticBuildLog } from "./bench-compaction.mjs";
import { DEFAULT_CONFIG } from "../extension/shared/config.js";
import { route } from "../extension/skills/routing.js";
import { additiveSession } from "./bench-additive.mjs";
import { capabilitiesBench } from "./bench-capabilities.mjs";
import { startupBench } from "./bench-startup.mjs";
import { RecoveryStore } from "../index.js";
import { compactToolResult } from "../extension/token-saver/compaction.js";
import { runRetrieve } from "../extension/token-saver/retrieve.js";
import { TokenSaverStats } from "../extension/token-saver/stats.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The evaluation data sits next to the clone (`../shared`) unless PI_LEAN_SHARED_DIR names it.
const routing = path.join(process.env.PI_LEAN_SHARED_DIR ?? path.resolve(root, "..", "shared"), "eval", "routing");
const args = process.argv.slice(2);
const skipPi = args.includes("--skip-pi");
const jsonOut = args.includes("--json") ? args[args.indexOf("--json") + 1] : null;
/** @type {Record<string, unknown>} */
const figures = {};

const o200k = (/** @type {string} */ s) => encode(s, { allowedSpecial: "all" }).length;
const readJsonl = (/** @type {string} */ f) => fs.readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

/** @param {string[]} header @param {Array<Array<string | number>>} rows */
function table(header, rows) {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

function percentile(/** @type {number[]} */ values, /** @type {number} */ p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function median(/** @type {number[]} */ values) {
  return percentile(values, 50);
}

/** Real catalogs, in a fixed order, as {name, description} rows. */
function catalogRows() {
  const files = ["catalog-scientific.jsonl", "catalog-composio.jsonl", "catalog-mattpocock.jsonl"];
  return files.flatMap((f) => readJsonl(path.join(routing, f))).filter((r) => !r.disable_model_invocation);
}

// ---------------------------------------------------------------------------------------------
// 1. Prompt cost from captured requests
// ---------------------------------------------------------------------------------------------

/** Writes `count` skills as SKILL.md dirs Pi can discover. */
function writeSkills(dir, rows) {
  fs.mkdirSync(dir, { recursive: true });
  rows.forEach((row, i) => {
    const slug = `${String(i).padStart(4, "0")}-${row.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
    fs.mkdirSync(path.join(dir, slug));
    fs.writeFileSync(path.join(dir, slug, "SKILL.md"), `---\nname: ${JSON.stringify(row.name)}\ndescription: ${JSON.stringify(row.description)}\n---\nInstructions for ${row.name}.\n`);
  });
}

/** One Pi run; returns the first request's system prompt and serialized tools. */
async function capture(skillDir, withExtension) {
  const model = new FakeModel([{ text: "ok" }]);
  await model.start();
  const sandbox = makeSandbox(model);
  try {
    const run = await runPi(sandbox, { extension: withExtension ? undefined : null, args: skillDir ? ["--skill", skillDir] : ["--no-skills"], prompts: ["hi"] });
    if (run.code !== 0) throw new Error(`pi failed: ${run.stderr}`);
    const body = model.bodies[0];
    return { system: systemText(body), tools: JSON.stringify(body.tools ?? []) };
  } finally {
    await model.stop();
    sandbox.cleanup();
  }
}

async function promptCost() {
  if (skipPi || !findPiNode()) return "prompt cost: skipped (needs Node >= 22.19 for Pi 1.6)";
  const rows = catalogRows();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-bench-"));
  try {
    const base = await capture(null, false);
    const out = [];
    for (const count of [1, 10, 100, 1000]) {
      const dir = path.join(tmp, `skills-${count}`);
      writeSkills(dir, rows.slice(0, count));
      const stock = await capture(dir, false);
      const lean = await capture(dir, true);
      // Stock: what the catalog adds to the system prompt. pi-lean: what the extension adds to
      // the system prompt (the stub) plus its tool declarations, against the same baseline.
      const stockChars = stock.system.length - base.system.length;
      const stockTok = o200k(stock.system) - o200k(base.system);
      const leanChars = lean.system.length - base.system.length + (lean.tools.length - base.tools.length);
      const leanTok = o200k(lean.system) - o200k(base.system) + (o200k(lean.tools) - o200k(base.tools));
      out.push({ skills: count, stockChars, stockTok, leanChars, leanTok });
    }
    figures.promptCost = out;
    return [
      "1. Skill-catalog prompt cost per request (measured from Pi 1.6's captured request bodies)",
      table(
        ["skills", "stock chars/4", "stock o200k", "pi-lean chars/4", "pi-lean o200k", "ratio (o200k)"],
        out.map((r) => [r.skills, Math.ceil(r.stockChars / 4), r.stockTok, Math.ceil(r.leanChars / 4), r.leanTok, `${(r.stockTok / r.leanTok).toFixed(1)}x`]),
      ),
    ].join("\n");
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Routing quality
// ---------------------------------------------------------------------------------------------

function routingQuality() {
  const run = spawnSync(process.execPath, [path.join(root, "scripts", "eval-routing.mjs"), "--json"], { cwd: root, encoding: "utf8" });
  if (run.status !== 0) return `routing: failed (${run.stderr.trim()})`;
  const metrics = JSON.parse(run.stdout);
  // eval-routing names the plain-BM25 comparison `plainBm25` (older versions: `baseline`).
  metrics.baseline ??= metrics.plainBm25;
  figures.routing = metrics;
  const rows = [
    ...["1", "3", "5", "8"].map((k) => [`recall@${k}`, metrics.ours.recall[k].toFixed(3), metrics.baseline.recall[k].toFixed(3)]),
    ["MRR", metrics.ours.mrr.toFixed(3), metrics.baseline.mrr.toFixed(3)],
  ];
  return ["2. Routing on queries-scientific.jsonl (130 skills, 57 answerable queries)", table(["metric", "pi-lean", "plain BM25"], rows)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// 2b. Per-prompt shortlist (routing modes) on the visible scientific set
// ---------------------------------------------------------------------------------------------

/**
 * Runs the extension's own routing decision for every query of the visible set: what the
 * shortlist costs per prompt (chars/4 and o200k of the custom message) and how often it
 * contains an expected skill (recall@3 over answerable queries; a prompt without a
 * shortlist counts as a miss).
 */
function shortlistQuality() {
  const rows = readJsonl(path.join(routing, "catalog-scientific.jsonl")).filter((r) => !r.disable_model_invocation);
  const queries = readJsonl(path.join(routing, "queries-scientific.jsonl"));
  const index = new SkillIndex(rows.map((r) => ({ name: r.name, description: r.description })));
  const candidates = rows.map((r) => r.name);
  const out = [];
  for (const mode of /** @type {const} */ (["lazy", "adaptive"])) {
    const config = { ...DEFAULT_CONFIG, routing: mode };
    let shown = 0;
    let chars = 0;
    let tokens = 0;
    let answerable = 0;
    let answerableShown = 0;
    let hits = 0;
    let falseAlarms = 0;
    let size = 0;
    for (const q of queries) {
      const { catalog, message } = route(index, config, { candidates, scopeLabel: "all skills", prompt: q.prompt });
      if (catalog) throw new Error(`${mode}: the 130-skill compact catalog unexpectedly fits the budget`);
      const names = message ? message.details.names : [];
      if (message) {
        shown++;
        chars += Math.ceil(message.content.length / 4);
        tokens += o200k(message.content);
        size += names.length;
      }
      if (q.expected.length === 0) {
        if (message) falseAlarms++;
        continue;
      }
      answerable++;
      if (message) answerableShown++;
      if (names.slice(0, 3).some((n) => q.expected.includes(n))) hits++;
    }
    out.push({ mode, prompts: queries.length, shown, meanSize: shown ? size / shown : 0, charsPerPrompt: chars / queries.length, o200kPerPrompt: tokens / queries.length, o200kWhenShown: shown ? tokens / shown : 0, recallAt3: hits / answerable, recallAt3WhenShown: answerableShown ? hits / answerableShown : 0, falseAlarms });
  }
  figures.shortlist = out;
  return [
    `2b. Per-prompt shortlist on queries-scientific.jsonl (${rows.length} skills; recall@3 over answerable queries, no shortlist = miss)`,
    table(
      ["mode", "shown", "mean size", "chars/4 per prompt", "o200k per prompt", "o200k when shown", "recall@3", "recall@3 when shown", "shown on no-answer"],
      out.map((r) => [r.mode, `${r.shown}/${r.prompts}`, r.meanSize.toFixed(2), r.charsPerPrompt.toFixed(1), r.o200kPerPrompt.toFixed(1), r.o200kWhenShown.toFixed(1), r.recallAt3.toFixed(3), r.recallAt3WhenShown.toFixed(3), r.falseAlarms]),
    ),
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// 3. Search latency and index build through N-API
// ---------------------------------------------------------------------------------------------

function searchLatency() {
  const rows = [...readJsonl(path.join(routing, "catalog-composio.jsonl")), ...readJsonl(path.join(routing, "catalog-scientific.jsonl"))].map((r) => ({
    name: r.name,
    description: r.description,
    disableModelInvocation: r.disable_model_invocation === true,
    requires: [],
  }));
  const queries = readJsonl(path.join(routing, "queries-scientific.jsonl")).map((q) => q.prompt);
  /** Build time and search latency with static embeddings fused in (the default) or BM25F alone. */
  const measure = (/** @type {boolean} */ embeddings) => {
    const builds = [];
    /** @type {SkillIndex | null} */
    let index = null;
    for (let i = 0; i < 7; i++) {
      const t0 = process.hrtime.bigint();
      index = new SkillIndex(rows, { embeddings });
      builds.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const idx = /** @type {SkillIndex} */ (index);
    for (const q of queries) idx.search(q, { limit: 8 });
    const samples = [];
    for (let round = 0; round < 30; round++) {
      for (const q of queries) {
        const t0 = process.hrtime.bigint();
        idx.search(q, { limit: 8 });
        samples.push(Number(process.hrtime.bigint() - t0) / 1e3);
      }
    }
    return { buildMsMedian: median(builds), searchUsP50: percentile(samples, 50), searchUsP99: percentile(samples, 99), samples: samples.length };
  };
  const fused = measure(true);
  const lexical = measure(false);
  // Cold load of the embedding table: the first index build of a fresh process reads the data
  // file, checks and indexes it (xxh3 over the file, the vocabulary map); later builds reuse it.
  const cold = spawnSync(process.execPath, ["--input-type=module", "-e", `
    import { SkillIndex, setEmbeddingTable } from ${JSON.stringify(path.join(root, "index.js"))};
    setEmbeddingTable(${JSON.stringify(embeddingTablePath)});
    const skill = [{ name: "a", description: "b", disableModelInvocation: false, requires: [] }];
    const time = (embeddings) => { const t0 = process.hrtime.bigint(); new SkillIndex(skill, { embeddings }); return Number(process.hrtime.bigint() - t0) / 1e6; };
    const lexical = time(false); const rssBefore = process.memoryUsage().rss;
    const first = time(true); const second = time(true);
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    console.log(JSON.stringify({ first, second, lexical, rssGrowth }));`], { encoding: "utf8" });
  const coldLoad = cold.status === 0 ? JSON.parse(cold.stdout.trim().split("\n").pop() ?? "{}") : null;
  const tableBytes = fs.statSync(path.join(root, "crates", "lean-core", "data", "skill-embeddings.bin")).size;
  const result = { skills: rows.length, ...fused, lexical, tableBytes, coldLoadMs: coldLoad ? coldLoad.first - coldLoad.second : null, coldLoadRssGrowth: coldLoad ? coldLoad.rssGrowth : null };
  figures.search = result;
  const ms = (/** @type {number} */ v) => `${v.toFixed(2)} ms`;
  const us = (/** @type {number} */ v) => `${v.toFixed(1)} µs`;
  return [
    `3. Search through N-API at ${rows.length} skills (composio + scientific), ${fused.samples} timed queries each; embeddings fused (default) vs BM25F alone`,
    table(["measure", "fused", "BM25F alone"], [
      ["index build (median of 7)", ms(fused.buildMsMedian), ms(lexical.buildMsMedian)],
      ["search p50", us(fused.searchUsP50), us(lexical.searchUsP50)],
      ["search p99", us(fused.searchUsP99), us(lexical.searchUsP99)],
    ]),
    "",
    table(["embedding table", "value"], [
      ["size (one data file in the root package)", `${(tableBytes / 1e6).toFixed(2)} MB`],
      ["cold load, once per process", coldLoad ? ms(coldLoad.first - coldLoad.second) : `failed: ${cold.stderr.trim().slice(0, 200)}`],
      ["resident memory it adds (table pages read + vocabulary index)", coldLoad ? `${(coldLoad.rssGrowth / 1e6).toFixed(1)} MB` : "-"],
    ]),
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// 4. Compaction through N-API
// ---------------------------------------------------------------------------------------------

/** Section 4: `scripts/bench-compaction.mjs` (ours and the peer in this process), then peak memory. */
async function compaction() {
  const { text, figures: measured } = await compactionBench();
  figures.compaction = measured;
  return [text, memoryTable(measured.peakMemory)].join("\n");
}

/**
 * Peak memory rows of section 4 (alone with `--memory`). `compacting` is the plain 100 MB run
 * when the compaction bench already measured it.
 * @param {any} [compacting]
 */
function memoryTable(compacting) {
  const mem = compacting ?? peakMemory();
  // The same input over `maxInputBytes`: passed through, which must not cost more than compacting.
  const passMem = peakMemory({ maxInputBytes: 1024 });
  // A string passed through is handed back as the same JS string, not a second copy.
  const stringPassMem = peakMemory({ maxInputBytes: 1024 }, true);
  figures.compaction = { ...(/** @type {object} */ (figures.compaction) ?? {}), peakMemory: mem, passThroughPeakMemory: passMem, stringPassThroughPeakMemory: stringPassMem };
  /** @param {string} label @param {any} m @param {string} what */
  const memRowOf = (label, m, what) =>
    m.error
      ? [label, `failed: ${m.error}`]
      : [label, `${(m.rssAfter / 1e6).toFixed(0)} MB total, +${((m.rssAfter - m.rssBefore) / 1e6).toFixed(0)} MB while ${what} (${(m.rssAfter / m.inputBytes).toFixed(2)}x input)`];
  return table(["measure", "value"], [memRowOf("peak RSS, 100 MB build log", mem, "compacting"), memRowOf("peak RSS, 100 MB over maxInputBytes", passMem, "passing it through"), memRowOf("peak RSS, 100 MB string over maxInputBytes", stringPassMem, "passing it through")]);
}

async function tokenSaver() {
  const dir = path.resolve(root, "..", "shared", "eval", "compaction");
  const files = fs.readdirSync(dir).filter((f) => /^\d.*\.(txt|json)$/.test(f)).sort();
  const store = RecoveryStore.open({});
  const session = { put: (/** @type {Buffer | string} */ o) => store.put(o), storeKey: "bench", originals: new Map(), delivered: new Set(), aggressiveness: () => 1, stats: new TokenSaverStats() };
  const turn = { prompt: "Why does this fail?", cwd: root, recoverable: true };
  const rows = [];
  let before = 0;
  let after = 0;
  /** @type {number[]} */
  const lat = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const event = { toolName: "bash", toolCallId: "b", input: { command: `cat ${file}` }, content: [{ type: "text", text }], details: undefined, isError: false };
    session.delivered.clear();
    const t0 = process.hrtime.bigint();
    const patch = /** @type {any} */ (await compactToolResult(event, turn, session));
    lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const seen = patch ? patch.content[0].text : text;
    const [a, b] = [o200k(text), o200k(seen)];
    before += a;
    after += b;
    rows.push([file, a, b, `${((1 - b / a) * 100).toFixed(1)}%`]);
  }
  rows.push(["total", before, after, `${((1 - after / before) * 100).toFixed(1)}%`]);
  const ids = [...session.originals.keys()];
  /** @type {number[]} */
  const retrieveLat = [];
  for (let i = 0; i < 200; i++) {
    const t0 = process.hrtime.bigint();
    await runRetrieve({ id: ids[i % ids.length], startLine: 1 }, () => [store]);
    retrieveLat.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  figures.tokenSaver = { tokensOff: before, tokensOn: after, resultMsP50: median(lat), resultMsMax: Math.max(...lat), retrieveMsP50: median(retrieveLat) };
  return [
    "5. Token Saver on the compaction corpus (bash results, o200k tokens the model sees)",
    table(["file", "off", "on", "saved"], rows),
    table(
      ["measure", "value"],
      [
        ["per result (compact + store), p50", `${median(lat).toFixed(2)} ms`],
        ["per result, max", `${Math.max(...lat).toFixed(2)} ms`],
        ["token_retrieve 240 lines, p50", `${median(retrieveLat).toFixed(3)} ms`],
      ],
    ),
  ].join("\n");
}

/**
 * Cost of "durable before visible": `putDurable` resolves once the original is written, synced,
 * renamed into place and its directory synced, which the Token Saver awaits before a view names
 * the id. Fresh content every call (ids are content hashes, so a repeat would only be verified).
 * Both bindings when the wasm fallback is built.
 */
async function durablePut() {
  const sizes = /** @type {const} */ ([
    ["50 KB", 50 * 1024, 41],
    ["1 MB", 1024 * 1024, 21],
    ["10 MB", 10 * 1024 * 1024, 9],
  ]);
  const log = syntheticBuildLog(10 * 1024 * 1024);
  /** @type {Array<[string, typeof import("../index.js")]>} */
  const bindings = [["native", /** @type {any} */ ({ RecoveryStore })]];
  if (fs.existsSync(path.join(root, "pi-lean.wasm32-wasi.wasm"))) bindings.push(["wasm32-wasi", createRequire(import.meta.url)(path.join(root, "pi-lean.wasi.cjs"))]);
  /** @type {Record<string, Record<string, number>>} */
  const results = {};
  for (const [name, b] of bindings) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-bench-durable-"));
    try {
      const store = b.RecoveryStore.open({ dir, maxEntries: 4, maxBytes: 64 * 1024 * 1024, diskBudgetBytes: 4 * 1024 * 1024 * 1024 });
      results[name] = {};
      let serial = 0;
      for (const [label, bytes, runs] of sizes) {
        const times = [];
        for (let i = 0; i < runs; i++) {
          const original = Buffer.concat([Buffer.from(`run ${serial++}\n`), log.subarray(0, bytes)]);
          const t0 = process.hrtime.bigint();
          await store.putDurable(original);
          times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
        results[name][label] = median(times);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  figures.durablePutMsP50 = results;
  const names = Object.keys(results);
  return [
    "5b. Durable put per compacted result (write, fsync, rename, directory fsync on the libuv pool; p50, fresh content)",
    table(
      ["original", ...names],
      sizes.map(([label]) => [label, ...names.map((n) => `${results[n][label].toFixed(2)} ms`)]),
    ),
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// 6. Native binding vs the wasm fallback
// ---------------------------------------------------------------------------------------------

/** Median wall time in ms of `fn` over `n` runs after one warm-up. */
function timeMs(/** @type {() => unknown} */ fn, n) {
  fn();
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

function nativeVsWasm() {
  const wasmFile = path.join(root, "pi-lean.wasi.cjs");
  if (!fs.existsSync(path.join(root, "pi-lean.wasm32-wasi.wasm"))) return "6. Native vs wasm fallback: not measured (no wasm build; run npm run build:all)";
  // The fallback module the loader would pick when no native binary loads, loaded directly so
  // both run in this process on the same inputs.
  const wasm = /** @type {typeof import("../index.js")} */ (createRequire(import.meta.url)(wasmFile));
  if (typeof wasm.setEmbeddingTable === "function") wasm.setEmbeddingTable(embeddingTablePath);
  const bindings = /** @type {const} */ ([["native", { SkillIndex, compact }], ["wasm32-wasi", wasm]]);
  const rows = readJsonl(path.join(routing, "catalog-scientific.jsonl")).map((r) => ({ name: r.name, description: r.description, disableModelInvocation: r.disable_model_invocation === true, requires: [] }));
  const queries = readJsonl(path.join(routing, "queries-scientific.jsonl")).map((q) => q.prompt);
  const log = syntheticBuildLog(10 * 1024 * 1024);
  const small = log.subarray(0, 50 * 1024);
  /** @type {Record<string, Record<string, number>>} */
  const results = {};
  for (const [name, b] of bindings) {
    const index = new b.SkillIndex(rows);
    const out = b.compact(log, { command: "make" });
    if (!out.changed) throw new Error(`${name}: benchmark input was not compacted`);
    results[name] = {
      buildMs: timeMs(() => new b.SkillIndex(rows), 7),
      searchAllMs: timeMs(() => {
        for (const q of queries) index.search(q, { limit: 8 });
      }, 9),
      compact10MbMs: timeMs(() => b.compact(log, { command: "make" }), 5),
      compact50KbMs: timeMs(() => b.compact(small, {}), 51),
    };
  }
  figures.nativeVsWasm = results;
  const n = results.native;
  const w = results["wasm32-wasi"];
  const row = (/** @type {string} */ label, /** @type {number} */ a, /** @type {number} */ b, /** @type {string} */ unit) => [label, `${a.toFixed(2)} ${unit}`, `${b.toFixed(2)} ${unit}`, `${(b / a).toFixed(1)}x`];
  return [
    `6. Native vs wasm fallback (same calls, same inputs, median; wasm = what loads when no native package matches)`,
    table(
      ["operation", "native", "wasm32-wasi", "wasm/native"],
      [
        row(`index build, ${rows.length} skills`, n.buildMs, w.buildMs, "ms"),
        row(`${queries.length} searches`, n.searchAllMs, w.searchAllMs, "ms"),
        row("compact 10 MB build log", n.compact10MbMs, w.compact10MbMs, "ms"),
        row("compact 50 KB log", n.compact50KbMs, w.compact50KbMs, "ms"),
      ],
    ),
  ].join("\n");
}

async function main() {
  if (args.includes("--memory")) {
    process.stdout.write(`pi-lean bench: peak memory (node ${process.version})\n\n${memoryTable()}\n`);
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(figures, null, 2));
    return;
  }
  if (args.includes("--search")) {
    process.stdout.write(`pi-lean bench (${os.cpus().length} cores, node ${process.version})\n\n${searchLatency()}\n`);
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(figures, null, 2));
    return;
  }
  if (args.includes("--startup")) {
    const startup = await startupBench();
    figures.startup = startup.figures;
    process.stdout.write(`pi-lean bench (${os.cpus().length} cores, node ${process.version})\n\n8. Start-up and per-request overhead in real Pi\n${startup.text}\n`);
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(figures, null, 2));
    return;
  }
  if (args.includes("--durable")) {
    process.stdout.write(`pi-lean bench (${os.cpus().length} cores, node ${process.version})\n\n${await durablePut()}\n`);
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(figures, null, 2));
    return;
  }
  if (args.includes("--prompt-cost")) {
    process.stdout.write(`pi-lean bench (${os.cpus().length} cores, node ${process.version})\n\n${await promptCost()}\n`);
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(figures, null, 2));
    return;
  }
  if (args.includes("--native-vs-wasm")) {
    process.stdout.write(`pi-lean bench (${os.cpus().length} cores, node ${process.version})\n\n${nativeVsWasm()}\n`);
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(figures, null, 2));
    return;
  }
  const session = await additiveSession({ routingDir: routing, o200k, readJsonl, table });
  figures.additiveSession = session.figures;
  const capabilities = skipPi || !findPiNode() ? null : await capabilitiesBench();
  if (capabilities) figures.capabilities = capabilities.rows;
  const capabilitiesText = capabilities ? `7. Capability routing: first request with two third-party-style extensions\n${capabilities.table}` : "7. capability routing: skipped (needs Node >= 22.19 for Pi 1.6)";
  const startup = skipPi || !findPiNode() ? null : await startupBench();
  if (startup) figures.startup = startup.figures;
  const startupText = startup ? `8. Start-up and per-request overhead in real Pi\n${startup.text}` : "8. start-up: skipped (needs Node >= 22.19 for Pi 1.6)";
  const sections = [await promptCost(), routingQuality(), shortlistQuality(), session.text, searchLatency(), await compaction(), await tokenSaver(), await durablePut(), nativeVsWasm(), capabilitiesText, startupText];
  process.stdout.write(`pi-lean bench (${os.cpus().length} cores, node ${process.version})\n\n${sections.join("\n\n")}\n`);
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(figures, null, 2));
}

await main();
