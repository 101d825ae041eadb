// Which build of the core is loaded is visible to users: `pi-lean report` prints it and
// `/token-saver status` says it. Checked in-process against the binding this checkout loads and
// in a child process forced onto the wasm fallback (NAPI_RS_FORCE_WASI=error fails rather than
// quietly loading native).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { bindingTarget, native } from "../extension/shared/native.js";
import { DEFAULT_CONFIG } from "../extension/shared/config.js";
import { COMMAND, registerTokenSaver } from "../extension/token-saver/index.js";
import "./helpers/pi-host.mjs";
import { REPO_ROOT } from "./helpers/pi.mjs";
import { hostPlatform } from "../scripts/build-targets.mjs";

test("the native binding names the platform file the loader picked", () => {
  assert.equal(native.__napiBindingTarget, "native");
  assert.equal(bindingTarget, `native ${hostPlatform()}`);
});

test("/token-saver status reports the loaded binding", async () => {
  /** @type {Map<string, {handler: (args: string, ctx: unknown) => Promise<void>}>} */
  const commands = new Map();
  const pi = { registerTool() {}, registerCommand: (/** @type {string} */ name, /** @type {any} */ spec) => commands.set(name, spec), on() {}, getAllTools: () => [], getActiveTools: () => [], setActiveTools() {} };
  registerTokenSaver(/** @type {any} */ (pi), /** @type {any} */ ({ value: { ...DEFAULT_CONFIG }, error: null }));
  /** @type {string[]} */
  const told = [];
  await commands.get(COMMAND)?.handler("status", { hasUI: true, ui: { notify: (/** @type {string} */ m) => told.push(m), setStatus() {} } });
  assert.equal(told.length, 1);
  assert.match(told[0], new RegExp(`; core binding: native ${hostPlatform()}\\.\nStored originals: not checked yet `));
});

test("pi-lean report says wasm32-wasi when only the fallback can load", { skip: !fs.existsSync(path.join(REPO_ROOT, "pi-lean.wasm32-wasi.wasm")) && "no wasm build (npm run build:all)" }, () => {
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "bin", "pi-lean.js"), "report"], { env: { ...process.env, NAPI_RS_FORCE_WASI: "error" }, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^binding: wasm32-wasi \(WebAssembly fallback, slower than native\)$/m);
});
