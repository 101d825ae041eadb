// Loading and paging through the `skill` tool, wired into a fake Pi in-process: a continuation
// needs its rev, a long line is paged by column, and the current file is re-checked at load.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import { SkillIndex } from "../index.js";
import { ConfigHolder } from "../extension/shared/config.js";
import { registerLazySkills } from "../extension/skills/index.js";
import { fakePi, tuiCtx } from "./helpers/fake-pi.mjs";

describe("skill loading and paging", () => {
  let root = "";
  /** @type {ReturnType<typeof fakePi>} */
  let fake;
  /** @type {any} */
  let ctx;
  // 144 KB on one line, with spaces so a page may end on one (it must not be trimmed).
  const LONG_LINE = "€ ".repeat(36_000);
  const BODY = `# Long\n\nIntro line.\n${LONG_LINE}\nAfter the long line.\n${Array.from({ length: 2100 }, (_, i) => `Line ${i}.`).join("\n")}\n`;

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-paging-"));
    const skills = path.join(root, "skills");
    fs.mkdirSync(path.join(skills, "long-skill"), { recursive: true });
    fs.mkdirSync(path.join(skills, "flip"), { recursive: true });
    fs.writeFileSync(path.join(skills, "long-skill", "SKILL.md"), `---\nname: long-skill\ndescription: A long skill.\n---\n${BODY}`);
    fs.writeFileSync(path.join(skills, "flip", "SKILL.md"), "---\nname: flip\ndescription: Flips.\n---\nFlip it.\n");
    fs.writeFileSync(path.join(root, "pi-lean.json"), "{}");
    const config = new ConfigHolder().reload({ agentDir: root, env: {} });
    fake = fakePi();
    registerLazySkills(/** @type {any} */ (fake.pi), config, { persistScope: () => {} });
    const list = SkillIndex.scan([skills]).list();
    ({ ctx } = tuiCtx([], [], list));
    await fake.emit("session_start", {}, ctx);
    await fake.emit("before_agent_start", { systemPromptOptions: { skills: list, sections: {} }, messageType: "user", prompt: "x" }, ctx);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const load = (params) => fake.tools.skill.execute("1", params, undefined, undefined, ctx);

  test("a continuation without rev is refused with SKILL_REV_REQUIRED and told how to continue", async () => {
    const out = await load({ name: "long-skill", offset: 4 });
    assert.equal(out.isError, true);
    assert.equal(out.details.code, "SKILL_REV_REQUIRED");
    assert.equal(
      out.content[0].text,
      'SKILL_REV_REQUIRED: a continuation page needs the "rev" of the page before it; pass the continuation exactly as the previous page gave it (name, offset, column, rev), or load from the start with skill {"name": "long-skill"}',
    );
  });

  test("an overlong line is paged by column: following the continuations gives the body back exactly", async () => {
    let out = await load({ name: "long-skill" });
    const bodies = [];
    const continuations = [];
    for (;;) {
      assert.ok(!out.isError, out.content[0].text);
      const text = out.content[0].text;
      const block = /<skill name="long-skill" location="[^"]+">\nReferences are relative to [^\n]+\n\n([\s\S]*)\n<\/skill>/.exec(text);
      assert.ok(block, text.slice(0, 300));
      bodies.push(block[1]);
      const next = out.details.continuation;
      if (!next) break;
      continuations.push(next);
      assert.ok(text.endsWith(`Continue with skill ${JSON.stringify(next)}`), text.slice(-300));
      out = await load(next);
    }
    const withColumn = continuations.filter((c) => c.column !== undefined);
    assert.ok(withColumn.length >= 2, JSON.stringify(continuations));
    assert.ok(withColumn.every((c) => c.offset === 3), "inside the long line (body line 4)");
    // Pages end on line ends (trimmed by the renderer) or inside the long line.
    const joined = bodies.map((b, i) => (continuations[i]?.column !== undefined ? b : `${b}\n`)).join("");
    assert.equal(joined, BODY);
  });

  test("disable-model-invocation added since the snapshot is refused at load", async () => {
    assert.ok(!(await load({ name: "flip" })).isError);
    fs.writeFileSync(path.join(root, "skills", "flip", "SKILL.md"), "---\nname: flip\ndescription: Flips.\ndisable-model-invocation: true\n---\nFlip it.\n");
    const out = await load({ name: "flip" });
    assert.equal(out.isError, true);
    assert.equal(out.details.code, "SKILL_MODEL_INVOCATION_DISABLED");
    assert.ok(!out.content[0].text.includes("Flip it."));
  });

  test("a skill with resource files lists a bounded sample of their relative names", async () => {
    const dir = path.join(root, "skills", "flip");
    fs.mkdirSync(path.join(dir, "references"), { recursive: true });
    fs.mkdirSync(path.join(dir, "scripts"), { recursive: true });
    fs.mkdirSync(path.join(dir, ".git"), { recursive: true });
    fs.writeFileSync(path.join(dir, ".git", "HEAD"), "x");
    fs.writeFileSync(path.join(dir, "scripts", "flip.sh"), "x");
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(dir, "references", `ref-${String(i).padStart(2, "0")}.md`), "x");
    const out = await load({ name: "flip" });
    const note = out.content[0].text.split("\n\n").find((p) => p.startsWith("Resource files"));
    // 21 files (20 references, 1 script): the first 12, shallow first and sorted, then a count.
    const refs = Array.from({ length: 12 }, (_, i) => `references/ref-${String(i).padStart(2, "0")}.md`);
    assert.equal(note, `Resource files in ${dir} (relative; read only what the instructions need): ${refs.join(", ")} and 9 more.`);
    assert.ok(!out.content[0].text.includes(".git"));
    // A skill without resource files gets no note; neither does a continuation page.
    const long = await load({ name: "long-skill" });
    assert.ok(!long.content[0].text.includes("Resource files"));
  });

  test("a policy changed since the snapshot is applied at load", async () => {
    assert.ok(!(await load({ name: "flip" })).isError);
    fs.writeFileSync(path.join(root, "pi-lean.json"), JSON.stringify({ permission: { skill: { rules: [{ pattern: "flip", action: "deny" }] } } }));
    await fake.commands["skill-profile"].handler("all", ctx);
    const out = await load({ name: "flip" });
    assert.equal(out.details.code, "SKILL_NOT_FOUND");
    assert.equal(out.details.reason, "SKILL_DENIED");
  });
});
