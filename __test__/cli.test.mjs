// The `pi-lean` command line, run as a user runs it: search over catalogs and skill dirs,
// report on the bundled samples, and compact as a pipe.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { compactToBuffer } from "../index.js";
import { REPO_ROOT, SHARED_DIR } from "./helpers/pi.mjs";
import { cargoTestRunsFile } from "./helpers/corpus.mjs";

const CLI = path.join(REPO_ROOT, "bin", "pi-lean.js");
const ROUTING = path.join(SHARED_DIR, "eval", "routing");
const CORPUS = path.join(SHARED_DIR, "eval", "compaction");
const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");

/** Runs the CLI with optional stdin; HOME and the agent dir point at an empty temp dir. */
function cli(args, input) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-cli-"));
  try {
    const run = spawnSync(process.execPath, [CLI, ...args], {
      input,
      encoding: input === undefined || typeof input === "string" ? "utf8" : "buffer",
      env: { ...process.env, HOME: home, PI_CODING_AGENT_DIR: path.join(home, "agent") },
      cwd: home,
      maxBuffer: 64 * 1024 * 1024,
    });
    return run;
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

describe("pi-lean search", () => {
  test("--queries --json prints one ranked line per query", { skip: !fs.existsSync(ROUTING) && "shared routing data missing" }, () => {
    const run = cli(["search", "--catalog", path.join(ROUTING, "catalog-scientific.jsonl"), "--queries", path.join(ROUTING, "queries-scientific.jsonl"), "--limit", "8", "--json"]);
    assert.equal(run.status, 0, run.stderr);
    const rows = run.stdout.trim().split("\n").map((l) => JSON.parse(l));
    const queries = fs.readFileSync(path.join(ROUTING, "queries-scientific.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(rows.map((r) => r.id), queries.map((q) => q.id));
    for (const row of rows) {
      assert.deepEqual(Object.keys(row), ["id", "ranked", "scores"]);
      assert.ok(row.ranked.length <= 8 && row.ranked.length === row.scores.length);
      assert.deepEqual(row.scores, [...row.scores].sort((a, b) => b - a), "scores are best first");
    }
    const direct = queries.find((q) => q.kind === "direct");
    assert.equal(rows.find((r) => r.id === direct.id).ranked[0], direct.expected[0]);
  });

  test("searches skill dirs and prints a readable list", () => {
    const run = cli(["search", "--skills", DEP_SKILLS, "write release notes from the changelog"]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout.split("\n")[2], /^\s+1\. release-notes\s/);
  });

  test("bad usage exits 2 with one line: the code, the problem and where help is", () => {
    const run = cli(["search", "--limit", "99", "x"]);
    assert.equal(run.status, 2);
    assert.equal(run.stderr, "pi-lean: USAGE: --limit must be 1..8; run pi-lean --help for more\n");
  });
});

describe("pi-lean report", () => {
  test("falls back to the bundled samples and compares prompt cost", () => {
    const run = cli(["report"]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /skills: 8 \(7 model-visible\) from the bundled samples \(none installed\)/);
    const stock = Number(run.stdout.match(/stock Pi catalog\s+\d+\s+(\d+)/)[1]);
    const lean = Number(run.stdout.match(/pi-lean stub \+ 2 tools\s+\d+\s+(\d+)/)[1]);
    assert.ok(stock > 0 && lean > 0 && lean <= 300, run.stdout);
  });
});

describe("pi-lean compact", { skip: !fs.existsSync(CORPUS) && "shared compaction corpus missing" }, () => {
  const file = cargoTestRunsFile();

  test("works as a pipe and prints the same bytes as the addon", () => {
    const input = fs.readFileSync(file);
    const run = cli(["compact"], input);
    assert.equal(run.status, 0, String(run.stderr));
    assert.deepEqual(run.stdout, compactToBuffer(input, {}));
    const text = run.stdout.toString("utf8");
    assert.ok(run.stdout.length < input.length / 2);
    for (const fact of ["test result: FAILED. 145 passed; 2 failed", "panicked at src/utf8.rs:515:9:", "error: test failed, to rerun pass `--lib`"]) assert.ok(text.includes(fact), fact);
    assert.match(text, /\[… \d+ lines \d+-\d+/);
  });

  test("small input passes through byte-identical", () => {
    const input = Buffer.from("ok\nall good\n");
    assert.deepEqual(cli(["compact", "-"], input).stdout, input);
  });

  test("--json reports kind, sizes and dropped ranges", () => {
    const run = cli(["compact", file, "--json"]);
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.kind, "test");
    assert.equal(result.changed, true);
    assert.equal(result.originalBytes, fs.statSync(file).size);
    assert.ok(result.ranges.length > 0 && result.ranges.every((r) => r.startLine <= r.endLine));
  });

  test("an unknown --kind is a clear error", () => {
    const run = cli(["compact", file, "--kind", "bogus"]);
    assert.equal(run.status, 2, "a bad option value is a usage error");
    assert.match(run.stderr, /^pi-lean: USAGE: --kind: unknown kind "bogus"/);
  });
});

describe("pi-lean argument parsing", () => {
  const hitLines = (stdout) => stdout.split("\n").filter((line) => /^\s+\d+\. /.test(line));

  test("--limit=N is the same option as --limit N", () => {
    const query = "write release notes from the changelog";
    const joined = cli(["search", "--skills", DEP_SKILLS, "--limit=1", query]);
    const split = cli(["search", "--skills", DEP_SKILLS, "--limit", "1", query]);
    const unlimited = cli(["search", "--skills", DEP_SKILLS, query]);
    assert.equal(joined.status, 0, joined.stderr);
    assert.equal(hitLines(joined.stdout).length, 1, joined.stdout);
    assert.ok(hitLines(unlimited.stdout).length > 1, "the fixture has more than one hit, so the limit is what cut it");
    assert.equal(joined.stdout, split.stdout);
  });

  test("search -h shows help instead of searching for \"-h\"; after -- it is a query", () => {
    for (const flag of ["-h", "--help"]) {
      const run = cli(["search", "--skills", DEP_SKILLS, flag]);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr, "");
      assert.match(run.stdout, /^pi-lean: lazy skills[^]*\nUsage:\n/);
      assert.doesNotMatch(run.stdout, /confidence/);
    }
    const literal = cli(["search", "--skills", DEP_SKILLS, "--", "-h"]);
    assert.equal(literal.status, 0, literal.stderr);
    assert.match(literal.stdout, /^-h {2}\(confidence /m);
  });

  test("compact --help shows help without reading stdin, even after a bad option value", () => {
    for (const args of [["compact", "--help"], ["compact", "--kind", "bogus", "-h"]]) {
      const run = cli(args, "this input is not compacted\n");
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr, "");
      assert.match(run.stdout, /^pi-lean: lazy skills[^]*\nUsage:\n/);
      assert.doesNotMatch(run.stdout, /this input is not compacted/);
    }
  });

  test("the usage text names every option any command accepts", () => {
    const source = fs.readFileSync(CLI, "utf8");
    const declared = new Set([...source.matchAll(/\b(\w+): \{ type: "(?:string|boolean)"/g)].map((m) => m[1]));
    for (const name of ["tool", "path", "recoverable", "limit", "kind"]) assert.ok(declared.has(name), `the parser declares --${name}`);
    const usage = cli(["--help"]).stdout;
    for (const name of declared) assert.match(usage, new RegExp(`--${name}\\b`), `usage lists --${name}`);
  });

  test("usage errors still exit 2 with one line on stderr", () => {
    for (const args of [["search", "--bogus", "x"], ["compact", "a", "b"], ["report", "extra"], ["search", "--limit=0", "x"]]) {
      const run = cli(args);
      assert.equal(run.status, 2, args.join(" "));
      assert.equal(run.stdout, "");
      assert.match(run.stderr, /^pi-lean: USAGE: [^\n]+; run pi-lean --help for more\n$/, args.join(" "));
    }
  });
});
