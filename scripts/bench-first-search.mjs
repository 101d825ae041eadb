// `node scripts/bench-first-search.mjs [--addon FILE.node] [--runs N]`: what the first skill
// search of a process costs, the way Pi pays it: a fresh Node process loads the core, builds
// the index over ~1,000 skills (composio + scientific) and runs one search. With the table
// shipped as a data file the first index build also reads and checks that file; with a build
// that compiles the table in (`--addon` pointing at one) it parses the embedded copy instead.
// Prints the median over N fresh processes (default 7) of: addon load, first index build,
// first search, and their sum, plus a second build and search in the same process for scale.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const routing = path.join(process.env.PI_LEAN_SHARED_DIR ?? path.resolve(root, "..", "shared"), "eval", "routing");
const args = process.argv.slice(2);
const flag = (/** @type {string} */ name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const addon = flag("--addon");
const runs = Number(flag("--runs") ?? 7);
const rows = ["catalog-composio.jsonl", "catalog-scientific.jsonl"].flatMap((file) =>
  fs
    .readFileSync(path.join(routing, file), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
    .map((r) => ({ name: r.name, description: r.description, disableModelInvocation: r.disable_model_invocation === true, requires: [] })),
);
const catalog = path.join(fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? "/tmp"), "pi-lean-first-")), "rows.json");
fs.writeFileSync(catalog, JSON.stringify(rows));

// The child: the extension's own loader (which names the table file), or a given .node file.
const child = `
  import fs from "node:fs";
  import { createRequire } from "node:module";
  const t0 = process.hrtime.bigint();
  const core = ${addon ? `createRequire(import.meta.url)(${JSON.stringify(path.resolve(addon))})` : `(await import(${JSON.stringify(path.join(root, "extension", "shared", "native.js"))})).native`};
  const t1 = process.hrtime.bigint();
  const rows = JSON.parse(fs.readFileSync(${JSON.stringify(catalog)}, "utf8"));
  const t2 = process.hrtime.bigint();
  const index = new core.SkillIndex(rows);
  const t3 = process.hrtime.bigint();
  const hits = index.search("the page takes forever to load", { limit: 5 }).hits.length;
  const t4 = process.hrtime.bigint();
  const again = new core.SkillIndex(rows);
  const t5 = process.hrtime.bigint();
  again.search("which commit broke the build", { limit: 5 });
  const t6 = process.hrtime.bigint();
  const ms = (a, b) => Number(b - a) / 1e6;
  console.log(JSON.stringify({ load: ms(t0, t1), build: ms(t2, t3), search: ms(t3, t4), secondBuild: ms(t4, t5), secondSearch: ms(t5, t6), hits, diagnostics: index.diagnostics.length }));`;
const samples = [];
for (let i = 0; i < runs; i++) {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", child], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  samples.push(JSON.parse(r.stdout.trim().split("\n").pop() ?? "{}"));
}
fs.rmSync(path.dirname(catalog), { recursive: true, force: true });
const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** @type {Record<string, number>} */
const result = {};
for (const key of ["load", "build", "search", "secondBuild", "secondSearch"]) result[key] = median(samples.map((s) => s[key]));
result.firstSearchTotal = median(samples.map((s) => s.build + s.search));
process.stdout.write(
  `first search in a fresh process, ${rows.length} skills, median of ${runs} (${addon ? `addon ${path.basename(addon)}` : "extension loader, table from the data file"}; diagnostics ${samples[0].diagnostics})\n` +
    Object.entries(result)
      .map(([key, value]) => `  ${key.padEnd(17)} ${value.toFixed(2)} ms`)
      .join("\n") +
    "\n",
);
