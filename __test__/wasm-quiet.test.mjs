// The wasm fallback in a user's terminal: Node prints "WASI is an experimental feature" once per
// WASI instance (the main thread and each of emnapi's worker threads), and in Pi's TUI those
// lines land in the middle of the screen. pi-lean's loader drops that one warning and nothing
// else. Runs a child Node on the wasm build; skipped without one.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "./helpers/pi.mjs";

const wasmBuilt = fs.existsSync(path.join(REPO_ROOT, "pi-lean.wasm32-wasi.wasm"));
const NATIVE = path.join(REPO_ROOT, "extension", "shared", "native.js");
const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");

const script = `
const { native, bindingTarget } = await import(${JSON.stringify(NATIVE)});
await native.compactAsync(Buffer.from("x\\n".repeat(100000)), {});
await native.SkillIndex.scan([${JSON.stringify(DEP_SKILLS)}]).loadAsync("release-notes");
process.emitWarning("another experimental feature", "ExperimentalWarning");
console.log(bindingTarget);
`;

test("on the wasm fallback, async work on worker threads prints no WASI warning; other warnings still print", { skip: !wasmBuilt && "needs the wasm build (npm run build:all)" }, () => {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env: { ...process.env, NAPI_RS_FORCE_WASI: "error" } });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^wasm32-wasi \(WebAssembly fallback/m);
  assert.doesNotMatch(run.stderr, /WASI is an experimental feature/);
  assert.match(run.stderr, /ExperimentalWarning: another experimental feature/);
});
