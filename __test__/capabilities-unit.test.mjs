// Unit tests of the capability layer's pure parts: the capsule binding, the capsule cache
// (atomic compare-and-swap writes, validation, concurrent writers in two processes), the
// per-package guideline policy, request_capabilities' budget, the router's threshold, and the
// config keys. The wiring (first route, late tools, a failed route) runs against a fake Pi
// with a real tool registry; the real-Pi proof is e2e-capabilities.test.mjs.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import { distillCapsule, distillerVersion, validateCapsule, contentHash } from "../index.js";
import { CapsuleCache, MAX_ENTRIES } from "../extension/capabilities/capsule-cache.js";
import { applyGuidelinePolicy, configuredPolicy, noteSuccessfulUse } from "../extension/capabilities/guidelines.js";
import { runRequest } from "../extension/capabilities/request.js";
import { ROUTE_MIN_SCORE, rankTools, routePrompt } from "../extension/capabilities/router.js";
import { loadConfig } from "../extension/shared/config.js";
import { NAVIGATE_GUIDELINES, SCREENSHOT_GUIDELINES } from "./fixtures/capabilities/browser-tools.js";
import { routingHarness } from "./helpers/routing-harness.mjs";
import { CREATE_GUIDELINES, SEARCH_GUIDELINES } from "./fixtures/capabilities/tracker-tools.js";

const NAVIGATE = NAVIGATE_GUIDELINES.join("\n");
const TOOLS = [
  { name: "browser_navigate", description: "Open a URL in a headless browser tab.", promptGuidelines: NAVIGATE_GUIDELINES, sourceInfo: { path: "/ext/browser.js", source: "local", baseDir: "/ext" } },
  { name: "browser_screenshot", description: "Capture the current browser tab as a PNG image.", promptGuidelines: SCREENSHOT_GUIDELINES, sourceInfo: { path: "/ext/browser.js", source: "local", baseDir: "/ext" } },
  { name: "tracker_search_issues", description: "Search the project's issue tracker.", promptGuidelines: SEARCH_GUIDELINES, sourceInfo: { path: "/pkg/tracker/index.js", source: "npm:tracker-tools", baseDir: "/pkg/tracker" } },
  { name: "tracker_create_issue", description: "File a new issue.", promptGuidelines: CREATE_GUIDELINES, sourceInfo: { path: "/pkg/tracker/index.js", source: "npm:tracker-tools", baseDir: "/pkg/tracker" } },
  { name: "read", description: "Read files.", promptGuidelines: ["Use read to examine files instead of cat or sed."], sourceInfo: { path: "builtin:read", source: "builtin" } },
  { name: "token_retrieve", description: "Retrieve.", promptGuidelines: ["Long tool output may be compacted; retrieve only what you need and keep replies concise."], sourceInfo: { path: "/pi-lean/index.js", source: "local" } },
];

