// End-to-end: packing after the README's build. `npm pack` without the WebAssembly fallback
// stops with one line that says what to run instead; `npm run pack:local` packs this
// platform's package and the root package, prints the exact `pi install` line, and that line
// installs a pi-lean that real Pi 1.6 runs on the native binary (no cargo on PATH, a fresh
// agent dir; npm fetches the root package's own dependencies, from its cache when it can).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { hostPlatform } from "../scripts/build-targets.mjs";
import { FakeModel } from "./helpers/fake-model.mjs";
import { PI_CLI, REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const node = findPiNode();
const built = fs.existsSync(path.join(REPO_ROOT, `pi-lean.${hostPlatform()}.node`));
const skip = !node ? "needs Node >= 22.19 for Pi 1.6" : !built ? "needs npm run build" : false;
const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");

describe("packing after npm run build", { skip }, () => {
  test("npm pack without the wasm fallback says in one line what to run instead", { skip: fs.existsSync(path.join(REPO_ROOT, "pi-lean.wasm32-wasi.wasm")) && "the wasm fallback is built here" }, () => {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts", "prepack.mjs")], { encoding: "utf8" });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, "pi-lean: npm pack needs the WebAssembly fallback (npm run build:all -- --only=wasm32-wasi); for a tarball that installs on this machine, run npm run pack:local instead\n");
  });

  test("pack:local prints a pi install line that installs a working pi-lean", { timeout: 600_000 }, async () => {
    const model = new FakeModel([{ text: "packed and answering" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const packed = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts", "pack-local.mjs"), "--no-build"], { cwd: REPO_ROOT, encoding: "utf8" });
      assert.equal(packed.status, 0, packed.stderr);
      const line = /^ {2}pi install (npm:pi-lean@file:\S+\.tgz)$/m.exec(packed.stdout);
      assert.ok(line, packed.stdout);
      const spec = line[1];
      const env = { ...process.env, HOME: sandbox.home, PI_CODING_AGENT_DIR: sandbox.agent, npm_config_cache: process.env.npm_config_cache ?? path.join(os.homedir(), ".npm"), PATH: path.dirname(/** @type {string} */ (node)) + ":/usr/bin:/bin" };
      const installed = spawnSync(/** @type {string} */ (node), [PI_CLI, "install", spec], { env, encoding: "utf8", timeout: 300_000 });
      assert.equal(installed.status, 0, installed.stderr);
      assert.ok(fs.existsSync(path.join(sandbox.agent, "npm", "node_modules", `pi-lean-${hostPlatform()}`, `pi-lean.${hostPlatform()}.node`)), "the platform package is installed");
      // The embedding table ships once, in the root package, and the installed core reads it:
      // a paraphrase that shares no word with its skill is found by meaning.
      const installedRoot = path.join(sandbox.agent, "npm", "node_modules", "pi-lean");
      const table = fs.readFileSync(path.join(installedRoot, "crates", "lean-core", "data", "skill-embeddings.bin"));
      assert.equal(table.subarray(0, 8).toString("latin1"), "PLEMB001");
      const binary = fs.readFileSync(path.join(sandbox.agent, "npm", "node_modules", `pi-lean-${hostPlatform()}`, `pi-lean.${hostPlatform()}.node`));
      assert.ok(binary.length < table.length, `the binary (${binary.length} bytes) carries no copy of the table (${table.length})`);
      const catalog = path.join(sandbox.home, "catalog.jsonl");
      fs.writeFileSync(catalog, [
        { name: "architecture-decision-records", description: "Write ADRs: record each architecture decision with its context, the options weighed and the consequences." },
        { name: "web-performance", description: "Make web pages load faster: audit Core Web Vitals, shrink JavaScript bundles, cache static assets." },
      ].map((row) => JSON.stringify(row)).join("\n"));
      const search = spawnSync(/** @type {string} */ (node), [path.join(installedRoot, "bin", "pi-lean.js"), "search", "--catalog", catalog, "--json", "I keep forgetting what we decided and why"], { env, cwd: sandbox.home, encoding: "utf8" });
      assert.equal(search.status, 0, search.stderr);
      assert.equal(JSON.parse(search.stdout).ranked[0], "architecture-decision-records", search.stdout);
      assert.doesNotMatch(search.stderr, /EMBEDDINGS_UNAVAILABLE/);
      const run = await runPi(sandbox, { extension: null, args: ["--skill", DEP_SKILLS], prompts: ["hi", "/token-saver status"] });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /packed and answering/);
      assert.match(run.stderr, new RegExp(`core binding: native ${hostPlatform()}\\.`));
      const body = model.bodies[0];
      assert.doesNotMatch(JSON.stringify(body.messages[0]), /<available_skills>/);
      assert.ok(body.tools.some((/** @type {any} */ t) => t.function.name === "skill_search"));
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});
