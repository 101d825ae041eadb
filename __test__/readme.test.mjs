// The README is a user's document: short, quick start first, no developer scratch paths, every
// link inside the repository pointing at a file and heading that exist, and the headline
// figures agreeing with the measured tables in docs/benchmarks.md they are quoted from.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { REPO_ROOT } from "./helpers/pi.mjs";

const read = (/** @type {string} */ file) => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
const readme = read("README.md");
const DOCS = ["README.md", ...fs.readdirSync(path.join(REPO_ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. @param {string} heading */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Headings outside code blocks. @param {string} text */
function anchors(text) {
  const out = new Set();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (m) out.add(slug(m[1]));
  }
  return out;
}

describe("README", () => {
  test("at most 500 lines, the quick start on the first screen, a table of contents", () => {
    const lines = readme.split("\n");
    assert.ok(lines.length <= 500, `${lines.length} lines`);
    const quick = lines.indexOf("## Quick start");
    assert.ok(quick >= 0 && quick < 12, "the quick start heading opens the first screen");
    const end = lines.findIndex((l) => l.startsWith("<!-- quickstart:end"));
    assert.ok(end > quick && end < 30, "its commands fit the first screen");
    const firstScreen = lines.slice(0, 30).join("\n");
    for (const needed of ["Pi 1.6", "Node 22.19", "npm ci && npm run build", "pi install", "/token-saver on", "/skills"]) assert.ok(firstScreen.includes(needed), needed);
    assert.match(readme, /^## Contents$/m);
  });

  test("no developer scratch paths or paths outside the repository", () => {
    for (const file of DOCS) {
      const text = read(file);
      assert.doesNotMatch(text, /\/tmp\/|\/work\/|\/root\//, file);
    }
  });

  test("every link inside the repository names a file and heading that exist", () => {
    for (const file of DOCS) {
      const text = read(file);
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [filePart, anchor] = target.split("#");
        const resolved = filePart ? path.join(path.dirname(file), filePart) : file;
        assert.ok(fs.existsSync(path.join(REPO_ROOT, resolved)), `${file}: ${target}: no file ${resolved}`);
        if (anchor) assert.ok(anchors(read(resolved)).has(anchor), `${file}: ${target}: no heading #${anchor} in ${resolved}`);
      }
    }
  });

  test("the headline figures are the benchmark table's, rounded", () => {
    const bench = read("docs/benchmarks.md");
    /** @type {Record<string, number[]>} skills -> [stock chars/4, stock o200k, pi-lean chars/4, pi-lean o200k] */
    const rows = {};
    for (const [, skills, ...cells] of bench.matchAll(/^\| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \|$/gm)) rows[skills.replace(/,/g, "")] = cells.map((c) => Number(c.replace(/,/g, "")));
    assert.ok(rows["100"] && rows["1000"], "the prompt-cost table in docs/benchmarks.md");
    const saves = readme.slice(readme.indexOf("## What it saves"), readme.indexOf("## Install"));
    const [, at100, at1000, stub] = /about ([\d,]+) tokens\s+per request with 100 skills and ([\d,]+) with 1,000; pi-lean's stub and tool declarations cost about (\d+)/.exec(saves) ?? [];
    assert.ok(at100, "the headline sentence");
    const near = (/** @type {string} */ quoted, /** @type {number} */ measured, /** @type {number} */ tolerance) => Math.abs(Number(quoted.replace(/,/g, "")) - measured) <= tolerance;
    assert.ok(near(at100, rows["100"][1], 100), `100 skills: README ${at100}, table ${rows["100"][1]}`);
    assert.ok(near(at1000, rows["1000"][1], 100), `1,000 skills: README ${at1000}, table ${rows["1000"][1]}`);
    for (const count of ["100", "1000"]) assert.ok(near(stub, rows[count][3], 10), `stub: README ${stub}, table ${rows[count][3]}`);
  });
});