describe("capsule binding", () => {
  test("a capsule is whole source sentences in order, shorter, and validates; its version is exposed", () => {
    const capsule = /** @type {any} */ (distillCapsule(NAVIGATE));
    assert.equal(capsule.distillerVersion, distillerVersion());
    assert.ok(capsule.text.length < NAVIGATE.length / 2 + 100);
    assert.equal(capsule.text.split("\n")[0], "Use browser_navigate when the user asks to open a web page, follow a link or check what a URL renders in a real browser.");
    assert.equal(validateCapsule(NAVIGATE, capsule.text), null);
    assert.equal(distillCapsule("Short."), null);
  });

  test("invalid capsules are named: invented text, a dropped rule, not shorter", () => {
    const capsule = /** @type {any} */ (distillCapsule(NAVIGATE)).text;
    assert.match(/** @type {string} */ (validateCapsule(NAVIGATE, capsule.replace("Never use", "Always use"))), /^line 2 is not whole source sentences/);
    assert.match(/** @type {string} */ (validateCapsule(NAVIGATE, capsule.split("\n").slice(0, 2).join("\n"))), /^drops the rule "Call browser_navigate before/);
    assert.equal(validateCapsule(NAVIGATE, NAVIGATE), "not shorter than the source");
    assert.throws(() => validateCapsule(/** @type {any} */ (42), "x"), /^Error: INVALID_ARGUMENT: source is a number, not a string/);
  });
});

describe("capsule cache", () => {
  let dir = "";
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-capsules-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("stores a verdict keyed by content hash and distiller version, and reads it back", () => {
    const cache = new CapsuleCache(dir);
    assert.equal(cache.get("tools", NAVIGATE), undefined);
    const made = cache.make("tools", NAVIGATE, "tool browser_navigate", () => NAVIGATE);
    assert.equal(made.stored, true);
    const file = path.join(dir, "cache", "pi-lean", "tools", `${contentHash(NAVIGATE)}-v${distillerVersion()}.json`);
    assert.ok(fs.existsSync(file));
    assert.deepEqual(new CapsuleCache(dir).get("tools", NAVIGATE), { capsule: made.capsule });
    assert.deepEqual(new CapsuleCache(dir).list("tools"), [{ file: path.basename(file), label: "tool browser_navigate", capsuleChars: /** @type {string} */ (made.capsule).length }]);
  });

  test("compare-and-swap: nothing is stored when the source changed before the write", () => {
    const cache = new CapsuleCache(dir);
    const made = cache.make("tools", NAVIGATE, "tool x", () => `${NAVIGATE}\nEdited meanwhile.`);
    assert.equal(made.stored, false);
    assert.deepEqual(fs.readdirSync(path.join(dir, "cache", "pi-lean", "tools")), [], "no temp file left either");
    assert.equal(cache.get("tools", NAVIGATE), undefined);
  });

  test("editing the source invalidates its capsule; a tampered capsule is ignored and removed", () => {
    const cache = new CapsuleCache(dir);
    cache.make("tools", NAVIGATE, "tool x", () => NAVIGATE);
    assert.equal(new CapsuleCache(dir).get("tools", `${NAVIGATE} Edited.`), undefined);
    const file = cache.fileFor("tools", NAVIGATE);
    const stored = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, JSON.stringify({ ...stored, capsule: stored.capsule.replace("Never", "Always") }));
    assert.equal(new CapsuleCache(dir).get("tools", NAVIGATE), undefined);
    assert.ok(!fs.existsSync(file));
  });

  test("a text with no shorter capsule caches the verdict 'full' (null)", () => {
    const cache = new CapsuleCache(dir);
    assert.deepEqual(cache.make("tools", "Use x_tool when asked.", "tool x", () => "Use x_tool when asked."), { capsule: null, stored: true });
    assert.deepEqual(new CapsuleCache(dir).get("tools", "Use x_tool when asked."), { capsule: null });
  });

  test("bounded: the oldest files beyond MAX_ENTRIES are pruned; clear removes all", () => {
    const cache = new CapsuleCache(dir);
    const tools = path.join(dir, "cache", "pi-lean", "tools");
    fs.mkdirSync(tools, { recursive: true });
    for (let i = 0; i < MAX_ENTRIES + 5; i++) {
      const f = path.join(tools, `${String(i).padStart(16, "0")}-v1.json`);
      fs.writeFileSync(f, "{}");
      fs.utimesSync(f, 1000 + i, 1000 + i);
    }
    cache.make("tools", NAVIGATE, "tool x", () => NAVIGATE);
    const left = fs.readdirSync(tools);
    assert.equal(left.length, MAX_ENTRIES);
    assert.ok(!left.includes(`${"0".repeat(16)}-v1.json`) && left.includes(path.basename(cache.fileFor("tools", NAVIGATE))));
    assert.equal(cache.clear(), MAX_ENTRIES);
    assert.deepEqual(fs.readdirSync(tools), []);
  });

  test("two processes writing the same and changing sources never leave a stale or broken capsule", async () => {
    const module = new URL("../extension/capabilities/capsule-cache.js", import.meta.url).href;
    const script = `
      import { CapsuleCache } from ${JSON.stringify(module)};
      const [dir, who] = process.argv.slice(1);
      const base = ${JSON.stringify(NAVIGATE)};
      const cache = new CapsuleCache(dir);
      for (let i = 0; i < 60; i++) {
        // Even rounds: both write the same text. Odd rounds: this writer's source changes under it.
        const source = base + "\\nRound " + (i >> 1) + ".";
        cache.make("tools", source, "race", () => (i % 2 === 0 ? source : source + " Changed by " + who + "."));
      }`;
    const run = (/** @type {string} */ who) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script, dir, who], { stdio: ["ignore", "inherit", "inherit"] });
        child.on("error", reject);
        child.on("close", resolve);
      });
    assert.deepEqual(await Promise.all([run("a"), run("b")]), [0, 0]);
    const tools = path.join(dir, "cache", "pi-lean", "tools");
    const files = fs.readdirSync(tools);
    assert.equal(files.length, 30, "one file per source that stayed the same; none for changed ones, no temp files");
    const cache = new CapsuleCache(dir);
    for (let round = 0; round < 30; round++) {
      const source = `${NAVIGATE}\nRound ${round}.`;
      const got = cache.get("tools", source);
      assert.ok(got?.capsule && validateCapsule(source, got.capsule) === null, `round ${round}`);
    }
  });
});

