// End-to-end: the npm tarball, installed with `pi install npm:pi-lean@file:<tgz>` (the spec form
// that lets Pi find the installed package by name) into a fresh agent dir with no cargo
// on PATH, loads its prebuilt binary and replaces the catalog in real Pi 1.6.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, systemText, toolMessages } from "./helpers/fake-model.mjs";
import { PI_CLI, REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const node = findPiNode();
const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
/** A PATH with Node 22 and system tools but without ~/.cargo/bin. */
const PATH_WITHOUT_CARGO = node ? [path.dirname(node), "/usr/local/bin", "/usr/bin", "/bin"].filter((d) => !fs.existsSync(path.join(d, "cargo"))).join(":") : "";

describe("pi install of the packed tarball", { skip: node ? false : "needs Node >= 22.19 for Pi 1.6" }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  let tarball = "";
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let install;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    model = new FakeModel([{ toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] }, { text: "Installed fine." }]);
    await model.start();
    sandbox = makeSandbox(model);
    const pack = spawnSync("npm", ["pack", "--json", "--pack-destination", sandbox.root], { cwd: REPO_ROOT, encoding: "utf8" });
    assert.equal(pack.status, 0, pack.stderr);
    tarball = path.join(sandbox.root, JSON.parse(pack.stdout)[0].filename);
    const env = { PATH: PATH_WITHOUT_CARGO, HOME: sandbox.home, PI_CODING_AGENT_DIR: sandbox.agent, PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1" };
    const result = spawnSync(/** @type {string} */ (node), [PI_CLI, "install", `npm:pi-lean@file:${tarball}`], { cwd: sandbox.work, env, encoding: "utf8" });
    install = { code: result.status, stdout: result.stdout, stderr: result.stderr };
    run = await runPi(sandbox, { extension: null, path: PATH_WITHOUT_CARGO, args: ["--skill", DEP_SKILLS], prompts: ["Write release notes."] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the install ran without cargo available", () => {
    const which = spawnSync("sh", ["-c", "command -v cargo"], { env: { PATH: PATH_WITHOUT_CARGO } });
    assert.notEqual(which.status, 0, "cargo must not be on the install PATH");
    assert.equal(install.code, 0, install.stderr);
    const installed = path.join(sandbox.agent, "npm", "node_modules", "pi-lean");
    assert.ok(fs.existsSync(path.join(installed, "pi-lean.linux-x64-gnu.node")), "prebuilt binary shipped in the tarball");
    assert.ok(!fs.existsSync(path.join(installed, "src")) && !fs.existsSync(path.join(installed, "Cargo.toml")), "no Rust sources shipped");
  });

  test("the installed CLI runs from <agentDir>/npm/node_modules/.bin and its report prints that command", () => {
    const bin = path.join(sandbox.agent, "npm", "node_modules", ".bin", "pi-lean");
    const env = { PATH: PATH_WITHOUT_CARGO, HOME: sandbox.home, PI_CODING_AGENT_DIR: sandbox.agent };
    const version = spawnSync(bin, ["--version"], { cwd: sandbox.work, env, encoding: "utf8" });
    assert.equal(version.status, 0, version.stderr);
    assert.match(version.stdout, /^pi-lean \d+\.\d+\.\d+ \(core \d+\.\d+\.\d+\)\n$/);
    const report = spawnSync(bin, ["report"], { cwd: sandbox.work, env, encoding: "utf8" });
    assert.equal(report.status, 0, report.stderr);
    assert.ok(report.stdout.endsWith(`run this again: ${bin} report   (or put its directory on PATH, or npm i -g pi-lean)\n`), report.stdout);
  });

  test("the installed package removes the catalog and serves skills", () => {
    assert.equal(run.code, 0, run.stderr);
    const system = systemText(model.bodies[0]);
    assert.ok(!system.includes("<available_skills>"));
    assert.match(system, /<skill_index>\n5 skills for the model \(1 more is user-only\), not listed\./);
    const loaded = toolMessages(model.bodies[1]).at(-1);
    assert.deepEqual([...loaded.text.matchAll(/<skill name="([^"]+)"/g)].map((m) => m[1]), ["changelog-style", "git-history", "release-notes"]);
    assert.match(run.stdout, /Installed fine\./);
  });
});
