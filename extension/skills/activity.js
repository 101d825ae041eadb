// @ts-check
/**
 * What the agent just did in a tool round, as the model picker's bounded `state.activity`
 * (CD-13): the assistant message's visible text and tool calls, in order, as blocks. Every
 * part is bounded: a text block to 600 characters, a tool name to 128, arguments to 16
 * properties per object, 32 values in all, 4 levels, strings of 256 and keys of 80
 * characters. What is cut says `[truncated]`, what is left out says `[omitted]`. The whole
 * list is at most 3,000 JSON characters; the oldest blocks go first, so the newest is kept.
 * Thinking and tool results are never included. Work is bounded by the limits, not the input.
 */

export const ACTIVITY_JSON_MAX = 3000;
export const ACTIVITY_TEXT_MAX = 600;
export const ACTIVITY_NAME_MAX = 128;
export const ACTIVITY_PROPS_MAX = 16;
export const ACTIVITY_VALUES_MAX = 32;
export const ACTIVITY_DEPTH_MAX = 4;
export const ACTIVITY_STRING_MAX = 256;
export const ACTIVITY_KEY_MAX = 80;

const TRUNCATED = "[truncated]";
const OMITTED = "[omitted]";

/** @typedef {{ type: "text", text: string } | { type: "toolCall", name: string, arguments: unknown }} ActivityBlock */

/** The first `max` code points of `text`, marked when cut. @param {string} text @param {number} max */
function cut(text, max) {
  const chars = [...text.slice(0, max * 2 + 2)];
  return chars.length > max ? `${chars.slice(0, max).join("")}${TRUNCATED}` : text;
}

/**
 * A copy of `value` within the argument bounds. Recursion stops at ACTIVITY_DEPTH_MAX levels
 * and the value count, so a deep or cyclic input costs no more than the bounds allow.
 * @param {unknown} value
 */
export function boundArguments(value) {
  let values = 0;
  /** @param {unknown} v @param {number} depth @returns {unknown} */
  const visit = (v, depth) => {
    if (values >= ACTIVITY_VALUES_MAX) return OMITTED;
    if (v === null || typeof v === "number" || typeof v === "boolean") {
      values += 1;
      return v;
    }
    if (typeof v === "string") {
      values += 1;
      return cut(v, ACTIVITY_STRING_MAX);
    }
    if (typeof v !== "object") return OMITTED;
    if (depth >= ACTIVITY_DEPTH_MAX) return OMITTED;
    if (Array.isArray(v)) {
      /** @type {unknown[]} */
      const out = [];
      for (let i = 0; i < v.length && i < ACTIVITY_PROPS_MAX; i++) out.push(visit(v[i], depth + 1));
      if (v.length > ACTIVITY_PROPS_MAX) out.push(OMITTED);
      return out;
    }
    /** @type {Record<string, unknown>} */
    const out = {};
    let count = 0;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if (count >= ACTIVITY_PROPS_MAX) {
        out[OMITTED] = OMITTED;
        break;
      }
      out[cut(key, ACTIVITY_KEY_MAX)] = visit(/** @type {Record<string, unknown>} */ (v)[key], depth + 1);
      count += 1;
    }
    return out;
  };
  return visit(value, 0);
}

/**
 * The bounded activity of one assistant message.
 * @param {any} message
 * @returns {ActivityBlock[]}
 */
export function toolRoundActivity(message) {
  /** @type {ActivityBlock[]} */
  const blocks = [];
  for (const part of Array.isArray(message?.content) ? message.content : []) {
    if (part?.type === "text" && typeof part.text === "string" && part.text.trim() !== "") blocks.push({ type: "text", text: cut(part.text, ACTIVITY_TEXT_MAX) });
    else if (part?.type === "toolCall" && typeof part.name === "string") blocks.push({ type: "toolCall", name: cut(part.name, ACTIVITY_NAME_MAX), arguments: boundArguments(part.arguments ?? {}) });
  }
  // Newest kept: drop from the front until the list fits.
  while (blocks.length > 1 && JSON.stringify(blocks).length > ACTIVITY_JSON_MAX) blocks.shift();
  if (blocks.length === 1 && JSON.stringify(blocks).length > ACTIVITY_JSON_MAX) {
    const only = blocks[0];
    blocks[0] = only.type === "toolCall" ? { ...only, arguments: OMITTED } : { type: "text", text: cut(only.text, ACTIVITY_JSON_MAX / 2) };
  }
  return blocks;
}