describe("per-package guideline policy", () => {
  let dir = "";
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-policy-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const own = new Set(["token_retrieve"]);

  test("keys match sourceInfo path, then baseDir, then source; nothing is guessed", () => {
    assert.equal(configuredPolicy(TOOLS[0], { "/ext/browser.js": "drop", local: "full" }), "drop");
    assert.equal(configuredPolicy(TOOLS[0], { "/ext": "capsule", local: "full" }), "capsule");
    assert.equal(configuredPolicy(TOOLS[2], { "npm:tracker-tools": "drop" }), "drop");
    assert.equal(configuredPolicy(TOOLS[2], { tracker: "drop", "browser_navigate": "drop" }), null);
  });

  test("default: full until a successful use stores a verdict, then the capsule; built-ins and pi-lean's tools never touched", () => {
    const cache = new CapsuleCache(dir);
    const options = { packages: {}, ownTools: own, cache, currentSource: (/** @type {string} */ name) => TOOLS.find((t) => t.name === name)?.promptGuidelines.join("\n") ?? null };
    /** @type {Record<string, string[]>} */
    let guidelines = {};
    const before = applyGuidelinePolicy(guidelines, TOOLS, options);
    assert.deepEqual(guidelines, {});
    assert.deepEqual(before.map((d) => `${d.name}:${d.applied}`), ["browser_navigate:full", "browser_screenshot:full", "tracker_search_issues:full", "tracker_create_issue:full"]);
    assert.equal(noteSuccessfulUse(TOOLS[0], options), true);
    assert.equal(noteSuccessfulUse(TOOLS[0], options), false, "once");
    assert.equal(noteSuccessfulUse(TOOLS[4], options), false, "built-in");
    assert.equal(noteSuccessfulUse(TOOLS[5], options), false, "pi-lean's own");
    guidelines = {};
    applyGuidelinePolicy(guidelines, TOOLS, options);
    assert.deepEqual(guidelines, { browser_navigate: /** @type {any} */ (distillCapsule(NAVIGATE)).text.split("\n") });
  });

  test("capsule and drop apply at once; drop leaves an empty list so Pi's merge cannot bring the text back", () => {
    const cache = new CapsuleCache(dir);
    /** @type {Record<string, string[]>} */
    const guidelines = {};
    const decisions = applyGuidelinePolicy(guidelines, TOOLS, { packages: { "npm:tracker-tools": "drop", "/ext": "capsule" }, ownTools: own, cache, currentSource: (name) => TOOLS.find((t) => t.name === name)?.promptGuidelines.join("\n") ?? null });
    assert.deepEqual(guidelines.tracker_search_issues, []);
    assert.deepEqual(guidelines.tracker_create_issue, []);
    assert.deepEqual(guidelines.browser_screenshot, /** @type {any} */ (distillCapsule(SCREENSHOT_GUIDELINES.join("\n"))).text.split("\n"));
    assert.deepEqual(decisions.map((d) => `${d.name}:${d.policy}:${d.applied}`), ["browser_navigate:capsule:capsule", "browser_screenshot:capsule:capsule", "tracker_search_issues:drop:drop", "tracker_create_issue:drop:drop"]);
    assert.ok(!("read" in guidelines) && !("token_retrieve" in guidelines));
  });
});

