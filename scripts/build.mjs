// `npm run build`: builds the addon for this platform only (fast; `npm run build:all` builds
// every shipped platform). On Linux x64 with zig available (`pip install ziglang
// cargo-zigbuild`, as .ci/run does) it targets glibc 2.17, so the binary under test is the
// portable one that ships; otherwise it builds for the host's glibc.
// `napi build` regenerates index.js/index.d.ts; the loader fix-up in build-targets.mjs is
// applied afterwards, so this command is the one way to regenerate the loader.
// Flags: --debug (no --release), --no-zig / PI_LEAN_HOST_BUILD=1 (host glibc); the rest goes
// to `napi build`.
import { NPX, fixGeneratedLoader, keepWasmFallback, run, zigAvailable } from "./build-targets.mjs";

const argv = process.argv.slice(2);
const debug = argv.includes("--debug");
const noZig = argv.includes("--no-zig") || Boolean(process.env.PI_LEAN_HOST_BUILD);
const passThrough = argv.filter((a) => a !== "--debug" && a !== "--no-zig");

const args = ["napi", "build", "--platform", "--esm"];
if (!debug) args.push("--release");
const linuxX64 = process.platform === "linux" && process.arch === "x64";
if (linuxX64 && !noZig && zigAvailable()) args.push("--target", "x86_64-unknown-linux-gnu.2.17", "-x");
else if (linuxX64 && !noZig) process.stderr.write("pi-lean build: zig not found, building for the host glibc (pip install ziglang cargo-zigbuild for a glibc 2.17 baseline)\n");
args.push(...passThrough);
const restoreWasm = keepWasmFallback();
const built = run(NPX, args);
restoreWasm();
if (!built) process.exit(1);
fixGeneratedLoader();
