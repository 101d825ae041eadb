// @ts-check
/**
 * Provider shaping while the Token Saver is on; it only ever shrinks what is sent.
 * - Unusually long top-level tool descriptions are shortened through `prepareLoadout`, which
 *   is provider-agnostic and leaves parameter schemas alone by construction.
 * - After a routine, successful continuation (every tool result of the previous turn was a
 *   successful read-only look-up, and nothing failed earlier in the run), an effort field that
 *   already exists in the payload is clamped down; fields are never added.
 * - Changes of the prompt prefix (system text plus tool declarations) are counted, since each
 *   one costs a prompt-cache miss.
 */
import { native } from "../shared/native.js";

/** Descriptions longer than this are "unusually long" (Pi's built-ins are 130-330 chars). */
export const LONG_DESCRIPTION_CHARS = 600;
/** A shortened description keeps whole sentences up to about this many characters. */
export const SHORT_DESCRIPTION_CHARS = 320;

/**
 * Whole leading sentences of `text`, at most SHORT_DESCRIPTION_CHARS, or a word-boundary cut.
 * @param {string} text
 */
export function shortenDescription(text) {
  if (text.length <= LONG_DESCRIPTION_CHARS) return text;
  const flat = text.replace(/\s+/g, " ").trim();
  const sentences = flat.match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g) ?? [flat];
  let out = "";
  for (const sentence of sentences) {
    const next = out ? `${out} ${sentence.trim()}` : sentence.trim();
    if (next.length > SHORT_DESCRIPTION_CHARS) break;
    out = next;
  }
  if (!out) {
    const cut = flat.slice(0, SHORT_DESCRIPTION_CHARS);
    out = `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1)).trimEnd()}…`;
  }
  return out;
}

/**
 * `prepareLoadout` changes: shortened descriptions of the declared tools that need them.
 * @param {{ declared: readonly { name: string, description: string }[] }} loadout
 * @returns {{ descriptions: Record<string, string>, removed: number }}
 */
export function shortenLoadout(loadout) {
  /** @type {Record<string, string>} */
  const descriptions = {};
  let removed = 0;
  for (const tool of loadout.declared) {
    if (typeof tool.description !== "string") continue;
    const short = shortenDescription(tool.description);
    if (short !== tool.description) {
      descriptions[tool.name] = short;
      removed += tool.description.length - short.length;
    }
  }
  return { descriptions, removed };
}

/** Tools whose successful results are routine look-ups, not actions or checks that matter. */
export const ROUTINE_TOOLS = new Set(["read", "grep", "find", "ls", "token_retrieve", "token_tool_search", "skill_search", "skill"]);

const EFFORT_RANK = ["none", "minimal", "low", "medium", "high", "xhigh", "max"];
/** What an existing effort is lowered to. */
export const CLAMPED_EFFORT = "low";
/** What an existing thinking budget is lowered to (Anthropic's minimum). */
export const CLAMPED_BUDGET_TOKENS = 1024;

/** @param {unknown} value */
function lowered(value) {
  if (typeof value !== "string") return value;
  const rank = EFFORT_RANK.indexOf(value);
  return rank > EFFORT_RANK.indexOf(CLAMPED_EFFORT) ? CLAMPED_EFFORT : value;
}

/**
 * The payload with its existing effort fields lowered, or null when nothing changed.
 * Handles `reasoning_effort` (OpenAI chat), `reasoning.effort` (OpenAI responses),
 * `output_config.effort` and `thinking.budget_tokens` (Anthropic).
 * @param {any} payload
 */
export function clampEffort(payload) {
  if (!payload || typeof payload !== "object") return null;
  /** @type {Record<string, any>} */
  const out = { ...payload };
  let changed = false;
  if ("reasoning_effort" in payload && lowered(payload.reasoning_effort) !== payload.reasoning_effort) {
    out.reasoning_effort = lowered(payload.reasoning_effort);
    changed = true;
  }
  for (const key of ["reasoning", "output_config"]) {
    const obj = payload[key];
    if (obj && typeof obj === "object" && "effort" in obj && lowered(obj.effort) !== obj.effort) {
      out[key] = { ...obj, effort: lowered(obj.effort) };
      changed = true;
    }
  }
  const thinking = payload.thinking;
  if (thinking && typeof thinking === "object" && typeof thinking.budget_tokens === "number" && thinking.budget_tokens > CLAMPED_BUDGET_TOKENS) {
    out.thinking = { ...thinking, budget_tokens: CLAMPED_BUDGET_TOKENS };
    changed = true;
  }
  return changed ? out : null;
}

/**
 * Tracks whether the next request continues a routine, successful turn.
 * Fed by `agent_start`, `tool_result` and `turn_start`.
 */
export class ContinuationTracker {
  constructor() {
    this.runHadProblem = false;
    /** @type {boolean[]} routine flags of the current turn's results */
    this.turnResults = [];
    this.routineContinuation = false;
  }

  startRun() {
    this.runHadProblem = false;
    /** @type {boolean[]} routine flags of the current turn's results */
    this.turnResults = [];
    this.routineContinuation = false;
  }

  /** @param {{ toolName: string, isError: boolean }} result */
  recordResult(result) {
    const routine = !result.isError && ROUTINE_TOOLS.has(result.toolName);
    if (!routine) this.runHadProblem = true;
    this.turnResults.push(routine);
  }

  /** A new turn starts: the request about to be sent continues the previous turn's results. */
  startTurn() {
    this.routineContinuation = this.turnResults.length > 0 && !this.runHadProblem && this.turnResults.every(Boolean);
    this.turnResults = [];
  }
}

/**
 * Hash of the cache-relevant prefix of a request: system text and tool declarations.
 * @param {any} payload
 */
export function prefixHash(payload) {
  if (!payload || typeof payload !== "object") return null;
  const messages = Array.isArray(payload.messages) ? payload.messages : Array.isArray(payload.input) ? payload.input : [];
  const system = messages.filter((/** @type {any} */ m) => m && (m.role === "system" || m.role === "developer"));
  try {
    return native.contentHash(JSON.stringify([payload.system ?? null, payload.instructions ?? null, system, payload.tools ?? null]));
  } catch {
    return null;
  }
}
