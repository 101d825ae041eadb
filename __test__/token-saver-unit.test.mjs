// The Token Saver's decision rules in isolation (no Pi process): what passes through, how a
// result is compacted, deduplicated and softened after retrievals, how effort is clamped and
// descriptions shortened, and how the setting is written.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { RecoveryStore, contentHash } from "../index.js";
import { MAX_PERSISTED_RANGE_CHARS, asksForMachineReadable, compactToolResult, persistedRanges, rangesFromRecord, hasEditIntent, isSourcePath, largerThanPiSent, passThroughReason, queryHint, MAX_INTENT_CHARS } from "../extension/token-saver/compaction.js";
import { assistantText } from "../extension/token-saver/index.js";
import { ContinuationTracker, clampEffort, shortenDescription, shortenLoadout } from "../extension/token-saver/provider.js";
import { runRetrieve } from "../extension/token-saver/retrieve.js";
import { writeTokenSaverSetting } from "../extension/token-saver/settings.js";
import { TokenSaverStats } from "../extension/token-saver/stats.js";
import { cargoTestRunsFile } from "./helpers/corpus.mjs";

const CARGO_TEST = cargoTestRunsFile();
const skipCorpus = fs.existsSync(CARGO_TEST) ? false : "shared compaction corpus missing";

