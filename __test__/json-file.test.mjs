// The one atomic JSON writer for settings files: the target is replaced whole or not at all,
// and a failed write leaves no temp file behind.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mock, test } from "node:test";
import { Worker } from "node:worker_threads";
import { writeJsonAtomic } from "../extension/shared/json-file.js";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-json-"));
}

test("writes pretty JSON with a trailing newline, creating the directory, leaving only the file", () => {
  const root = tempDir();
  try {
    const file = path.join(root, "agent", "pi-lean.json");
    writeJsonAtomic(file, { a: 1, b: ["x"] });
    assert.equal(fs.readFileSync(file, "utf8"), '{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}\n');
    writeJsonAtomic(file, { a: 2 });
    assert.equal(fs.readFileSync(file, "utf8"), '{\n  "a": 2\n}\n');
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ["pi-lean.json"]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a value that fails to serialise leaves the old file intact and no temp file", () => {
  const root = tempDir();
  try {
    const file = path.join(root, "pi-lean.json");
    fs.writeFileSync(file, '{"keep": true}\n');
    assert.throws(() => writeJsonAtomic(file, { big: 1n }), TypeError);
    assert.equal(fs.readFileSync(file, "utf8"), '{"keep": true}\n');
    assert.deepEqual(fs.readdirSync(root), ["pi-lean.json"]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a rename that fails (the target is a non-empty directory) removes the temp file", () => {
  const root = tempDir();
  try {
    const file = path.join(root, "pi-lean.json");
    fs.mkdirSync(path.join(file, "inside"), { recursive: true });
    assert.throws(() => writeJsonAtomic(file, { a: 1 }));
    assert.deepEqual(fs.readdirSync(root), ["pi-lean.json"]);
    assert.ok(fs.statSync(file).isDirectory());
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a write that fails part-way leaves the old file whole and removes the temp file", () => {
  const root = tempDir();
  const file = path.join(root, "pi-lean.json");
  fs.writeFileSync(file, '{"keep": true}\n');
  // The disk fills after the first bytes: an in-place write would leave a torn target.
  const writeFileSync = fs.writeFileSync;
  const torn = mock.method(fs, "writeFileSync", (/** @type {any} */ target, /** @type {any} */ data, /** @type {any} */ options) => {
    writeFileSync(target, String(data).slice(0, 5), options);
    throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  });
  try {
    assert.throws(() => writeJsonAtomic(file, { replaced: "x".repeat(1000) }), { code: "ENOSPC" });
    assert.equal(torn.mock.callCount(), 1);
    assert.equal(fs.readFileSync(file, "utf8"), '{"keep": true}\n');
    assert.deepEqual(fs.readdirSync(root), ["pi-lean.json"]);
  } finally {
    torn.mock.restore();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the new content is fsynced before it is renamed over the target", () => {
  const root = tempDir();
  const file = path.join(root, "pi-lean.json");
  /** @type {string[]} */
  const steps = [];
  const { fsyncSync, renameSync } = fs;
  const fsync = mock.method(fs, "fsyncSync", (/** @type {number} */ fd) => {
    steps.push("fsync");
    return fsyncSync(fd);
  });
  const rename = mock.method(fs, "renameSync", (/** @type {string} */ from, /** @type {string} */ to) => {
    steps.push(`rename ${path.dirname(from) === root ? "sibling" : "elsewhere"} -> ${path.basename(to)}`);
    return renameSync(from, to);
  });
  try {
    writeJsonAtomic(file, { a: 1 });
    // The temp file's fsync, the rename from a file in the same directory, then the directory's fsync.
    assert.deepEqual(steps.slice(0, 2), ["fsync", "rename sibling -> pi-lean.json"]);
    assert.equal(fs.readFileSync(file, "utf8"), '{\n  "a": 1\n}\n');
  } finally {
    fsync.mock.restore();
    rename.mock.restore();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the target is replaced by a rename: a reader holding the old file still reads it whole", () => {
  const root = tempDir();
  const file = path.join(root, "pi-lean.json");
  const old = '{"old": "' + "o".repeat(4096) + '"}\n';
  fs.writeFileSync(file, old);
  const before = fs.statSync(file).ino;
  const fd = fs.openSync(file, "r");
  try {
    writeJsonAtomic(file, { new: true });
    assert.equal(fs.readFileSync(fd, "utf8"), old, "an in-place write would have truncated the open file");
    assert.notEqual(fs.statSync(file).ino, before);
    assert.equal(fs.readFileSync(file, "utf8"), '{\n  "new": true\n}\n');
  } finally {
    fs.closeSync(fd);
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a reader on another thread never sees a partial file while writes go on", async () => {
  const root = tempDir();
  const file = path.join(root, "pi-lean.json");
  writeJsonAtomic(file, { round: -1, fill: "" });
  const shared = new Int32Array(new SharedArrayBuffer(4));
  // The reader parses the file until told to stop, counting reads and anything unparseable.
  const reader = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     const fs = require("node:fs");
     const stop = new Int32Array(workerData.stop);
     let reads = 0, torn = 0, rounds = new Set();
     while (Atomics.load(stop, 0) === 0) {
       const text = fs.readFileSync(workerData.file, "utf8");
       reads++;
       try { rounds.add(JSON.parse(text).round); } catch { torn++; }
     }
     parentPort.postMessage({ reads, torn, rounds: rounds.size });`,
    { eval: true, workerData: { file, stop: shared.buffer } },
  );
  try {
    await new Promise((resolve) => reader.once("online", resolve));
    for (let round = 0; round < 150; round++) writeJsonAtomic(file, { round, fill: "x".repeat(64 * 1024 + round) });
    Atomics.store(shared, 0, 1);
    const result = await new Promise((resolve) => reader.once("message", resolve));
    assert.equal(/** @type {any} */ (result).torn, 0, JSON.stringify(result));
    assert.ok(/** @type {any} */ (result).reads > 0, JSON.stringify(result));
    assert.deepEqual(fs.readdirSync(root), ["pi-lean.json"]);
  } finally {
    await reader.terminate();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
