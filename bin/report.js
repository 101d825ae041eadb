// @ts-check
/**
 * `pi-lean report`: what pi-lean saves on this machine, measured here.
 * - the skill catalog's prompt cost with stock Pi and with pi-lean;
 * - example requests drawn from the domains of the user's own skills, and where they rank;
 * - compaction of generated sample outputs, against what stock Pi would have sent;
 * - when the user has Pi sessions, what the Token Saver would have saved on their recent tool
 *   results (session files are only read; nothing is written or sent anywhere).
 * Token figures are chars/4, Pi's own estimate.
 */
import fs from "node:fs";
import path from "node:path";
import { bindingTarget, native } from "../extension/shared/native.js";
import { estimateTokens, piLeanFixedCost, renderStockCatalog } from "../extension/skills/prompt-cost.js";
import { fullOutputBeforeTruncation, passThroughReason, THRESHOLD_BYTES } from "../extension/token-saver/compaction.js";
import { formatCount } from "../extension/token-saver/stats.js";
import { sessionEntries, sessionFiles } from "./session-files.js";

/** Pi's own cut of bash output: the last 2,000 lines, then at most 50 KB of them. */
const PI_MAX_LINES = 2000;
const PI_MAX_BYTES = 50 * 1024;
/** Session files larger than this are skipped, and reading stops after the total (a report must stay quick and bounded). */
const MAX_SESSION_FILE_BYTES = 32 * 1024 * 1024;
const MAX_SESSION_TOTAL_BYTES = 128 * 1024 * 1024;

/**
 * What stock Pi's bash tool would send for `text`: its tail within 2,000 lines and 50 KB.
 * @param {string} text
 */
export function stockPiView(text) {
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  if (lines.length <= PI_MAX_LINES && Buffer.byteLength(text) <= PI_MAX_BYTES) return text;
  const kept = [];
  let bytes = 0;
  for (let i = lines.length - 1; i >= 0 && kept.length < PI_MAX_LINES; i--) {
    const size = Buffer.byteLength(lines[i]) + (kept.length > 0 ? 1 : 0);
    if (bytes + size > PI_MAX_BYTES) break;
    kept.push(lines[i]);
    bytes += size;
  }
  return kept.reverse().join("\n");
}

/** Deterministic sample outputs of the shapes agents meet most. */
export function sampleOutputs() {
  const test = [];
  for (let i = 0; i < 600; i++) test.push(`test ${["parser", "lexer", "eval", "io"][i % 4]}::case_${i} ... ${i === 211 || i === 433 ? "FAILED" : "ok"}`);
  test.push("", "failures:", "", "---- parser::case_211 stdout ----", "thread 'parser::case_211' panicked at src/parser.rs:88:9:", "assertion `left == right` failed", "  left: 3", " right: 4", "");
  test.push("---- lexer::case_433 stdout ----", "thread 'lexer::case_433' panicked at src/lexer.rs:41:5:", "unexpected token `}` at 12:7", "");
  test.push("test result: FAILED. 598 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.92s");
  const build = ["error[E0425]: cannot find value `retries` in this scope", "  --> src/net/client.rs:214:17", "   |", "214 |         if n > retries {", "   |                ^^^^^^^ not found in this scope", ""];
  for (let i = 0; i < 3200; i++) build.push(`   Compiling dep-${String(i).padStart(4, "0")} v${1 + (i % 3)}.${i % 17}.${i % 5} (registry+https://github.com/rust-lang/crates.io-index)`);
  build.push("error: could not compile `client` (lib) due to 1 previous error");
  const grep = [];
  for (let f = 0; f < 120; f++) for (let h = 0; h < 12; h++) grep.push(`src/module_${f}/handler.rs:${10 + h * 7}:    let timeout = config.timeout_ms.unwrap_or(${1000 + h});`);
  const json = JSON.stringify(
    Array.from({ length: 400 }, (_, i) => ({ id: i, name: `package-${i}`, version: `1.${i % 9}.0`, license: "MIT", deprecated: i === 287, dependencies: i % 5 })),
    null,
    2,
  );
  return [
    { name: "cargo test, 2 failures", text: `${test.join("\n")}\n`, command: "cargo test" },
    { name: "build log, error on line 1", text: `${build.join("\n")}\n`, command: "cargo build" },
    { name: "rg, 1,440 hits in 120 files", text: `${grep.join("\n")}\n`, command: "rg timeout_ms" },
    { name: "JSON, 400 records", text: `${json}\n`, command: "curl -s localhost:8080/packages" },
  ];
}

/** Words too common to say anything about a skill's domain. */
const STOPWORDS = new Set(
  ("a an and are as at be by for from has have in into is it its of on or that the this to use used uses using when with without your you can will any all more most other such than then them these they those what which who why how not only also like e.g via per etc skill skills " +
    "must should before after while whenever need needs want wants user users help helps make makes across against high low every each something anything about").split(" "),
);

