// Routing fallbacks against the real native index: adaptive keeps every in-scope skill
// visible (catalog, shortlist, or names), safe/full shows complete descriptions, a budget of
// 0 means no limit, and on a real catalog padded with hundreds of distractors adaptive shows
// or pins whatever safe would show, for every prompt of the visible routing set.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { SkillIndex } from "../index.js";
import { DEFAULT_CONFIG, loadConfig } from "../extension/shared/config.js";
import { route } from "../extension/skills/routing.js";
import { SHARED_DIR } from "./helpers/pi.mjs";

const ROUTING = path.join(SHARED_DIR, "eval", "routing");
const sharedSkip = fs.existsSync(path.join(ROUTING, "queries-scientific.jsonl")) ? false : "shared routing set missing";

/** Forty skills with long, distinct descriptions: their compact catalog is ~2,700 tokens. */
function synthetic() {
  const topics = ["kafka", "redis", "postgres", "graphql", "terraform", "kubernetes", "webpack", "pandas", "numpy", "django"];
  const skills = [];
  for (let i = 0; i < 40; i++) {
    const topic = topics[i % topics.length];
    const name = `${topic}-helper-${i}`;
    const description = `Work with ${topic} in project ${i}: ${"setup, configuration, migration, troubleshooting and tuning; ".repeat(4)}ends here ${i}.`;
    skills.push({ name, description });
  }
  return { index: new SkillIndex(skills), names: skills.map((s) => s.name), skills };
}

/** Every name shown in what a run publishes (catalog lines, shortlist lines, names line). */
function visibleNames(routed, names) {
  const text = `${routed.catalog ?? ""}\n${routed.message?.content ?? ""}`;
  return names.filter((name) => new RegExp(`(^|[\\s,:(])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([,:.\\n ]|$)`, "m").test(text));
}

