// The TUI as a user drives it: real Pi 1.6 in a tmux pane, keys sent with `send-keys`, the
// screen read with `capture-pane`. Checks what the user sees: `/skills <query>` opens on the
// results, a message shown inside the manager is repeated in the chat once it closes, and the
// manager shows and toggles the Token Saver (its status line appears). Skipped without tmux.
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox } from "./helpers/pi.mjs";
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
    for (let i = 0; i < 6; i++) keys("Down");
    keys("Enter");
    await waitFor(/Token Saver on; saved to [\s\S]*Token Saver: on \(switch off\)/);
    keys("Escape");
    // The status line and the repeated message render in separate frames: wait for both.
    const closed = await waitFor(/^(?![\s\S]*↑↓ navigate)(?=[\s\S]*Token Saver on; saved to )[\s\S]*token saver: ~0 tokens saved vs stock Pi/);
    assert.match(closed, /Token Saver on; saved to /);
  });
});
