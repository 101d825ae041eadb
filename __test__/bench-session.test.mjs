// Smoke test of the session bench (`npm run bench:session`): the same scripted session in real
// Pi 1.6 for stock Pi and for pi-lean with everything on, 100 skills. It proves the harness
// works end to end: the facts the task needs reached the model by each configuration's own
// route, and the token accounting agrees with the request bodies Pi sent.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { EXTENSION_ENTRY, SHARED_DIR, findPiNode } from "./helpers/pi.mjs";
import { systemText } from "./helpers/fake-model.mjs";
import { configurations } from "../scripts/bench-session/configs.mjs";
import { cacheView, commonPrefix, o200k } from "../scripts/bench-session/measure.mjs";
import { catalogLocation, listedSkills, orchestratorRecoveryId, piLeanMarker, piTruncation, visibleLines } from "../scripts/bench-session/session-model.mjs";
import { runSession } from "../scripts/bench-session/run.mjs";
import { writeSkillLibrary } from "../scripts/bench-session/skills.mjs";

const ROUTING = path.join(SHARED_DIR, "eval", "routing");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : !fs.existsSync(ROUTING) ? "shared routing catalogs missing" : false;

describe("session bench smoke: stock Pi and pi-lean everything on, 100 skills", { skip }, () => {
  /** @type {Record<string, Awaited<ReturnType<typeof runSession>>>} */
  const runs = {};
  let skillsDir = "";

  before(async () => {
    skillsDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-session-smoke-"));
    assert.equal(writeSkillLibrary(ROUTING, skillsDir, 100).length, 100);
    const configs = configurations({ extensionEntry: EXTENSION_ENTRY, peers: false });
    for (const id of ["stock", "lean-all"]) {
      const setup = /** @type {import("../scripts/bench-session/configs.mjs").Setup} */ (configs.find((c) => c.id === id)?.resolve());
      runs[id] = await runSession(setup, skillsDir);
    }
  });

  after(() => {
    if (skillsDir) fs.rmSync(skillsDir, { recursive: true, force: true });
  });

  test("every fact the task needs reached the model, each by its configuration's own route", () => {
    for (const id of ["stock", "lean-all"]) {
      const { facts } = runs[id];
      assert.equal(facts.failingTest, true, `${id}: failing test name and message`);
      assert.equal(facts.skillBody, true, `${id}: skill body`);
      assert.equal(facts.retrievedExact, true, `${id}: retrieved range (${facts.retrieveNote})`);
      assert.equal(facts.fixVerified, true, `${id}: tests and build pass after the edit`);
      assert.equal(facts.pinnedDependency, true, `${id}: the one manifest pinning an old dependency`);
      assert.equal(facts.benchRerun, true, `${id}: the benchmark rows the fix moved, in the rerun`);
      assert.equal(facts.manifestRerun, true, `${id}: the edited manifest line, in the grep rerun`);
    }
    assert.equal(runs["lean-all"].log.pinnedPackage, "refund-0517", "the edit followed what the grep view showed");
    assert.equal(runs.stock.log.skillRoute, "read from <skills> catalog");
    assert.equal(runs.stock.log.retrieve?.via, "read of Pi's full-output file");
    assert.equal(runs["lean-all"].log.skillRoute, "skill_search ×1 + skill");
    assert.equal(runs["lean-all"].log.retrieve?.via, "token_retrieve (pi-lean marker)");
  });

  test("about 25 requests, and the token figures agree with the bodies Pi sent", () => {
    for (const id of ["stock", "lean-all"]) {
      const run = runs[id];
      assert.equal(run.requests.length, run.bodies.length);
      assert.ok(run.requests.length >= 22 && run.requests.length <= 30, `${id}: ${run.requests.length} requests`);
      assert.equal(run.totalTokens, run.requests.reduce((s, r) => s + r.tokens, 0));
      assert.equal(run.cachedTokens, run.requests.reduce((s, r) => s + r.cached, 0));
      assert.equal(run.requests[0].cached, 0);
      run.requests.forEach((r, i) => {
        assert.equal(r.tokens, o200k(cacheView(run.bodies[i])), `${id} request ${i}: tokens recount`);
        assert.ok(r.cached <= r.tokens);
        assert.equal(r.prefixBreak, i > 0 && !cacheView(run.bodies[i]).startsWith(cacheView(run.bodies[i - 1])), `${id} request ${i}: prefix break`);
        if (i > 0) {
          // Tools and the system prompt never change mid-session, so they are always reused.
          const stable = o200k([JSON.stringify(run.bodies[i].tools ?? []), JSON.stringify(run.bodies[i].messages[0])].join("\n"));
          assert.ok(r.cached >= stable, `${id} request ${i}: ${r.cached} cached < ${stable} stable`);
        }
      });
      assert.ok(run.costUsd > 0);
    }
    // The stock catalog of 100 skills sits in every stock request; pi-lean replaces it by a stub.
    const stockSystem = systemText(runs.stock.bodies[0]);
    const leanSystem = systemText(runs["lean-all"].bodies[0]);
    assert.match(stockSystem, /<available_skills>|<skills>/);
    assert.doesNotMatch(leanSystem, /<available_skills>/);
    assert.ok(runs.stock.requests[0].tokens - runs["lean-all"].requests[0].tokens > 5000, "100-skill catalog removed");
  });
});

