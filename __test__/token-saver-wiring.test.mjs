// The Token Saver's wiring inside the whole extension, driven through a fake Pi that keeps a
// real tool registry (active set, activation on registration): a profile switch applies its
// tokenSaver setting at once, `/token-saver clear` is durable and gives deferred tools back,
// and `status`, the no-argument toggle and every `stats` field are checked.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import { formatBytes } from "../extension/token-saver/stats.js";
import { cargoTestRunsFile } from "./helpers/corpus.mjs";

// The extension entry imports Pi, which needs Node >= 22.19.
const [major, minor] = process.versions.node.split(".").map(Number);
const skipNode = major > 22 || (major === 22 && minor >= 19) ? false : "needs Node >= 22.19 to import Pi";
const { default: piLean } = skipNode ? { default: null } : await import("../extension/index.js");
const { CLEAR_ENTRY } = skipNode ? { CLEAR_ENTRY: "" } : await import("../extension/token-saver/index.js");

const CARGO_TEST = cargoTestRunsFile();
const skipCorpus = fs.existsSync(CARGO_TEST) ? false : "shared compaction corpus missing";
const BUILTIN = ["read", "bash", "edit", "write"];

/** A fake ExtensionAPI with Pi's tool registry semantics (first registration wins, activation on registration). */
function registryPi() {
  /** @type {Record<string, Function[]>} */
  const handlers = {};
  /** @type {Record<string, any>} */
  const commands = {};
  /** @type {Map<string, any>} */
  const tools = new Map();
  /** @type {any[]} */
  const entries = [];
  let active = [...BUILTIN];
  const pi = {
    on: (event, handler) => (handlers[event] ??= []).push(handler),
    registerTool: (tool) => {
      if (tools.has(tool.name)) return;
      tools.set(tool.name, tool);
      if (tool.defaultActive !== false) active.push(tool.name);
    },
    registerCommand: (name, spec) => (commands[name] = spec),
    appendEntry: (customType, data) => entries.push({ type: "custom", customType, data }),
    getAllTools: () => [
      ...BUILTIN.map((name) => ({ name, description: name, parameters: {}, exposure: "direct", sourceInfo: { path: `builtin:${name}`, source: "builtin" } })),
      ...[...tools.values()].map((t) => ({ name: t.name, description: t.description, parameters: t.parameters, exposure: "direct", sourceInfo: { path: "/ext/index.js", source: "local" } })),
    ],
    getActiveTools: () => [...active],
    setActiveTools: (names) => {
      const known = new Set([...BUILTIN, ...tools.keys()]);
      active = [...new Set(names)].filter((n) => known.has(n));
    },
  };
  const emit = async (event, payload, ctx) => {
    let last;
    // Like Pi, a handler returning nothing leaves the previous handler's patch in place.
    for (const handler of handlers[event] ?? []) last = (await handler(payload, ctx)) ?? last;
    return last;
  };
  return { pi, commands, tools, entries, emit, active: () => active };
}

/** A TUI context recording notifications and the status line; `branch` is the session. */
function ctxFor(cwd, branch) {
  /** @type {string[]} */
  const notes = [];
  /** @type {Array<string | undefined>} */
  const statuses = [];
  /** Confirmation dialogs shown, and the answers they get (yes unless a test queues a no). */
  const confirms = /** @type {Array<{title: string, message: string}>} */ ([]);
  const answers = /** @type {boolean[]} */ ([]);
  const ctx = {
    hasUI: true,
    mode: "tui",
    cwd,
    isProjectTrusted: () => false,
    sessionManager: { getBranch: () => branch, getSessionId: () => "wiring", getSessionFile: () => path.join(cwd, "session.jsonl") },
    getSystemPromptOptions: () => ({ skills: [] }),
    ui: {
      notify: (message) => notes.push(message),
      setStatus: (_key, text) => statuses.push(text),
      select: async () => undefined,
      confirm: async (/** @type {string} */ title, /** @type {string} */ message) => (confirms.push({ title, message }), answers.shift() ?? true),
      addAutocompleteProvider: () => {},
    },
  };
  return { ctx, notes, statuses, confirms, answers };
}

/** A tool that Token Saver defers: not core, not pi-lean's. */
const WEATHER = { name: "weather_lookup", label: "Weather", description: "Current weather for a city.", parameters: { type: "object", properties: { city: { type: "string" } } }, execute: async () => ({ content: [], details: {} }) };

