// @ts-check
/**
 * `tool_result` compaction. Every tool's text content goes through the Rust engine with the
 * tool name, command or path, and identifiers from the user's prompt as hints; the original is
 * stored first (durably, for a persisted session: on disk before the view is returned), so a
 * marker's `id=<id>` can always be retrieved, after a crash too. Results the model must see
 * verbatim pass through: images, small output, skill bodies, pi-lean's own tools, output the
 * caller explicitly asked for as machine-readable, and source files read for an edit task.
 * When Pi's bash or read truncation already cut the output, the full output is compacted
 * instead of Pi's tail, because failures often sit in the part the tail drops.
 * Any failure returns nothing, which leaves Pi's result untouched (fail open).
 * Never worse than stock Pi: a view fits the per-tool budget (`compactionBudget`), the engine
 * caps it at the size of Pi's own 2,000-line / 50 KB cut, and a last check here leaves Pi's
 * result as it is whenever the view would still be larger than what Pi would have sent.
 */
import fs from "node:fs";
import path from "node:path";
import { native } from "../shared/native.js";
import { MAX_NEAR_REPEAT_BYTES, RecentOutputs, nearRepeatView } from "./repeats.js";

/** pi-lean's own tools: their output is already sized for the model. */
export const OWN_TOOLS = new Set(["token_retrieve", "token_tool_search", "skill_search", "skill"]);

/** Below this many bytes nothing is compacted (the engine agrees, this just skips the call). */
export const THRESHOLD_BYTES = 1024;
/** Largest full output read back from disk after Pi's truncation. */
export const MAX_FULL_OUTPUT_BYTES = 32 * 1024 * 1024;
/** Above this, compaction runs off the main thread. */
export const ASYNC_BYTES = 256 * 1024;

/**
 * A command, or any string argument, that asks for machine-readable output: `--json`,
 * `-o json`, `--format=json`, `--output yaml`, `--porcelain`, `| jq` and the like.
 */
