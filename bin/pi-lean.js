#!/usr/bin/env node
// @ts-check
/**
 * pi-lean command line: `search` over the skills Pi would offer (same config, scope, policy
 * and project trust as the extension) or given dirs/catalogs, `report` on what pi-lean saves
 * on this machine (report.js), and `compact`, a pipe-friendly tool-output compactor.
 *
 * Exit codes: 0 success, 1 runtime error (a file that cannot be read, an invalid config),
 * 2 usage error (unknown option, missing or extra argument). Errors print once as
 * `pi-lean: CODE: what happened; what to do`.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { PACKAGE_ROOT, UsageError, agentDir, cliCommand, describeError, loadUserConfig, packageVersion, skillDirs } from "./cli-env.js";
import { bindingUnavailableMessage } from "../extension/shared/binding-error.js";

const USAGE = `pi-lean: lazy skills and tool-output compaction for Pi

Usage:
  pi-lean search [--skills DIR]... [--catalog FILE.jsonl]... [--limit N] [--all] [--json] (QUERY | --queries FILE.jsonl)
  pi-lean report [--skills DIR]... [--catalog FILE.jsonl]... [--sessions N]
  pi-lean gain [--sessions N] [--limit N] [--json | --csv]
  pi-lean compact [FILE|-] [--kind auto|log|test|diagnostics|grep|diff|json|source|tree|table|config|text]
                  [--command CMD] [--query Q] [--tool NAME] [--path P] [--recoverable] [--json]
  pi-lean --version | --help      (every command also takes -h/--help)

Options take a value as --name VALUE or --name=VALUE:
  --skills DIR          a skill dir to search (repeatable); default: the dirs Pi reads
  --catalog FILE.jsonl  rows of {name, description} to search (repeatable)
  --limit N             hits per query, 1..8 (default 5); gain: rows per table (default 10)
  --all                 search outside pi-lean.json's scope (denied skills stay hidden)
  --queries FILE.jsonl  rows of {id, prompt}, one search each
  --json                one JSON object per line instead of text
  --csv                 gain: every row as CSV (scope,key,label,results,stock_chars,...)
  --sessions N          recent Pi sessions report reads, 0..1000 (default 20; gain: all)
  --kind KIND           the output's kind instead of detecting it (default auto)
  --command CMD         the command that produced the output (helps pick what to keep)
  --query Q             what you are looking for in it (kept lines rank higher)
  --tool NAME           the Pi tool that produced it (bash, read, grep, ...)
  --path P              the file it came from (default: FILE)
  --recoverable         markers name id=<content hash> so token_retrieve can recover the lines

With no --skills/--catalog, search uses the skills Pi would offer the model: the user's skill
dirs ($PI_CODING_AGENT_DIR/skills or ~/.pi/agent/skills, ~/.agents/skills) and, in a project
you trusted in Pi, ./.pi/skills; filtered by pi-lean.json's scope and policy (--all searches
outside the scope; denied skills are never listed). report falls back to the bundled sample
skills when none are installed.`;

/** Thrown by `parse` when a command was asked for `-h`/`--help`: print the usage, exit 0. */
class HelpRequested extends Error {}

/** No build of the core loads (no platform package, no wasm fallback): one line, exit 1. */
class CoreUnavailable extends Error {}

/** The core, set by `core()` before any command uses it. @type {import("../extension/shared/native.js").Native} */
let native = /** @type {any} */ (null);

/**
 * Loads the core on first use. It is not imported at start, so help and usage errors work on a
 * machine where no build of it loads, and that case is one line instead of the loader's trace.
 * @returns {Promise<import("../extension/shared/native.js").Native>}
 */
async function core() {
  if (native) return native;
  const loaded = await import("../extension/shared/native.js");
  if (loaded.bindingError) throw new CoreUnavailable(bindingUnavailableMessage(loaded.bindingError));
  native = loaded.native;
  return native;
}

/**
 * node:util parseArgs with usage errors of our own, at most `maxPositionals` positionals.
 * Every command takes `-h`/`--help`; it wins over any other mistake on the line, so
 * `pi-lean search -h` shows help rather than searching for "-h".
 * @param {string[]} argv @param {Record<string, {type: "string" | "boolean", multiple?: boolean}>} options @param {number} maxPositionals
 */
