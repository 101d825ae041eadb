// The compaction, recovery and tool-search API of the native addon, called from JS exactly as
// the Token Saver calls it: Buffers and strings, stable error codes, durable stores that
// survive a reopen, and many compactAsync calls in flight at once.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { RecoveryStore, ToolIndex, compact, compactAsync, compactToBuffer, contentHash } from "../index.js";

/**
 * Removes a test's store directory. On Windows an open store (its write-behind worker) keeps
 * the directory busy until the store is collected, so removal there is best effort: the
 * assertions above are what the test checks, not the temp dir's cleanup.
 * @param {string} dir
 */
function removeStoreDir(dir) {
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  } catch (error) {
    if (process.platform !== "win32") throw error;
  }
}
import { cargoTestRunsFile } from "./helpers/corpus.mjs";

const CARGO_TEST = cargoTestRunsFile();
const skipCorpus = fs.existsSync(CARGO_TEST) ? false : "shared compaction corpus missing";

/** A build log whose compaction has many dropped ranges, some templates quoted and non-ASCII. */
function rangesInput() {
  const lines = [];
  for (let i = 0; i < 3000; i++) lines.push(i % 500 === 0 ? `error: step ${i} failed "badly" é` : `   Compiling crate_${i % 37} v0.${i % 5}.0 (/src/c${i})`);
  return lines.join("\n");
}

/** @param {() => unknown} fn @param {string} code */
function assertCode(fn, code) {
  assert.throws(fn, (/** @type {any} */ error) => {
    assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
    return true;
  });
}

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-recovery-"));
}

/** Lines of a text with their terminators, 1-based slice. @param {string} text @param {number} start @param {number} count */
function lines(text, start, count) {
  return text.split(/(?<=\n)/).slice(start - 1, start - 1 + count).join("");
}

describe("string inputs", () => {
  test("a string reads as the same UTF-8 bytes Buffer.from gives, whatever it holds", () => {
    const strings = [
      "",
      "plain ascii\n",
      "latin-1: café, naïve, ß\n",
      "astral: 🦀 and 𝄞\n",
      // The wasm fallback's string reader writes lone surrogates as their own 3 bytes, not U+FFFD.
      ...(process.env.NAPI_RS_FORCE_WASI ? [] : ["lone surrogates: \ud800 x \udfff\n"]),
      "é".repeat(10_000),
      "🦀".repeat(10_000),
      // Long enough that contentHash reads it in pieces.
      "ab🦀".repeat(6_000_000),
      // Over a million units a string is read through a Latin-1 copy first: plain ASCII, then
      // U+0141, whose Latin-1 byte is an ASCII 'A', and a lone surrogate, which must not pass.
      "plain ascii line\n".repeat(70_000),
      `${"a".repeat(1_100_000)}Ł`,
      ...(process.env.NAPI_RS_FORCE_WASI ? [] : [`${"a".repeat(1_100_000)}\ud800`]),
    ];
    for (const text of strings) {
      assert.equal(contentHash(text), contentHash(Buffer.from(text, "utf8")), text.slice(0, 20));
      assert.deepEqual(compactToBuffer(text, { thresholdBytes: 1 << 30 }), Buffer.from(text, "utf8"));
    }
  });

  test("strings read one after another never see each other's bytes (the read buffers are kept between calls)", () => {
    const long = "é: a long line of words that repeats\n".repeat(20_000);
    const texts = [long, "short ascii line\n".repeat(3_000), long.slice(0, 1_000), "x", "🦀 wide\n".repeat(5_000), ""];
    for (const text of texts) {
      const fromString = compact(text, { tool: "bash", recoverable: true });
      const fromBuffer = compact(Buffer.from(text, "utf8"), { tool: "bash", recoverable: true });
      assert.equal(fromString.id, contentHash(Buffer.from(text, "utf8")), text.slice(0, 20));
      assert.equal(fromString.text, fromBuffer.text, text.slice(0, 20));
      assert.equal(fromString.changed, fromBuffer.changed);
      assert.equal(contentHash(text), fromString.id);
    }
  });
});

