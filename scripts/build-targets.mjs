// The platforms pi-lean ships, and how each one is built on a Linux x64 machine. One table
// serves `npm run build`, `npm run build:all`, the artifact checker and the release workflow's
// expectations, so a new platform is added in one place.
//
// Linux gnu targets carry the `.2.17` suffix: cargo-zigbuild links them against glibc 2.17, so
// the binaries load on every distribution Node 22 supports. Windows is built as
// x86_64-pc-windows-gnu through zig, because the MSVC target needs Microsoft's CRT and SDK
// (cargo-xwin downloads them from Microsoft, which this machine cannot reach). napi-rs resolves
// every N-API symbol from the host process at load time (napi's default `dyn-symbols`), so
// the gnu DLL loads into the official MSVC-built node.exe.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BINARY_NAME = "pi-lean";

/**
 * @typedef {object} Target
 * @property {string} platform  napi-rs platform name: the npm/<platform> dir and `pi-lean.<platform>.node`
 * @property {string} triple    rustup/cargo target triple
 * @property {string} buildTarget  what `--target` gets (may carry a glibc version suffix)
 * @property {"napi-zig" | "cargo-zigbuild"} via  `napi build -x` or plain `cargo zigbuild`
 * @property {Record<string, string>} [env]  extra build environment
 */

/** Node 22 itself needs macOS 11; without this zig stamps its own SDK's version (15.0) as the
 * minimum, and the dylib would refuse to load on older Macs Node runs on. */
const MACOS_FLOOR = { MACOSX_DEPLOYMENT_TARGET: "11.0" };

/** @type {Target[]} */
export const NATIVE_TARGETS = [
  { platform: "linux-x64-gnu", triple: "x86_64-unknown-linux-gnu", buildTarget: "x86_64-unknown-linux-gnu.2.17", via: "napi-zig" },
  { platform: "linux-arm64-gnu", triple: "aarch64-unknown-linux-gnu", buildTarget: "aarch64-unknown-linux-gnu.2.17", via: "napi-zig" },
  { platform: "linux-x64-musl", triple: "x86_64-unknown-linux-musl", buildTarget: "x86_64-unknown-linux-musl", via: "napi-zig" },
  { platform: "linux-arm64-musl", triple: "aarch64-unknown-linux-musl", buildTarget: "aarch64-unknown-linux-musl", via: "napi-zig" },
  { platform: "darwin-arm64", triple: "aarch64-apple-darwin", buildTarget: "aarch64-apple-darwin", via: "napi-zig", env: MACOS_FLOOR },
  { platform: "darwin-x64", triple: "x86_64-apple-darwin", buildTarget: "x86_64-apple-darwin", via: "napi-zig", env: MACOS_FLOOR },
  // napi build -x rejects windows-gnu (it would route to cargo-xwin), so this one goes through
  // cargo-zigbuild directly; the build output is the same cdylib napi build would copy.
  { platform: "win32-x64-gnu", triple: "x86_64-pc-windows-gnu", buildTarget: "x86_64-pc-windows-gnu", via: "cargo-zigbuild" },
];

/** The WebAssembly fallback, shipped inside the root package (not as a platform package). */
export const WASM_TARGET = { platform: "wasm32-wasi", triple: "wasm32-wasip1-threads" };

/** Files `napi build --target wasm32-wasip1-threads` writes next to index.js; all ship in the root package. */
export const WASM_FILES = ["pi-lean.wasm32-wasi.wasm", "pi-lean.wasi.cjs", "pi-lean.wasi-browser.js", "wasi-worker.mjs", "wasi-worker-browser.mjs"];

/** The napi-rs platform name of the machine running this script (`linux-x64-gnu`, ...). */
export function hostPlatform() {
  if (process.platform === "linux") {
    const report = /** @type {{header?: {glibcVersionRuntime?: string}}} */ (process.report?.getReport() ?? {});
    return `linux-${process.arch}-${report.header?.glibcVersionRuntime ? "gnu" : "musl"}`;
  }
  if (process.platform === "win32") return `win32-${process.arch}-gnu`;
  return `${process.platform}-${process.arch}`;
}