describe("pass-through rules", () => {
  test("machine-readable output requested on the command line", () => {
    for (const cmd of ["npm ls --json", "kubectl get pods -o json", "kubectl get pods -ojson", "cargo metadata --format=json", "gh pr list --format json", "git status --porcelain", "aws s3api list-buckets --output yaml", "cargo build --message-format=json-diagnostic-rendered-ansi", "curl -s api | jq .items"]) {
      assert.equal(asksForMachineReadable(cmd), true, cmd);
    }
    for (const cmd of ["cargo test", "cat json_parser.rs", "ls -la", "grep -rn json src/", "npm install"]) assert.equal(asksForMachineReadable(cmd), false, cmd);
  });

  test("edit intent and source paths", () => {
    assert.equal(hasEditIntent("Please fix the off-by-one in parser.rs"), true);
    assert.equal(hasEditIntent("Refactoring the loader"), true);
    assert.equal(hasEditIntent("implement retries"), true);
    assert.equal(hasEditIntent("Why do the tests fail?"), false);
    assert.equal(isSourcePath("src/lib.rs"), true);
    assert.equal(isSourcePath("Makefile"), true);
    assert.equal(isSourcePath("build.log"), false);
    assert.equal(isSourcePath("data.json"), false);
  });

  test("which results pass through and why", () => {
    const text = (/** @type {string} */ t) => [{ type: "text", text: t }];
    assert.equal(passThroughReason({ toolName: "token_retrieve", input: {}, content: text("x") }, {}), "own-tool");
    assert.equal(passThroughReason({ toolName: "skill", input: {}, content: text("x") }, {}), "own-tool");
    assert.equal(passThroughReason({ toolName: "read", input: { path: "/s/git/SKILL.md" }, content: text("x") }, {}), "skill-body");
    assert.equal(passThroughReason({ toolName: "bash", input: { command: "cat x" }, content: text('<skill name="a" location="b">') }, {}), "skill-body");
    assert.equal(passThroughReason({ toolName: "bash", input: { command: "npm ls --json" }, content: text("x") }, {}), "machine-readable");
    assert.equal(passThroughReason({ toolName: "api_call", input: { format: "json" }, content: text("x") }, {}), "machine-readable");
    assert.equal(passThroughReason({ toolName: "read", input: { path: "src/a.ts" }, content: text("x") }, { prompt: "fix the bug" }), "edit-source");
    assert.equal(passThroughReason({ toolName: "read", input: { path: "src/a.ts" }, content: text("x") }, { prompt: "explain this" }), null);
    assert.equal(passThroughReason({ toolName: "bash", input: { command: "ls" }, content: text("x"), parentToolCallId: "c1" }, {}), "nested");
    assert.equal(passThroughReason({ toolName: "bash", input: { command: "cargo test" }, content: text("x") }, {}), null);
  });

  test("the query hint names identifiers first, then plain words", () => {
    // Identifiers first, then plain words of four letters or more (the engine keeps those only
    // where they are found on few lines, and drops question words).
    assert.equal(queryHint("Why does test_parse_config fail in src/config.rs?"), "test_parse_config src/config.rs does fail");
    assert.equal(queryHint("Which libssl file did the import open?"), "Which libssl file import open libssl+file import+open");
    assert.equal(queryHint("Why do the tests fail?"), "tests fail tests+fail");
    assert.equal(queryHint("Why so? Is it ok?"), undefined);
    assert.equal(queryHint("check `escape_meta` and parseFlags"), "escape_meta parseFlags check");
    // A call in backticks names its function.
    assert.equal(queryHint("What does `.version()` default to? And `parse_args()`?"), "version parse_args What does default");
    assert.equal(queryHint("What max-width does `.container` get?"), ".container max-width What width does max+width");
    // A hyphenated name is an identifier too; a leading `--` stays with it.
    assert.equal(queryHint("Which version of python-dotenv is locked?"), "python-dotenv Which version python dotenv locked python+dotenv");
    assert.equal(queryHint("what does --max-retries default to"), "--max-retries what does default");
    // A compound of words may be the prose name of what the output spells otherwise
    // (`PositionalArgs`): its parts of four letters or more are plain words too.
    assert.equal(queryHint("Which field holds the positional-argument validator?"), "positional-argument Which field holds positional argument validator positional+argument field+holds");
    assert.equal(queryHint("Which version of pkg-1100 is locked?"), "pkg-1100 Which version locked");
    // A number of four digits or more points at its row; two digits are too common.
    assert.equal(queryHint("What is the row of customer #1234 (port 80)?"), "What customer 1234 port");
    // Three digits name one record too, after the longer words.
    assert.equal(queryHint("What did transaction 777 change?"), "What transaction change 777");
    // So does a short number with decimals; a longer one is a name already.
    assert.equal(queryHint("What does rect(2.3, inf) give?"), "What does rect give 2.3");
    // A short word in capitals or with a digit is a name, after the longer words; a short word
    // in lower case, or a common one in capitals, is not.
    assert.equal(queryHint("What values do SOABI and CC have?"), "What values SOABI have CC");
    assert.equal(
      queryHint("Which udev rule matches the Canon EOS 5D Mark IV?"),
      'Which udev rule matches Canon Mark EOS 5D IV "Canon+EOS+5D+Mark+IV" udev+rule rule+matches canon+eos mark+iv udev+matches',
    );
    assert.equal(queryHint("Where does the stream end? Is it OK?"), "Where does stream stream+end");
    // A file extension names files of its kind.
    assert.equal(queryHint("Which lexer handles .nix files?"), ".nix Which lexer handles files lexer+handles nix+files");
  });

  test("two words written side by side become a phrase that finds the identifier joining them", () => {
    // The engine matches `api+key` as `api_key`, `api-key` and `apikey`, each kept only where
    // few lines hold it.
    assert.equal(queryHint("Which environment variable supplies the API key?"), "Which environment variable supplies API environment+variable variable+supplies api+key environment+supplies");
    // One word in double quotes is a name, whatever its letters, as in a code span.
    assert.equal(queryHint('Against the string "aαβb", what does it match?'), "aαβb Against string what does match");
    // Words in double quotes pass as one quoted term, found as written.
    assert.equal(queryHint('What is the German for "Table of Contents"?'), 'What German Table Contents "Table+of+Contents"');
    // `Class#method` is a name (Ruby's and Java's docs write methods so).
    assert.equal(queryHint("What are the overloads of Hash#fetch?"), "Hash#fetch What overloads");
    // A name of several capitalized words (or numbers) is found as written too; a question word
    // before it is no part of it, and one that opens a sentence may be an ordinary word.
    assert.equal(
      queryHint("Is ISRG Root X1 trusted, and Amazon Root CA 1?"),
      'ISRG Root trusted Amazon X1 CA "ISRG+Root+X1" "Amazon+Root+CA+1" isrg+root amazon+root root+ca amazon+ca',
    );
    assert.equal(queryHint("Show Caps Lock handling"), 'Show Caps Lock handling "Show+Caps+Lock" "Caps+Lock" show+caps caps+lock lock+handling show+lock caps+handling');
    // A code span with blanks in it is text to find as written, as a quoted one is.
    assert.equal(queryHint("What does `Ord for Version` expand to?"), 'Ord for Version What does expand "Ord+for+Version"');
    // Backticks pair in order: the prose between a short span and the next one is no span.
    assert.equal(
      queryHint("Which sequence gives `@`, and what does `<dead_psili> <Greek_omega>` produce?"),
      '<dead_psili> <Greek_omega> dead_psili Greek_omega Which sequence gives what does produce "<dead_psili>+<Greek_omega>" sequence+gives',
    );
    // Of three words in a row, the first and last make a phrase too, after the side-by-side ones.
    assert.equal(queryHint("the default request timeout?"), "default request timeout default+request request+timeout default+timeout");
    // Punctuation or a function word between two words parts them; so does a non-word.
    assert.equal(queryHint("Set the log level, then max retries to 3"), "level then retries log+level max+retries");
    assert.equal(queryHint("timeout (ms) value2 x"), "value2 timeout");
    assert.equal(queryHint("Which findings have 100% confidence?"), "100% Which findings have confidence");
    assert.equal(queryHint("Is coverage below 87.5%, or (12%)?"), "87.5% 12% coverage below coverage+below");
    // At most eight phrases from the prompt and the assistant together, the prompt's first.
    const many = Array.from({ length: 20 }, (_, k) => `alpha${"bcdefghijklmnopqrstuvwxyz"[k]} omega`).join(". ");
    const phrases = /** @type {string} */ (queryHint(many, "said this tail end")).split(" ").filter((t) => t.includes("+"));
    assert.equal(phrases.length, 8);
    assert.equal(phrases[0], "alphab+omega");
  });

  test("what the assistant said before its calls adds its own pointing words after the prompt's", () => {
    const prompt = "Why do the tests fail?";
    assert.equal(queryHint(prompt, undefined), queryHint(prompt));
    assert.equal(queryHint(prompt, "Let me look at `parse_row` in src/csv.rs and the fixtures."), "tests fail src/csv.rs parse_row fixtures look tests+fail");
    // A word the prompt already gave is not repeated; the assistant alone is enough.
    assert.equal(queryHint(prompt, "The tests fail in libcrypto."), "tests fail libcrypto tests+fail");
    assert.equal(queryHint(undefined, "Checking where libssl loads from."), "from loads libssl where Checking libssl+loads");
    // At most sixteen of the assistant's words, the last ones of a long message first.
    const long = `${"verbose filler words here. ".repeat(200)}Now: alpha_one beta_two gamma delta epsilon zeta etaa theta iota kappa`;
    const said = /** @type {string} */ (queryHint(prompt, long))
      .split(" ")
      .slice(2)
      .filter((t) => !t.includes("+"));
    // (Repeated words count once; the filler's first words lie beyond the last 2,000 characters.)
    assert.deepEqual(said, ["beta_two", "alpha_one", "kappa", "iota", "theta", "etaa", "zeta", "epsilon", "delta", "gamma", "here", "words", "filler", "verbose"]);
  });

  test("the assistant's text is its text blocks, not its thinking or its tool calls", () => {
    const message = {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "secret_plan_word" },
        { type: "text", text: "Let me check libssl." },
        { type: "toolCall", id: "c1", name: "bash", arguments: { command: "strace_cmd" } },
      ],
    };
    assert.equal(assistantText(message), "Let me check libssl.");
    assert.equal(assistantText({ content: [{ type: "toolCall", id: "c1", name: "bash", arguments: {} }] }), undefined);
    assert.equal(assistantText({ content: "plain string" }), "plain string");
    assert.equal(assistantText({ content: [{ type: "text", text: "x".repeat(5000) }] })?.length, MAX_INTENT_CHARS);
    assert.equal(assistantText({}), undefined);
  });
});