describe("compact", { skip: skipCorpus }, () => {
  const original = skipCorpus ? "" : fs.readFileSync(CARGO_TEST, "utf8");

  test("small input passes through byte-identical", () => {
    const out = compact("hello\nworld\n", { tool: "bash" });
    assert.equal(out.changed, false);
    assert.equal(out.text, "hello\nworld\n");
    assert.equal(out.originalBytes, 12);
    assert.equal(out.outputBytes, 12);
    assert.deepEqual(out.ranges, []);
    assert.equal(out.id, contentHash("hello\nworld\n"));
  });

  test("a failing cargo test run keeps its failures and names the id in every marker when recoverable", () => {
    const out = compact(original, { tool: "bash", command: "cargo test", recoverable: true });
    assert.equal(out.changed, true);
    assert.equal(out.id, contentHash(original));
    assert.ok(out.outputBytes < out.originalBytes / 2);
    assert.equal(out.originalLines, 872); // 218 lines, four runs
    for (const fact of ["test tests::escape_meta ... FAILED", "test utf8::tests::bmp ... FAILED"]) assert.ok(out.text.includes(fact), fact);
    const markers = [...out.text.matchAll(/\[… (\d+) lines (\d+)-(\d+)[^\]]*· token_retrieve id=([0-9a-f]{16}) startLine=(\d+)\]/g)];
    assert.equal(markers.length, out.ranges.length);
    markers.forEach((m, i) => {
      assert.equal(m[4], out.id);
      assert.equal(Number(m[2]), out.ranges[i].startLine);
      assert.equal(Number(m[3]), out.ranges[i].endLine);
      assert.equal(Number(m[1]), out.ranges[i].endLine - out.ranges[i].startLine + 1);
      assert.equal(Number(m[5]), out.ranges[i].startLine);
    });
  });

  test("ranges are plain objects, the same when the built-ins they could be made with are replaced", () => {
    const input = rangesInput();
    const first = compact(input, { tool: "bash", command: "make", recoverable: true });
    assert.ok(first.ranges.length > 3, `${first.ranges.length} ranges`);
    assert.ok(first.strategies.length > 0);
    const originals = [
      [JSON, "parse"],
      [String.prototype, "slice"],
      [String.prototype, "split"],
      [Array.prototype, "push"],
    ].map(([owner, name]) => [owner, name, owner[name]]);
    let calls = 0;
    for (const [owner, name] of originals) {
      owner[name] = () => {
        calls++;
        return [];
      };
    }
    let again;
    try {
      again = compact(input, { tool: "bash", command: "make", recoverable: true });
    } finally {
      for (const [owner, name, original] of originals) owner[name] = original;
    }
    assert.equal(calls, 0, "no replaced built-in was called");
    assert.deepEqual(again, first);
    for (const range of first.ranges) {
      assert.equal(Object.getPrototypeOf(range), Object.prototype);
      assert.deepEqual(Object.keys(range), ["startLine", "endLine", "template"]);
      assert.ok(Number.isInteger(range.startLine) && range.endLine >= range.startLine);
      assert.equal(typeof range.template, "string");
    }
  });

  test("without recoverable, markers never name an id", () => {
    const out = compact(original, { tool: "bash" });
    assert.equal(out.changed, true);
    assert.ok(!out.text.includes("token_retrieve"));
    assert.ok(!out.text.includes("id="));
  });

  test("Buffers and strings give the same result; compactToBuffer returns the exact bytes", () => {
    const fromString = compact(original, { recoverable: true });
    const fromBuffer = compact(Buffer.from(original), { recoverable: true });
    assert.deepEqual(fromBuffer, fromString);
    assert.equal(compactToBuffer(Buffer.from(original), { recoverable: true }).toString("utf8"), fromString.text);
  });

  test("lower aggressiveness keeps at least as much", () => {
    const full = compact(original, { aggressiveness: 1 });
    const gentle = compact(original, { aggressiveness: 0.25 });
    assert.ok(gentle.outputBytes >= full.outputBytes, `${gentle.outputBytes} >= ${full.outputBytes}`);
  });

  test("an unknown kind is INVALID_ARGUMENT; inputs above maxInputBytes pass through", () => {
    assertCode(() => compact(original, { kind: "bogus" }), "INVALID_ARGUMENT");
    const out = compact(original, { maxInputBytes: 100 });
    assert.equal(out.changed, false);
    assert.equal(out.text, original);
  });

  test("compactAsync matches compact, and many calls in flight stay correct", async () => {
    const inputs = Array.from({ length: 24 }, (_, i) => (i % 2 ? Buffer.from(`${original}\nrun ${i}\n`) : `${original}\nrun ${i}\n`));
    const results = await Promise.all(inputs.map((input) => compactAsync(input, { tool: "bash", recoverable: true })));
    results.forEach((/** @type {any} */ result, i) => {
      assert.deepEqual(result, compact(inputs[i], { tool: "bash", recoverable: true }));
      assert.ok(result.text.includes(`run ${i}`));
    });
  });

  test("compactAsync refuses a bad option up front with the same code as compact", () => {
    assert.throws(
      () => compactAsync(original, { kind: "bogus" }),
      (error) => error.code === "INVALID_ARGUMENT" && /unknown kind "bogus"/.test(error.message),
    );
  });
});

