// End-to-end: capability routing in the real Pi 1.6 CLI against a scripted model on 127.0.0.1,
// with two third-party-style extensions whose tools carry long promptGuidelines. Every
// assertion is on the exact request bodies Pi sent: the tools array and the system prompt
// before and after routing, request_capabilities within the same run and its budget, the
// capsule that replaces a tool's guidelines after its first successful use, the state after a
// real process restart (resume) and a fork, per-package policies, and "off" leaving Pi alone.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, systemText, toolMessages, toolNames } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { distillCapsule } from "../index.js";
import { NAVIGATE_GUIDELINES, SCREENSHOT_GUIDELINES } from "./fixtures/capabilities/browser-tools.js";
import { CREATE_GUIDELINES, SEARCH_GUIDELINES } from "./fixtures/capabilities/tracker-tools.js";

const FIXTURES = path.join(REPO_ROOT, "__test__", "fixtures", "capabilities");
const BROWSER = path.join(FIXTURES, "browser-tools.js");
const TRACKER = path.join(FIXTURES, "tracker-tools.js");
const EXTENSIONS = ["-e", BROWSER, "-e", TRACKER];
const SESSION_ID = "capabilities-e2e";
const CORE = ["read", "bash", "edit", "write"];
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

/** The rule bullets Pi renders for a list of guidelines. @param {string[]} lines */
const bullets = (lines) => lines.map((l) => `- ${l}`).join("\n");
/** The capsule bullets of a tool's guidelines. @param {string[]} guidelines */
const capsuleOf = (guidelines) => /** @type {{text: string}} */ (distillCapsule(guidelines.join("\n"))).text.split("\n");
/** The `<tools>` snippet line of a tool. @param {string} name @param {string} snippet */
const snippet = (name, snippet) => `- ${name}: ${snippet}\n`;

/** Points the sandbox's fake provider at another model server. */
function pointAt(/** @type {ReturnType<typeof makeSandbox>} */ sandbox, /** @type {FakeModel} */ model) {
  const file = path.join(sandbox.agent, "models.json");
  const models = JSON.parse(fs.readFileSync(file, "utf8"));
  models.providers.fake.baseUrl = model.baseUrl;
  fs.writeFileSync(file, JSON.stringify(models, null, 2));
}

