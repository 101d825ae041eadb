// Edits of groups and profiles in a user's pi-lean.json, as the /skills manager saves them:
// each operation changes only the keys it must (exact bytes checked against the user's own
// layout: tabs, one-line objects, key order), keeps the file loadable (renames and deletes
// update the profiles and the active selection that name them), and refuses what would not
// load, leaving the file as it was.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { loadConfig } from "../extension/shared/config.js";
import {
  createGroup,
  createProfile,
  deleteGroup,
  deleteProfile,
  readScopeFile,
  renameGroup,
  renameProfile,
  saveScopeEdits,
  setGroupMembers,
  setProfileGroups,
  setProfileSettings,
} from "../extension/skills/scope-edit.js";
import { filterItems } from "../extension/skills/scope-editor.js";

/** A file as a user might write it: tabs, a comment-like $schema first, one-line objects. */
const USER_FILE = `{
\t"$schema": "./pi-lean.schema.json",
\t"tokenSaver": "off",
\t"groups": {
\t\t"git": ["git-history", "changelog-style"],
\t\t"docs": [
\t\t\t"release-*"
\t\t]
\t},
\t"profiles": {
\t\t"work": ["git", "docs"],
\t\t"lab": { "groups": ["docs"], "settings": { "routing": "adaptive" } }
\t},
\t"activeProfile": "work",
\t"activeGroup": "git"
}
`;