/**
 * Example requests in the domains of the user's skills: a few skills spread over the
 * catalog, each turned into a request from content words of its description (never words of
 * its name), so the ranking has to work from the domain, not the name.
 * @param {import("../index.js").SkillIndex} index @param {number} count
 */
export function domainRequests(index, count) {
  const visible = index.list().filter((s) => !s.disableModelInvocation).sort((a, b) => a.name.localeCompare(b.name));
  const step = Math.max(1, visible.length / count);
  const picks = [];
  for (let i = 0; picks.length < Math.min(count, visible.length); i += step) picks.push(visible[Math.floor(i)]);
  return picks
    .map((skill) => {
      const nameWords = new Set(skill.name.toLowerCase().split(/[^a-z0-9]+/));
      const words = [];
      for (const w of skill.description.toLowerCase().split(/[^a-z0-9]+/)) {
        if (w.length < 4 || STOPWORDS.has(w) || nameWords.has(w) || words.includes(w)) continue;
        words.push(w);
        if (words.length === 4) break;
      }
      return { skill: skill.name, request: words.join(" ") };
    })
    .filter((r) => r.request.length > 0);
}

/**
 * What the Token Saver would have done on the user's recent Pi sessions, from the session
 * files alone: each large tool result is compacted the way the extension would (same
 * pass-through rules, the full output when Pi's file of it still exists) and compared with
 * what Pi actually sent. Results pi-lean already compacted are counted apart.
 * @param {string} agentDir @param {number} maxSessions
 */
export function sessionSavings(agentDir, maxSessions) {
  const files = (sessionFiles(agentDir) ?? []).filter((f) => f.size <= MAX_SESSION_FILE_BYTES);
  if (files.length === 0) return null;
  files.sort((a, b) => b.mtime - a.mtime);
  const chosen = [];
  let budget = MAX_SESSION_TOTAL_BYTES;
  for (const f of files.slice(0, maxSessions)) {
    if (f.size > budget) break;
    budget -= f.size;
    chosen.push(f);
  }
  const totals = { sessions: chosen.length, available: files.length, results: 0, compactable: 0, already: 0, alreadySaved: 0, stockChars: 0, viewChars: 0, reachChars: 0 };
  for (const { file } of chosen) {
    let cwd = process.cwd();
    let prompt;
    /** @type {Map<string, {name: string, input: Record<string, unknown>}>} */
    const calls = new Map();
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const entry of sessionEntries(text)) {
      if (entry?.type === "session" && typeof entry.cwd === "string") cwd = entry.cwd;
      const message = entry?.type === "message" ? entry.message : null;
      if (!message) continue;
      if (message.role === "user") prompt = contentText(message.content);
      if (message.role === "assistant" && Array.isArray(message.content)) {
        for (const part of message.content) if (part?.type === "toolCall" && typeof part.id === "string") calls.set(part.id, { name: String(part.name), input: part.arguments ?? {} });
      }
      if (message.role !== "toolResult") continue;
      totals.results += 1;
      const record = message.details?.tokenSaver;
      if (record) {
        totals.already += 1;
        // What it saved then, against what Pi alone would have sent (older records lack stockChars).
        if (Number.isFinite(record.stockChars)) totals.alreadySaved += record.stockChars - contentText(message.content).length;
        continue;
      }
      const piText = contentText(message.content);
      const call = calls.get(message.toolCallId);
      const event = { toolName: String(message.toolName ?? call?.name ?? ""), input: call?.input ?? {}, content: Array.isArray(message.content) ? message.content : [], details: message.details };
      if (Buffer.byteLength(piText) < THRESHOLD_BYTES || passThroughReason(event, { prompt })) continue;
      const full = fullOutputBeforeTruncation(event, cwd);
      const original = full ?? piText;
      const command = typeof event.input.command === "string" ? event.input.command : undefined;
      const filePath = typeof event.input.path === "string" ? event.input.path : undefined;
      let view;
      try {
        view = native.compact(original, { tool: event.toolName, command, path: filePath, recoverable: true, maxInputBytes: 32 * 1024 * 1024 });
      } catch {
        continue;
      }
      if (!view.changed) continue;
      totals.compactable += 1;
      totals.stockChars += piText.length;
      totals.viewChars += view.text.length;
      if (full) totals.reachChars += Math.max(0, full.toString("utf8").length - piText.length);
    }
  }
  return totals;
}

/** @param {unknown} content */
function contentText(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((p) => p?.type === "text").map((p) => String(p.text ?? "")).join("\n");
}

/** @param {number} chars */
const tokens = (chars) => formatCount(Math.round(chars / 4));

/**
 * @param {{ index: import("../index.js").SkillIndex, dirs: string[], usedSamples: boolean, diagnostics: any[], agentDir: string, sessions: number,
 *   command: { command: string, onPath: boolean, installed: string | null }, configError: Error | null }} input
 */
