// What the Token Saver claims and how it reacts to retrievals: savings are counted against what
// stock Pi would really have sent (its own tail cut, via Pi's truncateTail), the reach beyond
// that cut is reported separately, and retrieval feedback is per content kind, decays and is
// bounded. Runs the real engine and Pi's real truncation function; no Pi process.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { truncateHead, truncateTail } from "@earendil-works/pi-coding-agent";
import { RecoveryStore, compact } from "../index.js";
import { compactToolResult, queryHint } from "../extension/token-saver/compaction.js";
import { DECAY, FEEDBACK_STEP, GROWTH_FLOOR_BYTES, MAX_WEIGHT, RetrievalFeedback } from "../extension/token-saver/feedback.js";
import { TokenSaverStats } from "../extension/token-saver/stats.js";

/** A session like token-saver.js builds, with the real engine behind the feedback. */
function session() {
  const store = RecoveryStore.open({});
  const feedback = new RetrievalFeedback();
  const stats = new TokenSaverStats();
  return {
    feedback,
    stats,
    store,
    value: {
      put: (/** @type {Buffer | string} */ o) => store.put(o),
      storeKey: "s",
      originals: new Map(),
      delivered: new Set(),
      aggressiveness: () => 1,
      compact: (/** @type {Buffer | string} */ input, /** @type {any} */ options) => feedback.compact((i, o) => compact(i, o), input, options),
      stats,
    },
  };
}

const turn = { prompt: "why does it fail?", cwd: os.tmpdir(), recoverable: true };
const bash = (/** @type {string} */ text, /** @type {string} */ command, extra = {}) => ({ toolName: "bash", toolCallId: "c", input: { command }, content: [{ type: "text", text }], details: undefined, isError: false, ...extra });

/** A cargo-test-shaped run: many passing tests, one failure, a summary. */
function testRun(/** @type {number} */ n, /** @type {string} */ salt = "") {
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(`test module_${i % 40}::case_${i}${salt} ... ok`);
  lines.splice(Math.floor(n / 2), 0, `test parser::rejects_empty${salt} ... FAILED`);
  lines.push(`test result: FAILED. ${n} passed; 1 failed; 0 ignored`);
  return lines.join("\n");
}

/** A service-log-shaped output. */
function serviceLog(/** @type {number} */ n) {
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(`2026-11-30T10:${String(i % 60).padStart(2, "0")}:00Z INFO worker-${i % 7} handled request ${i} in ${i % 13}ms`);
  lines.push("2026-11-30T11:00:00Z ERROR worker-3 connection reset by peer");
  return lines.join("\n");
}

