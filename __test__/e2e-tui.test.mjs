// The TUI as a user drives it: real Pi 1.6 in a tmux pane, keys sent with `send-keys`, the
// screen read with `capture-pane`. Checks what the user sees: `/skills <query>` opens on the
// results, a message shown inside the manager is repeated in the chat once it closes, and the
// manager shows and toggles the Token Saver (its status line appears), also with its `T` key
// (SO-15). Skipped without tmux.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { TmuxPi, hasTmux } from "./helpers/tmux.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : !hasTmux ? "needs tmux" : false;

describe("the skills manager in Pi's TUI", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {TmuxPi} */
  let pi;
  const screen = () => pi.screen();
  const waitFor = (/** @type {RegExp} */ pattern) => pi.waitFor(pattern);
  const keys = (/** @type {string[]} */ ...k) => pi.keys(...k);

  before(async () => {
    model = new FakeModel([]);
    await model.start();
    sandbox = makeSandbox(model);
    pi = new TmuxPi(sandbox, `pi-lean-tui-${process.pid}`, ["--skill", DEP_SKILLS]);
    await waitFor(/fake-model/);
  });

  after(async () => {
    pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test("/skills <query> opens on that query's results; the message shown inside is repeated after close", async () => {
    await pi.type("/skills release notes");
    keys("Enter");
    const results = await waitFor(/Skills matching "release notes"/);
    assert.match(results, /→ offered release-notes/);
    keys("Enter");
    const menu = await waitFor(/release-notes: offered to the model[\s\S]*Skills: all skills \(5 of 5 skills offered\); 1 more is user-only/);
    assert.match(menu, /→ Browse all skills/);
    keys("Escape");
    // Closed: no menu, and the explanation is in the chat.
    const chat = await waitFor(/^(?![\s\S]*Browse all skills)[\s\S]*release-notes: offered to the model\n.*policy: allow/);
    assert.doesNotMatch(chat, /↑↓ navigate/);
  });

  test("the manager shows the Token Saver and switches it on; the status line appears", async () => {
    assert.doesNotMatch(screen(), /token saver: ~/);
    await pi.type("/skills");
    keys("Enter");
    await waitFor(/token saver: off\n[\s\S]*Token Saver: off \(switch on\)/);
    for (let i = 0; i < 7; i++) keys("Down");
    keys("Enter");
    await waitFor(/Token Saver on; saved to [\s\S]*Token Saver: on \(switch off\)/);
    keys("Escape");
    // The status line and the repeated message render in separate frames: wait for both.
    const closed = await waitFor(/^(?![\s\S]*↑↓ navigate)(?=[\s\S]*Token Saver on; saved to )[\s\S]*token saver: ~0 tokens saved vs stock Pi/);
    assert.match(closed, /Token Saver on; saved to /);
  });

  test("SO-15: T in the manager switches the Token Saver, either case; other letters change nothing", async () => {
    await pi.type("/skills");
    keys("Enter");
    const menu = await waitFor(/Token Saver: on \(switch off\)[\s\S]*T Token Saver/);
    assert.match(menu, /→ Browse all skills/);
    // A letter that is no shortcut (Pi's selector ignores letters) leaves the menu as it was.
    keys("x");
    keys("t");
    await waitFor(/Token Saver off; saved to [\s\S]*Token Saver: off \(switch on\)/);
    keys("T");
    await waitFor(/Token Saver on; saved to [\s\S]*Token Saver: on \(switch off\)/);
    keys("Escape");
    await waitFor(/^(?![\s\S]*↑↓ navigate)[\s\S]*token saver: ~0 tokens saved vs stock Pi/);
  });
});

describe("an invalid pi-lean.json in Pi's TUI", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {TmuxPi} */
  let pi;

  before(async () => {
    // A reply taller than the screen: the continued session's history fills it.
    model = new FakeModel([{ text: Array.from({ length: 60 }, (_, i) => `line ${i + 1} of the first answer`).join("\n\n") }]);
    await model.start();
    sandbox = makeSandbox(model);
    const first = await runPi(sandbox, { session: true, prompts: ["hello"] });
    assert.equal(first.code, 0, first.stderr);
    // A trailing comma: the file no longer parses.
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), '{"tokenSaver": "on",\n}\n');
  });

  after(async () => {
    pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test("continuing a session keeps the problem on screen (a status line) until the file is fixed", async () => {
    // Pi redraws the chat of a continued session, so a notice from session start alone is lost.
    pi = new TmuxPi(sandbox, `pi-lean-tui-config-${process.pid}`, ["-c"]);
    const screen = await pi.waitFor(/line 60 of the first answer[\s\S]*pi-lean: invalid config, skills and Token Saver off; \/skills says why/);
    assert.doesNotMatch(screen, /token saver: ~/);
    await pi.submit("/skills");
    await pi.waitFor(/Error: pi-lean: CONFIG_INVALID: .*pi-lean\.json: not valid JSON/);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), '{"tokenSaver": "on"}\n');
    await pi.submit("/token-saver on");
    // The first Enter may only accept the argument completion ("on"); a second submits it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (/─\n\/token-saver on\s*\n─/.test(pi.screen())) pi.keys("Enter");
    await pi.waitFor(/^(?![\s\S]*invalid config)[\s\S]*token saver: ~0 tokens saved vs stock Pi/);
  });
});

describe("a compacted bash result in Pi's TUI", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {TmuxPi} */
  let pi;

  before(async () => {
    model = new FakeModel([{ toolCalls: [{ name: "bash", arguments: { command: "seq 1 200000" } }] }, { text: "Counted." }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    pi = new TmuxPi(sandbox, `pi-lean-tui-compacted-${process.pid}`);
    await pi.waitFor(/fake-model/);
  });

  after(async () => {
    pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the screen does not claim Pi's cut (2,000 of 200,000 lines) for the view the model got; the full output path stays", async () => {
    await pi.submit("count to 200000");
    const screen = await pi.waitFor(/Counted\./);
    const sent = toolMessages(model.bodies[1]).at(-1)?.text ?? "";
    assert.match(sent, /\[… 199989 lines 4-199992: "<\*>" · token_retrieve id=[0-9a-f]{16} startLine=4\]/);
    assert.match(screen, /Full output: \S+\.log/);
    assert.doesNotMatch(screen, /Truncated: showing 2000 of 200000 lines/);
    // Expanded, the result is the view with its marker.
    pi.keys("C-o");
    await pi.waitFor(/\n 3\n \[… 199989 lines 4-199992: "<\*>" · token_retrieve id=[0-9a-f]{16} startLine=4\]\n 199993\n/);
  });
});
