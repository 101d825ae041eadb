// The `pi-lean` command on a machine where no build of the core loads (no platform package and
// no WebAssembly fallback next to the loader): help still works, and every command that needs
// the core says so in one line and exits 1, without a stack trace.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO_ROOT } from "./helpers/pi.mjs";

describe("pi-lean without a loadable core", () => {
  let root = "";
  let cli = "";

  before(() => {
    // The package as npm would unpack it, minus every binary: the loader finds nothing.
    root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-nobinding-"));
    for (const entry of ["bin", "extension", "schema", "sample-skills"]) fs.cpSync(path.join(REPO_ROOT, entry), path.join(root, entry), { recursive: true });
    for (const file of ["index.js", "package.json"]) fs.copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
    cli = path.join(root, "bin", "pi-lean.js");
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  /** @param {string[]} args */
  const run = (args) =>
    spawnSync(process.execPath, [cli, ...args], {
      encoding: "utf8",
      input: "",
      cwd: root,
      env: { PATH: process.env.PATH, HOME: root, PI_CODING_AGENT_DIR: path.join(root, "agent") },
    });

  test("--help, help and a command's -h print the usage and exit 0", () => {
    for (const args of [["--help"], ["-h"], ["help"], [], ["search", "--help"], ["compact", "-h"], ["report", "--help"]]) {
      const r = run(args);
      assert.equal(r.status, 0, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stderr, "", args.join(" "));
      assert.match(r.stdout, /^pi-lean: lazy skills[^]*\nUsage:\n/, args.join(" "));
    }
  });

  test("a command that needs the core prints one line naming the problem and the fix, and exits 1", () => {
    for (const args of [["--version"], ["search", "deploy"], ["compact"], ["report"]]) {
      const r = run(args);
      assert.equal(r.status, 1, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stdout, "", args.join(" "));
      const lines = r.stderr.split("\n").filter(Boolean);
      assert.equal(lines.length, 1, `one line, got:\n${r.stderr}`);
      assert.match(lines[0], /^pi-lean: BINDING_UNAVAILABLE: no build of pi-lean's core could be loaded for [a-z0-9]+-[a-z0-9]+ \(.+\); reinstall pi-lean /);
      assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    }
  });

  test("usage errors are still usage errors (exit 2), found before the core is needed", () => {
    const r = run(["frobnicate"]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'pi-lean: USAGE: unknown command "frobnicate"; run pi-lean --help for more\n');
  });
});
