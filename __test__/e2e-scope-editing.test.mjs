// Editing groups and profiles from the /skills manager in real Pi's TUI, driven by keystrokes in
// tmux as a user would: create a group and add skills by typing a search and picking, create a
// profile with groups and settings, rename, delete with confirmation (a "No" first), then check
// the bytes of pi-lean.json (the user's tabs and key order kept) and that /skill-profile uses
// the new profile at once, without /reload. With PI_LEAN_SCREENS=<file> the screens of each
// step are written there as JSON (docs/scope-editing.md shows them). Skipped without tmux.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, stageInstalledPackage } from "./helpers/pi.mjs";
import { TmuxPi, hasTmux } from "./helpers/tmux.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : !hasTmux ? "needs tmux" : false;

/** The user's file before: tabs, a one-line profile object, its own key order. */
const BEFORE = `{
\t"tokenSaver": "off",
\t"groups": {
\t\t"old": ["loop-a"]
\t},
\t"profiles": {"spare": {"groups": ["old"]}}
}
`;

/** After the session below: only the changed keys differ. */
const AFTER = `{
\t"tokenSaver": "off",
\t"groups": {
\t\t"git": ["git-history", "changelog-style"]
\t},
\t"profiles": {"work": {"groups": ["git"], "settings": {"tokenSaver": "on", "routing": "adaptive"}}}
}
`;

