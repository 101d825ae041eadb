// Reads of data, config and docs files reach the model as Pi's own cut shows them (issue 29,
// point 7): the extension hands the tool name, path and command to the engine, which keeps such
// a read whole; the same bytes printed by another command are compacted. Runs the real engine
// through compactToolResult; no Pi process.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { RecoveryStore, compact } from "../index.js";
import { compactToolResult } from "../extension/token-saver/compaction.js";
import { TokenSaverStats } from "../extension/token-saver/stats.js";

function session() {
  const store = RecoveryStore.open({});
  return {
    put: (/** @type {Buffer | string} */ o) => store.put(o),
    storeKey: "s",
    originals: new Map(),
    delivered: new Set(),
    aggressiveness: () => 1,
    compact: (/** @type {Buffer | string} */ input, /** @type {any} */ options) => compact(input, options),
    stats: new TokenSaverStats(),
  };
}

const turn = { prompt: "which orders were refunded?", cwd: os.tmpdir(), recoverable: true };

/** 900 look-alike order rows and one refund: about 30 KB, within Pi's cut. */
function orders() {
  const rows = ["order_id,customer,sku,qty,amount_eur,status"];
  for (let i = 1; i <= 900; i++) rows.push(`${100000 + i},cust-${String(i % 211).padStart(3, "0")},SKU-${String(i % 37).padStart(2, "0")},${(i % 5) + 1},${((i * 13) % 400) + 10}.00,paid`);
  rows[418] = "100418,cust-207,SKU-11,2,-35.00,refunded";
  return `${rows.join("\n")}\n`;
}

describe("data reads stay whole", () => {
  for (const [name, event] of [
    ["read of a .csv", { toolName: "read", input: { path: "data/orders.csv" } }],
    ["bash `cat` of a .csv", { toolName: "bash", input: { command: "cat data/orders.csv" } }],
  ]) {
    test(`${name}: no patch, Pi sends the file as it is`, async () => {
      const text = orders();
      const patch = await compactToolResult({ toolCallId: "c", ...event, content: [{ type: "text", text }], details: undefined, isError: false }, turn, session());
      assert.equal(patch, undefined);
    });
  }

  test("the same rows from a report command are compacted (the rule follows the request, not the bytes)", async () => {
    const text = orders();
    const patch = await compactToolResult(
      { toolCallId: "c", toolName: "bash", input: { command: "./report --orders" }, content: [{ type: "text", text }], details: undefined, isError: false },
      turn,
      session(),
    );
    assert.ok(patch, "a report of 900 look-alike rows is compacted");
    const view = patch.content.find((/** @type {any} */ p) => p.type === "text").text;
    assert.ok(view.length < text.length);
    assert.ok(view.includes("order_id,customer,sku,qty,amount_eur,status"));
  });
});

describe("a long data read shows what the prompt names past Pi's cut", () => {
  /** A lockfile of about 190 KB: Pi's read shows its first 50 KB. */
  function lockfile() {
    const parts = ["version = 1", "revision = 3", ""];
    for (let i = 0; i < 1200; i++) {
      parts.push("[[package]]", `name = "pkg-${i}"`, `version = "1.${i % 17}.${i % 5}"`, 'source = { registry = "https://pypi.org/simple" }');
      parts.push(`sdist = { url = "https://files.example.org/pkg-${i}-1.${i % 17}.${i % 5}.tar.gz", hash = "sha256:${String(i).padStart(64, "0")}" }`, "");
    }
    return `${parts.join("\n")}\n`;
  }

  test("the package asked about, past the cut, reaches the model with the file's head", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-past-cut-"));
    try {
      const text = lockfile();
      fs.writeFileSync(path.join(dir, "uv.lock"), text);
      // What Pi's read sent: the first 50 KB of lines and its notice.
      const head = text.slice(0, text.lastIndexOf("\n", 50 * 1024));
      const shown = head.split("\n").length;
      const piCut = `${head}\n\n[Showing lines 1-${shown} of ${text.split("\n").length - 1} (50.0KB limit). Use offset=${shown + 1} to continue.]`;
      const event = { toolCallId: "c", toolName: "read", input: { path: "uv.lock" }, content: [{ type: "text", text: piCut }], details: { truncation: { truncated: true } }, isError: false };
      const asked = await compactToolResult(event, { prompt: "Which version of pkg-1100 is locked?", cwd: dir, recoverable: true }, session());
      assert.ok(asked, "the read is patched");
      const view = asked.content.find((/** @type {any} */ p) => p.type === "text").text;
      assert.ok(view.includes('name = "pkg-1100"\nversion = "1.12.0"'), "the entry past the cut is shown verbatim");
      assert.ok(view.startsWith("version = 1\nrevision = 3\n"), "the head comes first");
      assert.ok(Buffer.byteLength(view) <= Buffer.byteLength(piCut), "within what Pi sent");
      assert.match(view, /token_retrieve id=\w+ startLine=\d+/);
      // Asked about a package within the cut, Pi's cut is left as it is.
      const within = await compactToolResult(event, { prompt: "Which version of pkg-3 is locked?", cwd: dir, recoverable: true }, session());
      assert.equal(within, undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