const quietOk = (/** @type {string} */ cmd, /** @type {string[]} */ args) => spawnSync(cmd, args, { stdio: "ignore" }).status === 0;

/** True when cargo-zigbuild and a zig (on PATH or from the `ziglang` PyPI package) are available. */
export function zigAvailable() {
  if (!quietOk("cargo-zigbuild", ["--version"])) return false;
  return quietOk("zig", ["version"]) || quietOk("python3", ["-c", "import ziglang"]);
}

/** Cargo's target dir, as cargo itself resolves it for this workspace. */
export function cargoTargetDir() {
  return process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(ROOT, "target");
}

/**
 * Runs a command with inherited output; returns whether it succeeded.
 * @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 */
export function run(cmd, args, env) {
  process.stdout.write(`$ ${cmd} ${args.join(" ")}\n`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: env ? { ...process.env, ...env } : process.env });
  return result.status === 0;
}

export const NPX = process.platform === "win32" ? "npx.cmd" : "npx";

/**
 * The generated loader only looks for `win32-x64-msvc` when Node itself is an MSVC build (the
 * official one), so without this it would skip our gnu binary on every stock Windows Node and
 * fall back to wasm. This adds the gnu file and package as the next candidates on that branch.
 * Idempotent; throws if the generated code no longer has the expected shape, so a CLI upgrade
 * cannot silently drop Windows.
 * @param {string} loader the generated index.js
 */
export function acceptGnuBinaryOnMsvcNode(loader) {
  const marker = "// pi-lean: the zig-built gnu DLL serves MSVC Node too (scripts/build-targets.mjs)";
  if (loader.includes(marker)) return loader;
  const msvcTail = /(require\('pi-lean-win32-x64-msvc'\)[\s\S]*?loadErrors\.push\(e\)\n(\s*)\}\n)/;
  const match = msvcTail.exec(loader);
  if (!match) throw new Error("LOADER_SHAPE: the generated index.js has no win32-x64-msvc branch to extend; update acceptGnuBinaryOnMsvcNode for this @napi-rs/cli");
  const indent = match[2];
  const tryLocal = `${indent}${marker}\n${indent}try {\n${indent}  return require('./pi-lean.win32-x64-gnu.node')\n${indent}} catch (e) {\n${indent}  loadErrors.push(e)\n${indent}}\n`;
  const tryPackage = `${indent}try {\n${indent}  return require('pi-lean-win32-x64-gnu')\n${indent}} catch (e) {\n${indent}  loadErrors.push(e)\n${indent}}\n`;
  const at = match.index + match[0].length;
  return loader.slice(0, at) + tryLocal + tryPackage + loader.slice(at);
}

/**
 * `napi build` for a native target deletes WASI outputs it finds in its output dir unless a wasm
 * target is configured in `napi.targets` (we keep it out: the fallback ships inside the root
 * package, not as a `pi-lean-wasm32-wasi` package). Call before a build into the root; the
 * returned function puts back the wasm fallback files the build removed.
 */
export function keepWasmFallback() {
  /** @type {Array<[string, Buffer]>} */
  const saved = WASM_FILES.filter((f) => fs.existsSync(path.join(ROOT, f))).map((f) => [f, fs.readFileSync(path.join(ROOT, f))]);
  return () => {
    for (const [file, bytes] of saved) if (!fs.existsSync(path.join(ROOT, file))) fs.writeFileSync(path.join(ROOT, file), bytes);
  };
}

/** Applies the loader fix-up to the generated index.js in place. */
export function fixGeneratedLoader() {
  const file = path.join(ROOT, "index.js");
  const before = fs.readFileSync(file, "utf8");
  const after = acceptGnuBinaryOnMsvcNode(before);
  if (after !== before) fs.writeFileSync(file, after);
}
