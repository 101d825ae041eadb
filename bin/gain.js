// @ts-check
/**
 * `pi-lean gain`: what the Token Saver saved against stock Pi over the user's stored Pi
 * sessions, per day, per session and per tool or command. It reads only Pi's session files
 * under the agent dir: every tool result the Token Saver changed carries a `tokenSaver` record
 * in its details, with what stock Pi would have sent (`stockChars`); the saving of a result is
 * that minus the text the model got, counted exactly as the status line counts it (chars/4,
 * the same fallback for records that predate `stockChars`). A forked session repeats its
 * parent's entries, so each entry counts once. Nothing is written or sent anywhere, and the
 * native core is not needed.
 */
import fs from "node:fs";
import path from "node:path";
import { formatCount } from "../extension/token-saver/stats.js";
import { sessionEntries, sessionFiles } from "./session-files.js";

const CHARS_PER_TOKEN = 4;
/** Session files larger than this are skipped, and reading stops after this much in all. */
const MAX_SESSION_FILE_BYTES = 64 * 1024 * 1024;
const MAX_TOTAL_BYTES = 1024 * 1024 * 1024;

/**
 * @typedef {{ results: number, stockChars: number, outputChars: number }} Tally
 * @typedef {{ key: string, label: string } & Tally} Row
 * @typedef {{ root: string, sessionsRead: number, sessionsFound: number, skipped: number, total: Tally, days: Row[], sessions: Row[], commands: Row[] }} Gain
 */

/** @param {Tally} t */
export const tokensSaved = (t) => Math.round((t.stockChars - t.outputChars) / CHARS_PER_TOKEN);

/** The first text part of a result: what the model got, as the status line measures it. @param {any} content */
function resultText(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return String(content.find((/** @type {any} */ p) => p?.type === "text")?.text ?? "");
}

/** `YYYY-MM-DD` in the local time zone, or "unknown". @param {unknown} iso */
function localDay(iso) {
  const date = new Date(typeof iso === "string" ? iso : Number.NaN);
  if (Number.isNaN(date.getTime())) return "unknown";
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/**
 * The tool, and for shell tools the command as a person names it: the program and, when the
 * next word is a subcommand (`cargo test`, `npm run`, `git log`), that too.
 * @param {string} tool @param {unknown} input
 */
export function commandLabel(tool, input) {
  const command = /** @type {any} */ (input)?.command;
  if (typeof command !== "string" || !command.trim()) return tool;
  const words = command
    .trim()
    .replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, "")
    .split(/\s+/);
  const program = path.basename(words[0] ?? "");
  const sub = words[1] && /^[a-z][a-z0-9:_-]*$/.test(words[1]) ? ` ${words[1]}` : "";
  return `${tool}: ${program}${sub}`;
}

/** @param {Map<string, Row>} map @param {string} key @param {string} label @param {number} stock @param {number} output */
function add(map, key, label, stock, output) {
  let row = map.get(key);
  if (!row) map.set(key, (row = { key, label, results: 0, stockChars: 0, outputChars: 0 }));
  row.results += 1;
  row.stockChars += stock;
  row.outputChars += output;
}

/**
 * Reads every session file under `<agentDir>/sessions` (newest first, within the size bounds).
 * @param {string} agentDir @param {{ maxSessions?: number }} [options]
 * @returns {Gain}
 */
export function collectGain(agentDir, options = {}) {
  const files = sessionFiles(agentDir) ?? [];
  files.sort((a, b) => b.mtime - a.mtime);
  const total = { results: 0, stockChars: 0, outputChars: 0 };
  /** @type {Map<string, Row>} */
  const days = new Map();
  /** @type {Map<string, Row>} */
  const sessions = new Map();
  /** @type {Map<string, Row>} */
  const commands = new Map();
  /** Entries already counted (a fork's file repeats its parent's). */
  const seen = new Set();
  let budget = MAX_TOTAL_BYTES;
  let read = 0;
  let skipped = 0;
  for (const { file, size } of files.slice(0, options.maxSessions ?? files.length)) {
    if (size > MAX_SESSION_FILE_BYTES || size > budget) {
      skipped += 1;
      continue;
    }
    budget -= size;
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      skipped += 1;
      continue;
    }
    read += 1;
    let sessionKey = path.basename(file, ".jsonl");
    let sessionLabel = sessionKey;
    /** @type {Map<string, unknown>} tool call id -> its arguments */
    const inputs = new Map();
    for (const entry of sessionEntries(text)) {
      if (entry?.type === "session") {
        sessionKey = String(entry.id ?? sessionKey);
        const started = new Date(String(entry.timestamp));
        const when = Number.isNaN(started.getTime()) ? "" : `${localDay(entry.timestamp)} ${String(started.getHours()).padStart(2, "0")}:${String(started.getMinutes()).padStart(2, "0")} `;
        // Start time and short id first (the id's end: uuidv7 ids of one hour share their start),
        // since a long working dir is what gets cut in the table.
        sessionLabel = `${when}${sessionKey.slice(-8)} ${typeof entry.cwd === "string" ? entry.cwd : ""}`.trim();
        continue;
      }
      const message = entry?.type === "message" ? entry.message : null;
      if (!message) continue;
      if (message.role === "assistant" && Array.isArray(message.content)) {
        for (const part of message.content) if (part?.type === "toolCall" && typeof part.id === "string") inputs.set(part.id, part.arguments);
      }
      const record = message.role === "toolResult" ? message.details?.tokenSaver : null;
      if (!record || typeof record !== "object") continue;
      const unique = `${entry.id}:${message.toolCallId}`;
      if (seen.has(unique)) continue;
      seen.add(unique);
      const output = resultText(message.content).length;
      const originalChars = Number(record.originalChars ?? record.originalBytes ?? 0);
      // As the status line: records older than `stockChars` are bounded by Pi's 50 KB cut.
      const stock = Number(record.stockChars ?? (record.fromFullOutput ? Math.min(originalChars, 50 * 1024) : originalChars));
      if (!Number.isFinite(stock)) continue;
      total.results += 1;
      total.stockChars += stock;
      total.outputChars += output;
      const day = localDay(entry.timestamp);
      add(days, day, day, stock, output);
      add(sessions, sessionKey, sessionLabel, stock, output);
      const label = commandLabel(String(record.tool ?? message.toolName ?? "tool"), inputs.get(message.toolCallId));
      add(commands, label, label, stock, output);
    }
  }
  const bySaving = (/** @type {Row} */ a, /** @type {Row} */ b) => tokensSaved(b) - tokensSaved(a) || a.key.localeCompare(b.key);
  return {
    root: path.join(agentDir, "sessions"),
    sessionsRead: read,
    sessionsFound: files.length,
    skipped,
    total,
    days: [...days.values()].sort((a, b) => b.key.localeCompare(a.key)),
    sessions: [...sessions.values()].sort(bySaving),
    commands: [...commands.values()].sort(bySaving),
  };
}

