// No Rust panic crosses the FFI boundary, and none is printed on the host's stderr. The addon
// has a test-only fault switch, read once at load: with PI_LEAN_TEST_PANIC naming entry points
// (or `*` for all), those entries panic inside their guarded region. Every exported function,
// method and getter is called in a child Node with the switch on: each must throw (or reject)
// `INTERNAL` in the one message form, the process must survive, and stderr must stay silent.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ADDON = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "index.js")).href;

/** @param {string} body @param {Record<string, string>} env */
function runChild(body, env) {
  const source = `import * as addon from ${JSON.stringify(ADDON)};\n${body}`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", source], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, RUST_BACKTRACE: "1", ...env },
  });
  return { ...child, found: child.status === 0 ? JSON.parse(child.stdout.trim().split("\n").pop() ?? "null") : null };
}

// Entry points the other calls need handles (or an id) from: they are switched on in children
// of their own, since a store must open before a put can fail.
const SETUP = [["SkillIndex.new", "SkillPolicy.new", "RecoveryStore.open", "ToolIndex.new"], ["RecoveryStore.put"]];

// Every entry point, called with valid arguments. The addon reads the switch once at load, so
// the child calls only the entries named in CALL_ONLY and makes handles where it can.
const CALLS = `
const { SkillIndex, SkillPolicy, RecoveryStore, ToolIndex } = addon;
const log = Buffer.from(Array.from({ length: 400 }, (_, i) => "INFO line " + i + " ok\\n").join(""));
const attempt = (make) => { try { return make(); } catch { return null; } };
const index = attempt(() => new SkillIndex([{ name: "a", description: "alpha skill", requires: [] }]));
const policy = attempt(() => new SkillPolicy("allow", [{ pattern: "x*", action: "deny" }]));
const store = attempt(() => RecoveryStore.open());
const id = attempt(() => store.put("one\\ntwo\\n"));
const tools = attempt(() => new ToolIndex([{ name: "read", description: "read a file" }]));
const only = (process.env.CALL_ONLY ?? "").split(",");
const calls = {
  coreVersion: () => addon.coreVersion(),
  contentHash: () => addon.contentHash("x"),
  compact: () => addon.compact(log),
  compactToBuffer: () => addon.compactToBuffer(log),
  compactAsync: () => addon.compactAsync(log),
  matchSkillPattern: () => addon.matchSkillPattern("a*", "ab"),
  capDescription: () => addon.capDescription("alpha beta", 3),
  resolveSkillScope: () => addon.resolveSkillScope({ groups: {}, profiles: {} }, ["a"]),
  scanSkillBlocks: () => addon.scanSkillBlocks('<skill name="a">x</skill>'),
  "SkillIndex.new": () => new SkillIndex([{ name: "b", description: "b" }]),
  "SkillIndex.build": () => SkillIndex.build([{ name: "b", description: "b" }]),
  "SkillIndex.scan": () => SkillIndex.scan([]),
  "SkillIndex.fingerprint": () => index.fingerprint,
  "SkillIndex.size": () => index.size,
  "SkillIndex.visibleCount": () => index.visibleCount,
  "SkillIndex.diagnostics": () => index.diagnostics,
  "SkillIndex.list": () => index.list(),
  "SkillIndex.get": () => index.get("a"),
  "SkillIndex.search": () => index.search("alpha"),
  "SkillIndex.browse": () => index.browse(),
  "SkillIndex.mentions": () => index.mentions("use a"),
  "SkillIndex.redact": () => index.redact("use a", ["a"], "x"),
  "SkillIndex.closure": () => index.closure("a"),
  "SkillIndex.load": () => index.load("a"),
  "SkillIndex.loadAsync": () => index.loadAsync("a"),
  "SkillPolicy.new": () => new SkillPolicy("allow", []),
  "SkillPolicy.actionFor": () => policy.actionFor("xy"),
  "SkillPolicy.deniedAmong": () => policy.deniedAmong(["xy"]),
  "RecoveryStore.open": () => RecoveryStore.open(),
  "RecoveryStore.put": () => store.put("three\\n"),
  "RecoveryStore.putDurable": () => store.putDurable("four\\n"),
  "RecoveryStore.contains": () => store.contains(id),
  "RecoveryStore.retrieve": () => store.retrieve(id),
  "RecoveryStore.retrieveAsync": () => store.retrieveAsync(id),
  "RecoveryStore.retrieveBytes": () => store.retrieveBytes(id),
  "RecoveryStore.flush": () => store.flush(),
  "RecoveryStore.clear": () => store.clear(),
  "RecoveryStore.stats": () => store.stats(),
  "ToolIndex.new": () => new ToolIndex([]),
  "ToolIndex.size": () => tools.size,
  "ToolIndex.search": () => tools.search("read"),
};
if (only.includes("list")) {
  console.log(JSON.stringify(Object.keys(calls)));
  process.exit(0);
}
const outcome = {};
for (const [name, call] of Object.entries(calls)) {
  if (!only.includes(name)) continue;
  try {
    const value = await call();
    outcome[name] = "returned " + JSON.stringify(value)?.slice(0, 40);
  } catch (error) {
    outcome[name] = error.code + " | " + error.message;
  }
}
console.log(JSON.stringify(outcome));
`;

