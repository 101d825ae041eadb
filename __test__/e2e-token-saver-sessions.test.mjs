// End-to-end: the Token Saver's state across sessions in the real Pi 1.6 CLI against a scripted
// model on 127.0.0.1. Stored originals of other sessions are pruned at session start (deleted
// sessions, unused ones, the oldest over the total cap) and `/token-saver status` says so,
// while a folder another live process claims is left alone; retrieval feedback keeps its
// template after a restart; an id from another session is reported as unknown, not expired.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { cargoTestRunsFile } from "./helpers/corpus.mjs";

const CARGO_TEST = cargoTestRunsFile();
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : !fs.existsSync(CARGO_TEST) ? "shared compaction corpus missing" : false;
const DAY = 24 * 60 * 60 * 1000;

/** @param {string} dir @param {number} ageMs */
function age(dir, ageMs) {
  const t = new Date(Date.now() - ageMs);
  for (const f of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, f), t, t);
  fs.utimesSync(dir, t, t);
}

describe("Token Saver across sessions, in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {Record<string, {code: number|null, stdout: string, stderr: string}>} */
  const runs = {};
  let store = "";
  const marker = { id: "", startLine: 0 };

  before(async () => {
    model = new FakeModel([
      // Session A: a compacted test run, and a retrieval from under a templated marker.
      { toolCalls: [{ name: "bash", arguments: { command: `cat ${CARGO_TEST}` } }] },
      (body) => {
        const text = toolMessages(body).at(-1)?.text ?? "";
        const m = /\[… \d+ lines \d+-\d+: "[^\n]*" · token_retrieve id=([0-9a-f]{16}) startLine=(\d+)\]/.exec(text);
        marker.id = m?.[1] ?? "";
        marker.startLine = Number(m?.[2] ?? 0);
        return { toolCalls: [{ name: "token_retrieve", arguments: { id: marker.id, startLine: marker.startLine, maxLines: 1 } }] };
      },
      { text: "Two tests fail." },
      // Session B: an id seen in session A's conversation.
      () => ({ toolCalls: [{ name: "token_retrieve", arguments: { id: marker.id } }] }),
      { text: "Not mine." },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    store = path.join(sandbox.agent, "pi-lean", "token-saver");
    const folder = (/** @type {string} */ name, /** @type {number} */ bytes) => {
      fs.mkdirSync(path.join(store, name), { recursive: true });
      fs.writeFileSync(path.join(store, name, "0123456789abcdef.blob"), Buffer.alloc(bytes, 97));
      return path.join(store, name);
    };
    // Its session file was deleted two days ago.
    const gone = folder("gone-session", 4096);
    fs.writeFileSync(path.join(gone, "session.json"), JSON.stringify({ sessionFile: path.join(sandbox.agent, "sessions", "deleted.jsonl") }));
    age(gone, 2 * DAY);
    // Nothing used it for 40 days.
    age(folder("stale", 4096), 40 * DAY);
    // As old, but claimed by a running process (this test runner) on this host.
    const claimed = folder("claimed", 4096);
    fs.writeFileSync(path.join(claimed, `in-use-${process.pid}`), JSON.stringify({ host: os.hostname(), pid: process.pid, at: Date.now() }));
    age(claimed, 40 * DAY);

    const args = ["--session-id", "session-a"];
    runs.a = await runPi(sandbox, { session: true, args, prompts: ["Why do the tests fail?", "/token-saver stats", "/token-saver status"] });
    // A restart resuming session A.
    runs.resumed = await runPi(sandbox, { session: true, args, prompts: ["/token-saver stats"] });

    // Session B starts with a folder of a resumable session (its file exists) that is older
    // than session A's and pushes the total over a 1 MB cap.
    const big = folder("big-old", 2 * 1024 * 1024);
    const bigSession = path.join(sandbox.root, "elsewhere", "big-old.jsonl");
    fs.mkdirSync(path.dirname(bigSession));
    fs.writeFileSync(bigSession, "{}\n");
    fs.writeFileSync(path.join(big, "session.json"), JSON.stringify({ sessionFile: bigSession }));
    age(big, 2 * DAY);
    age(path.dirname(bigSession), 2 * DAY);
    fs.utimesSync(bigSession, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));
    runs.b = await runPi(sandbox, {
      session: true,
      args: ["--session-id", "session-b"],
      prompts: ["Show me the earlier failure", "/token-saver status"],
      env: { PI_LEAN_TOKEN_SAVER_MAX_STORE_MB: "1" },
    });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the runs exit cleanly", () => {
    for (const [name, run] of Object.entries(runs)) assert.equal(run.code, 0, `${name}: ${run.stderr}`);
    assert.ok(marker.id && marker.startLine > 0, "session A's view had a templated marker");
  });

  test("session start prunes the deleted session's folder and the unused one, and keeps the claimed one", () => {
    assert.ok(!fs.existsSync(path.join(store, "gone-session")));
    assert.ok(!fs.existsSync(path.join(store, "stale")));
    assert.ok(fs.existsSync(path.join(store, "claimed", "0123456789abcdef.blob")), "a live process's folder is never pruned");
    const status = runs.a.stderr.split("\n").find((l) => l.startsWith("Stored originals"));
    assert.equal(status, "Stored originals at session start: 1 session folder, 0.0 MB (kept 30 days, at most 1024 MB in all); pruned 2 folders, 0.0 MB (1 session file deleted, 1 unused for over 30 days).");
    assert.ok(!fs.readdirSync(store).some((n) => n.startsWith(".trash-")), "no trash left");
  });

  test("the session's folder names its session file and holds no claim after Pi exits", () => {
    const own = path.join(store, "session-a");
    const marker = JSON.parse(fs.readFileSync(path.join(own, "session.json"), "utf8"));
    assert.ok(fs.existsSync(marker.sessionFile) && marker.sessionFile.endsWith("_session-a.jsonl"), marker.sessionFile);
    assert.deepEqual(fs.readdirSync(own).filter((n) => n.startsWith("in-use-")), []);
  });

  test("retrieval feedback names the retrieved marker's template, and still does after a restart", () => {
    const line = (/** @type {string} */ stderr) => stderr.split("\n").find((l) => l.startsWith("shortening eased"));
    const live = line(runs.a.stderr);
    assert.match(live ?? "", /^shortening eased where the model fetched lines: bash\/test "[^"]+" weight 0\.50 \(1 retrieval, not used yet\)$/);
    assert.equal(line(runs.resumed.stderr), live);
  });

  test("an id from another session is unknown here, with what to do instead", () => {
    const text = toolMessages(model.bodies[4]).at(-1)?.text;
    assert.equal(
      text,
      `RECOVERY_UNKNOWN_ID: id=${marker.id} is not from a compacted result of this session (an id only works in the session that produced it and its forks); use the id= of a marker in this conversation, or re-run the command`,
    );
  });

  test("over the total cap the least recently used folder goes; the resumable session A within the cap stays", () => {
    assert.ok(!fs.existsSync(path.join(store, "big-old")));
    assert.ok(fs.existsSync(path.join(store, "session-a")));
    assert.ok(fs.existsSync(path.join(store, "claimed")));
    assert.match(runs.b.stderr, /^Stored originals at session start: 2 session folders, 0\.0 MB \(kept 30 days, at most 1\.0 MB in all\); pruned 1 folder, 2\.0 MB \(1 oldest over the cap\)\.$/m);
  });
});
