#!/usr/bin/env node
// @ts-check
/**
 * pi-lean command line: `search` and `report` over the skills Pi would discover (or given
 * dirs/catalogs), and `compact`, a pipe-friendly tool-output compactor.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bindingTarget, native } from "../extension/native.js";
import { renderStockCatalog, piLeanFixedCost, estimateTokens } from "../extension/prompt-cost.js";

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SAMPLE_SKILLS = path.join(PACKAGE_ROOT, "sample-skills");

const USAGE = `pi-lean: lazy skills and tool-output compaction for Pi

Usage:
  pi-lean search [--skills DIR]... [--catalog FILE.jsonl]... [--limit N] [--json] (QUERY | --queries FILE.jsonl)
  pi-lean report [--skills DIR]... [--catalog FILE.jsonl]...
  pi-lean compact [FILE|-] [--kind auto|log|test|diagnostics|grep|diff|json|source|tree|table|config|text]
                  [--command CMD] [--query Q] [--json]

With no --skills/--catalog, skills are discovered where Pi looks for user skills
($PI_CODING_AGENT_DIR/skills or ~/.pi/agent/skills, ~/.agents/skills, ./.pi/skills);
report falls back to the bundled sample skills when none are installed.`;

class UsageError extends Error {}

/**
 * Minimal argv parser: repeatable `--flag value` options, boolean flags, positionals.
 * @param {string[]} argv @param {{ repeat?: string[], single?: string[], bool?: string[] }} spec
 */
function parseArgs(argv, spec) {
  /** @type {Record<string, string[]>} */
  const repeated = Object.fromEntries((spec.repeat ?? []).map((k) => [k, []]));
  /** @type {Record<string, string | undefined>} */
  const single = {};
  /** @type {Record<string, boolean>} */
  const flags = {};
  /** @type {string[]} */
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-" || !arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (spec.bool?.includes(name)) {
      flags[name] = true;
      continue;
    }
    if (!spec.repeat?.includes(name) && !spec.single?.includes(name)) throw new UsageError(`unknown option ${arg}`);
    const value = argv[++i];
    if (value === undefined) throw new UsageError(`${arg} needs a value`);
    if (spec.repeat?.includes(name)) repeated[name].push(value);
    else single[name] = value;
  }
  return { repeated, single, flags, positional };
}

/** Skill dirs Pi reads for the user, in Pi's order. */
function defaultSkillDirs() {
  const agentDir = process.env.PI_CODING_AGENT_DIR || path.join(os.homedir(), ".pi", "agent");
  return [path.join(agentDir, "skills"), path.join(os.homedir(), ".agents", "skills"), path.join(process.cwd(), ".pi", "skills")].filter((d) =>
    fs.existsSync(d),
  );
}

/**
 * Reads JSONL rows; a malformed line is an error naming the file and line.
 * @param {string} file
 * @returns {any[]}
 */
function readJsonl(file) {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .map((line, i) => [line.trim(), i + 1])
    .filter(([line]) => line !== "")
    .map(([line, n]) => {
      try {
        return JSON.parse(/** @type {string} */ (line));
      } catch {
        throw new UsageError(`${file}:${n}: not valid JSON`);
      }
    });
}

/**
 * Builds one index from every source given (or the defaults).
 * @param {{ skills: string[], catalogs: string[], sampleFallback: boolean }} sources
 */
