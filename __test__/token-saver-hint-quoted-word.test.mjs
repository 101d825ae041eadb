// Property: one word the user puts in double quotes (`"aαβb"`, `"kxq-7"`) is the exact text
// looked for, whatever its letters, as a code span is: a test-vector file read past Pi's
// 2,000-line cut, asked about one vector by its quoted string, shows that vector. The prompt
// goes through the extension's real query hint and the real engine; 300 fixed-seed cases.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rng, shownLines } from "./helpers/asked-read.mjs";

const LETTERS = ["a", "b", "x", "z", "α", "β", "γ", "λ", "é", "ü", "ж", "я", "中", "文", "7", "-"];

/** A file of vectors: the quoted string on a line of its own, then its expected results. */
function vectors(/** @type {number} */ seed) {
  const r = rng(seed);
  const strings = new Set();
  while (strings.size < 700) strings.add(`${r.pick(LETTERS.slice(0, 4))}${Array.from({ length: 3 + r.int(4) }, () => r.pick(LETTERS)).join("")}`);
  const list = [...strings];
  // Past the first 500 vectors: past Pi's cut.
  const asked = list[500 + r.int(200)];
  const lines = ["# strings", ""];
  for (const s of list) lines.push("strings", `"${s}"`, "regexps", `"\\\\p{Greek}+"`, `${r.int(9)}-${r.int(9)};-;-;-`, "");
  return { text: `${lines.join("\n")}\n`, prompt: `Against the string "${asked}", what does \\p{Greek}+ match?`, needle: `"${asked}"` };
}

test("one word in double quotes is found as written, whatever its letters", () => {
  const failures = [];
  for (let seed = 1; seed <= 300; seed++) {
    const { text, prompt, needle } = vectors(0x0a7e_0000 + seed);
    if (!shownLines(text, "testdata/re2-search.txt", prompt).includes(needle)) failures.push(`${seed}: ${prompt}`);
  }
  assert.deepEqual(failures, []);
});
