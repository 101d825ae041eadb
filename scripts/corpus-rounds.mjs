// Compacts every file of both compaction corpora ROUNDS times with one build of the addon, and nothing else: the
// loop to count instructions through node, where the binding's string read and result objects are included.
// Instructions a round are the difference between two runs divided by the difference in rounds (node's start-up
// and the file reads cancel out):
//   valgrind --tool=callgrind node scripts/corpus-rounds.mjs pi-lean.linux-x64-gnu.node 1
//   valgrind --tool=callgrind node scripts/corpus-rounds.mjs pi-lean.linux-x64-gnu.node 9
// Node's start-up is not quite the same from run to run (its hash seed's setup alone varied by up to 3 M
// instructions), so rounds 1 and 9 (a difference over 8) give a steadier figure than 1 and 5.
// With `--gate`, it is also a regression gate: it sums each file's fastest of ROUNDS calls and fails when that costs
// more than 25% over the figure recorded in scripts/corpus-rounds.json (`--record` rewrites it). The figure guards
// against regressions; it is not a target to race.
// Options are the peer bench's (`scripts/bench-compaction.mjs`): string input, bash tool, `cat FILE`, recoverable.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
const [addonPath, roundsArg] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const rounds = Number(roundsArg);
if (!addonPath || !(Number.isInteger(rounds) && rounds > 0)) {
  console.error("usage: node scripts/corpus-rounds.mjs <addon.node or index.js> <rounds> [--gate or --record]");
  process.exit(2);
}
// An addon file, or a `.js` module exporting `compact` (the package's `index.js` loader).
const { compact } = addonPath.endsWith(".js")
  ? await import(pathToFileURL(path.resolve(addonPath)).href)
  : createRequire(import.meta.url)(path.resolve(addonPath));

const corpora = [path.resolve(root, "..", "shared", "eval", "compaction"), path.join(root, "eval", "compaction-own")];
const inputs = corpora
  .filter((dir) => fs.existsSync(dir))
  .flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((f) => /^\d.*\.(txt|json)$/.test(f))
      .sort()
      .map((f) => path.join(dir, f)),
  )
  .map((file) => ({
    text: fs.readFileSync(file, "utf8"),
    options: { tool: "bash", command: `cat ${path.basename(file)}`, recoverable: true },
  }));

let outputBytes = 0;
for (let round = 0; round < rounds; round++) {
  for (const { text, options } of inputs) outputBytes += compact(text, options).outputBytes;
}
console.log(`${inputs.length} files x ${rounds} rounds, ${outputBytes} output bytes`);

// The gate's figure: each file's fastest of ROUNDS calls, summed over the files. On a shared machine this is far
// steadier than a whole round's time, which every pause of another process lands in.
let fastestMs = 0;
if (flags.length) {
  for (const { text, options } of inputs) {
    let best = Infinity;
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      compact(text, options);
      best = Math.min(best, performance.now() - started);
    }
    fastestMs += best;
  }
  console.log(`sum of each file's fastest call: ${fastestMs.toFixed(2)} ms a round`);
}

const recordPath = path.join(root, "scripts", "corpus-rounds.json");
if (flags.includes("--record")) {
  fs.writeFileSync(recordPath, `${JSON.stringify({ msPerRound: Number(fastestMs.toFixed(2)), files: inputs.length }, null, 2)}\n`);
  console.log(`recorded ${fastestMs.toFixed(2)} ms a round in ${path.relative(root, recordPath)}`);
} else if (flags.includes("--gate")) {
  const recorded = JSON.parse(fs.readFileSync(recordPath, "utf8"));
  const limit = recorded.msPerRound * 1.25;
  if (fastestMs > limit) {
    console.error(`corpus-rounds gate FAILED: ${fastestMs.toFixed(2)} ms a round > ${limit.toFixed(2)} ms (recorded ${recorded.msPerRound} + 25%)`);
    process.exit(1);
  }
  console.log(`corpus-rounds gate held: ${fastestMs.toFixed(2)} ms a round <= ${limit.toFixed(2)} ms (recorded ${recorded.msPerRound} + 25%)`);
}
