// End-to-end: another extension that registers a `skill` tool. Whichever of the two loads
// first, pi-lean reports SKILL_TOOL_CONFLICT once, naming both sources, and fails closed
// (LS-31): the skill catalog is hidden from the model and the other tool's calls are blocked
// by pi-lean's tool_call guard (LS-27), since that tool is outside pi-lean's skill policy.
import assert from "node:assert/strict";
import path from "node:path";
import { describe, test } from "node:test";
import { FakeModel, systemText, toolMessages, toolNames } from "./helpers/fake-model.mjs";
import { EXTENSION_ENTRY, REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const OTHER = path.join(REPO_ROOT, "__test__", "fixtures", "other-skill-tool", "index.js");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

describe("SKILL_TOOL_CONFLICT", { skip }, () => {
  for (const [label, order] of [
    ["the other extension loads first", [OTHER, EXTENSION_ENTRY]],
    ["pi-lean loads first", [EXTENSION_ENTRY, OTHER]],
  ]) {
    test(`LS-31 / LS-27: ${label}: reported once, catalog hidden, the other skill tool's calls blocked`, async () => {
      const model = new FakeModel([{ toolCalls: [{ name: "skill", arguments: { id: "x" } }] }, { text: "done" }, { text: "again" }]);
      await model.start();
      const sandbox = makeSandbox(model);
      try {
        const run = await runPi(sandbox, {
          extension: null,
          args: [...order.flatMap((entry) => ["-e", entry]), "--skill", DEP_SKILLS],
          prompts: ["Load a skill.", "Once more."],
        });
        assert.equal(run.code, 0, run.stderr);
        const reports = run.stderr.split("\n").filter((line) => line.includes("SKILL_TOOL_CONFLICT"));
        assert.equal(reports.length, 1, run.stderr);
        assert.match(reports[0], /^pi-lean: SKILL_TOOL_CONFLICT: the tool "skill" is already registered by .*other-skill-tool.*, and pi-lean \(.*extension\/index\.js\) registers one too\. .*the skill catalog is hidden from the model and its skill tool calls are blocked/);
        const names = toolNames(model.bodies[0]);
        assert.ok(!names.includes("skill_search"), names.join(","));
        const skill = model.bodies[0].tools.find((t) => t.function.name === "skill");
        assert.equal(skill.function.description, "OTHER-EXTENSION skill loader.");
        const blocked = toolMessages(model.bodies[1]).at(-1).text;
        assert.ok(blocked.includes('SKILL_TOOL_CONFLICT: two extensions register the tool "skill", so skill tools are blocked in this session; continue without skills.'), blocked);
        assert.ok(!blocked.includes("OTHER-EXTENSION result"), "the other tool never ran");
        for (const body of model.bodies) {
          assert.ok(!systemText(body).includes("<available_skills>"), "Pi's catalog is hidden");
          assert.ok(!systemText(body).includes("<skill_index>"), "no stub for tools the model cannot use");
          assert.ok(!systemText(body).includes("release-notes"), "no skill name reaches the model");
        }
      } finally {
        await model.stop();
        sandbox.cleanup();
      }
    });
  }
});