describe("RecoveryStore", () => {
  test("put is idempotent, ids are content hashes, retrieve returns exact lines with CRLF", () => {
    const store = RecoveryStore.open({});
    const text = "one\r\ntwo\nthree\r\nfour";
    const id = store.put(Buffer.from(text));
    assert.equal(id, contentHash(text));
    assert.equal(store.put(text), id);
    assert.equal(store.contains(id), true);
    const page = store.retrieve(id, 2, 2);
    assert.deepEqual({ ...page }, { text: "two\nthree\r\n", startLine: 2, endLine: 3, totalLines: 4, nextStartLine: 4 });
    const rest = store.retrieve(id, 4);
    assert.equal(rest.text, "four");
    assert.equal(rest.nextStartLine, undefined);
    assert.deepEqual({ ...store.stats() }, { entries: 1, bytes: text.length, diskEntries: 0, diskBytes: 0, pendingWrites: 0, staleTempsRemoved: 0, writeFailures: 0 });
  });

  test("retrieveBytes returns invalid UTF-8 byte for byte", () => {
    const store = RecoveryStore.open({});
    const original = Buffer.concat([Buffer.from("ok\ncaf"), Buffer.from([0xe9, 0xff]), Buffer.from("\r\nend\n")]);
    const id = store.put(original);
    assert.deepEqual(store.retrieveBytes(id, 2, 1), Buffer.concat([Buffer.from("caf"), Buffer.from([0xe9, 0xff]), Buffer.from("\r\n")]));
    assert.deepEqual(store.retrieveBytes(id), original);
  });

  test("errors carry stable codes", () => {
    const store = RecoveryStore.open({});
    assertCode(() => store.retrieve("not-an-id"), "INVALID_ARGUMENT");
    assertCode(() => store.retrieve("0123456789abcdef"), "RECOVERY_EXPIRED");
    const id = store.put("a\nb\n");
    assertCode(() => store.retrieve(id, 0, 5), "INVALID_ARGUMENT");
    assertCode(() => store.retrieve(id, 1, 0), "INVALID_ARGUMENT");
    assertCode(() => RecoveryStore.open({ maxEntries: 0 }), "INVALID_ARGUMENT");
    assert.equal(store.contains("../../etc/passwd"), false);
  });

  test("a durable store survives reopening (a process restart) and clear() empties it", () => {
    const dir = tempDir();
    try {
      const text = fs.existsSync(CARGO_TEST) ? fs.readFileSync(CARGO_TEST, "utf8") : "a\nb\nc\n".repeat(300); // under the 1,000-line page below
      const first = RecoveryStore.open({ dir });
      const id = first.put(text);
      // Blobs are written behind `put`; flush is what a session does before it ends.
      first.flush();
      const reopened = RecoveryStore.open({ dir });
      assert.equal(reopened.contains(id), true);
      assert.equal(reopened.retrieve(id, 139, 2).text, lines(text, 139, 2));
      assert.equal(reopened.retrieve(id, 1, 1000).text, text);
      assert.equal(reopened.stats().diskEntries, 1);
      reopened.clear();
      assertCode(() => reopened.retrieve(id), "RECOVERY_EXPIRED");
      assert.equal(RecoveryStore.open({ dir }).contains(id), false);
    } finally {
      removeStoreDir(dir);
    }
  });

  test("the memory LRU evicts by entry count; the disk copy still answers", () => {
    const dir = tempDir();
    try {
      const memoryOnly = RecoveryStore.open({ maxEntries: 2 });
      const ids = ["a\n", "b\n", "c\n"].map((t) => memoryOnly.put(t));
      assert.equal(memoryOnly.contains(ids[0]), false);
      assert.equal(memoryOnly.contains(ids[2]), true);
      const durable = RecoveryStore.open({ maxEntries: 2, dir });
      const durableIds = ["a\n", "b\n", "c\n"].map((t) => durable.put(t));
      assert.equal(durable.retrieve(durableIds[0]).text, "a\n");
      // Writes go on behind put; let them land before the directory is removed (Windows
      // refuses to remove a directory a writer still has open).
      durable.flush();
    } finally {
      removeStoreDir(dir);
    }
  });
});

describe("ToolIndex", () => {
  const TOOLS = [
    { name: "browser_screenshot", description: "Capture a PNG image of the current browser page.", parameters: "fullPage capture the whole page" },
    { name: "github_create_issue", description: "Open a new issue in a GitHub repository.", parameters: "repo title body" },
    { name: "weather_lookup", description: "Current weather and a three-day forecast for a city." },
  ];
  const index = new ToolIndex(TOOLS);

  test("finds tools by name words, description and stems; bounded; independent of declaration order", () => {
    assert.equal(index.size, 3);
    assert.deepEqual(index.search("take a screenshot of the page").map((h) => h.name), ["browser_screenshot"]);
    assert.deepEqual(index.search("forecast", 3).map((h) => h.name), ["weather_lookup"]);
    assert.equal(index.search("file issues on github")[0].name, "github_create_issue");
    assert.equal(index.search("page issue forecast", 1).length, 1);
    // The same tools declared in reverse rank and score the same: nothing depends on the
    // order Pi happens to list them in.
    const reversed = new ToolIndex([...TOOLS].reverse());
    for (const query of ["page issue forecast", "take a screenshot of the page", "github", "weather_lookup"]) {
      assert.deepEqual(reversed.search(query, 8), index.search(query, 8), query);
    }
    assert.deepEqual(index.search("page issue forecast", 8).map((h) => h.name), ["github_create_issue", "browser_screenshot", "weather_lookup"]);
  });

  test("an exact name is pinned first; unrelated queries find nothing", () => {
    assert.equal(index.search("weather_lookup page screenshot")[0].name, "weather_lookup");
    assert.deepEqual(index.search("quantum chromodynamics"), []);
    assert.deepEqual(new ToolIndex([]).search("anything"), []);
  });
});