describe("session bench parsing: what the scripted model reads from a request", () => {
  test("a pi-lean marker gives id, first line and count; one without an end line counts one page", () => {
    const view = 'ok\n[… 133 lines 6-138: "test <*> ... ok" · token_retrieve id=fae5e755cfa5603e startLine=6]\nend';
    assert.deepEqual(piLeanMarker(view), { id: "fae5e755cfa5603e", startLine: 6, count: 133 });
    assert.deepEqual(piLeanMarker("[… JSON skeleton: nested values of lines 1-40 omitted · token_retrieve id=00112233aabbccdd startLine=1]"), {
      id: "00112233aabbccdd",
      startLine: 1,
      count: 240,
    });
    assert.equal(piLeanMarker("no marker here"), null);
  });

  test("the lines a view shows: grep hits grouped under their file, rerun lines listed by number; never a folded line", () => {
    const view = [
      "packages/a-0001/package.json",
      '8:    "pricing-core": "2.1.0",',
      '[… 40 lines 3-42: 40 hits in 40 files under "packages/" · token_retrieve id=00112233aabbccdd startLine=3]',
      "18: test pricing::applyDiscount::case_11 ... bench:     3,130 ns/iter (+/- 45)",
    ].join("\n");
    const seen = visibleLines(view);
    assert.ok(seen.has('packages/a-0001/package.json:8:    "pricing-core": "2.1.0",'));
    assert.ok(seen.has("test pricing::applyDiscount::case_11 ... bench:     3,130 ns/iter (+/- 45)"));
    assert.ok(!seen.has('packages/a-0002/package.json:8:    "pricing-core": "2.1.0",'), "a hit under the marker is not shown");
    assert.ok(!seen.has('packages/a-0001/package.json:9:    "pricing-core": "2.1.0",'));
  });

  test("the Skill Orchestrator's recovery id and Pi's own truncation notice", () => {
    assert.equal(orchestratorRecoveryId("x\n[token-saver: error; 49472→1196 chars; ~98% smaller; full=cbbffc5918477f5014bcd0d7]"), "cbbffc5918477f5014bcd0d7");
    assert.deepEqual(piTruncation("tail\n\n[Showing lines 603-1544 of 1544 (50.0KB limit). Full output: /tmp/x/pi-bash-203a.log]"), {
      startLine: 603,
      endLine: 1544,
      totalLines: 1544,
      path: "/tmp/x/pi-bash-203a.log",
    });
  });

  test("a skill's location in Pi's catalog, and the names a search result lists", () => {
    const catalog = "<skill>\n<name>brainstorming</name>\n<description>a</description>\n<location>/s/b/SKILL.md</location>\n</skill>\n<skill>\n<name>systematic-debugging</name>\n<description>Use when</description>\n<location>/s/sd/SKILL.md</location>\n</skill>";
    assert.equal(catalogLocation(catalog, "systematic-debugging"), "/s/sd/SKILL.md");
    assert.equal(catalogLocation(catalog, "debugging"), null);
    assert.deepEqual(listedSkills("Skills (best first):\n- systematic-debugging: Use when\n1. arboreto: Infer"), ["systematic-debugging", "arboreto"]);
  });

  test("the cacheable prefix is the longest byte-identical one", () => {
    assert.equal(commonPrefix("abcdef", "abcxyz"), 3);
    assert.equal(commonPrefix("", "abc"), 0);
    assert.equal(commonPrefix("abc", "abc"), 3);
  });
});
