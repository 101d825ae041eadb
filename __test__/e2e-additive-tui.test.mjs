// The model picker's progress as a TUI user sees it: real Pi 1.6 in a tmux pane, additive
// routing with `picker: "model"`, the scripted model answering the picker late. While the
// picker request is in flight the working row reads "Choosing skills"; once it answers, the
// row reverts and the run goes on with the chosen skill. Escape cancels a slow picker at once.
// Skipped without tmux.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox } from "./helpers/pi.mjs";
import { TmuxPi, hasTmux } from "./helpers/tmux.mjs";

const SKILLS = path.join(REPO_ROOT, "sample-skills");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : !hasTmux ? "needs tmux" : false;

describe("additive model picker in Pi's TUI", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {TmuxPi} */
  let pi;

  before(async () => {
    model = new FakeModel([
      { text: '{"skills": ["git-bisect"]}', delayMs: 3000 },
      { text: "Bisected the regression." },
      // The second picker answers far beyond the user's patience: Escape cancels it.
      { text: '{"skills": ["perf-profiling"]}', delayMs: 15000 },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive", picker: "model", pickerModel: "fake/fake-model", pickerTimeoutMs: 20000 }));
    pi = new TmuxPi(sandbox, `pi-lean-additive-tui-${process.pid}`, ["--skill", SKILLS]);
    await pi.waitFor(/fake-model/);
  });

  after(async () => {
    pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test('the working row reads "Choosing skills" while the picker runs, then reverts', async () => {
    await pi.submit("A bug appeared between two releases; find the commit that introduced it.");
    await pi.waitFor(/Choosing skills/);
    const done = await pi.waitFor(/Bisected the regression\./);
    assert.doesNotMatch(done, /Choosing skills/);
    assert.equal(model.bodies.length, 2);
    const main = model.bodies[1].messages.map((/** @type {any} */ m) => (typeof m.content === "string" ? m.content : m.content.map((/** @type {any} */ p) => p.text ?? "").join(""))).join("\n");
    assert.match(main, /- git-bisect: /);
  });

  test("Escape while the picker runs cancels it at once; the row does not stay on Choosing skills", async () => {
    await pi.submit("The report endpoint is slow; profile the CPU hot spots.");
    await pi.waitFor(/Choosing skills/);
    pi.keys("Escape");
    // The picker's reply is 15 s away, so "aborted" within the wait means Escape cancelled it.
    const after = await pi.waitFor(/Operation aborted/, 5000);
    assert.doesNotMatch(after, /Choosing skills/);
    assert.equal(model.bodies.length, 3, "no agent request follows the cancelled picker");
  });
});

describe("CD-14: the working row during every round", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {TmuxPi} */
  let pi;

  before(async () => {
    model = new FakeModel([{ text: "Bisected the regression.", delayMs: 2500 }, { text: '{"skills": ["perf-profiling"]}', delayMs: 2500 }, { text: "Profiled it." }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive", workingRow: "every-round", capabilities: "route" }));
    pi = new TmuxPi(sandbox, `pi-lean-cd14-tui-${process.pid}`, ["--skill", SKILLS]);
    await pi.waitFor(/fake-model/);
  });

  after(async () => {
    pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test('CD-14: workingRow "every-round": a local round (well under a millisecond) shows "Deciding Context", and the row reverts after it', async () => {
    await pi.submit("A bug appeared between two releases; find the commit that introduced it.");
    const during = await pi.waitFor(/Deciding Context/, 5000);
    assert.doesNotMatch(during, /Choosing skills/);
    const done = await pi.waitFor(/Bisected the regression\./);
    assert.doesNotMatch(done, /Deciding Context/);
    // The local picker's round went on: its delta is in the request.
    const main = model.bodies[0].messages.map((/** @type {any} */ m) => (typeof m.content === "string" ? m.content : m.content.map((/** @type {any} */ p) => p.text ?? "").join(""))).join("\n");
    assert.match(main, /- git-bisect: /);
  });

  test('CD-14: a model picker round shows "Deciding Context" (not its own label) for as long as it runs', async () => {
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive", workingRow: "every-round", picker: "model", pickerModel: "fake/fake-model", pickerTimeoutMs: 20000 }));
    await pi.submit("/reload");
    await pi.waitFor(/Reloaded|reloaded/, 15000);
    await pi.submit("The report endpoint is slow; profile the CPU hot spots.");
    await pi.waitFor(/Deciding Context/, 5000);
    // The picker answers 2.5 s later; the row is still up a second in.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const still = pi.screen();
    assert.match(still, /Deciding Context/, still);
    assert.doesNotMatch(still, /Choosing skills/);
    const done = await pi.waitFor(/Profiled it\./);
    assert.doesNotMatch(done, /Deciding Context/);
  });
});
