// `npm run build:all`: release builds of every shipped platform into npm/<platform>/ plus the
// wasm32-wasip1-threads fallback into the package root (it ships inside the root package).
// Also regenerates index.js (with the loader fix-up) and index.d.ts, and copies the host's
// binary to the root so tests in this checkout run the exact file that ships.
//
// Needs zig + cargo-zigbuild (`pip install ziglang cargo-zigbuild`). Targets are added with
// `rustup target add`; a target whose toolchain cannot be installed is skipped, named on one
// line at the end ("SKIPPED TARGETS: ...") with how to recover, and fails the command: a build
// asked for a target and did not produce it. With --allow-missing a skipped target is only
// named (CI passes it, so a machine that cannot download a target still tests the host); the
// host target is never optional. Any build failure of an installed target fails the command.
// Flags: --only=<platform>[,<platform>] builds a subset (wasm32-wasi names the fallback);
// --jobs=N targets at once (default 2); --allow-missing as above. Each target's output goes to
// a log that is printed when it finishes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BINARY_NAME, NATIVE_TARGETS, NPX, ROOT, WASM_FILES, WASM_TARGET, cargoTargetDir, fixGeneratedLoader, hostPlatform, keepWasmFallback, run, zigAvailable } from "./build-targets.mjs";

const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length).split(",");
// Release builds end in a single-threaded LTO link (codegen-units = 1), so two targets at once
// keep both cores of a small CI machine busy. Each target gets its own cargo target dir (under
// the usual one), because cargo locks a target dir for the whole build.
const jobs = Math.max(1, Number(process.argv.find((a) => a.startsWith("--jobs="))?.slice("--jobs=".length) ?? Math.min(2, os.availableParallelism())));
const wanted = (/** @type {string} */ platform) => !only || only.includes(platform);
const allowMissing = process.argv.includes("--allow-missing");

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

/** The rustup names of the skipped targets (a platform's triple may carry a glibc suffix). */
const skippedTriples = /** @type {string[]} */ ([]);

/** Stub the napi-build Windows gnu step asks for: a libnode.dll to link against. With napi's
 * default `dyn-symbols` no symbol is taken from it (they resolve from node.exe at load time),
 * so an empty import archive satisfies the linker and the DLL imports nothing from Node. */
function libnodeStubDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-libnode-"));
  fs.writeFileSync(path.join(dir, "libnode.dll"), "");
  fs.writeFileSync(path.join(dir, "libnode.a"), "!<arch>\n");
  return dir;
}

/** The cargo target dir of one platform; the host keeps the default one so `npm run build` shares it. */
function targetDirFor(/** @type {string} */ platform) {
  return platform === hostPlatform() ? cargoTargetDir() : path.join(cargoTargetDir(), "platforms", platform);
}

/**
 * Runs a command with its output captured to a log; resolves with success and the log text.
 * @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ok: boolean, log: string}>}
 */
function runLogged(cmd, args, env) {
  return new Promise((resolve) => {
    let log = `$ ${cmd} ${args.join(" ")}\n`;
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (c) => (log += c));
    child.stderr.on("data", (c) => (log += c));
    child.on("error", (e) => resolve({ ok: false, log: `${log}${e.message}\n` }));
    child.on("close", (code) => resolve({ ok: code === 0, log }));
  });
}