const MACHINE_READABLE_RE =
  /(?:^|\s)--?(?:json|jsonl|ndjson|porcelain(?:=v?\d)?|message-format[= ]json\S*|reporter[= ]json)(?=\s|$|=)|(?:^|\s)(?:-o|-f|--output|--format|--output-format|--out-format|--print-format)(?:\s*=?\s*|\s+)["']?(?:json|jsonl|ndjson|yaml|yml|csv|tsv|xml|go-template\S*|jsonpath\S*)\b|\|\s*(?:jq|yq)\b/i;

/** Words in the user's prompt that mean source files are about to be changed. */
const EDIT_INTENT_RE = /\b(?:edit|fix|patch|refactor|implement|modify|rewrite|debug|change)\w*/i;

/** Extensions of files an editor would change as code. */
const SOURCE_EXTENSIONS = new Set(
  (
    "c h cc cpp cxx hpp hh hxx cs java kt kts scala go rs py pyi rb php pl pm swift m mm js jsx mjs cjs ts tsx mts cts " +
    "vue svelte astro lua dart ex exs erl hrl clj cljs elm hs ml mli fs fsx r jl zig nim sol sh bash zsh fish ps1 sql " +
    "css scss sass less html htm graphql proto gradle cmake mk"
  ).split(" "),
);
const SOURCE_BASENAMES = new Set(["makefile", "dockerfile", "rakefile", "gemfile", "justfile", "build", "cmakelists.txt"]);

/** @param {string | undefined} command */
export function asksForMachineReadable(command) {
  return typeof command === "string" && MACHINE_READABLE_RE.test(command);
}

/** @param {string | undefined} prompt */
export function hasEditIntent(prompt) {
  return typeof prompt === "string" && EDIT_INTENT_RE.test(prompt);
}

/** @param {string | undefined} file */
export function isSourcePath(file) {
  if (typeof file !== "string" || !file) return false;
  const base = path.basename(file).toLowerCase();
  if (SOURCE_BASENAMES.has(base)) return true;
  const dot = base.lastIndexOf(".");
  return dot > 0 && SOURCE_EXTENSIONS.has(base.slice(dot + 1));
}

/** Identifiers taken from a text, and terms from the prompt and from what the assistant said:
 * the engine bounds the lines they keep. */
const MAX_NAMED_PER_TEXT = 8;
const MAX_PROMPT_TERMS = 16;
const MAX_INTENT_TERMS = 16;
/** What the assistant said before its calls is read from its end, nearest the calls. */
export const MAX_INTENT_CHARS = 2000;

/**
 * The words of `text` that may point at lines of an output: the identifiers a writer names on
 * purpose (paths, snake_case, kebab-case, camelCase, dotted names, numbers with letters, backticked text)
 * and the plain words of four letters or more, or numbers of four digits or more (`customer 1234`,
 * `port 8080`: the engine counts a number only as a whole one), and percentages (`100%`, named:
 * every line holding one is a hit, thinned per line shape); with `latestFirst`, the words
 * nearest the end come first.
 * @param {string | undefined} text
 * @param {boolean} [latestFirst]
 */
function pointingWords(text, latestFirst = false) {
  /** @type {string[]} */
  const named = [];
  /** @type {string[]} */
  const plain = [];
  /** @type {string[]} */
  const short = [];
  /** @type {string[]} */
  const compounds = [];
  if (!text) return { named, plain, phrases: [] };
  // A call written as a name (`.version()`, `parse()`) names the function: its definition is what the output holds.
  for (const span of codeSpans(text)) named.push(...span.split(/\s+/).map((w) => w.replace(/^\.?([A-Za-z_$][\w$]*)\(\)$/, "$1")));
  // One word in double quotes is the exact text the user looks for, as in a code span
  // (`"aαβb"`, `"frobnicate"`), whatever its letters.
  for (const m of text.matchAll(/["\u201c]([^\s"\u201d]{3,80})["\u201d]/g)) named.push(m[1]);
  for (const raw of text.split(/[\s,;()[\]{}"'`<>]+/)) {
    // A percentage names a value the output prints with its sign (`100% confidence`, `0.5%`).
    const percent = /^(\d+(?:\.\d+)?%)[^\w%]*$/.exec(raw);
    if (percent) {
      named.push(percent[1]);
      continue;
    }
    const word = raw.replace(/^[^\w./-]+|[^\w/]+$/g, "");
    // A short word written in capitals or with a digit (`CC`, `PID`, `MIT`, `5D`) is a name:
    // the engine finds it as a whole word only, written as here. It comes after the longer
    // words, which say more. Short words in lower case are most often English (`end`, `top`).
    // A number of three digits points at one record (`transaction 777`, `line 182`), found as a
    // whole number only where few lines hold it; two digits are too common (`port 80`, `top 10`).
    // So does a number with decimals (`rect(2.3, inf)`, `a 0.25 threshold`).
    const shortName = /^(?:[A-Z]{2,3}|(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{2,3})$/.test(word) && !SHORT_COMMON_WORDS.has(word.toLowerCase());
    if (shortName || /^\d{3}$/.test(word) || /^\d+\.\d+$/.test(word)) {
      short.push(word);
      continue;
    }
    // A file extension (`.nix`, `.toml`) names the files of a kind: the engine finds it where
    // a path or a pattern holds it.
    if (/^\.[A-Za-z][A-Za-z0-9]{1,7}$/.test(word) && !text.includes(`${word}(`)) {
      named.push(word);
      continue;
    }
    if (word.length < 4) continue;
    // A hyphen inside a word joins the parts of a name (`python-dotenv`, `rust-std`, `--max-retries`).
    // So does a `#` between two (`Hash#fetch`, Ruby's and Java's way to write a method of a class).
    if (/[_/]|::|\w\.\w|\w#\w|[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]|[A-Za-z0-9]-[A-Za-z0-9]/.test(word)) {
      named.push(word);
      // A compound of words (`positional-argument`, `read-only`) may be the prose name of what
      // the output spells otherwise (`PositionalArgs`, `ReadOnly`): its parts are plain words too.
      if (/^[A-Za-z]+(?:-[A-Za-z]+)+$/.test(word)) plain.push(...word.split("-").filter((part) => part.length >= 4));
      // Two words a hyphen joins (`append-only`, `dry-run`) are also the phrase that finds the
      // identifier spelling them as one (`appendonly`, `dry_run`, `DryRun`).
      const pair = /^([A-Za-z]{2,24})-([A-Za-z]{2,24})$/.exec(word);
      if (pair) compounds.push(`${pair[1].toLowerCase()}+${pair[2].toLowerCase()}`);
    } else if (/^(?:[A-Za-z]+|\d+)$/.test(word)) plain.push(word);
  }
  const joined = [...quoted(text), ...properNames(text), ...compounds, ...phrases(text)];
  if (latestFirst) {
    named.reverse();
    plain.reverse();
    short.reverse();
    joined.reverse();
  }
  plain.push(...short);
  return { named: named.filter((t) => t.length >= 3).slice(0, MAX_NAMED_PER_TEXT), plain, phrases: joined.slice(0, MAX_PHRASES_PER_TEXT) };
}

/** Short words that join no name: articles, prepositions, pronouns and question words. */
const FUNCTION_WORDS = new Set(
  "a an and are as at be but by can did do does for from has have how i if in into is it its me my of on or our so than that the their then there these this those to us was we were what when where which who why will with you your".split(
    " ",
  ),
);
/**
 * Short words that name nothing in an output: the function words, and common verbs,
 * quantifiers and question words of two or three letters.
 */
const SHORT_COMMON_WORDS = new Set([
  ...[...FUNCTION_WORDS].filter((w) => w.length <= 3),
  ..."all any ask bad big can did get got had has her him his let may new not now off ok old one own per put ran run saw say see set she too top two use was way who why yes yet".split(" "),
]);

/** Phrases taken from one text. */
const MAX_PHRASES_PER_TEXT = 8;

/** Most words of a quoted text passed as one term. */
const MAX_QUOTED_WORDS = 8;

/**
 * The code spans of `text` of 3 to 80 characters. Backticks pair in order, so a short span
 * (`` `@` ``) does not make the prose between two spans one.
 * @param {string} text
 * @returns {string[]}
 */
function codeSpans(text) {
  return [...text.matchAll(/`([^`\n]*)`/g)].map((m) => m[1]).filter((span) => span.length >= 3 && span.length <= 80);
}

/**
 * Words the writer put in double quotes (`"Table of Contents"`, `"connection refused"`) or in
 * one code span (`` `Ord for Version` ``, `` `<dead_psili> <dead_tilde> <Greek_omega>` ``), as
 * the engine's quoted term `"table+of+contents"`, found as written: the exact text the user
 * looks for, where each of its words alone is common. Two to eight words, none holding `+` or
 * `"`.
 * @param {string} text
 * @returns {string[]}
 */
function quoted(text) {
  /** @type {string[]} */
  const out = [];
  const quotes = [...text.matchAll(/["\u201c]([^"\u201d\n]{3,80})["\u201d]/g)].map((m) => m[1]);
  for (const inner of [...quotes, ...codeSpans(text)]) {
    const words = inner.trim().split(/\s+/);
    if (words.length < 2 || words.length > MAX_QUOTED_WORDS || words.some((w) => w.includes("+") || w.includes('"'))) continue;
    out.push(`"${words.join("+")}"`);
  }
  return out;
}

/** A word of a name written in capitals: `Amazon`, `CA`, `X2`, `5D`, `1`. */
const NAME_WORD = /^(?:[A-Z][A-Za-z0-9]*|[0-9][A-Za-z0-9]*)$/;

/**
 * Names the writer spelled as several words, each capitalized or a number (`Amazon Root CA 1`,
 * `Canon EOS 5D Mark IV`, `Subject Key Identifier`, `CREATE TABLE`), as the engine's quoted
 * term, found as written: an output prints such a name the same way, and it tells one record
 * from its look-alikes (`Amazon Root CA 2`) where each word alone is on many lines. Punctuation
 * or a code span ends a name; a question word or function word before it is no part of it
 * (`Is ISRG Root X1`). A name that opens a sentence may start with an ordinary word written
 * in capitals there (`Show Caps Lock handling`): it also comes without that word. Two to
 * eight words, at least one of them with a letter.
 * @param {string} text
 * @returns {string[]}
 */
function properNames(text) {
  /** @type {string[]} */
  const out = [];
  /** @param {string[]} run @param {boolean} sentenceStart */
  const flush = (run, sentenceStart) => {
    while (run.length > 0 && FUNCTION_WORDS.has(run[0].toLowerCase())) {
      run.shift();
      sentenceStart = false;
    }
    const variants = sentenceStart ? [run, run.slice(1)] : [run];
    for (const words of variants) {
      if (words.length >= 2 && words.length <= MAX_QUOTED_WORDS && words.some((w) => /[A-Za-z]/.test(w))) out.push(`"${words.join("+")}"`);
    }
  };
  /** @type {string[]} */
  let run = [];
  let runStartsSentence = true;
  let sentenceStart = true;
  for (const raw of text.replace(/`[^`\n]*`/g, " | ").split(/\s+/)) {
    const m = /^([^A-Za-z0-9]*)([A-Za-z0-9]+)([^A-Za-z0-9]*)$/.exec(raw);
    const word = m && NAME_WORD.test(m[2]) ? m[2] : "";
    if (!word || m?.[1]) {
      flush(run, runStartsSentence);
      run = [];
    }
    if (word) {
      if (run.length === 0) runStartsSentence = sentenceStart && !m?.[1];
      run.push(word);
    }
    if (!word || m?.[3]) {
      flush(run, runStartsSentence);
      run = [];
    }
    sentenceStart = raw === "" ? sentenceStart : /[.?!:]$/.test(raw);
  }
  flush(run, runStartsSentence);
  return [...new Set(out)];
}

/**
 * Two words a writer put side by side (`API key`, `max retries`, `log level`) as the engine's
 * phrase term `api+key`, which finds the one identifier an output joins them into
 * (`ANTHROPIC_API_KEY`, `--max-retries`, `logLevel`) where few lines hold it. Punctuation
 * between two words, or a function word, parts them. Of three words in a row, the first and
 * the last also make a phrase, after all the side-by-side ones: a name leaves out the word in
 * the middle ("the default request timeout" is `DEFAULT_TIMEOUT`).
 * @param {string} text
 * @returns {string[]}
 */
function phrases(text) {
  /** @type {string[]} */
  const adjacent = [];
  /** @type {string[]} */
  const skipping = [];
  let previous = "";
  let before = "";
  for (const raw of text.split(/\s+/)) {
    const core = /^([^A-Za-z]*)([A-Za-z]{2,24})([^A-Za-z]*)$/.exec(raw);
    const word = core && !FUNCTION_WORDS.has(core[2].toLowerCase()) ? core[2].toLowerCase() : "";
    const joined = word && previous && !core?.[1];
    if (joined) adjacent.push(`${previous}+${word}`);
    if (joined && before) skipping.push(`${before}+${word}`);
    const open = word && !core?.[3];
    before = open && joined ? previous : "";
    previous = open ? word : "";
  }
  return [...new Set([...adjacent, ...skipping])];
}

/**
 * The engine's `query`: the words of the user's prompt, then of what the assistant said just
 * before calling the tool ("let me see which libssl python loads"), that may point at lines of
 * the output. Identifiers come first, and the engine keeps every line naming one; plain words
 * (`libssl`, `refunded`) and phrases (`api+key`, see `phrases`) it keeps only where they are
 * selective (found on a few lines of the output), and it ignores common words and question
 * words, so a chatty sentence changes nothing.
 * @param {string | undefined} prompt
 * @param {string | undefined} [intent] the assistant's text before its tool calls
 */
export function queryHint(prompt, intent) {
  const asked = pointingWords(prompt);
  // The assistant's last words before the calls say what it looks for.
  const said = pointingWords(intent?.slice(-MAX_INTENT_CHARS), true);
  const fromPrompt = [...new Set([...asked.named, ...asked.plain])].slice(0, MAX_PROMPT_TERMS);
  const fromIntent = [...new Set([...said.named, ...said.plain])].filter((t) => !fromPrompt.includes(t)).slice(0, MAX_INTENT_TERMS);
  const joined = [...new Set([...asked.phrases, ...said.phrases])].slice(0, MAX_PHRASES_PER_TEXT);
  const unique = [...fromPrompt, ...fromIntent, ...joined];
  return unique.length > 0 ? unique.join(" ") : undefined;
}

/**
 * Why a result must reach the model unchanged, or null when it may be compacted.
 * @param {{ toolName: string, input: Record<string, unknown>, content: Array<{type: string, text?: string}>, parentToolCallId?: string }} event
 * @param {{ prompt?: string }} turn
 */
export function passThroughReason(event, turn) {
  // Nested calls feed a script, not the model.
  if (event.parentToolCallId) return "nested";
  if (OWN_TOOLS.has(event.toolName)) return "own-tool";
  const input = event.input ?? {};
  const filePath = typeof input.path === "string" ? input.path : typeof input.file_path === "string" ? input.file_path : undefined;
  if (filePath && path.basename(filePath) === "SKILL.md") return "skill-body";
  const text = event.content.find((part) => part.type === "text")?.text ?? "";
  if (text.startsWith("<skill name=")) return "skill-body";
  for (const value of Object.values(input)) {
    if (typeof value === "string" && asksForMachineReadable(value)) return "machine-readable";
  }
  const format = input.format ?? input.output ?? input.outputFormat;
  if (typeof format === "string" && /^(?:json|jsonl|ndjson|yaml|csv|xml)$/i.test(format)) return "machine-readable";
  if (event.toolName === "read" && isSourcePath(filePath) && hasEditIntent(turn.prompt)) return "edit-source";
  return null;
}

/**
 * The bytes Pi's tool saw before its own truncation, when Pi cut them: bash keeps the full
 * output in `details.fullOutputPath`; read's full text is the file itself (from `offset`, for
 * `limit` lines). Returns null when nothing was cut or the full output is unavailable or huge.
 * @param {{ toolName: string, input: Record<string, unknown>, details?: any }} event
 * @param {string} cwd
 * @returns {Buffer | null}
 */
export function fullOutputBeforeTruncation(event, cwd) {
  const details = event.details;
  if (!details || typeof details !== "object" || !details.truncation) return null;
  try {
    if (event.toolName === "bash" && typeof details.fullOutputPath === "string") {
      if (fs.statSync(details.fullOutputPath).size > MAX_FULL_OUTPUT_BYTES) return null;
      return fs.readFileSync(details.fullOutputPath);
    }
    if (event.toolName === "read" && typeof event.input.path === "string") {
      const file = path.resolve(cwd, event.input.path.replace(/^@/, ""));
      if (fs.statSync(file).size > MAX_FULL_OUTPUT_BYTES) return null;
      const bytes = fs.readFileSync(file);
      const offset = Number.isInteger(event.input.offset) ? Math.max(1, /** @type {number} */ (event.input.offset)) : 1;
      const limit = Number.isInteger(event.input.limit) ? Math.max(1, /** @type {number} */ (event.input.limit)) : Infinity;
      return sliceLines(bytes, offset, limit);
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * Lines `start..start+count-1` (1-based) of `bytes`, exact bytes, without the final newline
 * (Pi's read output joins lines with `\n` and has no trailing newline).
 * @param {Buffer} bytes @param {number} start @param {number} count
 */
function sliceLines(bytes, start, count) {
  let line = 1;
  let from = 0;
  while (line < start && from < bytes.length) {
    const nl = bytes.indexOf(10, from);
    if (nl < 0) return Buffer.alloc(0);
    from = nl + 1;
    line += 1;
  }
  let to = from;
  let taken = 0;
  while (taken < count && to < bytes.length) {
    const nl = bytes.indexOf(10, to);
    if (nl < 0) {
      to = bytes.length;
      break;
    }
    taken += 1;
    to = taken < count ? nl + 1 : nl;
    if (taken === count) break;
  }
  let slice = bytes.subarray(from, to);
  if (slice.length > 0 && slice[slice.length - 1] === 10) slice = slice.subarray(0, slice.length - 1);
  return slice;
}

/** Pi appends the exit status to a failing command's output; it must stay visible. */
const EXIT_STATUS_RE = /\n\n(Command exited with code -?\d+|Command timed out after [^\n]*|Command aborted)$/;

/**
 * @typedef {object} CompactionSession  what compaction needs from the session
 * @property {(original: Buffer | string) => string | Promise<string>} put  stores an original (opens the store
 *   lazily); a promise settles once the original is durable, and a rejection leaves the result as Pi sent it
 * @property {string} storeKey                         session key of the store the originals go to
 * @property {Map<string, {tool: string, storeKey: string}>} originals  id -> producing tool and store
 * @property {Set<string>} delivered                   ids whose content the model has seen this context
 * @property {(tool: string) => number} aggressiveness 0..1 for this tool (lower keeps more)
 * @property {(input: Buffer | string, options: Record<string, any>) => Promise<import("../../index.js").CompactResult>} [compact]
 *   replaces the engine call (retrieval feedback picks the aggressiveness per content kind)
 * @property {(tool: string) => number} [budgetTokens] per-result budget for this tool (estimated tokens)
 * @property {import("./stats.js").TokenSaverStats} stats
 * @property {import("./repeats.js").RecentOutputs} [recent] latest results per tool and command, for near repeats
 */

/**
 * Compacts one tool result. Returns the patch for Pi, or undefined to leave it as it is.
 * @param {any} event  Pi's `tool_result` event
 * @param {{ prompt?: string, intent?: string, cwd: string, recoverable: boolean }} turn
 * @param {CompactionSession} session
 */
export async function compactToolResult(event, turn, session) {
  if (!turn.recoverable) return undefined; // no marker without token_retrieve, so no lossy view
  if (passThroughReason(event, turn)) return undefined;
  const textParts = event.content.map((/** @type {any} */ part, /** @type {number} */ i) => (part.type === "text" ? i : -1)).filter((/** @type {number} */ i) => i >= 0);
  if (textParts.length !== 1) return undefined;
  const index = textParts[0];
  const piText = /** @type {string} */ (event.content[index].text ?? "");

  const full = fullOutputBeforeTruncation(event, turn.cwd);
  /** @type {Buffer | string} */
  let original = piText;
  let suffix = "";
  if (full) {
    original = full;
    const status = piText.match(EXIT_STATUS_RE);
    if (status) suffix = `\n\n${status[1]}`;
  }
  const originalBytes = typeof original === "string" ? Buffer.byteLength(original) : original.length;
  if (originalBytes < THRESHOLD_BYTES) return undefined;

  const id = native.contentHash(original);
  const tool = String(event.toolName);
  const command = typeof event.input?.command === "string" ? event.input.command : undefined;
  const filePath = typeof event.input?.path === "string" ? event.input.path : undefined;

  const recentKey = session.recent ? RecentOutputs.key(tool, event.input) : undefined;
  const originalText = recentKey && originalBytes <= MAX_NEAR_REPEAT_BYTES ? (typeof original === "string" ? original : original.toString("utf8")) : undefined;
  const rememberRecent = () => {
    if (recentKey && originalText !== undefined) session.recent?.remember(recentKey, id, recentLabel(tool, event.input), originalText);
  };

  /** @type {string} */
  let text;
  /** @type {Record<string, unknown>} */
  let record;
  if (session.delivered.has(id)) {
    // The model already has this exact output in context: a short reference replaces it.
    await session.put(original);
    const lines = countLines(original);
    text = `[Same output as an earlier ${tool} result (${lines} lines) · token_retrieve id=${id} startLine=1]${suffix}`;
    record = { id, store: session.storeKey, tool, repeat: true, originalBytes, originalChars: piText.length, stockChars: piText.length, outputBytes: Buffer.byteLength(text) };
    session.stats.recordResult({ originalChars: piText.length, stockChars: piText.length, outputChars: text.length, repeat: true });
  } else {
    // A rerun that printed the earlier result again with a few lines new, changed or gone: those
    // lines only. The model has the earlier result, so this view hides nothing that changed,
    // which a fold of the new output alone could. It is preferred even where a fold would be
    // shorter, so the engine runs only when there is no such view.
    const near = recentKey && originalText !== undefined ? session.recent?.nearRepeat(recentKey, originalText, (earlier) => session.delivered.has(earlier)) : null;
    if (near) {
      const view = `${nearRepeatView(near, id)}${suffix}`;
      if (!largerThanPiSent(view, piText)) {
        await session.put(original);
        rememberRecent();
        const originalChars = originalText?.length ?? originalBytes;
        session.stats.recordResult({ originalChars, stockChars: piText.length, outputChars: view.length, strategies: ["near-repeat"] });
        return resultPatch(event, index, view, { id, store: session.storeKey, tool, nearRepeatOf: near.earlierId, strategies: ["near-repeat"], originalBytes, originalChars, stockChars: piText.length, outputBytes: Buffer.byteLength(view) }, session);
      }
    }
    const options = { tool, command, path: filePath, query: queryHint(turn.prompt, turn.intent), recoverable: true, aggressiveness: session.aggressiveness(tool), maxInputBytes: MAX_FULL_OUTPUT_BYTES, budgetTokens: session.budgetTokens?.(tool) };
    /** @type {import("../../index.js").CompactResult} */
    const result = session.compact
      ? await session.compact(original, options)
      : originalBytes > ASYNC_BYTES ? /** @type {any} */ (await native.compactAsync(original, options)) : native.compact(original, options);
    if (!result.changed) {
      session.delivered.add(id);
      rememberRecent();
      return undefined;
    }
    text = `${result.text}${suffix}`;
    if (largerThanPiSent(text, piText)) return undefined;
    await session.put(original); // durable before the marker reaches the model, or retrieval could fail
    const originalChars = typeof original === "string" ? original.length : original.toString("utf8").length;
    record = {
      id,
      store: session.storeKey,
      tool,
      kind: result.kind,
      strategies: result.strategies,
      originalBytes,
      originalChars,
      stockChars: piText.length,
      outputBytes: Buffer.byteLength(text),
      originalLines: result.originalLines,
      fromFullOutput: Boolean(full),
      // The markers' line spans and templates, so retrieval feedback maps a retrieval to its
      // template after a resume too (the session keeps this record; the engine's result is gone).
      ranges: persistedRanges(result.ranges),
    };
    session.stats.recordResult({ originalChars, stockChars: piText.length, outputChars: text.length, strategies: result.strategies });
  }
  rememberRecent();
  return resultPatch(event, index, text, record, session);
}

/**
 * How a near repeat names the earlier call: its command, or the tool and path.
 * @param {string} tool @param {Record<string, unknown> | undefined} input
 */
export function recentLabel(tool, input) {
  const command = typeof input?.command === "string" ? input.command : undefined;
  return command !== undefined ? `\`${command}\`` : `${tool} ${typeof input?.path === "string" ? input.path : undefined}`;
}

/** At most this many characters of ranges are kept in a result's session record. */
export const MAX_PERSISTED_RANGE_CHARS = 16 * 1024;

/**
 * A view's dropped ranges as `[startLine, endLine, template]` triples for the session record,
 * bounded: ranges past the bound are left out (a retrieval there then softens the tool and kind
 * without a template, as for any view whose ranges are unknown).
 * @param {Array<{startLine: number, endLine: number, template: string}> | undefined} ranges
 * @returns {Array<[number, number, string]>}
 */
export function persistedRanges(ranges) {
  /** @type {Array<[number, number, string]>} */
  const kept = [];
  let chars = 0;
  for (const r of ranges ?? []) {
    chars += r.template.length + 24;
    if (chars > MAX_PERSISTED_RANGE_CHARS) break;
    kept.push([r.startLine, r.endLine, r.template]);
  }
  return kept;
}

/**
 * The ranges of a session record back in the engine's shape, or null when the record has none
 * (written before ranges were kept) or they are malformed.
 * @param {unknown} raw
 * @returns {Array<{startLine: number, endLine: number, template: string}> | null}
 */
export function rangesFromRecord(raw) {
  if (!Array.isArray(raw)) return null;
  const ranges = [];
  for (const r of raw) {
    if (!Array.isArray(r) || !Number.isInteger(r[0]) || !Number.isInteger(r[1]) || typeof r[2] !== "string") return null;
    ranges.push({ startLine: r[0], endLine: r[1], template: r[2] });
  }
  return ranges;
}

/**
 * Records a view as delivered and builds Pi's patch for it.
 * @param {any} event @param {number} index @param {string} text @param {Record<string, unknown>} record
 * @param {CompactionSession} session
 */
function resultPatch(event, index, text, record, session) {
  const id = /** @type {string} */ (record.id);
  session.delivered.add(id);
  session.originals.set(id, { tool: /** @type {string} */ (record.tool), storeKey: session.storeKey });
  const content = event.content.map((/** @type {any} */ part, /** @type {number} */ i) => (i === index ? { type: "text", text } : part));
  /** @type {Record<string, any>} */
  const details = { ...(event.details ?? {}), tokenSaver: record };
  // Pi's renderers print `truncation` under the result ("Truncated: showing 2000 of 200000
  // lines"), which describes Pi's cut, not this view: the view's markers say what is omitted.
  // `fullOutputPath` stays, so the TUI still names the file with everything.
  if (details.truncation?.truncated) delete details.truncation;
  /** @type {Record<string, unknown>} */
  const patch = { content, details };
  // Replacing content alone would drop structured content that codemode scripts read.
  if (event.structuredContent !== undefined) patch.structuredContent = event.structuredContent;
  return patch;
}

/**
 * The final guard of "never worse than stock Pi": true when `view` is larger (in UTF-8 bytes)
 * than `piText`, the result Pi itself would have sent (its cut and notice included).
 * @param {string} view @param {string} piText
 */
export function largerThanPiSent(view, piText) {
  // Most views are far smaller: skip the byte count when even 3 bytes per char cannot tie.
  if (view.length * 3 <= piText.length) return false;
  return Buffer.byteLength(view) > Buffer.byteLength(piText);
}

/** @param {Buffer | string} data */
function countLines(data) {
  const buf = typeof data === "string" ? Buffer.from(data) : data;
  let n = 0;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) n += 1;
  return n + (buf.length > 0 && buf[buf.length - 1] !== 10 ? 1 : 0);
}
