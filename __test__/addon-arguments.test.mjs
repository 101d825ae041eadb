// The addon's argument contract: every exported function checks its arguments and throws
// INVALID_ARGUMENT naming the bad one, in the one message form `CODE: what happened; what
// to do`. Numbers never wrap or truncate (a negative line is not line 4294967295), and
// pagers always move forward.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { RecoveryStore, SkillIndex, SkillPolicy, ToolIndex, compact, compactAsync, capDescription, compactToBuffer, contentHash, matchSkillPattern, resolveSkillScope, scanSkillBlocks } from "../index.js";

const MESSAGE_FORM = /^[A-Z][A-Z0-9_]+: [^;]+; [^;]+$/;

/**
 * Asserts `fn` throws INVALID_ARGUMENT whose message names `argument`.
 * @param {() => unknown} fn @param {string} argument
 */
function assertInvalid(fn, argument) {
  assert.throws(fn, (/** @type {any} */ error) => {
    assert.equal(error.code, "INVALID_ARGUMENT", `${argument}: got ${error.code}: ${error.message}`);
    assert.match(error.message, MESSAGE_FORM, error.message);
    assert.ok(error.message.startsWith("INVALID_ARGUMENT: "), error.message);
    assert.ok(error.message.includes(argument), `message should name ${argument}: ${error.message}`);
    return true;
  });
}

const LOG = Array.from({ length: 300 }, (_, i) => `INFO line ${i} ok\n`).join("");
const BAD_COUNTS = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32, "3", true];

describe("numbers never wrap", () => {
  const store = RecoveryStore.open();
  const id = store.put(LOG);

  test("retrieve rejects negative, fractional, non-finite, too-large and non-number lines", () => {
    for (const bad of BAD_COUNTS) {
      assertInvalid(() => store.retrieve(id, /** @type {any} */ (bad)), "startLine");
      assertInvalid(() => store.retrieve(id, 1, /** @type {any} */ (bad)), "maxLines");
      assertInvalid(() => store.retrieveBytes(id, /** @type {any} */ (bad)), "startLine");
    }
    assertInvalid(() => store.retrieve(id, 0), "startLine");
    assertInvalid(() => store.retrieve(id, 1, 0), "maxLines");
  });

  test("the pager always advances and its pages rebuild the original", () => {
    for (const maxLines of [1, 7, 64, 299, 300, 301, 4294967295]) {
      let next = /** @type {number | null} */ (1);
      let rebuilt = "";
      let pages = 0;
      while (next !== null) {
        const page = store.retrieve(id, next, maxLines);
        assert.equal(page.startLine, next);
        if (page.nextStartLine != null) assert.ok(page.nextStartLine > next, `stuck at ${next}`);
        rebuilt += page.text;
        next = page.nextStartLine ?? null;
        assert.ok(++pages <= 300);
      }
      assert.equal(rebuilt, LOG, `maxLines ${maxLines}`);
    }
  });

  test("compact options: negative or fractional sizes and out-of-range aggressiveness are refused", () => {
    for (const bad of [-1, 1.5, Number.NaN, "9"]) {
      assertInvalid(() => compact(LOG, { thresholdBytes: /** @type {any} */ (bad) }), "options.thresholdBytes");
      assertInvalid(() => compact(LOG, { maxInputBytes: /** @type {any} */ (bad) }), "options.maxInputBytes");
    }
    for (const bad of [-0.1, 1.5, Number.NaN, "1"]) {
      assertInvalid(() => compact(LOG, { aggressiveness: /** @type {any} */ (bad) }), "options.aggressiveness");
    }
  });

  test("search, browse, load and tool search refuse bad counts", () => {
    const index = new SkillIndex([{ name: "a", description: "alpha" }]);
    for (const bad of [-1, 1.5, "2"]) {
      assertInvalid(() => index.search("alpha", { limit: /** @type {any} */ (bad) }), "options.limit");
      assertInvalid(() => index.search("alpha", { descriptionMax: /** @type {any} */ (bad) }), "options.descriptionMax");
      assertInvalid(() => index.browse(null, { limit: /** @type {any} */ (bad) }), "options.limit");
      assertInvalid(() => index.load("a", { offset: /** @type {any} */ (bad) }), "options.offset");
      assertInvalid(() => new ToolIndex([]).search("x", /** @type {any} */ (bad)), "limit");
      assertInvalid(() => new SkillIndex([], { maxSourceBytes: /** @type {any} */ (bad) }), "options.maxSourceBytes");
      assertInvalid(() => RecoveryStore.open({ maxEntries: /** @type {any} */ (bad) }), "options.maxEntries");
      assertInvalid(() => RecoveryStore.open({ maxBytes: /** @type {any} */ (bad) }), "options.maxBytes");
      assertInvalid(() => RecoveryStore.open({ diskBudgetBytes: /** @type {any} */ (bad) }), "options.diskBudgetBytes");
    }
  });

  test("an empty recovery dir is refused instead of writing into the working directory", () => {
    assertInvalid(() => RecoveryStore.open({ dir: "" }), "options.dir");
  });
});

