// End-to-end proof of `additive` routing in real Pi 1.6 (RPC mode, persisted sessions) against
// the scripted model, on the exact request bodies: the ledger grows by one hidden delta per
// round and earlier context is never rewritten; the system prompt bytes never change; a fork
// from before the second prompt lacks the second round's skills; a restart and resume keeps
// the ledger; after an RPC `compact` the next request re-delivers exactly the skills whose
// delta the compaction summarized away.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, systemText } from "./helpers/fake-model.mjs";
import { findPiNode, makeSandbox } from "./helpers/pi.mjs";
import { ADDED_HEADER, SAMPLE_SKILLS, description, listedUnder, textOf } from "./helpers/skill-prompts.mjs";
import { RpcPi } from "./helpers/rpc.mjs";

const SKILLS = SAMPLE_SKILLS;
const REDELIVERED_HEADER = "Skills announced before the conversation summary, still available:";
const PROMPTS = [
  "This test passes and fails intermittently; help me stabilise the flaky test.",
  "A bug appeared between v1.2 and v1.3; find the commit that introduced the regression with git bisect.",
  "The report endpoint is slow; profile the CPU hot spots with a flame graph.",
];
const FORK_PROMPT = "Write reference documentation for our HTTP API endpoints with runnable examples.";

/** The delta messages (user-role) of a request body, as texts. @param {any} body */
const deltas = (body) => body.messages.filter((m) => m.role === "user" && (textOf(m).startsWith(ADDED_HEADER) || textOf(m).startsWith(REDELIVERED_HEADER))).map(textOf);

/** The session file's entries. @param {string} file */
const sessionEntries = (file) => fs.readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

/** Delta entries among session entries. @param {any[]} entries */
const deltaEntries = (entries) => entries.filter((e) => e.type === "custom_message" && e.customType === "pi-lean-skill-delta");

/** Skills the delta entries among `entries` added. @param {any[]} entries */
const addedIn = (entries) => deltaEntries(entries).flatMap((e) => e.details.added.map((/** @type {any} */ a) => a.name));

/** The latest `/skills` report notification. @param {RpcPi} pi @param {string} id */
async function skillsReport(pi, id) {
  const from = await pi.prompt(id, "/skills", { run: false });
  const notice = await pi.waitFor((e) => e.type === "extension_ui_request" && e.method === "notify" && e.message.startsWith("pi-lean skills:"), from);
  return /** @type {string} */ (notice.message);
}

/** The ledger lines of a `/skills` report. @param {string} report */
const ledgerOf = (report) => report.split("\n").filter((l) => l.startsWith("Branch ledger") || /^- [a-z-]+: added by /.test(l));

const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

