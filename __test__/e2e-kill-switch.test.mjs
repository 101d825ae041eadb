// End-to-end: PI_LEAN_DISABLE=1 (or true, yes, on) leaves Pi untouched. The real Pi 1.6 CLI runs the same script
// twice in one sandbox, once without the extension and once with it but switched off; the
// request bytes must be identical (skills catalog, tools, tool results).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { FakeModel } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

describe("kill switch", { skip }, () => {
  test("PI_LEAN_DISABLE=1 sends the same request bytes as a run without the extension", async () => {
    // A generated log of about 40 KB: long enough for the Token Saver, under Pi's 50 KB cut
    // (a cut output names a random temp file, which would differ between the runs).
    const turn = [{ toolCalls: [{ name: "bash", arguments: { command: "cat build.log" } }] }, { text: "done" }];
    const model = new FakeModel([...turn, ...turn, ...turn]);
    await model.start();
    const sandbox = makeSandbox(model);
    const lines = Array.from({ length: 700 }, (_, i) => `[${String(i).padStart(4, "0")}] compiling module_${i % 37}/unit_${i}.rs with opt-level 3`);
    fs.writeFileSync(path.join(sandbox.work, "build.log"), `${lines.join("\n")}\nerror[E0308]: mismatched types in unit_512.rs\n`);
    try {
      const spec = { args: ["--skill", DEP_SKILLS], prompts: ["Read the search module, then use a skill for release notes."] };
      const without = await runPi(sandbox, { ...spec, extension: null });
      assert.equal(without.code, 0, without.stderr);
      const disabled = await runPi(sandbox, { ...spec, env: { PI_LEAN_DISABLE: "1" } });
      assert.equal(disabled.code, 0, disabled.stderr);
      const enabled = await runPi(sandbox, spec);
      assert.equal(enabled.code, 0, enabled.stderr);
      // Tool-call ids are numbered per request by the scripted model, not by Pi.
      const raw = model.rawBodies.map((body) => body.replace(/"call_\d+_(\d+)"/g, '"call_$1"'));
      assert.equal(raw.length, 6);
      assert.ok(raw[0].includes("<available_skills>"), "Pi's own catalog is sent");
      assert.ok(raw[2] === raw[0], "first request: same bytes");
      assert.ok(raw[3] === raw[1], "request with the tool result: same bytes");
      assert.ok(raw[1].length > 30_000, "the tool result is long enough for the Token Saver to act on");
      // The control: with the extension on, the requests differ (so the comparison can fail).
      assert.ok(raw[4] !== raw[0]);
      assert.ok(!raw[4].includes("<available_skills>"));
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("the switch reads like a flag: true, yes or on switch pi-lean off too; 0, false, no, off or empty leave it on", async () => {
    const model = new FakeModel([]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      /** @type {Record<string, boolean>} value -> whether Pi's own catalog was sent (pi-lean off) */
      const stock = {};
      for (const value of ["true", "YES", "on", "0", "false", "no", "off", ""]) {
        const run = await runPi(sandbox, { args: ["--skill", DEP_SKILLS], prompts: ["hi"], env: { PI_LEAN_DISABLE: value } });
        assert.equal(run.code, 0, run.stderr);
        stock[value] = /** @type {string} */ (model.rawBodies.at(-1)).includes("<available_skills>");
      }
      assert.deepEqual(stock, { true: true, YES: true, on: true, 0: false, false: false, no: false, off: false, "": false });
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});