describe("editing groups and profiles in the /skills manager (real Pi, tmux)", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {TmuxPi} */
  let pi;
  /** @type {Array<{ step: string, screen: string }>} */
  const screens = [];
  const file = () => path.join(sandbox.agent, "pi-lean.json");
  const keys = (/** @type {string[]} */ ...k) => pi.keys(...k);
  /** Waits for `pattern`, and keeps the screen for the docs under `step`. */
  const see = async (/** @type {string} */ step, /** @type {RegExp} */ pattern) => {
    const screen = await pi.waitFor(pattern);
    screens.push({ step, screen });
    return screen;
  };
  /** Types into a dialog (no editor echo to wait for, so wait for the screen to show it). */
  const typeInto = async (/** @type {string} */ text, /** @type {RegExp} */ shown) => {
    keys("-l", text);
    await pi.waitFor(shown);
  };
  const down = (/** @type {number} */ n) => {
    for (let i = 0; i < n; i++) keys("Down");
  };

  /** pi-lean as installed (no node_modules): the editor must get Pi's TUI package from Pi. */
  let installed = { dir: "", entry: "" };

  before(async () => {
    model = new FakeModel([]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(file(), BEFORE);
    installed = stageInstalledPackage();
    pi = new TmuxPi(sandbox, `pi-lean-scope-edit-${process.pid}`, ["--skill", DEP_SKILLS], { extension: installed.entry });
    await pi.waitFor(/fake-model/);
  });

  after(async () => {
    pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
    if (installed.dir) fs.rmSync(installed.dir, { recursive: true, force: true });
    if (process.env.PI_LEAN_SCREENS) fs.writeFileSync(process.env.PI_LEAN_SCREENS, JSON.stringify({ dir: sandbox?.agent, screens }, null, 2));
  });

  test("create a group and add skills by typing a search and picking", async () => {
    await pi.submit("/skills");
    await see("The manager", /→ Browse all skills[\s\S]*Edit groups and profiles/);
    down(4);
    await pi.waitFor(/→ Edit groups and profiles/);
    keys("Enter");
    await see("Groups and profiles", /Groups and profiles in \S+pi-lean\.json[\s\S]*→ New group[\s\S]*Group old: 1 skill \(loop-a\)[\s\S]*Profile spare: 1 group \(old\)/);
    keys("Enter");
    await pi.waitFor(/New group name/);
    await typeInto("git", /New group name[\s\S]*git/);
    keys("Enter");
    await see("A new group opens on its skill list", /Skills in group "git"[\s\S]*0 chosen: \(none\)[\s\S]*search:[\s\S]*\[ \] changelog-style[\s\S]*enter add\/remove · esc done/);
    await typeInto("hist", /search: hist/);
    const filtered = await see("Typing filters the list", /search: hist[\s\S]*\[ \] git-history/);
    assert.doesNotMatch(filtered.slice(filtered.indexOf('Skills in group "git"')), /changelog-style/);
    keys("Enter");
    await see("Enter adds the skill", /1 chosen: git-history[\s\S]*\[x\] git-history/);
    for (let i = 0; i < 4; i++) keys("BSpace");
    await typeInto("change", /search: change/);
    await pi.waitFor(/→ \[ \] changelog-style/);
    keys("Enter");
    await see("A second search and pick", /2 chosen: git-history, changelog-style/);
    keys("Escape");
    await see("Saved at once; the editor's menu says so", /group "git": git-history, changelog-style\. Saved to\s+\S+pi-lean\.json\.[\s\S]*Group git: 2 skills \(git-history, changelog-style\)/);
    assert.match(fs.readFileSync(file(), "utf8"), /\t\t"git": \["git-history", "changelog-style"\]\n/);
  });

  test("create a profile, give it a group and settings", async () => {
    // Menu: New group, New profile, Group old, Group git, Profile spare, Back.
    down(1);
    await pi.waitFor(/→ New profile/);
    keys("Enter");
    await pi.waitFor(/New profile name/);
    await typeInto("work", /New profile name[\s\S]*work/);
    keys("Enter");
    await see("A new profile opens on its group list", /Groups in profile "work"[\s\S]*\[ \] old[\s\S]*\[ \] git/);
    await typeInto("gi", /search: gi/);
    await pi.waitFor(/→ \[ \] git/);
    keys("Enter");
    await pi.waitFor(/1 chosen: git/);
    keys("Escape");
    await pi.waitFor(/profile "work": groups git\. Saved to\s[\s\S]*Profile work: 1 group \(git\)/);
    // Menu: New group, New profile, Group old, Group git, Profile spare, Profile work, Back.
    down(5);
    await pi.waitFor(/→ Profile work/);
    keys("Enter");
    await pi.waitFor(/Profile "work": 1 group \(git\)[\s\S]*→ Add or remove groups/);
    down(1);
    keys("Enter");
    await see("Profile settings in Pi's settings list", /Settings of profile "work"[\s\S]*Token Saver\s+\(not set\)[\s\S]*Routing\s+\(not set\)[\s\S]*Capability routing\s+\(not set\)[\s\S]*Esc saves and closes/);
    keys("Enter");
    await pi.waitFor(/Token Saver\s+on/);
    down(1);
    keys("Enter");
    await pi.waitFor(/Routing\s+lazy/);
    keys("Enter");
    await see("Enter cycles a value", /Token Saver\s+on[\s\S]*Routing\s+adaptive/);
    keys("Escape");
    await see("The settings are saved", /profile "work": Token Saver on, Routing adaptive\. Saved to\s[\s\S]*Profile "work": 1 group \(git\); Token Saver on, Routing adaptive/);
    keys("Escape");
    await pi.waitFor(/Profile work: 1 group \(git\); Token Saver on, Routing adaptive/);
  });

  test("rename a group, then delete it: No keeps it, Yes deletes it and the profile that used it no longer names it; rename and delete a profile", async () => {
    // Menu: New group, New profile, Group old, ...
    down(2);
    await pi.waitFor(/→ Group old/);
    keys("Enter");
    await pi.waitFor(/Group "old": loop-a[\s\S]*→ Add or remove skills/);
    down(1);
    keys("Enter");
    await pi.waitFor(/Rename group "old" to/);
    await typeInto("legacy", /Rename group "old" to[\s\S]*legacy/);
    keys("Enter");
    await see("Renamed in place; the profile follows", /group "old" renamed to "legacy"\. Saved to\s[\s\S]*Group "legacy": loop-a/);
    assert.match(fs.readFileSync(file(), "utf8"), /\t\t"legacy": \["loop-a"\],\n[\s\S]*"spare": \{"groups": \["legacy"\]\}/);
    down(2);
    await pi.waitFor(/→ Delete/);
    keys("Enter");
    await see("Delete asks first", /Delete group "legacy"\?\n\s*It is also removed from profile spare\.[\s\S]*→ Yes[\s\S]*No/);
    down(1);
    keys("Enter");
    await pi.waitFor(/Group "legacy": loop-a[\s\S]*→ Add or remove skills/);
    assert.match(fs.readFileSync(file(), "utf8"), /"legacy"/);
    down(2);
    keys("Enter");
    await pi.waitFor(/Delete group "legacy"\?/);
    keys("Enter");
    await see("Yes deletes it", /group "legacy" deleted\. Saved to\s[\s\S]*Groups and profiles in[\s\S]*Group git: 2 skills[\s\S]*Profile spare: no groups/);
    // A profile: rename, then delete (Yes).
    down(3);
    await pi.waitFor(/→ Profile spare: no groups/);
    keys("Enter");
    await pi.waitFor(/Profile "spare": no groups[\s\S]*→ Add or remove groups/);
    down(2);
    keys("Enter");
    await pi.waitFor(/Rename profile "spare" to/);
    await typeInto("extra", /Rename profile "spare" to[\s\S]*extra/);
    keys("Enter");
    await pi.waitFor(/profile "spare" renamed to "extra"\. Saved to\s[\s\S]*Profile "extra": no groups/);
    down(3);
    await pi.waitFor(/→ Delete/);
    keys("Enter");
    await see("Deleting a profile asks too", /Delete profile "extra"\?\n\s*Its groups stay\.[\s\S]*→ Yes/);
    keys("Enter");
    await pi.waitFor(/profile "extra" deleted\. Saved to\s[\s\S]*Groups and profiles in[\s\S]*Group git[\s\S]*Profile work/);
    assert.doesNotMatch(fs.readFileSync(file(), "utf8"), /spare|extra/);
  });

  test("the file changed only where it had to, and /skill-profile work applies it without /reload", async () => {
    assert.equal(fs.readFileSync(file(), "utf8"), AFTER);
    keys("Escape");
    await pi.waitFor(/→ Browse all skills/);
    keys("Escape");
    await pi.waitFor(/^(?![\s\S]*↑↓ navigate)[\s\S]*group "legacy" deleted/);
    await pi.submit("/skill-profile work");
    // The first Enter may only accept the argument completion ("work"); a second submits it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (/─\n\/skill-profile work\s*\n─/.test(pi.screen())) keys("Enter");
    await see("/skill-profile work at once", /skill scope is now profile "work" \(2 of 5 skills offered\)\. Changed: Token Saver off → on, routing\s+lazy → adaptive, capability routing off → route\./);
    // The switch itself is saved the same way: one key added, the rest as the editor left it.
    assert.equal(fs.readFileSync(file(), "utf8"), AFTER.replace("\n}\n", ',\n\t"activeProfile": "work"\n}\n'));
  });
});
