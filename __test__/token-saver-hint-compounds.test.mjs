// Property: a setting the user names with a hyphenated compound (`append-only`, `dry-run`) is
// shown when the output spells it as one identifier (`appendonly`, `dry_run`, `dryRun`), even
// where look-alike settings share its first word and comments mention it. The prompt goes
// through the extension's real query hint and the real engine; 300 fixed-seed cases.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rng, shownLines } from "./helpers/asked-read.mjs";

const WORDS =
  "append only dry run auto save read write keep alive lazy free max memory slow log latency monitor tcp backlog hash seed active defrag cluster enabled replica serve stale lua time notify keyspace events protected mode".split(
    " ",
  );

const STYLES = [
  (/** @type {string} */ a, /** @type {string} */ b) => `${a}${b}`,
  (/** @type {string} */ a, /** @type {string} */ b) => `${a}_${b}`,
  (/** @type {string} */ a, /** @type {string} */ b) => `${a}${b[0].toUpperCase()}${b.slice(1)}`,
];

/**
 * A long config file: commented paragraphs, each over one setting, and the asked one past Pi's
 * 2,000-line cut, where only what the question names is shown.
 */
function config(/** @type {number} */ seed) {
  const r = rng(seed);
  const style = STYLES[r.int(STYLES.length)];
  const [a, b] = [r.pick(WORDS), r.pick(WORDS)];
  const key = style(a, b);
  const needle = `${key} ${r.pick(["yes", "no", String(1 + r.int(9999))])}`;
  const lines = [];
  const at = 2100 + r.int(500);
  while (lines.length < 2700) {
    if (lines.length >= at && !lines.includes(needle)) {
      lines.push(`# When ${key} is set, the server logs every write (see ${key} below).`, `# ${key} defaults to no.`, needle, "");
      continue;
    }
    // Look-alikes: settings sharing the needle's first word or its spelling style.
    const other = r.int(3) === 0 ? style(a, r.pick(WORDS)) : style(r.pick(WORDS), r.pick(WORDS));
    if (other === key) continue;
    for (let c = 1 + r.int(4); c > 0; c--) lines.push(`# ${r.pick(WORDS)} ${r.pick(WORDS)} ${r.pick(WORDS)} ${other} ${r.pick(WORDS)} ${r.pick(WORDS)}.`);
    lines.push(`${other} ${r.pick(["yes", "no", String(r.int(9999))])}`, "");
  }
  return { text: `${lines.join("\n")}\n`, prompt: `Is ${a}-${b} on in this config, and what is it set to?`, needle };
}

test("a hyphenated compound in the prompt finds the setting spelled as one identifier", () => {
  const failures = [];
  for (let seed = 1; seed <= 300; seed++) {
    const { text, prompt, needle } = config(0x5e7_0000 + seed);
    if (!shownLines(text, "/etc/app/app.conf", prompt).includes(needle)) failures.push(`${seed}: ${needle}`);
  }
  assert.deepEqual(failures, []);
});