describe("request_capabilities", () => {
  /** @param {string[]} deferred */
  function deps(deferred, limit = 3) {
    const state = { active: ["read", "bash"], deferred: [...deferred] };
    return {
      state,
      budget: { limit, used: 0 },
      allTools: () => TOOLS,
      candidates: () => TOOLS.slice(0, 4),
      activeTools: () => state.active,
      deferred: () => state.deferred,
      activate: (/** @type {string[]} */ names) => {
        const added = names.filter((n) => state.deferred.includes(n));
        state.deferred = state.deferred.filter((n) => !added.includes(n));
        state.active.push(...added);
        return added;
      },
      isSkill: (/** @type {string} */ n) => n === "debugging",
      searchSkills: (/** @type {string} */ q) => (q.includes("bug") ? ["debugging"] : []),
    };
  }

  test("names and a query add deferred tools and reveal skills, with short results", () => {
    const d = deps(["browser_navigate", "tracker_search_issues", "tracker_create_issue"]);
    const r = runRequest({ names: ["browser_navigate", "debugging"], query: "file a bug report issue" }, d);
    // Both tracker tools score close to each other for this query; the budget has room for both.
    assert.equal(r.content[0].text, 'Now available: browser_navigate, tracker_search_issues, tracker_create_issue. Call them from your next step.\nSkills: debugging (load one with skill {"name": "<exact name>"}).\n0 of 3 additions left for this prompt.');
    assert.deepEqual(d.state.deferred, []);
    // A query whose best hit is far ahead activates that one only.
    const one = deps(["browser_navigate", "browser_screenshot", "tracker_create_issue"]);
    assert.deepEqual(runRequest({ query: "take a screenshot" }, one).details.added, ["browser_screenshot"]);
  });

  test("failed attempts count; an exhausted budget refuses; an active tool's full guidelines are returned free", () => {
    const d = deps(["browser_navigate"], 2);
    assert.equal(runRequest({ names: ["nope"] }, d).content[0].text, "Not found: nope.\n1 of 2 additions left for this prompt.");
    assert.equal(runRequest({ query: "zzz qqq" }, d).content[0].text, 'Nothing matched "zzz qqq"; the active tools are all there is.');
    assert.equal(d.budget.used, 2);
    assert.equal(runRequest({ names: ["browser_navigate"] }, d).content[0].text, "Budget used up (2 per prompt): continue with the active tools.");
    assert.deepEqual(d.state.deferred, ["browser_navigate"]);
    const r = runRequest({ names: ["read"] }, d);
    assert.equal(r.content[0].text, "read guidelines:\n- Use read to examine files instead of cat or sed.");
  });

  test("hostile input is bounded: at most 8 names, non-strings ignored, a long query cut", () => {
    const d = deps([], 8);
    const r = runRequest({ names: [...Array.from({ length: 50 }, (_, i) => `n${i}`), 42, null], query: "x".repeat(10_000) }, d);
    assert.equal(/** @type {string[]} */ (r.details.unknown).length, 8);
    assert.equal(/** @type {string} */ (r.details.query).length, 500);
  });
});

