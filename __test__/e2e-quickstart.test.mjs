// End-to-end: the README's quick start, exactly as written, works for a new user. A fresh clone
// of this repository runs the commands of the README's quick-start block (read from the README,
// so the two cannot drift) with `pi` on PATH and a fresh, empty HOME; then real Pi 1.6, with no
// `-e`, answers a prompt against the scripted model, with pi-lean loaded from the install: the
// skill catalog is gone from the prompt and the skill tools are declared.
// Only the environment points at caches the machine already has (the Rust toolchain, npm's
// download cache and cargo's build dir), so the run costs a rebuild of pi-lean's own crates
// rather than a download of the world; the commands themselves are untouched.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { cargoTargetDir } from "../scripts/build-targets.mjs";
import { FakeModel } from "./helpers/fake-model.mjs";
import { PI_CLI, REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const node = findPiNode();
const hasCargo = spawnSync("cargo", ["--version"]).status === 0;
const skip = !node ? "needs Node >= 22.19 for Pi 1.6" : !hasCargo ? "needs cargo (the quick start builds the core)" : false;

/** The shell lines of the README's quick-start block. */
export function quickStartCommands() {
  const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const block = /<!-- quickstart:start[^>]*-->\n```sh\n([^]*?)```\n<!-- quickstart:end -->/.exec(readme);
  assert.ok(block, "README.md has a quick-start block between the quickstart markers");
  return block[1].split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
}

describe("the README's quick start", { skip }, () => {
  test("a fresh clone, the README's commands and a fresh HOME give a Pi with pi-lean that answers", { timeout: 1_200_000 }, async () => {
    const commands = quickStartCommands();
    assert.deepEqual(commands.map((c) => c.split(/\s+/).slice(0, 2).join(" ")), ["npm ci", "pi install"], "the block this test was written for");
    const model = new FakeModel([{ text: "hello from the quick start" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      // A clone of what is committed, as a user gets it.
      const clone = path.join(sandbox.root, "pi-lean");
      const cloned = spawnSync("git", ["clone", "--quiet", REPO_ROOT, clone], { encoding: "utf8" });
      assert.equal(cloned.status, 0, cloned.stderr);
      // Pi's default agent dir in the fresh HOME, holding only the scripted model's settings.
      const agent = path.join(sandbox.home, ".pi", "agent");
      fs.mkdirSync(agent, { recursive: true });
      for (const file of ["models.json", "settings.json"]) fs.copyFileSync(path.join(sandbox.agent, file), path.join(agent, file));
      // `pi` on PATH, as a global install of Pi puts it.
      const bin = path.join(sandbox.root, "bin");
      fs.mkdirSync(bin);
      fs.writeFileSync(path.join(bin, "pi"), `#!/bin/sh\nexec '${node}' '${PI_CLI}' "$@"\n`, { mode: 0o755 });
      const realHome = os.homedir();
      const env = {
        PATH: [bin, path.dirname(/** @type {string} */ (node)), path.join(realHome, ".cargo", "bin"), process.env.PATH].join(":"),
        HOME: sandbox.home,
        RUSTUP_HOME: process.env.RUSTUP_HOME ?? path.join(realHome, ".rustup"),
        CARGO_HOME: process.env.CARGO_HOME ?? path.join(realHome, ".cargo"),
        CARGO_TARGET_DIR: cargoTargetDir(),
        npm_config_cache: process.env.npm_config_cache ?? path.join(realHome, ".npm"),
        npm_config_update_notifier: "false",
        PI_OFFLINE: "1",
        PI_TELEMETRY: "0",
        PI_SKIP_VERSION_CHECK: "1",
      };
      const script = ["set -e", ...commands].join("\n");
      const ran = spawnSync("bash", ["-c", script], { cwd: clone, env, encoding: "utf8", timeout: 1_100_000, maxBuffer: 64 * 1024 * 1024 });
      assert.equal(ran.status, 0, `the quick start failed:\n${ran.stdout.slice(-3000)}\n${ran.stderr.slice(-3000)}`);
      const settings = JSON.parse(fs.readFileSync(path.join(agent, "settings.json"), "utf8"));
      assert.equal(settings.packages?.length, 1, "pi install recorded the clone");

      // Pi as the user starts it: no -e, the installed package loads from settings.
      const run = await runPi({ agent, home: sandbox.home, work: sandbox.work }, { extension: null, args: ["--skill", DEP_SKILLS], prompts: ["hello"] });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stderr, "");
      assert.match(run.stdout, /hello from the quick start/);
      const body = model.bodies[0];
      const system = JSON.stringify(body.messages[0]);
      assert.doesNotMatch(system, /<available_skills>/, "pi-lean removed Pi's skill catalog");
      assert.deepEqual(
        body.tools.map((/** @type {any} */ t) => t.function.name).filter((/** @type {string} */ n) => n.startsWith("skill")),
        ["skill_search", "skill"],
      );
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});
