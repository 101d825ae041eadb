// `npm run bench:session`: tokens per real coding session, stock Pi against pi-lean's modes and
// the peer extensions, in one run. Each configuration runs the same scripted session in real
// Pi 1.6 (about 25 requests: reads, grep, a failing test suite with long output, a verbose
// build, a tree listing, a manifest grep and a benchmark, a skill found by paraphrase and loaded,
// one recovery of a dropped range, two edits, then the tests, the benchmark, the grep and the
// build again, each rerun with a changed fact in it) against the adaptive scripted model on
// 127.0.0.1, with 100 and then 1,000 skills installed. For each it reports o200k input tokens,
// the byte-identical prefix each request shares with the previous one, an estimated cost, and
// which facts the task needs reached the model. Writes an SVG chart (Vega-Lite).
// Options: --skills 100,1000  --configs id,id  --no-peers  --json FILE  --svg FILE (or none)
//          --markdown (tables as Markdown)  --dump DIR (every request body Pi sent, per run)
//          --readme (rewrite the tables between the session-bench markers in docs/benchmarks.md)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EXTENSION_ENTRY, findPiNode } from "../__test__/helpers/pi.mjs";
import { sessionChart } from "./bench-session/chart.mjs";
import { configurations } from "./bench-session/configs.mjs";
import { PRICES } from "./bench-session/measure.mjs";
import { runSession } from "./bench-session/run.mjs";
import { writeSkillLibrary } from "./bench-session/skills.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const routingDir = path.resolve(root, "..", "shared", "eval", "routing");
const args = process.argv.slice(2);
const option = (/** @type {string} */ name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const skillCounts = (option("--skills") ?? "100,1000").split(",").map(Number);
const only = option("--configs")?.split(",");
const svgOut = option("--svg") ?? path.join(root, "docs", "session-bench.svg");
const jsonOut = option("--json");
const markdown = args.includes("--markdown");
const dumpDir = option("--dump");
const README_START = "<!-- session-bench:start (npm run bench:session -- --readme) -->";
const README_END = "<!-- session-bench:end -->";

/** @param {string[]} header @param {Array<Array<string | number>>} rows @param {boolean} [asMarkdown] */
function table(header, rows, asMarkdown = markdown) {
  if (asMarkdown) {
    const align = header.map((_, i) => (i === 0 ? "---" : "---:"));
    return [header, align, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
  }
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

const fmt = (/** @type {number} */ n) => n.toLocaleString("en-US");
const pct = (/** @type {number} */ x) => `${(x * 100).toFixed(0)}%`;
const yes = (/** @type {boolean} */ b) => (b ? "yes" : "NO");

async function main() {
  if (!findPiNode()) throw new Error("bench:session needs Node >= 22.19 for Pi 1.6 (set PI_LEAN_NODE or run .ci/run once)");
  if (!fs.existsSync(routingDir)) throw new Error(`bench:session needs the routing catalogs in ${routingDir}`);
  const configs = configurations({ extensionEntry: EXTENSION_ENTRY, peers: !args.includes("--no-peers") }).filter((c) => !only || only.includes(c.id));
  const setups = configs.map((c) => ({ config: c, setup: c.resolve() }));
  // A fixed path: every skill's location is in the stock catalog on every request, so a random
  // temp-dir suffix would move the stock figures by ~1k tokens per request from run to run.
  const tmp = path.join(os.tmpdir(), "pi-lean-session-skills");
  fs.rmSync(tmp, { recursive: true, force: true });
  /** @type {any[]} */
  const runs = [];
  try {
    for (const skills of skillCounts) {
      const dir = path.join(tmp, String(skills));
      writeSkillLibrary(routingDir, dir, skills);
      for (const { config, setup } of setups) {
        if ("unavailable" in setup) {
          runs.push({ skills, id: config.id, label: config.label, what: config.what, unavailable: setup.unavailable });
          continue;
        }
        process.stderr.write(`session: ${config.label}, ${skills} skills ... `);
        const t0 = Date.now();
        const run = await runSession(setup, dir);
        process.stderr.write(`${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
        const { bodies, stderr, ...kept } = run;
        if (dumpDir) {
          fs.mkdirSync(dumpDir, { recursive: true });
          fs.writeFileSync(path.join(dumpDir, `${config.id}-${skills}.json`), JSON.stringify(bodies));
        }
        runs.push({ skills, id: config.id, label: config.label, what: config.what, ...kept });
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  const out = [
    `Session bench: real Pi 1.6 against a scripted model, one run (${os.cpus().length} cores, node ${process.version}).`,
    "Tokens: o200k of each request's tool declarations and messages as Pi sent them. Prefix reuse: tokens of each request's",
    "byte-identical prefix with the previous request (tools, then messages), over all tokens; a prefix break is a request that",
    `changed something the previous one sent. Cost: $${PRICES.uncachedPerM.toFixed(2)} per million uncached input tokens and $${PRICES.cachedPerM.toFixed(2)} per million cached`,
    "(typical list prices: cache reads at a tenth of the input price).",
    "",
  ];
  /** @type {string[]} */
  const readme = [];
  for (const skills of skillCounts) {
    const rows = runs.filter((r) => r.skills === skills);
    const stock = rows.find((r) => r.id === "stock" && !r.unavailable);
    const header = ["configuration", "requests", "input tokens", "vs stock", "prefix reuse", "prefix breaks", "uncached tokens", "est. cost", "failing test", "skill body", "retrieval exact", "fix verified", "pinned dep", "bench rerun", "manifest rerun"];
    const cells = (/** @type {any} */ r) => [
      r.label,
      r.requests.length,
      fmt(r.totalTokens),
      stock ? pct(r.totalTokens / stock.totalTokens) : "—",
      pct(r.cachedTokens / r.totalTokens),
      r.requests.filter((/** @type {any} */ q) => q.prefixBreak).length,
      fmt(r.totalTokens - r.cachedTokens),
      `$${r.costUsd.toFixed(3)}`,
      yes(r.facts.failingTest),
      yes(r.facts.skillBody),
      yes(r.facts.retrievedExact),
      yes(r.facts.fixVerified),
      yes(r.facts.pinnedDependency),
      yes(r.facts.benchRerun),
      yes(r.facts.manifestRerun),
    ];
    out.push(`${fmt(skills)} skills installed`);
    out.push(table(header, rows.map((r) => (r.unavailable ? [`${r.label} (not run, see below)`, ...header.slice(1).map(() => "—")] : cells(r)))));
    readme.push(`**${fmt(skills)} skills**`, "", table(header, rows.filter((r) => !r.unavailable).map(cells), true), "");
    const notRun = rows.filter((r) => r.unavailable).map((r) => `*${r.label}*: not run: ${r.unavailable}.`);
    if (notRun.length > 0) readme.push(notRun.join("\n"), "");
    for (const r of rows.filter((x) => x.unavailable)) out.push(`${r.label}: not run: ${r.unavailable}`);
    out.push("");
    out.push(`Per request, ${fmt(skills)} skills: input tokens / share that is a byte-identical prefix of the previous request`);
    for (const r of rows.filter((x) => !x.unavailable)) {
      out.push(`  ${r.label}: ${r.requests.map((/** @type {any} */ q) => `${fmt(q.tokens)}/${pct(q.prefixShare)}`).join(" ")}`);
    }
    out.push(`How each configuration got the skill and the dropped range, ${fmt(skills)} skills:`);
    for (const r of rows.filter((x) => !x.unavailable)) out.push(`  ${r.label}: ${r.log.skillRoute}; ${r.facts.retrieveNote}`);
    out.push("");
  }
  out.push("Configurations:");
  for (const c of configs) out.push(`  ${c.label}: ${c.what}`);
  process.stdout.write(`${out.join("\n")}\n`);

  const measured = runs.filter((r) => !r.unavailable);
  if (measured.length > 0 && svgOut !== "none") {
    fs.mkdirSync(path.dirname(svgOut), { recursive: true });
    fs.writeFileSync(svgOut, await sessionChart(measured));
    process.stderr.write(`chart: ${path.relative(process.cwd(), svgOut)}\n`);
  }
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ prices: PRICES, runs }, null, 2));
  if (args.includes("--readme")) {
    const file = path.join(root, "docs", "benchmarks.md");
    const text = fs.readFileSync(file, "utf8");
    const [from, to] = [text.indexOf(README_START), text.indexOf(README_END)];
    if (from < 0 || to < from) throw new Error(`docs/benchmarks.md has no ${README_START} … ${README_END} block`);
    fs.writeFileSync(file, `${text.slice(0, from + README_START.length)}\n${readme.join("\n")}${text.slice(to)}`);
    process.stderr.write("docs/benchmarks.md: session tables rewritten\n");
  }
}

await main();
