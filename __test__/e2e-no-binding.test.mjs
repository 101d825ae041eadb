// End-to-end: a pi-lean install in which no build of the core loads (no platform package, no
// WebAssembly fallback) must not take Pi down. Real Pi 1.6 loads a copy of the package with
// every binary left out: Pi answers, its requests are byte-for-byte those of a run without the
// extension, and the user is told once, in one line, what to reinstall. In the TUI the line
// shows as a warning, once, and a /reload does not add it again.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { TmuxPi, hasTmux } from "./helpers/tmux.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;
const LINE = /^pi-lean is off: BINDING_UNAVAILABLE: no build of pi-lean's core could be loaded for [a-z0-9]+-[a-z0-9]+ \(.+\); reinstall pi-lean .*pi install /;

/**
 * The package as npm would unpack it, minus every binary, in a dir with no node_modules above
 * it: the loader finds nothing, and Pi's own packages resolve to Pi's copies, as in an install.
 */
function packageWithoutBinary() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-nocore-"));
  for (const entry of ["bin", "extension", "schema", "sample-skills"]) fs.cpSync(path.join(REPO_ROOT, entry), path.join(root, entry), { recursive: true });
  for (const file of ["index.js", "package.json"]) fs.copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
  return root;
}

describe("Pi with pi-lean installed but no loadable core", { skip }, () => {
  let root = "";
  before(() => {
    root = packageWithoutBinary();
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  test("print mode: Pi answers as stock and stderr has the one line, once per process", async () => {
    // The same answer to every request, so the two runs' histories match.
    const model = new FakeModel(Array.from({ length: 4 }, () => ({ text: "an answer" })));
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const spec = { args: ["--skill", DEP_SKILLS], prompts: ["hello", "and again"] };
      const broken = await runPi(sandbox, { ...spec, extension: path.join(root, "extension", "index.js") });
      assert.equal(broken.code, 0, broken.stderr);
      assert.match(broken.stdout, /an answer/);
      const lines = broken.stderr.split("\n").filter(Boolean);
      assert.equal(lines.length, 1, `one line, got:\n${broken.stderr}`);
      assert.match(lines[0], LINE);
      assert.doesNotMatch(broken.stderr, /package-lock|npm\/cli/, "not napi's npm advice");
      const stock = await runPi(sandbox, { ...spec, extension: null });
      assert.equal(stock.code, 0, stock.stderr);
      assert.equal(stock.stderr, "");
      const raw = model.rawBodies;
      assert.equal(raw.length, 4);
      assert.ok(raw[0].includes("<available_skills>"), "Pi's own skill catalog is sent");
      assert.equal(raw[0], raw[2], "first request: the same bytes as stock Pi");
      assert.equal(raw[1], raw[3], "second request: the same bytes as stock Pi");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("the TUI shows the line once as a warning, answers a prompt, and /reload does not add it again", { skip: hasTmux ? false : "needs tmux" }, async () => {
    const model = new FakeModel([{ text: "answered without pi-lean" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    const pi = new TmuxPi(sandbox, `pi-lean-nocore-${process.pid}`, ["--skill", DEP_SKILLS], { extension: path.join(root, "extension", "index.js") });
    try {
      const first = await pi.waitFor(/BINDING_UNAVAILABLE[\s\S]*fake-model/);
      assert.equal(first.split("BINDING_UNAVAILABLE").length - 1, 1, first);
      assert.match(first, /pi-lean is off: BINDING_UNAVAILABLE/);
      await pi.submit("hello");
      await pi.waitFor(/answered without pi-lean/);
      assert.ok(model.rawBodies[0].includes("<available_skills>"), "Pi's own skill catalog is sent");
      await pi.submit("/reload");
      // Pi redraws the chat on reload; the factory runs again but the line is not added again.
      const reloaded = await pi.waitFor(/Reloaded keybindings, extensions/);
      assert.ok(reloaded.split("BINDING_UNAVAILABLE").length - 1 <= 1, reloaded);
    } finally {
      pi.stop();
      await model.stop();
      sandbox.cleanup();
    }
  });
});
