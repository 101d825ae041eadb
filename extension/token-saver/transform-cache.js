// @ts-check
/**
 * The transform and skip cache (SO-40): the engine's answer for one input under one set of
 * options, kept for a while, so an identical result seen again (a rerun with the same output,
 * the same file read twice, a repeat after a compaction emptied the context) does not pay
 * the engine again. Both answers are cached: a compacted view (transform) and "not worth
 * compacting" (skip, `changed: false`). The engine is a pure function of its input and
 * options, so a cached answer is the answer. Bounded by entry count and total bytes (least
 * recently used out first), and every entry expires after a TTL (30 minutes), so a long
 * session does not keep answers nobody asks for.
 */
import { native } from "../shared/native.js";

export const TRANSFORM_TTL_MS = 30 * 60 * 1000;
export const TRANSFORM_MAX_ENTRIES = 128;
export const TRANSFORM_MAX_BYTES = 16 * 1024 * 1024;

/**
 * @typedef {import("../../index.js").CompactResult} CompactResult
 * @typedef {(input: Buffer | string, options: Record<string, any>) => Promise<CompactResult> | CompactResult} Engine
 */

export class TransformCache {
  /** @param {{ ttlMs?: number, maxEntries?: number, maxBytes?: number, now?: () => number }} [limits] */
  constructor(limits = {}) {
    this.ttlMs = limits.ttlMs ?? TRANSFORM_TTL_MS;
    this.maxEntries = limits.maxEntries ?? TRANSFORM_MAX_ENTRIES;
    this.maxBytes = limits.maxBytes ?? TRANSFORM_MAX_BYTES;
    this.now = limits.now ?? Date.now;
    /** key -> answer, oldest use first. @type {Map<string, { result: CompactResult, bytes: number, expires: number }>} */
    this.entries = new Map();
    this.bytes = 0;
    this.hits = 0;
    this.misses = 0;
  }

  /**
   * The engine's answer for `input` and `options`, from the cache when a live one is there.
   * A failing engine call caches nothing.
   * @param {Engine} engine @param {Buffer | string} input @param {Record<string, any>} options
   * @returns {Promise<CompactResult>}
   */
  async run(engine, input, options) {
    const key = `${native.contentHash(input)}:${stableJson(options)}`;
    const now = this.now();
    const known = this.entries.get(key);
    if (known && known.expires > now) {
      this.entries.delete(key);
      this.entries.set(key, known);
      this.hits += 1;
      return known.result;
    }
    if (known) this.remove(key);
    this.misses += 1;
    const result = await engine(input, options);
    const bytes = resultBytes(result);
    if (bytes <= this.maxBytes) {
      this.entries.set(key, { result, bytes, expires: now + this.ttlMs });
      this.bytes += bytes;
      this.evict(now);
    }
    return result;
  }

  /** Drops expired entries, then the least recently used until within both bounds. @param {number} now */
  evict(now) {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.remove(key);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** @param {string} key */
  remove(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** Bytes an answer holds: its view text and its ranges' templates, roughly. @param {CompactResult} result */
function resultBytes(result) {
  let bytes = 256 + Buffer.byteLength(String(result?.text ?? ""));
  for (const range of Array.isArray(result?.ranges) ? result.ranges : []) bytes += 64 + String(range?.template ?? "").length;
  return bytes;
}

/** JSON with sorted keys, so equal options give equal keys. @param {Record<string, any>} value */
function stableJson(value) {
  const keys = Object.keys(value ?? {}).sort();
  return JSON.stringify(keys.map((k) => [k, value[k]]));
}
