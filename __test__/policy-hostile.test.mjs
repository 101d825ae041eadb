// Policy handlers fail closed on hostile input: they never throw (Pi would then send the
// messages unscrubbed), input they cannot decode counts as blocked, and crafted text cannot
// make them take super-linear time on the event loop.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { REMOVED_BLOCK, autocompleteFilter, scrubMessages, scrubSkillBlocks, skillCommandName } from "../extension/skills/guard.js";

const deny = (/** @type {string} */ name) => name === "secret";
const denyNothing = () => false;
const throwing = () => {
  throw new Error("policy engine unavailable");
};

describe("the deny scrub on hostile input", () => {
  test("an undecodable entity in a name counts as blocked instead of throwing", () => {
    for (const name of ["a&#x110000;b", "&#1114112;", "&#99999999999999999999;", "x&#xFFFFFFFFFF;"]) {
      const text = `before <skill name="${name}">body</skill> after`;
      assert.equal(scrubSkillBlocks(text, denyNothing), `before ${REMOVED_BLOCK} after`, name);
    }
  });

  test("a policy lookup that throws counts as blocked", () => {
    assert.equal(scrubSkillBlocks('<skill name="tdd">x</skill>', throwing), REMOVED_BLOCK);
    const out = scrubMessages([{ role: "user", content: [{ type: "text", text: '<skill name="tdd">x</skill>' }] }], throwing);
    assert.deepEqual(out, [{ role: "user", content: [{ type: "text", text: REMOVED_BLOCK }] }]);
  });

  test("a name whose quote never closes is removed to the end", () => {
    assert.equal(scrubSkillBlocks('keep <skill name="secret and everything after', denyNothing), `keep ${REMOVED_BLOCK}`);
  });

  test("a denied block hidden inside an allowed block's opening tag is still removed", () => {
    const text = 'a <skill name="ok" x <skill name="secret">secret body</skill> b';
    const out = scrubSkillBlocks(text, deny);
    assert.ok(!out.includes("secret body"), out);
  });

  test("a denied block nested in an allowed block's body is removed; the allowed text stays", () => {
    const text = '<skill name="ok">intro <skill name="secret">secret body</skill> outro';
    const out = scrubSkillBlocks(text, deny);
    assert.ok(!out.includes("secret body"), out);
    assert.ok(out.includes("intro"), out);
  });

  test("crafted openings take linear work (no regex backtracking, no rescans per opening)", () => {
    // A `<` inside a tag makes the tag unreadable, so the first two stack-ups are removed
    // whole (fail closed); the tokenizer in the core reads each character once, so even the
    // slowest case takes milliseconds where a quadratic scan of 300,000 chars takes minutes.
    const cases = [
      { text: '<skill name="x"'.repeat(20_000), kept: false },
      { text: '<skill name="x">'.repeat(20_000), kept: true },
      { text: `<skill name="${"a".repeat(300_000)}`, kept: false },
      { text: "<skill ".repeat(40_000), kept: false },
      { text: `<skill name=${" ".repeat(300_000)}`, kept: true },
      { text: '<skill name="x">body</skill>'.repeat(20_000), kept: true },
      { text: '<skill name="secret"'.repeat(20_000), kept: false },
    ];
    for (const { text, kept } of cases) {
      let lookups = 0;
      const started = performance.now();
      const out = scrubSkillBlocks(text, (name) => (lookups++, deny(name)));
      const elapsed = performance.now() - started;
      const label = `${text.slice(0, 20)}… (${text.length} chars)`;
      assert.equal(out, kept ? text : REMOVED_BLOCK, label);
      assert.ok(elapsed < 5_000, `${label} took ${elapsed} ms`);
      assert.ok(lookups <= text.length / 15, `${label}: at most one policy lookup per opening (${lookups})`);
    }
  });

  test("scrubMessages survives malformed message lists and parts", () => {
    assert.equal(scrubMessages(/** @type {any} */ (undefined), deny), null);
    assert.equal(scrubMessages(/** @type {any} */ ({ length: 3 }), deny), null);
    const weird = [null, 7, "text", { role: "user" }, { role: "user", content: [null, 5, { type: "text" }, { type: "text", text: 9 }] }];
    assert.equal(scrubMessages(/** @type {any} */ (weird), deny), null);
    const hostile = [{ role: "user", content: '<skill name="a&#x110000;">x</skill>' }];
    assert.deepEqual(scrubMessages(hostile, denyNothing), [{ role: "user", content: REMOVED_BLOCK }]);
  });

  test("non-string input never throws", () => {
    for (const value of [undefined, null, 42, {}, []]) {
      assert.doesNotThrow(() => scrubSkillBlocks(/** @type {any} */ (value), deny));
      assert.doesNotThrow(() => skillCommandName(/** @type {any} */ (value)));
    }
    assert.equal(skillCommandName(/** @type {any} */ (undefined)), null);
  });

  test("the autocomplete filter hides items when the policy lookup throws, and survives odd items", async () => {
    const current = {
      triggerCharacters: ["/"],
      async getSuggestions() {
        return { items: [{ value: "/skill:tdd" }, null, { label: 5 }, { value: "/model" }] };
      },
      applyCompletion() {},
    };
    const wrapped = autocompleteFilter(throwing)(current);
    const result = await wrapped.getSuggestions();
    assert.deepEqual(result.items, [null, { label: 5 }, { value: "/model" }]);
  });
});
