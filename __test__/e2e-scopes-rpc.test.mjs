// End-to-end in Pi's RPC mode, where dialogs work through the extension UI sub-protocol:
// the `ask` approval dialog (Allow once / Always allow for this session / Reject), approval of
// `ask` dependencies, and the skill commands degrading to a plain-text notification.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox } from "./helpers/pi.mjs";
import { RpcPi } from "./helpers/rpc.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const APPROVAL = ["Allow once", "Always allow this skill for this session", "Reject"];

const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

describe("ask approval and commands in RPC mode", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {RpcPi} */
  let pi;
  /** @type {any[]} */
  let dialogs = [];
  /** @type {any[]} */
  let notices = [];

  before(async () => {
    model = new FakeModel([
      { toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "loop-a" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "loop-a" } }] },
      { text: "done" },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(
      path.join(sandbox.agent, "pi-lean.json"),
      JSON.stringify({ groups: { notes: ["release-notes"] }, profiles: { work: ["notes"] }, permission: { skill: { rules: [{ pattern: "release-notes", action: "ask" }, { pattern: "loop-?", action: "ask" }] } } }),
    );
    // release-notes: Reject, then Always; loop-a: Allow once, its dependency loop-b: Reject;
    // loop-a again: the dialog is cancelled (counts as Reject).
    pi = new RpcPi(sandbox, { answers: ["Reject", APPROVAL[1], "Allow once", "Reject", null], args: ["--skill", DEP_SKILLS] });
    await pi.prompt("p1", "Write the release notes.");
    await pi.prompt("c1", "/skills", { run: false });
    await pi.prompt("c2", "/skill-profile", { run: false });
    await pi.waitFor((e) => e.type === "extension_ui_request" && e.method === "notify" && /Profiles: work/.test(e.message));
    dialogs = pi.events.filter((e) => e.type === "extension_ui_request" && e.method === "select");
    notices = pi.events.filter((e) => e.type === "extension_ui_request" && e.method === "notify");
  });

  after(async () => {
    await pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test("every ask load shows the three choices; an Always answer is not asked again", () => {
    assert.deepEqual(
      dialogs.map((d) => d.title.split("?")[0]),
      ['Load skill "release-notes"', 'Load skill "release-notes"', 'Load skill "loop-a"', 'Load skill "loop-b"', 'Load skill "loop-a"'],
    );
    for (const d of dialogs) assert.deepEqual(d.options, APPROVAL);
  });

  test("Reject refuses, Always allows this and later loads, Allow once covers one load", () => {
    const results = toolMessages(model.bodies.at(-1)).map((t) => t.text);
    assert.equal(results[0], 'SKILL_DENIED: the user declined loading "release-notes"; continue without it');
    assert.ok(results[1].includes("# Release notes"), results[1].slice(0, 200));
    assert.ok(results[2].includes("# Release notes"), "no second dialog after Always");
    assert.ok(results[3].includes("Body of loop-a."));
    assert.ok(!results[3].includes("Body of loop-b."), "the rejected ask dependency is withheld");
    assert.match(results[3], /Note: 1 required skill\(s\) withheld by policy\./);
    assert.equal(results[4], 'SKILL_DENIED: the user declined loading "loop-a"; continue without it');
  });

  test("commands degrade to a plain-text notification in RPC mode", () => {
    const report = notices.find((n) => n.message.startsWith("pi-lean skills: scope all skills"));
    assert.ok(report, JSON.stringify(notices));
    assert.match(report.message, /offered release-notes \[notes\]/);
    assert.match(report.message, /hidden {2}secret-helper \(user-only: disable-model-invocation; run it with \/skill:secret-helper\)/);
    assert.match(report.message, /the interactive manager needs the TUI/);
    assert.ok(notices.some((n) => n.message === "pi-lean: skill scope is all skills (5 of 5 skills offered). Profiles: work. Use /skill-profile <name|all>."));
  });
});
