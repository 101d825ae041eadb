// The `pi-lean` CLI as a user meets it: --version, search under the same config Pi would use
// (scope, policy, project trust), one clear error per failure with consistent exit codes,
// binary input, and a report measured on this machine, including the user's own sessions
// recorded by a real Pi run.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { compact, coreVersion } from "../index.js";
import { FakeModel } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const CLI = path.join(REPO_ROOT, "bin", "pi-lean.js");
const VERSION = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).version;

/** A user: HOME, agent dir and a project dir of their own. */
function makeUser() {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-user-")));
  const dirs = { root, home: path.join(root, "home"), agent: path.join(root, "home", ".pi", "agent"), project: path.join(root, "project") };
  for (const d of [dirs.agent, dirs.project]) fs.mkdirSync(d, { recursive: true });
  return {
    ...dirs,
    /** @param {string} dir @param {string} name @param {string} description @param {string} [extra] */
    skill(dir, name, description, extra = "") {
      fs.mkdirSync(path.join(dir, name), { recursive: true });
      fs.writeFileSync(path.join(dir, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nSteps.\n`);
    },
    /** @param {string[]} args @param {string | Buffer} [input] @param {Record<string, string>} [env] */
    run(args, input, env = {}) {
      return spawnSync(process.execPath, [CLI, ...args], {
        input,
        encoding: Buffer.isBuffer(input) ? "buffer" : "utf8",
        cwd: dirs.project,
        env: { PATH: process.env.PATH, HOME: dirs.home, ...env },
      });
    },
    cleanup() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

describe("pi-lean --version", () => {
  test("prints the package and core versions", () => {
    const user = makeUser();
    try {
      const run = user.run(["--version"]);
      assert.equal(run.status, 0);
      assert.equal(run.stdout, `pi-lean ${VERSION} (core ${coreVersion()})\n`);
      assert.equal(user.run(["--version", "x"]).status, 2);
    } finally {
      user.cleanup();
    }
  });
});

describe("pi-lean search follows the config Pi would use", () => {
  const user = makeUser();
  before(() => {
    const skills = path.join(user.agent, "skills");
    user.skill(skills, "git-rebase", "Rebase a branch onto main and resolve conflicts.");
    user.skill(skills, "release-notes", "Write release notes from merged pull requests.");
    user.skill(skills, "secrets-rotate", "Rotate release signing secrets and API keys.");
    user.skill(skills, "deploy-prod", "Deploy a release to production.");
    fs.writeFileSync(
      path.join(user.agent, "pi-lean.json"),
      JSON.stringify({ groups: { git: ["git-*"] }, profiles: { dev: ["git"] }, activeProfile: "dev", permission: { skill: { default: "allow", rules: [{ pattern: "secrets-*", action: "deny" }] } } }),
    );
    // A project that wants deploy-prod denied and brings a skill of its own.
    user.skill(path.join(user.project, ".pi", "skills"), "release-train", "Coordinate a release train across teams.");
    fs.writeFileSync(path.join(user.project, ".pi", "pi-lean.json"), JSON.stringify({ permission: { skill: { default: "allow", rules: [{ pattern: "deploy-*", action: "deny" }] } } }));
  });
  after(() => user.cleanup());

  /** @param {string[]} args */
  const ranked = (args) => {
    const run = user.run(["search", "--json", "--limit", "8", ...args]);
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(run.stdout).ranked;
  };

  test("the active profile's scope applies; denied skills are never listed", () => {
    assert.deepEqual(ranked(["release"]), []);
    assert.deepEqual(ranked(["rebase branch"]), ["git-rebase"]);
    const text = user.run(["search", "release"]).stdout;
    assert.match(text, /^4 skills installed, 4 for the model; searching profile "dev"; 1 denied by policy, never listed\.$/m);
    assert.match(text, /no keyword match; --all searches outside profile "dev"/);
  });

  test("--all ignores the scope, never the deny rules", () => {
    const all = ranked(["--all", "release secrets signing keys"]);
    assert.ok(all.includes("release-notes") && all.includes("deploy-prod"), all.join());
    assert.ok(!all.includes("secrets-rotate"), "denied stays hidden");
  });

  test("an untrusted project's config and skills are ignored; a trusted project's apply", () => {
    assert.ok(!ranked(["--all", "release train teams"]).includes("release-train"));
    assert.ok(ranked(["--all", "deploy production"]).includes("deploy-prod"));
    fs.writeFileSync(path.join(user.agent, "trust.json"), JSON.stringify({ [user.project]: true }));
    try {
      const all = ranked(["--all", "release train teams deploy production"]);
      assert.ok(all.includes("release-train"), "project skills once trusted");
      assert.ok(!all.includes("deploy-prod"), "the project's deny rule applies once trusted");
    } finally {
      fs.rmSync(path.join(user.agent, "trust.json"));
    }
  });

  test("an invalid config is one clear runtime error", () => {
    const file = path.join(user.agent, "pi-lean.json");
    const good = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, '{"permission": {"skill": "maybe"}}');
    try {
      const run = user.run(["search", "release"]);
      assert.equal(run.status, 1);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, /^pi-lean: CONFIG_INVALID: .*pi-lean\.json: "permission\.skill" must be "allow", "ask" or "deny", got "maybe"; fix the file; skills stay hidden until then\n$/);
      assert.doesNotMatch(run.stderr, /CONFIG_INVALID: CONFIG_INVALID/);
    } finally {
      fs.writeFileSync(file, good);
    }
  });

  test("LS-29: an invalid setting variable is named and ignored; an invalid policy or scope variable still hides skills", () => {
    const run = user.run(["search", "release"], undefined, { PI_LEAN_ROUTING: "bogus" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, 'pi-lean: CONFIG_IGNORED: $PI_LEAN_ROUTING: must be one of "lazy", "adaptive", "safe", "full", "additive"; ignored, so routing keeps its value from the config files (fix or unset $PI_LEAN_ROUTING)\n');
    const policy = user.run(["search", "release"], undefined, { PI_LEAN_SKILL_PERMISSION: "bogus" });
    assert.equal(policy.status, 1);
    assert.match(policy.stderr, /^pi-lean: CONFIG_INVALID: \$PI_LEAN_SKILL_PERMISSION: .*; fix or unset \$PI_LEAN_SKILL_PERMISSION; skills stay hidden until then\n$/);
  });
});

describe("pi-lean errors: named, said once, with consistent exit codes", () => {
  const user = makeUser();
  after(() => user.cleanup());

  test("a missing --skills dir is a warning naming it; the others are still searched", () => {
    const good = path.join(user.root, "skills");
    user.skill(good, "flaky-tests", "Diagnose flaky tests.");
    const run = user.run(["search", "--skills", path.join(user.root, "nope"), "--skills", good, "flaky"]);
    assert.equal(run.status, 0);
    assert.equal(run.stderr, `pi-lean: warning: --skills ${path.join(user.root, "nope")}: no such directory; skipped\n`);
    assert.match(run.stdout, /1\. flaky-tests/);
    const none = user.run(["search", "--skills", path.join(user.root, "nope"), "flaky"]);
    assert.equal(none.status, 1);
    assert.match(none.stderr, /SKILLS_NOT_FOUND: none of the --skills directories could be read/);
  });

  test("a missing file: one ENOENT naming it, exit 1", () => {
    const run = user.run(["compact", "missing.log"]);
    assert.equal(run.status, 1);
    assert.equal(run.stderr, "pi-lean: ENOENT: cannot read missing.log: no such file or directory; check the path\n");
    const catalog = user.run(["search", "--catalog", "rows.jsonl", "x"]);
    assert.equal(catalog.stderr, "pi-lean: ENOENT: cannot read rows.jsonl: no such file or directory; check the path\n");
  });

  test("usage errors exit 2: unknown option, bad value, a second positional, an unknown kind", () => {
    for (const args of [["search", "--bogus", "x"], ["search", "--limit", "99", "x"], ["compact", "a.log", "b.log"], ["search", "one", "two"], ["report", "extra"], ["compact", "--kind", "bogus"], ["frobnicate"]]) {
      const run = user.run(args, "text\n");
      assert.equal(run.status, 2, `${args.join(" ")}: ${run.stderr}`);
      assert.match(run.stderr, /^pi-lean: USAGE: [^\n]+; run pi-lean --help for more\n$/, args.join(" "));
    }
    assert.match(user.run(["compact", "a.log", "b.log"]).stderr, /^pi-lean: USAGE: unexpected second argument "b\.log"/);
    assert.match(user.run(["compact", "--kind", "bogus"], "x\n").stderr, /^pi-lean: USAGE: --kind: unknown kind "bogus"/);
  });
});

describe("pi-lean compact on binary input", () => {
  const user = makeUser();
  after(() => user.cleanup());
  const binary = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]), Buffer.alloc(4000, 0xfe), Buffer.from("\nend\n")]);

  test("in a pipe the bytes pass through unchanged", () => {
    const run = user.run(["compact"], binary);
    assert.equal(run.status, 0);
    assert.deepEqual(run.stdout, binary);
  });

  test("--json says kind binary and gives the size, with no text full of U+FFFD", () => {
    const run = user.run(["compact", "--json"], binary);
    const result = JSON.parse(run.stdout.toString("utf8"));
    assert.equal(result.kind, "binary");
    assert.equal(result.originalBytes, binary.length);
    assert.equal(result.text, null);
    assert.ok(!run.stdout.toString("utf8").includes("\uFFFD"));
  });

  test("on a terminal it prints a one-line summary instead of raw bytes", { skip: fs.existsSync("/usr/bin/script") ? false : "needs script(1) for a pty" }, () => {
    const file = path.join(user.root, "blob.bin");
    fs.writeFileSync(file, binary);
    const run = spawnSync("script", ["-qec", `${process.execPath} ${CLI} compact ${file}`, "/dev/null"], { encoding: "utf8", env: { PATH: process.env.PATH, HOME: user.home } });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.replace(/\r/g, ""), `pi-lean: binary input (${binary.length.toLocaleString("en-US")} bytes) left unchanged; pipe it to a file or another program to get the bytes.\n`);
  });
});

describe("pi-lean report", () => {
  test("requests come from the installed skills' domains; the command to rerun is printed", () => {
    const user = makeUser();
    try {
      const skills = path.join(user.agent, "skills");
      user.skill(skills, "rnaseq-de", "Differential expression of bulk RNA-seq counts with DESeq2 normalisation and shrinkage.");
      user.skill(skills, "protein-fold", "Predict protein structures from amino acid sequences and score models.");
      user.skill(skills, "kube-debug", "Troubleshoot crashing Kubernetes pods, failing probes and pending schedules.");
      const run = user.run(["report"]);
      assert.equal(run.status, 0, run.stderr);
      const lines = run.stdout.split("\n");
      const requests = lines.filter((l) => /^ {2}"[^"]+" -> /.test(l));
      assert.equal(requests.length, 3, run.stdout);
      const wordsOf = (/** @type {string} */ l) => (l.match(/"([^"]+)"/)?.[1] ?? "").split(" ");
      const descriptions = fs.readdirSync(skills).map((n) => fs.readFileSync(path.join(skills, n, "SKILL.md"), "utf8").toLowerCase());
      for (const line of requests) {
        assert.ok(descriptions.some((d) => wordsOf(line).every((w) => d.includes(w))), `request from a skill's description: ${line}`);
      }
      assert.match(run.stdout, /the skill each request came from is in the top 3 for 3 of 3/);
      assert.match(run.stdout, new RegExp(`^run this again: node ${CLI.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} report$`, "m"));
      assert.match(run.stdout, /^Token Saver on sample outputs/m);
      assert.match(run.stdout, /^ {2}build log, error on line 1 +\d+ +\d+k +\d+k +\d+ +\d+% +\d+k$/m);
      assert.match(run.stdout, /your Pi sessions: none found under/);
    } finally {
      user.cleanup();
    }
  });

  const piNode = findPiNode();
  /** The report's token figure: chars / 4, in thousands from 1,000 on. */
  const tok = (/** @type {number} */ chars) => {
    const n = Math.round(chars / 4);
    return n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
  };
  test("with Pi sessions, it adds what the Token Saver would have saved on the user's own tool results", { skip: piNode ? false : "needs Node >= 22.19 for Pi 1.6" }, async () => {
    const lines = [];
    // Large enough to be compacted (smaller outputs are always shown whole), small enough that Pi sends it uncut.
    for (let i = 0; i < 1400; i++) lines.push(`test suite_${i % 9}::case_${i} ... ${i === 123 ? "FAILED" : "ok"}`);
    lines.push("test result: FAILED. 1399 passed; 1 failed");
    const output = `${lines.join("\n")}\n`;
    const model = new FakeModel([{ toolCalls: [{ name: "bash", arguments: { command: "cat tests.log" } }] }, { text: "One test failed." }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.work, "tests.log"), output);
      const pi = await runPi(sandbox, { extension: null, session: true, prompts: ["Run the tests."] });
      assert.equal(pi.code, 0, pi.stderr);
      const sessionFiles = fs.readdirSync(path.join(sandbox.agent, "sessions"), { recursive: true }).filter((f) => String(f).endsWith(".jsonl"));
      assert.equal(sessionFiles.length, 1);
      const before = fs.readFileSync(path.join(sandbox.agent, "sessions", String(sessionFiles[0])));
      const run = spawnSync(process.execPath, [CLI, "report"], { cwd: sandbox.work, encoding: "utf8", env: { PATH: process.env.PATH, HOME: sandbox.home, PI_CODING_AGENT_DIR: sandbox.agent } });
      assert.equal(run.status, 0, run.stderr);
      // Pi sent the output as is (under its cut); the engine's view of it is what the saver would send.
      const stored = before.toString("utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)).find((e) => e.message?.role === "toolResult").message.content[0].text;
      const view = compact(stored, { tool: "bash", command: "cat tests.log", recoverable: true });
      assert.match(run.stdout, /^your recent Pi sessions \(1 most recent of 1, read only; nothing is sent anywhere\):$/m);
      assert.match(run.stdout, /^ {2}1 tool results; 1 large enough to compact$/m);
      assert.match(run.stdout, new RegExp(`^  Pi sent ~${tok(stored.length)} tokens of them; the Token Saver would have sent ~${tok(view.text.length)} \\(\\d+% less\\)$`, "m"));
      assert.deepEqual(fs.readFileSync(path.join(sandbox.agent, "sessions", String(sessionFiles[0]))), before, "session files are only read");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });

  test("results the Token Saver already compacted are counted apart, with what it saved then", { skip: piNode ? false : "needs Node >= 22.19 for Pi 1.6" }, async () => {
    const lines = [];
    for (let i = 0; i < 1400; i++) lines.push(`test suite_${i % 9}::case_${i} ... ${i === 77 ? "FAILED" : "ok"}`);
    const model = new FakeModel([{ toolCalls: [{ name: "bash", arguments: { command: "cat tests.log" } }] }, { text: "Done." }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      fs.writeFileSync(path.join(sandbox.work, "tests.log"), `${lines.join("\n")}\n`);
      const pi = await runPi(sandbox, { session: true, env: { PI_LEAN_TOKEN_SAVER: "on" }, prompts: ["Run the tests."] });
      assert.equal(pi.code, 0, pi.stderr);
      const file = fs.readdirSync(path.join(sandbox.agent, "sessions"), { recursive: true }).map(String).find((f) => f.endsWith(".jsonl"));
      const entries = fs.readFileSync(path.join(sandbox.agent, "sessions", /** @type {string} */ (file)), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
      const result = entries.find((e) => e.message?.role === "toolResult").message;
      const record = result.details.tokenSaver;
      assert.ok(record && record.stockChars > 0, "the extension compacted it");
      const saved = record.stockChars - result.content[0].text.length;
      const run = spawnSync(process.execPath, [CLI, "report"], { cwd: sandbox.work, encoding: "utf8", env: { PATH: process.env.PATH, HOME: sandbox.home, PI_CODING_AGENT_DIR: sandbox.agent } });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`^  1 tool results; 0 large enough to compact; 1 already compacted by the Token Saver \\(saved ~${tok(saved)} tokens vs stock Pi\\)$`, "m"));
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});
