// End-to-end parity with the designs pi-lean replaces (seed audit rows named in each test), in
// real Pi 1.6 against the scripted model, asserted on the exact request bodies:
// - CD-6 / CD-17: what a branch was shown stays advertised: a session continued from `safe`
//   into `additive` keeps the whole catalog it saw, and `minimumInventory` advertises every
//   skill of a small scope, which a later, stricter setting never takes back;
// - CD-2: the always-allowed base (allowlist) sits in every prompt's system prompt,
//   byte-identical, in any scope, and its skills load there;
// - LS-8: on weak evidence, adaptive routing shows the whole policy-filtered catalog, over budget;
// - LS-1, LS-12, LS-13, LS-16, CD-5, PD-7, PD-13: the designs' behaviour as options (`defaults`,
//   `skillResult`, `deltaFormat`, `skillRecovery`, `distiller`), pi-lean's defaults unchanged.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { FakeModel, systemText, toolMessages, toolNames } from "./helpers/fake-model.mjs";
import { EXTENSION_ENTRY, REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { RpcPi } from "./helpers/rpc.mjs";
import { ADDED_HEADER, SAMPLE_SKILLS, description, listedUnder, textOf } from "./helpers/skill-prompts.mjs";

const SKILLS = SAMPLE_SKILLS;
const MODEL_SKILLS = ["api-docs", "dependency-upgrade", "flaky-tests", "git-bisect", "perf-profiling", "sql-migrations", "test-isolation"];
const SHOWN_BEFORE_HEADER = "Skills shown earlier on this branch, still available:";
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

/** User-side texts of a request. @param {any} body */
const userTexts = (body) => body.messages.filter((m) => m.role === "user").map(textOf);

/** The session file's entries. @param {string} agentDir */
function sessionEntries(agentDir) {
  const files = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".jsonl")) files.push(full);
    }
  };
  walk(path.join(agentDir, "sessions"));
  assert.equal(files.length, 1, files.join(","));
  return fs.readFileSync(files[0], "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

describe("CD-6 / CD-17: minimum inventory and what a branch was shown", { skip }, () => {
  test("CD-6: a session continued from safe into additive keeps the catalog the model already saw", async () => {
    const model = new FakeModel([{ text: "safe reply" }, { text: "additive reply" }, { text: "again" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const args = ["--session-id", "cd6-safe-to-additive", "--skill", SKILLS];
      const safe = await runPi(sandbox, { session: true, args, prompts: ["Hello"], env: { PI_LEAN_ROUTING: "safe" } });
      assert.equal(safe.code, 0, safe.stderr);
      for (const name of MODEL_SKILLS) assert.ok(systemText(model.bodies[0]).includes(`- ${name}: ${description(name)}`), name);
      const additive = await runPi(sandbox, { session: true, args, prompts: ["What now?"], env: { PI_LEAN_ROUTING: "additive" } });
      assert.equal(additive.code, 0, additive.stderr);
      const body = model.bodies[1];
      assert.ok(!systemText(body).includes("- git-bisect:"), "additive keeps the system prompt to the stub");
      const delta = userTexts(body).find((t) => t.includes(SHOWN_BEFORE_HEADER));
      assert.ok(delta, JSON.stringify(userTexts(body)));
      assert.deepEqual(listedUnder(delta, SHOWN_BEFORE_HEADER).sort(), MODEL_SKILLS);
      for (const name of MODEL_SKILLS) assert.ok(delta.includes(`- ${name}: ${description(name)}`), name);
      // The ledger now holds them: a further prompt re-sends nothing and removes nothing.
      const again = await runPi(sandbox, { session: true, args, prompts: ["And now?"], env: { PI_LEAN_ROUTING: "additive", PI_LEAN_MAX_ADDED_PER_ROUND: "0" } });
      assert.equal(again.code, 0, again.stderr);
      const last = model.bodies[2];
      assert.equal(userTexts(last).filter((t) => t.includes(SHOWN_BEFORE_HEADER)).length, 1, "delivered once, carried after");
      const entries = sessionEntries(sandbox.agent);
      const advertised = entries.filter((e) => e.type === "custom" && e.customType === "pi-lean-skill-advertised");
      assert.deepEqual(advertised.flatMap((e) => e.data.names).sort(), MODEL_SKILLS, "recorded once, when safe showed them");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("CD-17: minimumInventory advertises a small scope whole; a stricter setting later removes nothing", async () => {
    const model = new FakeModel([{ text: "one" }, { text: "two" }, { text: "three" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive", minimumInventory: 10 }));
      const args = ["--session-id", "cd17-inventory", "--skill", SKILLS];
      const run = await runPi(sandbox, { session: true, args, prompts: ["Hello", "Anything?"] });
      assert.equal(run.code, 0, run.stderr);
      const first = userTexts(model.bodies[0]).find((t) => t.startsWith(ADDED_HEADER));
      assert.ok(first, JSON.stringify(userTexts(model.bodies[0])));
      assert.deepEqual(listedUnder(first, ADDED_HEADER).sort(), MODEL_SKILLS);
      assert.equal(systemText(model.bodies[0]), systemText(model.bodies[1]), "the system prompt stays byte-identical");
      assert.equal(userTexts(model.bodies[1]).filter((t) => t.startsWith(ADDED_HEADER)).length, 1, "nothing new to add on the second prompt");
      const deltas = sessionEntries(sandbox.agent).filter((e) => e.type === "custom_message" && e.customType === "pi-lean-skill-delta");
      assert.deepEqual(deltas[0].details.added.map((/** @type {any} */ a) => a.by), MODEL_SKILLS.map(() => "inventory"));
      // Filtering switched on later (inventory off, nothing picked): the earlier delta stays.
      const later = await runPi(sandbox, { session: true, args, prompts: ["Later"], env: { PI_LEAN_MINIMUM_INVENTORY: "0", PI_LEAN_MAX_ADDED_PER_ROUND: "0" } });
      assert.equal(later.code, 0, later.stderr);
      assert.ok(userTexts(model.bodies[2]).includes(first), "what was advertised is still in context");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("CD-2: the always-allowed base", { skip }, () => {
  test("CD-2: allowlisted skills are in every request's system prompt, byte-identical, in any scope, and load there", async () => {
    const model = new FakeModel([{ text: "one" }, { toolCalls: [{ name: "skill", arguments: { name: "git-bisect" } }] }, { text: "loaded" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ allowlist: ["git-*"], groups: { docs: ["api-docs"] }, activeGroup: "docs" }));
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Document the API", "Find the regression"] });
      assert.equal(run.code, 0, run.stderr);
      const base = `<skill_base>\nAlways available (load with skill {"name": "<exact name>"} when the task matches):\n- git-bisect: ${description("git-bisect")}\n</skill_base>`;
      for (const body of model.bodies) assert.ok(systemText(body).includes(base), systemText(body));
      assert.equal(systemText(model.bodies[0]), systemText(model.bodies[2]), "identical on every request");
      const loaded = toolMessages(model.bodies[2]).at(-1).text;
      assert.match(loaded, /^<skill name="git-bisect"/, loaded.slice(0, 200));
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("CD-2: a denied skill never enters the base", async () => {
    const model = new FakeModel([{ text: "one" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ allowlist: ["git-bisect", "api-docs"], permission: { skill: { rules: [{ pattern: "git-bisect", action: "deny" }] } } }));
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Hello"] });
      assert.equal(run.code, 0, run.stderr);
      const system = systemText(model.bodies[0]);
      assert.ok(system.includes(`- api-docs: ${description("api-docs")}\n</skill_base>`), system);
      assert.ok(!system.includes("git-bisect"), system);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("LS-8: weak evidence shows everything", { skip }, () => {
  test("LS-8: adaptive over budget with no clear match: the whole policy-filtered catalog rides with the prompt", async () => {
    const model = new FakeModel([{ text: "ok" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "adaptive", catalogTokenBudget: 60, permission: { skill: { rules: [{ pattern: "sql-*", action: "deny" }] } } }));
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Good morning, how are you today?"] });
      assert.equal(run.code, 0, run.stderr);
      const whole = userTexts(model.bodies[0]).find((t) => t.startsWith("No skill stands out for this request; every skill installed follows."));
      assert.ok(whole, JSON.stringify(userTexts(model.bodies[0])));
      const visible = MODEL_SKILLS.filter((n) => n !== "sql-migrations");
      for (const name of visible) assert.ok(whole.includes(`- ${name}: ${description(name)}`), name);
      assert.ok(!whole.includes("sql-migrations"), "policy still filters");
      assert.ok(whole.length / 4 > 60, "over the budget rather than hiding skills");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("LS-27 / LS-28: the guard covers every path", { skip }, () => {
  test("LS-27: a read of a denied skill's file, by any path that resolves to it, is blocked; the skill tool refuses it naming nothing", async () => {
    const file = path.join(SKILLS, "git-bisect", "SKILL.md");
    const model = new FakeModel([
      { toolCalls: [{ name: "read", arguments: { path: "linked/flaky-tests/../git-bisect/SKILL.md" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "git-bisect" } }] },
      { toolCalls: [{ name: "read", arguments: { path: path.join(SKILLS, "api-docs", "SKILL.md") } }] },
      { text: "done" },
    ]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.symlinkSync(SKILLS, path.join(sandbox.work, "linked"));
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ permission: { skill: { rules: [{ pattern: "git-bisect", action: "deny" }] } } }));
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Read the skill files."] });
      assert.equal(run.code, 0, run.stderr);
      const read = toolMessages(model.bodies[1]).at(-1).text;
      assert.ok(read.includes("SKILL_NOT_FOUND"), read);
      const body = fs.readFileSync(file, "utf8");
      const secretLine = body.split("\n").filter((l) => l.trim().length > 30).at(-1) ?? "";
      const all = JSON.stringify(model.bodies.at(-1));
      assert.ok(secretLine && !all.includes(secretLine.trim().slice(0, 40)), "the denied body never reaches the model");
      assert.ok(toolMessages(model.bodies[2]).at(-1).text.startsWith("SKILL_NOT_FOUND"), "the skill tool refuses it");
      assert.ok(!toolMessages(model.bodies[2]).at(-1).text.includes("git-bisect"), "the refusal names nothing");
      assert.ok(toolMessages(model.bodies[3]).at(-1).text.includes("name: api-docs"), "an allowed skill's file reads as usual");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("LS-27: a read of an ask skill's file asks first, as the skill tool does; with no UI to ask it is refused (policy fails closed)", async () => {
    const model = new FakeModel([
      { toolCalls: [{ name: "read", arguments: { path: path.join(SKILLS, "git-bisect", "SKILL.md") } }] },
      { toolCalls: [{ name: "read", arguments: { path: path.join(SKILLS, "api-docs", "SKILL.md") } }] },
      { text: "done" },
    ]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ permission: { skill: { rules: [{ pattern: "git-bisect", action: "ask" }] } } }));
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Read the skill files."] });
      assert.equal(run.code, 0, run.stderr);
      const refused = toolMessages(model.bodies[1]).at(-1).text;
      assert.match(refused, /^SKILL_APPROVAL_REQUIRED: "git-bisect" needs the user's approval and no UI is available to ask/);
      const body = fs.readFileSync(path.join(SKILLS, "git-bisect", "SKILL.md"), "utf8");
      const bodyLine = body.split("\n").filter((l) => l.trim().length > 30).at(-1) ?? "";
      assert.ok(bodyLine && !JSON.stringify(model.bodies.at(-1)).includes(bodyLine.trim().slice(0, 40)), "the unapproved body never reaches the model");
      assert.ok(toolMessages(model.bodies[2]).at(-1).text.includes("name: api-docs"), "an allowed skill's file reads as usual");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("LS-28: a pasted block is caught by the canonical path it names and by a denied body under an allowed name", async () => {
    const model = new FakeModel([{ text: "ok" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ permission: { skill: { rules: [{ pattern: "git-bisect", action: "deny" }] } } }));
      const denied = fs.readFileSync(path.join(SKILLS, "git-bisect", "SKILL.md"), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
      const byPath = `<skill name="api-docs" location="${path.join(SKILLS, "api-docs", "..", "git-bisect", "SKILL.md")}">\nanything\n</skill>`;
      const byBody = `<skill name="api-docs">\n${denied}\n</skill>`;
      const honest = `<skill name="test-isolation" location="${path.join(SKILLS, "test-isolation", "SKILL.md")}">\nKeep tests independent.\n</skill>`;
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: [`First ${byPath} then ${byBody} and ${honest} end.`] });
      assert.equal(run.code, 0, run.stderr);
      const prompt = userTexts(model.bodies[0]).find((t) => t.startsWith("First "));
      assert.equal(prompt, `First [skill block removed by pi-lean policy] then [skill block removed by pi-lean policy] and ${honest} end.`);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("LS-29: an invalid environment value", { skip }, () => {
  test("LS-29: a mistyped setting variable is said once and ignored, and skills keep working; a mistyped policy variable hides them", async () => {
    const model = new FakeModel([{ toolCalls: [{ name: "skill_search", arguments: { query: "bisect a regression" } }] }, { text: "ok" }, { text: "ok" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], env: { PI_LEAN_ROUTING: "lazzy" }, prompts: ["Find a skill."] });
      assert.equal(run.code, 0, run.stderr);
      const lines = run.stderr.split("\n").filter((l) => l.includes("PI_LEAN_ROUTING"));
      assert.deepEqual(lines, ['pi-lean: CONFIG_IGNORED: $PI_LEAN_ROUTING: must be one of "lazy", "adaptive", "safe", "full", "additive"; ignored, so routing keeps its value from the config files (fix or unset $PI_LEAN_ROUTING)']);
      assert.ok(toolMessages(model.bodies[1]).at(-1).text.includes("git-bisect"), "skill_search answers as usual");
      const denied = await runPi(sandbox, { args: ["--skill", SKILLS], env: { PI_LEAN_SKILL_PERMISSION: "sometimes" }, prompts: ["Hello"] });
      assert.equal(denied.code, 0, denied.stderr);
      assert.match(denied.stderr, /pi-lean: CONFIG_INVALID: \$PI_LEAN_SKILL_PERMISSION: .*Skills are disabled until it is fixed\./);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("LS-18: /lazy-skill", { skip }, () => {
  test("LS-18 / LS-19: /lazy-skill <name> [args] and /lazy-skill:<name> [args] run the skill as /skill: does, policy included; no name opens a labelled selector", async () => {
    const model = new FakeModel([{ text: "one" }, { text: "two" }, { text: "three" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    /** @type {RpcPi | null} */
    let pi = null;
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ permission: { skill: { rules: [{ pattern: "sql-*", action: "deny" }, { pattern: "api-docs", action: "ask" }] } } }));
      const pick = `test-isolation — [cli] ${description("test-isolation")}`;
      pi = new RpcPi(sandbox, { args: ["--skill", SKILLS], answers: [pick] });
      await pi.prompt("a", "/lazy-skill git-bisect  find the bad commit");
      await pi.prompt("b", "/lazy-skill:api-docs document /users");
      const blocked = await pi.prompt("c", "/lazy-skill:sql-migrations add a column", { run: false });
      await pi.waitFor((e) => e.type === "extension_ui_request" && e.method === "notify" && /blocked by policy/.test(e.message), blocked);
      // LS-19: no name opens a selector: every runnable skill with its full description, where
      // it comes from and an ask marker; denied skills are absent.
      const selector = await pi.prompt("d", "/lazy-skill");
      const dialog = await pi.waitFor((e) => e.type === "extension_ui_request" && e.method === "select", selector);
      assert.equal(dialog.title, "Run a skill");
      assert.ok(dialog.options.includes(`api-docs — [cli] [ask] ${description("api-docs")}`), JSON.stringify(dialog.options));
      assert.ok(dialog.options.includes(pick));
      assert.ok(dialog.options.some((o) => o.startsWith("release-checklist — [cli] ")), "user-only skills are the user's to run");
      assert.ok(!dialog.options.some((o) => o.includes("sql-migrations")), "denied skills are absent");
      await pi.waitFor((e) => e.type === "agent_settled", selector);
      const bisect = fs.readFileSync(path.join(SKILLS, "git-bisect", "SKILL.md"), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "").trim();
      const first = userTexts(model.bodies[0]).find((t) => t.startsWith("<skill"));
      assert.equal(first, `<skill name="git-bisect" location="${path.join(SKILLS, "git-bisect", "SKILL.md")}">\nReferences are relative to ${path.join(SKILLS, "git-bisect")}.\n\n${bisect}\n</skill>\n\nfind the bad commit`);
      const second = userTexts(model.bodies[1]).filter((t) => t.startsWith("<skill")).at(-1) ?? "";
      assert.ok(second.startsWith(`<skill name="api-docs" location="${path.join(SKILLS, "api-docs", "SKILL.md")}">`), second.slice(0, 200));
      assert.ok(second.endsWith("</skill>\n\ndocument /users"), second.slice(-80));
      assert.equal(model.bodies.length, 3, "the blocked skill never reaches the model");
      assert.ok(userTexts(model.bodies[2]).some((t) => t.startsWith(`<skill name="test-isolation"`)), "the selected skill runs");
    } finally {
      await pi?.stop();
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("CD-9: queued user updates are scored", { skip }, () => {
  test("CD-9: a follow-up queued while a run streams gets its own additive round before it reaches the model", async () => {
    const model = new FakeModel([{ text: "Hello to you.", delayMs: 1500 }, { text: "On it." }]);
    await model.start();
    const sandbox = makeSandbox(model);
    /** @type {RpcPi | null} */
    let pi = null;
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive" }));
      pi = new RpcPi(sandbox, { args: ["--skill", SKILLS] });
      const from = pi.events.length;
      pi.send({ id: "p0", type: "prompt", message: "Hello there" });
      for (let i = 0; i < 100 && model.bodies.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const followUp = "This test passes and fails intermittently; help me stabilise the flaky test.";
      await pi.command("f0", { type: "follow_up", message: followUp });
      await pi.waitFor((e) => e.type === "agent_settled", from);
      assert.equal(model.bodies.length, 2);
      assert.ok(!userTexts(model.bodies[0]).some((t) => t.includes("flaky-tests")));
      const texts = userTexts(model.bodies[1]);
      const delta = texts.find((t) => t.startsWith(ADDED_HEADER));
      assert.ok(delta, JSON.stringify(texts));
      assert.deepEqual(listedUnder(delta, ADDED_HEADER), ["flaky-tests"]);
      assert.ok(texts.indexOf(followUp) >= 0, "the follow-up reached the model in the same run");
    } finally {
      await pi?.stop();
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("CD-9: the previous reply", { skip }, () => {
  test("CD-9: a prompt that only agrees (\"yes, do that\") is ranked with the previous reply; a prompt with its own match is not widened by it", async () => {
    const model = new FakeModel([
      { text: "The slowdown started between v1.2 and v1.3. I can find the commit that introduced the regression with git bisect." },
      { text: "Bisecting." },
      { text: "We could bisect it, or profile the hot path with perf." },
      { text: "Isolating." },
    ]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive" }));
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Hello", "yes, do that", "Which one fits?", "This test passes and fails intermittently; help me stabilise the flaky test."] });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(model.bodies.length, 4);
      const deltaOf = (/** @type {any} */ body) => userTexts(body).filter((t) => t.startsWith(ADDED_HEADER));
      assert.deepEqual(deltaOf(model.bodies[0]), [], "Hello picks nothing and there is no reply yet");
      const second = deltaOf(model.bodies[1]);
      assert.equal(second.length, 1, JSON.stringify(userTexts(model.bodies[1])));
      assert.deepEqual(listedUnder(second[0], ADDED_HEADER), ["git-bisect"]);
      // The fourth prompt has its own match: the reply that weighed profiling adds nothing.
      const fourth = deltaOf(model.bodies[3]).at(-1) ?? "";
      assert.ok(!listedUnder(fourth, ADDED_HEADER).includes("perf-profiling"), fourth);
      assert.ok(listedUnder(fourth, ADDED_HEADER).includes("flaky-tests"), fourth);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("CD-13: the model picker sees a tool round's activity", { skip }, () => {
  test("CD-13: a tool-round picker request carries state.activity: the round's tool calls, bounded and marked", async () => {
    const isPicker = (/** @type {any} */ body) => !body.tools?.length;
    const model = new FakeModel([
      (body) => (isPicker(body) ? { text: '{"skills": []}' } : { text: "?" }),
      (body) => (isPicker(body) ? { text: '{"skills": []}' } : { toolCalls: [{ name: "read", arguments: { path: "flaky.test.js", note: "q".repeat(400) } }] }),
      (body) => (isPicker(body) ? { text: '{"skills": ["flaky-tests"]}' } : { text: "?" }),
      (body) => (isPicker(body) ? { text: '{"skills": []}' } : { text: "Done." }),
    ]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive", cadence: "tool-round", picker: "model", pickerModel: "fake/fake-model" }));
      fs.writeFileSync(path.join(sandbox.work, "flaky.test.js"), "test('x', () => {});\n");
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Look at flaky.test.js"] });
      assert.equal(run.code, 0, run.stderr);
      const pickers = model.bodies.filter(isPicker);
      assert.equal(pickers.length, 2, JSON.stringify(model.bodies.map((b) => (isPicker(b) ? "picker" : "agent"))));
      const first = JSON.parse(textOf(pickers[0].messages.at(-1)));
      assert.equal(first.state, undefined, "a prompt round has no activity");
      const payload = JSON.parse(textOf(pickers[1].messages.at(-1)));
      assert.deepEqual(payload.state.activity, [
        { type: "toolCall", name: "read", arguments: { path: "flaky.test.js", note: `${"q".repeat(256)}[truncated]` } },
      ]);
      assert.match(textOf(pickers[1].messages[0]), /`state\.activity`, when present, is what the agent just did/);
      const last = model.bodies.filter((b) => !isPicker(b)).at(-1);
      assert.ok(userTexts(last).some((t) => t.startsWith(ADDED_HEADER) && t.includes("- flaky-tests:")), "the tool round's pick arrives");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("LS-9: no silent description cuts", { skip }, () => {
  test("LS-9: a capped catalog marks each cut description and says once where the whole text is", async () => {
    const model = new FakeModel([{ toolCalls: [{ name: "skill_search", arguments: { query: "regression commit bisect" } }] }, { text: "ok" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "adaptive", catalogDescriptionMax: 40 }));
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Hello"] });
      assert.equal(run.code, 0, run.stderr);
      const note = 'Descriptions ending in … were cut at 40 characters; skill {"name": "<exact name>"} shows the whole skill.';
      const system = systemText(model.bodies[0]);
      assert.ok(system.includes(`- git-bisect: ${description("git-bisect").slice(0, 40).trimEnd()}…\n`), system);
      assert.ok(system.includes(`\n${note}\n</skill_index>`), system);
      const search = toolMessages(model.bodies[1]).at(-1).text;
      assert.ok(search.includes(`\n${note}`), search);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("PD-14: skill capsules from the body", { skip }, () => {
  test("PD-14: a skill loaded by skill or by a read of its SKILL.md is listed from the next prompt as its description's capsule plus the body's rules, within 240 characters", async () => {
    const MIGRATIONS_DESCRIPTION = "Use when a database migration must be written or reviewed. It covers schema changes, data backfills and index builds on large tables, with examples for Postgres and MySQL.";
    const MIGRATIONS_BODY = [
      "# Migrations",
      "",
      "Migrations change the schema of a live database, so they are written with care.",
      "",
      "## Steps",
      "",
      "1. Write the down migration first, then the up migration.",
      "2. Run the migration against a copy of production data.",
      "3. Never run a migration against production from this session.",
      "",
      "Backfills run in batches of at most 10,000 rows. Always take a lock timeout of 5 seconds.",
      "",
      "Do not drop a column in the same release that stops writing to it; ship the code change first and drop the column in the next release.",
      "",
      "See references/postgres.md for the Postgres details.",
      "",
    ].join("\n");
    const DEPLOY_DESCRIPTION = "Use when shipping a release to staging or production.";
    const model = new FakeModel([
      { toolCalls: [{ name: "skill", arguments: { name: "db-migrations" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "skills/deploy-notes/SKILL.md" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "notes.md" } }] },
      { text: "Loaded." },
      { text: "Next." },
    ]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const skills = path.join(sandbox.root, "skills");
      fs.mkdirSync(path.join(skills, "db-migrations"), { recursive: true });
      fs.mkdirSync(path.join(skills, "deploy-notes"), { recursive: true });
      fs.writeFileSync(path.join(skills, "db-migrations", "SKILL.md"), `---\nname: db-migrations\ndescription: ${MIGRATIONS_DESCRIPTION}\n---\n\n${MIGRATIONS_BODY}`);
      fs.writeFileSync(path.join(skills, "deploy-notes", "SKILL.md"), `---\nname: deploy-notes\ndescription: ${DEPLOY_DESCRIPTION}\n---\n\n# Deploy\n\nRun the release checks before you deploy.\nNever deploy on a Friday.\n`);
      fs.writeFileSync(path.join(sandbox.work, "notes.md"), "Never mind.\n");
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ capabilities: "route", routing: "safe" }));
      fs.symlinkSync(skills, path.join(sandbox.work, "skills"));
      const run = await runPi(sandbox, { args: ["--skill", skills], prompts: ["Help me write a migration and deploy it", "And the next one?"] });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(model.bodies.length, 5);
      const first = systemText(model.bodies[0]);
      assert.ok(first.includes(`- db-migrations: ${MIGRATIONS_DESCRIPTION}\n`) && first.includes(`- deploy-notes: ${DEPLOY_DESCRIPTION}\n`), first);
      assert.equal(systemText(model.bodies[3]), first, "unchanged within the run that loaded them");
      // The description's capsule, then the body's rules: the negative constraint first, then
      // ordering rules, while the line stays within 240 characters; the long "Do not drop…"
      // rule does not fit, headings and plain prose never count.
      const migrations =
        "Use when a database migration must be written or reviewed. Rules: Write the down migration first, then the up migration. Never run a migration against production from this session. Always take a lock timeout of 5 seconds.";
      const deploy = `${DEPLOY_DESCRIPTION} Rules: Run the release checks before you deploy. Never deploy on a Friday.`;
      assert.ok(migrations.length <= 240);
      const next = systemText(model.bodies[4]);
      assert.equal(next, first.replace(`- db-migrations: ${MIGRATIONS_DESCRIPTION}\n`, `- db-migrations: ${migrations}\n`).replace(`- deploy-notes: ${DEPLOY_DESCRIPTION}\n`, `- deploy-notes: ${deploy}\n`));
      // Four verdicts: each skill's description and body; the plain file read made none.
      const labels = fs
        .readdirSync(path.join(sandbox.agent, "cache", "pi-lean", "skills"))
        .map((f) => JSON.parse(fs.readFileSync(path.join(sandbox.agent, "cache", "pi-lean", "skills", f), "utf8")).label)
        .sort();
      assert.deepEqual(labels, ["skill db-migrations", "skill db-migrations body", "skill deploy-notes", "skill deploy-notes body"]);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("LS-4: an unsafe integration stops the request", { skip }, () => {
  const RESTORER = path.join(REPO_ROOT, "__test__", "fixtures", "catalog-restorer", "index.js");

  test("LS-4: Pi's catalog put back by another extension, listing a denied skill: the request is aborted before the model sees it, told once", async () => {
    const model = new FakeModel([{ text: "should never be asked" }, { text: "nor this" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ permission: { skill: { rules: [{ pattern: "git-bisect", action: "deny" }] } } }));
      const run = await runPi(sandbox, {
        extension: null,
        args: ["-e", EXTENSION_ENTRY, "-e", RESTORER, "--skill", SKILLS],
        env: { RESTORE_SKILLS_DIR: SKILLS },
        prompts: ["Find the commit that broke the build", "Again"],
      });
      // No request carried the restored catalog (none reached the model at all).
      for (const body of model.bodies) assert.ok(!JSON.stringify(body).includes("git-bisect"), JSON.stringify(body).slice(0, 400));
      assert.equal(model.bodies.length, 0, "aborted before sending");
      const reports = run.stderr.split("\n").filter((line) => line.includes("SKILL_CATALOG_UNSAFE"));
      assert.equal(reports.length, 1, run.stderr);
      assert.match(reports[0], /^pi-lean: SKILL_CATALOG_UNSAFE: Pi's skill catalog is back in the system prompt \(another extension restored it\) and it lists skills the skill policy blocks; the request was stopped/);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("LS-4: with an invalid config (policy unknown), any restored catalog stops the request", async () => {
    const model = new FakeModel([{ text: "should never be asked" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), '{"routing": "nope"}');
      const run = await runPi(sandbox, { extension: null, args: ["-e", EXTENSION_ENTRY, "-e", RESTORER, "--skill", SKILLS], env: { RESTORE_SKILLS_DIR: SKILLS }, prompts: ["Hello"] });
      assert.equal(model.bodies.length, 0, "aborted before sending");
      assert.equal(run.stderr.split("\n").filter((line) => line.includes("SKILL_CATALOG_UNSAFE")).length, 1, run.stderr);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("LS-4: a restored catalog of allowed skills only is not stopped", async () => {
    const model = new FakeModel([{ text: "fine" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const run = await runPi(sandbox, { extension: null, args: ["-e", EXTENSION_ENTRY, "-e", RESTORER, "--skill", SKILLS], env: { RESTORE_SKILLS_DIR: SKILLS }, prompts: ["Hello"] });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(model.bodies.length, 1);
      assert.ok(systemText(model.bodies[0]).includes("<available_skills>"));
      assert.ok(!run.stderr.includes("SKILL_CATALOG_UNSAFE"), run.stderr);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

/** The `toolName` results in the one session file under `agentDir`, in order. @param {string} agentDir @param {string} toolName */
function toolResultEntries(agentDir, toolName) {
  return sessionEntries(agentDir).filter((e) => e.type === "message" && e.message?.role === "toolResult" && e.message.toolName === toolName).map((e) => e.message);
}

describe("LS-1 / LS-12 / LS-13 / LS-16: the lazy-skill-tool design's defaults, one setting away", { skip }, () => {
  test("LS-1 / LS-12 / LS-13 / LS-16: defaults \"lazy-skill-tool\" routes adaptively, loads a skill as its unwrapped body plus a JSON item {base, next}, the path only in details, no resource sample; a set value still wins", async () => {
    const BODY = "# Lint rules\n\nRun the linter before every commit.\nSee references/style.md for the house style.";
    const model = new FakeModel([
      { toolCalls: [{ name: "skill", arguments: { name: "lint-rules" } }] },
      { text: "Loaded." },
      { toolCalls: [{ name: "skill", arguments: { name: "lint-rules" } }] },
      { text: "Again." },
    ]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const skills = path.join(sandbox.root, "skills");
      const dir = path.join(skills, "lint-rules");
      fs.mkdirSync(path.join(dir, "references"), { recursive: true });
      fs.writeFileSync(path.join(dir, "SKILL.md"), `---\nname: lint-rules\ndescription: "Use when code must pass the project's linter before a commit."\n---\n\n${BODY}\n`);
      fs.writeFileSync(path.join(dir, "references", "style.md"), "Two spaces.\n");
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ defaults: "lazy-skill-tool" }));
      const args = ["--session-id", "ls-design-defaults", "--skill", SKILLS, "--skill", skills];
      const run = await runPi(sandbox, { session: true, args, prompts: ["Lint this change before I commit it."] });
      assert.equal(run.code, 0, run.stderr);
      // LS-1: adaptive routing, the design's default: the whole catalog fits its budget, so it
      // is in the system prompt (the default `lazy` would show none there).
      const system = systemText(model.bodies[0]);
      for (const name of MODEL_SKILLS) assert.ok(system.includes(`- ${name}: ${description(name)}`), name);
      assert.ok(system.includes("- lint-rules: Use when code must pass the project's linter before a commit."), system);
      // LS-12: one text item with the body, unwrapped, frontmatter stripped; then one JSON item.
      const [result] = toolResultEntries(sandbox.agent, "skill");
      assert.deepEqual(result.content, [
        { type: "text", text: BODY },
        { type: "text", text: JSON.stringify({ base: dir, next: null }) },
      ]);
      // LS-13: the SKILL.md path, source and policy decision are in details only.
      const file = path.join(dir, "SKILL.md");
      assert.equal(result.details.path, file);
      assert.equal(result.details.policy, "allow");
      assert.equal(result.details.source, "cli", "a skill given with --skill");
      assert.deepEqual(result.details.diagnostics, []);
      const sent = toolMessages(model.bodies[1]).at(-1).text;
      assert.ok(!sent.includes(file) && !sent.includes("<skill") && !sent.includes("location="), sent);
      // LS-16: no resource sample by default in the design (pi-lean's default names 12 files).
      assert.ok(!sent.includes("style.md\"") && !sent.includes("Resource files") && !sent.includes("resources"), sent);
      // A value the user sets still wins over the design's defaults.
      const mixed = await runPi(sandbox, { session: true, args, prompts: ["Lint it again."], env: { PI_LEAN_RESOURCE_SAMPLE: "5", PI_LEAN_ROUTING: "lazy" } });
      assert.equal(mixed.code, 0, mixed.stderr);
      assert.ok(!systemText(model.bodies[2]).includes("- git-bisect:"), "lazy keeps the catalog out of the system prompt");
      const again = toolResultEntries(sandbox.agent, "skill")[1];
      assert.deepEqual(JSON.parse(again.content.at(-1).text), { base: dir, next: null, resources: { names: ["references/style.md"], more: 0 } });
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("CD-5: additive deltas in Pi's own skills block", { skip }, () => {
  test("CD-5: deltaFormat \"pi\" appends Pi's formatSkillsForPrompt block (name, description, location); the model reads the location and the ledger records the round", async () => {
    const { formatSkillsForPrompt } = await import("@earendil-works/pi-coding-agent");
    const file = path.join(SKILLS, "flaky-tests", "SKILL.md");
    const model = new FakeModel([{ toolCalls: [{ name: "read", arguments: { path: file } }] }, { text: "Read it." }, { text: "Next." }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ defaults: "context-decisions" }));
      const args = ["--session-id", "cd5-pi-block", "--skill", SKILLS];
      const run = await runPi(sandbox, { session: true, args, prompts: ["This test passes and fails intermittently; help me stabilise the flaky test.", "A bug appeared between v1.2 and v1.3; find the commit that introduced the regression with git bisect."] });
      assert.equal(run.code, 0, run.stderr);
      const block = formatSkillsForPrompt([{ name: "flaky-tests", description: description("flaky-tests"), filePath: file, baseDir: path.dirname(file), disableModelInvocation: false, sourceInfo: /** @type {any} */ ({}) }], "read").replace(/^\n+/, "");
      const first = userTexts(model.bodies[0]).filter((t) => t.includes("<available_skills>"));
      assert.deepEqual(first, [block]);
      assert.ok(block.includes(`<location>${file}</location>`), block);
      assert.ok(!systemText(model.bodies[0]).includes("<available_skills>"), "the system prompt keeps the stub");
      const read = toolMessages(model.bodies[1]).at(-1).text;
      assert.ok(read.includes("# Flaky tests") || read.includes(description("flaky-tests")), read.slice(0, 200));
      // The second round appends its own block, and one line for what came before.
      const second = userTexts(model.bodies[2]).filter((t) => t.includes("<available_skills>"));
      assert.equal(second.length, 2);
      assert.equal(second[0], block, "earlier deltas are never rewritten");
      assert.ok(second[1].includes("<name>git-bisect</name>") && second[1].endsWith("\nSkills announced earlier (1) remain available."), second[1]);
      const deltas = sessionEntries(sandbox.agent).filter((e) => e.type === "custom_message" && e.customType === "pi-lean-skill-delta");
      assert.deepEqual(deltas.map((d) => d.details.added.map((/** @type {any} */ a) => a.name)), [["flaky-tests"], ["git-bisect"]]);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("PD-13: the model distiller, opt-in", { skip }, () => {
  test("PD-13: distiller \"model\" asks the configured model for each loaded skill's capsule after the run; a validated answer is listed, an invalid one gives the extractive capsule", async () => {
    const { native } = await import("../extension/shared/native.js");
    const DESCRIPTION = "Use when a database migration must be written or reviewed. It covers schema changes and data backfills. Examples are for Postgres and MySQL.";
    const BODY = "# Migrations\n\nWrite the down migration first, then the up migration.\nMigrations change a live schema, so they are reviewed twice.\nNever run a migration against production from this session.\n";
    const MODEL_CAPSULE = "Use when a database migration must be written or reviewed. It covers schema changes and data backfills.";
    const DISTILL_PROMPT = "You shorten the instructions of a coding agent's skill for a prompt index.";
    /** @type {string[]} */
    const distilled = [];
    const main = [{ toolCalls: [{ name: "skill", arguments: { name: "db-migrations" } }] }, { text: "Loaded." }, { text: "Next." }];
    const model = new FakeModel([]);
    model.script = Array.from({ length: 8 }, () => (/** @type {any} */ body) => {
      if (systemText(body).startsWith(DISTILL_PROMPT)) {
        const source = textOf(body.messages.at(-1));
        distilled.push(source);
        // The description gets a valid capsule; the body a paraphrase, which is refused.
        return { text: source === DESCRIPTION ? MODEL_CAPSULE : "Reviewed migrations only, never on production." };
      }
      return main.shift() ?? { text: "done." };
    });
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const skills = path.join(sandbox.root, "skills");
      fs.mkdirSync(path.join(skills, "db-migrations"), { recursive: true });
      fs.writeFileSync(path.join(skills, "db-migrations", "SKILL.md"), `---\nname: db-migrations\ndescription: ${DESCRIPTION}\n---\n\n${BODY}`);
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ capabilities: "route", routing: "safe", distiller: "model", distillerModel: "fake/fake-model" }));
      const run = await runPi(sandbox, { args: ["--skill", skills], prompts: ["Help me write a migration", "And the next one?"] });
      assert.equal(run.code, 0, run.stderr);
      // Only the texts themselves were sent: the description, then the body (frontmatter stripped).
      assert.equal(distilled.length, 2);
      assert.equal(distilled[0], DESCRIPTION);
      assert.equal(distilled[1].trim(), BODY.trim());
      const extractive = native.distillCapsule(DESCRIPTION)?.text;
      assert.notEqual(extractive, MODEL_CAPSULE, "the model's capsule is not what the extractive distiller makes");
      const chat = model.bodies.filter((b) => !systemText(b).startsWith(DISTILL_PROMPT));
      assert.ok(systemText(chat[0]).includes(`- db-migrations: ${DESCRIPTION}\n`), systemText(chat[0]));
      const listed = systemText(chat.at(-1)).split("\n").find((l) => l.startsWith("- db-migrations: ")) ?? "";
      // The model's description capsule, then the body's rules from the extractive body capsule
      // (the model's paraphrase failed validation).
      assert.ok(listed.startsWith(`- db-migrations: ${MODEL_CAPSULE} Rules: `), listed);
      assert.ok(listed.includes("Never run a migration against production from this session.") && !listed.includes("Examples are for"), listed);
      const dir = path.join(sandbox.agent, "cache", "pi-lean", "skills");
      const records = Object.fromEntries(fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))).map((r) => [r.label, r.capsule]));
      assert.equal(records["skill db-migrations"], MODEL_CAPSULE);
      assert.equal(records["skill db-migrations body"], native.distillCapsule(distilled[1])?.text ?? null);
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});

describe("PD-7: skill paths and read, the prompt-diet way", { skip }, () => {
  test("PD-7: skillRecovery \"path\" defers read; request_capabilities gives a matching skill's SKILL.md path and activates read within the budget; the model reads the skill", async () => {
    const file = path.join(SKILLS, "git-bisect", "SKILL.md");
    const model = new FakeModel([
      { toolCalls: [{ name: "request_capabilities", arguments: { query: "find the commit that introduced a regression with git bisect" } }] },
      { toolCalls: [{ name: "read", arguments: { path: file } }] },
      { text: "Read it." },
    ]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ capabilities: "route", skillRecovery: "path", capabilityBudget: 2 }));
      const run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Hello there."] });
      assert.equal(run.code, 0, run.stderr);
      const first = toolNames(model.bodies[0]);
      assert.ok(!first.includes("read") && first.includes("request_capabilities") && first.includes("bash"), first.join(","));
      const recovery = toolMessages(model.bodies[1]).at(-1).text;
      assert.ok(recovery.startsWith("Now available: read. Call them from your next step.\n"), recovery);
      assert.ok(recovery.includes(`\nSkills (read a skill's SKILL.md to use it; paths in it are relative to its directory):\n- git-bisect: ${file}`), recovery);
      assert.ok(recovery.includes("1 of 2 additions left for this prompt."), recovery);
      assert.ok(toolNames(model.bodies[1]).includes("read"), "read is declared from the next request of the same run");
      const read = toolMessages(model.bodies[2]).at(-1).text;
      assert.ok(read.includes("git bisect run"), read.slice(0, 300));
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});
