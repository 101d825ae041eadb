// Retention of stored originals across sessions (extension/token-saver/retention.js): which
// session folders are pruned at session start and why, that the current session, folders a
// live process claims and resumable sessions within the caps are never touched, the total cap
// (oldest first), and the rename-then-check deletion that backs off when a process starts
// using a folder while it is being deleted.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import { CLAIM_PREFIX, SESSION_MARKER, claimFolder, describePrune, pruneStores } from "../extension/token-saver/retention.js";

const DAY = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

describe("pruning session folders", () => {
  let tmp = "";
  let root = "";
  let sessions = "";
  const now = Date.now();

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-retention-"));
    root = path.join(tmp, "token-saver");
    sessions = path.join(tmp, "sessions");
    fs.mkdirSync(path.join(sessions, "--project--"), { recursive: true });
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /**
   * A session folder with one blob, its files and itself last modified `ageMs` ago.
   * @param {string} name @param {number} ageMs
   * @param {{ sessionFile?: string, sessionAgeMs?: number, claimPid?: number, bytes?: number }} [o]
   */
  function folder(name, ageMs, o = {}) {
    const dir = path.join(root, name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "0123456789abcdef.blob"), Buffer.alloc(o.bytes ?? 1000, 97));
    if (o.sessionFile) {
      fs.writeFileSync(path.join(dir, SESSION_MARKER), JSON.stringify({ sessionFile: o.sessionFile, sessionId: name }));
      if (o.sessionAgeMs !== undefined) {
        fs.writeFileSync(o.sessionFile, "{}\n");
        const t = new Date(now - o.sessionAgeMs);
        fs.utimesSync(o.sessionFile, t, t);
      }
    }
    if (o.claimPid !== undefined) fs.writeFileSync(path.join(dir, `${CLAIM_PREFIX}${o.claimPid}`), JSON.stringify({ host: os.hostname(), pid: o.claimPid, at: now }));
    const t = new Date(now - ageMs);
    for (const f of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, f), t, t);
    fs.utimesSync(dir, t, t);
    return dir;
  }
  const sessionFile = (/** @type {string} */ id) => path.join(sessions, "--project--", `2026-11-01T10-00-00-000Z_${id}.jsonl`);
  const remaining = () => fs.readdirSync(root).sort();

  test("prunes folders of deleted sessions and folders unused past the retention; keeps the rest", async () => {
    folder("current", 90 * DAY, { sessionFile: sessionFile("current") });
    folder("orphan", 2 * 60 * 60 * 1000, { sessionFile: sessionFile("orphan") });
    folder("fresh-orphan", 10 * 60 * 1000, { sessionFile: sessionFile("fresh-orphan") });
    folder("old", 40 * DAY, { sessionFile: sessionFile("old"), sessionAgeMs: 40 * DAY });
    folder("resumable", 20 * DAY, { sessionFile: sessionFile("resumable"), sessionAgeMs: 1 * DAY });
    // No compaction for 40 days, but the session was resumed 10 days ago: still resumable.
    folder("resumed-lately", 40 * DAY, { sessionFile: sessionFile("resumed-lately"), sessionAgeMs: 10 * DAY });
    folder("claimed", 40 * DAY, { claimPid: 4242 });
    folder("stale-claim", 40 * DAY, { claimPid: 4343 });
    folder("legacy", 40 * DAY);
    // No marker (written by an older pi-lean): matched by the session file's name.
    folder("legacy-known", 40 * DAY);
    fs.writeFileSync(sessionFile("legacy-known"), "{}\n");
    fs.mkdirSync(path.join(root, ".trash-gone.999999999.abc123"));

    const report = await pruneStores(root, { retentionDays: 30, maxStoreBytes: 1024 * MB, protect: new Set(["current"]), sessionDirs: [sessions], now, alive: (pid) => pid === 4242 });

    assert.deepEqual(remaining(), ["claimed", "current", "fresh-orphan", "legacy-known", "resumable", "resumed-lately"]);
    assert.deepEqual(report.pruned.map((p) => `${p.name}:${p.reason}`).sort(), ["legacy:unused", "old:unused", "orphan:session-gone", "stale-claim:unused"]);
    assert.equal(report.kept, 6);
    assert.equal(report.inUse, 2, "current and claimed");
    assert.deepEqual(report.errors, []);
    assert.equal(
      describePrune(report, { retentionDays: 30, maxStoreBytes: 1024 * MB }),
      `Stored originals at session start: 6 session folders, ${(report.keptBytes / MB).toFixed(1)} MB (kept 30 days, at most 1024 MB in all); pruned 4 folders, 0.0 MB (1 session file deleted, 3 unused for over 30 days).`,
    );
  });

  test("over the total cap, the least recently used go first; the current session and claimed folders never", async () => {
    folder("current", 50 * 60 * 1000 * 60, { bytes: 3 * MB });
    folder("a-oldest", 5 * DAY, { bytes: 3 * MB });
    folder("b-claimed", 4 * DAY, { bytes: 3 * MB, claimPid: process.pid });
    folder("c-middle", 3 * DAY, { bytes: 3 * MB });
    folder("d-newest", 1 * DAY, { bytes: 3 * MB });
    const report = await pruneStores(root, { retentionDays: 30, maxStoreBytes: 10 * MB, protect: new Set(["current"]), now });
    assert.deepEqual(remaining(), ["b-claimed", "current", "d-newest"]);
    assert.deepEqual(report.pruned.map((p) => [p.name, p.reason]), [["a-oldest", "over-cap"], ["c-middle", "over-cap"]]);
    assert.ok(report.keptBytes <= 10 * MB);
    assert.match(describePrune(report, { retentionDays: 30, maxStoreBytes: 10 * MB }), /pruned 2 folders, 6\.0 MB \(2 oldest over the cap\)\.$/);
  });

  test("a folder claimed while it is being deleted is moved back intact", async () => {
    const dir = folder("racing", 40 * DAY, { claimPid: 5151 });
    let checks = 0;
    // The claim's process is not running when the pruner decides, and is when it looks again.
    const report = await pruneStores(root, { retentionDays: 30, maxStoreBytes: 1024 * MB, protect: new Set(), now, alive: (pid) => pid === 5151 && ++checks > 1 });
    assert.equal(checks, 2);
    assert.deepEqual(remaining(), ["racing"]);
    assert.deepEqual(fs.readdirSync(dir).sort(), ["0123456789abcdef.blob", `${CLAIM_PREFIX}5151`]);
    assert.equal(report.restored, 1);
    assert.deepEqual(report.pruned, []);
  });

  test("when the user's process recreated the folder meanwhile, the files are merged back without overwriting", async () => {
    const dir = folder("recreated", 40 * DAY, { claimPid: 6161 });
    let checks = 0;
    const report = await pruneStores(root, {
      retentionDays: 30,
      maxStoreBytes: 1024 * MB,
      protect: new Set(),
      now,
      alive: (pid) => {
        if (pid !== 6161 || ++checks === 1) return false;
        // Between the rename and the second look, the store recreated its folder and wrote a blob.
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, "fedcba9876543210.blob"), "new");
        return true;
      },
    });
    assert.equal(report.restored, 1);
    assert.deepEqual(remaining(), ["recreated"]);
    assert.deepEqual(fs.readdirSync(dir).sort(), ["0123456789abcdef.blob", "fedcba9876543210.blob", `${CLAIM_PREFIX}6161`]);
  });

  test("claimFolder records the session file and a claim the release removes; a missing root prunes nothing", async () => {
    const dir = path.join(root, "mine");
    const release = claimFolder(dir, { sessionFile: "/x/s.jsonl", sessionId: "mine" });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, SESSION_MARKER), "utf8")), { sessionFile: "/x/s.jsonl", sessionId: "mine" });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, `${CLAIM_PREFIX}${process.pid}`), "utf8")).pid, process.pid);
    // This process is alive: even an old, orphaned folder it claims is kept.
    const t = new Date(now - 90 * DAY);
    for (const f of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, f), t, t);
    assert.deepEqual((await pruneStores(root, { retentionDays: 1, maxStoreBytes: 1, protect: new Set(), now })).pruned, []);
    release();
    assert.deepEqual(fs.readdirSync(dir), [SESSION_MARKER]);
    fs.utimesSync(dir, t, t);
    assert.deepEqual((await pruneStores(root, { retentionDays: 1, maxStoreBytes: 1, protect: new Set(), now })).pruned.map((p) => p.reason), ["session-gone"]);
    const empty = await pruneStores(path.join(tmp, "nothing"), { retentionDays: 30, maxStoreBytes: MB, protect: new Set(), now });
    assert.equal(describePrune(empty, { retentionDays: 30, maxStoreBytes: 1024 * MB }), "Stored originals at session start: 0 session folders, 0.0 MB (kept 30 days, at most 1024 MB in all); nothing pruned.");
  });
});