describe("Token Saver wiring", { skip: skipNode }, () => {
  let agentDir = "";
  const savedAgentDir = process.env.PI_CODING_AGENT_DIR;
  const savedSaver = process.env.PI_LEAN_TOKEN_SAVER;
  /** @type {ReturnType<typeof registryPi>} */
  let fake;
  /** @type {any[]} */
  let branch;
  /** @type {ReturnType<typeof ctxFor>} */
  let ui;

  beforeEach(async () => {
    agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-wiring-"));
    process.env.PI_CODING_AGENT_DIR = agentDir;
    delete process.env.PI_LEAN_TOKEN_SAVER;
    fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ groups: { g: ["x"] }, profiles: { saver: { groups: ["g"], settings: { tokenSaver: "on" } }, plain: ["g"] } }));
    fake = registryPi();
    piLean(/** @type {any} */ (fake.pi));
    fake.pi.registerTool(WEATHER);
    branch = [];
    ui = ctxFor(agentDir, branch);
    await fake.emit("session_start", {}, ui.ctx);
  });
  afterEach(() => {
    if (savedAgentDir === undefined) delete process.env.PI_CODING_AGENT_DIR;
    else process.env.PI_CODING_AGENT_DIR = savedAgentDir;
    if (savedSaver !== undefined) process.env.PI_LEAN_TOKEN_SAVER = savedSaver;
    fs.rmSync(agentDir, { recursive: true, force: true });
  });

  const command = (arg) => fake.commands["token-saver"].handler(arg, ui.ctx);

  test("switching to a profile applies its tokenSaver setting at once, and back", async () => {
    assert.ok(!fake.active().includes("token_retrieve"));
    await fake.commands["skill-profile"].handler("saver", ui.ctx);
    assert.ok(fake.active().includes("token_retrieve"), fake.active().join(","));
    assert.ok(!fake.active().includes("weather_lookup"), "deferred at once");
    assert.match(ui.statuses.at(-1) ?? "", /^token saver: ~0 tokens saved vs stock Pi$/);
    await fake.commands["skill-profile"].handler("plain", ui.ctx);
    assert.ok(!fake.active().includes("token_retrieve"));
    assert.ok(fake.active().includes("weather_lookup"), "restored at once");
    assert.equal(ui.statuses.at(-1), undefined, "status line cleared");
  });

  test("status and the no-argument toggle", async () => {
    await command("status");
    assert.match(ui.notes.at(-1), /^Token Saver is off \(set by the default\); 0 tools deferred; core binding: native [a-z0-9-]+\.\nStored originals at session start: 0 session folders, 0\.0 MB \(kept 30 days, at most 1024 MB in all\); nothing pruned\.$/);
    await command("");
    assert.match(ui.notes.at(-1) ?? "", /^Token Saver on; saved to .*pi-lean\.json \(tokenSaver\)\.$/);
    await command("status");
    assert.match(ui.notes.at(-1), /^Token Saver is on \(set by .*pi-lean\.json\); 1 tools deferred; core binding: native [a-z0-9-]+\.\nStored originals at session start: /);
    assert.deepEqual(fake.active().filter((n) => !BUILTIN.includes(n)).sort(), ["request_capabilities", "skill", "skill_search", "token_retrieve"]);
    await command("");
    assert.match(ui.notes.at(-1) ?? "", /^Token Saver off; saved to /);
    assert.ok(fake.active().includes("weather_lookup"));
    assert.equal(JSON.parse(fs.readFileSync(path.join(agentDir, "pi-lean.json"), "utf8")).tokenSaver, "off");
  });

  test("SO-14: every stats field, then clear: durable across a reload, the deferral re-applied", { skip: skipCorpus }, async () => {
    await command("on");
    const original = fs.readFileSync(CARGO_TEST, "utf8");
    const event = { toolName: "bash", toolCallId: "c1", input: { command: "cargo test" }, content: [{ type: "text", text: original }], details: undefined, isError: false };
    await fake.emit("before_agent_start", { systemPromptOptions: { skills: [], sections: {} }, messageType: "user", prompt: "Why do the tests fail?" }, ui.ctx);
    const patch = await fake.emit("tool_result", event, ui.ctx);
    assert.ok(patch?.details?.tokenSaver, "compacted");
    const repeat = await fake.emit("tool_result", { ...event, toolCallId: "c2" }, ui.ctx);
    assert.ok(repeat?.details?.tokenSaver?.repeat);
    const search = await fake.tools.get("request_capabilities").execute("s1", { query: "weather for a city" }, undefined, undefined, ui.ctx);
    assert.deepEqual(search.details.added, ["weather_lookup"]);
    await fake.emit("before_provider_request", { payload: { model: "m", messages: [{ role: "system", content: "A" }] } }, ui.ctx);
    await fake.emit("before_provider_request", { payload: { model: "m", messages: [{ role: "system", content: "B" }] } }, ui.ctx);
    await command("stats");
    const stats = ui.notes.at(-1) ?? "";
    const strategies = Object.entries(patch.details.tokenSaver.strategies.reduce((/** @type {Record<string, number>} */ acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), { "exact-repeat": 1 }))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([s, n]) => `${s} ${n}`)
      .join(", ");
    const lines = stats.split("\n");
    assert.equal(lines[0], "Token Saver: on");
    assert.equal(lines[1], "tool results shortened 1, repeated outputs replaced by a reference 1, times the model fetched hidden lines 0");
    assert.match(lines[2], /^saved vs stock Pi: ~[\d.]+k? tokens \([\d.]+k? → [\d.]+k? chars; /);
    assert.equal(lines[3], "extra output the model can reach: ~0 tokens (0 chars Pi's cut would have dropped, now in the view or fetchable)");
    assert.equal(lines[4], "shortening eased where the model fetched lines: nowhere yet");
    assert.equal(lines[5], `full outputs kept for fetching: 1 (${formatBytes(Buffer.byteLength(original))} on disk, 1 in memory)`);
    assert.equal(lines[6], "tools held back until needed: 0 now; the model asked for more 1 time, 1 added");
    assert.match(lines[7], /^long tool descriptions shortened by \d+ chars$/);
    assert.equal(lines[8], "times the start of the prompt changed (each one costs a prompt-cache miss): 1");
    assert.equal(lines[9], `how results were shortened: ${strategies}`);

    // The session now holds the two results; clear, then rebuild it as /reload does.
    branch.push({ type: "message", message: { role: "toolResult", toolName: "bash", content: patch.content, details: patch.details } });
    branch.push({ type: "message", message: { role: "toolResult", toolName: "bash", content: repeat.content, details: repeat.details } });
    fake.pi.registerTool({ ...WEATHER, name: "stock_quote", description: "Stock quotes." });
    await fake.emit("before_agent_start", { systemPromptOptions: { skills: [], sections: {} }, messageType: "user", prompt: "next" }, ui.ctx);
    assert.ok(!fake.active().includes("stock_quote"), "a late tool is deferred while on");
    // The TUI asks first and says what stops working; a no keeps everything.
    assert.ok(fake.active().includes("weather_lookup"), "activated by request_capabilities");
    ui.answers.push(false);
    await command("clear");
    assert.equal(ui.notes.at(-1), "Token Saver: nothing cleared.");
    assert.ok(!fake.active().includes("stock_quote"), "declined: still deferred");
    // SO-14: clear resets the activations too, then applies the on/off policy afresh: while on,
    // both tools are deferred again (the one request_capabilities had activated as well).
    await command("clear");
    assert.equal(ui.confirms.length, 2);
    assert.equal(ui.confirms[1].title, "Clear the Token Saver's stored originals?");
    assert.match(ui.confirms[1].message, /markers stop working: token_retrieve answers RECOVERY_EXPIRED/);
    assert.equal(ui.notes.at(-1), "Token Saver: stored originals and counters cleared. Markers already in the conversation no longer retrieve anything; tool deferral re-applied (2 deferred).");
    assert.ok(!fake.active().includes("stock_quote") && !fake.active().includes("weather_lookup"), fake.active().join(","));
    assert.ok(fake.active().includes("request_capabilities"));
    assert.ok(fake.active().includes("token_retrieve"), "compaction stays on");
    await fake.emit("before_agent_start", { systemPromptOptions: { skills: [], sections: {} }, messageType: "user", prompt: "again" }, ui.ctx);
    assert.ok(!fake.active().includes("stock_quote"), "routing goes on after clear");

    branch.push(...fake.entries.filter((e) => e.customType === CLEAR_ENTRY || e.customType === "pi-lean-capabilities"));
    await fake.emit("session_start", {}, ui.ctx);
    await command("stats");
    assert.match(ui.notes.at(-1) ?? "", /^Token Saver: on\ntool results shortened 0, repeated outputs replaced by a reference 0, times the model fetched hidden lines 0\nsaved vs stock Pi: ~0 tokens \(0 → 0 chars;/);
  });
});