describe("additive routing: growth, fork and resume", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {RpcPi | null} */
  let pi = null;
  /** @type {any[]} */
  let bodies = [];
  let sessionFile = "";
  let ledgerBefore = /** @type {string[]} */ ([]);
  let ledgerInFork = /** @type {string[]} */ ([]);
  let ledgerAfterFork = /** @type {string[]} */ ([]);
  let ledgerResumed = /** @type {string[]} */ ([]);
  let forkBody = /** @type {any} */ (null);
  let resumedBody = /** @type {any} */ (null);

  before(async () => {
    model = new FakeModel([]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive" }));
    pi = new RpcPi(sandbox, { session: true, args: ["--skill", SKILLS] });
    for (const [i, prompt] of PROMPTS.entries()) await pi.prompt(`p${i}`, prompt);
    bodies = [...model.bodies];
    sessionFile = (await pi.command("s1", { type: "get_state" })).data.sessionFile;
    ledgerBefore = ledgerOf(await skillsReport(pi, "c1"));
    const forkable = (await pi.command("f0", { type: "get_fork_messages" })).data.messages;
    const second = forkable.find((m) => m.text === PROMPTS[1]);
    await pi.command("f1", { type: "fork", entryId: second.entryId });
    ledgerInFork = ledgerOf(await skillsReport(pi, "c2"));
    // A manual pick on the fork joins the ledger (by the user) and rides in the next delta.
    await pi.prompt("pick", "/skills pick sql-migrations", { run: false });
    await pi.prompt("p-fork", FORK_PROMPT);
    forkBody = model.bodies.at(-1);
    ledgerAfterFork = ledgerOf(await skillsReport(pi, "c4"));
    await pi.stop();
    // Restarted with stricter settings: a changed threshold never removes anything.
    pi = new RpcPi(sandbox, { session: true, args: ["--skill", SKILLS, "--session", sessionFile], env: { PI_LEAN_PICK_THRESHOLD: "1", PI_LEAN_MAX_ADDED_PER_ROUND: "0" } });
    ledgerResumed = ledgerOf(await skillsReport(pi, "c3"));
    await pi.prompt("p-resume", PROMPTS[2]);
    resumedBody = model.bodies.at(-1);
  });

  after(async () => {
    await pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the system prompt bytes are identical across every request", () => {
    assert.equal(bodies.length, 3);
    const first = JSON.stringify(bodies[0].messages[0]);
    for (const body of [...bodies, forkBody, resumedBody]) assert.equal(JSON.stringify(body.messages[0]), first);
    assert.ok(!systemText(bodies[0]).includes("<available_skills>"));
    assert.match(systemText(bodies[0]), /<skill_index>\n7 skills for the model \(1 more is user-only\), not listed\./);
  });

  test("each round appends one delta with only new skills; earlier messages are carried unchanged", () => {
    assert.deepEqual(deltas(bodies[0]), [`${ADDED_HEADER}\n- flaky-tests: ${description("flaky-tests")}`]);
    assert.deepEqual(deltas(bodies[1]), [deltas(bodies[0])[0], `${ADDED_HEADER}\n- git-bisect: ${description("git-bisect")}\nSkills announced earlier (1) remain available through skill.`]);
    assert.deepEqual(deltas(bodies[2]).slice(0, 2), deltas(bodies[1]));
    assert.deepEqual(listedUnder(deltas(bodies[2])[2], ADDED_HEADER), ["perf-profiling"]);
    // Nothing earlier is rewritten: each request starts with the whole previous one.
    for (let i = 1; i < bodies.length; i++) assert.deepEqual(bodies[i].messages.slice(0, bodies[i - 1].messages.length), bodies[i - 1].messages);
    // The delta follows its prompt.
    const users = bodies[2].messages.filter((m) => m.role === "user").map(textOf);
    assert.deepEqual(users.map((t) => (PROMPTS.includes(t) ? "prompt" : "delta")), ["prompt", "delta", "prompt", "delta", "prompt", "delta"]);
  });

  test("the deltas are persisted in the session as hidden custom messages", () => {
    const persisted = deltaEntries(sessionEntries(sessionFile));
    assert.deepEqual(persisted.map((e) => e.details.added.map((a) => `${a.name}/${a.by}`)), [["flaky-tests/picker"], ["git-bisect/picker"], ["perf-profiling/picker"]]);
    assert.ok(persisted.every((e) => e.display === false));
  });

  test("/skills shows the branch ledger: what, when and by whom", () => {
    assert.equal(ledgerBefore[0], "Branch ledger (3 skills, 3 rounds):");
    assert.match(ledgerBefore[1], /^- flaky-tests: added by picker \(round 1, \d{4}-\d\d-\d\dT[\d:.]+Z\)$/);
    assert.match(ledgerBefore[2], /^- git-bisect: added by picker \(round 2, /);
    assert.match(ledgerBefore[3], /^- perf-profiling: added by picker \(round 3, /);
  });

  test("a fork from before the second prompt lacks the second round's skills", () => {
    assert.deepEqual(ledgerInFork, [ledgerBefore[0].replace("3 skills, 3 rounds", "1 skill, 1 round"), ledgerBefore[1]]);
    const all = forkBody.messages.map(textOf).join("\n");
    assert.ok(!all.includes("git-bisect") && !all.includes("perf-profiling"), all);
    assert.deepEqual(deltas(forkBody), [deltas(bodies[0])[0], `${ADDED_HEADER}\n- sql-migrations: ${description("sql-migrations")}\n- api-docs: ${description("api-docs")}\nSkills announced earlier (1) remain available through skill.`]);
  });

  test("a manual /skills pick shows up in the ledger as added by the user", () => {
    assert.equal(ledgerAfterFork[0], "Branch ledger (3 skills, 2 rounds):");
    assert.equal(ledgerAfterFork[1], ledgerBefore[1]);
    assert.match(ledgerAfterFork[2], /^- sql-migrations: added by user \(round 2, /);
    assert.match(ledgerAfterFork[3], /^- api-docs: added by picker \(round 2, /);
  });

  test("a restart and resume (with stricter settings) has the same ledger and adds nothing already on it", () => {
    assert.deepEqual(ledgerResumed, ledgerBefore);
    // The same third prompt again: every fitting skill is already on the ledger, so no delta.
    assert.deepEqual(deltas(resumedBody), deltas(bodies[2]));
  });
});

describe("additive routing: re-delivery after compaction", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {RpcPi | null} */
  let pi = null;
  let sessionFile = "";
  /** @type {any} */
  let compaction = null;
  /** @type {any[]} */
  let bodies = [];

  before(async () => {
    // A long first reply and a short second round: the cut lands between the two rounds with
    // a wide margin either way, so only the first round's delta is summarized away.
    // Summary requests (no tools declared) get the summary; the agent's requests get replies.
    let replies = 0;
    const reply = (/** @type {any} */ body) =>
      !body.tools?.length ? { text: "## Goal\nStabilise tests and find a regression.\n## Progress\nDiscussed both." } : { text: ++replies === 1 ? `ok 1. ${"Checked the seeds and the timing. ".repeat(50)}` : `ok ${replies}.` };
    model = new FakeModel(Array.from({ length: 8 }, () => reply));
    await model.start();
    sandbox = makeSandbox(model);
    const settingsFile = path.join(sandbox.agent, "settings.json");
    fs.writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(settingsFile, "utf8")), compaction: { keepRecentTokens: 200 } }));
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive" }));
    pi = new RpcPi(sandbox, { session: true, args: ["--skill", SKILLS] });
    await pi.prompt("p0", PROMPTS[0]);
    await pi.prompt("p1", PROMPTS[1]);
    sessionFile = (await pi.command("s1", { type: "get_state" })).data.sessionFile;
    compaction = (await pi.command("k1", { type: "compact" })).data;
    await pi.prompt("p2", PROMPTS[2]);
    bodies = [...model.bodies];
  });

  after(async () => {
    await pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the scripted model wrote the summary", () => {
    assert.ok(bodies.filter((b) => !b.tools?.length).length >= 1, "at least one summary request");
    assert.equal(bodies.filter((b) => b.tools?.length).length, 3);
    assert.match(compaction.summary, /Stabilise tests and find a regression/);
  });

  test("the next request re-delivers exactly the skills whose delta was summarized away", () => {
    const entries = sessionEntries(sessionFile);
    const firstKept = entries.findIndex((e) => e.id === compaction.firstKeptEntryId);
    assert.ok(firstKept > 0);
    const gone = addedIn(entries.slice(0, firstKept));
    const kept = addedIn(entries.slice(firstKept));
    assert.deepEqual(gone, ["flaky-tests"], "the compaction summarized the first round's delta away");
    const last = bodies.at(-1);
    const texts = deltas(last);
    const redelivery = texts.find((t) => t.includes(REDELIVERED_HEADER));
    assert.ok(redelivery, JSON.stringify(texts));
    assert.deepEqual(listedUnder(redelivery, REDELIVERED_HEADER), gone);
    for (const name of gone) assert.ok(redelivery.includes(`- ${name}: ${description(name)}`));
    // Kept deltas stay in context and are not re-delivered; the new skill is added alongside.
    for (const name of kept) assert.ok(!listedUnder(redelivery, REDELIVERED_HEADER).includes(name));
    assert.deepEqual(listedUnder(redelivery, ADDED_HEADER), ["perf-profiling"]);
    assert.equal(JSON.stringify(last.messages[0]), JSON.stringify(bodies[0].messages[0]));
  });
});