/** A bar of up to `width` cells for `value` of `max`. @param {number} value @param {number} max @param {number} width */
function bar(value, max, width) {
  if (max <= 0 || value <= 0) return "";
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  return "█".repeat(Math.floor(eighths / 8)) + (eighths % 8 ? "▏▎▍▌▋▊▉"[7 - (eighths % 8)] : "");
}

/** @param {string} title @param {Row[]} rows @param {number} limit */
function section(title, rows, limit) {
  const shown = rows.slice(0, limit);
  if (shown.length === 0) return [];
  const width = Math.min(48, Math.max(...shown.map((r) => r.label.length)));
  const max = Math.max(...shown.map((r) => tokensSaved(r)));
  const lines = [title];
  for (const r of shown) {
    const label = r.label.length > width ? `${r.label.slice(0, width - 1)}…` : r.label.padEnd(width);
    lines.push(`  ${label}  ~${formatCount(tokensSaved(r)).padStart(5)}  ${String(r.results).padStart(4)} ${r.results === 1 ? "result " : "results"}  ${bar(tokensSaved(r), max, 24)}`);
  }
  if (rows.length > shown.length) lines.push(`  … ${rows.length - shown.length} more (--json or --csv lists all)`);
  return lines;
}

/** The terminal report. @param {Gain} gain @param {{ limit?: number }} [options] */
export function formatGain(gain, options = {}) {
  const limit = options.limit ?? 10;
  if (gain.total.results === 0) {
    const where = gain.sessionsFound === 0 ? `no Pi sessions under ${gain.root}` : `${gain.sessionsRead} Pi sessions under ${gain.root}, none with a result the Token Saver changed`;
    return `pi-lean gain: nothing saved yet (${where}). Switch the Token Saver on in Pi with /token-saver on.`;
  }
  const t = gain.total;
  return [
    `pi-lean gain: tokens the Token Saver saved against stock Pi (chars/4, as its status line counts them)`,
    `from ${gain.sessionsRead} ${gain.sessionsRead === 1 ? "session" : "sessions"} under ${gain.root}${gain.skipped ? ` (${gain.skipped} too large to read)` : ""}; read only, nothing is sent anywhere`,
    "",
    `total: ~${formatCount(tokensSaved(t))} tokens saved on ${t.results} tool ${t.results === 1 ? "result" : "results"}: stock Pi would have sent ${formatCount(t.stockChars)} chars, the model got ${formatCount(t.outputChars)} (${t.stockChars > 0 ? Math.round((1 - t.outputChars / t.stockChars) * 100) : 0}% less)`,
    "",
    ...section("by day", gain.days, limit),
    "",
    ...section("by session (most saved first)", gain.sessions, limit),
    "",
    ...section("by tool or command (most saved first)", gain.commands, limit),
  ].join("\n");
}

/** Every row, one CSV line each: scope (total, day, session, command), key, label and figures. @param {Gain} gain */
export function gainCsv(gain) {
  const quote = (/** @type {string} */ s) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const line = (/** @type {string} */ scope, /** @type {Row} */ r) => [scope, quote(r.key), quote(r.label), r.results, r.stockChars, r.outputChars, tokensSaved(r)].join(",");
  return [
    "scope,key,label,results,stock_chars,output_chars,tokens_saved",
    line("total", { key: "total", label: "total", ...gain.total }),
    ...gain.days.map((r) => line("day", r)),
    ...gain.sessions.map((r) => line("session", r)),
    ...gain.commands.map((r) => line("command", r)),
  ].join("\n");
}

/** The same as JSON, with the saved tokens computed. @param {Gain} gain */
export function gainJson(gain) {
  const withTokens = (/** @type {Tally} */ r) => ({ ...r, tokensSaved: tokensSaved(r) });
  return JSON.stringify({
    sessionsDir: gain.root,
    sessionsRead: gain.sessionsRead,
    sessionsSkipped: gain.skipped,
    total: withTokens(gain.total),
    days: gain.days.map(withTokens),
    sessions: gain.sessions.map(withTokens),
    commands: gain.commands.map(withTokens),
  });
}
