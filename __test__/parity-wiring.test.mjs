// Seed-parity rows checked through the whole extension on a fake Pi (helpers/fake-pi.mjs),
// where the behaviour needs a failure Pi cannot be made to produce: LS-4 (a failed catalog
// rebuild blocks skills and leaves no eager catalog behind).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { fakePi, tuiCtx } from "./helpers/fake-pi.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
const skipNode = major > 22 || (major === 22 && minor >= 19) ? false : "needs Node >= 22.19 to import Pi";
const { default: piLean } = skipNode ? { default: null } : await import("../extension/index.js");

describe("LS-4: one complete generation or blocked", { skip: skipNode }, () => {
  test("LS-4: a catalog that cannot be built removes Pi's eager catalog, blocks the tools and /skill:, and recovers on the next good build; each state is published", async () => {
    const agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-blocked-"));
    const saved = process.env.PI_CODING_AGENT_DIR;
    process.env.PI_CODING_AGENT_DIR = agentDir;
    try {
      const fake = fakePi();
      piLean(/** @type {any} */ (fake.pi));
      const { ctx: base, notes } = tuiCtx([]);
      const ctx = { ...base, isProjectTrusted: () => false, sessionManager: { ...base.sessionManager, getSessionId: () => "ls4", getSessionFile: () => path.join(agentDir, "s.jsonl") }, ui: { ...base.ui, setStatus: () => {} } };
      await fake.emit("session_start", {}, ctx);
      const good = { name: "git-helper", description: "Helps with git history and bisecting regressions." };
      const broken = [good, { name: "broken" }];
      const options = { skills: broken.map((s) => ({ ...s })), sections: {} };
      await fake.emit("before_agent_start", { systemPromptOptions: options, messageType: "user", prompt: "use git" }, ctx);
      assert.deepEqual(options.skills, [], "Pi's eager catalog is gone");
      assert.deepEqual(options.sections, {}, "no stub or catalog from an older generation");
      assert.equal(notes.filter((n) => n.includes("skills are blocked")).length, 1, notes.join("\n"));
      const search = await fake.tools.skill_search.execute("c1", { query: "git" });
      assert.match(search.content[0].text, /^SKILL_CATALOG_BLOCKED: /);
      const load = await fake.tools.skill.execute("c2", { name: "git-helper" }, undefined, undefined, ctx);
      assert.match(load.content[0].text, /^SKILL_CATALOG_BLOCKED: /);
      // Pi stops at the first input handler that handles the text; the fake runs them all.
      const results = [];
      for (const handler of fake.handlers.input) results.push(await handler({ text: "/skill:git-helper now", source: "interactive" }, ctx));
      assert.deepEqual(results.find((r) => r), { action: "handled" });
      // The next good list builds one complete generation again.
      const next = { skills: [{ ...good }], sections: {} };
      await fake.emit("before_agent_start", { systemPromptOptions: next, messageType: "user", prompt: "use git" }, ctx);
      assert.match(next.sections.skill_index ?? "", /^1 skill installed/);
      const found = await fake.tools.skill_search.execute("c3", { query: "git history" });
      assert.ok(found.content[0].text.includes("git-helper"), found.content[0].text);
      // The state is published on Pi's event bus at each change: blocked, then ready.
      const states = fake.published.filter((p) => p.channel === "pi-lean:skills").map((p) => p.data);
      assert.equal(states.length, 2, JSON.stringify(states));
      assert.equal(states[0].state, "blocked");
      assert.match(states[0].reason, /broken|description/);
      assert.deepEqual({ ...states[1], fingerprint: typeof states[1].fingerprint }, { state: "ready", skills: 1, fingerprint: "string" });
    } finally {
      if (saved === undefined) delete process.env.PI_CODING_AGENT_DIR;
      else process.env.PI_CODING_AGENT_DIR = saved;
      fs.rmSync(agentDir, { recursive: true, force: true });
    }
  });
});
