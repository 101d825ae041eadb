// @ts-check
/**
 * Keeps denied skills out of user-side channels, which the tools never see: a typed
 * `/skill:name` (Pi expands it after the `input` event, so it is stopped there), a pasted or
 * forged `<skill name="…">` block (removed from the input, and again from every message in
 * the `context` event in case one arrived another way), and Pi's own `/skill:` autocomplete.
 * While the config is invalid, policy is unknown, so every skill counts as denied. Names are
 * compared by the policy in their canonical form (case, look-alikes, invisible characters
 * and dash variants folded in the core), so no spelling of a denied name gets through.
 */

import { native } from "../shared/native.js";

export const REMOVED_BLOCK = "[skill block removed by pi-lean policy]";

const SKILL_COMMAND_RE = /^\/skill:(\S+)/;
/**
 * Characters the core reads as a tag's `<`: `<`, the fullwidth and small forms, and `≮`
 * (which decomposes to `<` plus a mark). Text without any of them holds no block, and skips
 * the call into the core. `__test__/forged-blocks.test.mjs` checks this list against the core.
 */
export const TAG_OPEN_RE = /[<\uFE64\uFF1C\u226E]/;

/**
 * Removes skill blocks whose name `isBlocked`. The core finds the blocks as a tolerant HTML
 * tokenizer reads them (`scanSkillBlocks`: any tag case or namespace prefix, fullwidth
 * brackets, invisible characters, attributes in any order and quoting, references, comments
 * and CDATA), in time linear in the text; this decides which to remove. Returns the text
 * unchanged (same string) when nothing is removed. Fails closed: a tag the core cannot read,
 * a quote that never closes, a policy lookup that throws, or a core call that throws counts
 * as blocked, and a denied block inside an allowed one (in its tag or its body) is still
 * removed.
 * The callback also gets the block itself (LS-28): its opening tag (bounded) and a test for
 * text inside its body, so a guard can match the canonical path a block names and what its
 * body holds, not only the name it claims.
 * @param {string} text @param {(name: string, block?: SkillBlockView) => boolean} isBlocked
 */
export function scrubSkillBlocks(text, isBlocked) {
  if (typeof text !== "string" || !TAG_OPEN_RE.test(text)) return text;
  /** @type {readonly SkillBlockSpan[]} */
  let blocks;
  try {
    blocks = scanBlocks(text);
  } catch {
    return REMOVED_BLOCK;
  }
  if (blocks.length === 0) return text;
  const contains = occurrenceIndex(text);
  /** @type {Array<[number, number]>} removed [start, end) ranges, in order, disjoint */
  const removed = [];
  let removedUntil = 0;
  for (const block of blocks) {
    if (block.start < removedUntil) continue; // inside a block already removed
    const tagEnd = text.indexOf(">", block.start);
    const bodyStart = tagEnd === -1 || tagEnd >= block.end ? block.end : tagEnd + 1;
    /** @type {SkillBlockView} */
    const view = { tag: text.slice(block.start, Math.min(bodyStart, block.start + TAG_MAX)), bodyContains: (needle) => contains(needle, bodyStart, block.end) };
    if (block.undecodable || block.names.some((name) => isBlockedName(name, isBlocked, view))) {
      removed.push([block.start, block.end]);
      removedUntil = block.end;
    }
  }
  if (removed.length === 0) return text;
  let out = "";
  let at = 0;
  for (const [start, end] of removed) {
    out += text.slice(at, start) + REMOVED_BLOCK;
    at = end;
  }
  return out + text.slice(at);
}

/** @typedef {{ start: number, end: number, names: string[], undecodable: boolean }} SkillBlockSpan */

/**
 * Scans of texts seen lately, by text. The `context` event hands every user message of the
 * session to the guard on every request, as fresh copies (Pi clones the messages first), so
 * without this each request would scan the whole conversation in the core again. A scan
 * depends on the text alone, so a cached one is exact; what is blocked is still decided anew
 * each time. Two generations: each pass over the messages starts a new one, and a text seen in
 * the previous pass moves into it, so what a request no longer sends (compacted away, another
 * branch) is dropped after one more pass, and a session longer than any fixed count of entries
 * never has its whole history evicted by its own scan order. A generation holds at most
 * SCAN_CACHE_CHARS characters of text; past that, texts are scanned without being kept.
 */
const SCAN_CACHE_CHARS = 8 * 1024 * 1024;
/** @type {Map<string, readonly SkillBlockSpan[]>} */
let scans = new Map();
/** @type {Map<string, readonly SkillBlockSpan[]>} */
let previousScans = new Map();
let scannedChars = 0;

/** Starts a new generation of the scan cache (one per pass over the context's messages). */
function newScanGeneration() {
  previousScans = scans;
  scans = new Map();
  scannedChars = 0;
}

/** `native.scanSkillBlocks`, answered from the cache when the same text was scanned lately. @param {string} text */
function scanBlocks(text) {
  const cached = scans.get(text) ?? previousScans.get(text);
  const blocks = cached ?? native.scanSkillBlocks(text);
  if (!scans.has(text) && scannedChars + text.length <= SCAN_CACHE_CHARS) {
    scans.set(text, blocks);
    scannedChars += text.length;
  }
  return blocks;
}

/**
 * @typedef {object} SkillBlockView  what a guard may inspect of one skill block (LS-28)
 * @property {string} tag  the opening tag, at most TAG_MAX characters
 * @property {(needle: string) => boolean} bodyContains  whether the block's body holds `needle`
 */

