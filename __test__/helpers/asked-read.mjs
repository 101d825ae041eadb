// Shared by the property tests of the query hint: a fixed-seed random source, and what the
// model is shown of a read asked about with a prompt, through the extension's real query hint
// and the real engine.
import { compact } from "../../index.js";
import { queryHint } from "../../extension/token-saver/compaction.js";

/** Deterministic pseudo-random source (a 32-bit LCG). @param {number} seed */
export function rng(seed) {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return { int: (/** @type {number} */ n) => Math.floor(next() * n), pick: (/** @type {string[]} */ a) => a[Math.floor(next() * a.length)] };
}

/** Pi's own cut of a read: the first 2,000 lines, within 50 KB. @param {string} text */
export function piCutOfRead(text) {
  const kept = [];
  let bytes = 0;
  for (const line of text.split("\n").slice(0, 2000)) {
    bytes += Buffer.byteLength(line) + 1;
    if (bytes > 50 * 1024) break;
    kept.push(line);
  }
  return kept.join("\n");
}

/**
 * The lines the model is shown of a `read` of `path` holding `text`, asked about with `prompt`:
 * the view, or Pi's own cut when the engine leaves the output unchanged.
 * @param {string} text @param {string} path @param {string} prompt
 */
export function shownLines(text, path, prompt) {
  const result = compact(text, { tool: "read", path, query: queryHint(prompt), recoverable: true });
  return (result.changed ? result.text : piCutOfRead(text)).split("\n");
}
