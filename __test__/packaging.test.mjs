// The package metadata npm and the loader rely on, checked against each other: every platform
// package matches its target (os/cpu/libc npm filters on, version, file name), engines stay broad
// enough that npm never skips a platform package silently, the wasm fallback ships in the root
// package with its runtime, and the committed loader carries the Windows fix-up (a plain
// `napi build` regenerates index.js without it; `npm run build` applies it).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { NATIVE_TARGETS, WASM_FILES, acceptGnuBinaryOnMsvcNode } from "../scripts/build-targets.mjs";
import { REPO_ROOT } from "./helpers/pi.mjs";

const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
const platformManifest = (/** @type {string} */ platform) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "npm", platform, "package.json"), "utf8"));

describe("platform packages", () => {
  test("one npm/<platform> package per napi target, and nothing else", () => {
    assert.deepEqual(NATIVE_TARGETS.map((t) => t.triple).sort(), [...root.napi.targets].sort());
    assert.deepEqual(fs.readdirSync(path.join(REPO_ROOT, "npm")).sort(), NATIVE_TARGETS.map((t) => t.platform).sort());
  });

  test("each names its binary and matches exactly its os, cpu and libc", () => {
    for (const { platform } of NATIVE_TARGETS) {
      const m = platformManifest(platform);
      const [os, cpu, abi] = platform.split("-");
      assert.equal(m.name, `pi-lean-${platform}`);
      assert.equal(m.version, root.version, `${platform} version follows the root`);
      assert.equal(m.main, `pi-lean.${platform}.node`);
      assert.deepEqual(m.files, [`pi-lean.${platform}.node`]);
      assert.deepEqual(m.os, [os]);
      assert.deepEqual(m.cpu, [cpu]);
      // npm checks libc only on Linux and rejects any package that sets it elsewhere.
      if (os === "linux") assert.deepEqual(m.libc, [abi === "gnu" ? "glibc" : "musl"]);
      else assert.equal(m.libc, undefined, `${platform} must not set libc`);
    }
  });

  test("none is a Pi package: the gallery lists packages with the pi-package keyword, and a binary alone loads nothing", () => {
    for (const { platform } of NATIVE_TARGETS) {
      const m = platformManifest(platform);
      assert.ok(!(m.keywords ?? []).includes("pi-package"), `${platform} carries the pi-package keyword`);
      assert.equal(m.pi, undefined, `${platform} has a pi manifest`);
    }
    assert.ok(root.keywords.includes("pi-package"), "the root package is the one to install");
  });

  test("engines are broad: npm skips optional packages whose engines do not match", () => {
    for (const { platform } of NATIVE_TARGETS) assert.equal(platformManifest(platform).engines.node, ">=12.22");
  });
});

describe("root package", () => {
  test("ships the loader and the wasm fallback with its runtime, and no native binary", () => {
    for (const f of ["index.js", "index.d.ts", ...WASM_FILES]) assert.ok(root.files.includes(f), `${f} in files`);
    assert.ok(!root.files.some((/** @type {string} */ f) => f.endsWith(".node")), "binaries ship in platform packages");
    const emnapi = root.devDependencies.emnapi;
    assert.equal(root.dependencies["@emnapi/core"], emnapi, "emnapi packages at one version");
    assert.equal(root.dependencies["@emnapi/runtime"], emnapi, "emnapi packages at one version");
    assert.ok(root.dependencies["@napi-rs/wasm-runtime"]);
  });

  test("ships the embedding table once, as a data file, where the binding names it", async () => {
    assert.ok(root.files.includes("crates/lean-core/data/skill-embeddings.bin"), "the table is in files");
    const { embeddingTablePath } = await import("../extension/shared/native.js");
    assert.equal(embeddingTablePath, path.join(REPO_ROOT, "crates", "lean-core", "data", "skill-embeddings.bin"));
    const cargo = fs.readFileSync(path.join(REPO_ROOT, "Cargo.toml"), "utf8");
    assert.match(cargo, /^lean-core = \{ path = "crates\/lean-core", default-features = false \}$/m, "the addon leaves the compiled-in table out");
  });

  test("the committed loader tries the gnu Windows binary on MSVC-built Node", () => {
    const loader = fs.readFileSync(path.join(REPO_ROOT, "index.js"), "utf8");
    assert.equal(acceptGnuBinaryOnMsvcNode(loader), loader, "index.js lacks the fix-up: regenerate it with npm run build");
    const msvcBranch = loader.slice(loader.indexOf("require('pi-lean-win32-x64-msvc')"), loader.indexOf("process.arch === 'ia32'"));
    assert.match(msvcBranch, /require\('\.\/pi-lean\.win32-x64-gnu\.node'\)[\s\S]*require\('pi-lean-win32-x64-gnu'\)/);
  });

  test("the fix-up is idempotent and refuses a loader it does not recognise", () => {
    const loader = fs.readFileSync(path.join(REPO_ROOT, "index.js"), "utf8");
    assert.equal(acceptGnuBinaryOnMsvcNode(acceptGnuBinaryOnMsvcNode(loader)), loader);
    assert.throws(() => acceptGnuBinaryOnMsvcNode("module.exports = {}"), /LOADER_SHAPE/);
  });
});