export function runReport({ index, dirs, usedSamples, diagnostics, agentDir, sessions, command, configError }) {
  const skills = index.list();
  const stock = renderStockCatalog(skills);
  const lean = piLeanFixedCost(index.visibleCount);
  const out = [];
  out.push("pi-lean report (measured on this machine; tokens are chars/4)");
  out.push(`binding: ${bindingTarget}`);
  out.push(`skills: ${skills.length} (${index.visibleCount} model-visible) from ${usedSamples ? "the bundled samples (none installed)" : dirs.join(", ") || "catalog files"}`);
  if (diagnostics.length) out.push(`skipped: ${diagnostics.length} (${diagnostics.map((d) => `${d.code} ${d.path ?? d.name ?? ""}`).join("; ")})`);
  if (configError) out.push(`config: ${configError.message} (pi-lean fails closed in Pi until it is fixed)`);
  out.push("");
  out.push("skill catalog, per request        chars   tokens");
  out.push(`  stock Pi catalog            ${String(stock.length).padStart(8)} ${String(estimateTokens(stock)).padStart(8)}`);
  out.push(`  pi-lean stub + 2 tools      ${String(lean.chars).padStart(8)} ${String(lean.tokens).padStart(8)}`);
  out.push(`  saved per request           ${String(stock.length - lean.chars).padStart(8)} ${String(estimateTokens(stock) - lean.tokens).padStart(8)}`);
  out.push("");

  const requests = domainRequests(index, 5);
  if (requests.length > 0) {
    out.push(`requests in your skills' domains (words from ${requests.length} skills' descriptions, never their names; * = confident):`);
    let found = 0;
    for (const r of requests) {
      const result = index.search(r.request, { limit: 3 });
      const names = result.hits.map((h) => h.name);
      if (names.includes(r.skill)) found += 1;
      const hits = names.map((n, i) => `${n}${i === 0 && result.strong ? "*" : ""}`).join(", ");
      out.push(`  "${r.request}" -> ${hits || "(no keyword match)"}${names.includes(r.skill) ? "" : `   (from ${r.skill})`}`);
    }
    out.push(`  the skill each request came from is in the top 3 for ${found} of ${requests.length}`);
    out.push("");
  }

  out.push("Token Saver on sample outputs        lines  full out  stock Pi  pi-lean  saved vs Pi  more reachable");
  let sumStock = 0;
  let sumLean = 0;
  for (const sample of sampleOutputs()) {
    const piView = stockPiView(sample.text);
    const result = native.compact(sample.text, { tool: "bash", command: sample.command, recoverable: true });
    const view = result.changed ? result.text : sample.text;
    sumStock += piView.length;
    sumLean += view.length;
    out.push(
      `  ${sample.name.padEnd(32)} ${String(result.originalLines).padStart(6)} ${tokens(sample.text.length).padStart(9)} ${tokens(piView.length).padStart(9)} ${tokens(view.length).padStart(8)} ${`${Math.round((100 * (piView.length - view.length)) / piView.length)}%`.padStart(12)} ${tokens(sample.text.length - piView.length).padStart(15)}`,
    );
  }
  out.push(`  all samples: stock Pi ~${tokens(sumStock)} tokens, pi-lean ~${tokens(sumLean)} (${Math.round((100 * (sumStock - sumLean)) / sumStock)}% less); every dropped line stays retrievable`);
  out.push("");

  const mine = sessions > 0 ? sessionSavings(agentDir, sessions) : null;
  if (mine && mine.results > 0) {
    out.push(`your recent Pi sessions (${mine.sessions} most recent of ${mine.available}, read only; nothing is sent anywhere):`);
    out.push(`  ${mine.results} tool results; ${mine.compactable} large enough to compact${mine.already ? `; ${mine.already} already compacted by the Token Saver (saved ~${tokens(mine.alreadySaved)} tokens vs stock Pi)` : ""}`);
    if (mine.compactable > 0) {
      const pct = Math.round((100 * (mine.stockChars - mine.viewChars)) / mine.stockChars);
      out.push(`  Pi sent ~${tokens(mine.stockChars)} tokens of them; the Token Saver would have sent ~${tokens(mine.viewChars)} (${pct}% less)`);
      if (mine.reachChars > 0) out.push(`  and made ~${tokens(mine.reachChars)} more tokens of output reachable that Pi's own cut dropped`);
    }
    out.push("");
  } else if (sessions > 0) {
    out.push(`your Pi sessions: none found under ${path.join(agentDir, "sessions")}; run pi, then this report again`);
    out.push("");
  }
  out.push(`run this again: ${command.command} report${command.onPath ? "" : command.installed ? "   (or put its directory on PATH, or npm i -g pi-lean)" : ""}`);
  return `${out.join("\n")}\n`;
}