describe("router", () => {
  test("routes a prompt to confident hits only; ranks the guidelines' words too", () => {
    assert.deepEqual(routePrompt(TOOLS.slice(0, 4), "Take a screenshot of the login page"), ["browser_screenshot"]);
    assert.deepEqual(routePrompt(TOOLS.slice(0, 4), "Why do the regex tests fail?"), []);
    // "qualifiers" appears only in tracker_search_issues' guidelines.
    assert.equal(rankTools(TOOLS.slice(0, 4), "qualifiers", { limit: 3, minScore: 0 })[0]?.name, "tracker_search_issues");
    assert.ok(ROUTE_MIN_SCORE > 0);
  });
});

describe("config", () => {
  let dir = "";
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-capcfg-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  /** @param {unknown} raw */
  const load = (raw, env = {}) => {
    fs.writeFileSync(path.join(dir, "pi-lean.json"), JSON.stringify(raw));
    return loadConfig({ agentDir: dir, env });
  };

  test("capabilities, capabilityBudget and packages validate, per profile too, and the env wins", () => {
    assert.equal(load({}).capabilities, null);
    assert.equal(load({ capabilities: "route" }).capabilities, "route");
    assert.equal(load({ capabilities: "route" }, { PI_LEAN_CAPABILITIES: "off" }).capabilities, "off");
    const profiled = load({ groups: { g: ["x"] }, profiles: { lean: { groups: ["g"], settings: { capabilities: "route", capabilityBudget: 1, packages: { "npm:x": "drop" } } } }, activeProfile: "lean" });
    assert.deepEqual([profiled.capabilities, profiled.capabilityBudget, profiled.packages], ["route", 1, { "npm:x": "drop" }]);
  });

  test("bad values fail closed with CONFIG_INVALID", () => {
    assert.throws(() => load({ capabilities: "on" }), /CONFIG_INVALID: .*"capabilities" must be one of "off", "route"/);
    assert.throws(() => load({ capabilityBudget: 9 }), /CONFIG_INVALID: .*"capabilityBudget" must be an integer 0..8/);
    assert.throws(() => load({ packages: { "npm:x": "summary" } }), /CONFIG_INVALID: .*"packages" "npm:x" must be "full", "capsule" or "drop"/);
    assert.throws(() => load({ packages: ["npm:x"] }), /CONFIG_INVALID: .*"packages" must be an object/);
  });
});

// The layer's wiring against a fake Pi with a real tool registry (activation on registration,
// unknown names ignored); importing the layer imports Pi, which needs Node >= 22.19.
const [major, minor] = process.versions.node.split(".").map(Number);
const skipWiring = major > 22 || (major === 22 && minor >= 19) ? false : "needs Node >= 22.19 to import Pi";

