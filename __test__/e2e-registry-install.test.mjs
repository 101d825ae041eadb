// End-to-end: install pi-lean the way a user will, from an npm registry. A local verdaccio on
// 127.0.0.1 serves the packages (everything else is proxied to the npm registry); the root
// package is published as `napi prepublish` would publish it (optionalDependencies naming every
// npm/<platform> package at the same version, the wasm fallback inside), then
// `pi install npm:pi-lean` runs with no cargo on PATH and real Pi 1.6 starts with pi-lean:
//   1. root + this host's platform package published: the native binary loads;
//   2. root only (no platform package for this machine): npm skips the missing optional
//      package and pi-lean runs on the wasm fallback.
// Needs `npm run build:all` output (the host's npm/<platform> binary and the wasm files).
// verdaccio 6.10.4 is installed once into ~/.cache/pi-lean/verdaccio from the npm registry.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, systemText, toolMessages } from "./helpers/fake-model.mjs";
import { PI_CLI, REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { hostPlatform as currentPlatform } from "../scripts/build-targets.mjs";

const node = findPiNode();
const CACHE = path.join(os.homedir(), ".cache", "pi-lean");
const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const rootPackage = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
const platformDirs = fs.readdirSync(path.join(REPO_ROOT, "npm")).sort();
const hostPlatform = currentPlatform();
const hostBinary = path.join(REPO_ROOT, "npm", hostPlatform, `pi-lean.${hostPlatform}.node`);
const wasmBuilt = fs.existsSync(path.join(REPO_ROOT, "pi-lean.wasm32-wasi.wasm"));
/** A PATH with Node 22 and system tools but without ~/.cargo/bin. */
const PATH_WITHOUT_CARGO = node ? [path.dirname(node), "/usr/local/bin", "/usr/bin", "/bin"].filter((d) => !fs.existsSync(path.join(d, "cargo"))).join(":") : "";

const skip = !node ? "needs Node >= 22.19 for Pi 1.6" : !fs.existsSync(hostBinary) || !wasmBuilt ? "needs npm run build:all output (host platform package and wasm fallback)" : false;

function verdaccioBin() {
  const prefix = path.join(CACHE, "verdaccio");
  const bin = path.join(prefix, "node_modules", "verdaccio", "bin", "verdaccio");
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(prefix, { recursive: true });
    // node-fetch's `cjs` dist-tag, which a verdaccio dependency asks for, is missing on some
    // registry mirrors; 2.7.0 is what that tag names.
    fs.writeFileSync(path.join(prefix, "package.json"), JSON.stringify({ name: "verdaccio-cache", private: true, overrides: { "node-fetch": "2.7.0" } }));
    const r = spawnSync("npm", ["install", "--prefix", prefix, "--no-audit", "--no-fund", "--no-save", "verdaccio@6.10.4"], { encoding: "utf8" });
    assert.equal(r.status, 0, `installing verdaccio: ${r.stderr}`);
  }
  return bin;
}

