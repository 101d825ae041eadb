// @ts-check
/**
 * Keeps denied skills out of user-side channels, which the tools never see: a typed
 * `/skill:name` (Pi expands it after the `input` event, so it is stopped there), a pasted or
 * forged `<skill name="…">` block (removed from the input, and again from every message in
 * the `context` event in case one arrived another way), and Pi's own `/skill:` autocomplete.
 * While the config is invalid, policy is unknown, so every skill counts as denied.
 */

export const REMOVED_BLOCK = "[skill block removed by pi-lean policy]";

const SKILL_COMMAND_RE = /^\/skill:(\S+)/;
/**
 * A whole `<skill name="…" …>…</skill>` block, or an unterminated opening tag to the end.
 * Quotes, spacing and case vary in forged blocks, and a model reads them all the same.
 */
const SKILL_BLOCK_RE = /<skill\s+name\s*=\s*(["'])([\s\S]*?)\1[^>]*>(?:[\s\S]*?<\/skill\s*>|[\s\S]*$)/gi;

/**
 * Removes skill blocks whose name `isBlocked`. Returns the text unchanged (same string) when
 * nothing matched.
 * @param {string} text @param {(name: string) => boolean} isBlocked
 */
export function scrubSkillBlocks(text, isBlocked) {
  if (!/<skill/i.test(text)) return text;
  return text.replace(SKILL_BLOCK_RE, (block, _quote, name) => (isBlocked(unescapeAttr(name.trim())) ? REMOVED_BLOCK : block));
}

/**
 * Decodes XML entities in a name, so an encoded name (`changelog&#45;style`) is still caught.
 * @param {string} s
 */
function unescapeAttr(s) {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * The skill a typed `/skill:name` command names, or null.
 * @param {string} text
 */
export function skillCommandName(text) {
  const match = SKILL_COMMAND_RE.exec(text);
  return match ? match[1] : null;
}

/**
 * Scrubs the text parts of every user-side message; returns null when nothing changed, so
 * the context event leaves the messages untouched (and cache-friendly).
 * @param {any[]} messages @param {(name: string) => boolean} isBlocked
 */
export function scrubMessages(messages, isBlocked) {
  let changed = false;
  const out = messages.map((message) => {
    if (!message || message.role === "assistant" || message.role === "toolResult") return message;
    if (typeof message.content === "string") {
      const text = scrubSkillBlocks(message.content, isBlocked);
      if (text === message.content) return message;
      changed = true;
      return { ...message, content: text };
    }
    if (!Array.isArray(message.content)) return message;
    let partChanged = false;
    const content = message.content.map((/** @type {any} */ part) => {
      if (part?.type !== "text" || typeof part.text !== "string") return part;
      const text = scrubSkillBlocks(part.text, isBlocked);
      if (text === part.text) return part;
      partChanged = true;
      return { ...part, text };
    });
    if (!partChanged) return message;
    changed = true;
    return { ...message, content };
  });
  return changed ? out : null;
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
      if (match && isBlocked(match[1])) return true;
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
