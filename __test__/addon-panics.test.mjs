// No Rust panic crosses the FFI boundary, and none is printed on the host's stderr. The addon
// has a test-only fault switch: with PI_LEAN_TEST_PANIC naming an entry point (or `*` for
// all), that entry panics inside its guarded region. Every exported function and method is
// called in a child Node with the switch on: each must throw (or reject) `INTERNAL` with the
// one message form, the process must survive, and stderr must stay silent.
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

// Every entry point, called with valid arguments. Handles are made before the switch is
// flipped on (the switch is read per call, from a global the child sets).
const CALLS = `
const { SkillIndex, SkillPolicy, RecoveryStore, ToolIndex } = addon;
const log = Buffer.from(Array.from({ length: 400 }, (_, i) => "INFO line " + i + " ok\\n").join(""));
process.env.PI_LEAN_TEST_PANIC = "";
const index = new SkillIndex([{ name: "a", description: "alpha skill", requires: [] }]);
const policy = new SkillPolicy("allow", [{ pattern: "x*", action: "deny" }]);
const store = RecoveryStore.open();
const id = store.put("one\\ntwo\\n");
const tools = new ToolIndex([{ name: "read", description: "read a file" }]);
process.env.PI_LEAN_TEST_PANIC = "*";
const calls = {
  coreVersion: () => addon.coreVersion(),
  contentHash: () => addon.contentHash("x"),
  compact: () => addon.compact(log),
  compactToBuffer: () => addon.compactToBuffer(log),
  compactAsync: () => addon.compactAsync(log),
  matchSkillPattern: () => addon.matchSkillPattern("a*", "ab"),
  resolveSkillScope: () => addon.resolveSkillScope({ groups: {}, profiles: {} }, ["a"]),
  "SkillIndex.new": () => new SkillIndex([{ name: "b", description: "b" }]),
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
  "SkillIndex.closure": () => index.closure("a"),
  "SkillIndex.load": () => index.load("a"),
  "SkillPolicy.new": () => new SkillPolicy("allow", []),
  "SkillPolicy.actionFor": () => policy.actionFor("xy"),
  "SkillPolicy.deniedAmong": () => policy.deniedAmong(["xy"]),
  "RecoveryStore.open": () => RecoveryStore.open(),
  "RecoveryStore.put": () => store.put("three\\n"),
  "RecoveryStore.contains": () => store.contains(id),
  "RecoveryStore.retrieve": () => store.retrieve(id),
  "RecoveryStore.retrieveBytes": () => store.retrieveBytes(id),
  "RecoveryStore.clear": () => store.clear(),
  "RecoveryStore.stats": () => store.stats(),
  "ToolIndex.new": () => new ToolIndex([]),
  "ToolIndex.size": () => tools.size,
  "ToolIndex.search": () => tools.search("read"),
};
const outcome = {};
for (const [name, call] of Object.entries(calls)) {
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
    const child = runChild(CALLS, {});
    assert.equal(child.signal, null, `child died with ${child.signal}:\n${child.stderr}`);
    assert.equal(child.status, 0, child.stderr);
    const entries = Object.entries(child.found);
    assert.ok(entries.length >= 33);
    for (const [name, result] of entries) {
      assert.match(result, /^INTERNAL \| INTERNAL: [^;]+; [^;]+$/, `${name}: ${result}`);
    }
    assert.equal(child.stderr, "", "nothing on stderr");
  });

  test("compactAsync's panic rejects its promise; the process keeps serving calls", () => {
    const child = runChild(
      `
const log = Buffer.from(Array.from({ length: 4000 }, (_, i) => "INFO line " + i + " ok\\n").join(""));
const results = await Promise.allSettled(Array.from({ length: 8 }, () => addon.compactAsync(log)));
process.env.PI_LEAN_TEST_PANIC = "";
const after = await addon.compactAsync(log);
console.log(JSON.stringify({ codes: results.map((r) => r.status === "rejected" ? r.reason.code : "fulfilled"), after: after.changed }));
`,
      { PI_LEAN_TEST_PANIC: "compactAsync:worker" },
    );
    assert.equal(child.signal, null, `child died with ${child.signal}:\n${child.stderr}`);
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(child.found, { codes: Array(8).fill("INTERNAL"), after: true });
    assert.equal(child.stderr, "");
  });
});