describe("capability routing in real Pi", { skip }, () => {
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {Record<string, FakeModel>} */
  const models = {};
  /** @type {Record<string, {code: number|null, stdout: string, stderr: string}>} */
  const runs = {};

  before(async () => {
    models.main = new FakeModel([
      // Prompt 1 routes to the browser tools; the model uses both, then asks for a tracker tool.
      { toolCalls: [{ name: "browser_navigate", arguments: { url: "http://localhost:3000/login" } }] },
      { toolCalls: [{ name: "browser_screenshot", arguments: {} }] },
      { toolCalls: [{ name: "request_capabilities", arguments: { names: ["tracker_create_issue"] } }] },
      { text: "Screenshot taken." },
      // Prompt 2: two failed names and a query use the budget of 3; the fourth call is refused.
      { toolCalls: [{ name: "request_capabilities", arguments: { names: ["nope_one"] } }] },
      { toolCalls: [{ name: "request_capabilities", arguments: { names: ["nope_two"] } }] },
      { toolCalls: [{ name: "request_capabilities", arguments: { query: "search existing issues by keyword" } }] },
      { toolCalls: [{ name: "request_capabilities", arguments: { names: ["weather_lookup"] } }] },
      { text: "That is all." },
    ]);
    models.stock = new FakeModel([{ text: "stock" }]);
    models.off = new FakeModel([{ text: "off" }]);
    models.resumed = new FakeModel([{ text: "resumed" }]);
    models.forked = new FakeModel([{ text: "forked" }]);
    models.policy = new FakeModel([{ toolCalls: [{ name: "request_capabilities", arguments: { names: ["browser_navigate"] } }] }, { text: "policy" }]);
    for (const m of Object.values(models)) await m.start();
    sandbox = makeSandbox(models.main);
    const prompt = "Take a screenshot of the login page at http://localhost:3000";

    // Stock Pi (pi-lean's kill switch) and pi-lean with capabilities off, same prompt.
    pointAt(sandbox, models.stock);
    runs.stock = await runPi(sandbox, { args: EXTENSIONS, prompts: [prompt], env: { PI_LEAN_DISABLE: "1" } });
    pointAt(sandbox, models.off);
    runs.off = await runPi(sandbox, { args: EXTENSIONS, prompts: [prompt], env: { PI_LEAN_CAPABILITIES: "off" } });

    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ capabilities: "route" }, null, 2));
    pointAt(sandbox, models.main);
    runs.main = await runPi(sandbox, { session: true, args: ["--session-id", SESSION_ID, ...EXTENSIONS], prompts: [prompt, "Thanks", "/capabilities"] });
    pointAt(sandbox, models.resumed);
    runs.resumed = await runPi(sandbox, { session: true, args: ["--session-id", SESSION_ID, ...EXTENSIONS], prompts: ["Anything else?"] });
    pointAt(sandbox, models.forked);
    runs.forked = await runPi(sandbox, { session: true, args: ["--fork", SESSION_ID, ...EXTENSIONS], prompts: ["Anything else?"] });

    // Per-package policies keyed by each extension's sourceInfo path.
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ capabilities: "route", packages: { [BROWSER]: "full", [TRACKER]: "drop" } }, null, 2));
    pointAt(sandbox, models.policy);
    runs.policy = await runPi(sandbox, { args: EXTENSIONS, prompts: ["Is there already an issue about the login button?"] });
  });

  after(async () => {
    for (const m of Object.values(models)) await m?.stop();
    sandbox?.cleanup();
  });

  test("every run exits cleanly", () => {
    for (const [name, run] of Object.entries(runs)) assert.equal(run.code, 0, `${name}: ${run.stderr}`);
    assert.equal(models.main.bodies.length, 9);
  });

  test("off: the tools and system prompt are stock Pi's (no skills here, so no skill tools either)", () => {
    const stock = models.stock.bodies[0];
    const off = models.off.bodies[0];
    assert.deepEqual(toolNames(stock), [...CORE, "browser_navigate", "browser_screenshot", "tracker_search_issues", "tracker_create_issue"]);
    assert.equal(JSON.stringify(off.tools), JSON.stringify(stock.tools));
    assert.equal(systemText(off), systemText(stock));
    assert.ok(systemText(off).includes(bullets(SEARCH_GUIDELINES)));
  });

  test("the first route shrinks the broad set to core, pi-lean's tools and what the prompt needs, with their prompt lines only", () => {
    const first = models.main.bodies[0];
    assert.deepEqual(toolNames(first), [...CORE, "browser_navigate", "browser_screenshot", "request_capabilities"]);
    // Exact bytes: stock's prompt minus the deferred tools' snippet and guideline lines.
    const expected = systemText(models.off.bodies[0])
      .replace(snippet("tracker_search_issues", "Search the issue tracker"), "")
      .replace(snippet("tracker_create_issue", "File issues in the tracker"), "")
      .replace(`${bullets(SEARCH_GUIDELINES)}\n`, "")
      .replace(`${bullets(CREATE_GUIDELINES)}\n`, "");
    assert.equal(systemText(first), expected);
    assert.ok(systemText(first).length < systemText(models.off.bodies[0]).length - 1700);
  });

  test("request_capabilities activates a deferred tool in the same run: the next request declares it", () => {
    assert.equal(toolMessages(models.main.bodies[3]).at(-1)?.text, "Now available: tracker_create_issue. Call them from your next step.\n2 of 3 additions left for this prompt.");
    assert.deepEqual(toolNames(models.main.bodies[2]), toolNames(models.main.bodies[0]));
    assert.deepEqual(toolNames(models.main.bodies[3]), [...toolNames(models.main.bodies[0]), "tracker_create_issue"]);
    const declared = models.main.bodies[3].tools.at(-1);
    assert.equal(JSON.stringify(declared), JSON.stringify(models.stock.bodies[0].tools[7]), "declared exactly as stock Pi declares it");
    assert.ok(systemText(models.main.bodies[3]).includes(bullets(CREATE_GUIDELINES)), "its full guidelines come with it");
  });

  test("after their first successful use, the browser tools' guidelines become capsules (once), the tracker's stay full", () => {
    const before = systemText(models.main.bodies[3]);
    const afterUse = systemText(models.main.bodies[4]);
    const expected = before
      .replace(bullets(NAVIGATE_GUIDELINES), bullets(capsuleOf(NAVIGATE_GUIDELINES)))
      .replace(bullets(SCREENSHOT_GUIDELINES), bullets(capsuleOf(SCREENSHOT_GUIDELINES)));
    assert.equal(afterUse, expected);
    assert.ok(afterUse.length < before.length - 900, `${before.length} -> ${afterUse.length}`);
    for (const body of models.main.bodies.slice(5)) {
      const text = systemText(body);
      assert.ok(text.includes(bullets(capsuleOf(NAVIGATE_GUIDELINES))) && !text.includes(NAVIGATE_GUIDELINES[1]), "never back and forth");
    }
    const cached = fs.readdirSync(path.join(sandbox.agent, "cache", "pi-lean", "tools"));
    assert.equal(cached.length, 2);
    assert.ok(cached.every((f) => /^[0-9a-f]{16}-v\d+\.json$/.test(f)));
  });

  test("the per-prompt budget counts failed attempts and holds", () => {
    const texts = [5, 6, 7, 8].map((i) => toolMessages(models.main.bodies[i]).at(-1)?.text);
    assert.deepEqual(texts, [
      "Not found: nope_one.\n2 of 3 additions left for this prompt.",
      "Not found: nope_two.\n1 of 3 additions left for this prompt.",
      "Now available: tracker_search_issues. Call them from your next step.\nAlready available: tracker_create_issue.\n0 of 3 additions left for this prompt.",
      "Budget used up (3 per prompt): continue with the active tools.",
    ]);
    assert.deepEqual(toolNames(models.main.bodies[8]), [...toolNames(models.main.bodies[3]), "tracker_search_issues"]);
  });

  test("/capabilities says what is active and why, the policies and the capsules", () => {
    const out = runs.main.stderr;
    assert.match(out, /^Capability routing: route \(capabilities=route\)$/m);
    assert.match(out, /^active: read \(core\), bash \(core\), edit \(core\), write \(core\), browser_navigate \(routed\), browser_screenshot \(routed\), request_capabilities \(pi-lean\), tracker_create_issue \(requested\), tracker_search_issues \(requested\)$/m);
    assert.match(out, /^deferred: none$/m);
    assert.match(out, /^routes 2, failed 0, requests 5, activations 2, guideline changes 1 \(each one prompt-cache prefix change\)$/m);
    assert.ok(out.includes(`guidelines browser_navigate: policy default, prompt carries capsule (${capsuleOf(NAVIGATE_GUIDELINES).join("\n").length} of 1402 chars); source cli ${BROWSER}\n`));
    assert.ok(out.includes(`guidelines tracker_create_issue: policy default, prompt carries full (931 of 931 chars); source cli ${TRACKER}\n`));
    assert.match(out, /^capsules cached: 2 tool, 0 skill/m);
  });

  test("a real restart resuming the session, and a fork of it, rebuild the same tools and capsules", () => {
    const last = models.main.bodies[8];
    for (const model of [models.resumed, models.forked]) {
      const body = model.bodies[0];
      assert.deepEqual(toolNames(body), toolNames(last));
      // The same rule lines (Pi may order a restored loadout's rules differently).
      const rules = (/** @type {string} */ text) => text.slice(text.indexOf("<rules>"), text.indexOf("</rules>")).split("\n").sort();
      assert.deepEqual(rules(systemText(body)), rules(systemText(last)));
      assert.ok(systemText(body).includes(bullets(capsuleOf(NAVIGATE_GUIDELINES))));
    }
  });

  test("packages: a source set to full keeps its guidelines despite a cached capsule; one set to drop loses them", () => {
    const body = models.policy.bodies[0];
    assert.deepEqual(toolNames(body), [...CORE, "tracker_search_issues", "tracker_create_issue", "request_capabilities"]);
    const text = systemText(body);
    assert.ok(!text.includes(SEARCH_GUIDELINES[0]) && !text.includes(CREATE_GUIDELINES[0]), "tracker guidelines dropped");
    assert.ok(text.includes(snippet("tracker_create_issue", "File issues in the tracker")), "the tool itself is still described");
    const withBrowser = systemText(models.policy.bodies[1]);
    assert.ok(withBrowser.includes(bullets(NAVIGATE_GUIDELINES)), "full, though a capsule is cached");
  });
});