function buildIndex({ skills, catalogs, sampleFallback }) {
  let dirs = skills.length > 0 || catalogs.length > 0 ? skills : defaultSkillDirs();
  let scanned = dirs.length > 0 ? native.SkillIndex.scan(dirs) : null;
  let usedSamples = false;
  if (sampleFallback && catalogs.length === 0 && (!scanned || scanned.size === 0)) {
    dirs = [SAMPLE_SKILLS];
    scanned = native.SkillIndex.scan(dirs);
    usedSamples = true;
  }
  const diagnostics = scanned ? scanned.diagnostics : [];
  if (catalogs.length === 0 && scanned) return { index: scanned, dirs, usedSamples, diagnostics };
  const rows = catalogs.flatMap((file) =>
    readJsonl(file).map((row) => {
      if (typeof row.name !== "string" || typeof row.description !== "string") throw new UsageError(`${file}: rows need string name and description`);
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
  return { index: new native.SkillIndex([...fromDirs, ...rows]), dirs, usedSamples, diagnostics };
}

/** @param {string[]} argv */
function cmdSearch(argv) {
  const args = parseArgs(argv, { repeat: ["skills", "catalog"], single: ["limit", "queries"], bool: ["json"] });
  const limit = args.single.limit ? Number(args.single.limit) : 5;
  if (!Number.isInteger(limit) || limit < 1 || limit > 8) throw new UsageError("--limit must be 1..8");
  const { index } = buildIndex({ skills: args.repeated.skills, catalogs: args.repeated.catalog, sampleFallback: false });
  const queries = args.single.queries
    ? readJsonl(args.single.queries).map((q) => ({ id: String(q.id), prompt: String(q.prompt) }))
    : [{ id: "query", prompt: args.positional.join(" ") }];
  if (!args.single.queries && !queries[0].prompt.trim()) throw new UsageError("search needs a QUERY or --queries FILE");
  for (const q of queries) {
    const result = index.search(q.prompt, { limit });
    if (args.flags.json) {
      process.stdout.write(JSON.stringify({ id: q.id, ranked: result.hits.map((h) => h.name), scores: result.hits.map((h) => h.score) }) + "\n");
    } else {
      process.stdout.write(`${queries.length > 1 ? `[${q.id}] ` : ""}${q.prompt}  (confidence ${result.confidence.toFixed(2)}${result.strong ? ", strong" : ""})\n`);
      for (const [i, h] of result.hits.entries()) process.stdout.write(`  ${i + 1}. ${h.name}  ${h.score.toFixed(2)}  ${h.description.slice(0, 90)}\n`);
      if (result.hits.length === 0) process.stdout.write("  (no keyword match)\n");
    }
  }
}

/** @param {string[]} argv */
function cmdReport(argv) {
  const args = parseArgs(argv, { repeat: ["skills", "catalog"] });
  const { index, dirs, usedSamples, diagnostics } = buildIndex({ skills: args.repeated.skills, catalogs: args.repeated.catalog, sampleFallback: true });
  const skills = index.list();
  const stock = renderStockCatalog(skills);
  const lean = piLeanFixedCost(index.visibleCount);
  const out = [];
  out.push(`pi-lean report`);
  out.push(`binding: ${bindingTarget}`);
  out.push(`skills: ${skills.length} (${index.visibleCount} model-visible) from ${usedSamples ? "the bundled samples (none installed)" : dirs.join(", ") || "catalog files"}`);
  if (diagnostics.length) out.push(`skipped: ${diagnostics.length} (${diagnostics.map((d) => `${d.code} ${d.path ?? d.name ?? ""}`).join("; ")})`);
  out.push("");
  out.push("prompt cost per request          chars   tokens(chars/4)");
  out.push(`  stock Pi skill catalog      ${String(stock.length).padStart(8)} ${String(estimateTokens(stock)).padStart(12)}`);
  out.push(`  pi-lean stub + tool schemas ${String(lean.chars).padStart(8)} ${String(lean.tokens).padStart(12)}`);
  const saved = estimateTokens(stock) - lean.tokens;
  out.push(`  saved per request           ${String(stock.length - lean.chars).padStart(8)} ${String(saved).padStart(12)}`);
  out.push("");
  // Everyday requests, not text taken from the skills, so the matches show real retrieval.
  const queries = ["fix a test that fails only sometimes", "make this code faster", "document the HTTP API", "resolve a merge conflict", "review my pull request"];
  out.push("top matches for everyday requests (* = confident):");
  for (const q of queries) {
    const r = index.search(q, { limit: 3 });
    const hits = r.hits.map((h, i) => `${h.name}${i === 0 && r.strong ? "*" : ""}`).join(", ");
    out.push(`  "${q}" -> ${hits || "(no keyword match)"}`);
  }
  process.stdout.write(out.join("\n") + "\n");
}

/** @param {string[]} argv */
function cmdCompact(argv) {
  const args = parseArgs(argv, { single: ["kind", "command", "query", "tool", "path"], bool: ["json", "recoverable"] });
  const source = args.positional[0] ?? "-";
  const input = source === "-" ? fs.readFileSync(0) : fs.readFileSync(source);
  const options = {
    kind: args.single.kind,
    command: args.single.command,
    query: args.single.query,
    tool: args.single.tool,
    path: args.single.path ?? (source === "-" ? undefined : source),
    recoverable: args.flags.recoverable === true,
  };
  if (args.flags.json) {
    const result = native.compact(input, options);
    process.stdout.write(JSON.stringify(result) + "\n");
    return;
  }
  process.stdout.write(native.compactToBuffer(input, options));
}

function main() {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === "search") cmdSearch(rest);
    else if (command === "report") cmdReport(rest);
    else if (command === "compact") cmdCompact(rest);
    else if (!command || command === "--help" || command === "-h" || command === "help") process.stdout.write(USAGE + "\n");
    else throw new UsageError(`unknown command "${command}"`);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`pi-lean: ${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    const code = /** @type {{code?: string}} */ (error)?.code;
    process.stderr.write(`pi-lean: ${code ? `${code}: ` : ""}${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
}

main();
