// The one test command (`npm test`): builds the addon, then runs the Rust tests and every
// JS test (addon API and end-to-end in real Pi). Pi 1.6 needs Node >= 22.19; .ci/run puts
// one on PATH, and the e2e helpers also find the cached copy on their own.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** @param {string} title @param {string} cmd @param {string[]} args */
function step(title, cmd, args) {
  process.stdout.write(`\n== ${title}: ${cmd} ${args.join(" ")}\n`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    process.stderr.write(`\n${title} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status || 1);
  }
}

step("build addon", process.execPath, [path.join(root, "scripts", "build.mjs")]);
step("rust tests", "cargo", ["test", "--workspace", "--quiet"]);
const testFiles = fs
  .readdirSync(path.join(root, "__test__"))
  .filter((f) => f.endsWith(".test.mjs"))
  .sort()
  .map((f) => path.join("__test__", f));
step("js tests", process.execPath, ["--test", "--test-concurrency=2", ...testFiles]);
