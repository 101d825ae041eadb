// skill_search pages keyword results too, with a cursor bound to the query, the scope, the
// policy and the catalog snapshot; against the real native index.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SkillIndex } from "../index.js";
import { runSkillSearch } from "../extension/skills/tools.js";

/** Twenty skills that all match "postgres", so one query has three pages of 8. */
function catalog(extra = []) {
  const skills = Array.from({ length: 20 }, (_, i) => ({ name: `postgres-task-${String(i).padStart(2, "0")}`, description: `Postgres helper number ${i}: query tuning, index advice and migration checks for postgres databases.` }));
  return new SkillIndex([...skills, ...extra]);
}
const base = { descriptionMax: 240, defaultLimit: 8, policyFingerprint: "p1" };
const cursorOf = (out) => /"cursor":"([^"]+)"/.exec(out.content[0].text)?.[1] ?? null;

describe("skill_search keyword paging", () => {
  test("following the cursor gives every hit once, in rank order, then stops", () => {
    const index = catalog();
    const seen = [];
    let out = runSkillSearch(index, { query: "postgres index advice" }, base);
    for (let pages = 1; ; pages++) {
      assert.ok(!out.isError, out.content[0].text);
      seen.push(...out.details.names);
      const cursor = cursorOf(out);
      if (!cursor) {
        assert.equal(pages, 3);
        break;
      }
      assert.equal(out.details.nextCursor, cursor);
      assert.ok(out.content[0].text.includes(`More: skill_search {"query":"postgres index advice","cursor":"${cursor}"}`), out.content[0].text);
      out = runSkillSearch(index, { query: "postgres index advice", cursor }, base);
    }
    assert.equal(seen.length, 20);
    assert.equal(new Set(seen).size, 20);
    const top = index.search("postgres index advice", { limit: 8 }).hits.map((h) => h.name);
    assert.deepEqual(seen.slice(0, 8), top, "the first page is the top of the ranking");
    const later = [8, 16].flatMap((offset) => index.search("postgres index advice", { limit: 8, offset }).hits.map((h) => h.name));
    assert.deepEqual(seen.slice(8), later, "later pages continue the same ranking");
  });

  test("a cursor is refused for another query, scope, policy or catalog", () => {
    const index = catalog();
    const first = runSkillSearch(index, { query: "postgres index advice" }, base);
    const cursor = cursorOf(first);
    assert.ok(cursor);
    const stale = (out) => {
      assert.equal(out.isError, true);
      assert.equal(out.details.code, "SEARCH_CURSOR_STALE");
      assert.equal(out.content[0].text, "SEARCH_CURSOR_STALE: the query, scope, policy or skill list changed since that page; search again without a cursor");
    };
    stale(runSkillSearch(index, { query: "postgres migration", cursor }, base));
    stale(runSkillSearch(index, { query: "postgres index advice", cursor }, { ...base, policyFingerprint: "p2" }));
    stale(runSkillSearch(index, { query: "postgres index advice", cursor }, { ...base, only: ["postgres-task-01"], scopeLabel: 'group "g"' }));
    stale(runSkillSearch(catalog([{ name: "other", description: "other" }]), { query: "postgres index advice", cursor }, base));
    const bad = runSkillSearch(index, { query: "postgres index advice", cursor: "nonsense" }, base);
    assert.equal(bad.details.code, "SEARCH_CURSOR_INVALID");
  });

  test("browse cursors are bound the same way", () => {
    const index = catalog();
    const first = runSkillSearch(index, {}, base);
    const cursor = cursorOf(first);
    assert.ok(cursor);
    assert.ok(!runSkillSearch(index, { cursor }, base).isError);
    assert.equal(runSkillSearch(index, { cursor }, { ...base, policyFingerprint: "p2" }).details.code, "SEARCH_CURSOR_STALE");
  });
});
