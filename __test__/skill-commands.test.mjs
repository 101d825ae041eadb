// The skills feature wired into a fake Pi in-process: the TUI manager and pickers driven by
// scripted dialogs, command autocomplete, the autocomplete filter Pi's editor receives, and
// the input guard. (Real-Pi behaviour is covered by the e2e tests; the TUI cannot run there.)
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, test } from "node:test";
import { SkillIndex } from "../index.js";
import { ConfigHolder, writeActiveScope } from "../extension/shared/config.js";
import { registerLazySkills } from "../extension/skills/index.js";
import { PICK_ENTRY } from "../extension/skills/picks.js";
import { fakePi, tuiCtx } from "./helpers/fake-pi.mjs";
import { REPO_ROOT } from "./helpers/pi.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const SKILLS = SkillIndex.scan([DEP_SKILLS]).list();

describe("skills feature in a fake Pi (TUI)", () => {
  let agentDir = "";
  /** @type {ReturnType<typeof fakePi>} */
  let fake;
  /** @type {ConfigHolder} */
  let config;

  beforeEach(() => {
    agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-cmd-"));
    fs.writeFileSync(
      path.join(agentDir, "pi-lean.json"),
      JSON.stringify({
        groups: { notes: ["release-notes"], git: ["git-*", "changelog-style"] },
        profiles: { work: ["notes", "git"], empty: [] },
        permission: { skill: { rules: [{ pattern: "loop-b", action: "deny" }] } },
      }),
    );
    config = new ConfigHolder().reload({ agentDir, env: {} });
    fake = fakePi();
    registerLazySkills(/** @type {any} */ (fake.pi), config, { persistScope: (selection) => writeActiveScope(agentDir, selection) });
  });

  test("profile and group pickers switch scope, persist it and clear nothing else", async () => {
    const { ctx, dialogs, notes } = tuiCtx(["work", "git"]);
    await fake.emit("session_start", {}, ctx);
    await fake.commands["skill-profile"].handler("", ctx);
    assert.deepEqual(dialogs[0], { title: "Profile", options: ["all", "work", "empty"] });
    assert.equal(notes.at(-1), 'pi-lean: skill scope is now profile "work" (3 of 5 skills offered).');
    await fake.commands["skill-group"].handler("", ctx);
    assert.deepEqual(dialogs[1], { title: "Group", options: ["all", "notes", "git"] });
    assert.equal(notes.at(-1), 'pi-lean: skill scope is now group "git" of profile "work" (2 of 5 skills offered).');
    const saved = JSON.parse(fs.readFileSync(path.join(agentDir, "pi-lean.json"), "utf8"));
    assert.equal(saved.activeProfile, "work");
    assert.equal(saved.activeGroup, "git");
    await fake.commands["skill-group"].handler("nope", ctx);
    assert.equal(notes.at(-1), 'pi-lean: no group "nope" here. Groups: notes, git.');
  });

  test("a profile written into pi-lean.json during the session works at once, and the switch names the settings it changed", async () => {
    const { ctx, notes } = tuiCtx([]);
    await fake.emit("session_start", {}, ctx);
    const file = path.join(agentDir, "pi-lean.json");
    const written = JSON.parse(fs.readFileSync(file, "utf8"));
    written.profiles.lab = { groups: ["notes"], settings: { tokenSaver: "on", routing: "adaptive" } };
    fs.writeFileSync(file, JSON.stringify(written, null, 4));
    await fake.commands["skill-profile"].handler("lab", ctx);
    assert.equal(notes.at(-1), 'pi-lean: skill scope is now profile "lab" (1 of 5 skills offered). Changed: Token Saver off → on, routing lazy → adaptive, capability routing off → route.');
    // The switch changed one key of the user's file; the rest is byte for byte what was written.
    const after = fs.readFileSync(file, "utf8");
    assert.equal(after, `${JSON.stringify(written, null, 4).slice(0, -2)},\n    "activeProfile": "lab"\n}`);
    await fake.commands["skill-profile"].handler("all", ctx);
    assert.equal(notes.at(-1), "pi-lean: skill scope is now all skills (4 of 5 skills offered). Changed: Token Saver on → off, routing adaptive → lazy, capability routing route → off.");
    // Removing the active profile from the file puts the session back to what the file says.
    await fake.commands["skill-profile"].handler("work", ctx);
    const edited = JSON.parse(fs.readFileSync(file, "utf8"));
    delete edited.profiles.work;
    edited.activeProfile = null;
    fs.writeFileSync(file, JSON.stringify(edited));
    await fake.commands["skill-profile"].handler("work", ctx);
    assert.match(notes.at(-1) ?? "", /^pi-lean: no profile "work" in .*pi-lean\.json\. Profiles: empty, lab\.$/);
  });

  test("argument autocomplete lists profiles and groups of the active profile", async () => {
    const { ctx } = tuiCtx([]);
    await fake.emit("session_start", {}, ctx);
    assert.deepEqual(fake.commands["skill-profile"].getArgumentCompletions("w"), [{ value: "work", label: "work", description: "groups: notes, git" }]);
    assert.equal(fake.commands["skill-profile"].getArgumentCompletions("zzz"), null);
    await fake.commands["skill-profile"].handler("work", ctx);
    assert.deepEqual(fake.commands["skill-group"].getArgumentCompletions("").map((i) => i.value), ["all", "notes", "git"]);
    assert.deepEqual(fake.commands.skills.getArgumentCompletions("p").map((i) => i.label), ["pick"]);
  });

  test("the manager browses with state and groups, explains hidden skills and picks for the branch", async () => {
    const { ctx, dialogs, notes } = tuiCtx(["Switch profile", "work", "Browse all skills", "hidden  loop-a (scope: outside profile \"work\")", "Why is a skill hidden?", "hidden  loop-b (policy: deny)", "Pick a skill for this branch", 'hidden  loop-a (scope: outside profile "work")', "Close"]);
    await fake.emit("session_start", {}, ctx);
    await fake.commands.skills.handler("", ctx);
    const browse = dialogs.find((d) => d.title === "Skills");
    assert.deepEqual(browse.options, [
      "offered changelog-style [git]",
      "offered git-history [git]",
      'hidden  loop-a (scope: outside profile "work")',
      "hidden  loop-b (policy: deny)",
      "offered release-notes [notes]",
      "hidden  secret-helper (user-only: disable-model-invocation; run it with /skill:secret-helper)",
    ]);
    // Inside the manager each message heads the next menu (Pi's info notices replace each other)...
    const menus = dialogs.filter((d) => d.options?.includes("Close"));
    assert.match(menus[2].title, /^loop-a: hidden \(scope: outside profile "work"\)\npolicy: allow; groups: \(none\)\n.*\n\nSkills: profile "work" \(3 of 5 skills offered\)$/, "secret-helper is user-only but outside the profile, so it is not counted");
    assert.match(menus[3].title, /^loop-b: hidden \(policy: deny\)\n/);
    assert.match(menus[4].title, /^pi-lean: picked "loop-a" for this branch; scope profile "work" \(4 of 5 skills offered\)\.\n\nSkills: /);
    // ...and all of them are repeated together, once, when it closes.
    assert.equal(notes.length, 1);
    const closing = notes[0].split("\n").filter(Boolean);
    assert.equal(closing[0], 'pi-lean: skill scope is now profile "work" (3 of 5 skills offered).');
    assert.ok(closing.includes('loop-a: hidden (scope: outside profile "work")') && closing.includes("loop-b: hidden (policy: deny)"));
    assert.equal(closing.at(-1), 'pi-lean: picked "loop-a" for this branch; scope profile "work" (4 of 5 skills offered).');
    assert.deepEqual(fake.entries, [{ type: "custom", customType: PICK_ENTRY, data: { name: "loop-a", picked: true } }]);
    // The pickers offer lists, not blank prompts: hidden skills, and what a pick can add.
    assert.deepEqual(dialogs.find((d) => d.title === "Hidden skills")?.options, ['hidden  loop-a (scope: outside profile "work")', "hidden  loop-b (policy: deny)", "hidden  secret-helper (user-only: disable-model-invocation; run it with /skill:secret-helper)"]);
    assert.deepEqual(dialogs.find((d) => d.title === "Skill to add to this branch's scope")?.options, ['hidden  loop-a (scope: outside profile "work")']);
  });

  test("closing the manager repeats each message once, info and warnings apart", async () => {
    const { ctx } = tuiCtx(["Search skills", "release", "offered release-notes [notes]", "Search skills", "release", "offered release-notes [notes]", "Switch group", "nope", "Close"]);
    /** @type {Array<[string, string | undefined]>} */
    const notices = [];
    ctx.ui.notify = (/** @type {string} */ message, /** @type {string | undefined} */ level) => notices.push([message, level]);
    await fake.emit("session_start", {}, ctx);
    await fake.commands["skill-profile"].handler("work", ctx);
    notices.length = 0;
    await fake.commands.skills.handler("", ctx);
    assert.deepEqual(notices.map(([, level]) => level), ["info", "warning"]);
    assert.equal(notices[0][0].split("release-notes: offered to the model").length - 1, 1, "shown twice inside, repeated once");
    assert.match(notices[1][0], /^pi-lean: no group "nope" here\. Groups: notes, git\.$/);
  });

  test("/skills <query> opens the manager on that query's results", async () => {
    const { ctx, dialogs, notes } = tuiCtx(["offered release-notes [notes]", "Close"]);
    await fake.emit("session_start", {}, ctx);
    await fake.commands.skills.handler("release notes", ctx);
    assert.equal(dialogs[0].title, 'Skills matching "release notes"');
    assert.equal(dialogs[0].options[0], "offered release-notes [notes]");
    assert.match(dialogs[1].title, /^release-notes: offered to the model\n/);
    assert.match(notes[0], /^release-notes: offered to the model/);
  });

  test("unpicking a skill that was never picked says so; picking twice says it is already picked", async () => {
    const { ctx, notes } = tuiCtx([]);
    await fake.emit("session_start", {}, ctx);
    await fake.commands.skills.handler("unpick loop-a", ctx);
    assert.equal(notes.at(-1), 'pi-lean: "loop-a" was never picked on this branch, so there is nothing to remove. No skill is picked on this branch.');
    assert.deepEqual(fake.entries, [], "no ledger entry for a no-op");
    await fake.commands.skills.handler("pick git-history", ctx);
    await fake.commands.skills.handler("pick git-history", ctx);
    assert.match(notes.at(-1), /^pi-lean: "git-history" is already picked for this branch;/);
    await fake.commands.skills.handler("unpick loop-a", ctx);
    assert.equal(notes.at(-1), 'pi-lean: "loop-a" was never picked on this branch, so there is nothing to remove. Picked: git-history.');
    await fake.commands.skills.handler("unpick", ctx);
    assert.equal(notes.at(-1), "Usage: /skills unpick <exact skill name>");
  });

  test("with no profiles or groups defined, the pickers explain how to define them", async () => {
    fs.writeFileSync(path.join(agentDir, "pi-lean.json"), "{}");
    config.reload({ agentDir, env: {} });
    const { ctx, dialogs, notes } = tuiCtx([]);
    await fake.emit("session_start", {}, ctx);
    await fake.commands["skill-profile"].handler("", ctx);
    await fake.commands["skill-group"].handler("", ctx);
    assert.deepEqual(dialogs, [], "no picker that only offers \"all\"");
    const file = path.join(agentDir, "pi-lean.json");
    assert.equal(notes[0], `pi-lean: no profiles are defined yet. A profile is a set of skill groups; create them in /skills → "Edit groups and profiles", or define them in ${file}, for example {"groups": {"git": ["git-*", "changelog-style"]}, "profiles": {"work": ["git"]}}, then /skill-profile work.`);
    assert.match(notes[1], /^pi-lean: no groups are defined yet\. .* for example \{"groups": \{"git": \["git-\*", "changelog-style"\]\}, "profiles": \{"work": \["git"\]\}\}, then \/skill-group git\.$/);
    // The example is valid config that defines exactly what the message says.
    fs.writeFileSync(file, /** @type {string} */ (notes[0].match(/for example (\{.*\}), then/)?.[1]));
    assert.equal(config.reload({ agentDir, env: {} }).error, null);
    assert.deepEqual(Object.keys(config.value.profiles), ["work"]);
  });

  test("the manager shows the Token Saver's state and toggles it", async () => {
    /** @type {string[]} */
    const switched = [];
    let on = false;
    const saver = { isOn: () => on, statusLine: () => "token saver: ~12 tokens saved vs stock Pi", switchTo: (/** @type {string} */ w, /** @type {any} */ c) => { switched.push(w); on = w === "on"; c.ui.notify(`Token Saver ${w}.`, "info"); } };
    const pi = fakePi();
    registerLazySkills(/** @type {any} */ (pi.pi), config, { persistScope: () => {}, tokenSaver: () => /** @type {any} */ (saver) });
    const { ctx, dialogs, notes } = tuiCtx(["Token Saver: off (switch on)", "Token Saver: on (switch off)", "Close"]);
    await pi.emit("session_start", {}, ctx);
    await pi.commands.skills.handler("", ctx);
    assert.match(dialogs[0].title, /\ntoken saver: off$/);
    assert.ok(dialogs[0].options.includes("Token Saver: off (switch on)"));
    assert.match(dialogs[1].title, /^Token Saver on\.\n\nSkills: .*\ntoken saver: ~12 tokens saved vs stock Pi$/);
    assert.ok(dialogs[1].options.includes("Token Saver: on (switch off)"));
    assert.deepEqual(switched, ["on", "off"]);
    assert.deepEqual(notes, ["Token Saver on.\n\nToken Saver off."]);
  });

  test("the stub and tools follow the scope; picks restore from the branch", async () => {
    const branch = [{ type: "custom", customType: PICK_ENTRY, data: { name: "loop-a", picked: true } }];
    const { ctx } = tuiCtx([], branch);
    await fake.emit("session_start", {}, ctx);
    await fake.commands["skill-profile"].handler("empty", ctx);
    const options = { skills: SKILLS.map((s) => ({ ...s })), sections: {} };
    const result = await fake.emit("before_agent_start", { systemPromptOptions: options, messageType: "user", prompt: "hello" }, ctx);
    assert.equal(options.skills.length, 0);
    assert.equal(options.sections.skill_index, '1 skill in profile "empty", not listed. For a matching task: skill_search (keywords; none browses), then skill with the exact name.');
    assert.equal(result, undefined);
    const load = await fake.tools.skill.execute("1", { name: "loop-a" }, undefined, undefined, ctx);
    assert.ok(load.content[0].text.includes("Body of loop-a."));
    assert.ok(!load.content[0].text.includes("Body of loop-b."), "denied dependency withheld");
  });

  test("the autocomplete filter and the input guard block denied skills", async () => {
    const { ctx, providers, notes } = tuiCtx([]);
    await fake.emit("session_start", {}, ctx);
    assert.equal(providers.length, 1);
    const provider = providers[0]({
      getSuggestions: async () => ({ prefix: "/skill:", items: ["loop-a", "loop-b"].map((n) => ({ value: `skill:${n}`, label: `skill:${n}` })) }),
      applyCompletion: () => ({ lines: [], cursorLine: 0, cursorCol: 0 }),
    });
    assert.deepEqual((await provider.getSuggestions(["/skill:"], 0, 7, {})).items.map((i) => i.value), ["skill:loop-a"]);
    assert.deepEqual(await fake.emit("input", { text: "/skill:loop-b now", source: "interactive" }, ctx), { action: "handled" });
    assert.equal(notes.at(-1), "pi-lean: that skill is blocked by policy.");
    assert.deepEqual(await fake.emit("input", { text: "/skill:loop-a now", source: "interactive" }, ctx), { action: "continue" });
  });
});

