// Property: a row the user names by a function and a short number with decimals (`rect(2.3, inf)`)
// is shown when a test table past Pi's 2,000-line cut holds hundreds of rows of that
// function, each with its own arguments: the decimal points at the few rows holding it, as a
// three-digit number does. The prompt goes through the extension's real query hint and the
// real engine; 300 fixed-seed cases.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rng, shownLines } from "./helpers/asked-read.mjs";

const FUNCTIONS = "acos asin atan cosh sinh tanh exp log sqrt polar rect phase".split(" ");
const SPECIAL = ["inf", "-inf", "nan", "0.0", "-0.0"];

/** A test table: `id function re im -> re im [flags]` rows, grouped by function. */
function table(/** @type {number} */ seed) {
  const r = rng(seed);
  const lines = ["-- Testcases: <id> <function> <input> -> <output> <flags>", ""];
  // A function whose rows stand past the cut, and a short decimal (`2.3`): longer ones
  // (`8.69`) pass as names already.
  const asked = { fn: r.pick(FUNCTIONS.slice(8)), value: `${1 + r.int(9)}.${1 + r.int(9)}`, row: 20 + r.int(220) };
  let needle = "";
  let serial = 1000;
  for (const fn of FUNCTIONS) {
    for (let k = 0; k < 260; k++) {
      const x = () => (r.int(3) === 0 ? r.pick(SPECIAL) : `${r.int(2) ? "-" : ""}${r.int(10)}.${r.int(100)}`);
      // Many rows give what the asked one gives: only its input tells it apart.
      const special = r.int(2) === 0;
      let row = `${fn}${serial} ${fn} ${x()} ${special ? r.pick(SPECIAL) : x()} -> ${special ? "nan nan" : `${x()} ${x()}`}`;
      if (special) row += "        invalid";
      if (fn === asked.fn && k === asked.row) {
        needle = `${fn}${serial} ${fn} ${asked.value} ${r.pick(SPECIAL)} -> nan nan        invalid`;
        row = needle;
      } else if (row.includes(asked.value)) {
        // No other row holds the asked value.
        continue;
      }
      // Numbered in sequence: the asked row is no extreme of the id column.
      serial++;
      lines.push(row);
    }
  }
  return { text: `${lines.join("\n")}\n`, prompt: `What does ${asked.fn}(${asked.value}, inf) give?`, needle };
}

test("a number with decimals in the prompt points at the rows holding it", () => {
  const failures = [];
  for (let seed = 1; seed <= 300; seed++) {
    const { text, prompt, needle } = table(0xdec1_0000 + seed);
    if (!shownLines(text, "tests/cmath_testcases.txt", prompt).includes(needle)) failures.push(`${seed}: ${prompt} ${needle}`);
  }
  assert.deepEqual(failures, []);
});
