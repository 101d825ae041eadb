// The durable recovery store shared by several writers at once, as it is in real use: Node
// worker threads and separate Pi processes opening their own store on one session directory.
// Every put that returned an id must be retrievable afterwards by a store that never saw it,
// and no temp file may be left behind.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { Worker } from "node:worker_threads";
import { RecoveryStore, contentHash } from "../index.js";

const INDEX = new URL("../index.js", import.meta.url).href;
const PUTS = 200;

/** Script run by each writer: opens its own store, puts PUTS originals, prints their ids. */
const WRITER = `
  const { RecoveryStore } = await import(${JSON.stringify(INDEX)});
  const [dir, writer] = WRITER_ARGS;
  const store = RecoveryStore.open({ dir, maxEntries: 4, maxBytes: 1 << 20, diskBudgetBytes: 1 << 30 });
  const ids = [];
  for (let i = 0; i < ${PUTS}; i++) ids.push(store.put(writer + " item " + i + "\\n" + "x".repeat(i % 97) + "\\n"));
  store.flush();
  REPORT(JSON.stringify(ids));
`;

/** @param {string} writer @param {number} i */
const body = (writer, i) => `${writer} item ${i}\n${"x".repeat(i % 97)}\n`;

/** @param {string} dir @param {string[]} writers @param {string[][]} idsByWriter */
function assertAllRetrievable(dir, writers, idsByWriter) {
  const fresh = RecoveryStore.open({ dir, diskBudgetBytes: 1 << 30 });
  writers.forEach((writer, w) => {
    assert.equal(idsByWriter[w].length, PUTS);
    idsByWriter[w].forEach((id, i) => {
      assert.equal(id, contentHash(body(writer, i)));
      assert.equal(fresh.retrieveBytes(id, 1, 1000).toString(), body(writer, i), `${writer} #${i} lost`);
    });
  });
  const leftovers = fs.readdirSync(dir).filter((n) => !n.endsWith(".blob"));
  assert.deepEqual(leftovers, []);
}

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-store-concurrency-"));
}

test("worker threads with their own store on one dir lose no original", async () => {
  const dir = tempDir();
  const writers = ["worker 0", "worker 1", "worker 2", "worker 3"];
  const source = `const { workerData: WRITER_ARGS, parentPort } = await import("node:worker_threads"); const REPORT = (m) => parentPort.postMessage(m);${WRITER}`;
  const ids = await Promise.all(
    writers.map(
      (writer) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), { workerData: [dir, writer] });
          worker.once("message", (m) => resolve(JSON.parse(m)));
          worker.once("error", reject);
        }),
    ),
  );
  assertAllRetrievable(dir, writers, /** @type {string[][]} */ (ids));
  fs.rmSync(dir, { recursive: true, force: true });
});

test("several processes with their own store on one dir lose no original", async () => {
  const dir = tempDir();
  const writers = ["process 0", "process 1", "process 2"];
  const ids = await Promise.all(
    writers.map(
      (writer) =>
        new Promise((resolve, reject) => {
          const source = `const WRITER_ARGS = ${JSON.stringify([dir, writer])}; const REPORT = (m) => process.stdout.write(m);${WRITER}`;
          const child = spawn(process.execPath, ["--input-type=module", "-e", source], { stdio: ["ignore", "pipe", "inherit"] });
          let out = "";
          child.stdout.on("data", (d) => (out += d));
          child.once("error", reject);
          child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`writer exited ${code}`))));
        }),
    ),
  );
  assertAllRetrievable(dir, writers, /** @type {string[][]} */ (ids));
  fs.rmSync(dir, { recursive: true, force: true });
});

test("retrieveAsync reads evicted originals off the event loop, with the sync codes", async () => {
  const dir = tempDir();
  try {
    const store = RecoveryStore.open({ dir, maxEntries: 1 });
    const first = "first\nsecond\nthird\n";
    const id = store.put(first);
    store.put("evicts the first from memory\n");
    store.flush();
    assert.deepEqual({ ...(await store.retrieveAsync(id, 2, 1)) }, { ...store.retrieve(id, 2, 1) });
    await assert.rejects(store.retrieveAsync("0123456789abcdef"), (/** @type {any} */ e) => e.code === "RECOVERY_EXPIRED" && /^RECOVERY_EXPIRED: /.test(e.message));
    assert.throws(() => store.retrieveAsync(id, 0), (/** @type {any} */ e) => e.code === "INVALID_ARGUMENT");
    // A FIFO named like a blob is not an original: reading it must not block.
    const fifoId = contentHash("never stored\n");
    const made = spawnSync("mkfifo", [path.join(dir, `${fifoId}.blob`)]);
    if (made.status === 0) {
      await assert.rejects(store.retrieveAsync(fifoId), (/** @type {any} */ e) => e.code === "RECOVERY_EXPIRED");
      assert.equal(store.contains(fifoId), false);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