describe("Allow once covers one load and its continuation pages", () => {
  test("no second dialog for a continuation; a fresh load asks again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-long-"));
    fs.mkdirSync(path.join(dir, "long-skill"));
    const body = Array.from({ length: 2500 }, (_, i) => `Line ${i + 1}.`).join("\n");
    fs.writeFileSync(path.join(dir, "long-skill", "SKILL.md"), `---\nname: long-skill\ndescription: A very long skill.\n---\n${body}\n`);
    const agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-cmd-"));
    fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ permission: { skill: "ask" } }));
    const config = new ConfigHolder().reload({ agentDir, env: {} });
    const fake = fakePi();
    registerLazySkills(/** @type {any} */ (fake.pi), config, { persistScope: () => {} });
    const { ctx, dialogs } = tuiCtx(["Allow once", "Reject"]);
    try {
      await fake.emit("session_start", {}, ctx);
      const skills = SkillIndex.scan([dir]).list();
      await fake.emit("before_agent_start", { systemPromptOptions: { skills, sections: {} }, messageType: "user", prompt: "x" }, ctx);
      const first = await fake.tools.skill.execute("1", { name: "long-skill" }, undefined, undefined, ctx);
      assert.equal(dialogs.length, 1);
      const next = first.details.continuation;
      assert.ok(next && next.offset > 0, JSON.stringify(first.details));
      const page = await fake.tools.skill.execute("2", next, undefined, undefined, ctx);
      assert.equal(dialogs.length, 1, "the continuation needs no new approval");
      assert.ok(page.content[0].text.includes(`Line ${next.offset + 1}.`));
      const again = await fake.tools.skill.execute("3", { name: "long-skill" }, undefined, undefined, ctx);
      assert.equal(dialogs.length, 2, "a fresh load asks again");
      assert.equal(again.content[0].text, 'SKILL_DENIED: the user declined loading "long-skill"; continue without it');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(agentDir, { recursive: true, force: true });
    }
  });
});
