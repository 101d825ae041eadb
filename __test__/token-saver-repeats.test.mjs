// Near repeats: a rerun that prints the earlier result again with a few lines new, changed or
// gone is sent as those lines plus a reference to the earlier result, and its full output stays
// exactly retrievable. Uses the real addon and store.
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
    const expected = nearRepeatView({ earlierId: contentHash(first), label: "`npm run build -- --verbose`", lineCount: 902, earlierLineCount: 902, changed, removed: [] }, id);
    assert.equal(view, expected);
    assert.ok(view.includes("sha256:") && view.includes("999 B"), "the changed module's line is shown verbatim");
    assert.ok(view.length < firstPatch.content[0].text.length, `near repeat ${view.length} chars vs first view ${firstPatch.content[0].text.length}`);
    assert.deepEqual(patch.details.tokenSaver.strategies, ["near-repeat"]);
    assert.equal(patch.details.tokenSaver.nearRepeatOf, contentHash(first));
    // Recovery is exact: the whole second output, byte for byte.
    assert.equal(store.retrieve(id, 1, 1000).text, second);
    assert.equal(store.retrieve(id, 53, 1).text, `${secondLines[52]}\n`);
  });

  test("a line that changed in words, and lines added or removed, are shown: a rerun hides no change", async () => {
    const { session } = fakeSession();
    await compactToolResult(bashEvent(buildLog(300, 1)), turn, session);
    const worded = buildLog(300, 1).replace("[build]   exports total5,", "[build]   exports renamed5,");
    const patch = /** @type {any} */ (await compactToolResult(bashEvent(worded), turn, session));
    const wordedLine = worded.split("\n").findIndex((l) => l.includes("renamed5")) + 1;
    assert.match(patch.content[0].text, new RegExp(`^\\[Same 902 lines as the earlier .* but for one line; the changed line follows as LINE: text · full output: token_retrieve id=${contentHash(worded)} startLine=1\\]\n${wordedLine}: \\[build\\] {3}exports renamed5, scale5 {2}\\(65 µs\\)$`));
    const lines = worded.split("\n");
    const edited = [...lines.slice(0, 10), "[build] warning: cache miss for src/m3.mjs", ...lines.slice(10, 40), ...lines.slice(43)].join("\n");
    const patch2 = /** @type {any} */ (await compactToolResult(bashEvent(edited), turn, session));
    assert.equal(
      patch2.content[0].text,
      [
        `[900 lines: the earlier \`npm run build -- --verbose\` result (id=${contentHash(worded)}, 902 lines) with these changes: each new or changed line as LINE: text, each run of removed earlier lines as [earlier lines A-B removed] · full output: token_retrieve id=${contentHash(edited)} startLine=1]`,
        "11: [build] warning: cache miss for src/m3.mjs",
        "[earlier lines 41-43 removed]",
      ].join("\n"),
    );
  });

  test("over 3,000 random reruns, the view and the earlier output give back the new output exactly", () => {
    let state = 7;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const pick = (/** @type {number} */ n) => Math.floor(random() * n);
    // Few distinct lines, so the diff must tell look-alikes apart by position.
    const vocabulary = ["ok", "ok", "ok", "test a ... ok", "test b ... ok", "", "warning: x", "FAILED: y", "  at z (file.js:3:9)"];
    let near = 0;
    for (let n = 0; n < 3000; n++) {
      const recent = new RecentOutputs();
      const key = /** @type {string} */ (RecentOutputs.key("bash", { command: "t" }));
      const earlier = Array.from({ length: 1 + pick(120) }, () => vocabulary[pick(vocabulary.length)] + (random() < 0.3 ? ` ${pick(5)}` : ""));
      const now = [...earlier];
      const edits = pick(12);
      for (let e = 0; e < edits; e++) {
        const at = pick(now.length + 1);
        const kind = pick(3);
        if (kind === 0 && now.length > 0) now.splice(Math.min(at, now.length - 1), 1);
        else if (kind === 1) now.splice(at, 0, `inserted ${n}.${e}`);
        else if (now.length > 0) now[Math.min(at, now.length - 1)] = `changed ${n}.${e}`;
      }
      recent.remember(key, "E", "`t`", `${earlier.join("\n")}\n`);
      const got = recent.nearRepeat(key, `${now.join("\n")}\n`, () => true);
      if (now.length === 0 || earlier.length === 0) continue;
      assert.ok(got, `case ${n}: ${edits} edits is a near repeat`);
      near++;
      assert.equal(got.lineCount, now.length);
      // Rebuild the new output from the earlier one and what the view lists.
      const removed = new Set(got.removed.flatMap((r) => Array.from({ length: r.to - r.from + 1 }, (_, i) => r.from + i)));
      const listed = new Map(got.changed.map((c) => [c.line, c.text]));
      const rebuilt = [];
      let e = 0;
      for (let line = 1; line <= got.lineCount; line++) {
        if (got.removed.length === 0 && got.lineCount === got.earlierLineCount) {
          rebuilt.push(listed.get(line) ?? earlier[line - 1]);
          continue;
        }
        if (listed.has(line)) {
          rebuilt.push(listed.get(line));
          continue;
        }
        while (removed.has(e + 1)) e++;
        rebuilt.push(earlier[e++]);
      }
      assert.deepEqual(rebuilt, now, `case ${n}`);
      assert.ok(got.changed.length <= edits, `case ${n}: ${got.changed.length} lines listed for ${edits} edits`);
      // Every inserted or changed line of this run is listed with its number.
      now.forEach((line, i) => {
        if (/^(inserted|changed) /.test(line)) assert.equal(listed.get(i + 1), line, `case ${n}, line ${i + 1}`);
      });
    }
    assert.ok(near > 2500, `${near} near repeats checked`);
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
    assert.deepEqual(recent.nearRepeat(key, few, () => true), { earlierId: "id-a", label: "`make`", lineCount: 100, earlierLineCount: 100, changed: [{ line: 4, text: "step 3 took 4 ms" }], removed: [] });
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
    const expected = { earlierId: "id-a", label: "`make`", lineCount: 100, earlierLineCount: 100, changed: [{ line: 4, text: "step 3 took 4 ms" }], removed: [] };
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
