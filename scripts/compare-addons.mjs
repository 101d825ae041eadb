// Two builds of the addon side by side in one process, on both compaction corpora: every file's view must be the
// same, and each file is timed with calls alternating between the builds, so a busy machine slows both alike.
// Use it to show a speed change in one run (the ratio is the figure; absolute times vary widely on a shared machine):
//   cp pi-lean.linux-x64-gnu.node /tmp/before.node   # on the old commit, after `npm run build`
//   node scripts/compare-addons.mjs /tmp/before.node pi-lean.linux-x64-gnu.node [--rounds N]
// Options are the peer bench's (`scripts/bench-compaction.mjs`): string input, bash tool, `cat FILE`, recoverable.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 21;
if (args.length !== 2 || !(rounds > 0)) {
  console.error("usage: node scripts/compare-addons.mjs <before.node> <after.node> [--rounds N]");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const [before, after] = args.map((file) => require(path.resolve(file)));

const corpora = [path.resolve(root, "..", "shared", "eval", "compaction"), path.join(root, "eval", "compaction-own")];
const files = corpora.filter((dir) => fs.existsSync(dir)).flatMap((dir) => fs.readdirSync(dir).filter((f) => /^\d.*\.(txt|json)$/.test(f)).sort().map((f) => path.join(dir, f)));

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let beforeTotal = 0;
let afterTotal = 0;
const differing = [];
for (const file of files) {
  const text = fs.readFileSync(file, "utf8");
  const options = { tool: "bash", command: `cat ${path.basename(file)}`, recoverable: true };
  const [a, b] = [before.compact(text, options), after.compact(text, options)];
  if (a.text !== b.text || a.id !== b.id || JSON.stringify(a.ranges) !== JSON.stringify(b.ranges)) differing.push(path.basename(file));
  const times = [[], []];
  // Large files get fewer rounds so the run stays short; at least 5 each.
  const n = text.length > 200_000 ? Math.max(5, Math.ceil(rounds / 3)) : rounds;
  for (let round = 0; round < n; round++) {
    for (const [slot, addon] of [before, after].entries()) {
      const started = process.hrtime.bigint();
      addon.compact(text, options);
      times[slot].push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  beforeTotal += median(times[0]);
  afterTotal += median(times[1]);
}
console.log(`${files.length} files, sum of per-file medians: before ${beforeTotal.toFixed(2)} ms, after ${afterTotal.toFixed(2)} ms, after/before ${(afterTotal / beforeTotal).toFixed(3)}`);
console.log(differing.length === 0 ? "every view, id and range list is identical" : `views differ on ${differing.length} files: ${differing.join(", ")}`);
process.exitCode = differing.length === 0 ? 0 : 1;
