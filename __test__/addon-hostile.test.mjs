// The addon against a hostile caller: option getters that detach or transfer the input's memory,
// getters inherited from Object.prototype, getters that throw or spray allocations, accessors
// lifted off a result and called after it was collected, and built-ins replaced between calls.
// The rule under test: no JS runs while Rust holds a pointer into JS memory, and results are
// plain data. Every case runs in a child Node (with --expose-gc), so a crash is reported as a
// failed test with its signal instead of taking the runner down.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ADDON_URL = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "index.js")).href;

/** A log whose compaction drops many ranges, with quoted and non-ASCII templates. */
const RANGES_SOURCE = `(() => {
  const lines = [];
  for (let i = 0; i < 3000; i++) lines.push(i % 500 === 0 ? \`error: step \${i} failed "badly" é\` : \`   Compiling crate_\${i % 37} v0.\${i % 5}.0 (/src/c\${i})\`);
  return lines.join("\\n");
})()`;

/**
 * Runs `body` (an async function body with `addon`, `gc` and `RANGES` in scope) in a child Node
 * and returns what it returned, as JSON. Fails with the child's signal or stderr if it crashed.
 * @param {string} body @param {NodeJS.ProcessEnv} [env]
 */
function inChild(body, env = {}) {
  const source = `
import * as addon from ${JSON.stringify(ADDON_URL)};
const gc = globalThis.gc;
const RANGES = ${RANGES_SOURCE};
const out = await (async () => { ${body} })();
process.stdout.write("\\n" + JSON.stringify(out ?? null));`;
  const child = spawnSync(process.execPath, ["--expose-gc", "--max-old-space-size=4096", "--input-type=module", "-e", source], {
    encoding: "utf8",
    timeout: 120_000,
    maxBuffer: 64 << 20,
    env: { ...process.env, ...env },
  });
  assert.equal(child.signal, null, `the child died with ${child.signal}: ${child.stderr.slice(-2000)}`);
  assert.equal(child.status, 0, child.stderr.slice(-2000));
  return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "null");
}

/** The three compaction entries, called the same way, awaited. */
const ENTRIES = `
const entries = {
  compact: async (input, options) => addon.compact(input, options),
  // The unchanged output is the caller's own (detached) Buffer, whose iterator throws.
  compactToBuffer: async (input, options) => { const out = addon.compactToBuffer(input, options); return { bytes: Array.from({ length: out.length }, (_, i) => out[i]) }; },
  compactAsync: (input, options) => addon.compactAsync(input, options),
};
const plain = (result) => JSON.parse(JSON.stringify(result));`;

describe("options are read before the input is touched", () => {
  // Each way of taking the memory away: the getter runs while the options are read, so the input
  // must be borrowed only afterwards. What the entry then sees is an empty, detached Buffer.
  const detachers = {
    structuredClone: "structuredClone(buffer.buffer, { transfer: [buffer.buffer] });",
    transfer: "buffer.buffer.transfer();",
    "transfer and spray": `
      buffer.buffer.transfer();
      gc();
      for (let i = 0; i < 64; i++) sprayed.push(Buffer.alloc(buffer_length, 0x58));`,
  };
  for (const [how, detach] of Object.entries(detachers)) {
    test(`a getter that detaches the input (${how}) leaves every entry compacting an empty input`, () => {
      const results = inChild(`
        ${ENTRIES}
        const sprayed = [];
        const out = {};
        for (const [name, call] of Object.entries(entries)) {
          for (const where of ["own", "inherited"]) {
            const buffer = Buffer.from(RANGES);
            const buffer_length = buffer.length;
            const options = { tool: "bash", recoverable: true };
            const getter = () => { ${detach} return undefined; };
            if (where === "own") Object.defineProperty(options, "command", { get: getter, enumerable: true });
            else Object.defineProperty(Object.prototype, "command", { get: getter, configurable: true });
            try {
              out[name + " " + where] = plain(await call(buffer, options));
            } catch (error) {
              out[name + " " + where] = { error: String(error) };
            } finally {
              delete Object.prototype.command;
            }
            out[name + " " + where].detached = buffer.length === 0;
          }
        }
        out.empty = { compact: plain(addon.compact(Buffer.alloc(0), { tool: "bash", recoverable: true })), compactToBuffer: { bytes: [] } };
        return out;`);
      const empty = results.empty;
      for (const [name, result] of Object.entries(results)) {
        if (name === "empty") continue;
        assert.equal(result.detached, true, `${name}: the getter detached the input`);
        delete result.detached;
        const expected = name.startsWith("compactToBuffer") ? empty.compactToBuffer : empty.compact;
        assert.deepEqual(result, expected, `${name} compacted something other than the input it saw`);
      }
    });
  }

  test("a getter that throws propagates its own error, from every entry that takes options", () => {
    const results = inChild(`
      const thrower = () => { throw new RangeError("thrown by the caller's getter"); };
      const bad = (name) => Object.defineProperty({}, name, { get: thrower, enumerable: true });
      const calls = {
        compact: () => addon.compact("x".repeat(5000), bad("tool")),
        compactToBuffer: () => addon.compactToBuffer("x".repeat(5000), bad("kind")),
        compactAsync: () => addon.compactAsync("x".repeat(5000), bad("recoverable")),
        "SkillIndex.search": () => new addon.SkillIndex([{ name: "a", description: "b" }]).search("a", bad("limit")),
        "SkillIndex.load": () => new addon.SkillIndex([{ name: "a", description: "b" }]).load("a", bad("offset")),
        "RecoveryStore.open": () => addon.RecoveryStore.open(bad("maxEntries")),
        "new SkillIndex": () => new addon.SkillIndex([{ name: "a", description: "b" }], bad("embeddings")),
      };
      const out = {};
      for (const [name, call] of Object.entries(calls)) {
        try { await call(); out[name] = "no error"; } catch (error) { out[name] = { name: error?.name, message: String(error?.message) }; }
      }
      return out;`);
    for (const [name, error] of Object.entries(results)) {
      assert.deepEqual(error, { name: "RangeError", message: "thrown by the caller's getter" }, `${name} dropped the getter's error`);
    }
  });
});