describe("panics never cross the boundary", () => {
  test("every exported entry, sync and async, turns a panic into INTERNAL and prints nothing", () => {
    const listed = runChild(CALLS, { CALL_ONLY: "list" });
    assert.equal(listed.status, 0, listed.stderr);
    /** @type {string[]} */
    const entries = listed.found;
    assert.equal(entries.length, 41, "every exported function, method and getter is listed");
    const rest = entries.filter((name) => !SETUP.flat().includes(name));
    /** @type {Record<string, string>} */
    const outcome = {};
    for (const group of [rest, ...SETUP]) {
      const child = runChild(CALLS, { PI_LEAN_TEST_PANIC: group.join(","), CALL_ONLY: group.join(",") });
      assert.equal(child.signal, null, `child died with ${child.signal}:\n${child.stderr}`);
      assert.equal(child.status, 0, child.stderr);
      assert.equal(child.stderr, "", "nothing on stderr");
      Object.assign(outcome, child.found);
    }
    assert.deepEqual(Object.keys(outcome).sort(), [...entries].sort());
    for (const [name, result] of Object.entries(outcome)) {
      assert.match(result, /^INTERNAL \| INTERNAL: the native core failed in [^;]+; [^;]+$/, `${name}: ${result}`);
    }
  });

  test("every async entry's worker half turns a panic into a rejected INTERNAL promise", () => {
    const child = runChild(
      `
const index = new addon.SkillIndex([{ name: "a", description: "alpha skill", requires: [] }]);
const store = addon.RecoveryStore.open();
const id = store.put("one\\ntwo\\n");
const log = Buffer.from(Array.from({ length: 400 }, (_, i) => "INFO line " + i + " ok\\n").join(""));
const calls = {
  "compactAsync:worker": () => addon.compactAsync(log),
  "SkillIndex.build:worker": () => addon.SkillIndex.build([{ name: "b", description: "b" }]),
  "SkillIndex.loadAsync:worker": () => index.loadAsync("a"),
  "RecoveryStore.retrieveAsync:worker": () => store.retrieveAsync(id),
  "RecoveryStore.putDurable:worker": () => store.putDurable("four\\n"),
};
const outcome = {};
for (const [name, call] of Object.entries(calls)) {
  try {
    await call();
    outcome[name] = "fulfilled";
  } catch (error) {
    outcome[name] = error.code + " | " + error.message;
  }
}
outcome.after = store.retrieve(id).text;
console.log(JSON.stringify(outcome));
`,
      { PI_LEAN_TEST_PANIC: "compactAsync:worker,SkillIndex.build:worker,SkillIndex.loadAsync:worker,RecoveryStore.retrieveAsync:worker,RecoveryStore.putDurable:worker" },
    );
    assert.equal(child.signal, null, `child died with ${child.signal}:\n${child.stderr}`);
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stderr, "", "nothing on stderr");
    const { after, ...workers } = child.found;
    assert.equal(after, "one\ntwo\n");
    assert.equal(Object.keys(workers).length, 5);
    for (const [name, result] of Object.entries(workers)) {
      assert.match(result, new RegExp(`^INTERNAL \\| INTERNAL: the native core failed in ${name.replace(".", "\\.")} \\([^;]+; [^;]+$`), `${name}: ${result}`);
    }
  });

  test("compactAsync's worker panic rejects its promise; the process keeps serving calls", () => {
    const child = runChild(
      `
const log = Buffer.from(Array.from({ length: 4000 }, (_, i) => "INFO line " + i + " ok\\n").join(""));
const results = await Promise.allSettled(Array.from({ length: 8 }, () => addon.compactAsync(log)));
const after = addon.compact(log);
console.log(JSON.stringify({ codes: results.map((r) => (r.status === "rejected" ? r.reason.code : "fulfilled")), after: after.changed }));
`,
      { PI_LEAN_TEST_PANIC: "compactAsync:worker" },
    );
    assert.equal(child.signal, null, `child died with ${child.signal}:\n${child.stderr}`);
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(child.found, { codes: Array(8).fill("INTERNAL"), after: true });
    assert.equal(child.stderr, "");
  });
});
