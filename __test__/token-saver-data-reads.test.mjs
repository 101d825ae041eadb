// Reads of data, config and docs files reach the model as Pi's own cut shows them (issue 29,
// point 7): the extension hands the tool name, path and command to the engine, which keeps such
// a read whole; the same bytes printed by another command are compacted. Runs the real engine
// through compactToolResult; no Pi process.
import assert from "node:assert/strict";
import os from "node:os";
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