describe("wrong types get INVALID_ARGUMENT naming the argument", () => {
  const index = new SkillIndex([{ name: "a", description: "alpha" }]);
  const policy = new SkillPolicy("allow", []);
  const store = RecoveryStore.open();
  const cases = /** @type {Array<[string, () => unknown]>} */ ([
    ["input", () => contentHash(/** @type {any} */ (42))],
    ["input", () => compact(/** @type {any} */ (undefined))],
    ["input", () => compactToBuffer(/** @type {any} */ ({}))],
    ["input", () => compactAsync(/** @type {any} */ (7))],
    ["options", () => compact(LOG, /** @type {any} */ ("log"))],
    ["options.kind", () => compact(LOG, /** @type {any} */ ({ kind: 5 }))],
    ["options.kind", () => compact(LOG, { kind: "bogus" })],
    ["options.recoverable", () => compact(LOG, /** @type {any} */ ({ recoverable: "yes" }))],
    ["options.query", () => compactAsync(LOG, /** @type {any} */ ({ query: 1 }))],
    ["skillsIn", () => new SkillIndex(/** @type {any} */ ("nope"))],
    ["skillsIn", () => new SkillIndex(/** @type {any} */ ([{ name: 5, description: "x" }]))],
    ["skillsIn", () => new SkillIndex(/** @type {any} */ ([{ description: "x" }]))],
    ["options.autoload", () => new SkillIndex([], /** @type {any} */ ({ autoload: { a: "b" } }))],
    // napi reads a number or a string as an empty object: it must not pass as "no autoload".
    ["options.autoload", () => new SkillIndex([], /** @type {any} */ ({ autoload: 5 }))],
    ["options.autoload", () => new SkillIndex([], /** @type {any} */ ({ autoload: "a" }))],
    ["options.autoload", () => SkillIndex.build([], /** @type {any} */ ({ autoload: 5 }))],
    ["skillsIn", () => SkillIndex.build(/** @type {any} */ ("nope"))],
    ["text", () => capDescription(/** @type {any} */ (1), 3)],
    ["max", () => capDescription("a", -1)],
    ["dirs", () => SkillIndex.scan(/** @type {any} */ ("dir"))],
    ["name", () => index.get(/** @type {any} */ (undefined))],
    ["query", () => index.search(/** @type {any} */ (null))],
    ["options.only", () => index.search("a", /** @type {any} */ ({ only: "a" }))],
    ["cursor", () => index.browse(/** @type {any} */ (5))],
    ["text", () => index.mentions(/** @type {any} */ ({}))],
    ["name", () => index.closure(/** @type {any} */ (1))],
    ["name", () => index.load(/** @type {any} */ (null))],
    ["options.rev", () => index.load("a", /** @type {any} */ ({ rev: 1 }))],
    ["name", () => index.loadAsync(/** @type {any} */ (null))],
    ["options.offset", () => index.loadAsync("a", { offset: -1 })],
    ["defaultAction", () => new SkillPolicy(/** @type {any} */ (1), [])],
    ["rules", () => new SkillPolicy("allow", /** @type {any} */ ({}))],
    ["name", () => policy.actionFor(/** @type {any} */ (undefined))],
    ["names", () => policy.deniedAmong(/** @type {any} */ ("a"))],
    ["pattern", () => matchSkillPattern(/** @type {any} */ (1), "a")],
    ["name", () => matchSkillPattern("a", /** @type {any} */ (null))],
    ["text", () => scanSkillBlocks(/** @type {any} */ (null))],
    ["input", () => resolveSkillScope(/** @type {any} */ (null), [])],
    ["names", () => resolveSkillScope({ groups: {}, profiles: {} }, /** @type {any} */ (null))],
    ["options", () => RecoveryStore.open(/** @type {any} */ (5))],
    ["input", () => store.put(/** @type {any} */ (null))],
    ["id", () => store.contains(/** @type {any} */ (5))],
    ["id", () => store.retrieve(/** @type {any} */ (undefined))],
    ["id", () => store.retrieveBytes(/** @type {any} */ ({}))],
    ["tools", () => new ToolIndex(/** @type {any} */ (null))],
    ["query", () => new ToolIndex([]).search(/** @type {any} */ (3))],
  ]);
  for (const [argument, call] of cases) {
    test(`${argument}: ${call.toString().replace(/\/\*\* @type \{any\} \*\/ /g, "").slice(6, 80)}`, () => assertInvalid(call, argument));
  }
});

