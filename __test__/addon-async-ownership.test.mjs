// Async entry points own their input: once `compactAsync` returns, the caller may detach,
// mutate or drop its Buffer and the task still compacts exactly the bytes it was given.
// Each scenario runs in a child Node with --expose-gc, so a use-after-free shows up as a
// crashed child (SIGSEGV) instead of taking the test runner down with it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ADDON = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "index.js")).href;

/**
 * Runs an ES module body in a child Node that has `compact`, `compactAsync`, `contentHash`,
 * `makeLog(bytes)` (a fresh, transferable Buffer of log lines) and `gc` in scope. The body
 * prints one JSON line with its findings.
 * @param {string} body
 */
function runChild(body) {
  const source = `
import { compact, compactAsync, contentHash } from ${JSON.stringify(ADDON)};
const gc = globalThis.gc;
function makeLog(bytes) {
  const ab = new ArrayBuffer(bytes);
  const buf = Buffer.from(ab);
  let at = 0, i = 0;
  while (at < bytes) {
    const line = (i % 997 === 0 ? "ERROR request " + i + " failed: timeout\\n" : "INFO request " + i + " served in " + (i % 50) + " ms\\n");
    at += buf.write(line, at);
    i++;
  }
  return buf;
}
${body}
`;
  const child = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", source], { encoding: "utf8", timeout: 120_000 });
  assert.equal(child.signal, null, `child died with ${child.signal}; stderr:\n${child.stderr}`);
  assert.equal(child.status, 0, `child failed:\n${child.stderr}`);
  const last = child.stdout.trim().split("\n").pop() ?? "";
  return JSON.parse(last);
}

describe("compactAsync owns its input", () => {
  test("detaching the caller's ArrayBuffer while the task runs neither crashes nor changes the result", () => {
    const found = runChild(`
const results = [];
for (let round = 0; round < 6; round++) {
  const buf = makeLog(24 << 20);
  const expected = compact(Buffer.from(buf), { recoverable: true });
  const pending = compactAsync(buf, { recoverable: true });
  // Move the bytes to a clone and drop it: the caller's memory is gone.
  let moved = structuredClone(buf.buffer, { transfer: [buf.buffer] });
  if (buf.byteLength !== 0) throw new Error("buffer was not detached");
  moved = null;
  gc(); gc();
  const got = await pending;
  results.push(got.id === expected.id && got.text === expected.text && got.originalBytes === expected.originalBytes);
}
console.log(JSON.stringify({ results }));
`);
    assert.deepEqual(found.results, [true, true, true, true, true, true]);
  });

  test("mutating the Buffer after the call: the id hashes exactly the bytes the text was built from", () => {
    const found = runChild(`
const results = [];
for (let round = 0; round < 6; round++) {
  const buf = makeLog(16 << 20);
  const snapshot = Buffer.from(buf);
  const pending = compactAsync(buf, { recoverable: true });
  buf.fill(0x41);
  const got = await pending;
  const expected = compact(snapshot, { recoverable: true });
  results.push({
    idIsOriginal: got.id === contentHash(snapshot),
    sameAsSync: got.text === expected.text && got.id === expected.id,
    markersNameId: [...got.text.matchAll(/token_retrieve id=([0-9a-f]{16})/g)].every((m) => m[1] === got.id),
  });
}
console.log(JSON.stringify({ results }));
`);
    for (const r of found.results) assert.deepEqual(r, { idIsOriginal: true, sameAsSync: true, markersNameId: true });
  });

  test("dropping every reference and collecting garbage while tasks run keeps the results exact", () => {
    const found = runChild(`
const expectedIds = [];
const pending = [];
for (let round = 0; round < 8; round++) {
  let buf = makeLog((4 + round) << 20);
  expectedIds.push(contentHash(buf));
  pending.push(compactAsync(buf, { recoverable: true }));
  buf = null;
  gc();
}
gc();
const got = await Promise.all(pending);
console.log(JSON.stringify({ ok: got.map((r, i) => r.id === expectedIds[i] && r.changed) }));
`);
    assert.deepEqual(found.ok, Array(8).fill(true));
  });

  test("a string input is owned too (sanity: same result as compact)", () => {
    const found = runChild(`
let text = makeLog(2 << 20).toString("latin1");
const expected = compact(text, { recoverable: true });
const pending = compactAsync(text, { recoverable: true });
text = null; gc();
const got = await pending;
console.log(JSON.stringify({ same: got.text === expected.text && got.id === expected.id }));
`);
    assert.equal(found.same, true);
  });
});