describe("additive routing: the model picker", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{ code: number, stdout: string, stderr: string }} */
  let run;
  const longTask = `The report endpoint is slow; profile the CPU hot spots with a flame graph. ${"Details follow. ".repeat(300)}`;

  before(async () => {
    model = new FakeModel([
      // Round 1: the scripted model plays the picker; unknown and user-only names are ignored.
      { text: 'Here you go: {"skills": ["git-bisect", "no-such-skill", "release-checklist", "git-bisect"]}' },
      { text: "Profiled." },
      // Round 2: the picker does not answer in time, so the local picker decides.
      { text: '{"skills": ["api-docs"]}', delayMs: 6000 },
      { text: "Stabilised." },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive", picker: "model", pickerModel: "fake/fake-model", pickerTimeoutMs: 1500 }));
    const { runPi } = await import("./helpers/pi.mjs");
    run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: [longTask, PROMPTS[0]] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the picker request is bounded and carries only the task, the previous reply and candidates", () => {
    assert.equal(run.code, 0, run.stderr);
    const [first, , second] = model.bodies;
    for (const body of [first, second]) {
      assert.deepEqual(body.messages.map((m) => m.role), ["system", "user"]);
      assert.ok(!body.tools?.length, "no tools are declared to the picker");
      assert.match(systemText(body), /^You choose which skills a coding agent should be told about/);
      const payload = JSON.parse(textOf(body.messages[1]));
      assert.deepEqual(Object.keys(payload), ["task", "previousReply", "candidates"]);
      assert.ok(JSON.stringify(payload.candidates).length <= 3000);
      const names = payload.candidates.map((c) => c.name);
      assert.ok(!names.includes("release-checklist"), "user-only skills are never candidates");
      assert.ok(!textOf(body.messages[1]).includes("SKILL.md") && !textOf(body.messages[1]).includes(sandbox.root), "no paths are sent");
    }
    assert.equal(JSON.parse(textOf(first.messages[1])).task, [...longTask].slice(0, 2000).join(""));
    assert.equal(JSON.parse(textOf(first.messages[1])).previousReply, "");
    assert.equal(JSON.parse(textOf(second.messages[1])).previousReply, "Profiled.");
    // Round 2 offers only skills not yet on the ledger.
    assert.ok(!JSON.parse(textOf(second.messages[1])).candidates.some((c) => c.name === "git-bisect"));
  });

  test("only valid candidate names are added; a timeout falls back to the local picker", () => {
    const [, main1, , main2] = model.bodies;
    assert.deepEqual(deltas(main1), [`${ADDED_HEADER}\n- git-bisect: ${description("git-bisect")}`]);
    assert.deepEqual(listedUnder(deltas(main2)[1], ADDED_HEADER), ["flaky-tests"]);
    assert.equal(model.bodies.length, 4);
  });
});

