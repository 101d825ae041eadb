// `npm run pack:local`: tarballs that install and run on this machine, without a registry.
// Builds the core for this platform (`npm run build`, skipped with --no-build when the binary is
// already there), packs this platform's package (npm/<platform>/ plus the binary) and the root
// package with an optionalDependency on that tarball, both into `dist/`, and prints the one
// `pi install` line to run. The root package is packed as the release packs it, minus the other
// platforms; the WebAssembly fallback goes in only when it was built (`npm run build:all`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BINARY_NAME, ROOT, hostPlatform } from "./build-targets.mjs";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const out = path.join(ROOT, "dist");
const platform = hostPlatform();
const binary = `${BINARY_NAME}.${platform}.node`;

/** @param {string} message */
function fail(message) {
  process.stderr.write(`pack:local: ${message}\n`);
  process.exit(1);
}

if (!fs.existsSync(path.join(ROOT, "npm", platform, "package.json"))) fail(`no package for this platform (${platform}) in npm/; pi-lean ships for ${fs.readdirSync(path.join(ROOT, "npm")).join(", ")}`);
if (!process.argv.includes("--no-build")) {
  const built = spawnSync(NPM, ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) fail("npm run build failed (output above)");
}
if (!fs.existsSync(path.join(ROOT, binary))) fail(`${binary} is missing: run npm run build first`);

/**
 * `npm pack` of a dir into `dist/`, without lifecycle scripts (the root's prepack asks for the
 * full release set); returns the tarball's absolute path.
 * @param {string} dir
 */
function pack(dir) {
  const r = spawnSync(NPM, ["pack", "--json", "--ignore-scripts", "--pack-destination", out], { cwd: dir, encoding: "utf8" });
  if (r.status !== 0) fail(`npm pack in ${dir} failed: ${r.stderr.trim()}`);
  return path.join(out, JSON.parse(r.stdout)[0].filename);
}

fs.mkdirSync(out, { recursive: true });
const stage = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-pack-"));
try {
  // The platform package: its committed manifest plus the binary `npm run build` left at the root.
  const platformDir = path.join(stage, platform);
  fs.mkdirSync(platformDir);
  fs.copyFileSync(path.join(ROOT, "npm", platform, "package.json"), path.join(platformDir, "package.json"));
  fs.copyFileSync(path.join(ROOT, binary), path.join(platformDir, binary));
  const platformTarball = pack(platformDir);

  // The root package: packed as is, then its manifest points at the platform tarball, as
  // `napi prepublish` points it at the registry's platform packages.
  const rootStage = path.join(stage, "root");
  fs.mkdirSync(rootStage);
  const tar = spawnSync("tar", ["-xzf", pack(ROOT), "-C", rootStage]);
  if (tar.status !== 0) fail(`could not unpack the root tarball: ${tar.stderr}`);
  const packageDir = path.join(rootStage, "package");
  const manifestFile = path.join(packageDir, "package.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  manifest.optionalDependencies = { ...manifest.optionalDependencies, [`${BINARY_NAME}-${platform}`]: `file:${platformTarball}` };
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  const rootTarball = pack(packageDir);
  const wasm = fs.existsSync(path.join(packageDir, `${BINARY_NAME}.wasm32-wasi.wasm`));
  process.stdout.write(
    `pack:local: ${path.relative(ROOT, rootTarball)} (root${wasm ? ", with the WebAssembly fallback" : ""}) and ${path.relative(ROOT, platformTarball)} (${platform})\n` +
      `Install into Pi with:\n  pi install npm:${BINARY_NAME}@file:${rootTarball}\n`,
  );
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