/** A minimal session for compactToolResult, backed by a real in-memory store. */
function fakeSession() {
  const store = RecoveryStore.open({});
  /** @type {string[]} */
  const aggressivenessAsked = [];
  const feedback = new Map();
  return {
    store,
    aggressivenessAsked,
    feedback,
    session: {
      put: (/** @type {Buffer | string} */ o) => store.put(o),
      storeKey: "s1",
      originals: new Map(),
      delivered: new Set(),
      aggressiveness: (/** @type {string} */ tool) => {
        aggressivenessAsked.push(tool);
        return feedback.get(tool) ?? 1;
      },
      stats: new TokenSaverStats(),
    },
  };
}

describe("compactToolResult", { skip: skipCorpus }, () => {
  const original = skipCorpus ? "" : fs.readFileSync(CARGO_TEST, "utf8");
  const turn = { prompt: "Why do the tests fail?", cwd: os.tmpdir(), recoverable: true };
  const bashEvent = (/** @type {string} */ text, extra = {}) => ({ toolName: "bash", toolCallId: "c", input: { command: "cargo test" }, content: [{ type: "text", text }], details: undefined, isError: false, ...extra });

  test("compacts, stores the original first, records it in details, and keeps other parts", async () => {
    const { session, store } = fakeSession();
    const image = { type: "image", data: "AAAA", mimeType: "image/png" };
    const patch = /** @type {any} */ (await compactToolResult({ ...bashEvent(original), content: [{ type: "text", text: original }, image] }, turn, session));
    assert.ok(patch);
    assert.deepEqual(patch.content[1], image, "images untouched");
    const id = contentHash(original);
    assert.ok(patch.content[0].text.includes(`token_retrieve id=${id}`));
    assert.equal(store.retrieve(id, 1, 1000).text, original);
    assert.equal(patch.details.tokenSaver.id, id);
    assert.equal(patch.details.tokenSaver.store, "s1");
    assert.equal(patch.isError, undefined, "error status is never touched");
    assert.equal(session.stats.compactions, 1);
  });

  test("an exact repeat becomes a reference; the exit status of a failing command stays", async () => {
    const { session } = fakeSession();
    await compactToolResult(bashEvent(original), turn, session);
    const repeat = /** @type {any} */ (await compactToolResult(bashEvent(original), turn, session));
    assert.equal(repeat.content[0].text, `[Same output as an earlier bash result (872 lines) · token_retrieve id=${contentHash(original)} startLine=1]`);
    assert.equal(session.stats.repeats, 1);
  });

  test("the tool's aggressiveness comes from retrieval feedback", async () => {
    const { session, feedback, aggressivenessAsked } = fakeSession();
    const before = /** @type {any} */ (await compactToolResult(bashEvent(original), turn, session));
    feedback.set("bash", 0.75);
    const after = /** @type {any} */ (await compactToolResult(bashEvent(`${original}\nagain\n`), turn, session));
    assert.deepEqual(aggressivenessAsked, ["bash", "bash"]);
    assert.ok(after.content[0].text.length > before.content[0].text.length, "keeps more after retrievals");
    feedback.set("bash", 0.25);
    const gentlest = /** @type {any} */ (await compactToolResult(bashEvent(`${original}\nagain\n\n`), turn, session));
    assert.ok(gentlest === undefined || gentlest.content[0].text.length >= after.content[0].text.length);
  });

  test("nothing happens without token_retrieve, below the threshold, or when anything fails", async () => {
    const { session } = fakeSession();
    assert.equal(await compactToolResult(bashEvent(original), { ...turn, recoverable: false }, session), undefined);
    assert.equal(await compactToolResult(bashEvent("short\n"), turn, session), undefined);
    const broken = { ...session, put: () => { throw Object.assign(new Error("disk full"), { code: "RECOVERY_IO" }); } };
    await assert.rejects(compactToolResult(bashEvent(original), turn, broken), /disk full/, "the caller turns this into a pass-through");
  });

  test("a Pi-truncated bash result is compacted from the full output file", async () => {
    const { session } = fakeSession();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-full-"));
    try {
      const full = path.join(dir, "full.log");
      const big = `error: the first thing that went wrong\n${"   Compiling filler v0.1.0\n".repeat(3000)}`;
      fs.writeFileSync(full, big);
      const tail = `${"   Compiling filler v0.1.0\n".repeat(5)}\n\n[Showing lines 2000-3001 of 3001. Full output: ${full}]\n\nCommand exited with code 101`;
      const patch = /** @type {any} */ (await compactToolResult(bashEvent(tail, { isError: true, details: { truncation: { truncated: true }, fullOutputPath: full } }), turn, session));
      const text = patch.content[0].text;
      assert.ok(text.startsWith("error: the first thing that went wrong\n"));
      assert.ok(text.endsWith("\n\nCommand exited with code 101"));
      assert.ok(!text.includes("Full output:"));
      assert.equal(patch.details.tokenSaver.fromFullOutput, true);
      assert.equal(patch.details.fullOutputPath, full, "Pi's details are kept");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("never worse than stock Pi", () => {
  const turn = { prompt: "Why does the build fail?", cwd: os.tmpdir(), recoverable: true };
  /** A generated build log: many distinct errors among compile lines. */
  const buildLog = () => Array.from({ length: 4000 }, (_, i) => (i % 40 === 7 ? `src/unit_${i}.c:${i}:3: error: unknown type name 'thing_${i}_t'` : `cc -O2 -Wall -c src/unit_${i}.c -o build/unit_${i}.o`)).join("\n") + "\nmake: *** [Makefile:9: all] Error 2\n";
  const bashEvent = (/** @type {string} */ text, extra = {}) => ({ toolName: "bash", toolCallId: "c", input: { command: "make" }, content: [{ type: "text", text }], details: undefined, isError: true, ...extra });

  test("a view larger than the result Pi would have sent leaves Pi's result as it is", async () => {
    const { session, store } = fakeSession();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-guard-"));
    try {
      const full = path.join(dir, "full.log");
      fs.writeFileSync(full, buildLog());
      // A Pi result far smaller than any faithful view of the full output.
      const tiny = `make: *** [Makefile:9: all] Error 2\n\n[Showing lines 4001-4001 of 4001. Full output: ${full}]`;
      const patch = await compactToolResult(bashEvent(tiny, { details: { truncation: { truncated: true }, fullOutputPath: full } }), turn, session);
      assert.equal(patch, undefined);
      assert.equal(session.originals.size, 0, "nothing stored for a view that was not sent");
      assert.equal(store.stats().entries, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the per-tool budget sizes the view, and the view stays within Pi's cut", async () => {
    const log = buildLog();
    const { session } = fakeSession();
    const wide = /** @type {any} */ (await compactToolResult(bashEvent(log), turn, { ...session, budgetTokens: () => 8000 }));
    const { session: other } = fakeSession();
    /** @type {string[]} */
    const asked = [];
    const narrow = /** @type {any} */ (await compactToolResult(bashEvent(log), turn, { ...other, budgetTokens: (/** @type {string} */ tool) => (asked.push(tool), 300) }));
    assert.deepEqual(asked, ["bash"]);
    const [a, b] = [wide.content[0].text, narrow.content[0].text];
    assert.ok(b.length < a.length, `${b.length} < ${a.length}`);
    assert.ok(Buffer.byteLength(a) <= 50 * 1024);
    assert.ok(b.includes("error: unknown type name 'thing_7_t'"), "the first error survives the small budget");
    assert.ok(b.includes("make: *** [Makefile:9: all] Error 2"));
  });

  test("largerThanPiSent compares UTF-8 bytes", () => {
    assert.equal(largerThanPiSent("ééé", "abcdef"), false);
    assert.equal(largerThanPiSent("éééé", "abcdefg"), true);
    assert.equal(largerThanPiSent("x", "x".repeat(10)), false);
  });
});

describe("token_retrieve", () => {
  test("pages with a continuation, clamps maxLines, and reports stable codes", async () => {
    const store = RecoveryStore.open({});
    const text = Array.from({ length: 1500 }, (_, i) => `line ${i + 1}\n`).join("");
    const id = store.put(text);
    const first = await runRetrieve({ id }, () => [store]);
    assert.equal(first.content[0].text, `${text.split(/(?<=\n)/).slice(0, 240).join("")}[lines 1-240 of 1500 · more: token_retrieve id=${id} startLine=241]`);
    const big = await runRetrieve({ id: `id=${id}`, startLine: 2, maxLines: 5000 }, () => [store]);
    assert.equal(big.details.endLine, 1001, "maxLines is capped at 1000");
    const last = await runRetrieve({ id, startLine: 1500 }, () => [store]);
    assert.equal(last.content[0].text, "line 1500\n");
    assert.equal((await runRetrieve({ id: "nope" }, () => [store])).details.code, "INVALID_ARGUMENT");
    assert.equal((await runRetrieve({ id: "0123456789abcdef" }, () => [store], () => true)).details.code, "RECOVERY_EXPIRED");
    assert.equal((await runRetrieve({ id: "0123456789abcdef" }, () => [store], () => true)).isError, true);
  });

  test("an id this session never issued is unknown, not expired, and the message says what to do", async () => {
    const store = RecoveryStore.open({});
    const issued = new Set(["00000000000000aa"]);
    const unknown = await runRetrieve({ id: "0123456789abcdef" }, () => [store], (id) => issued.has(id));
    assert.equal(unknown.isError, true);
    assert.equal(unknown.details.code, "RECOVERY_UNKNOWN_ID");
    assert.equal(
      unknown.content[0].text,
      "RECOVERY_UNKNOWN_ID: id=0123456789abcdef is not from a compacted result of this session (an id only works in the session that produced it and its forks); use the id= of a marker in this conversation, or re-run the command",
    );
    // Issued here but no longer stored: expired, as before.
    const expired = await runRetrieve({ id: "00000000000000aa" }, () => [store], (id) => issued.has(id));
    assert.equal(expired.details.code, "RECOVERY_EXPIRED");
    // Stored but not recorded (e.g. a result whose session entry was lost): still returned.
    const id = store.put("x\n".repeat(10));
    const found = await runRetrieve({ id }, () => [store], () => false);
    assert.equal(found.isError, undefined);
  });
});

describe("provider shaping", () => {
  test("only existing effort fields are lowered, never added", () => {
    assert.deepEqual(clampEffort({ model: "m", reasoning_effort: "high" }), { model: "m", reasoning_effort: "low" });
    assert.deepEqual(clampEffort({ reasoning: { effort: "xhigh", summary: "auto" } }), { reasoning: { effort: "low", summary: "auto" } });
    assert.deepEqual(clampEffort({ output_config: { effort: "max" }, thinking: { type: "enabled", budget_tokens: 16000 } }), { output_config: { effort: "low" }, thinking: { type: "enabled", budget_tokens: 1024 } });
    assert.equal(clampEffort({ reasoning_effort: "low" }), null);
    assert.equal(clampEffort({ reasoning_effort: "minimal" }), null);
    assert.equal(clampEffort({ model: "m", messages: [] }), null);
    assert.equal(clampEffort({ thinking: { type: "adaptive" } }), null);
  });

  test("a continuation is routine only after successful look-ups with no problem earlier in the run", () => {
    const t = new ContinuationTracker();
    t.startRun();
    t.startTurn();
    assert.equal(t.routineContinuation, false, "first request of a run");
    t.recordResult({ toolName: "read", isError: false });
    t.startTurn();
    assert.equal(t.routineContinuation, true);
    t.recordResult({ toolName: "bash", isError: false });
    t.startTurn();
    assert.equal(t.routineContinuation, false, "bash is not routine");
    t.recordResult({ toolName: "read", isError: false });
    t.startTurn();
    assert.equal(t.routineContinuation, false, "an earlier non-routine result blocks the rest of the run");
    t.startRun();
    t.recordResult({ toolName: "read", isError: true });
    t.startTurn();
    assert.equal(t.routineContinuation, false, "a failed read");
  });

  test("only unusually long descriptions are shortened, to whole sentences", () => {
    const long = `${"This tool does one precise thing. ".repeat(30)}`.trim();
    const short = shortenDescription(long);
    assert.ok(short.length <= 320 && short.endsWith("thing."));
    assert.equal(shortenDescription("Read file contents."), "Read file contents.");
    const oneSentence = "x".repeat(700);
    assert.ok(shortenDescription(oneSentence).length <= 321);
    const { descriptions, removed } = shortenLoadout({ declared: [{ name: "a", description: long }, { name: "b", description: "short" }] });
    assert.deepEqual(Object.keys(descriptions), ["a"]);
    assert.equal(removed, long.length - short.length);
  });
});

describe("the tokenSaver setting", () => {
  test("is written atomically, keeping other keys; an active profile owns it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-setting-"));
    try {
      const file = path.join(dir, "pi-lean.json");
      writeTokenSaverSetting(dir, "on");
      assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), { tokenSaver: "on" });
      // Only the value changes: the user's layout and key order stay byte for byte.
      fs.writeFileSync(file, '{ "tokenSaver":"on",\n\t"searchLimit" : 3 }');
      writeTokenSaverSetting(dir, "off");
      assert.equal(fs.readFileSync(file, "utf8"), '{ "tokenSaver":"off",\n\t"searchLimit" : 3 }');
      fs.writeFileSync(file, JSON.stringify({ groups: { g: ["a"] }, profiles: { work: ["g"] }, activeProfile: "work" }));
      writeTokenSaverSetting(dir, "on");
      assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")).profiles.work, { groups: ["g"], settings: { tokenSaver: "on" } });
      assert.deepEqual(fs.readdirSync(dir), ["pi-lean.json"], "no temp file left behind");
      fs.writeFileSync(file, '{"a": 1, "a": 2}');
      assert.throws(() => writeTokenSaverSetting(dir, "on"), /duplicate key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("ranges kept in a result's session record", () => {
  test("round-trip in order, bounded in size; malformed or missing ranges are null", () => {
    const ranges = Array.from({ length: 400 }, (_, i) => ({ startLine: i * 10 + 1, endLine: i * 10 + 9, template: `step <*> of run ${"x".repeat(i % 50)}` }));
    const kept = persistedRanges(ranges);
    assert.ok(kept.length > 10 && kept.length < ranges.length, `kept ${kept.length}`);
    assert.ok(JSON.stringify(kept).length <= MAX_PERSISTED_RANGE_CHARS * 1.1);
    assert.deepEqual(rangesFromRecord(JSON.parse(JSON.stringify(kept))), ranges.slice(0, kept.length));
    assert.equal(rangesFromRecord(undefined), null);
    assert.equal(rangesFromRecord([[1, "2", "t"]]), null);
  });
});