describe("adaptive and safe routing fallbacks", () => {
  test("LS-8: adaptive over budget, weak evidence: the whole policy-filtered catalog in the task-local message, even over budget", () => {
    const { index, names } = synthetic();
    const config = { ...DEFAULT_CONFIG, routing: "adaptive", catalogTokenBudget: 1000 };
    const out = route(index, config, { candidates: names, scopeLabel: "all skills", prompt: "something about my build" });
    assert.equal(out.catalog, null, "the system prompt keeps the stub");
    assert.ok(out.message);
    assert.equal(out.message.details.whole, "weak");
    assert.deepEqual(out.message.details.names, names);
    assert.deepEqual(visibleNames(out, names), names, "every skill is visible with its description");
    for (const name of names) assert.match(out.message.content, new RegExp(`\\n- ${name}: Work with `));
    assert.ok(out.message.content.length / 4 > 1000, "over the budget rather than hiding skills");
    assert.match(out.message.content, /^No skill stands out for this request; every skill installed follows\./);
    // LS-9: the cut descriptions are marked and the cut is explained.
    assert.match(out.message.content, /\nDescriptions ending in … were cut at 240 characters; skill \{"name": "<exact name>"\} shows the whole skill\.$/);
  });

  test("LS-8: an ambiguous cutoff, and a ranking that fails, show the whole catalog too", () => {
    const { index, names } = synthetic();
    const config = { ...DEFAULT_CONFIG, routing: "adaptive", catalogTokenBudget: 150 };
    // Two skills fit equally well: the shortlist of three would cut between equals.
    const twin = new SkillIndex([
      ...names.map((name) => ({ name, description: index.get(name).description })),
      { name: "kafka-twin-a", description: "Rebalance kafka consumer groups after a partition change." },
      { name: "kafka-twin-b", description: "Rebalance kafka consumer groups after a partition change." },
      { name: "kafka-twin-c", description: "Rebalance kafka consumer groups after a partition change." },
      { name: "kafka-twin-d", description: "Rebalance kafka consumer groups after a partition change." },
    ]);
    const all = twin.list().map((s) => s.name);
    const ambiguous = route(twin, config, { candidates: all, scopeLabel: "all skills", prompt: "rebalance kafka consumer groups after a partition change" });
    assert.equal(ambiguous.message?.details.whole, "ambiguous", JSON.stringify(ambiguous.message?.details));
    assert.deepEqual(visibleNames(ambiguous, all), all);
    const failing = { get: (n) => index.get(n), search: () => { throw new Error("ranker down"); } };
    const out = route(/** @type {any} */ (failing), config, { candidates: names, scopeLabel: "all skills", prompt: "tune kafka in project 10" });
    assert.equal(out.message?.details.whole, "error");
    assert.match(out.message.content, /^Ranking failed for this request; every skill installed follows\./);
    assert.deepEqual(visibleNames(out, names), names);
  });

  test("a confident, clear ranking keeps the shortlist and names the others within the budget", () => {
    const { index, names } = synthetic();
    const config = { ...DEFAULT_CONFIG, routing: "adaptive", catalogTokenBudget: 400 };
    const out = route(index, config, { candidates: names, scopeLabel: "all skills", prompt: "tune kafka in project 10" });
    // kafka-helper-10 is the only skill with the prompt's "10"; the other kafka helpers tie on
    // words, so their order is the embedding table's and not pinned here.
    const shortlist = out.message.details.names;
    assert.equal(shortlist.length, 3, JSON.stringify(shortlist));
    assert.equal(shortlist[0], "kafka-helper-10");
    for (const name of shortlist.slice(1)) assert.match(name, /^kafka-helper-(0|20|30)$/);
    assert.ok(out.message.content.length / 4 <= 400);
    const left = out.message.details.otherNamesLeftOut;
    assert.ok(left > 0 && left < names.length, String(left));
    assert.ok(out.message.content.endsWith(` …and ${left} more (skill_search finds them).`), out.message.content.slice(-120));
  });

  test("adaptive: a pinned name is the user's pick; no names list then", () => {
    const { index, names } = synthetic();
    const config = { ...DEFAULT_CONFIG, routing: "adaptive", catalogTokenBudget: 1000 };
    const out = route(index, config, { candidates: names, scopeLabel: "all skills", prompt: "use kafka-helper-0 to set it up" });
    assert.equal(out.message.details.names[0], "kafka-helper-0");
    assert.ok(!out.message.content.includes("Other skills in scope"));
  });

  test("safe and its alias full show complete descriptions, never capped", () => {
    const { index, names, skills } = synthetic();
    const long = skills[0].description;
    assert.ok(long.length > 240);
    for (const routing of ["safe", "full"]) {
      const out = route(index, { ...DEFAULT_CONFIG, routing, catalogDescriptionMax: 240 }, { candidates: names, scopeLabel: "all skills", prompt: null });
      assert.ok(out.catalog?.includes(`- ${skills[0].name}: ${long}\n`), routing);
      assert.ok(!out.catalog.includes("…"), routing);
    }
  });

  test("catalogTokenBudget 0 means no limit: adaptive always publishes the catalog", () => {
    const { index, names } = synthetic();
    const out = route(index, { ...DEFAULT_CONFIG, routing: "adaptive", catalogTokenBudget: 0 }, { candidates: names, scopeLabel: "all skills", prompt: "anything" });
    assert.ok(out.catalog && out.catalog.length / 4 > 2000, "a large catalog");
    assert.equal(out.message, null);
  });

  test("the loader accepts routing full (file and environment)", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-routing-"));
    try {
      fs.writeFileSync(path.join(root, "pi-lean.json"), JSON.stringify({ routing: "full", catalogTokenBudget: 0 }));
      const fromFile = loadConfig({ agentDir: root, env: {} });
      assert.equal(fromFile.routing, "full");
      assert.equal(fromFile.catalogTokenBudget, 0);
      assert.equal(loadConfig({ agentDir: root, env: { PI_LEAN_ROUTING: "full" } }).routing, "full");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("padded catalog: adaptive shows or pins whatever safe shows", { skip: sharedSkip }, () => {
  test("scientific catalog + 400 composio distractors, every visible prompt", () => {
    const read = (file) => fs.readFileSync(path.join(ROUTING, file), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const real = read("catalog-scientific.jsonl");
    const distractors = read("catalog-composio.jsonl").slice(0, 400);
    const skills = [...real, ...distractors].map((s) => ({ name: s.name, description: s.description }));
    const index = new SkillIndex(skills);
    const candidates = index.list().map((s) => s.name);
    assert.ok(candidates.length >= 500, String(candidates.length));
    const queries = read("queries-scientific.jsonl");
    let pinnedOnly = 0;
    for (const q of queries) {
      const run = { candidates, scopeLabel: "all skills", prompt: q.prompt };
      const safe = route(index, { ...DEFAULT_CONFIG, routing: "safe" }, run);
      const adaptive = route(index, { ...DEFAULT_CONFIG, routing: "adaptive" }, run);
      const safeSees = visibleNames(safe, candidates);
      assert.deepEqual(safeSees, candidates, "safe shows the whole catalog");
      const pinned = adaptive.message?.details?.names ?? [];
      const adaptiveSees = new Set(visibleNames(adaptive, candidates));
      if (adaptive.message && !adaptive.message.content.includes("Other skills in scope")) {
        // Only a pinned pick may stand in for the rest: it must be named in the prompt.
        pinnedOnly++;
        assert.ok(pinned.length > 0 && pinned.every((n) => adaptiveSees.has(n)), q.id);
        continue;
      }
      const missing = safeSees.filter((name) => !adaptiveSees.has(name));
      assert.deepEqual(missing, [], `${q.id}: adaptive hides ${missing.length} skills safe shows`);
      for (const name of q.expected) assert.ok(adaptiveSees.has(name), `${q.id}: ${name}`);
    }
    assert.ok(pinnedOnly < queries.length / 2, `pins stand in on ${pinnedOnly} prompts`);
  });
});