describe("routing wiring", { skip: skipWiring }, () => {
  const BUILTIN = ["read", "bash", "edit", "write"];
  let agentDir = "";
  const saved = process.env.PI_CODING_AGENT_DIR;
  beforeEach(() => {
    agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-routing-"));
    process.env.PI_CODING_AGENT_DIR = agentDir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.PI_CODING_AGENT_DIR;
    else process.env.PI_CODING_AGENT_DIR = saved;
    fs.rmSync(agentDir, { recursive: true, force: true });
  });

  const setup = () => routingHarness(agentDir, TOOLS.slice(0, 4));

  test("the first route shrinks to core + routed; later routes only add; late tools are routed; state rebuilds from the branch", async () => {
    const s = await setup();
    assert.deepEqual(s.active(), [...BUILTIN, ...TOOLS.slice(0, 4).map((t) => t.name), "request_capabilities"], "nothing shrinks before a prompt");
    await s.prompt("Take a screenshot of the login page");
    assert.deepEqual(s.active(), [...BUILTIN, "browser_screenshot", "request_capabilities"]);
    await s.prompt("Is there already an issue about it?");
    assert.deepEqual(s.active(), [...BUILTIN, "browser_screenshot", "request_capabilities", "tracker_create_issue", "tracker_search_issues"], "only adds, appended");
    await s.prompt("Thanks");
    assert.equal(s.active().length, 8, "a prompt matching nothing removes nothing");
    s.pi.registerTool({ name: "deploy_preview", description: "Deploy a preview build of the site to a temporary URL.", parameters: {} });
    s.pi.registerTool({ name: "stock_quote", description: "Current stock quotes.", parameters: {} });
    await s.prompt("deploy a preview of this branch");
    assert.deepEqual(s.active(), [...BUILTIN, "browser_screenshot", "request_capabilities", "tracker_create_issue", "tracker_search_issues", "deploy_preview"], "kept in place");
    assert.ok(!s.active().includes("stock_quote"), "a late tool the prompt does not need is deferred");
    assert.deepEqual(s.control.describe().deferred.sort(), ["browser_navigate", "stock_quote"]);
    // A fresh runtime (reload, resume) rebuilds the state from the session's entries.
    s.branch.push(...s.entries);
    await s.emit("session_start", {});
    assert.deepEqual(s.control.describe().deferred.sort(), ["browser_navigate", "stock_quote"]);
    assert.equal(new Map(s.control.describe().active).get("deploy_preview"), "routed");
  });

  test("the mode: explicit capabilities wins; unset follows tokenSaver; a broken config is off", async () => {
    const { capabilityMode } = await import("../extension/capabilities/index.js");
    const holder = (/** @type {any} */ value, error = null) => /** @type {any} */ ({ value: { capabilities: null, tokenSaver: "off", ...value }, error });
    assert.equal(capabilityMode(holder({})), "off");
    assert.equal(capabilityMode(holder({ tokenSaver: "on" })), "route");
    assert.equal(capabilityMode(holder({ tokenSaver: "on", capabilities: "off" })), "off");
    assert.equal(capabilityMode(holder({ capabilities: "route" })), "route");
    assert.equal(capabilityMode(holder({ capabilities: "route" }, /** @type {any} */ (new Error("CONFIG_INVALID")))), "off");
  });

  test("a failed route (the native ranker panics) shrinks nothing, and the late tools stay active for good", async () => {
    const harness = new URL("./helpers/routing-harness.mjs", import.meta.url).href;
    const script = `
      import { routingHarness } from ${JSON.stringify(harness)};
      const s = await routingHarness(process.argv[1], ${JSON.stringify(TOOLS.slice(0, 4))});
      await s.prompt("Take a screenshot of the login page");
      const afterFirst = s.active();
      const error = s.control.describe().lastRouteError;
      await s.prompt("Thanks");
      console.log(JSON.stringify({ afterFirst, afterSecond: s.active(), counters: s.control.counters(), error }));`;
    const out = await new Promise((resolve, reject) => {
      let stdout = "";
      const child = spawn(process.execPath, ["--input-type=module", "-e", script, agentDir], { env: { ...process.env, PI_LEAN_TEST_PANIC: "ToolIndex.new" }, stdio: ["ignore", "pipe", "inherit"] });
      child.stdout.on("data", (c) => (stdout += c));
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`exit ${code}`))));
    });
    const all = [...BUILTIN, ...TOOLS.slice(0, 4).map((t) => t.name), "request_capabilities"];
    assert.deepEqual(out.afterFirst, all);
    assert.deepEqual(out.afterSecond, all);
    assert.equal(out.counters.failedRoutes, 1, "the second prompt had nothing left to route");
    assert.match(out.error, /^INTERNAL: the native core failed in ToolIndex.new/);
  });
});
