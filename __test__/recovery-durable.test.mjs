// `RecoveryStore.putDurable` from JS, and the Token Saver handler around it: the promise
// resolves with the id only once the blob is on disk, it owns a copy of its input (a Buffer
// changed after the call does not change what is stored), a failed write rejects with
// RECOVERY_IO, and the handler then leaves Pi's result as it was (fail open, no marker without
// a stored original). `--no-session` runs keep the in-memory `put`.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { RecoveryStore, contentHash } from "../index.js";

const [major, minor] = process.versions.node.split(".").map(Number);
const skipNode = major > 22 || (major === 22 && minor >= 19) ? false : "needs Node >= 22.19 to import Pi";

/** A log that compacts: many similar lines and one error. @param {number} lines */
function buildLog(lines) {
  const out = [];
  for (let i = 0; i < lines; i++) out.push(`2026-12-05T03:00:00Z INFO worker-${i % 5} processed item ${i * 7919} in ${i % 90}ms`);
  out.splice(lines >> 1, 0, "2026-12-05T03:00:00Z ERROR worker-2 lost connection to db-primary: timeout after 30s");
  return `${out.join("\n")}\n`;
}

describe("RecoveryStore.putDurable", () => {
  test("resolves with the id once the blob is on disk, from a copy of the input", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-durable-"));
    try {
      const store = RecoveryStore.open({ dir });
      const bytes = Buffer.from(buildLog(20_000));
      const expected = Buffer.from(bytes);
      const pending = store.putDurable(bytes);
      // Changed after the call: the worker must have copied the input before it ran.
      bytes.fill(0x78);
      const id = await pending;
      assert.equal(id, contentHash(expected));
      assert.ok(fs.readFileSync(path.join(dir, `${id}.blob`)).equals(expected));
      assert.deepEqual(fs.readdirSync(dir), [`${id}.blob`]);
      const fresh = RecoveryStore.open({ dir });
      assert.ok(fresh.retrieveBytes(id, 1, 2 ** 32 - 1).equals(expected));
      // Strings too, and a repeat resolves with the same id.
      assert.equal(await store.putDurable(expected.toString("utf8")), id);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("rejects with RECOVERY_IO when the blob cannot be written", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-durable-"));
    try {
      const store = RecoveryStore.open({ dir });
      store.flush();
      fs.rmSync(dir, { recursive: true });
      fs.writeFileSync(dir, "a file where the store's directory was");
      await assert.rejects(store.putDurable("an original\n".repeat(100)), (error) => /** @type {any} */ (error).code === "RECOVERY_IO" || /^RECOVERY_IO/.test(/** @type {Error} */ (error).message));
      assert.equal(store.stats().writeFailures, 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("argument errors are synchronous and coded", () => {
    const store = RecoveryStore.open({});
    assert.throws(() => store.putDurable(/** @type {any} */ (42)), { code: "INVALID_ARGUMENT" });
  });

  test("without a dir it stores in memory", async () => {
    const store = RecoveryStore.open({});
    const id = await store.putDurable("kept in memory\n");
    assert.equal(store.retrieve(id, 1, 1).text, "kept in memory\n");
  });
});

describe("Token Saver handler with a failing store", { skip: skipNode }, () => {
  test("a failed durable write returns Pi's result unchanged, never a marker", async () => {
    const agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-durable-handler-"));
    const saved = process.env.PI_CODING_AGENT_DIR;
    process.env.PI_CODING_AGENT_DIR = agentDir;
    try {
      await import("./helpers/pi-host.mjs");
      const { registerTokenSaver, storeRoot } = await import("../extension/token-saver/index.js");
      const { DEFAULT_CONFIG } = await import("../extension/shared/config.js");
      /** @type {Record<string, Function[]>} */
      const handlers = {};
      let active = ["read", "bash"];
      const pi = {
        on: (/** @type {string} */ e, /** @type {Function} */ h) => (handlers[e] ??= []).push(h),
        registerTool: (/** @type {any} */ t) => t.defaultActive !== false && active.push(t.name),
        registerCommand: () => {},
        appendEntry: () => {},
        getActiveTools: () => [...active],
        setActiveTools: (/** @type {string[]} */ n) => (active = [...n]),
      };
      const ctx = {
        hasUI: false,
        cwd: agentDir,
        sessionManager: { getBranch: () => [], getSessionId: () => "durable", getSessionFile: () => path.join(agentDir, "durable.jsonl") },
        ui: { notify: () => {}, setStatus: () => {} },
      };
      const emit = async (/** @type {string} */ e, /** @type {any} */ payload) => {
        let last;
        for (const h of handlers[e] ?? []) last = (await h(payload, ctx)) ?? last;
        return last;
      };
      registerTokenSaver(/** @type {any} */ (pi), /** @type {any} */ ({ value: { ...DEFAULT_CONFIG, tokenSaver: "on" }, error: null }));
      await emit("session_start", { reason: "startup" });
      const event = (/** @type {string} */ text, /** @type {string} */ call) => ({ toolName: "bash", toolCallId: call, input: { command: `make ${call}` }, content: [{ type: "text", text }], details: undefined, isError: false });

      const first = buildLog(3000);
      const patch = await emit("tool_result", event(first, "c1"));
      const id = patch?.details?.tokenSaver?.id;
      assert.match(id ?? "", /^[0-9a-f]{16}$/, "a working store gives a marker");
      const storeDir = path.join(storeRoot(agentDir), "durable");
      assert.ok(fs.existsSync(path.join(storeDir, `${id}.blob`)), "on disk when the handler returned");

      // The store's directory becomes unwritable: the next result is left as Pi sent it.
      fs.rmSync(storeDir, { recursive: true });
      fs.writeFileSync(storeDir, "not a directory");
      const second = buildLog(3001);
      assert.equal(await emit("tool_result", event(second, "c2")), undefined);
    } finally {
      if (saved === undefined) delete process.env.PI_CODING_AGENT_DIR;
      else process.env.PI_CODING_AGENT_DIR = saved;
      fs.rmSync(agentDir, { recursive: true, force: true });
    }
  });
});
