// `npm run fuzz [-- seconds [target ...]]`: runs the cargo-fuzz targets in
// crates/lean-core/fuzz for a set time each (default 60 s, or FUZZ_SECONDS) and prints one
// table of executions and findings. Targets build optimised, with debug assertions (so integer
// overflow panics) and cargo-fuzz's default AddressSanitizer. cargo-fuzz needs a nightly
// toolchain; without one (or without cargo-fuzz) it says so plainly and exits 0, because the
// same invariants run under stable `cargo test` (crates/lean-core/tests/fuzz_invariants.rs) on
// every CI run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const crate = path.join(root, "crates", "lean-core");
const TARGETS = ["frontmatter", "compact", "recovery_paging", "skills"];

const [secondsArg, ...targetArgs] = process.argv.slice(2);
const seconds = Number(secondsArg ?? process.env.FUZZ_SECONDS ?? 60);
if (!Number.isInteger(seconds) || seconds < 1) {
  process.stderr.write(`INVALID_ARGUMENT: seconds is ${secondsArg}; pass a whole number of seconds per target\n`);
  process.exit(2);
}
const targets = targetArgs.length > 0 ? targetArgs : TARGETS;
const unknown = targets.filter((t) => !TARGETS.includes(t));
if (unknown.length > 0) {
  process.stderr.write(`INVALID_ARGUMENT: unknown fuzz target ${unknown.join(", ")}; use ${TARGETS.join(", ")}\n`);
  process.exit(2);
}

/** @param {string[]} args */
function works(args) {
  const probe = spawnSync("cargo", args, { cwd: crate, encoding: "utf8" });
  return probe.status === 0 ? probe.stdout.trim() : null;
}

const nightly = works(["+nightly", "--version"]);
const cargoFuzz = nightly ? works(["+nightly", "fuzz", "--version"]) : null;
if (!nightly || !cargoFuzz) {
  const missing = !nightly ? "no nightly Rust toolchain (rustup toolchain install nightly)" : "cargo-fuzz is not installed (cargo install cargo-fuzz)";
  process.stdout.write(`fuzz: SKIPPED, ${missing}.\n`);
  process.stdout.write("fuzz: the same invariants run under stable: cargo test -p lean-core --test fuzz_invariants\n");
  process.exit(0);
}
process.stdout.write(`fuzz: ${nightly}, ${cargoFuzz}; ${seconds} s per target\n`);

/** @type {Array<{ target: string, runs: string, seconds: string, corpus: string, result: string }>} */
const rows = [];
let failed = false;
for (const target of targets) {
  process.stdout.write(`\n== fuzz ${target}\n`);
  const run = spawnSync("cargo", ["+nightly", "fuzz", "run", "-O", "--debug-assertions", target, "--", `-max_total_time=${seconds}`, "-rss_limit_mb=2048", "-print_final_stats=1"], {
    cwd: crate,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const log = `${run.stdout}\n${run.stderr}`;
  const done = /Done (\d+) runs in (\d+) second/.exec(log);
  const stats = /stat::number_of_executed_units:\s*(\d+)/.exec(log);
  const corpusDir = path.join(crate, "fuzz", "corpus", target);
  const corpus = fs.existsSync(corpusDir) ? String(fs.readdirSync(corpusDir).length) : "0";
  const artifact = /Test unit written to (\S+)/.exec(log);
  const ok = run.status === 0;
  if (!ok) {
    failed = true;
    process.stdout.write(log.split("\n").slice(-60).join("\n"));
  }
  rows.push({
    target,
    runs: done?.[1] ?? stats?.[1] ?? "?",
    seconds: done?.[2] ?? String(seconds),
    corpus,
    result: ok ? "no findings" : `FINDING: ${artifact?.[1] ?? `exit ${run.status ?? run.signal}`}`,
  });
}

process.stdout.write("\n| target | executions | seconds | corpus entries | result |\n|---|---:|---:|---:|---|\n");
for (const r of rows) process.stdout.write(`| ${r.target} | ${r.runs} | ${r.seconds} | ${r.corpus} | ${r.result} |\n`);
process.exit(failed ? 1 : 0);
