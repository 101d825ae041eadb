// End-to-end: near repeats after a restart, in the real Pi 1.6 CLI against a scripted model on
// 127.0.0.1. A build rerun that prints the same lines but for one number gets the near-repeat
// view (the changed line only) in the session that saw the first run, and still gets it when
// that session is resumed: the earlier result is in the resumed context as much as in the live
// one, so it must not cost a full view again.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

/** A verbose build of 900 steps; `slow` is the one step whose timing differs between runs. */
function buildLog(/** @type {number} */ slow) {
  const lines = ["building app"];
  for (let i = 1; i <= 900; i++) lines.push(`   Compiling step-${i} of the «app» in ${i === 77 ? slow : i % 5} ms`);
  lines.push("finished: 900 steps");
  return `${lines.join("\n")}\n`;
}

const NEAR_REPEAT = /^\[Same 902 lines as the earlier `cat build\.log` result \(id=([0-9a-f]{16})\) but for one line; the changed line follows as LINE: text · full output: token_retrieve id=([0-9a-f]{16}) startLine=1\]\n78: {4}Compiling step-77 of the «app» in (\d+) ms$/;

describe("near repeats after a resume, in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {Record<string, {code: number|null, stdout: string, stderr: string}>} */
  const runs = {};
  const cat = { toolCalls: [{ name: "bash", arguments: { command: "cat build.log" } }] };

  before(async () => {
    /** The build again, one timing changed. @param {number} slow */
    const rerun = (slow) => () => {
      fs.writeFileSync(path.join(sandbox.work, "build.log"), buildLog(slow));
      return cat;
    };
    model = new FakeModel([cat, { text: "built" }, rerun(11), { text: "rebuilt" }, rerun(12), { text: "rebuilt again" }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    fs.writeFileSync(path.join(sandbox.work, "build.log"), buildLog(10));
    const args = ["--session-id", "rebuilds"];
    // The build and its rerun in one process, then a second rerun in the resumed session.
    runs.live = await runPi(sandbox, { session: true, args, prompts: ["build", "rebuild"] });
    runs.resumed = await runPi(sandbox, { session: true, args, prompts: ["rebuild again", "/token-saver stats"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the runs exit cleanly and the first build is compacted", () => {
    for (const [name, run] of Object.entries(runs)) assert.equal(run.code, 0, `${name}: ${run.stderr}`);
    assert.match(toolMessages(model.bodies[1]).at(-1)?.text ?? "", /token_retrieve id=[0-9a-f]{16} startLine=\d+\]/);
  });

  test("a rerun in a resumed session is a near repeat of the result the session already holds", () => {
    const first = toolMessages(model.bodies[1]).at(-1);
    const firstId = /id=([0-9a-f]{16})/.exec(first?.text ?? "")?.[1];
    // Live, in the process that saw the first run.
    const second = NEAR_REPEAT.exec(toolMessages(model.bodies[3]).at(-1)?.text ?? "");
    assert.ok(second, `second run: ${toolMessages(model.bodies[3]).at(-1)?.text.slice(0, 300)}`);
    assert.equal(second[1], firstId);
    assert.equal(second[3], "11");
    // After the restart.
    const third = NEAR_REPEAT.exec(toolMessages(model.bodies[5]).at(-1)?.text ?? "");
    assert.ok(third, `third run: ${toolMessages(model.bodies[5]).at(-1)?.text.slice(0, 300)}`);
    assert.equal(third[1], second[2], "names the latest earlier result");
    assert.equal(third[3], "12");
  });

  test("the counters count both near repeats", () => {
    assert.match(runs.resumed.stderr, /^how results were shortened: .*near-repeat 2/m);
  });
});