function parse(argv, options, maxPositionals) {
  const withHelp = { ...options, help: { type: /** @type {const} */ ("boolean"), short: "h" } };
  // Help is looked for before strict parsing so that `compact --kind bogus --help` still helps;
  // tokens after `--` are positionals, never a help request.
  const { tokens } = parseArgs({ args: argv, options: withHelp, allowPositionals: true, strict: false, tokens: true });
  if (tokens.some((t) => t.kind === "option" && t.name === "help")) throw new HelpRequested();
  /** @type {ReturnType<typeof parseArgs>} */
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, "") : String(error));
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = parsed.positionals[maxPositionals];
    throw new UsageError(maxPositionals === 0 ? `unexpected argument "${extra}"` : `unexpected second argument "${extra}" (quote a query with spaces)`);
  }
  return /** @type {{ values: Record<string, any>, positionals: string[] }} */ (parsed);
}

/**
 * Reads JSONL rows; a malformed line is an error naming the file and line.
 * @param {string} file
 * @returns {any[]}
 */
function readJsonl(file) {
  return readInput(file, "utf8")
    .split("\n")
    .map((line, i) => [line.trim(), i + 1])
    .filter(([line]) => line !== "")
    .map(([line, n]) => {
      try {
        return JSON.parse(/** @type {string} */ (line));
      } catch {
        throw Object.assign(new Error(`${file}:${n}: not valid JSON; fix that line`), { code: "INPUT_INVALID" });
      }
    });
}

/**
 * Reads a file (or stdin for `-`), turning fs errors into one clear message.
 * @overload @param {string} file @param {"utf8"} encoding @returns {string}
 * @overload @param {string} file @returns {Buffer}
 * @param {string} file @param {"utf8"} [encoding]
 */
function readInput(file, encoding) {
  try {
    const data = file === "-" ? fs.readFileSync(0) : fs.readFileSync(file);
    return encoding ? data.toString(encoding) : data;
  } catch (error) {
    throw describeError(error, file === "-" ? "standard input" : file);
  }
}

/**
 * Builds one index from every source given, or from the dirs Pi would read. Missing or
 * unreadable `--skills` dirs are named in a warning and skipped.
 * `embeddings: false` ranks by BM25F alone (the `skillEmbeddings` setting).
 * @param {{ skills: string[], catalogs: string[], sampleFallback: boolean, trusted: boolean, embeddings?: boolean }} sources
 */
