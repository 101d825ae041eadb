// In-process checks of seed-parity rows that need no Pi run (the e2e side is
// e2e-parity.test.mjs): config layering of the allowlist (CD-2) and of the designs' defaults
// (LS-1, LS-16), the ledger's record of what a system-prompt catalog showed (CD-6), the
// lazy-skill-tool result shape (LS-12, LS-13) and Pi's skills block as a delta (CD-5).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import "./helpers/pi-host.mjs";
import { DEFAULT_CONFIG, loadConfigWithSources, loadConfig } from "../extension/shared/config.js";
import { ADVERTISED_ENTRY, deriveLedger, pendingDeliveries, unrecordedAdvertisements } from "../extension/skills/ledger.js";

describe("CD-2: allowlists", () => {
  test("CD-2: the global and the trusted project allowlists are joined; an untrusted project adds nothing", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-allow-"));
    try {
      const agentDir = path.join(root, "agent");
      const cwd = path.join(root, "work");
      fs.mkdirSync(agentDir);
      fs.mkdirSync(path.join(cwd, ".pi"), { recursive: true });
      fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ allowlist: ["git-*", "api-docs"] }));
      fs.writeFileSync(path.join(cwd, ".pi", "pi-lean.json"), JSON.stringify({ allowlist: ["api-docs", "sql-migrations"] }));
      assert.deepEqual(loadConfig({ agentDir, cwd, projectTrusted: true, env: {} }).allowlist, ["git-*", "api-docs", "sql-migrations"]);
      assert.deepEqual(loadConfig({ agentDir, cwd, projectTrusted: false, env: {} }).allowlist, ["git-*", "api-docs"]);
      fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ allowlist: "git-bisect" }));
      assert.throws(() => loadConfig({ agentDir, env: {} }), /CONFIG_INVALID: .*"allowlist" must be an array of names/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("CD-6: advertisement records", () => {
  test("CD-6: names a catalog showed join the ledger once, pending until a delta delivers them", () => {
    const branch = [
      { type: "custom", customType: ADVERTISED_ENTRY, data: { names: ["a", "b"] } },
      { type: "custom_message", customType: "pi-lean-skill-delta", id: "d1", details: { added: [{ name: "c", by: "picker" }], redelivered: [] } },
    ];
    assert.deepEqual(unrecordedAdvertisements(branch, ["a", "c", "d"]), ["d"]);
    const ledger = deriveLedger(branch);
    assert.deepEqual([...ledger.skills.keys()], ["a", "b", "c"]);
    assert.deepEqual(pendingDeliveries(ledger), [{ name: "a", by: "catalog" }, { name: "b", by: "catalog" }]);
    const delivered = deriveLedger([...branch, { type: "custom_message", customType: "pi-lean-skill-delta", id: "d2", details: { added: [{ name: "a", by: "catalog" }, { name: "b", by: "catalog" }], redelivered: [] } }]);
    assert.deepEqual(pendingDeliveries(delivered), []);
    assert.equal(delivered.skills.get("a")?.by, "catalog");
    // Malformed records are skipped, never fatal.
    assert.doesNotThrow(() => deriveLedger([{ type: "custom", customType: ADVERTISED_ENTRY, data: null }, { type: "custom", customType: ADVERTISED_ENTRY, data: { names: [1, null] } }]));
  });
});

describe("PD-17: capsule keys", () => {
  const GUIDE = "Use browser_navigate to open a page before any other browser tool. Never open file:// URLs. The page loads in a headless browser with a fresh profile each session, so cookies are gone. See the docs for details.";

  test("PD-17: a tool's verdict is keyed by its name, parameters and provenance as well as its guidelines", async () => {
    const { CapsuleCache } = await import("../extension/capabilities/capsule-cache.js");
    const { toolKey } = await import("../extension/capabilities/guidelines.js");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-keys-"));
    try {
      const tool = { name: "browser_navigate", parameters: { type: "object", properties: { url: { type: "string" } } }, sourceInfo: { source: "npm:browser-tools", path: "/pkg/index.js", version: "1.0.0" } };
      const cache = new CapsuleCache(dir);
      const made = cache.make("tools", GUIDE, "tool browser_navigate", () => GUIDE, toolKey(tool));
      assert.ok(made.stored && typeof made.capsule === "string");
      const fresh = new CapsuleCache(dir);
      assert.deepEqual(fresh.get("tools", GUIDE, toolKey(tool)), { capsule: made.capsule });
      for (const changed of [
        { ...tool, name: "browser_open" },
        { ...tool, parameters: { type: "object", properties: { url: { type: "string" }, wait: { type: "boolean" } } } },
        { ...tool, sourceInfo: { ...tool.sourceInfo, version: "2.0.0" } },
        { ...tool, sourceInfo: { ...tool.sourceInfo, source: "npm:other" } },
      ]) {
        assert.equal(new CapsuleCache(dir).get("tools", GUIDE, toolKey(changed)), undefined, JSON.stringify(changed));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("PD-17: a skill's verdict is keyed by its file's content; editing the file (same description) drops it", async () => {
    const { CapsuleCache } = await import("../extension/capabilities/capsule-cache.js");
    const { skillKey } = await import("../extension/capabilities/skill-capsules.js");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-keys-"));
    try {
      const file = path.join(dir, "SKILL.md");
      const description = "Find the commit that introduced a regression. Never bisect on a dirty tree. Always write the check script first. See the guide.";
      fs.writeFileSync(file, `---\nname: x\ndescription: ${description}\n---\nBody one.\n`);
      const before = skillKey(file);
      assert.match(before, /^skill-file:/);
      const cache = new CapsuleCache(dir);
      cache.make("skills", description, "skill x", () => description, before);
      assert.ok(new CapsuleCache(dir).get("skills", description, skillKey(file)));
      fs.writeFileSync(file, `---\nname: x\ndescription: ${description}\n---\nBody two, longer.\n`);
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
      const after = skillKey(file);
      assert.notEqual(after, before);
      assert.equal(new CapsuleCache(dir).get("skills", description, after), undefined);
      assert.equal(skillKey(path.join(dir, "missing.md")), "");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("SO-40: transform and skip caches", () => {
  test("SO-40: an identical input pays the engine once per TTL, views and skips alike; bounded by entries and bytes", async () => {
    const { TransformCache } = await import("../extension/token-saver/transform-cache.js");
    const { compact } = await import("../index.js");
    let clock = 0;
    let calls = 0;
    const engine = (/** @type {any} */ input, /** @type {any} */ options) => (calls++, compact(input, options));
    const cache = new TransformCache({ ttlMs: 30 * 60 * 1000, maxEntries: 3, now: () => clock });
    // Past the size that is always shown whole, so the engine folds it.
    const log = Array.from({ length: 2400 }, (_, i) => `test suite_${i % 9}::case_${i} ... ok`).join("\n") + "\ntest result: FAILED. 2399 passed; 1 failed\n";
    const options = { tool: "bash", command: "cargo test", recoverable: true };
    const first = await cache.run(engine, log, options);
    assert.ok(first.changed, "a view");
    const again = await cache.run(engine, Buffer.from(log), { recoverable: true, command: "cargo test", tool: "bash" });
    assert.equal(calls, 1, "the same bytes and options (any key order, string or Buffer) reuse the answer");
    assert.equal(again.text, first.text);
    const small = "just one line\n";
    const skip = await cache.run(engine, small, options);
    assert.equal(skip.changed, false, "a skip");
    await cache.run(engine, small, options);
    assert.equal(calls, 2, "skips are cached too");
    await cache.run(engine, log, { ...options, budgetTokens: 300 });
    assert.equal(calls, 3, "other options are another answer");
    clock += 30 * 60 * 1000;
    await cache.run(engine, log, options);
    assert.equal(calls, 4, "expired after 30 minutes");
    for (let i = 0; i < 10; i++) await cache.run(engine, `${log}${i}`, options);
    assert.ok(cache.entries.size <= 3, String(cache.entries.size));
    const tiny = new TransformCache({ maxBytes: 1000, now: () => clock });
    await tiny.run(engine, log, options);
    assert.ok(tiny.bytes <= 1000);
    cache.clear();
    assert.equal(cache.entries.size, 0);
    assert.equal(cache.bytes, 0);
  });
});

describe("CD-13: tool-round activity", () => {
  test("CD-13: chronological text and tool-call blocks, every bound applied and marked, newest kept within 3,000 JSON chars", async () => {
    const { toolRoundActivity, boundArguments } = await import("../extension/skills/activity.js");
    const { pickerPayload, ACTIVITY_NOTE } = await import("../extension/skills/model-picker.js");
    const activity = toolRoundActivity({
      content: [
        { type: "thinking", thinking: "secret plan" },
        { type: "text", text: "Reading the config." },
        { type: "toolCall", name: "read", arguments: { path: "a.json" } },
        { type: "text", text: "x".repeat(700) },
      ],
    });
    assert.deepEqual(activity, [
      { type: "text", text: "Reading the config." },
      { type: "toolCall", name: "read", arguments: { path: "a.json" } },
      { type: "text", text: `${"x".repeat(600)}[truncated]` },
    ]);
    // Arguments: 16 properties, 32 values, 4 levels, 256-char strings, 80-char keys.
    const wide = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]));
    const bounded = /** @type {any} */ (boundArguments(wide));
    assert.equal(Object.keys(bounded).length, 17);
    assert.equal(bounded["[omitted]"], "[omitted]");
    assert.deepEqual(boundArguments({ a: { b: { c: { d: { e: 1 } } } } }), { a: { b: { c: { d: "[omitted]" } } } });
    assert.equal(/** @type {any} */ (boundArguments({ s: "y".repeat(300) })).s, `${"y".repeat(256)}[truncated]`);
    assert.deepEqual(Object.keys(/** @type {any} */ (boundArguments({ ["k".repeat(100)]: 1 }))), [`${"k".repeat(80)}[truncated]`]);
    const many = /** @type {any[]} */ (boundArguments(Array.from({ length: 16 }, () => [1, 2, 3])));
    assert.equal(many.flat().filter((v) => typeof v === "number").length, 32, "at most 32 values in all");
    assert.ok(many.flat().includes("[omitted]"));
    const cyclic = /** @type {any} */ ({ a: 1 });
    cyclic.self = cyclic;
    assert.doesNotThrow(() => JSON.stringify(boundArguments(cyclic)));
    // Newest kept: many calls are cut from the front until the JSON fits.
    const calls = Array.from({ length: 40 }, (_, i) => ({ type: "toolCall", name: `tool_${i}`, arguments: { q: "z".repeat(200) } }));
    const kept = toolRoundActivity({ content: calls });
    assert.ok(JSON.stringify(kept).length <= 3000);
    assert.equal(/** @type {any} */ (kept.at(-1)).name, "tool_39");
    // The model picker payload carries it as state.activity, and says so.
    const payload = pickerPayload({ task: "t", previousReply: "", candidates: [{ name: "a", description: "d" }], max: 3, activity: kept });
    assert.deepEqual(JSON.parse(payload.user).state.activity, kept);
    assert.ok(payload.systemPrompt.endsWith(ACTIVITY_NOTE));
    assert.equal(JSON.parse(pickerPayload({ task: "t", previousReply: "", candidates: [{ name: "a", description: "d" }], max: 3 }).user).state, undefined);
  });
});

describe("LS-16: resource sampling is a setting", () => {
  test("LS-16: resourceSample names that many resource files (0 = none, default 12, up to 50), counting the rest; the config validates 0..50", async () => {
    const { SkillIndex } = await import("../index.js");
    const { runSkillLoad } = await import("../extension/skills/tools.js");
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-res-"));
    try {
      const dir = path.join(root, "skills", "refs");
      fs.mkdirSync(path.join(dir, "references"), { recursive: true });
      fs.writeFileSync(path.join(dir, "SKILL.md"), "---\nname: refs\ndescription: A skill with references.\n---\nRead references/a-00.md first.\n");
      for (let i = 0; i < 60; i++) fs.writeFileSync(path.join(dir, "references", `a-${String(i).padStart(2, "0")}.md`), "x");
      const index = SkillIndex.scan([path.join(root, "skills")]);
      const note = async (/** @type {number | undefined} */ n) => (await runSkillLoad(index, { name: "refs" }, n === undefined ? {} : { resourceSample: n })).content[0].text.split("\n\n").find((p) => p.startsWith("Resource files")) ?? null;
      const fileList = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => `references/a-${String(i).padStart(2, "0")}.md`);
      assert.equal(await note(2), `Resource files in ${dir} (relative; read only what the instructions need): references/a-00.md, references/a-01.md and 58 more.`);
      assert.equal(await note(0), null);
      assert.equal(await note(undefined), `Resource files in ${dir} (relative; read only what the instructions need): ${fileList(12).join(", ")} and 48 more.`);
      const fifty = (await note(50)) ?? "";
      for (const name of fileList(50)) assert.ok(fifty.includes(name), name);
      assert.match(fifty, / and 10 more\.$/);
      assert.equal(loadConfig({ env: { PI_LEAN_RESOURCE_SAMPLE: "0" } }).resourceSample, 0);
      assert.equal(loadConfig({ env: { PI_LEAN_RESOURCE_SAMPLE: "50" } }).resourceSample, 50);
      assert.equal(loadConfig({ env: {} }).resourceSample, 12);
      assert.equal(loadConfig({ env: { PI_LEAN_RESOURCE_SAMPLE: "51" } }).resourceSample, 12, "an invalid value is ignored (LS-29)");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("LS-28: the block view a guard gets (property)", () => {
  /** A small seeded generator (mulberry32), so every run checks the same cases. @param {number} seed */
  const rng = (seed) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  test("LS-28: over 3,000 generated texts a block is removed exactly when its own name, location or body says so", async () => {
    const { scrubSkillBlocks, blockLocation, REMOVED_BLOCK } = await import("../extension/skills/guard.js");
    const random = rng(31);
    const pick = (/** @type {any[]} */ xs) => xs[Math.floor(random() * xs.length)];
    const SECRET = "the denied skill's distinctive instruction line";
    const names = ["allowed-a", "allowed-b", "denied-x"];
    const locations = [null, "/skills/allowed-a/SKILL.md", "/skills/denied-x/SKILL.md", "/elsewhere/x.md"];
    const bodies = ["plain text", `intro\n${SECRET}\nmore`, "nothing here", `${SECRET}`, "short"];
    const fillers = ["", " ", "\nsome words\n", "text mentioning the denied skill's distinctive"];
    for (let n = 0; n < 3000; n++) {
      const blocks = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({ name: pick(names), location: pick(locations), body: pick(bodies) }));
      const gaps = Array.from({ length: blocks.length + 1 }, () => pick(fillers));
      const render = (/** @type {any} */ b) => `<skill name="${b.name}"${b.location ? ` location="${b.location}"` : ""}>\n${b.body}\n</skill>`;
      const text = gaps[0] + blocks.map((b, i) => render(b) + gaps[i + 1]).join("");
      const expected = gaps[0] + blocks.map((b, i) => (b.name === "denied-x" || b.location === "/skills/denied-x/SKILL.md" || b.body.includes(SECRET) ? REMOVED_BLOCK : render(b)) + gaps[i + 1]).join("");
      const out = scrubSkillBlocks(text, (name, block) => name === "denied-x" || (block !== undefined && (blockLocation(block.tag) === "/skills/denied-x/SKILL.md" || block.bodyContains(SECRET))));
      assert.equal(out, expected, `case ${n}: ${JSON.stringify(text)}`);
    }
  });

  test("LS-28: body checks stay linear on crafted text (many openings, one far closing tag)", async () => {
    const { scrubSkillBlocks } = await import("../extension/skills/guard.js");
    const text = `${'<skill name="a" location="/x">needle-not-here '.repeat(40_000)}</skill>`;
    const started = process.hrtime.bigint();
    let asked = 0;
    scrubSkillBlocks(text, (_name, block) => (asked++, block?.bodyContains("the denied skill's distinctive instruction line") ?? true));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    assert.ok(asked > 0);
    assert.ok(ms < 2000, `${ms} ms for ${text.length} chars`);
  });
});

describe("properties of the ledger and the transform cache", () => {
  const rng = (/** @type {number} */ seed) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  test("CD-6: over 2,000 generated branches, only an unpick removes a skill; every advertised name is on the ledger until delivered or unpicked", () => {
    const random = rng(6);
    const names = ["a", "b", "c", "d", "e", "f"];
    const pick = () => names[Math.floor(random() * names.length)];
    for (let n = 0; n < 2000; n++) {
      /** @type {any[]} */
      const branch = [];
      let previous = new Set();
      for (let step = 0; step < 12; step++) {
        const kind = random();
        /** @type {any} */
        let entry;
        if (kind < 0.35) entry = { type: "custom", customType: ADVERTISED_ENTRY, data: { names: [pick(), pick()] } };
        else if (kind < 0.7) entry = { type: "custom_message", customType: "pi-lean-skill-delta", id: `d${step}`, details: { added: [{ name: pick(), by: random() < 0.5 ? "picker" : "catalog" }], redelivered: [] } };
        else if (kind < 0.85) entry = { type: "custom", customType: "pi-lean-skill-pick", data: { name: pick(), picked: true } };
        else entry = { type: "custom", customType: "pi-lean-skill-pick", data: { name: pick(), picked: false } };
        branch.push(entry);
        const ledger = deriveLedger(branch);
        const now = new Set(ledger.skills.keys());
        const removed = [...previous].filter((name) => !now.has(name));
        if (entry.customType === "pi-lean-skill-pick" && entry.data.picked === false) assert.ok(removed.every((name) => name === entry.data.name), JSON.stringify(branch));
        else assert.deepEqual(removed, [], JSON.stringify(branch));
        if (entry.customType === ADVERTISED_ENTRY) for (const name of entry.data.names) assert.ok(now.has(name));
        for (const p of pendingDeliveries(ledger)) assert.equal(ledger.skills.get(p.name)?.deliveredIn.length, 0);
        previous = now;
      }
    }
  });

  test("SO-40: over 5,000 random calls the cache answers what the engine answers and stays within its bounds", async () => {
    const { TransformCache } = await import("../extension/token-saver/transform-cache.js");
    const random = rng(40);
    let clock = 0;
    const engine = (/** @type {string} */ input, /** @type {any} */ options) => ({ changed: input.length % 2 === 0, text: `${input}|${options.budgetTokens}`.repeat(1 + (input.length % 5)), ranges: [] });
    const cache = new TransformCache({ maxEntries: 16, maxBytes: 4000, ttlMs: 1000, now: () => clock });
    for (let n = 0; n < 5000; n++) {
      clock += Math.floor(random() * 40);
      const input = `out-${Math.floor(random() * 40)}`.repeat(1 + Math.floor(random() * 3));
      const options = { tool: "bash", budgetTokens: Math.floor(random() * 3) };
      const got = /** @type {any} */ (await cache.run(/** @type {any} */ (engine), input, options));
      assert.deepEqual(got, engine(input, options));
      assert.ok(cache.entries.size <= 16 && cache.bytes <= 4000, `${cache.entries.size} entries, ${cache.bytes} bytes`);
      let sum = 0;
      for (const entry of cache.entries.values()) sum += entry.bytes;
      assert.equal(sum, cache.bytes);
    }
    assert.ok(cache.hits > 0 && cache.misses > 0);
  });
});

describe("LS-27: the path side of the guard", () => {
  test("LS-27: a skill file is found by every path form that resolves to it: relative, `..`, symlinked, `@`-prefixed, `~`", async () => {
    const { SkillPathGuard } = await import("../extension/skills/path-guard.js");
    const { SkillIndex } = await import("../index.js");
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-paths-"));
    const savedHome = process.env.HOME;
    try {
      const dir = path.join(home, "skills", "secret");
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "SKILL.md"), "---\nname: secret\ndescription: A secret skill.\n---\nDo the secret thing.\n");
      fs.symlinkSync(path.join(home, "skills"), path.join(home, "linked"));
      process.env.HOME = home;
      const index = SkillIndex.scan([path.join(home, "skills")]);
      const guard = new SkillPathGuard();
      for (const p of ["skills/secret/SKILL.md", "skills/other/../secret/SKILL.md", "linked/secret/SKILL.md", "@skills/secret/SKILL.md", "~/skills/secret/SKILL.md", path.join(dir, "SKILL.md")]) {
        assert.equal(guard.skillAt(index, p, home), "secret", p);
      }
      assert.equal(guard.skillAt(index, "skills/secret/notes.md", home), null);
      assert.equal(guard.skillAt(index, "/nowhere/SKILL.md", home), null);
    } finally {
      if (savedHome === undefined) delete process.env.HOME;
      else process.env.HOME = savedHome;
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

describe("PD-14: a loaded skill's listing line", () => {
  /** A seeded generator (mulberry32), so every run checks the same cases. @param {number} seed */
  const rng = (seed) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const WORDS = ["the", "migration", "table", "Never", "first", "then", "run", "data", "before", "avoid", "always", "file", "check", "must", "lock", "release", "do not", "after", "only when", "prose"];

  test("PD-14: the body's rules follow the capsule, negative constraints first, verbatim, in source order, within the bound", async () => {
    const { listingLine, ruleUnits, skillBody, LINE_MAX, RULES_LABEL } = await import("../extension/capabilities/skill-capsules.js");
    assert.equal(skillBody("---\nname: a\ndescription: b\n---\n\n# A\nBody.\n"), "\n# A\nBody.\n");
    const body = "# A\n\nPlain prose here.\n\n- Run the check first.\n- Never push to main.\n\n```\nnever in code\n```\n| never | table |\nAvoid long locks. Keep it short.\n";
    assert.deepEqual(ruleUnits(body), [
      { text: "Run the check first.", negative: false },
      { text: "Never push to main.", negative: true },
      { text: "Avoid long locks.", negative: true },
    ]);
    assert.equal(listingLine("Use when checking.", "Use when checking. More.", body), "Use when checking. Rules: Run the check first. Never push to main. Avoid long locks.");
    // Room for one: the negative constraint wins over the earlier ordering rule.
    const short = "x".repeat(LINE_MAX - RULES_LABEL.length - "Never push to main.".length);
    assert.equal(listingLine(short, short, body), `${short}${RULES_LABEL}Never push to main.`);
    // What the description already says is not repeated; nothing to add leaves the line alone.
    assert.equal(listingLine("Never push to main.", "Never push to main.", "- Never push to main."), "Never push to main.");
    // A description longer than the bound sets it instead.
    const long = "y".repeat(300);
    assert.equal(listingLine(long, long, body), long);
    assert.equal(listingLine("Use.", long, body).length <= 300, true);

    const next = rng(14);
    const pick = () => WORDS[Math.floor(next() * WORDS.length)];
    for (let i = 0; i < 3000; i += 1) {
      const lines = [];
      for (let l = Math.floor(next() * 12); l > 0; l -= 1) {
        const sentence = () => `${pick().replace(/^./, (c) => c.toUpperCase())} ${Array.from({ length: 1 + Math.floor(next() * 14) }, pick).join(" ")}.`;
        const roll = next();
        lines.push(roll < 0.2 ? `# ${sentence()}` : roll < 0.5 ? `- ${sentence()}` : `${sentence()} ${sentence()}`);
      }
      const source = lines.join("\n");
      const description = Array.from({ length: 1 + Math.floor(next() * 60) }, pick).join(" ");
      const shown = description.slice(0, Math.floor(next() * description.length) + 1);
      const line = listingLine(shown, description, source);
      assert.ok(line.startsWith(shown));
      assert.ok(line.length <= Math.max(LINE_MAX, description.length) || line === shown, line);
      if (line === shown) continue;
      const units = ruleUnits(source).map((u) => u.text);
      const added = line.slice(shown.length + RULES_LABEL.length);
      // Every added unit is a rule unit of the source, in the source's order.
      let at = 0;
      let rest = added;
      while (rest.length > 0) {
        const found = units.findIndex((u, k) => k >= at && rest.startsWith(u));
        assert.ok(found >= 0, `${added} | ${units.join(" / ")}`);
        rest = rest.slice(units[found].length).replace(/^ /, "");
        at = found + 1;
      }
    }
  });
});

describe("LS-1 / LS-16: a design's defaults are one setting away", () => {
  test("LS-1 / LS-16: defaults \"lazy-skill-tool\" gives adaptive routing, no resource sample and the design's result shape; \"context-decisions\" additive with Pi's block and the every-round row (CD-5, CD-14); any value a layer sets wins; pi-lean's defaults stay", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-defaults-"));
    try {
      const agentDir = path.join(root, "agent");
      fs.mkdirSync(agentDir);
      const write = (/** @type {unknown} */ value) => fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify(value));
      const pick = (/** @type {any} */ c) => ({ routing: c.routing, resourceSample: c.resourceSample, skillResult: c.skillResult, deltaFormat: c.deltaFormat, workingRow: c.workingRow });
      assert.deepEqual(pick(loadConfig({ agentDir, env: {} })), { routing: "lazy", resourceSample: 12, skillResult: "block", deltaFormat: "names", workingRow: "model" });
      assert.deepEqual(pick(DEFAULT_CONFIG), { routing: "lazy", resourceSample: 12, skillResult: "block", deltaFormat: "names", workingRow: "model" });
      write({ defaults: "lazy-skill-tool" });
      const loaded = loadConfigWithSources({ agentDir, env: {} });
      assert.deepEqual(pick(loaded.config), { routing: "adaptive", resourceSample: 0, skillResult: "design", deltaFormat: "names", workingRow: "model" });
      assert.equal(loaded.sources.routing, 'defaults "lazy-skill-tool"', "a status line can say why");
      write({ defaults: "lazy-skill-tool", routing: "lazy", profiles: { refs: { groups: [], settings: { resourceSample: 4 } } }, activeProfile: "refs" });
      assert.deepEqual(pick(loadConfig({ agentDir, env: {} })), { routing: "lazy", resourceSample: 4, skillResult: "design", deltaFormat: "names", workingRow: "model" });
      assert.deepEqual(pick(loadConfig({ agentDir, env: { PI_LEAN_SKILL_RESULT: "block" } })), { routing: "lazy", resourceSample: 4, skillResult: "block", deltaFormat: "names", workingRow: "model" });
      write({ profiles: { ls: { groups: [], settings: { defaults: "lazy-skill-tool" } } }, activeProfile: "ls" });
      assert.deepEqual(pick(loadConfig({ agentDir, env: {} })), { routing: "adaptive", resourceSample: 0, skillResult: "design", deltaFormat: "names", workingRow: "model" }, "a profile can carry a design's defaults");
      fs.rmSync(path.join(agentDir, "pi-lean.json"));
      assert.deepEqual(pick(loadConfig({ agentDir, env: { PI_LEAN_DEFAULTS: "context-decisions" } })), { routing: "additive", resourceSample: 12, skillResult: "block", deltaFormat: "pi", workingRow: "every-round" });
      assert.equal(loadConfig({ agentDir, env: { PI_LEAN_DEFAULTS: "lazy" } }).routing, "lazy", "an invalid value is ignored (LS-29)");
      write({ defaults: "orchestrator" });
      assert.throws(() => loadConfig({ agentDir, env: {} }), /CONFIG_INVALID: .*"defaults" must be one of "pi-lean", "lazy-skill-tool", "context-decisions"/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("LS-12 / LS-13: the lazy-skill-tool result shape", () => {
  test("LS-12 / LS-13: skillResult \"design\": dependencies' and root's bodies unwrapped, one JSON item {base, next{offset, column, rev}}, paths and diagnostics only in details", async () => {
    const { SkillIndex } = await import("../index.js");
    const { runSkillLoad } = await import("../extension/skills/tools.js");
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-shape-"));
    try {
      const skills = path.join(root, "skills");
      const make = (/** @type {string} */ name, /** @type {string} */ front, /** @type {string} */ body) => {
        fs.mkdirSync(path.join(skills, name), { recursive: true });
        fs.writeFileSync(path.join(skills, name, "SKILL.md"), `---\nname: ${name}\ndescription: The ${name} skill.\n${front}---\n\n${body}`);
      };
      const longBody = Array.from({ length: 2500 }, (_, i) => `Line ${i + 1} of the long skill.`).join("\n");
      make("base-rules", "", "# Base\n\nAlways run the tests first.\n");
      make("long-one", "requires: [base-rules, not-installed]\n", `${longBody}\n`);
      const index = SkillIndex.scan([skills]);
      const first = await runSkillLoad(index, { name: "long-one" }, { shape: "design", resourceSample: 0 });
      assert.equal(first.content.length, 3);
      assert.equal(first.content[0].text, "# Base\n\nAlways run the tests first.");
      const item = JSON.parse(first.content[2].text);
      // The body's line 0 is the blank line after the frontmatter; a page holds at most 50 KiB.
      const cut = item.next.offset - 1;
      assert.ok(cut > 1000 && cut < 2500, String(cut));
      assert.equal(first.content[1].text, longBody.split("\n").slice(0, cut).join("\n"));
      assert.deepEqual(item, { base: path.join(skills, "long-one"), next: { offset: cut + 1, column: 0, rev: first.details.rev }, requires: [{ name: "base-rules", base: path.join(skills, "base-rules") }] });
      for (const part of first.content) assert.ok(!part.text.includes("SKILL.md") && !part.text.includes("not-installed"), part.text.slice(0, 120));
      assert.equal(first.details.path, path.join(skills, "long-one", "SKILL.md"));
      assert.deepEqual(first.details.dependencyPaths, [{ name: "base-rules", path: path.join(skills, "base-rules", "SKILL.md") }]);
      assert.deepEqual(first.details.diagnostics, ['long-one requires "not-installed", which is not installed']);
      // The continuation the JSON item gives loads the rest, in the same shape.
      const rest = await runSkillLoad(index, { name: "long-one", offset: item.next.offset, column: item.next.column, rev: item.next.rev }, { shape: "design" });
      assert.equal(rest.content.length, 2);
      assert.equal(rest.content[0].text, longBody.split("\n").slice(cut).join("\n"));
      assert.deepEqual(JSON.parse(rest.content[1].text), { base: path.join(skills, "long-one"), next: null });
      // pi-lean's default shape is unchanged: Pi's block, path and notes in the text.
      const block = await runSkillLoad(index, { name: "base-rules" });
      assert.equal(block.content.length, 1);
      assert.ok(block.content[0].text.startsWith(`<skill name="base-rules" location="${path.join(skills, "base-rules", "SKILL.md")}">`), block.content[0].text);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test("LS-12 / LS-13: over 400 generated skills the design shape gives back the body exactly and never the file's path (seeded)", async () => {
    const { SkillIndex } = await import("../index.js");
    const { runSkillLoad } = await import("../extension/skills/tools.js");
    let seed = 12;
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const WORDS = ["run", "never", "the", "tests", "first", "SKILL.md", "<skill>", "then", "`code`", "é", "—", "  ", "#", "-", "1."];
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-shape-prop-"));
    try {
      const skills = path.join(root, "skills");
      /** @type {Map<string, string>} */
      const bodies = new Map();
      for (let i = 0; i < 400; i++) {
        const name = `gen-${i}`;
        const lines = Array.from({ length: 1 + Math.floor(next() * 12) }, () => Array.from({ length: Math.floor(next() * 9) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" "));
        const body = `${"\n".repeat(Math.floor(next() * 3))}x ${lines.join("\n")}\n`;
        fs.mkdirSync(path.join(skills, name), { recursive: true });
        fs.writeFileSync(path.join(skills, name, "SKILL.md"), `---\nname: ${name}\ndescription: Generated skill ${i}.\n---\n${body}`);
        bodies.set(name, body);
      }
      const index = SkillIndex.scan([skills]);
      for (const [name, body] of bodies) {
        const out = await runSkillLoad(index, { name }, { shape: "design" });
        assert.equal(out.content.length, 2, name);
        assert.equal(out.content[0].text, body.replace(/^(?:[ \t]*\r?\n)+/, "").replace(/\s+$/, ""), name);
        assert.deepEqual(JSON.parse(out.content[1].text), { base: path.join(skills, name), next: null }, name);
        assert.ok(!out.content.some((p) => p.text.includes(path.join(skills, name, "SKILL.md"))), name);
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("CD-5: Pi's skills block as a delta", () => {
  test("CD-5: deltaFormat \"pi\" renders every skill a round announces with Pi's formatSkillsForPrompt, then one line for the earlier ones", async () => {
    const { SkillIndex } = await import("../index.js");
    const { deltaMessage } = await import("../extension/skills/additive.js");
    const { formatSkillsForPrompt } = await import("@earendil-works/pi-coding-agent");
    const index = SkillIndex.scan([path.join(import.meta.dirname, "..", "sample-skills")]);
    const skill = (/** @type {string} */ name) => {
      const info = /** @type {any} */ (index.get(name));
      return { name, description: info.description, filePath: info.filePath, baseDir: info.baseDir, disableModelInvocation: false, sourceInfo: /** @type {any} */ ({}) };
    };
    const round = { added: [{ name: "git-bisect", by: /** @type {const} */ ("picker") }, { name: "api-docs", by: /** @type {const} */ ("catalog") }], redelivered: ["flaky-tests"], earlier: 2, descriptionMax: 20 };
    const pi = deltaMessage(index, { ...round, format: "pi" });
    const block = formatSkillsForPrompt(["git-bisect", "api-docs", "flaky-tests"].map(skill), "read").replace(/^\n+/, "");
    assert.equal(pi.content, `${block}\nSkills announced earlier (2) remain available.`);
    assert.ok(pi.content.includes(`<description>${skill("git-bisect").description}</description>`), "complete descriptions, as Pi shows them");
    assert.deepEqual(pi.details, { added: round.added, redelivered: round.redelivered });
    assert.equal(pi.display, false);
    const names = deltaMessage(index, round);
    assert.ok(names.content.startsWith("Skills added for this conversation"), "the default stays name lines");
    assert.ok(!names.content.includes("<location>"));
  });
});

describe("PD-13: the model distiller's answer is used only when it validates", () => {
  test("PD-13: a valid extractive answer is kept; a paraphrase, a dropped rule, an error, a timeout or a missing model give null; the cache then stores the extractive capsule", async () => {
    const { runModelDistiller, DISTILLER_SYSTEM_PROMPT } = await import("../extension/capabilities/model-distiller.js");
    const { CapsuleCache } = await import("../extension/capabilities/capsule-cache.js");
    const { native } = await import("../extension/shared/native.js");
    const SOURCE = "Use when a release must be shipped. It covers tags and changelogs. Never ship on a Friday. The script lives in tools/.";
    /** @type {any[]} */
    const calls = [];
    const ctxAnswering = (/** @type {(() => Promise<any>)} */ answer) => ({
      modelRegistry: {
        find: (/** @type {string} */ provider, /** @type {string} */ id) => (provider === "p" && id === "m" ? { id } : undefined),
        complete: (/** @type {any} */ model, /** @type {any} */ context) => (calls.push({ model, context }), answer()),
      },
    });
    const settings = { distillerModel: "p/m", pickerTimeoutMs: 200 };
    const reply = (/** @type {string} */ text) => async () => ({ content: [{ type: "text", text }], stopReason: "stop" });
    const kept = "Use when a release must be shipped. Never ship on a Friday.";
    assert.equal(await runModelDistiller(ctxAnswering(reply(kept)), settings, SOURCE), kept);
    assert.equal(calls[0].context.systemPrompt, DISTILLER_SYSTEM_PROMPT);
    assert.deepEqual(calls[0].context.messages.map((/** @type {any} */ m) => m.content), [[{ type: "text", text: SOURCE }]]);
    assert.equal(await runModelDistiller(ctxAnswering(reply("Ship releases, never on Fridays.")), settings, SOURCE), null, "a paraphrase");
    assert.equal(await runModelDistiller(ctxAnswering(reply("Use when a release must be shipped.")), settings, SOURCE), null, "drops a rule");
    assert.equal(await runModelDistiller(ctxAnswering(reply(SOURCE)), settings, SOURCE), null, "not shorter");
    assert.equal(await runModelDistiller(ctxAnswering(async () => ({ content: [], stopReason: "error" })), settings, SOURCE), null);
    assert.equal(await runModelDistiller(ctxAnswering(() => Promise.reject(new Error("down"))), settings, SOURCE), null);
    assert.equal(await runModelDistiller(ctxAnswering(() => new Promise(() => {})), settings, SOURCE), null, "a timeout");
    assert.equal(await runModelDistiller(ctxAnswering(reply(kept)), { ...settings, distillerModel: "p/other" }, SOURCE), null, "no such model");
    assert.equal(await runModelDistiller(ctxAnswering(reply(kept)), { ...settings, distillerModel: null }, SOURCE), null);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-distil-"));
    try {
      const cache = new CapsuleCache(root);
      assert.equal(cache.store("skills", SOURCE, "x", () => SOURCE, "model:p/m", kept).capsule, kept);
      assert.deepEqual(cache.get("skills", SOURCE, "model:p/m"), { capsule: kept });
      const extractive = native.distillCapsule(SOURCE)?.text ?? null;
      assert.equal(cache.store("skills", SOURCE, "x", () => SOURCE, "other", "Ship it.").capsule, extractive, "an invalid candidate gives the extractive capsule");
      assert.equal(cache.get("skills", SOURCE, "")?.capsule, undefined, "each distiller's verdicts are keyed apart");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("CD-14: the working row counts overlapping rounds", () => {
  test("CD-14: the row shows at the first round, stays while any overlapping round runs, reverts after the last (held at least MIN_VISIBLE_MS), and never shows outside the TUI or when off", async () => {
    const { DECIDING_LABEL, MIN_VISIBLE_MS, duringRound, roundsInFlight } = await import("../extension/shared/round-progress.js");
    /** @type {Array<[string, unknown]>} */
    const calls = [];
    const ui = { setWorkingMessage: (/** @type {string | undefined} */ m) => calls.push(["message", m]), setWorkingVisible: (/** @type {boolean} */ v) => calls.push(["visible", v]) };
    const tui = { mode: "tui", hasUI: true, ui };
    const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
    /** @type {(v?: unknown) => void} */
    let finishSlow = () => {};
    const slow = duringRound(tui, true, () => new Promise((resolve) => (finishSlow = resolve)));
    const fast = await duringRound(tui, true, () => "fast");
    assert.equal(fast, "fast");
    assert.equal(roundsInFlight(), 1, "the slow round is still in flight");
    assert.deepEqual(calls, [["message", DECIDING_LABEL], ["visible", true]], "shown once, not cleared by the round that ended first");
    const started = Date.now();
    finishSlow("slow");
    assert.equal(await slow, "slow");
    assert.equal(roundsInFlight(), 0);
    while (calls.length < 3 && Date.now() - started < MIN_VISIBLE_MS + 1000) await sleep(20);
    assert.deepEqual(calls.at(-1), ["message", undefined], "reverted");
    assert.equal(calls.length, 3);
    // A round that starts while the revert is pending keeps the row up.
    calls.length = 0;
    await duringRound(tui, true, () => "one");
    await duringRound(tui, true, () => "two");
    await sleep(MIN_VISIBLE_MS + 200);
    assert.deepEqual(calls, [["message", DECIDING_LABEL], ["visible", true], ["message", DECIDING_LABEL], ["visible", true], ["message", undefined]], "one revert for back-to-back rounds");
    // Off, or not the TUI: no UI calls at all; the round still runs and its error still throws.
    calls.length = 0;
    assert.equal(await duringRound(tui, false, () => 1), 1);
    assert.equal(await duringRound({ mode: "rpc", hasUI: true, ui }, true, () => 2), 2);
    assert.equal(await duringRound({ mode: "print", hasUI: false, ui }, true, () => 3), 3);
    await assert.rejects(duringRound(tui, false, () => Promise.reject(new Error("boom"))), /boom/);
    assert.deepEqual(calls, []);
    await assert.rejects(duringRound(tui, true, () => Promise.reject(new Error("boom"))), /boom/);
    assert.equal(roundsInFlight(), 0, "a failed round still ends");
    await sleep(MIN_VISIBLE_MS + 200);
    assert.deepEqual(calls.at(-1), ["message", undefined]);
  });
});

describe("PD-7: recovery with skill paths", () => {
  test("PD-7: paths only for skills the model may load; read activated once, as one addition, only while deferred; with the budget spent no path is given; names mode unchanged", async () => {
    const { runRequest } = await import("../extension/capabilities/request.js");
    const paths = /** @type {Record<string, string>} */ ({ "git-bisect": "/s/git-bisect/SKILL.md", "api-docs": "/s/api-docs/SKILL.md" });
    const deps = (/** @type {{ deferred: string[], used?: number, limit?: number, withPaths?: boolean }} */ o) => {
      const state = { deferred: [...o.deferred], active: ["bash", "request_capabilities"] };
      return {
        state,
        deps: {
          allTools: () => [{ name: "read", description: "Read a file" }, { name: "bash", description: "Run a command" }],
          candidates: () => [{ name: "read", description: "Read a file" }],
          activeTools: () => state.active,
          deferred: () => state.deferred,
          activate: (/** @type {string[]} */ names) => {
            const got = names.filter((n) => state.deferred.includes(n));
            state.deferred = state.deferred.filter((n) => !got.includes(n));
            state.active.push(...got);
            return got;
          },
          isSkill: (/** @type {string} */ n) => n in paths,
          searchSkills: () => ["git-bisect", "sql-migrations"],
          // sql-migrations is found by search but denied: no path.
          skillPath: o.withPaths === false ? undefined : (/** @type {string} */ n) => paths[n] ?? null,
          budget: { limit: o.limit ?? 3, used: o.used ?? 0 },
        },
      };
    };
    const one = deps({ deferred: ["read"] });
    const out = runRequest({ names: ["api-docs"], query: "bisect the regression" }, one.deps);
    assert.equal(
      out.content[0].text,
      [
        "Now available: read. Call them from your next step.",
        "Skills (read a skill's SKILL.md to use it; paths in it are relative to its directory):",
        "- api-docs: /s/api-docs/SKILL.md",
        "- git-bisect: /s/git-bisect/SKILL.md",
        'Skills: sql-migrations (load one with skill {"name": "<exact name>"}).',
        "2 of 3 additions left for this prompt.",
      ].join("\n"),
    );
    assert.deepEqual(one.state.deferred, []);
    // read already active: paths at no cost.
    const two = deps({ deferred: [] });
    const again = runRequest({ query: "bisect the regression" }, two.deps);
    assert.ok(!again.content[0].text.includes("Now available"), again.content[0].text);
    assert.equal(two.deps.budget.used, 0);
    // Budget spent: no path the model could not open; names instead.
    const spent = deps({ deferred: ["read"], used: 3 });
    const none = runRequest({ query: "bisect the regression" }, spent.deps);
    assert.ok(!none.content[0].text.includes("/SKILL.md") && none.content[0].text.includes("Skills: git-bisect, sql-migrations") && none.content[0].text.includes("Budget used up"), none.content[0].text);
    assert.deepEqual(spent.state.deferred, ["read"]);
    // Names mode (the default): no paths, read untouched.
    const names = deps({ deferred: ["read"], withPaths: false });
    const plain = runRequest({ query: "bisect the regression" }, names.deps);
    assert.ok(!plain.content[0].text.includes("/SKILL.md") && plain.content[0].text.includes("Skills: git-bisect, sql-migrations"), plain.content[0].text);
    assert.deepEqual(names.state.deferred, ["read"]);
  });
});