/** Builds one native target into npm/<platform>/. @param {import("./build-targets.mjs").Target} target */
async function buildNative(target) {
  const dest = path.join(ROOT, "npm", target.platform, `${BINARY_NAME}.${target.platform}.node`);
  const env = { ...target.env, CARGO_TARGET_DIR: targetDirFor(target.platform) };
  if (target.via === "cargo-zigbuild") {
    const r = await runLogged("cargo", ["zigbuild", "--release", "--target", target.buildTarget, "-p", BINARY_NAME], { ...env, LIBNODE_PATH: libnodeStubDir() });
    if (r.ok) fs.copyFileSync(path.join(env.CARGO_TARGET_DIR, target.triple, "release", `${BINARY_NAME.replaceAll("-", "_")}.dll`), dest);
    return r;
  }
  const host = target.platform === hostPlatform();
  // The host build regenerates the loader and typings; the others write only their binary.
  const outDir = host ? ROOT : fs.mkdtempSync(path.join(os.tmpdir(), `pi-lean-${target.platform}-`));
  const args = ["napi", "build", "--platform", "--release", "--esm", "--target", target.buildTarget, "-x", "--output-dir", outDir];
  if (!host) args.push("--no-js");
  const restoreWasm = host ? keepWasmFallback() : () => {};
  const r = await runLogged(NPX, args, env);
  restoreWasm();
  if (r.ok) {
    fs.copyFileSync(path.join(outDir, `${BINARY_NAME}.${target.platform}.node`), dest);
    if (host) {
      fixGeneratedLoader();
      // Tests in this checkout load the root copy: the exact file that ships.
      fs.copyFileSync(dest, path.join(ROOT, `${BINARY_NAME}.${target.platform}.node`));
    }
  }
  if (!host) fs.rmSync(outDir, { recursive: true, force: true });
  return r;
}

async function buildWasm() {
  // Written to a scratch dir so the root index.js (the native-first loader) is left alone;
  // only the wasm module and its glue are copied next to it.
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-wasm-"));
  const r = await runLogged(NPX, ["napi", "build", "--platform", "--release", "--esm", "--target", WASM_TARGET.triple, "--output-dir", outDir], { CARGO_TARGET_DIR: targetDirFor(WASM_TARGET.platform) });
  if (r.ok) for (const file of WASM_FILES) fs.copyFileSync(path.join(outDir, file), path.join(ROOT, file));
  fs.rmSync(outDir, { recursive: true, force: true });
  return r;
}

const host = hostPlatform();
/** @type {Array<{platform: string, triple: string, build: () => Promise<{ok: boolean, log: string}>}>} */
const queue = [];
// Host first: it regenerates the loader, and it is the one CI tests most.
const ordered = [...NATIVE_TARGETS].sort((a, b) => Number(b.platform === host) - Number(a.platform === host));
for (const target of ordered) if (wanted(target.platform)) queue.push({ platform: target.platform, triple: target.triple, build: () => buildNative(target) });
if (wanted(WASM_TARGET.platform)) queue.push({ ...WASM_TARGET, build: buildWasm });

// rustup first, one target at a time, so a failed download names exactly that target.
const buildable = queue.filter((item) => {
  if (ensureRustTarget(item.triple)) return true;
  skipped.push(item.platform);
  skippedTriples.push(item.triple);
  return false;
});

let failed = false;
const started = Date.now();
async function worker() {
  for (let item = buildable.shift(); item; item = buildable.shift()) {
    const t0 = Date.now();
    process.stdout.write(`build:all: ${item.platform} started\n`);
    const { ok, log } = await item.build();
    const seconds = (Date.now() - t0) / 1000;
    if (ok) {
      timings.push({ platform: item.platform, seconds });
      process.stdout.write(`build:all: ${item.platform} built in ${seconds.toFixed(0)}s\n`);
    } else {
      failed = true;
      process.stdout.write(`${log}\nbuild:all: ${item.platform} FAILED after ${seconds.toFixed(0)}s (log above)\n`);
    }
  }
}
await Promise.all(Array.from({ length: jobs }, worker));

process.stdout.write(`\nbuild:all timings (${jobs} at a time, ${((Date.now() - started) / 1000).toFixed(0)}s wall): ${timings.map((t) => `${t.platform} ${t.seconds.toFixed(0)}s`).join(", ")}\n`);
if (skipped.length) {
  process.stdout.write(`SKIPPED TARGETS (rustup could not install them): ${skipped.join(", ")}\n`);
  // rustup fails here for a download it could not make (offline, a proxy) or a toolchain it
  // does not manage (a distribution's Rust): both have a fix that is one command away.
  process.stdout.write(
    `To recover: check the network, run \`rustup target add ${skippedTriples.join(" ")}\` and read its error ` +
      "(a Rust not installed by rustup cannot add targets: install rustup from https://rustup.rs), then run build:all again; " +
      `or build what this machine can with --only=<platform> (${host} is this machine), or pass --allow-missing to accept the skip.\n`,
  );
}
process.exit(failed || skipped.includes(host) || (skipped.length > 0 && !allowMissing) ? 1 : 0);
