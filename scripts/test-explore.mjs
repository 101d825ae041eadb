// Property tests with a fresh random seed and more cases than `npm test` runs: exploration, not a
// gate. The seed is printed, so a failure reproduces with `PROPTEST_RNG_SEED=<seed> cargo test`;
// proptest records the shrunk failing case in the test's `*.proptest-regressions` file, which is
// checked in so that every later `npm test` replays it.
// Usage: node scripts/test-explore.mjs [cases] [-- extra cargo test args]
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";

const args = process.argv.slice(2);
const cases = /^\d+$/.test(args[0] ?? "") ? args.shift() : "4096";
if (args[0] === "--") args.shift();
const seed = randomBytes(8).readBigUInt64LE().toString();
console.log(`test:explore: PROPTEST_RNG_SEED=${seed} PROPTEST_CASES=${cases}`);
const run = spawnSync("cargo", ["test", "--release", "-p", "lean-core", ...args], {
  stdio: "inherit",
  env: { ...process.env, PROPTEST_RNG_SEED: seed, PROPTEST_CASES: cases },
});
if (run.status !== 0) console.error(`test:explore failed; reproduce with PROPTEST_RNG_SEED=${seed} PROPTEST_CASES=${cases}`);
process.exit(run.status ?? 1);
