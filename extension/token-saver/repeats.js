// @ts-check
/**
 * Near repeats: a command run again often prints what it printed before, line for line, with
 * only timings, sizes or hashes changed (a rebuild, a rerun). Such a result costs little: the
 * view names the earlier result the model already has and shows every line that changed,
 * verbatim with its line number. The full output is stored under its own id, so every line
 * stays exactly retrievable.
 *
 * A result is a near repeat of the latest result of the same tool and input (command, path) when
 * both have the same number of lines and each line equals the earlier one once digit runs and
 * long hex hashes are masked. A line that changed in anything else (a status glyph, a word)
 * makes it a different output, which the engine compacts as usual. Only line hashes are kept
 * per remembered result, never the text. A result replayed from the session branch (after
 * `/reload`, `/resume` or a restart) is remembered by its id alone: its text is loaded from the
 * store, and hashed, only when the same call comes again.
 */

/** Results remembered (the most recent per tool and command). */
const MAX_REMEMBERED = 32;
/** Larger outputs are not compared (hashing each line costs a pass in JS). */
export const MAX_NEAR_REPEAT_BYTES = 4 * 1024 * 1024;
/** A near repeat shows at most this many changed lines; with more, the engine's view is used. */
export const MAX_CHANGED_LINES = 40;

const MASK_RE = /[0-9a-fA-F]{7,}|\d+/g;

/** FNV-1a over a string's UTF-16 units: a cheap, stable line hash. @param {string} s */
function hash(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** @param {string} text */
function splitLines(text) {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * @typedef {{ id: string, label: string, raw: Uint32Array, masked: Uint32Array }} Hashed
 * @typedef {{ id: string, label: string, load: () => string | null }} Stored  hashed on first use
 * @typedef {Hashed | Stored} Remembered
 * @typedef {{ earlierId: string, label: string, lineCount: number, changed: Array<{ line: number, text: string }> }} NearRepeat
 */

export class RecentOutputs {
  constructor() {
    /** key -> the latest result of that tool and command. @type {Map<string, Remembered>} */
    this.entries = new Map();
  }

  clear() {
    this.entries.clear();
  }

  /**
   * Key of a result: its tool and its whole input (command, path, offset, …), so only the same
   * call made again can be a near repeat; undefined when the input cannot be keyed.
   * @param {string} tool @param {unknown} input
   */
  static key(tool, input) {
    try {
      return `${tool}\u0000${JSON.stringify(input ?? null)}`;
    } catch {
      return undefined;
    }
  }

  /**
   * Remembers the line hashes of a result delivered under `id`.
   * @param {string} key @param {string} id @param {string} label @param {string} text
   */
  remember(key, id, label, text) {
    this.entries.delete(key);
    if (text.length > MAX_NEAR_REPEAT_BYTES) return;
    this.#keep(key, hashed(id, label, text));
  }

  /**
   * Remembers a result replayed from the session, whose text `load` reads back from the store
   * (null when it is gone) the first time the same call comes again.
   * @param {string} key @param {string} id @param {string} label @param {() => string | null} load
   */
  rememberStored(key, id, label, load) {
    this.entries.delete(key);
    this.#keep(key, { id, label, load });
  }

  /** @param {string} key @param {Remembered} entry */
  #keep(key, entry) {
    this.entries.set(key, entry);
    if (this.entries.size > MAX_REMEMBERED) this.entries.delete(/** @type {string} */ (this.entries.keys().next().value));
  }

  /** The hashed entry under `key`, loading a stored one first; null when none is usable. @param {string} key */
  #hashedEntry(key) {
    const entry = this.entries.get(key);
    if (!entry || "raw" in entry) return entry ?? null;
    let text = null;
    try {
      text = entry.load();
    } catch {
      // An original that cannot be read is no earlier result to compare with.
    }
    if (text === null || text.length > MAX_NEAR_REPEAT_BYTES) {
      this.entries.delete(key);
      return null;
    }
    const loaded = hashed(entry.id, entry.label, text);
    this.entries.set(key, loaded);
    return loaded;
  }

  /**
   * The changes of `text` against the latest result under `key`, when it is a near repeat of
   * it with at most MAX_CHANGED_LINES changed lines; null otherwise.
   * @param {string} key @param {string} text @param {(id: string) => boolean} inContext
   * @returns {NearRepeat | null}
   */
  nearRepeat(key, text, inContext) {
    const id = this.entries.get(key)?.id;
    if (id === undefined || !inContext(id) || text.length > MAX_NEAR_REPEAT_BYTES) return null;
    const earlier = this.#hashedEntry(key);
    if (!earlier) return null;
    const lines = splitLines(text);
    if (lines.length !== earlier.raw.length) return null;
    /** @type {Array<{ line: number, text: string }>} */
    const changed = [];
    for (let i = 0; i < lines.length; i++) {
      if (hash(lines[i]) === earlier.raw[i]) continue;
      if (hash(lines[i].replace(MASK_RE, "#")) !== earlier.masked[i]) return null;
      changed.push({ line: i + 1, text: lines[i] });
      if (changed.length > MAX_CHANGED_LINES) return null;
    }
    return { earlierId: earlier.id, label: earlier.label, lineCount: lines.length, changed };
  }
}

/**
 * Line hashes of `text`, raw and with digit runs and hashes masked.
 * @param {string} id @param {string} label @param {string} text @returns {Hashed}
 */
function hashed(id, label, text) {
  const lines = splitLines(text);
  const raw = new Uint32Array(lines.length);
  const masked = new Uint32Array(lines.length);
  lines.forEach((line, i) => {
    raw[i] = hash(line);
    masked[i] = hash(line.replace(MASK_RE, "#"));
  });
  return { id, label, raw, masked };
}

/**
 * The view of a near repeat: one header naming the earlier result and the new id, then each
 * changed line as `LINE: text`.
 * @param {NearRepeat} repeat @param {string} id
 */
export function nearRepeatView(repeat, id) {
  const n = repeat.changed.length;
  const what = n === 0 ? "no line changed" : n === 1 ? "the changed line follows as LINE: text" : `the ${n} changed lines follow as LINE: text`;
  const header = `[Same ${repeat.lineCount} lines as the earlier ${repeat.label} result (id=${repeat.earlierId}) but for numbers or hashes; ${what} · full output: token_retrieve id=${id} startLine=1]`;
  return [header, ...repeat.changed.map((c) => `${c.line}: ${c.text}`)].join("\n");
}