describe("arrays are read element by element", () => {
  test("a sparse array with a huge length fails at its first hole, at once", () => {
    const huge = () => {
      const array = [];
      array.length = 2 ** 32 - 1;
      return array;
    };
    const started = performance.now();
    assertInvalid(() => new SkillIndex(huge()), "skillsIn[0]");
    assertInvalid(() => new SkillPolicy("allow", []).deniedAmong(huge()), "names[0]");
    assertInvalid(() => new SkillIndex([]).search("a", { only: huge() }), "options.only[0]");
    assertInvalid(() => new ToolIndex(huge()), "tools[0]");
    assert.ok(performance.now() - started < 2000, "no element past the first was read");
  });

  test("a wrong element is named by its index and field", () => {
    assertInvalid(() => new SkillIndex([{ name: "a", description: "x" }, { name: "b", description: 5 }]), "skillsIn[1].description");
    assertInvalid(() => new SkillPolicy("allow", [{ pattern: "a", action: "deny" }, { pattern: 1, action: "deny" }]), "rules[1].pattern");
    assertInvalid(() => new SkillIndex([], { autoload: { a: ["b", 2] } }), "options.autoload.a[1]");
    assertInvalid(() => resolveSkillScope({ groups: { g: "x" }, profiles: {} }, []), "input.groups.g");
  });
});

describe("one message form everywhere", () => {
  test("core errors read CODE: what happened; what to do", () => {
    const store = RecoveryStore.open();
    const index = new SkillIndex([{ name: "a", description: "alpha" }]);
    const calls = [
      () => store.retrieve("0000000000000000"),
      () => index.load("missing"),
      () => index.browse("c1.bogus.0"),
      () => index.browse("garbage"),
      () => new SkillPolicy("maybe", []),
      () => index.load("a"),
    ];
    for (const call of calls) {
      assert.throws(call, (/** @type {any} */ error) => {
        assert.match(error.message, MESSAGE_FORM, error.message);
        assert.ok(error.message.startsWith(`${error.code}: `), error.message);
        return true;
      });
    }
  });
});

describe("the extension's error helpers keep the one form", () => {
  test("errorCode and errorMessage for addon errors, plain errors and non-errors", async () => {
    const { errorCode, errorMessage } = await import("../extension/shared/native.js");
    let addonError;
    try {
      compact(/** @type {any} */ (1));
    } catch (error) {
      addonError = error;
    }
    assert.equal(errorCode(addonError), "INVALID_ARGUMENT");
    assert.equal(errorMessage(addonError), /** @type {any} */ (addonError).message);
    assert.equal(errorCode(new TypeError("x is not a function")), "INTERNAL");
    assert.match(errorMessage(new TypeError("x; y")), MESSAGE_FORM);
    assert.equal(errorMessage(new TypeError("x; y")), "INTERNAL: x, y; retry, and report it as a pi-lean bug if it repeats");
    assert.match(errorMessage("boom"), MESSAGE_FORM);
    assert.match(errorMessage(Object.assign(new Error("gone"), { code: "RECOVERY_EXPIRED" })), /^RECOVERY_EXPIRED: gone; /);
  });
});

describe("tool errors the model sees keep the one form", () => {
  test("skill load, skill browse and token_retrieve failures read CODE: what happened; what to do", async () => {
    const { runSkillLoad, runSkillSearch } = await import("../extension/skills/tools.js");
    const { runRetrieve } = await import("../extension/token-saver/retrieve.js");
    const index = new SkillIndex([{ name: "a", description: "alpha" }]);
    const store = RecoveryStore.open();
    const outputs = [
      runSkillLoad(index, { name: "missing" }),
      runSkillLoad(index, { name: "a", offset: -1 }),
      runSkillSearch(index, { cursor: "c1.stale.0" }, { descriptionMax: 80, defaultLimit: 5 }),
      runRetrieve({ id: "not-an-id" }, () => [store]),
      runRetrieve({ id: "0123456789abcdef" }, () => [store]),
    ];
    // runRetrieve and skill load read off the event loop (promises); skill search answers at once.
    for (const output of await Promise.all(outputs)) {
      assert.equal(output.isError, true);
      assert.match(output.content[0].text, MESSAGE_FORM, output.content[0].text);
    }
  });
});