describe("results are plain data", () => {
  test("every property of a result is a data property, even for a large unchanged Buffer", () => {
    const results = inChild(`
      const accessors = [];
      const walk = (value, where) => {
        if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return;
        for (const key of Object.getOwnPropertyNames(value)) {
          const descriptor = Object.getOwnPropertyDescriptor(value, key);
          if (!("value" in descriptor)) accessors.push(where + "." + key);
          else walk(descriptor.value, where + "." + key);
        }
      };
      const large = Buffer.from("naïve café ✓\\n".repeat(8000));
      walk(addon.compact(large, { maxInputBytes: 1024 }), "unchanged Buffer");
      walk(await addon.compactAsync(large, { maxInputBytes: 1024 }), "unchanged async");
      walk(addon.compact(RANGES, { recoverable: true }), "compacted");
      walk(await addon.compactAsync(Buffer.from(RANGES)), "compacted async");
      return accessors;`);
    assert.deepEqual(results, []);
  });

  test("an accessor lifted off a result and called after the result is collected cannot read freed state", () => {
    // Before the fix this read the boxed state the result's finalizer had freed (valgrind: invalid
    // reads; SIGSEGV in some runs). Run several times: a use-after-free does not fail every time.
    for (let run = 0; run < 3; run++) {
      const results = inChild(`
        const text = "naïve café ✓\\n".repeat(8000);
        const lifted = [];
        for (let i = 0; i < 20; i++) {
          for (const result of [addon.compact(Buffer.from(text), { maxInputBytes: 1024 }), await addon.compactAsync(Buffer.from(text), { maxInputBytes: 1024 })]) {
            const descriptor = Object.getOwnPropertyDescriptor(result, "text");
            lifted.push(descriptor.get ?? (() => descriptor.value));
          }
        }
        for (let i = 0; i < 6; i++) { gc(); await new Promise((resolve) => setTimeout(resolve, 5)); }
        const sprayed = [];
        for (let i = 0; i < 200; i++) sprayed.push(Buffer.alloc(1 << 14, 0x41));
        let same = 0;
        for (const get of lifted) { try { if (get.call({}) === text) same++; } catch { /* a coded error is fine */ } }
        return { same, lifted: lifted.length };`);
      assert.equal(results.same, results.lifted, "every lifted text reads the original text");
    }
  });

  test("setters on Array.prototype and Object.prototype and a replaced String.prototype[Symbol.split] do not change compaction results", () => {
    const body = (hostile) => `
      ${ENTRIES}
      // Collected without arrays, whose own stores the hostile setters below would catch.
      const caught = new Set();
      if (${hostile}) {
        Object.defineProperty(Array.prototype, "0", { set(value) { caught.add("Array.prototype[0]"); }, configurable: true });
        for (const key of ["text", "ranges", "strategies", "startLine", "template", "kind"]) {
          Object.defineProperty(Object.prototype, key, { set(value) { caught.add(key); }, configurable: true });
        }
        Object.defineProperty(String.prototype, Symbol.split, { value: () => { caught.add("split"); return ["forged"]; }, configurable: true });
        JSON.parse = () => { caught.add("JSON.parse"); return []; };
      }
      let out = "";
      for (const input of [RANGES, Buffer.from(RANGES), "short text"]) {
        for (const options of [{ tool: "bash", recoverable: true }, { kind: "log", budgetTokens: 300 }]) {
          for (const result of [addon.compact(input, options), await addon.compactAsync(input, options)]) {
            out += JSON.stringify(result) + Object.keys(result).join() + String(Object.getPrototypeOf(result.ranges) === Array.prototype) + "\\n";
          }
        }
      }
      return { out, caught: [...caught] };`;
    const clean = inChild(body(false));
    const hostile = inChild(body(true));
    assert.deepEqual(hostile.caught, [], "no setter or replaced built-in was called");
    assert.equal(hostile.out, clean.out);
  });
  test("setters on Array.prototype and Object.prototype do not catch the elements of list results", () => {
    const body = (hostile) => `
      const caught = new Set();
      const index = new addon.SkillIndex([{ name: "tdd", description: "test driven development" }, { name: "css", description: "styles" }]);
      const policy = new addon.SkillPolicy("deny", [{ pattern: "c*", action: "allow" }]);
      const tools = new addon.ToolIndex([{ name: "read", description: "read a file" }]);
      if (${hostile}) {
        Object.defineProperty(Array.prototype, "0", { set(value) { caught.add("Array.prototype[0]"); }, configurable: true });
        for (const key of ["name", "start", "names", "score"]) {
          Object.defineProperty(Object.prototype, key, { set(value) { caught.add(key); }, configurable: true });
        }
      }
      const results = [
        index.list(), index.diagnostics, index.mentions("use tdd and css"), policy.deniedAmong(["tdd", "css"]),
        tools.search("read a file"), addon.scanSkillBlocks('<skill name="tdd">x</skill>'),
      ];
      const out = JSON.stringify(results);
      return { out, caught: [...caught] };`;
    const clean = inChild(body(false));
    const hostile = inChild(body(true));
    assert.deepEqual(hostile.caught, [], "no setter was called");
    assert.equal(hostile.out, clean.out);
    assert.match(clean.out, /"tdd"/);
  });
});

