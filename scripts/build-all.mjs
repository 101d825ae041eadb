// `npm run build:all`: release builds of every shipped platform into npm/<platform>/ plus the
// wasm32-wasip1-threads fallback into the package root (it ships inside the root package).
// Also regenerates index.js (with the loader fix-up) and index.d.ts, and copies the host's
// binary to the root so tests in this checkout run the exact file that ships.
//
// Needs zig + cargo-zigbuild (`pip install ziglang cargo-zigbuild`). Targets are added with
// `rustup target add`; a target whose toolchain cannot be installed is skipped and named on one
// line at the end ("SKIPPED TARGETS: ..."), and the exit status stays 0 as long as the host
// target and the wasm fallback built, so CI still tests the host. Any build failure of an
// installed target fails the command.
// Flags: --only=<platform>[,<platform>] builds a subset (wasm32-wasi names the fallback).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BINARY_NAME, NATIVE_TARGETS, NPX, ROOT, WASM_FILES, WASM_TARGET, cargoTargetDir, fixGeneratedLoader, hostPlatform, run, zigAvailable } from "./build-targets.mjs";

const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length).split(",");
const wanted = (/** @type {string} */ platform) => !only || only.includes(platform);

if (!zigAvailable()) {
  process.stderr.write("build:all needs zig and cargo-zigbuild on PATH (pip install ziglang cargo-zigbuild); nothing built\n");
  process.exit(1);
}

/** @type {string[]} */
const skipped = [];
/** @type {Array<{platform: string, seconds: number}>} */
const timings = [];

/** rustup target add, one target at a time so one failed download names exactly that target. */
function ensureRustTarget(/** @type {string} */ triple) {
  return run("rustup", ["target", "add", triple]);
}

/** Stub the napi-build Windows gnu step asks for: a libnode.dll to link against. With napi's
 * default `dyn-symbols` no symbol is taken from it (they resolve from node.exe at load time),
 * so an empty import archive satisfies the linker and the DLL imports nothing from Node. */
function libnodeStubDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-libnode-"));
  fs.writeFileSync(path.join(dir, "libnode.dll"), "");
  fs.writeFileSync(path.join(dir, "libnode.a"), "!<arch>\n");
  return dir;
}

/** @param {import("./build-targets.mjs").Target} target */
function buildNative(target) {
  const dest = path.join(ROOT, "npm", target.platform, `${BINARY_NAME}.${target.platform}.node`);
  if (target.via === "cargo-zigbuild") {
    if (!run("cargo", ["zigbuild", "--release", "--target", target.buildTarget, "-p", BINARY_NAME], { LIBNODE_PATH: libnodeStubDir() })) return false;
    const dll = path.join(cargoTargetDir(), target.triple, "release", `${BINARY_NAME.replaceAll("-", "_")}.dll`);
    fs.copyFileSync(dll, dest);
    return true;
  }
  const host = target.platform === hostPlatform();
  // The host build regenerates the loader and typings; the others write only their binary.
  const outDir = host ? ROOT : fs.mkdtempSync(path.join(os.tmpdir(), `pi-lean-${target.platform}-`));
  const args = ["napi", "build", "--platform", "--release", "--esm", "--target", target.buildTarget, "-x", "--output-dir", outDir];
  if (!host) args.push("--no-js");
  if (!run(NPX, args, target.env)) return false;
  fs.copyFileSync(path.join(outDir, `${BINARY_NAME}.${target.platform}.node`), dest);
  if (host) fixGeneratedLoader();
  else fs.rmSync(outDir, { recursive: true, force: true });
  return true;
}

function buildWasm() {
  // Written to a scratch dir so the root index.js (the native-first loader) is left alone;
  // only the wasm module and its glue are copied next to it.
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-wasm-"));
  if (!run(NPX, ["napi", "build", "--platform", "--release", "--esm", "--target", WASM_TARGET.triple, "--output-dir", outDir])) return false;
  for (const file of WASM_FILES) fs.copyFileSync(path.join(outDir, file), path.join(ROOT, file));
  fs.rmSync(outDir, { recursive: true, force: true });
  return true;
}

let failed = false;
const host = hostPlatform();
// Host first: it regenerates the loader, and if anything later fails the host is still tested.
const ordered = [...NATIVE_TARGETS].sort((a, b) => Number(b.platform === host) - Number(a.platform === host));
for (const target of ordered) {
  if (!wanted(target.platform)) continue;
  if (!ensureRustTarget(target.triple)) {
    skipped.push(target.platform);
    continue;
  }
  const started = Date.now();
  if (!buildNative(target)) {
    process.stderr.write(`build:all: ${target.platform} (${target.buildTarget}) failed to build\n`);
    failed = true;
    continue;
  }
  timings.push({ platform: target.platform, seconds: (Date.now() - started) / 1000 });
}
if (NATIVE_TARGETS.some((t) => t.platform === host) && wanted(host) && !skipped.includes(host)) {
  fs.copyFileSync(path.join(ROOT, "npm", host, `${BINARY_NAME}.${host}.node`), path.join(ROOT, `${BINARY_NAME}.${host}.node`));
}
if (wanted(WASM_TARGET.platform)) {
  if (!ensureRustTarget(WASM_TARGET.triple)) skipped.push(WASM_TARGET.platform);
  else {
    const started = Date.now();
    if (buildWasm()) timings.push({ platform: WASM_TARGET.platform, seconds: (Date.now() - started) / 1000 });
    else failed = true;
  }
}

process.stdout.write(`\nbuild:all timings: ${timings.map((t) => `${t.platform} ${t.seconds.toFixed(0)}s`).join(", ")}\n`);
if (skipped.length) process.stdout.write(`SKIPPED TARGETS (rustup could not install them): ${skipped.join(", ")}\n`);
process.exit(failed || skipped.includes(host) ? 1 : 0);
