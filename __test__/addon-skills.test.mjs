// The skills API of the native addon, called from JS exactly as the extension calls it:
// typed results, stable error codes, Buffers, and concurrent use of one handle.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { SkillIndex, capDescription, contentHash, coreVersion } from "../index.js";
import { errorCode } from "../extension/shared/native.js";
import { REPO_ROOT, SHARED_DIR } from "./helpers/pi.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const EVAL_SKILLS = path.join(SHARED_DIR, "eval", "routing", "skills");
const skipEval = fs.existsSync(EVAL_SKILLS) ? false : "shared eval skills missing (../shared/eval/routing/skills)";

/** Writes SKILL.md files into a fresh temp dir: `{ "dir-name": "file text" }`. */
function tempSkills(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-skills-"));
  for (const [dir, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    fs.writeFileSync(path.join(root, dir, "SKILL.md"), text);
  }
  return root;
}

/** Asserts `fn` throws an addon error with this stable code. */
function assertCode(fn, code) {
  assert.throws(fn, (error) => {
    assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
    return true;
  });
}

describe("SkillIndex", () => {
  test("loads its version and hashes Buffers and strings alike", () => {
    assert.match(coreVersion(), /^\d+\.\d+\.\d+$/);
    assert.equal(contentHash(Buffer.from("héllo")), contentHash("héllo"));
    assert.match(contentHash("x"), /^[0-9a-f]{16}$/);
  });

  test("scans Pi-style skill dirs and reads requires from frontmatter", () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    assert.equal(index.size, 6);
    assert.equal(index.visibleCount, 5);
    assert.deepEqual(index.get("release-notes").requires, ["git-history", "changelog-style"]);
    assert.deepEqual(index.get("git-history").requires, ["changelog-style"]);
    assert.equal(index.get("secret-helper").disableModelInvocation, true);
    assert.equal(index.get("nope"), null);
  });

  test("Pi's skill objects get dependencies from the file when not given", () => {
    const scanned = SkillIndex.scan([DEP_SKILLS]).list();
    const index = new SkillIndex(scanned.map(({ requires, ...rest }) => ({ ...rest, filePath: rest.filePath ?? undefined, baseDir: rest.baseDir ?? undefined })));
    assert.deepEqual(index.closure("release-notes").order, ["changelog-style", "git-history", "release-notes"]);
  });

  test("dependency closure reports cycles and missing names without failing", () => {
    const index = new SkillIndex([
      { name: "a", description: "A", requires: ["b", "ghost"] },
      { name: "b", description: "B", requires: ["a"] },
    ]);
    const closure = index.closure("a");
    assert.equal(closure.order.at(-1), "a");
    assert.ok(closure.order.includes("b"));
    assert.ok(closure.cycles.length >= 1);
    assert.deepEqual(closure.missing, [{ from: "a", name: "ghost" }]);
  });

  test("hostile skill trees: a 30,000-deep chain, a dense graph, a 40,000-name requires list", () => {
    const depth = 30000;
    const chain = new SkillIndex(Array.from({ length: depth }, (_, i) => ({ name: `s${i}`, description: "S", requires: i + 1 < depth ? [`s${i + 1}`] : [] })));
    const walked = chain.closure("s0");
    assert.equal(walked.order.length, depth);
    assert.equal(walked.order.at(-1), "s0");

    const names = Array.from({ length: 200 }, (_, i) => `d${i}`);
    const dense = new SkillIndex(names.map((name) => ({ name, description: "D", requires: names.filter((n) => n !== name) })));
    const closure = dense.closure("d0");
    assert.equal(closure.order.length, 200);
    assert.equal(closure.cycleCount, (200 * 199) / 2);
    assert.equal(closure.cycles.length, 8);

    const greedy = new SkillIndex([{ name: "greedy", description: "G", requires: Array.from({ length: 40000 }, (_, i) => `n${i % 20000}`) }]);
    assert.equal(greedy.get("greedy").requires.length, 256);
    assert.deepEqual(greedy.diagnostics.map((d) => d.code), ["SKILL_TOO_MANY_REQUIRES"]);
  });

  test("search is bounded, ranked and hides disable-model-invocation skills", { skip: skipEval }, () => {
    const index = SkillIndex.scan([EVAL_SKILLS, DEP_SKILLS]);
    const result = index.search("resolve git merge conflicts", { limit: 3 });
    assert.equal(result.hits[0].name, "resolving-merge-conflicts");
    assert.ok(result.hits.length <= 3);
    assert.equal(index.search("anything at all", { limit: 50 }).hits.length <= 8, true);
    const hidden = index.search("rotate deployment secrets");
    assert.ok(!hidden.hits.some((h) => h.name === "secret-helper"));
    const withHidden = index.search("rotate deployment secrets", { includeHidden: true });
    assert.equal(withHidden.hits[0].name, "secret-helper");
  });

  test("descriptions are capped on request; 0 returns names only", () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    const capped = index.search("release notes", { descriptionMax: 20 });
    assert.ok(capped.hits[0].description.length <= 21);
    assert.ok(capped.hits[0].description.endsWith("…"));
    assert.equal(index.search("release notes", { descriptionMax: 0 }).hits[0].description, "");
  });

  test("scope filters: only and exclude", () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    const scoped = index.search("changelog release git", { only: ["git-history"] });
    assert.deepEqual(scoped.hits.map((h) => h.name), ["git-history"]);
    assert.ok(!index.search("changelog release git", { exclude: ["release-notes"] }).hits.some((h) => h.name === "release-notes"));
  });

  test("browse pages with a cursor bound to the fingerprint; a stale cursor fails clearly", () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    const first = index.browse(null, { limit: 2 });
    assert.deepEqual(first.hits.map((h) => h.name), ["changelog-style", "git-history"]);
    assert.equal(first.eligible, 5);
    const second = index.browse(first.nextCursor, { limit: 2 });
    assert.deepEqual(second.hits.map((h) => h.name), ["loop-a", "loop-b"]);
    const third = index.browse(second.nextCursor, { limit: 2 });
    assert.deepEqual(third.hits.map((h) => h.name), ["release-notes"]);
    assert.equal(third.nextCursor, undefined);
    const other = new SkillIndex([{ name: "x", description: "y" }]);
    assertCode(() => other.browse(first.nextCursor), "SEARCH_CURSOR_STALE");
    assertCode(() => index.browse("garbage"), "SEARCH_CURSOR_INVALID");
  });

  test("load strips frontmatter, returns base dir and dependencies in load order", () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    const loaded = index.load("release-notes");
    assert.equal(loaded.root.baseDir, path.join(DEP_SKILLS, "release-notes"));
    assert.ok(loaded.root.text.startsWith("# Release notes"));
    assert.ok(!loaded.root.text.includes("requires:"));
    assert.deepEqual(loaded.dependencies.map((d) => d.name), ["changelog-style", "git-history"]);
    assert.equal(loaded.root.nextOffset, undefined);
    assert.match(loaded.root.rev, /^[0-9a-f]{16}$/);
  });

  test("load refuses hidden skills, unknown and path-like names with codes", () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    assertCode(() => index.load("secret-helper"), "SKILL_MODEL_INVOCATION_DISABLED");
    assert.ok(index.load("secret-helper", { allowHidden: true }).root.text.includes("Secret rotation"));
    for (const name of ["nope", "../release-notes", path.join(DEP_SKILLS, "release-notes"), "release-notes/SKILL.md", ""]) {
      assertCode(() => index.load(name), "SKILL_NOT_FOUND");
    }
  });

  test("long bodies paginate; a continuation is bound to the source revision", () => {
    const body = Array.from({ length: 4500 }, (_, i) => `line ${i + 1}`).join("\n");
    const root = tempSkills({ long: `---\nname: long\ndescription: A long skill.\n---\n${body}\n` });
    try {
      const index = SkillIndex.scan([root]);
      const first = index.load("long");
      assert.equal(first.root.offset, 0);
      assert.equal(first.root.nextOffset, 2000);
      assert.ok(first.root.text.startsWith("line 1\n"));
      const second = index.load("long", { offset: first.root.nextOffset, rev: first.root.rev });
      assert.ok(second.root.text.startsWith("line 2001\n"));
      fs.appendFileSync(path.join(root, "long", "SKILL.md"), "edited\n");
      assertCode(() => index.load("long", { offset: 2000, rev: first.root.rev }), "SKILL_SOURCE_CHANGED");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test("bad files give typed errors: invalid UTF-8, empty body, too large, malformed frontmatter", () => {
    const root = tempSkills({
      empty: "---\nname: empty\ndescription: Nothing inside.\n---\n\n   \n",
      big: `---\nname: big\ndescription: Big.\n---\n${"x".repeat(5000)}\n`,
      broken: '---\nname: broken\ndescription: "unterminated\n---\nbody\n',
    });
    fs.mkdirSync(path.join(root, "latin1"));
    fs.writeFileSync(path.join(root, "latin1", "SKILL.md"), Buffer.concat([Buffer.from("---\nname: latin1\ndescription: Bad bytes.\n---\ncaf"), Buffer.from([0xe9, 0x0a])]));
    try {
      const index = SkillIndex.scan([root], { maxSourceBytes: 4096 });
      assert.ok(index.diagnostics.some((d) => d.code === "SKILL_INVALID_FRONTMATTER" && d.path.endsWith(path.join("broken", "SKILL.md"))), JSON.stringify(index.diagnostics));
      assert.equal(index.get("broken"), null);
      assertCode(() => index.load("empty"), "SKILL_EMPTY_BODY");
      const pi = new SkillIndex([{ name: "big", description: "Big.", filePath: path.join(root, "big", "SKILL.md") }], { maxSourceBytes: 4096 });
      assertCode(() => pi.load("big"), "SKILL_SOURCE_TOO_LARGE");
      const latin = new SkillIndex([{ name: "latin1", description: "Bad bytes.", filePath: path.join(root, "latin1", "SKILL.md"), requires: [] }]);
      assertCode(() => latin.load("latin1"), "SKILL_INVALID_UTF8");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test("build makes the constructor's snapshot off the event loop, from inputs it owns", async () => {
    const scanned = SkillIndex.scan([DEP_SKILLS]).list();
    const inputs = scanned.map(({ requires, ...rest }) => ({ ...rest, filePath: rest.filePath ?? undefined, baseDir: rest.baseDir ?? undefined }));
    const building = SkillIndex.build(inputs, { autoload: { "git-history": ["tdd"] } });
    // The caller may change or drop its objects while the build runs.
    const firstName = inputs[0].name;
    inputs[0].name = "renamed";
    inputs.length = 0;
    const built = await building;
    assert.ok(built instanceof SkillIndex);
    const sync = new SkillIndex(scanned.map(({ requires, ...rest }) => ({ ...rest, filePath: rest.filePath ?? undefined, baseDir: rest.baseDir ?? undefined })), { autoload: { "git-history": ["tdd"] } });
    assert.equal(built.fingerprint, sync.fingerprint);
    assert.ok(built.get(firstName));
    assert.deepEqual(built.closure("release-notes"), sync.closure("release-notes"));
    assert.deepEqual(built.diagnostics, sync.diagnostics);
  });

  test("build leaves the event loop free: a queued callback runs before the snapshot is ready", async () => {
    const skills = Array.from({ length: 5000 }, (_, i) => ({ name: `skill-${i}`, description: `does task ${i} with tool ${i % 97}`, requires: [] }));
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    const index = await SkillIndex.build(skills);
    assert.equal(ran, true, "the event loop turned while the index was built");
    assert.equal(index.size, 5000);
  });

  test("loadAsync returns what load returns and rejects with load's codes", async () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    for (const name of ["release-notes", "git-history"]) {
      assert.deepEqual(await index.loadAsync(name), index.load(name));
    }
    // errorCode: the wasm fallback's runtime rejects with napi's GenericFailure status and our message.
    await assert.rejects(index.loadAsync("missing"), (/** @type {any} */ e) => errorCode(e) === "SKILL_NOT_FOUND" && e.message === 'SKILL_NOT_FOUND: no skill is named exactly "missing"; search the catalog for the exact name');
    await assert.rejects(index.loadAsync("release-notes", { offset: 1 }), (/** @type {any} */ e) => errorCode(e) === "SKILL_REV_REQUIRED");
    await assert.rejects(index.loadAsync("release-notes", { offset: 1, rev: "0000000000000000" }), (/** @type {any} */ e) => errorCode(e) === "SKILL_SOURCE_CHANGED");
    // The native binding sets the code itself.
    if (process.env.NAPI_RS_FORCE_WASI !== "error") await assert.rejects(index.loadAsync("missing"), { code: "SKILL_NOT_FOUND" });
  });

  test("capDescription is the one capping rule: characters, trimmed, marked", () => {
    assert.equal(capDescription("Writes release notes", 6), "Writes…");
    assert.equal(capDescription("héllo wörld", 5), "héllo…");
    assert.equal(capDescription("ab  cd", 3), "ab…");
    assert.equal(capDescription("short", 10), "short");
    assert.equal(capDescription("anything", 0), "");
    assert.equal(capDescription("anything"), "anything");
  });

  test("mentions finds exact names in text", () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    assert.deepEqual(index.mentions("please use /skill:git-history then release-notes"), ["git-history", "release-notes"]);
  });

  test("one handle serves concurrent callers: loads on the libuv pool while the main thread searches", async () => {
    const index = SkillIndex.scan([DEP_SKILLS]);
    const names = index.list().filter((s) => !s.disableModelInvocation).map((s) => s.name);
    assert.ok(names.length >= 4, "enough skills to interleave");
    const queries = ["write release notes from the changelog", "find the commit that changed this", "loop", "style of the changelog"];
    const expectedLoads = new Map(names.map((name) => [name, index.load(name)]));
    const expectedSearches = queries.map((q) => index.search(q, { limit: 5 }));
    // 64 loads queued at once run on the libuv pool's threads (4 by default) against the same
    // handle, while this thread keeps searching it; every answer must match the sequential one.
    const pending = Array.from({ length: 64 }, (_, i) => {
      const name = names[i % names.length];
      return index.loadAsync(name).then((loaded) => ({ name, loaded }));
    });
    const searchedMeanwhile = [];
    for (let round = 0; round < 50; round++) searchedMeanwhile.push(index.search(queries[round % queries.length], { limit: 5 }));
    const loads = await Promise.all(pending);
    for (const { name, loaded } of loads) assert.deepEqual(loaded, expectedLoads.get(name), name);
    for (const [round, result] of searchedMeanwhile.entries()) assert.deepEqual(result, expectedSearches[round % queries.length]);
    // Concurrent async builds of the same catalog agree with the scanned handle.
    const rebuilt = await Promise.all(Array.from({ length: 8 }, () => SkillIndex.build(index.list().map((s) => ({ ...s, filePath: s.filePath ?? undefined, baseDir: s.baseDir ?? undefined })))));
    for (const other of rebuilt) assert.deepEqual(other.search(queries[0], { limit: 5 }).hits.map((h) => h.name), expectedSearches[0].hits.map((h) => h.name));
  });
});

describe("shipped binary", () => {
  test("links no glibc symbol newer than the baseline .ci/run builds for", { skip: !process.env.PI_LEAN_EXPECT_GLIBC && "set PI_LEAN_EXPECT_GLIBC (e.g. 2.17) to check" }, async () => {
    const { spawnSync } = await import("node:child_process");
    const dump = spawnSync("objdump", ["-T", path.join(REPO_ROOT, "pi-lean.linux-x64-gnu.node")], { encoding: "utf8" });
    assert.equal(dump.status, 0, dump.stderr);
    const versions = [...new Set([...dump.stdout.matchAll(/GLIBC_(\d+)\.(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]).map(String))].map((v) => v.split(",").map(Number));
    const [maxMajor, maxMinor] = String(process.env.PI_LEAN_EXPECT_GLIBC).split(".").map(Number);
    const newer = versions.filter(([a, b]) => a > maxMajor || (a === maxMajor && b > maxMinor));
    assert.deepEqual(newer, [], `symbols newer than glibc ${process.env.PI_LEAN_EXPECT_GLIBC}`);
  });
});
