// @ts-check
/**
 * `token_retrieve {id, startLine?, maxLines?}`: the exact original lines behind a compaction
 * marker. Originals live in the durable store of the session that compacted them; after a
 * `/fork` the branch still names the parent's store in its result details, so lookups fall
 * back to that store. Ids are content hashes, so a blob from any store is the right one.
 */
import { errorCode, errorMessage } from "../shared/native.js";

export const RETRIEVE_TOOL = "token_retrieve";
export const DEFAULT_MAX_LINES = 240;
export const MAX_LINES = 1000;

export const RETRIEVE_DESCRIPTION = "Get the exact original lines a compaction marker omitted, by the marker's id.";

export const RETRIEVE_PARAMETERS = {
  type: "object",
  properties: {
    id: { type: "string", description: "id=<id> from the marker." },
    startLine: { type: "integer", minimum: 1 },
    maxLines: { type: "integer", minimum: 1, maximum: MAX_LINES },
  },
  required: ["id"],
};

/**
 * The one-line guideline shown while the layer is on: how to read markers, and to be brief.
 * It rides on token_retrieve's `promptGuidelines`, so it leaves the prompt with the tool.
 */
export const TOKEN_SAVER_GUIDELINE = "Long tool output may be compacted; each [… token_retrieve id=… startLine=…] marker names omitted lines: retrieve only what you need, and keep replies concise.";

/**
 * @param {{ id: string, startLine?: number, maxLines?: number }} params
 * @param {(id: string) => import("../../index.js").RecoveryStore[]} storesFor  stores to try, in order
 * @param {(id: string) => boolean} [issued]  whether this session (or the parent it forked from)
 *   produced the id: an id found nowhere is then expired, otherwise unknown here (a marker copied
 *   from another session or conversation); without it every missing id counts as expired
 * @returns {Promise<{ content: Array<{type: "text", text: string}>, details: Record<string, unknown>, isError?: boolean }>}
 */
export async function runRetrieve(params, storesFor, issued = () => true) {
  const id = String(params.id ?? "").trim().replace(/^id=/, "");
  const startLine = Math.max(1, Math.trunc(Number(params.startLine ?? 1)) || 1);
  const maxLines = Math.min(MAX_LINES, Math.max(1, Math.trunc(Number(params.maxLines ?? DEFAULT_MAX_LINES)) || DEFAULT_MAX_LINES));
  if (!/^[0-9a-f]{16}$/.test(id)) {
    return failure("INVALID_ARGUMENT", "that id is not 16 hex digits; pass the value after id= in a marker", { id });
  }
  /** @type {unknown} */
  let lastError = null;
  for (const store of storesFor(id)) {
    try {
      if (!store.contains(id)) continue;
      // Off the event loop: an original evicted from memory is read back from disk.
      const got = await store.retrieveAsync(id, startLine, maxLines);
      let text = got.text;
      if (got.nextStartLine != null) {
        if (!text.endsWith("\n")) text += "\n";
        text += `[lines ${got.startLine}-${got.endLine} of ${got.totalLines} · more: token_retrieve id=${id} startLine=${got.nextStartLine}]`;
      }
      if (got.totalLines > 0 && got.endLine < got.startLine) text = `[id=${id} has ${got.totalLines} lines; startLine is past the end]`;
      return {
        content: [{ type: /** @type {const} */ ("text"), text }],
        details: { id, startLine: got.startLine, endLine: got.endLine, totalLines: got.totalLines, nextStartLine: got.nextStartLine ?? null },
      };
    } catch (error) {
      lastError = error;
    }
  }
  if (lastError && errorCode(lastError) !== "RECOVERY_EXPIRED") {
    return failure(errorCode(lastError), "the original could not be read; re-run the command if you need it", { id, message: errorMessage(lastError) });
  }
  if (!issued(id)) {
    return failure(
      "RECOVERY_UNKNOWN_ID",
      `id=${id} is not from a compacted result of this session (an id only works in the session that produced it and its forks); use the id= of a marker in this conversation, or re-run the command`,
      { id },
    );
  }
  return failure("RECOVERY_EXPIRED", "that original is no longer stored; re-run the command if you need it", { id });
}

/**
 * @param {string} code @param {string} text @param {Record<string, unknown>} details
 * @returns {{ content: Array<{type: "text", text: string}>, details: Record<string, unknown>, isError: boolean }}
 */
function failure(code, text, details) {
  return { content: [{ type: "text", text: `${code}: ${text}` }], details: { code, ...details }, isError: true };
}
