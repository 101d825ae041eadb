// @ts-check
/**
 * Capsules on disk, under `<agentDir>/cache/pi-lean/{tools,skills}/`, one JSON file per
 * source text named by the xxh3 of that text and the distiller version. A file is a verdict:
 * `capsule` is the capsule text, or null when the original must be used as is (the distiller
 * found nothing shorter). Writes are atomic (temp file + rename) and compare-and-swap: the
 * source is fingerprinted again right before the rename, and nothing is stored when it
 * changed meanwhile. Two processes writing the same key write the same bytes, since the
 * distiller is deterministic. A capsule read back is validated structurally against its
 * source before use (extractive, in order, every rule kept, shorter); anything else is
 * ignored and removed. Each kind keeps at most MAX_ENTRIES files, oldest pruned first.
 * The original files and tool metadata are never modified.
 */
import fs from "node:fs";
import path from "node:path";
import { native } from "../shared/native.js";

export const MAX_ENTRIES = 512;

/** @typedef {"tools" | "skills"} CapsuleKind */
/** @typedef {{ version: number, source: string, capsule: string | null, label: string }} CapsuleFile */

/** @param {string} agentDir */
export function cacheRoot(agentDir) {
  return path.join(agentDir, "cache", "pi-lean");
}

export class CapsuleCache {
  /** @param {string} agentDir */
  constructor(agentDir) {
    this.root = cacheRoot(agentDir);
    this.version = native.distillerVersion();
    /** In-memory view of verdicts read or written this session: key -> capsule or null. @type {Map<string, string | null>} */
    this.memory = new Map();
    /** Files found missing this session, so listing many skills does not stat each one per prompt. @type {Set<string>} */
    this.missing = new Set();
  }

  /**
   * The verdict's key: the source text, plus `context`, everything else the verdict depends on
   * (PD-17: a tool's name, parameters and provenance; a skill's file content). The distiller
   * version is in the file name.
   * @param {string} source @param {string} [context]
   */
  keyFor(source, context = "") {
    return native.contentHash(context ? `${context}\u0000${source}` : source);
  }

  /** @param {CapsuleKind} kind @param {string} source @param {string} [context] */
  fileFor(kind, source, context = "") {
    return path.join(this.root, kind, `${this.keyFor(source, context)}-v${this.version}.json`);
  }

  /**
   * The cached verdict for `source`: `{capsule}` (null capsule = use the original), or
   * undefined when there is none (or it is invalid).
   * @param {CapsuleKind} kind @param {string} source @param {string} [context]  see `keyFor`
   * @returns {{ capsule: string | null } | undefined}
   */
  get(kind, source, context = "") {
    const file = this.fileFor(kind, source, context);
    if (this.memory.has(file)) return { capsule: /** @type {string | null} */ (this.memory.get(file)) };
    if (this.missing.has(file)) return undefined;
    /** @type {CapsuleFile} */
    let stored;
    try {
      stored = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch {
      this.missing.add(file);
      return undefined;
    }
    const capsule = stored && stored.version === this.version && stored.source === this.keyFor(source, context) ? stored.capsule : undefined;
    if (capsule === undefined || (capsule !== null && (typeof capsule !== "string" || native.validateCapsule(source, capsule) !== null))) {
      fs.rmSync(file, { force: true });
      return undefined;
    }
    this.memory.set(file, capsule);
    return { capsule };
  }

  /**
   * Distils `source`, stores the verdict unless `currentSource()` no longer returns the same
   * text, and returns it (also when it could not be stored).
   * @param {CapsuleKind} kind @param {string} source @param {string} label  what it is for (shown by /capabilities)
   * @param {() => string | null} currentSource  re-reads the source right before the write
   * @param {string} [context]  see `keyFor`
   * @returns {{ capsule: string | null, stored: boolean }}
   */
  make(kind, source, label, currentSource, context = "") {
    return this.store(kind, source, label, currentSource, context, null);
  }

  /**
   * Stores `candidate` (a capsule another distiller made, e.g. the model's; PD-13) as the
   * verdict for `source` when it is a valid capsule of it; otherwise (or with no candidate)
   * the extractive capsule. Same compare-and-swap as `make`.
   * @param {CapsuleKind} kind @param {string} source @param {string} label
   * @param {() => string | null} currentSource @param {string} context
   * @param {string | null} candidate
   * @returns {{ capsule: string | null, stored: boolean }}
   */
  store(kind, source, label, currentSource, context, candidate) {
    let capsule = candidate !== null && native.validateCapsule(source, candidate) === null ? candidate : null;
    if (capsule === null) {
      const made = native.distillCapsule(source);
      capsule = made && native.validateCapsule(source, made.text) === null ? made.text : null;
    }
    const file = this.fileFor(kind, source, context);
    const hash = native.contentHash(source);
    /** @type {CapsuleFile} */
    const record = { version: this.version, source: this.keyFor(source, context), capsule, label: label.slice(0, 200) };
    let stored = false;
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      fs.writeFileSync(tmp, `${JSON.stringify(record)}\n`);
      const now = currentSource();
      if (now !== null && native.contentHash(now) === hash) {
        fs.renameSync(tmp, file);
        stored = true;
        this.prune(kind);
      } else {
        fs.rmSync(tmp, { force: true });
      }
    } catch {
      // A cache that cannot be written only costs the saving; the original is used.
    }
    if (stored) {
      this.memory.set(file, capsule);
      this.missing.delete(file);
    }
    return { capsule, stored };
  }

  /** Keeps at most MAX_ENTRIES files of `kind`, removing the oldest. @param {CapsuleKind} kind */
  prune(kind) {
    const dir = path.join(this.root, kind);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".json"));
    if (files.length <= MAX_ENTRIES) return;
    const aged = files.map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs })).sort((a, b) => a.t - b.t || a.f.localeCompare(b.f));
    for (const { f } of aged.slice(0, files.length - MAX_ENTRIES)) fs.rmSync(path.join(dir, f), { force: true });
  }

  /** Every stored verdict of `kind`: file name, label, capsule length. @param {CapsuleKind} kind */
  list(kind) {
    const dir = path.join(this.root, kind);
    /** @type {Array<{ file: string, label: string, capsuleChars: number | null }>} */
    const out = [];
    let files = [];
    try {
      files = fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
    } catch {
      return out;
    }
    for (const f of files) {
      try {
        const stored = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
        out.push({ file: f, label: String(stored.label ?? ""), capsuleChars: typeof stored.capsule === "string" ? stored.capsule.length : null });
      } catch {
        // An unreadable file is skipped here and ignored on use.
      }
    }
    return out;
  }

  /** Deletes every cached capsule (both kinds). Returns how many files were removed. */
  clear() {
    let removed = 0;
    for (const kind of ["tools", "skills"]) {
      const dir = path.join(this.root, kind);
      let files = [];
      try {
        files = fs.readdirSync(dir);
      } catch {
        continue;
      }
      for (const f of files) {
        fs.rmSync(path.join(dir, f), { force: true });
        removed += 1;
      }
    }
    this.memory.clear();
    this.missing.clear();
    return removed;
  }
}
