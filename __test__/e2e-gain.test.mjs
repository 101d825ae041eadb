// End-to-end: `pi-lean gain` reports what the Token Saver saved against stock Pi from the
// user's own stored sessions. Real Pi 1.6 runs two sessions with the Token Saver on (a long
// test run, a build log and a repeat); `/token-saver stats` in the second prints the live
// counters. gain must count the same results with the same figures (per session it equals the
// live count), split them per day, per session and per command, and offer JSON and CSV.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { formatCount } from "../extension/token-saver/stats.js";
import { FakeModel } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const CLI = path.join(REPO_ROOT, "bin", "pi-lean.js");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

describe("pi-lean gain over real Pi sessions", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{ code: number | null, stdout: string, stderr: string }} */
  let second;
  /** @param {string[]} args */
  const gain = (args) => spawnSync(process.execPath, [CLI, "gain", ...args], { encoding: "utf8", env: { PATH: process.env.PATH, HOME: sandbox.home, PI_CODING_AGENT_DIR: sandbox.agent } });

  before(async () => {
    const bash = (/** @type {string} */ command) => ({ toolCalls: [{ name: "bash", arguments: { command } }] });
    model = new FakeModel([bash("cat test.log"), { text: "one failure" }, bash("cat build.log"), { text: "built" }, bash("cat test.log"), { text: "same" }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    const tests = Array.from({ length: 900 }, (_, i) => `test module_${i % 40}::case_${i} ... ok`);
    tests.splice(450, 0, "test module_3::case_rounding ... FAILED", "thread 'module_3::case_rounding' panicked: assertion `left == right` failed: 898 != 899");
    fs.writeFileSync(path.join(sandbox.work, "test.log"), `${tests.join("\n")}\ntest result: FAILED. 900 passed; 1 failed\n`);
    const build = Array.from({ length: 700 }, (_, i) => `   Compiling crate_${i % 53} v0.${i % 9}.${i} (/src/crate_${i % 53})`);
    fs.writeFileSync(path.join(sandbox.work, "build.log"), `${build.join("\n")}\nerror[E0308]: mismatched types\n`);
    const first = await runPi(sandbox, { session: true, prompts: ["run the tests"] });
    assert.equal(first.code, 0, first.stderr);
    second = await runPi(sandbox, { session: true, prompts: ["build it", "and the tests again", "/token-saver stats"] });
    assert.equal(second.code, 0, second.stderr);
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("--json: per session the figures are the live counters', summed over both sessions", () => {
    const r = gain(["--json"]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, "");
    const report = JSON.parse(r.stdout);
    assert.equal(report.sessionsRead, 2);
    assert.equal(report.total.results, 3, "two compactions and one repeat");
    assert.equal(report.sessions.length, 2);
    // The second session's live stats line: "saved vs stock Pi: ~X tokens (A → B chars; ...".
    const live = /^saved vs stock Pi: ~(\S+) tokens \((\S+) → (\S+) chars;/m.exec(second.stderr);
    assert.ok(live, second.stderr);
    const secondSession = report.sessions.find((/** @type {any} */ s) => s.results === 2);
    assert.ok(secondSession, JSON.stringify(report.sessions));
    assert.deepEqual([formatCount(secondSession.tokensSaved), formatCount(secondSession.stockChars), formatCount(secondSession.outputChars)], [live[1], live[2], live[3]]);
    assert.equal(report.total.tokensSaved, Math.round((report.total.stockChars - report.total.outputChars) / 4));
    assert.ok(report.total.tokensSaved > 3000, `a real saving: ${report.total.tokensSaved}`);
    const day = new Date();
    const today = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
    assert.deepEqual(
      report.days.map((/** @type {any} */ d) => [d.key, d.results]),
      [[today, 3]],
    );
    assert.deepEqual(report.commands.map((/** @type {any} */ c) => [c.key, c.results]).sort(), [["bash: cat", 3]]);
  });

  test("text: totals, then per day, session and command with bars", () => {
    const r = gain([]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^pi-lean gain: tokens the Token Saver saved against stock Pi/);
    assert.match(r.stdout, /\ntotal: ~\S+ tokens saved on 3 tool results: stock Pi would have sent \S+ chars, the model got \S+ \(\d+% less\)\n/);
    assert.match(r.stdout, /\nby day\n {2}\d{4}-\d\d-\d\d {2}~ *\S+ +3 results {2}█+/);
    assert.match(r.stdout, /\nby tool or command \(most saved first\)\n {2}bash: cat +~ *\S+ +3 results {2}█+/);
  });

  test("--csv: a header and one row per total, day, session and command", () => {
    const r = gain(["--csv"]);
    assert.equal(r.status, 0, r.stderr);
    const rows = r.stdout.trim().split("\n");
    assert.equal(rows[0], "scope,key,label,results,stock_chars,output_chars,tokens_saved");
    assert.deepEqual(
      rows.slice(1).map((row) => row.split(",")[0]),
      ["total", "day", "session", "session", "command"],
    );
    const total = rows[1].split(",");
    assert.equal(Number(total[6]), Math.round((Number(total[4]) - Number(total[5])) / 4));
  });

  test("usage errors and an empty agent dir", () => {
    assert.equal(gain(["--json", "--csv"]).status, 2);
    const empty = spawnSync(process.execPath, [CLI, "gain"], { encoding: "utf8", env: { PATH: process.env.PATH, HOME: sandbox.home, PI_CODING_AGENT_DIR: path.join(sandbox.root, "nowhere") } });
    assert.equal(empty.status, 0);
    assert.match(empty.stdout, /^pi-lean gain: nothing saved yet \(no Pi sessions under .*nowhere.sessions\)/);
  });
});
