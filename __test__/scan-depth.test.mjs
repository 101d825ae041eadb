// `SkillIndex.scan` on deep trees: a chain of nested directories costs time linear in its
// depth (directories are recognised by identity and worked on through handles, not resolved
// from the root again), so 1,000 levels scan well under a second and 2,000 cost about four
// times what 500 cost, not sixteen. The skill at the bottom is found either way. The depths are
// four apart so that linear and quadratic stay far apart even on a loaded machine.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { SkillIndex } from "../index.js";

/** `root/a/a/…/a` with a skill at the bottom; one-letter names keep 2,000 levels under PATH_MAX. @param {number} depth */
function chain(depth) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pl-depth-"));
  const bottom = path.join(root, ...Array(depth).fill("a"));
  fs.mkdirSync(bottom, { recursive: true });
  fs.writeFileSync(path.join(bottom, "SKILL.md"), "---\nname: deep\ndescription: at the bottom of the chain\n---\nbody\n");
  return { root, bottom };
}

/** Removes a chain bottom up (Node's recursive rm recurses in JS and overflows at 2,000). @param {{root: string, bottom: string}} tree */
function removeChain(tree) {
  fs.rmSync(path.join(tree.bottom, "SKILL.md"), { force: true });
  for (let dir = tree.bottom; dir.length > tree.root.length; dir = path.dirname(dir)) fs.rmdirSync(dir);
  fs.rmdirSync(tree.root);
}

/** Best of three scans, each checked. @param {{root: string, bottom: string}} tree */
function bestScanMs(tree) {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    const skills = SkillIndex.scan([tree.root]).list();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
    assert.deepEqual(
      skills.map((s) => [s.name, s.filePath]),
      [["deep", path.join(tree.bottom, "SKILL.md")]],
    );
  }
  return best;
}

test("a chain 1,000 directories deep scans in well under a second, and 2,000 in about four times what 500 take", { skip: process.platform === "win32" ? "PATH_MAX differs" : false }, (t) => {
  const shallow = chain(500);
  const middle = chain(1000);
  const deep = chain(2000);
  try {
    const t500 = bestScanMs(shallow);
    const t1000 = bestScanMs(middle);
    const t2000 = bestScanMs(deep);
    t.diagnostic(`depth 500: ${t500.toFixed(1)} ms; depth 1,000: ${t1000.toFixed(1)} ms; depth 2,000: ${t2000.toFixed(1)} ms`);
    assert.ok(t1000 < 2000, `depth 1,000 took ${t1000} ms`);
    // Linear is four times, quadratic sixteen; the floor keeps timer noise on fast scans from failing it.
    assert.ok(t2000 < t500 * 8 + 40, `depth 2,000 took ${t2000} ms, depth 500 ${t500} ms`);
  } finally {
    removeChain(shallow);
    removeChain(middle);
    removeChain(deep);
  }
});