describe("SO-35: session shutdown", { skip: skipNode }, () => {
  test("SO-35: shutdown gives back the deferred tools and takes pi-lean's helper schemas away; session_start re-applies", async () => {
    const agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-shutdown-"));
    const savedAgentDir = process.env.PI_CODING_AGENT_DIR;
    process.env.PI_CODING_AGENT_DIR = agentDir;
    try {
      fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
      const fake = registryPi();
      piLean(/** @type {any} */ (fake.pi));
      fake.pi.registerTool(WEATHER);
      /** @type {any[]} */
      const branch = [];
      const ui = ctxFor(agentDir, branch);
      await fake.emit("session_start", {}, ui.ctx);
      await fake.emit("before_agent_start", { systemPromptOptions: { skills: [], sections: {} }, messageType: "user", prompt: "hello" }, ui.ctx);
      assert.ok(fake.active().includes("token_retrieve") && fake.active().includes("request_capabilities"), fake.active().join(","));
      assert.ok(!fake.active().includes("weather_lookup"), "deferred while on");
      await fake.emit("session_shutdown", { reason: "reload" }, ui.ctx);
      assert.ok(fake.active().includes("weather_lookup"), "the deferred tool is back");
      assert.ok(!fake.active().includes("token_retrieve"), fake.active().join(","));
      assert.ok(!fake.active().includes("request_capabilities"), fake.active().join(","));
      branch.push(...fake.entries);
      await fake.emit("session_start", {}, ui.ctx);
      assert.ok(fake.active().includes("token_retrieve") && fake.active().includes("request_capabilities"), "a new session_start applies the layer again");
      assert.ok(!fake.active().includes("weather_lookup"));
    } finally {
      if (savedAgentDir === undefined) delete process.env.PI_CODING_AGENT_DIR;
      else process.env.PI_CODING_AGENT_DIR = savedAgentDir;
      fs.rmSync(agentDir, { recursive: true, force: true });
    }
  });
});