function sandbox(text = USER_FILE) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-scope-edit-"));
  const file = path.join(dir, "pi-lean.json");
  if (text !== null) fs.writeFileSync(file, text);
  return { dir, file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Applies one operation to USER_FILE on disk; returns the new bytes, checked loadable. */
function apply(/** @type {(parsed: any) => any[]} */ op, text = USER_FILE) {
  const box = sandbox(text);
  try {
    const out = saveScopeEdits(box.file, op);
    assert.equal(fs.readFileSync(box.file, "utf8"), out);
    loadConfig({ agentDir: box.dir, env: {} });
    return out;
  } finally {
    box.cleanup();
  }
}

test("create a group and a profile: one member added after the last, in the file's layout", () => {
  assert.equal(apply((p) => createGroup(p, "review")), USER_FILE.replace('\t\t\t"release-*"\n\t\t]\n', '\t\t\t"release-*"\n\t\t],\n\t\t"review": []\n'));
  assert.equal(apply((p) => createProfile(p, "home")), USER_FILE.replace('"routing": "adaptive" } }\n', '"routing": "adaptive" } },\n\t\t"home": {\n\t\t\t"groups": []\n\t\t}\n'));
  // A file that does not exist yet starts as a new document.
  const box = sandbox(null);
  try {
    saveScopeEdits(box.file, (p) => createGroup(p, "git"));
    assert.equal(fs.readFileSync(box.file, "utf8"), '{\n  "groups": {\n    "git": []\n  }\n}\n');
  } finally {
    box.cleanup();
  }
});

test("set a group's skills and a profile's groups: only that list changes, in its own layout", () => {
  assert.equal(apply((p) => setGroupMembers(p, "git", ["git-history", "changelog-style", "release-notes"])), USER_FILE.replace('["git-history", "changelog-style"]', '["git-history", "changelog-style", "release-notes"]'));
  assert.equal(apply((p) => setGroupMembers(p, "docs", ["release-*", "loop-a"])), USER_FILE.replace('\t\t\t"release-*"\n', '\t\t\t"release-*",\n\t\t\t"loop-a"\n'));
  assert.equal(apply((p) => setProfileGroups(p, "lab", ["docs", "git"])), USER_FILE.replace('{ "groups": ["docs"],', '{ "groups": ["docs", "git"],'));
  // Leaving out the active group of the active profile clears the active group too.
  assert.equal(apply((p) => setProfileGroups(p, "work", ["docs"])), USER_FILE.replace('"work": ["git", "docs"]', '"work": ["docs"]').replace('"activeGroup": "git"', '"activeGroup": null'));
});

test("rename: the key in place, and every profile and active name that used it", () => {
  assert.equal(
    apply((p) => renameGroup(p, "git", "vcs")),
    USER_FILE.replace('"git": ["git-history"', '"vcs": ["git-history"').replace('"work": ["git", "docs"]', '"work": ["vcs", "docs"]').replace('"activeGroup": "git"', '"activeGroup": "vcs"'),
  );
  assert.equal(apply((p) => renameProfile(p, "work", "job")), USER_FILE.replace('"work": ["git", "docs"]', '"job": ["git", "docs"]').replace('"activeProfile": "work"', '"activeProfile": "job"'));
  assert.equal(apply((p) => renameProfile(p, "lab", "lab")), USER_FILE);
  const parsed = readScopeFile(writeTemp(USER_FILE)).parsed;
  assert.throws(() => renameGroup(parsed, "git", "docs"), /already exists/);
  assert.throws(() => renameProfile(parsed, "nope", "x"), /no profile named "nope"/);
  assert.throws(() => createGroup(parsed, "all"), /cannot name a group/);
  assert.throws(() => createGroup(parsed, " padded"), /cannot name a group/);
});

test("delete: the member and one comma, and every reference to it", () => {
  assert.equal(
    apply((p) => deleteGroup(p, "docs")),
    USER_FILE.replace(',\n\t\t"docs": [\n\t\t\t"release-*"\n\t\t]', "").replace('"work": ["git", "docs"]', '"work": ["git"]').replace('{ "groups": ["docs"],', '{ "groups": [],'),
  );
  assert.equal(apply((p) => deleteGroup(p, "git")), USER_FILE.replace('"git": ["git-history", "changelog-style"],\n\t\t', "").replace('"work": ["git", "docs"]', '"work": ["docs"]').replace('"activeGroup": "git"', '"activeGroup": null'));
  assert.equal(apply((p) => deleteProfile(p, "work")), USER_FILE.replace('"work": ["git", "docs"],\n\t\t', "").replace('"activeProfile": "work"', '"activeProfile": null').replace('"activeGroup": "git"', '"activeGroup": null'));
  assert.equal(apply((p) => deleteProfile(p, "lab")), USER_FILE.replace(',\n\t\t"lab": { "groups": ["docs"], "settings": { "routing": "adaptive" } }', ""));
});

test("profile settings: only changed keys; not set removes the key; a bare group list becomes {groups, settings}", () => {
  assert.equal(apply((p) => setProfileSettings(p, "lab", { routing: "adaptive", tokenSaver: "on" })), USER_FILE.replace('"routing": "adaptive" }', '"routing": "adaptive", "tokenSaver": "on" }'));
  assert.equal(apply((p) => setProfileSettings(p, "lab", { routing: undefined })), USER_FILE.replace('{ "routing": "adaptive" }', "{}"));
  assert.equal(apply((p) => setProfileSettings(p, "lab", { routing: "safe" })), USER_FILE.replace('"routing": "adaptive"', '"routing": "safe"'));
  assert.equal(apply((p) => setProfileSettings(p, "work", { tokenSaver: "on" })), USER_FILE.replace('"work": ["git", "docs"]', '"work": {\n\t\t\t"groups": [\n\t\t\t\t"git",\n\t\t\t\t"docs"\n\t\t\t],\n\t\t\t"settings": {\n\t\t\t\t"tokenSaver": "on"\n\t\t\t}\n\t\t}'));
  assert.equal(apply((p) => setProfileSettings(p, "work", { tokenSaver: undefined })), USER_FILE);
});

test("a change that would not load is refused and the file stays as it was", () => {
  const box = sandbox();
  try {
    assert.throws(() => saveScopeEdits(box.file, (p) => setProfileGroups(p, "lab", ["nope"])), /profile "lab" would name undefined group "nope"/);
    assert.throws(() => saveScopeEdits(box.file, (p) => setProfileSettings(p, "lab", { routing: "sideways" })), /CONFIG_INVALID: .*"profiles\.lab\.settings\.routing" must be one of/);
    assert.equal(fs.readFileSync(box.file, "utf8"), USER_FILE);
    // A group another layer defines may be named.
    saveScopeEdits(box.file, (p) => setProfileGroups(p, "lab", ["team"]), ["team"]);
    assert.match(fs.readFileSync(box.file, "utf8"), /"lab": \{ "groups": \["team"\],/);
  } finally {
    box.cleanup();
  }
});

test("the pick list filters as the user types: every word in the name or description, names first", () => {
  const items = [
    { value: "changelog-style", description: "House style for release notes" },
    { value: "git-history", description: "Read the history" },
    { value: "release-notes", description: "Write release notes from git" },
    { value: "loop-a", description: "A loop" },
  ];
  assert.deepEqual(filterItems(items, "").map((i) => i.value), ["changelog-style", "git-history", "release-notes", "loop-a"]);
  assert.deepEqual(filterItems(items, "rel").map((i) => i.value), ["release-notes", "changelog-style"]);
  assert.deepEqual(filterItems(items, "git").map((i) => i.value), ["git-history", "release-notes"]);
  assert.deepEqual(filterItems(items, "notes git").map((i) => i.value), ["release-notes"]);
  assert.deepEqual(filterItems(items, "zzz"), []);
});

function writeTemp(/** @type {string} */ text) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-scope-read-")), "pi-lean.json");
  fs.writeFileSync(file, text);
  return file;
}

test("the manager's editor in a fake Pi without custom components: the same flows through select, input and confirm", async () => {
  const { SkillIndex } = await import("../index.js");
  const { ConfigHolder, writeActiveScope } = await import("../extension/shared/config.js");
  const { registerLazySkills } = await import("../extension/skills/index.js");
  const { fakePi, tuiCtx } = await import("./helpers/fake-pi.mjs");
  const { REPO_ROOT } = await import("./helpers/pi.mjs");
  SkillIndex.scan([path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills")]);
  const box = sandbox('{"groups": {"old": ["loop-a"]}}\n');
  try {
    const config = new ConfigHolder().reload({ agentDir: box.dir, env: {} });
    const fake = fakePi();
    registerLazySkills(/** @type {any} */ (fake.pi), config, { persistScope: (selection) => writeActiveScope(box.dir, selection) });
    const { ctx, dialogs } = tuiCtx([
      "Edit groups and profiles",
      "New group",
      "git",
      "[ ] git-history",
      "[ ] changelog-style",
      "[x] git-history", // toggled off again
      "Done",
      "New profile",
      "work",
      "[ ] git",
      "Done",
      "Profile work: 1 group (git)",
      "Settings",
      "Token Saver: (not set)",
      "on",
      "Done",
      "Back",
      "Group old: 1 skill (loop-a)",
      "Delete",
      "Back",
      "Close",
    ]);
    /** @type {string[]} */
    const confirms = [];
    // Every scripted answer must be one of the options offered.
    const select = ctx.ui.select;
    ctx.ui.select = async (/** @type {string} */ title, /** @type {string[]} */ options) => {
      const answer = await select(title, options);
      assert.ok(options.includes(answer), `"${answer}" is not among ${JSON.stringify(options)} under "${title}"`);
      return answer;
    };
    ctx.ui.confirm = async (/** @type {string} */ title, /** @type {string} */ message) => (confirms.push(`${title} ${message}`), true);
    await fake.emit("session_start", {}, ctx);
    await fake.commands.skills.handler("", ctx);
    assert.deepEqual(confirms, ['Delete group "old"? No profile uses it.']);
    assert.equal(fs.readFileSync(box.file, "utf8"), '{"groups": {"git": ["changelog-style"]}, "profiles": {"work": {"groups": ["git"], "settings": {"tokenSaver": "on"}}}}\n');
    assert.ok(dialogs.some((d) => d.title.startsWith('pi-lean: profile "work": Token Saver on. Saved to ')));
    // The session follows the file at once.
    assert.deepEqual(Object.keys(config.value.profiles), ["work"]);
    await fake.commands["skill-profile"].handler("work", ctx);
    assert.equal(config.value.tokenSaver, "on");
  } finally {
    box.cleanup();
  }
});
