// A string input reaches the engine as the bytes `Buffer.from(string)` gives (UTF-8, U+FFFD for
// each unpaired surrogate), whichever way the binding reads it: ASCII blocks, characters of one
// to four bytes, and surrogates paired, unpaired, and split across the binding's 16-unit blocks.
// An input over `maxInputBytes` passes through, so `compactToBuffer` hands back exactly those bytes.
// A view's text is its bytes as a string, whichever characters it holds.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compact, compactToBuffer, contentHash } from "../index.js";

const over = { maxInputBytes: 1 };

/** Deterministic pseudo-random source (fixed seed: the same strings every run). */
function lcg(seed) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const pieces = ["a", " ", "\n", "~", "\x7f", "é", "\u00ff", "€", "✓", "\ufffd", "😀", "\ud83d", "\ude00", "\ud800\ud800", "\udfff\ud800"];

test("string inputs are read as Buffer.from gives their bytes", () => {
  const rand = lcg(27);
  for (let round = 0; round < 3000; round++) {
    const length = [0, 1, 15, 16, 17, 31, 33, 64, 300, 5000][round % 10];
    let s = "";
    while (s.length < length) {
      // Mostly ASCII runs, as tool output is, with other characters among them.
      s += rand() < 0.8 ? "x".repeat(1 + Math.floor(rand() * 20)) : pieces[Math.floor(rand() * pieces.length)];
    }
    assert.deepEqual(compactToBuffer(s, over), Buffer.from(s), JSON.stringify(s));
  }
});

test("a non-ASCII unit at each place of a block is encoded where it stands", () => {
  for (const odd of ["é", "€", "😀", "\ud83d", "\ude00"]) {
    for (let at = 0; at < 40; at++) {
      const s = `${"a".repeat(at)}${odd}${"b".repeat(40 - at)}`;
      assert.deepEqual(compactToBuffer(s, over), Buffer.from(s));
      assert.equal(contentHash(s), contentHash(Buffer.from(s)));
    }
  }
});

test("a view's text is its bytes decoded, for any characters and invalid UTF-8", () => {
  const rand = lcg(29);
  const odd = ["é", "€", "✓", "😀", "\ufffd", "…"];
  for (let round = 0; round < 40; round++) {
    const lines = [];
    for (let i = 0; i < 3000; i++) {
      const word = rand() < 0.3 ? odd[Math.floor(rand() * odd.length)] : "x";
      lines.push(`   Compiling crate_${Math.floor(rand() * 900)} v0.${i % 20}.${round} ${word.repeat(1 + Math.floor(rand() * 20))}`);
    }
    lines.splice(1500, 0, "error: something failed here");
    const bytes = Buffer.from(`${lines.join("\n")}\n`);
    // Invalid UTF-8 in a kept line (the first lines are kept as the command's banner).
    const input = round % 2 ? Buffer.concat([Buffer.from([0xff, 0xc3, 0x28, 0x0a]), bytes]) : bytes;
    const view = compact(input, {});
    assert.ok(view.changed);
    assert.equal(view.text, compactToBuffer(input, {}).toString("utf8"));
  }
});
