// Static embeddings fused with BM25F through the real addon: a paraphrase that shares no word
// with any description is found only with embeddings on; `embeddings: false` is BM25F alone;
// made-up words find nothing either way.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
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

test("skillEmbeddings config: on by default, off from PI_LEAN_SKILL_EMBEDDINGS, a bad value ignored with a warning (LS-29)", async () => {
  const { loadConfig, loadConfigWithSources } = await import("../extension/shared/config.js");
  assert.equal(loadConfig({ env: {} }).skillEmbeddings, "on");
  assert.equal(loadConfig({ env: { PI_LEAN_SKILL_EMBEDDINGS: "off" } }).skillEmbeddings, "off");
  const loaded = loadConfigWithSources({ env: { PI_LEAN_SKILL_EMBEDDINGS: "maybe" } });
  assert.equal(loaded.config.skillEmbeddings, "on");
  assert.match(loaded.warnings.join("\n"), /^CONFIG_IGNORED: \$PI_LEAN_SKILL_EMBEDDINGS: /);
});

test("pi-lean search follows skillEmbeddings: PI_LEAN_SKILL_EMBEDDINGS=off is BM25F alone", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-embed-cli-"));
  try {
    const catalog = path.join(home, "catalog.jsonl");
    fs.writeFileSync(catalog, skills.map((s) => JSON.stringify({ name: s.name, description: s.description })).join("\n"));
    const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "bin", "pi-lean.js");
    const search = (/** @type {string} */ setting) => {
      const env = { ...process.env, HOME: home, PI_CODING_AGENT_DIR: path.join(home, "agent"), PI_LEAN_SKILL_EMBEDDINGS: setting };
      const run = spawnSync(process.execPath, [cli, "search", "--catalog", catalog, "--json", "I keep forgetting what we decided and why"], { env, cwd: home, encoding: "utf8" });
      assert.equal(run.status, 0, run.stderr);
      return JSON.parse(run.stdout).ranked;
    };
    assert.equal(search("on")[0], "architecture-decision-records");
    assert.deepEqual(search("off"), []);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});
