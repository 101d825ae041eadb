// `npm run build`: builds the addon for this platform. On Linux x64 with zig available
// (`pip install ziglang cargo-zigbuild`, as .ci/run does) it targets glibc 2.17, so the shipped
// binary also loads on older distributions; otherwise it builds for the host's glibc.
// PI_LEAN_HOST_BUILD=1 forces the host build; extra arguments go to `napi build`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ok = (/** @type {string} */ cmd, /** @type {string[]} */ args) => spawnSync(cmd, args, { stdio: "ignore" }).status === 0;

function zigAvailable() {
  if (!ok("cargo-zigbuild", ["--version"])) return false;
  return ok("zig", ["version"]) || ok("python3", ["-c", "import ziglang"]);
}

const args = ["napi", "build", "--platform", "--release", "--esm"];
const portable = process.platform === "linux" && process.arch === "x64" && !process.env.PI_LEAN_HOST_BUILD && zigAvailable();
if (portable) args.push("--target", "x86_64-unknown-linux-gnu.2.17", "-x");
else process.stderr.write("pi-lean build: zig not found, building for the host glibc (pip install ziglang cargo-zigbuild for a glibc 2.17 baseline)\n");
args.push(...process.argv.slice(2));
const result = spawnSync(process.platform === "win32" ? "npx.cmd" : "npx", args, { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