/** Longest opening tag handed to a guard; attributes past it are not read. */
const TAG_MAX = 1024;

/**
 * `contains(needle, from, to)`: whether `needle` occurs wholly inside text[from, to). Each
 * needle's occurrences are found once per text (one linear scan) and then binary-searched,
 * so asking for every block of a crafted text stays linear, not quadratic.
 * @param {string} text
 */
function occurrenceIndex(text) {
  /** @type {Map<string, number[]>} */
  const found = new Map();
  return (/** @type {string} */ needle, /** @type {number} */ from, /** @type {number} */ to) => {
    if (!needle) return false;
    let positions = found.get(needle);
    if (!positions) {
      positions = [];
      for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) positions.push(i);
      found.set(needle, positions);
    }
    let lo = 0;
    let hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (positions[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < positions.length && positions[lo] + needle.length <= to;
  };
}

/** Whether a decoded name is blocked; unknown (the lookup throws) is blocked. */
function isBlockedName(/** @type {string} */ name, /** @type {(name: string, block?: SkillBlockView) => boolean} */ isBlocked, /** @type {SkillBlockView} */ block) {
  try {
    return isBlocked(name.trim(), block) !== false;
  } catch {
    return true;
  }
}

/**
 * The skill a typed `/skill:name` command names, or null.
 * @param {string} text
 */
export function skillCommandName(text) {
  if (typeof text !== "string") return null;
  const match = SKILL_COMMAND_RE.exec(text);
  return match ? match[1] : null;
}

/**
 * Scrubs the text parts of every user-side message; returns null when nothing changed, so
 * the context event leaves the messages untouched (and cache-friendly).
 * @param {any[]} messages @param {(name: string, block?: SkillBlockView, message?: any) => boolean} isBlocked  also told the message a block is in
 */
export function scrubMessages(messages, isBlocked) {
  if (!Array.isArray(messages)) return null;
  newScanGeneration();
  /** @type {any[] | null} a copy, made at the first message that changes */
  let out = null;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    const scrubbed = scrubMessage(message, isBlocked);
    if (scrubbed !== message && out === null) out = messages.slice(0, i);
    if (out !== null) out.push(scrubbed);
  }
  return out;
}

/**
 * One message with its user-side text parts scrubbed; the same object when nothing changed.
 * @param {any} message @param {(name: string, block?: SkillBlockView, message?: any) => boolean} isBlocked
 */
function scrubMessage(message, isBlocked) {
  if (!message || typeof message !== "object" || message.role === "assistant" || message.role === "toolResult") return message;
  // The guard learns which message a block is in: a user's choice admits one message (LS-28).
  const guard = (/** @type {string} */ name, /** @type {SkillBlockView | undefined} */ block) => isBlocked(name, block, message);
  if (typeof message.content === "string") {
    const text = scrubSkillBlocks(message.content, guard);
    return text === message.content ? message : { ...message, content: text };
  }
  if (!Array.isArray(message.content)) return message;
  /** @type {any[] | null} */
  let content = null;
  for (let i = 0; i < message.content.length; i++) {
    const part = message.content[i];
    let next = part;
    if (part?.type === "text" && typeof part.text === "string") {
      const text = scrubSkillBlocks(part.text, guard);
      if (text !== part.text) next = { ...part, text };
    }
    if (next !== part && content === null) content = message.content.slice(0, i);
    if (content !== null) content.push(next);
  }
  return content === null ? message : { ...message, content };
}

/**
 * Wraps Pi's autocomplete provider so `skill:<blocked>` suggestions disappear.
 * @param {(name: string) => boolean} isBlocked
 * @returns {(current: any) => any}
 */
export function autocompleteFilter(isBlocked) {
  const blockedItem = (/** @type {any} */ item) => {
    for (const field of [item?.value, item?.label]) {
      if (typeof field !== "string") continue;
      const match = /^\/?skill:(\S+)/.exec(field);
      if (!match) continue;
      try {
        if (isBlocked(match[1]) !== false) return true;
      } catch {
        return true; // policy unknown: hide it
      }
    }
    return false;
  };
  return (current) => ({
    triggerCharacters: current.triggerCharacters,
    async getSuggestions(/** @type {any[]} */ ...args) {
      const result = await current.getSuggestions(...args);
      if (!result || !Array.isArray(result.items)) return result;
      const items = result.items.filter((/** @type {any} */ item) => !blockedItem(item));
      return items.length > 0 ? { ...result, items } : null;
    },
    applyCompletion(/** @type {any[]} */ ...args) {
      return current.applyCompletion(...args);
    },
    shouldTriggerFileCompletion(/** @type {any[]} */ ...args) {
      return current.shouldTriggerFileCompletion?.(...args) ?? true;
    },
  });
}

/**
 * Decodes the character references of an attribute value; null when one names no character.
 * @param {string} s
 */
function unescapeAttr(s) {
  let valid = true;
  const codePoint = (/** @type {number} */ n) => {
    if (!Number.isInteger(n) || n < 0 || n > 0x10ffff) {
      valid = false;
      return "";
    }
    return String.fromCodePoint(n);
  };
  const decoded = s
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => codePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec) => codePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
  return valid ? decoded : null;
}

/**
 * The canonical path a skill block's `location` attribute names, or null.
 * @param {string} tag
 */
export function blockLocation(tag) {
  const match = /\slocation\s*=\s*(["'])([^"']*)\1/i.exec(tag);
  return match ? unescapeAttr(match[2]) : null;
}
