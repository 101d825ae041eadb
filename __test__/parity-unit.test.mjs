// In-process checks of seed-parity rows that need no Pi run (the e2e side is
// e2e-parity.test.mjs): config layering of the allowlist (CD-2) and the ledger's record of
// what a system-prompt catalog showed (CD-6).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { loadConfig } from "../extension/shared/config.js";
import { ADVERTISED_ENTRY, deriveLedger, pendingDeliveries, unrecordedAdvertisements } from "../extension/skills/ledger.js";

describe("CD-2: allowlists", () => {
  test("CD-2: the global and the trusted project allowlists are joined; an untrusted project adds nothing", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-allow-"));
    try {
      const agentDir = path.join(root, "agent");
      const cwd = path.join(root, "work");
      fs.mkdirSync(agentDir);
      fs.mkdirSync(path.join(cwd, ".pi"), { recursive: true });
      fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ allowlist: ["git-*", "api-docs"] }));
      fs.writeFileSync(path.join(cwd, ".pi", "pi-lean.json"), JSON.stringify({ allowlist: ["api-docs", "sql-migrations"] }));
      assert.deepEqual(loadConfig({ agentDir, cwd, projectTrusted: true, env: {} }).allowlist, ["git-*", "api-docs", "sql-migrations"]);
      assert.deepEqual(loadConfig({ agentDir, cwd, projectTrusted: false, env: {} }).allowlist, ["git-*", "api-docs"]);
      fs.writeFileSync(path.join(agentDir, "pi-lean.json"), JSON.stringify({ allowlist: "git-bisect" }));
      assert.throws(() => loadConfig({ agentDir, env: {} }), /CONFIG_INVALID: .*"allowlist" must be an array of names/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("CD-6: advertisement records", () => {
  test("CD-6: names a catalog showed join the ledger once, pending until a delta delivers them", () => {
    const branch = [
      { type: "custom", customType: ADVERTISED_ENTRY, data: { names: ["a", "b"] } },
      { type: "custom_message", customType: "pi-lean-skill-delta", id: "d1", details: { added: [{ name: "c", by: "picker" }], redelivered: [] } },
    ];
    assert.deepEqual(unrecordedAdvertisements(branch, ["a", "c", "d"]), ["d"]);
    const ledger = deriveLedger(branch);
    assert.deepEqual([...ledger.skills.keys()], ["a", "b", "c"]);
    assert.deepEqual(pendingDeliveries(ledger), [{ name: "a", by: "catalog" }, { name: "b", by: "catalog" }]);
    const delivered = deriveLedger([...branch, { type: "custom_message", customType: "pi-lean-skill-delta", id: "d2", details: { added: [{ name: "a", by: "catalog" }, { name: "b", by: "catalog" }], redelivered: [] } }]);
    assert.deepEqual(pendingDeliveries(delivered), []);
    assert.equal(delivered.skills.get("a")?.by, "catalog");
    // Malformed records are skipped, never fatal.
    assert.doesNotThrow(() => deriveLedger([{ type: "custom", customType: ADVERTISED_ENTRY, data: null }, { type: "custom", customType: ADVERTISED_ENTRY, data: { names: [1, null] } }]));
  });
});
