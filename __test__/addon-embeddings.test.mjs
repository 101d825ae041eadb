// Static embeddings fused with BM25F through the real addon: a paraphrase that shares no word
// with any description is found only with embeddings on; `embeddings: false` is BM25F alone;
// made-up words find nothing either way. The table is a data file the addon reads once, at the
// first index with embeddings; a missing or corrupt file fails open to BM25F alone with an
// EMBEDDINGS_UNAVAILABLE diagnostic (each case in a fresh process: the table is per process).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { SkillIndex, setEmbeddingTable } from "../index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const tablePath = path.join(here, "..", "crates", "lean-core", "data", "skill-embeddings.bin");
setEmbeddingTable(tablePath);

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

/**
 * Runs `body` in a fresh Node process with the addon loaded, after `setEmbeddingTable(table)`
 * when `table` is a string, and returns what it prints as JSON.
 * @param {string | null} table @param {string} body
 */
function freshProcess(table, body) {
  const script = `
    import { SkillIndex, setEmbeddingTable } from ${JSON.stringify(path.join(here, "..", "index.js"))};
    const skills = ${JSON.stringify(skills)};
    const table = ${JSON.stringify(table)};
    if (table !== null) setEmbeddingTable(table);
    ${body}`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return { out: JSON.parse(run.stdout.trim().split("\n").pop() ?? "null"), stderr: run.stderr };
}

const probe = `
  new SkillIndex(skills);
  const index = new SkillIndex(skills);
  const hits = index.search("I keep forgetting what we decided and why", { limit: 3 }).hits.map((hit) => hit.name);
  const lexicalHits = index.search("the page takes forever to load", { limit: 3 }).hits.map((hit) => hit.name);
  console.log(JSON.stringify({ hits, lexicalHits, diagnostics: index.diagnostics.map((d) => ({ code: d.code, message: d.message })) }));`;

test("the table file is read at first use: named and intact, search fuses meaning with no diagnostic", () => {
  const { out } = freshProcess(tablePath, probe);
  assert.equal(out.hits[0], "architecture-decision-records");
  assert.deepEqual(out.diagnostics, []);
});

test("a missing or corrupt table file fails open: BM25F alone, one EMBEDDINGS_UNAVAILABLE diagnostic, no throw", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-table-"));
  try {
    const bytes = fs.readFileSync(tablePath);
    const flipped = Buffer.from(bytes);
    flipped[1000] ^= 1;
    const cases = {
      missing: path.join(dir, "absent.bin"),
      flipped: path.join(dir, "flipped.bin"),
      truncated: path.join(dir, "truncated.bin"),
      "not a table": path.join(dir, "text.bin"),
    };
    fs.writeFileSync(cases.flipped, flipped);
    fs.writeFileSync(cases.truncated, bytes.subarray(0, bytes.length - 100));
    fs.writeFileSync(cases["not a table"], "hello\n");
    for (const [label, file] of Object.entries(cases)) {
      const { out, stderr } = freshProcess(file, probe);
      assert.deepEqual(out.hits, [], `${label}: no meaning, so the paraphrase finds nothing`);
      assert.deepEqual(out.lexicalHits, ["web-performance"], `${label}: BM25F still ranks`);
      assert.equal(out.diagnostics.length, 1, label);
      assert.equal(out.diagnostics[0].code, "EMBEDDINGS_UNAVAILABLE", label);
      assert.match(out.diagnostics[0].message, /^EMBEDDINGS_UNAVAILABLE: the embedding table (cannot be read|is corrupt) \(/, label);
      // Reported on stderr once per process, however many indexes are built.
      assert.equal(stderr.split("EMBEDDINGS_UNAVAILABLE").length - 1, 1, `${label}: ${stderr}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("without a named table the addon ranks by BM25F alone and reports nothing (a build for tools and tests)", () => {
  const { out, stderr } = freshProcess(null, probe);
  assert.deepEqual(out.hits, []);
  assert.deepEqual(out.lexicalHits, ["web-performance"]);
  assert.deepEqual(out.diagnostics, []);
  assert.equal(stderr, "");
});

test("the first table named wins for the process", () => {
  const { out } = freshProcess(tablePath, `console.log(JSON.stringify([setEmbeddingTable(${JSON.stringify(tablePath)}), setEmbeddingTable("/elsewhere.bin")]));`);
  assert.deepEqual(out, [true, false]);
});
