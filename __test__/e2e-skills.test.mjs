// End-to-end: lazy skills in the real Pi 1.6 CLI against a scripted model on 127.0.0.1.
// Every assertion is on the exact request bodies Pi sent to the model.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, systemText, toolMessages, toolNames } from "./helpers/fake-model.mjs";
import { REPO_ROOT, SHARED_DIR, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const EVAL_SKILLS = path.join(SHARED_DIR, "eval", "routing", "skills");
const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : !fs.existsSync(EVAL_SKILLS) ? "shared eval skills missing" : false;

/** Visible (model-invocable) skills: 31 of the 55 eval skills plus 5 of the 6 fixtures. */
const VISIBLE = 31 + 5;
/** Skills only the user can run (disable-model-invocation): 24 eval skills and secret-helper. */
const USER_ONLY = 24 + 1;

describe("lazy skills in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    model = new FakeModel([
      { toolCalls: [{ name: "skill_search", arguments: { query: "resolve a git merge conflict during rebase" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "secret-helper" } }] },
      { toolCalls: [{ name: "skill_search", arguments: { query: "rotate deployment secrets" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "../changelog-style" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "loop-a" } }] },
      { toolCalls: [{ name: "skill_search", arguments: {} }] },
      { text: "All done." },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    run = await runPi(sandbox, { args: ["--skill", EVAL_SKILLS, "--skill", DEP_SKILLS], prompts: ["Help me with my release."] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("pi exits cleanly after the scripted conversation", () => {
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /All done\./);
    assert.equal(model.bodies.length, 8);
  });

  test("the system prompt has no catalog, only the constant stub", () => {
    const system = systemText(model.bodies[0]);
    assert.ok(!system.includes("<available_skills>"), "eager catalog must be gone");
    assert.ok(!system.includes("<skills>"), "the skills section must be gone");
    for (const name of ["tdd", "release-notes", "brainstorming"]) assert.ok(!system.includes(`<name>${name}</name>`));
    const stub = system.match(/<skill_index>\n([\s\S]*?)\n<\/skill_index>/);
    assert.ok(stub, "stub section present");
    assert.equal(
      stub[1],
      `${VISIBLE} skills for the model (${USER_ONLY} more are user-only), not listed. For a matching task: skill_search (keywords; none browses), then skill with the exact name.`,
    );
    assert.ok(stub[1].length / 4 <= 80, "stub stays under 80 tokens");
    // The system prompt is byte-identical on every request of the run.
    for (const body of model.bodies) assert.equal(systemText(body), system);
  });

  test("both tools are declared with their schemas", () => {
    const names = toolNames(model.bodies[0]);
    assert.ok(names.includes("skill_search") && names.includes("skill"));
    const search = model.bodies[0].tools.find((t) => t.function.name === "skill_search");
    assert.deepEqual(Object.keys(search.function.parameters.properties), ["query", "limit", "cursor", "scope"]);
  });

  test("skill_search returns the expected skill and never paths or bodies", () => {
    const result = toolMessages(model.bodies[1]).at(-1);
    const lines = result.text.split("\n");
    assert.match(lines[0], /^Skills for "resolve a git merge conflict during rebase"/);
    assert.match(lines[1], /^- resolving-merge-conflicts: /, result.text);
    assert.ok(!result.text.includes("SKILL.md"), "no paths in search results");
    assert.ok(!result.text.includes(EVAL_SKILLS));
    assert.ok(lines.filter((l) => l.startsWith("- ")).length <= 5);
  });

  test("skill returns the body without frontmatter, with requires: dependencies in load order", () => {
    const result = toolMessages(model.bodies[2]).at(-1);
    const text = result.text;
    assert.ok(!text.includes("requires:"), "frontmatter stripped");
    assert.ok(!text.includes("description:"));
    const order = [...text.matchAll(/<skill name="([^"]+)" location="([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual(order, ["changelog-style", "git-history", "release-notes"]);
    assert.ok(text.includes(`<skill name="release-notes" location="${path.join(DEP_SKILLS, "release-notes", "SKILL.md")}">`));
    assert.ok(text.includes(`References are relative to ${path.join(DEP_SKILLS, "release-notes")}.`));
    assert.ok(text.includes("# Release notes\n\n1. Collect the commits since the previous tag (see git-history)."));
    assert.ok(text.includes("Use the sections Added, Changed, Fixed, Removed."));
    assert.ok(text.includes("Run `git log --oneline PREV..HEAD` and keep merge commits."));
  });

  test("a disable-model-invocation skill is neither listed nor loadable", () => {
    const load = toolMessages(model.bodies[3]).at(-1);
    assert.match(load.text, /^SKILL_MODEL_INVOCATION_DISABLED: /);
    assert.ok(!load.text.includes("Secret rotation steps"));
    const search = toolMessages(model.bodies[4]).at(-1);
    assert.ok(!search.text.includes("secret-helper"), search.text);
    const browse = toolMessages(model.bodies[7]).at(-1);
    assert.ok(!browse.text.includes("secret-helper"));
    assert.ok(!browse.text.includes("grill-me:"), "hidden eval skill not browsable");
  });

  test("path-like names are refused without touching the filesystem", () => {
    const result = toolMessages(model.bodies[5]).at(-1);
    assert.match(result.text, /^SKILL_NOT_FOUND: /);
    assert.ok(!result.text.includes("Use the sections"));
  });

  test("a dependency cycle is reported, never fatal", () => {
    const result = toolMessages(model.bodies[6]).at(-1);
    assert.ok(result.text.includes('<skill name="loop-a"'));
    assert.ok(result.text.includes("Body of loop-a."));
    assert.match(result.text, /dependency cycle: /);
  });

  test("browsing pages alphabetically with a bound cursor", () => {
    const result = toolMessages(model.bodies[7]).at(-1);
    const lines = result.text.split("\n");
    assert.equal(lines[0], `Skills 1-5 of ${VISIBLE} (alphabetical):`);
    const names = lines.filter((l) => l.startsWith("- ")).map((l) => l.slice(2).split(":")[0]);
    assert.deepEqual(names, [...names].sort());
    // The cursor is bound to the query, scope and policy (12 hex) and wraps the core's
    // fingerprint-bound position.
    assert.match(result.text, /More: skill_search \{"cursor":"[0-9a-f]{12}:c1\.[0-9a-f]{16}\.5"\}/);
  });
});

describe("explicit /skill:name still works", { skip }, () => {
  test("a typed /skill:name expands the way Pi does, even with the catalog removed", async () => {
    const model = new FakeModel([{ text: "ok" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const run = await runPi(sandbox, { args: ["--skill", DEP_SKILLS], prompts: ["/skill:changelog-style please apply"] });
      assert.equal(run.code, 0, run.stderr);
      const user = model.bodies[0].messages.find((m) => m.role === "user");
      const text = typeof user.content === "string" ? user.content : user.content.map((p) => p.text).join("");
      assert.ok(text.includes('<skill name="changelog-style"'), text);
      assert.ok(text.includes("Use the sections Added, Changed, Fixed, Removed."));
      assert.ok(!systemText(model.bodies[0]).includes("<available_skills>"));
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("a broken config fails closed", { skip }, () => {
  test("no catalog and no stub are published, and both tools refuse with CONFIG_INVALID", async () => {
    const model = new FakeModel([
      { toolCalls: [{ name: "skill_search", arguments: { query: "release notes" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] },
      { text: "ok" },
    ]);
    await model.start();
    const sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), '{"searchLimit": 3, "searchLimit": 4}');
    try {
      const run = await runPi(sandbox, { args: ["--skill", DEP_SKILLS], prompts: ["Write release notes."] });
      assert.equal(run.code, 0, run.stderr);
      const system = systemText(model.bodies[0]);
      assert.ok(!system.includes("<available_skills>"));
      assert.ok(!system.includes("<skill_index>"));
      const search = toolMessages(model.bodies[1]).at(-1);
      // The code once, then the file and the problem (the error's own message starts with the code).
      const file = path.join(sandbox.agent, "pi-lean.json");
      assert.ok(search.text.startsWith(`CONFIG_INVALID: ${file}: duplicate key "searchLimit"`), search.text);
      assert.ok(search.text.endsWith("(skills are disabled); fix the config, then run /reload"), search.text);
      const load = toolMessages(model.bodies[2]).at(-1);
      assert.equal(load.text, search.text);
      // Print mode has no UI: the user still reads why skills are gone, once, on stderr.
      assert.equal(run.stderr, `pi-lean: CONFIG_INVALID: ${file}: duplicate key "searchLimit". Skills are disabled until it is fixed.\n`);
      assert.ok(!load.text.includes("Collect the commits"));
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("no skill to load: the skill tools are not declared", { skip: !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false }, () => {
  test("pi --no-skills sends stock Pi's bytes; a resumed session with skills declares both tools again", async () => {
    const model = new FakeModel([{ text: "one" }, { text: "two" }, { text: "three" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const stock = await runPi(sandbox, { extension: null, args: ["--no-skills"], prompts: ["hi"] });
      assert.equal(stock.code, 0, stock.stderr);
      const args = ["--session-id", "no-skills-e2e"];
      const lean = await runPi(sandbox, { session: true, args: [...args, "--no-skills"], prompts: ["hi"] });
      assert.equal(lean.code, 0, lean.stderr);
      const [stockBody, leanBody] = model.rawBodies;
      assert.equal(leanBody, stockBody, "no skill-tool declarations, no stub: the request is stock Pi's");
      // Skills now reach Pi (here through --skill): the tools pi-lean withdrew come back.
      const resumed = await runPi(sandbox, { session: true, args: [...args, "--skill", DEP_SKILLS], prompts: ["hi again"] });
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.deepEqual(toolNames(model.bodies[2]), ["read", "bash", "edit", "write", "skill_search", "skill"]);
      assert.match(systemText(model.bodies[2]), /<skill_index>\n5 skills for the model/);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});