describe("skill capsules in real Pi", { skip }, () => {
  const DESCRIPTION =
    "Use when a database migration must be written or reviewed. It covers schema changes, data backfills and index builds on large tables, with examples for Postgres and MySQL. Never run a migration against production from this session. Write the down migration first, then the up migration.";
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {FakeModel} */
  let model;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    model = new FakeModel([
      { toolCalls: [{ name: "skill", arguments: { name: "db-migrations" } }] },
      { text: "Loaded." },
      { toolCalls: [{ name: "skill_search", arguments: { query: "database migration" } }] },
      { text: "Next." },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    const skillDir = path.join(sandbox.root, "skills", "db-migrations");
    fs.mkdirSync(skillDir, { recursive: true });
    fs.writeFileSync(path.join(skillDir, "SKILL.md"), `---\nname: db-migrations\ndescription: ${DESCRIPTION}\n---\n\n# Migrations\n\nSteps.\n`);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ capabilities: "route", routing: "safe" }));
    run = await runPi(sandbox, { args: ["--skill", path.join(sandbox.root, "skills")], prompts: ["Help me write a migration", "And the next one?"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("after its first load, a skill's description in the catalog is its capsule; the full text stays in skill_search", () => {
    assert.equal(run.code, 0, run.stderr);
    const capsule = /** @type {{text: string}} */ (distillCapsule(DESCRIPTION)).text;
    assert.equal(capsule, "Use when a database migration must be written or reviewed. Never run a migration against production from this session. Write the down migration first, then the up migration.");
    assert.ok(systemText(model.bodies[0]).includes(`- db-migrations: ${DESCRIPTION}\n`), "full before the first load");
    assert.ok(systemText(model.bodies[1]).includes(`- db-migrations: ${DESCRIPTION}\n`), "unchanged within the run that loaded it");
    const next = systemText(model.bodies[2]);
    assert.equal(next, systemText(model.bodies[1]).replace(`- db-migrations: ${DESCRIPTION}\n`, `- db-migrations: ${capsule}\n`));
    // Two verdicts: the description's and the body's (PD-14; this body has no rule to list).
    assert.deepEqual(fs.readdirSync(path.join(sandbox.agent, "cache", "pi-lean", "skills")).length, 2);
    // skill_search shows the description itself (capped at catalogDescriptionMax, 240).
    assert.ok(toolMessages(model.bodies[3]).at(-1)?.text.includes(`- db-migrations: ${DESCRIPTION.slice(0, 200)}`));
  });
});

describe("capability routing: the opt-in model router in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;
  const prompt = "Take a screenshot of the login page at http://localhost:3000";

  before(async () => {
    model = new FakeModel([
      // Prompt 1: the router (a request with no tools) picks one tool, plus names it was not offered.
      { text: 'Sure: {"tools": ["tracker_search_issues", "read", "no_such_tool"]}' },
      { text: "Routed by the model." },
      // Prompt 2: no usable answer, so the local ranker routes.
      { text: "I cannot decide." },
      { text: "Routed locally." },
      { text: "Bye." },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ capabilities: "route", router: "model", routerModel: "fake/fake-model", pickerTimeoutMs: 5000 }));
    run = await runPi(sandbox, { args: EXTENSIONS, prompts: [prompt, "Is there already an issue about the login button?", "/capabilities"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the router request is bounded: no tools, the task and the routable candidates only", () => {
    assert.equal(run.code, 0, run.stderr);
    const router = model.bodies[0];
    assert.deepEqual(router.messages.map((/** @type {any} */ m) => m.role), ["system", "user"]);
    assert.ok(!router.tools?.length);
    assert.match(systemText(router), /^You choose which tools a coding agent should have for a task\./);
    const payload = JSON.parse(router.messages[1].content.map((/** @type {any} */ p) => p.text).join(""));
    assert.equal(payload.task, prompt);
    // Best-first by the local ranker; core and pi-lean's tools are never candidates.
    assert.deepEqual(payload.candidates.map((/** @type {any} */ c) => c.name), ["browser_screenshot", "browser_navigate", "tracker_search_issues", "tracker_create_issue"]);
    const second = JSON.parse(model.bodies[2].messages[1].content.map((/** @type {any} */ p) => p.text).join(""));
    assert.equal(second.previousReply, "Routed by the model.");
    assert.deepEqual(second.candidates.map((/** @type {any} */ c) => c.name).sort(), ["browser_navigate", "browser_screenshot", "tracker_create_issue"], "only deferred tools are offered");
  });

  test("its answer only filters the candidates; no usable answer falls back to the local ranker", () => {
    assert.deepEqual(toolNames(model.bodies[1]), [...CORE, "tracker_search_issues", "request_capabilities"]);
    assert.deepEqual(toolNames(model.bodies[3]), [...CORE, "tracker_search_issues", "request_capabilities", "tracker_create_issue"]);
    assert.match(run.stderr, /^model router fake\/fake-model: 1 answered, 1 fell back to the local ranker$/m);
  });
});

describe("capability routing: tools registered late, in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    model = new FakeModel([{ text: "First." }, { text: "Second." }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ capabilities: "route" }));
    run = await runPi(sandbox, { args: [...EXTENSIONS, "-e", path.join(FIXTURES, "late-tools.js")], prompts: ["Why does the build fail?", "Deploy a preview of this branch"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("a late tool the next prompt needs stays; one it does not need is deferred before any request", () => {
    assert.equal(run.code, 0, run.stderr);
    const first = [...CORE, "request_capabilities"];
    assert.deepEqual(toolNames(model.bodies[0]), first);
    assert.deepEqual(toolNames(model.bodies[1]), [...first, "deploy_preview"]);
  });
});

describe("capability routing with nothing to route, in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    model = new FakeModel([{ toolCalls: [{ name: "bash", arguments: { command: "echo hi" } }] }, { text: "Done." }]);
    await model.start();
    sandbox = makeSandbox(model);
    // Pi's own tools and pi-lean only: Pi also registers tools it leaves inactive (powershell on
    // Linux), which nobody deferred and request_capabilities could never enable.
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    run = await runPi(sandbox, { prompts: ["Run echo hi", "/capabilities"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("request_capabilities is not declared when no active or deferred tool is routable", () => {
    assert.equal(run.code, 0, run.stderr);
    for (const body of model.bodies) assert.deepEqual(toolNames(body), [...CORE, "token_retrieve"]);
    assert.match(run.stderr, /^deferred: none$/m);
  });
});