async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Starts verdaccio with its own storage; pi-lean* packages are local only, the rest proxied. */
async function startRegistry(/** @type {string} */ dir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  fs.writeFileSync(
    path.join(dir, "config.yaml"),
    [
      `storage: ${path.join(dir, "storage")}`,
      "auth:",
      "  htpasswd:",
      `    file: ${path.join(dir, "htpasswd")}`,
      "uplinks:",
      "  npmjs:",
      "    url: https://registry.npmjs.org/",
      "packages:",
      "  'pi-lean*':",
      "    access: $all",
      "    publish: $authenticated",
      "  '**':",
      "    access: $all",
      "    publish: $authenticated",
      "    proxy: npmjs",
      // The root package carries the 8 MB embedding table and the wasm fallback; verdaccio's
      // default cap is 10 MB.
      "max_body_size: 64mb",
      "log: { type: stdout, format: pretty, level: warn }",
      "",
    ].join("\n"),
  );
  const child = spawn(/** @type {string} */ (node), [verdaccioBin(), "--config", path.join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (c) => (log += c));
  child.stderr.on("data", (c) => (log += c));
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}-/ping`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 150 || child.exitCode !== null) throw new Error(`verdaccio did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // A publish token: verdaccio's htpasswd plugin creates the user on first login.
    const res = await fetch(`${url}-/user/org.couchdb.user:ci`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "ci", password: "ci-password", type: "user", roles: [], date: new Date().toISOString() }),
    });
    const body = await res.text();
    assert.ok(res.ok, `verdaccio user: ${res.status} ${body}`);
    const { token } = /** @type {{token: string}} */ (JSON.parse(body));
    const npmrc = path.join(dir, "npmrc");
    fs.writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    return { url, npmrc, stop: () => child.kill("SIGTERM") };
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
}
/** Publishes a package dir to the registry. @param {string} dir @param {{npmrc: string}} registry */
function publish(dir, registry) {
  const r = spawnSync("npm", ["publish", "--ignore-scripts", "--userconfig", registry.npmrc], { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 0, `npm publish ${dir}: ${r.stderr}`);
}

/** The root package as the release publishes it: npm pack output, plus the optionalDependencies
 * `napi prepublish` writes (every npm/<platform> package at the root version). */
function stageRoot(/** @type {string} */ dir) {
  const pack = spawnSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], { cwd: REPO_ROOT, encoding: "utf8" });
  assert.equal(pack.status, 0, pack.stderr);
  const tarball = path.join(dir, JSON.parse(pack.stdout)[0].filename);
  assert.equal(spawnSync("tar", ["-xzf", tarball, "-C", dir]).status, 0);
  const staged = path.join(dir, "package");
  const manifest = JSON.parse(fs.readFileSync(path.join(staged, "package.json"), "utf8"));
  manifest.optionalDependencies = Object.fromEntries(
    platformDirs.map((d) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "npm", d, "package.json"), "utf8"))).map((p) => [p.name, rootPackage.version]),
  );
  delete manifest.devDependencies;
  fs.writeFileSync(path.join(staged, "package.json"), JSON.stringify(manifest, null, 2));
  return staged;
}

/** The host platform package: its committed package.json plus the built binary. */
function stageHostPlatform(/** @type {string} */ dir) {
  const staged = path.join(dir, `platform-${hostPlatform}`);
  fs.cpSync(path.join(REPO_ROOT, "npm", hostPlatform), staged, { recursive: true });
  return staged;
}

/**
 * One install case: publish, `pi install npm:pi-lean`, run Pi and `pi-lean report`.
 * @param {{withPlatformPackage: boolean}} options
 */
async function installCase({ withPlatformPackage }) {
  const model = new FakeModel([{ toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] }, { text: "Installed fine." }]);
  await model.start();
  const sandbox = makeSandbox(model);
  /** @type {Awaited<ReturnType<typeof startRegistry>> | null} */
  let registry = null;
  try {
    registry = await startRegistry(fs.mkdtempSync(path.join(sandbox.root, "registry-")));
    publish(stageRoot(sandbox.root), registry);
    if (withPlatformPackage) publish(stageHostPlatform(sandbox.root), registry);
    const env = {
      PATH: PATH_WITHOUT_CARGO,
      HOME: sandbox.home,
      PI_CODING_AGENT_DIR: sandbox.agent,
      PI_OFFLINE: "1",
      PI_TELEMETRY: "0",
      PI_SKIP_VERSION_CHECK: "1",
      npm_config_registry: registry.url,
      npm_config_cache: path.join(sandbox.root, "npm-cache"),
      npm_config_userconfig: registry.npmrc,
    };
    const install = spawnSync(/** @type {string} */ (node), [PI_CLI, "install", "npm:pi-lean"], { cwd: sandbox.work, env, encoding: "utf8", timeout: 300_000 });
    const installed = path.join(sandbox.agent, "npm", "node_modules");
    const report = spawnSync(/** @type {string} */ (node), [path.join(installed, "pi-lean", "bin", "pi-lean.js"), "report"], { env: { PATH: PATH_WITHOUT_CARGO, HOME: sandbox.home }, encoding: "utf8" });
    const run = await runPi(sandbox, { extension: null, path: PATH_WITHOUT_CARGO, args: ["--skill", DEP_SKILLS], prompts: ["Write release notes."], env: { npm_config_registry: registry.url } });
    return { install, report, run, installed, model, sandbox, packages: fs.existsSync(installed) ? fs.readdirSync(installed) : [] };
  } finally {
    registry?.stop();
    await model.stop();
  }
}