function buildIndex({ skills, catalogs, sampleFallback, trusted, embeddings = true }) {
  const indexOptions = { embeddings };
  const explicit = skills.length > 0 || catalogs.length > 0;
  /** @type {string[]} */
  let dirs = [];
  if (explicit) {
    for (const dir of skills) {
      try {
        if (!fs.statSync(dir).isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
        fs.readdirSync(dir);
        dirs.push(dir);
      } catch (error) {
        const problem = /** @type {any} */ (error)?.code === "ENOENT" ? "no such directory" : /** @type {any} */ (error)?.code === "EACCES" ? "permission denied" : "not a readable directory";
        process.stderr.write(`pi-lean: warning: --skills ${dir}: ${problem}; skipped\n`);
      }
    }
    if (dirs.length === 0 && catalogs.length === 0) throw Object.assign(new Error(`none of the --skills directories could be read (${skills.join(", ")}); check the paths`), { code: "SKILLS_NOT_FOUND" });
  } else {
    dirs = skillDirs({ trusted });
  }
  let scanned = dirs.length > 0 ? native.SkillIndex.scan(dirs, indexOptions) : null;
  let usedSamples = false;
  if (sampleFallback && !explicit && (!scanned || scanned.size === 0)) {
    dirs = [SAMPLE_SKILLS];
    scanned = native.SkillIndex.scan(dirs, indexOptions);
    usedSamples = true;
  }
  const diagnostics = scanned ? scanned.diagnostics : [];
  if (catalogs.length === 0 && scanned) return { index: scanned, dirs, usedSamples, diagnostics, explicit };
  const rows = catalogs.flatMap((file) =>
    readJsonl(file).map((row) => {
      if (typeof row.name !== "string" || typeof row.description !== "string") throw Object.assign(new Error(`${file}: every row needs a string name and description`), { code: "INPUT_INVALID" });
      return { name: row.name, description: row.description, disableModelInvocation: row.disable_model_invocation === true, requires: [] };
    }),
  );
  const fromDirs = (scanned ? scanned.list() : []).map((s) => ({
    name: s.name,
    description: s.description,
    filePath: s.filePath ?? undefined,
    baseDir: s.baseDir ?? undefined,
    disableModelInvocation: s.disableModelInvocation,
    requires: s.requires,
  }));
  return { index: new native.SkillIndex([...fromDirs, ...rows], indexOptions), dirs, usedSamples, diagnostics, explicit };
}

const SAMPLE_SKILLS = path.join(PACKAGE_ROOT, "sample-skills");

/** @param {string[]} argv */
async function cmdSearch(argv) {
  const { values, positionals } = parse(
    argv,
    { skills: { type: "string", multiple: true }, catalog: { type: "string", multiple: true }, limit: { type: "string" }, queries: { type: "string" }, json: { type: "boolean" }, all: { type: "boolean" } },
    1,
  );
  const limit = values.limit !== undefined ? Number(values.limit) : 5;
  if (!Number.isInteger(limit) || limit < 1 || limit > 8) throw new UsageError("--limit must be 1..8");
  if (values.queries && positionals.length > 0) throw new UsageError("give a QUERY or --queries FILE, not both");
  const query = positionals[0] ?? "";
  if (!values.queries && !query.trim()) throw new UsageError("search needs a QUERY or --queries FILE");
  await core();
  const user = await loadUserConfig();
  const { index, explicit } = buildIndex({ skills: values.skills ?? [], catalogs: values.catalog ?? [], sampleFallback: false, trusted: user.trusted, embeddings: user.config.skillEmbeddings === "on" });
  // The same view the extension builds: scope, picks aside, and the policy's deny list.
  const view = user.access.view(index);
  const only = values.all || view.members === null ? undefined : [...view.members];
  const queries = values.queries ? readJsonl(values.queries).map((q) => ({ id: String(q.id), prompt: String(q.prompt) })) : [{ id: "query", prompt: query }];
  if (!values.json) {
    const scope = values.all && view.members !== null ? `every skill (--all ignores ${view.scope.label})` : view.scope.label;
    const source = explicit ? "given" : "installed";
    const denied = view.denied.length > 0 ? `; ${view.denied.length} denied by policy, never listed` : "";
    process.stdout.write(`${index.size} skills ${source}, ${index.visibleCount} for the model; searching ${scope}${denied}.\n`);
  }
  for (const q of queries) {
    const result = index.search(q.prompt, { limit, only, exclude: view.denied });
    if (values.json) {
      process.stdout.write(JSON.stringify({ id: q.id, ranked: result.hits.map((h) => h.name), scores: result.hits.map((h) => h.score) }) + "\n");
    } else {
      process.stdout.write(`${queries.length > 1 ? `[${q.id}] ` : ""}${q.prompt}  (confidence ${result.confidence.toFixed(2)}${result.strong ? ", strong" : ""})\n`);
      for (const [i, h] of result.hits.entries()) process.stdout.write(`  ${i + 1}. ${h.name}  ${h.score.toFixed(2)}  ${h.description.slice(0, 90)}\n`);
      if (result.hits.length === 0) process.stdout.write(`  (no keyword match${only && !values.all ? `; --all searches outside ${view.scope.label}` : ""})\n`);
    }
  }
}

/** @param {string[]} argv */
async function cmdReport(argv) {
  const { values } = parse(argv, { skills: { type: "string", multiple: true }, catalog: { type: "string", multiple: true }, sessions: { type: "string" } }, 0);
  const sessions = values.sessions !== undefined ? Number(values.sessions) : 20;
  if (!Number.isInteger(sessions) || sessions < 0 || sessions > 1000) throw new UsageError("--sessions must be 0..1000");
  await core();
  const { runReport } = await import("./report.js");
  const user = await loadUserConfig({ tolerant: true });
  const built = buildIndex({ skills: values.skills ?? [], catalogs: values.catalog ?? [], sampleFallback: true, trusted: user.trusted, embeddings: user.config.skillEmbeddings === "on" });
  process.stdout.write(runReport({ ...built, agentDir: agentDir(), sessions, command: cliCommand(), configError: user.error }));
}

/**
 * `gain`: what the Token Saver saved against stock Pi over the stored sessions. Reads session
 * files only, so it works without the core.
 * @param {string[]} argv
 */
async function cmdGain(argv) {
  const { values } = parse(argv, { sessions: { type: "string" }, limit: { type: "string" }, json: { type: "boolean" }, csv: { type: "boolean" } }, 0);
  const sessions = values.sessions !== undefined ? Number(values.sessions) : undefined;
  if (sessions !== undefined && (!Number.isInteger(sessions) || sessions < 1 || sessions > 100_000)) throw new UsageError("--sessions must be 1..100000");
  const limit = values.limit !== undefined ? Number(values.limit) : 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError("--limit must be 1..1000");
  if (values.json && values.csv) throw new UsageError("give --json or --csv, not both");
  const { collectGain, formatGain, gainCsv, gainJson } = await import("./gain.js");
  const gain = collectGain(agentDir(), { maxSessions: sessions });
  process.stdout.write(`${values.json ? gainJson(gain) : values.csv ? gainCsv(gain) : formatGain(gain, { limit })}\n`);
}

/** @param {string[]} argv */
async function cmdCompact(argv) {
  const { values, positionals } = parse(
    argv,
    { kind: { type: "string" }, command: { type: "string" }, query: { type: "string" }, tool: { type: "string" }, path: { type: "string" }, json: { type: "boolean" }, recoverable: { type: "boolean" } },
    1,
  );
  await core();
  const source = positionals[0] ?? "-";
  const input = readInput(source);
  const options = {
    kind: values.kind,
    command: values.command,
    query: values.query,
    tool: values.tool,
    path: values.path ?? (source === "-" ? undefined : source),
    recoverable: values.recoverable === true,
  };
  let result;
  try {
    result = native.compact(input, options);
  } catch (error) {
    // The engine's only refusal is a bad option value (an unknown --kind).
    if (/** @type {any} */ (error)?.code === "INVALID_ARGUMENT") throw new UsageError(`--kind: ${/** @type {Error} */ (error).message.replace(/^INVALID_ARGUMENT:\s*/, "").replace(/^options\.kind is an /, "")}`);
    throw error;
  }
  if (result.kind === "binary") {
    if (values.json) {
      const { text: _text, ...rest } = result;
      process.stdout.write(JSON.stringify({ ...rest, text: null }) + "\n");
    } else if (process.stdout.isTTY) {
      process.stdout.write(`pi-lean: binary input (${input.length.toLocaleString("en-US")} bytes) left unchanged; pipe it to a file or another program to get the bytes.\n`);
    } else {
      process.stdout.write(input);
    }
    return;
  }
  if (values.json) {
    process.stdout.write(JSON.stringify(result) + "\n");
    return;
  }
  process.stdout.write(native.compactToBuffer(input, options));
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === "search") await cmdSearch(rest);
    else if (command === "report") await cmdReport(rest);
    else if (command === "gain") await cmdGain(rest);
    else if (command === "compact") await cmdCompact(rest);
    else if (command === "--version" || command === "-v" || command === "-V" || command === "version") {
      if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
      await core();
      process.stdout.write(`pi-lean ${packageVersion()} (core ${native.coreVersion()})\n`);
    } else if (!command || command === "--help" || command === "-h" || command === "help") process.stdout.write(USAGE + "\n");
    else throw new UsageError(`unknown command "${command}"`);
  } catch (error) {
    if (error instanceof HelpRequested) {
      process.stdout.write(USAGE + "\n");
      return;
    }
    if (error instanceof CoreUnavailable) {
      process.stderr.write(`pi-lean: ${error.message}\n`);
      process.exit(1);
    }
    if (error instanceof UsageError) {
      // One line, as every other error: the help is one flag away, not 30 lines of stderr.
      process.stderr.write(`pi-lean: USAGE: ${error.message.replace(/;/g, ",")}; run pi-lean --help for more\n`);
      process.exit(2);
    }
    process.stderr.write(`pi-lean: ${describeError(error).message}\n`);
    process.exit(1);
  }
}

await main();