describe("smaller boundary cases (issue 28)", () => {
  test("an unchanged Buffer over V8's string limit fails with OUTPUT_TOO_LARGE_FOR_STRING, not INTERNAL", () => {
    const result = inChild(`
      const { constants } = await import("node:buffer");
      const big = Buffer.alloc(constants.MAX_STRING_LENGTH + 1, 0x61);
      const outcome = {};
      for (const [name, call] of [["compact", () => addon.compact(big, { maxInputBytes: 1024 }).text], ["compactAsync", async () => (await addon.compactAsync(big, { maxInputBytes: 1024 })).text]]) {
        try { const text = await call(); outcome[name] = { length: text.length }; } catch (error) { outcome[name] = { code: error.code, message: error.message }; }
      }
      outcome.toBuffer = addon.compactToBuffer(big, { maxInputBytes: 1024 }).length === big.length;
      return outcome;`);
    for (const name of ["compact", "compactAsync"]) {
      assert.equal(result[name].code, "OUTPUT_TOO_LARGE_FOR_STRING", JSON.stringify(result[name]));
      assert.match(result[name].message, /^OUTPUT_TOO_LARGE_FOR_STRING: [^;]+; [^;]+$/);
      assert.doesNotMatch(result[name].message, /bug/);
    }
    assert.equal(result.toBuffer, true, "compactToBuffer still hands the bytes back");
  });

  test("sync and async results are identical for strings with lone surrogates (3,000 random cases)", () => {
    const mismatches = inChild(`
      let seed = 0x2545f491;
      const next = () => { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; return (seed >>> 0) / 4294967296; };
      const pieces = ["\\ud800", "\\udfff", "\\udc00x", "a\\ud83d", "😀", "é", "ok ", "\\n", "error: failed\\n", "   Compiling x v0.1.0\\n", "\\u0000", "日本"];
      const mismatches = [];
      for (let i = 0; i < 3000; i++) {
        const count = Math.floor(next() * (next() < 0.2 ? 4000 : 60));
        let input = "";
        for (let j = 0; j < count; j++) input += pieces[Math.floor(next() * pieces.length)];
        const options = [undefined, { maxInputBytes: 64 }, { thresholdBytes: 0, recoverable: true }, { kind: "log", thresholdBytes: 0 }][i % 4];
        const sync = JSON.stringify(addon.compact(input, options));
        const async = JSON.stringify(await addon.compactAsync(input, options));
        if (sync !== async) mismatches.push({ i, sync: sync.slice(0, 200), async: async.slice(0, 200) });
      }
      return mismatches.slice(0, 3);`);
    assert.deepEqual(mismatches, []);
  });
});