describe("savings are counted against what stock Pi would have sent", () => {
  test("seq 1 200000: Pi keeps its 2,000-line tail; saved vs stock Pi is that tail, the rest is reach", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-honest-"));
    try {
      const fullText = `${Array.from({ length: 200000 }, (_, i) => String(i + 1)).join("\n")}\n`;
      const full = path.join(dir, "full.log");
      fs.writeFileSync(full, fullText);
      // Exactly what Pi's bash tool returns: its own tail cut plus the notice.
      const cut = truncateTail(fullText);
      assert.equal(cut.truncated, true);
      assert.equal(cut.outputLines, 2000);
      const piText = `${cut.content}\n\n[Showing lines ${cut.totalLines - cut.outputLines + 1}-${cut.totalLines} of ${cut.totalLines}. Full output: ${full}]`;
      const s = session();
      const patch = /** @type {any} */ (await compactToolResult(bash(piText, "seq 1 200000", { details: { truncation: cut, fullOutputPath: full } }), turn, s.value));
      assert.ok(patch, "compacted");
      const view = patch.content[0].text;
      assert.equal(patch.details.tokenSaver.stockChars, piText.length);
      assert.equal(s.stats.stockChars, piText.length);
      assert.equal(s.stats.charsSaved, piText.length - view.length);
      assert.equal(s.stats.reachChars, fullText.length - piText.length);
      // About 3.5k tokens against stock Pi, not the ~322k the full output would suggest.
      assert.ok(s.stats.tokensSaved > 3000 && s.stats.tokensSaved < 3700, String(s.stats.tokensSaved));
      assert.ok(s.stats.reachTokens > 300_000, String(s.stats.reachTokens));
      assert.equal(s.stats.statusLine(), `token saver: ~${(s.stats.tokensSaved / 1000).toFixed(1)}k tokens saved vs stock Pi · +~${Math.round(s.stats.reachTokens / 1000)}k tokens of output reachable`);
      const report = s.stats.format(null, { enabled: true, deferred: 0 });
      assert.match(report, /^saved vs stock Pi: ~3\.\dk tokens \(/m);
      assert.match(report, /^extra output the model can reach: ~3\d\dk tokens \(/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("read of a 6,000-line log: Pi keeps its 50 KB head; the report says which end each tool keeps", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-honest-"));
    try {
      const lines = Array.from({ length: 6000 }, (_, i) => `2026-12-01T07:00:00Z INFO worker-${i % 7} processed batch ${i + 1}`);
      fs.writeFileSync(path.join(dir, "big.log"), `${lines.join("\n")}\n`);
      // What Pi's read tool returns: the head of the file plus its continuation notice.
      const cut = truncateHead(lines.join("\n"));
      assert.equal(cut.truncated, true);
      assert.equal(cut.content.split("\n")[0], lines[0], "read keeps the start");
      const piText = `${cut.content}\n\n[Showing lines 1-${cut.outputLines} of 6000 (50.0KB limit). Use offset=${cut.outputLines + 1} to continue.]`;
      const s = session();
      const event = { toolName: "read", toolCallId: "r", input: { path: "big.log" }, content: [{ type: "text", text: piText }], details: { truncation: cut }, isError: false };
      const patch = /** @type {any} */ (await compactToolResult(event, { ...turn, cwd: dir }, s.value));
      assert.ok(patch, "compacted");
      assert.equal(s.stats.stockChars, piText.length);
      assert.equal(s.stats.reachChars, `${lines.join("\n")}`.length - piText.length);
      const report = s.stats.format(null, { enabled: true, deferred: 0, requests: 0, activations: 0 });
      assert.match(report, /^saved vs stock Pi: ~\d+(\.\d)?k tokens \(\d+(\.\d)?k → \d+(\.\d)?k? chars; stock Pi cuts bash and read output to 2,000 lines \/ 50 KB: bash keeps the end, read the start\)$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("output Pi did not cut counts in full and adds no reach; a repeat saves against Pi's text", async () => {
    const s = session();
    const text = testRun(1200);
    const patch = /** @type {any} */ (await compactToolResult(bash(text, "cargo test"), turn, s.value));
    assert.equal(s.stats.stockChars, text.length);
    assert.equal(s.stats.reachChars, 0);
    assert.equal(s.stats.charsSaved, text.length - patch.content[0].text.length);
    assert.equal(s.stats.statusLine(), `token saver: ~${s.stats.tokensSaved >= 1000 ? `${(s.stats.tokensSaved / 1000).toFixed(1)}k` : s.stats.tokensSaved} tokens saved vs stock Pi`);
    const repeat = /** @type {any} */ (await compactToolResult(bash(text, "cargo test"), turn, s.value));
    assert.equal(s.stats.stockChars, 2 * text.length);
    assert.equal(s.stats.charsSaved, 2 * text.length - patch.content[0].text.length - repeat.content[0].text.length);
    assert.equal(s.stats.reachChars, 0);
  });
});

/** Grep hits of one shape in two files, at lines that depend on `first` and `step`. */
// More hits than Pi's cut shows: a search within it is left whole when no question is asked.
function grepRun(/** @type {number} */ first, /** @type {number} */ step) {
  const lines = [];
  for (const file of ["src/alpha.rs", "src/beta.rs"]) {
    for (let k = 0; k < 1100; k++) lines.push(`${file}:${first + k * step}:        // TODO: handle case ${k} of the parser`);
  }
  return lines.join("\n");
}

describe("retrieval feedback is proportionate", () => {
  // The session compacts with the turn's question; a view without feedback is compacted with it too.
  const ASKED = queryHint(turn.prompt);
  /** Compacts `text` and returns the view and its record. */
  async function run(/** @type {ReturnType<typeof session>} */ s, /** @type {string} */ text, command = "cargo test") {
    const patch = /** @type {any} */ (await compactToolResult(bash(text, command), turn, s.value));
    return { text: patch.content[0].text, record: patch.details.tokenSaver };
  }

  test("one retrieval makes the next view of the same kind grow by at most max(view, 4 KB) × the step", async () => {
    const s = session();
    const first = await run(s, testRun(3000, "a"));
    const plain = compact(testRun(3000, "b"), { tool: "bash", command: "cargo test", recoverable: true, query: ASKED });
    const range = compact(testRun(3000, "a"), { tool: "bash", command: "cargo test", recoverable: true, query: ASKED }).ranges[0];
    const shape = s.feedback.noteRetrieval(first.record.id, range.startLine);
    assert.equal(shape?.kind, "test");
    assert.equal(shape?.template, range.template, "the retrieved marker's template is what the feedback names");
    assert.equal(shape?.weight, FEEDBACK_STEP);
    const next = await run(s, testRun(3000, "b"));
    const bound = plain.outputBytes + Math.max(plain.outputBytes, GROWTH_FLOOR_BYTES) * FEEDBACK_STEP;
    assert.ok(Buffer.byteLength(next.text) <= bound, `${Buffer.byteLength(next.text)} > ${bound}`);
    assert.ok(Buffer.byteLength(next.text) < 5 * plain.outputBytes, "never an order of magnitude larger");
    assert.equal(s.feedback.weight("bash", "test"), FEEDBACK_STEP * DECAY, "used once, then halved");
    assert.match(s.feedback.describe()[0], /^bash\/test "test <\*>.*" weight 0\.25 \(1 retrieval, /);
  });

  test("when a softer view fits the bound it is used, and it keeps more", async () => {
    const s = session();
    const first = await run(s, testRun(1200, "a"));
    s.feedback.noteRetrieval(first.record.id, 2);
    const plain = compact(testRun(1200, "b"), { tool: "bash", command: "cargo test", recoverable: true, query: ASKED });
    const next = await run(s, testRun(1200, "b"));
    const bytes = Buffer.byteLength(next.text);
    assert.ok(bytes > plain.outputBytes, `softened: ${bytes} vs plain ${plain.outputBytes}`);
    assert.ok(bytes <= plain.outputBytes + Math.max(plain.outputBytes, GROWTH_FLOOR_BYTES) * FEEDBACK_STEP);
    assert.match(s.feedback.describe()[0], /softened 1, held to plain view 0/);
  });

  test("it acts on the retrieved kind only: a log from the same tool is compacted as before", async () => {
    const s = session();
    const first = await run(s, testRun(1200, "a"));
    s.feedback.noteRetrieval(first.record.id, 2);
    const log = serviceLog(2000);
    const plain = compact(log, { tool: "bash", command: "journalctl", recoverable: true, query: ASKED });
    assert.notEqual(plain.kind, "test");
    const view = await run(s, log, "journalctl");
    assert.equal(view.text, plain.text);
    assert.equal(s.feedback.weight("bash", "test"), FEEDBACK_STEP, "the test shape is untouched by the log");
  });

  test("it decays: after a few views of that kind the view is plain again", async () => {
    const s = session();
    const first = await run(s, testRun(1200, "a"));
    s.feedback.noteRetrieval(first.record.id, 2);
    for (const salt of ["b", "c", "d", "e"]) await run(s, testRun(1200, salt));
    assert.equal(s.feedback.weight("bash", "test"), 0);
    const plain = compact(testRun(1200, "f"), { tool: "bash", command: "cargo test", recoverable: true, query: ASKED });
    assert.equal((await run(s, testRun(1200, "f"))).text, plain.text);
  });

  test("it is bounded: many retrievals cap the weight, and the view stays within the cap's bound", async () => {
    const s = session();
    const first = await run(s, testRun(3000, "a"));
    for (let i = 0; i < 20; i++) s.feedback.noteRetrieval(first.record.id, 2);
    assert.equal(s.feedback.weight("bash", "test"), MAX_WEIGHT);
    const plain = compact(testRun(3000, "b"), { tool: "bash", command: "cargo test", recoverable: true, query: ASKED });
    const next = await run(s, testRun(3000, "b"));
    assert.ok(Buffer.byteLength(next.text) <= plain.outputBytes + Math.max(plain.outputBytes, GROWTH_FLOOR_BYTES) * MAX_WEIGHT);
    // Shapes are bounded too.
    const many = new RetrievalFeedback();
    for (let i = 0; i < 100; i++) {
      many.noteView(`id${i}`, `tool${i}`, "log", null);
      many.noteRetrieval(`id${i}`);
    }
    assert.ok(many.shapes.size <= 32);
  });

  test("a retrieval from a grep marker acts on a later grep whose hits sit at other lines", async () => {
    const s = session();
    const command = "rg -n TODO src";
    const first = await run(s, grepRun(10, 3), command);
    const options = { tool: "bash", command, recoverable: true };
    const [range] = compact(grepRun(10, 3), options).ranges;
    assert.match(first.text, /hits at lines /, "the view still names where the hits are");
    const shape = s.feedback.noteRetrieval(first.record.id, range.startLine);
    assert.equal(shape?.kind, "grep");
    assert.equal(shape?.template, range.template);
    assert.doesNotMatch(String(shape?.template), /\d,\d/, "no hit line numbers in the template");
    const later = compact(grepRun(200, 7), options);
    assert.ok(later.ranges.some((r) => r.template === shape?.template), "the later view has a range of that template");
    const next = await run(s, grepRun(200, 7), command);
    assert.ok(Buffer.byteLength(next.text) > later.outputBytes, "the later grep view is softened");
    assert.match(s.feedback.describe()[0], /^bash\/grep ".*TODO.*" weight 0\.25 \(1 retrieval, softened 1, held to plain view 0/);
  });

  test("an unknown id (evicted or from another session) changes nothing", () => {
    const feedback = new RetrievalFeedback();
    assert.equal(feedback.noteRetrieval("0123456789abcdef", 1), null);
    assert.deepEqual(feedback.describe(), []);
  });

  test("/token-saver stats shows the active feedback", () => {
    const stats = new TokenSaverStats();
    const feedback = new RetrievalFeedback();
    feedback.noteView("x", "bash", "test", [{ startLine: 2, endLine: 40, template: "test <*> ... ok" }]);
    feedback.noteRetrieval("x", 5);
    const report = stats.format(null, { enabled: true, deferred: 0, feedback: feedback.describe() });
    assert.match(report, /^shortening eased where the model fetched lines: bash\/test "test <\*> \.\.\. ok" weight 0\.50 \(1 retrieval, not used yet\)$/m);
    assert.match(stats.format(null, { enabled: true, deferred: 0 }), /^shortening eased where the model fetched lines: nowhere yet$/m);
  });

  test("a long template is shortened in the stats on a character boundary, never inside an emoji", () => {
    const feedback = new RetrievalFeedback();
    // The 39th UTF-16 unit is the first half of 🦀: cutting there would leave a lone surrogate.
    feedback.noteView("x", "bash", "log", [{ startLine: 2, endLine: 40, template: `${"w".repeat(38)}🦀 done <*> ok` }]);
    feedback.noteRetrieval("x", 5);
    const [line] = feedback.describe();
    assert.equal(line, `bash/log "${"w".repeat(38)}🦀…" weight 0.50 (1 retrieval, not used yet)`);
    assert.ok(line.isWellFormed(), "no lone surrogate in the report");
  });
});