describe("Token Saver state rebuilt on resume", { skip: skipNode || skipCorpus }, () => {
  let agentDir = "";
  const savedAgentDir = process.env.PI_CODING_AGENT_DIR;
  afterEach(() => {
    if (savedAgentDir === undefined) delete process.env.PI_CODING_AGENT_DIR;
    else process.env.PI_CODING_AGENT_DIR = savedAgentDir;
    fs.rmSync(agentDir, { recursive: true, force: true });
  });

  test("retrieval feedback keeps the retrieved marker's template across a resume, for retrievals before and after it", async () => {
    agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-resume-"));
    process.env.PI_CODING_AGENT_DIR = agentDir;
    fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    /** @type {any[]} */
    const branch = [];
    const start = async () => {
      const fake = registryPi();
      piLean(/** @type {any} */ (fake.pi));
      const ui = ctxFor(agentDir, branch);
      await fake.emit("session_start", { reason: "resume" }, ui.ctx);
      const stats = async () => {
        await fake.commands["token-saver"].handler("stats", ui.ctx);
        return (ui.notes.at(-1) ?? "").split("\n").find((l) => l.startsWith("shortening eased")) ?? "";
      };
      /** @param {string} id @param {number} startLine */
      const retrieve = async (id, startLine) => {
        const result = await fake.tools.get("token_retrieve").execute(`r${branch.length}`, { id, startLine, maxLines: 1 }, undefined, undefined, ui.ctx);
        branch.push({ type: "message", message: { role: "toolResult", toolName: "token_retrieve", content: result.content, details: result.details, isError: Boolean(result.isError) } });
        return result;
      };
      return { fake, ui, stats, retrieve };
    };

    const live = await start();
    const event = { toolName: "bash", toolCallId: "c1", input: { command: "cargo test" }, content: [{ type: "text", text: fs.readFileSync(CARGO_TEST, "utf8") }], details: undefined, isError: false };
    const patch = await live.fake.emit("tool_result", event, live.ui.ctx);
    branch.push({ type: "message", message: { role: "toolResult", toolName: "bash", content: patch.content, details: patch.details } });
    // Two markers with a template: one retrieved before the resume, the other after.
    const markers = [...patch.content[0].text.matchAll(/\[… \d+ lines \d+-\d+: "[^\n]*" · token_retrieve id=([0-9a-f]{16}) startLine=(\d+)\]/g)];
    assert.ok(markers.length >= 1, patch.content[0].text);
    const [, id, startLine] = markers[0];
    assert.equal((await live.retrieve(id, Number(startLine))).isError, undefined);
    const before = await live.stats();
    assert.match(before, /^shortening eased where the model fetched lines: bash\/test "[^"]+" weight 0\.50 \(1 retrieval, not used yet\)$/);

    const resumed = await start();
    assert.equal(await resumed.stats(), before, "the template survives the resume");

    // A retrieval after the resume, of an id compacted before it, still maps to its marker's template.
    branch.length = 1;
    const again = await start();
    assert.equal(await again.stats(), "shortening eased where the model fetched lines: nowhere yet");
    await again.retrieve(id, Number(startLine));
    assert.equal(await again.stats(), before);
  });
});
