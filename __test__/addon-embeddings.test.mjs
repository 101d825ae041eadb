// Static embeddings fused with BM25F through the real addon: a paraphrase that shares no word
// with any description is found only with embeddings on; `embeddings: false` is BM25F alone;
// made-up words find nothing either way.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SkillIndex } from "../index.js";

const skills = [
  ["web-performance", "Make web pages load faster: audit Core Web Vitals, shrink JavaScript bundles, cache static assets."],
  ["tax-returns", "Prepare and file personal income tax returns and track deductible expenses."],
  ["architecture-decision-records", "Write ADRs: record each architecture decision with its context, the options weighed and the consequences."],
  ["database-migrations", "Plan and run schema migrations for PostgreSQL without downtime."],
  ["release-notes", "Draft release notes and changelogs from merged pull requests."],
].map(([name, description]) => ({ name, description, disableModelInvocation: false, requires: [] }));

const names = (/** @type {SkillIndex} */ index, /** @type {string} */ query) => index.search(query, { limit: 3 }).hits.map((hit) => hit.name);

test("a paraphrase with no shared word finds its skill only through embeddings", () => {
  const fused = new SkillIndex(skills);
  const lexical = new SkillIndex(skills, { embeddings: false });
  const query = "I keep forgetting what we decided and why";
  assert.deepEqual(names(lexical, query), []);
  assert.equal(names(fused, query)[0], "architecture-decision-records");
});

test("embeddings: false ranks exactly as BM25F; fused keeps the lexical winner first", () => {
  const fused = new SkillIndex(skills, { embeddings: true });
  const lexical = new SkillIndex(skills, { embeddings: false });
  assert.deepEqual(names(lexical, "the page takes forever to load"), ["web-performance"]);
  assert.equal(names(fused, "the page takes forever to load")[0], "web-performance");
  assert.equal(names(fused, "write release notes for the merged pull requests")[0], "release-notes");
});

test("made-up words and stopwords find nothing, with or without embeddings", () => {
  for (const embeddings of [true, false]) {
    const index = new SkillIndex(skills, { embeddings });
    for (const query of ["zzz qqq", "the a of", "xyzzy plugh"]) {
      const result = index.search(query, { limit: 3 });
      assert.deepEqual(result.hits, [], `${query} (embeddings ${embeddings})`);
      assert.equal(result.strong, false);
    }
  }
});

test("skillEmbeddings config: on by default, off from PI_LEAN_SKILL_EMBEDDINGS, bad values rejected", async () => {
  const { loadConfig, ConfigError } = await import("../extension/shared/config.js");
  assert.equal(loadConfig({ env: {} }).skillEmbeddings, "on");
  assert.equal(loadConfig({ env: { PI_LEAN_SKILL_EMBEDDINGS: "off" } }).skillEmbeddings, "off");
  assert.throws(() => loadConfig({ env: { PI_LEAN_SKILL_EMBEDDINGS: "maybe" } }), ConfigError);
});