describe("additive routing: tool-round cadence", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{ code: number, stdout: string, stderr: string }} */
  let run;

  before(async () => {
    model = new FakeModel([{ toolCalls: [{ name: "read", arguments: { path: "profile/cpu-hot-spots-flame-graph.svg" } }] }, { text: "Looked." }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive", cadence: "tool-round" }));
    const { runPi } = await import("./helpers/pi.mjs");
    run = await runPi(sandbox, { args: ["--skill", SKILLS], prompts: ["Please look at why the nightly job misbehaves."] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("a completed tool round adds skills from the tool call, after its result, without an extra request", () => {
    assert.equal(run.code, 0, run.stderr);
    assert.equal(model.bodies.length, 2);
    assert.deepEqual(deltas(model.bodies[0]), []);
    const messages = model.bodies[1].messages;
    const at = messages.findIndex((m) => m.role === "user" && textOf(m).startsWith(ADDED_HEADER));
    assert.equal(messages[at - 1]?.role, "tool");
    assert.deepEqual(listedUnder(textOf(messages[at]), ADDED_HEADER), ["perf-profiling"]);
    assert.equal(JSON.stringify(model.bodies[1].messages[0]), JSON.stringify(model.bodies[0].messages[0]));
  });
});

describe("additive routing: compaction inside a run", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{ code: number, stdout: string, stderr: string }} */
  let run;
  let sessionDir = "";

  before(async () => {
    // The first response reports a context near the window, so Pi compacts before the next
    // request of the same run; the turn after that ends with the re-delivery.
    let turns = 0;
    const reply = (/** @type {any} */ body) => {
      if (!body.tools?.length) return { text: "## Goal\nStabilise a flaky test.\n## Progress\nRead the notes." };
      turns++;
      if (turns === 1) return { toolCalls: [{ name: "read", arguments: { path: "notes.txt" } }], promptTokens: 120_000 };
      if (turns === 2) return { toolCalls: [{ name: "read", arguments: { path: "notes.txt" } }] };
      return { text: "Stabilised." };
    };
    model = new FakeModel(Array.from({ length: 8 }, () => reply));
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.work, "notes.txt"), "seed 42 fails\n");
    const settingsFile = path.join(sandbox.agent, "settings.json");
    fs.writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(settingsFile, "utf8")), compaction: { keepRecentTokens: 10 } }));
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ routing: "additive" }));
    sessionDir = path.join(sandbox.root, "sessions");
    const { runPi } = await import("./helpers/pi.mjs");
    run = await runPi(sandbox, { session: true, args: ["--skill", SKILLS, "--session-dir", sessionDir], prompts: [PROMPTS[0]] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("turn_end re-delivers the summarized-away skills before the run's next request", () => {
    assert.equal(run.code, 0, run.stderr);
    const agentBodies = model.bodies.filter((b) => b.tools?.length);
    assert.equal(agentBodies.length, 3);
    assert.ok(model.bodies.length > 3, "a summary request ran inside the run");
    const [file] = fs.readdirSync(sessionDir).filter((f) => f.endsWith(".jsonl"));
    const entries = sessionEntries(path.join(sessionDir, file));
    const compactionAt = entries.findIndex((e) => e.type === "compaction");
    assert.ok(compactionAt > 0);
    const firstKept = entries.findIndex((e) => e.id === entries[compactionAt].firstKeptEntryId);
    const gone = addedIn(entries.slice(0, firstKept));
    assert.deepEqual(gone, ["flaky-tests"]);
    // The request right after the compaction has no re-delivery yet; the one after the next turn_end has it.
    assert.deepEqual(deltas(agentBodies[1]).filter((t) => t.includes(REDELIVERED_HEADER)), []);
    const redelivery = deltas(agentBodies[2]).filter((t) => t.includes(REDELIVERED_HEADER));
    assert.equal(redelivery.length, 1);
    assert.equal(redelivery[0], `${REDELIVERED_HEADER}\n- flaky-tests: ${description("flaky-tests")}`);
    const persisted = deltaEntries(entries);
    assert.deepEqual(persisted.at(-1).details, { added: [], redelivered: ["flaky-tests"] });
    assert.ok(entries.indexOf(persisted.at(-1)) > compactionAt);
  });
});
