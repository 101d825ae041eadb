// End-to-end: repeats after Pi's context compaction and a restart, in the real Pi 1.6 CLI (RPC
// mode, then print mode resuming the session) against a scripted model on 127.0.0.1. Once
// Pi's compaction summarized a result away, the model no longer has it: the live session then
// sends the same output in full again, and so must a session resumed after the compaction,
// rather than a "same output as an earlier result" reference to something it cannot see.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { RpcPi } from "./helpers/rpc.mjs";

const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

const LOG = `${Array.from({ length: 900 }, (_, i) => `   Compiling step-${i} of the app in ${i % 5} ms`).join("\n")}\nfinished\n`;

describe("repeats after Pi's compaction and a resume, in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let resumed;
  let compacted = false;

  before(async () => {
    const cat = { toolCalls: [{ name: "bash", arguments: { command: "cat build.log" } }] };
    model = new FakeModel([cat, { text: "built" }, { text: "Summary: the build ran." }, cat, { text: "built again" }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    // Keep almost nothing verbatim, so the compaction summarizes the build away.
    const settings = JSON.parse(fs.readFileSync(path.join(sandbox.agent, "settings.json"), "utf8"));
    fs.writeFileSync(path.join(sandbox.agent, "settings.json"), JSON.stringify({ ...settings, compaction: { enabled: false, keepRecentTokens: 1 } }));
    fs.writeFileSync(path.join(sandbox.work, "build.log"), LOG);
    const args = ["--session-id", "compacted"];
    const rpc = new RpcPi(sandbox, { session: true, args });
    try {
      await rpc.prompt("p1", "build");
      await rpc.command("c1", { type: "compact" });
      compacted = true;
    } finally {
      await rpc.stop();
    }
    resumed = await runPi(sandbox, { session: true, args, prompts: ["build again"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the build was compacted and Pi's compaction ran", () => {
    assert.ok(compacted);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(toolMessages(model.bodies[1]).at(-1)?.text ?? "", /token_retrieve id=[0-9a-f]{16} startLine=\d+\]/);
  });

  test("after the resume, the summarized build is sent as a view again, not as a reference", () => {
    const last = model.bodies.at(-1);
    const text = toolMessages(last).at(-1)?.text ?? "";
    assert.doesNotMatch(text, /^\[Same output as an earlier/);
    assert.match(text, /token_retrieve id=[0-9a-f]{16} startLine=\d+\]/);
    // The first view is no longer in what the model was sent.
    assert.equal(toolMessages(last).length, 1, JSON.stringify(toolMessages(last).map((m) => m.text.slice(0, 60))));
  });
});
