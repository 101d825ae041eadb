// Near repeats: a rerun that prints the same lines but for numbers or hashes is sent as the
// changed lines plus a reference to the earlier result, and its full output stays exactly
// retrievable. Uses the real addon and store.
import assert from "node:assert/strict";
import os from "node:os";
import { describe, test } from "node:test";
import { RecoveryStore, contentHash } from "../index.js";
import { compactToolResult } from "../extension/token-saver/compaction.js";
import { MAX_CHANGED_LINES, RecentOutputs, nearRepeatView } from "../extension/token-saver/repeats.js";
import { TokenSaverStats } from "../extension/token-saver/stats.js";

/** A verbose build log of `modules` modules; `seed` changes every timing and hash. */
function buildLog(modules, seed, { changedModule = -1 } = {}) {
  const lines = [`[build] start (${seed * 7} ms since boot)`];
  for (let i = 0; i < modules; i++) {
    const size = i === changedModule ? 999 : 400 + (i % 50);
    const hash = contentHash(`${i}:${i === changedModule ? seed : 0}`).repeat(4);
    lines.push(`[build] compile src/m${i}.mjs -> dist/m${i}.mjs  ${size} B  sha256:${hash}`);
    lines.push(`[build]   resolve ../pricing.mjs -> src/pricing.mjs`);
    lines.push(`[build]   exports total${i}, scale${i}  (${(i * 13) % 97} µs)`);
  }
  lines.push(`[build] done: ${modules} modules in ${seed * 31} ms`);
  return `${lines.join("\n")}\n`;
}

function fakeSession() {
  const store = RecoveryStore.open({});
  return {
    store,
    session: {
      put: (/** @type {Buffer | string} */ o) => store.put(o),
      storeKey: "s1",
      originals: new Map(),
      delivered: new Set(),
      recent: new RecentOutputs(),
      aggressiveness: () => 1,
      stats: new TokenSaverStats(),
    },
  };
}

const turn = { prompt: "Run the build", cwd: os.tmpdir(), recoverable: true };
const bashEvent = (/** @type {string} */ text, command = "npm run build -- --verbose") => ({ toolName: "bash", toolCallId: "c", input: { command }, content: [{ type: "text", text }], details: undefined, isError: false });

describe("near repeats", () => {
  test("a rebuild with new timings and one changed hash costs its changed lines only", async () => {
    const { session, store } = fakeSession();
    const first = buildLog(300, 1);
    const second = buildLog(300, 2, { changedModule: 17 });
    const firstPatch = /** @type {any} */ (await compactToolResult(bashEvent(first), turn, session));
    assert.ok(firstPatch, "the first build is compacted");
    const patch = /** @type {any} */ (await compactToolResult(bashEvent(second), turn, session));
    const view = patch.content[0].text;
    const id = contentHash(second);
    const secondLines = second.split("\n");
    const firstLines = first.split("\n");
    const changed = secondLines.map((line, i) => ({ line: i + 1, text: line })).filter((c, i) => c.text !== firstLines[i] && c.text !== "");
    const expected = nearRepeatView({ earlierId: contentHash(first), label: "`npm run build -- --verbose`", lineCount: 902, changed }, id);
    assert.equal(view, expected);
    assert.ok(view.includes("sha256:") && view.includes("999 B"), "the changed module's line is shown verbatim");
    assert.ok(view.length < firstPatch.content[0].text.length, `near repeat ${view.length} chars vs first view ${firstPatch.content[0].text.length}`);
    assert.deepEqual(patch.details.tokenSaver.strategies, ["near-repeat"]);
    assert.equal(patch.details.tokenSaver.nearRepeatOf, contentHash(first));
    // Recovery is exact: the whole second output, byte for byte.
    assert.equal(store.retrieve(id, 1, 1000).text, second);
    assert.equal(store.retrieve(id, 53, 1).text, `${secondLines[52]}\n`);
  });

  test("a line that changed in words, or a different line count, is not a near repeat", async () => {
    const { session } = fakeSession();
    await compactToolResult(bashEvent(buildLog(300, 1)), turn, session);
    const worded = buildLog(300, 2).replace("[build]   exports total5,", "[build]   exports renamed5,");
    const patch = /** @type {any} */ (await compactToolResult(bashEvent(worded), turn, session));
    assert.ok(!patch.content[0].text.startsWith("[Same "), "a word changed: the engine's view");
    const longer = `${buildLog(300, 3)}[build] warning: one more line\n`;
    const patch2 = /** @type {any} */ (await compactToolResult(bashEvent(longer), turn, session));
    assert.ok(!patch2.content[0].text.startsWith("[Same "));
  });

  test("another command, an earlier result out of context, or too many changed lines: no near repeat", () => {
    const recent = new RecentOutputs();
    const key = /** @type {string} */ (RecentOutputs.key("bash", { command: "make" }));
    const a = Array.from({ length: 100 }, (_, i) => `step ${i} took ${i} ms`).join("\n");
    const b = Array.from({ length: 100 }, (_, i) => `step ${i} took ${i + 1} ms`).join("\n");
    recent.remember(key, "id-a", "`make`", a);
    assert.equal(recent.nearRepeat(/** @type {string} */ (RecentOutputs.key("bash", { command: "make all" })), b, () => true), null);
    assert.equal(recent.nearRepeat(key, b, () => false), null, "the earlier result left the context");
    assert.equal(recent.nearRepeat(key, b, () => true), null, `more than ${MAX_CHANGED_LINES} changed lines`);
    const few = a.replace("step 3 took 3 ms", "step 3 took 4 ms");
    assert.deepEqual(recent.nearRepeat(key, few, () => true), { earlierId: "id-a", label: "`make`", lineCount: 100, changed: [{ line: 4, text: "step 3 took 4 ms" }] });
  });

  test("a result replayed from the session is read from the store once, when the same call comes again", () => {
    const recent = new RecentOutputs();
    const key = /** @type {string} */ (RecentOutputs.key("bash", { command: "make" }));
    const a = Array.from({ length: 100 }, (_, i) => `step ${i} took ${i} ms`).join("\n");
    const few = a.replace("step 3 took 3 ms", "step 3 took 4 ms");
    let loads = 0;
    recent.rememberStored(key, "id-a", "`make`", () => {
      loads += 1;
      return a;
    });
    assert.equal(recent.nearRepeat(key, few, () => false), null, "out of context: nothing read");
    assert.equal(loads, 0);
    const expected = { earlierId: "id-a", label: "`make`", lineCount: 100, changed: [{ line: 4, text: "step 3 took 4 ms" }] };
    assert.deepEqual(recent.nearRepeat(key, few, () => true), expected);
    assert.deepEqual(recent.nearRepeat(key, few, () => true), expected);
    assert.equal(loads, 1, "hashed once, then kept as hashes");
    // An original that is gone, or cannot be read, is no earlier result.
    recent.rememberStored(key, "id-b", "`make`", () => null);
    assert.equal(recent.nearRepeat(key, few, () => true), null);
    recent.rememberStored(key, "id-c", "`make`", () => {
      throw new Error("RECOVERY_IO");
    });
    assert.equal(recent.nearRepeat(key, few, () => true), null);
  });
});