/** Pi ran with pi-lean loaded: catalog replaced by the index, a skill served through the tool. */
function assertPiLeanServedSkills(/** @type {Awaited<ReturnType<typeof installCase>>} */ result) {
  // The one copy of the embedding table is in the root package, and the core read it.
  assert.ok(fs.existsSync(path.join(result.installed, "pi-lean", "crates", "lean-core", "data", "skill-embeddings.bin")), "the table ships in the root package");
  assert.doesNotMatch(result.report.stderr, /EMBEDDINGS_UNAVAILABLE/);
  assert.doesNotMatch(result.run.stderr, /EMBEDDINGS_UNAVAILABLE/);
  assert.equal(result.run.code, 0, result.run.stderr);
  const system = systemText(result.model.bodies[0]);
  assert.ok(!system.includes("<available_skills>"), "stock catalog removed");
  assert.match(system, /<skill_index>\n5 skills for the model \(1 more is user-only\), not listed\./);
  const loaded = toolMessages(result.model.bodies[1]).at(-1);
  assert.deepEqual([...loaded.text.matchAll(/<skill name="([^"]+)"/g)].map((m) => m[1]), ["changelog-style", "git-history", "release-notes"]);
  assert.match(result.run.stdout, /Installed fine\./);
}

describe("pi install npm:pi-lean from a registry", { skip }, () => {
  /** @type {Awaited<ReturnType<typeof installCase>>} */
  let native;
  /** @type {Awaited<ReturnType<typeof installCase>>} */
  let wasm;

  before(async () => {
    native = await installCase({ withPlatformPackage: true });
    wasm = await installCase({ withPlatformPackage: false });
  });

  after(() => {
    native?.sandbox.cleanup();
    wasm?.sandbox.cleanup();
  });

  test("no cargo on the install PATH", () => {
    const which = spawnSync("sh", ["-c", "command -v cargo"], { env: { PATH: PATH_WITHOUT_CARGO } });
    assert.notEqual(which.status, 0);
  });

  test("root + platform package: npm installs the platform package and the native binary loads", () => {
    assert.equal(native.install.status, 0, native.install.stderr);
    assert.ok(native.packages.includes(`pi-lean-${hostPlatform}`), `installed: ${native.packages.join(", ")}`);
    assert.ok(!fs.existsSync(path.join(native.installed, "pi-lean", "src")), "no Rust sources shipped");
    assert.deepEqual(fs.readdirSync(path.join(native.installed, "pi-lean")).filter((f) => f.endsWith(".node")), [], "the root package carries no native binary");
    assert.equal(native.report.status, 0, native.report.stderr);
    assert.match(native.report.stdout, new RegExp(`^binding: native ${hostPlatform}$`, "m"));
    assertPiLeanServedSkills(native);
  });

  test("root only: no platform package matches, pi-lean runs on the wasm fallback", () => {
    assert.equal(wasm.install.status, 0, wasm.install.stderr);
    assert.deepEqual(wasm.packages.filter((p) => p.startsWith("pi-lean-")), [], "no platform package was installed");
    assert.ok(fs.existsSync(path.join(wasm.installed, "pi-lean", "pi-lean.wasm32-wasi.wasm")), "wasm shipped in the root package");
    assert.equal(wasm.report.status, 0, wasm.report.stderr);
    assert.match(wasm.report.stdout, /^binding: wasm32-wasi \(WebAssembly fallback/m);
    assertPiLeanServedSkills(wasm);
  });
});
