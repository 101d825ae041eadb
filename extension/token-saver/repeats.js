// @ts-check
/**
 * Near repeats: a command run again often prints what it printed before, line for line, with a
 * few lines changed, added or gone (a rebuild, a rerun, a grep after an edit). Such a result
 * costs little and hides nothing: the view names the earlier result the model already has and
 * shows every line that is new or changed, verbatim with its line number, and says which earlier
 * lines are gone. The full output is stored under its own id, so every line stays exactly
 * retrievable.
 *
 * A result is a near repeat of the latest result of the same tool and input (command, path) when
 * a line diff of the two (Myers' algorithm, bounded by the number of edits, so its cost is linear
 * in the output's size) has at most MAX_CHANGED_LINES new or changed lines. Only two 32-bit
 * hashes per line are kept per remembered result, never the text. A result replayed from the
 * session branch (after `/reload`, `/resume` or a restart) is remembered by its id alone: its
 * text is loaded from the store, and hashed, only when the same call comes again.
 */

/** Results remembered (the most recent per tool and command). */
const MAX_REMEMBERED = 32;
/** Larger outputs are not compared (hashing each line costs a pass in JS). */
export const MAX_NEAR_REPEAT_BYTES = 4 * 1024 * 1024;
/** A near repeat shows at most this many new or changed lines; with more, the engine's view is used. */
export const MAX_CHANGED_LINES = 60;
/** Most earlier lines a near repeat may report as gone. */
const MAX_REMOVED_LINES = 200;

/**
 * Two independent 32-bit hashes of a string's UTF-16 units (FNV-1a, and a multiply-xorshift
 * with other constants): a line counts as unchanged only when both match, so a changed line
 * is taken for its old self about once in 2^64 comparisons.
 * @param {string} s @returns {[number, number]}
 */
function hashPair(s) {
  let h = 0x811c9dc5;
  let g = 0x9e3779b9;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h = Math.imul(h ^ c, 0x01000193);
    g = Math.imul(g ^ c, 0x85ebca6b);
    g ^= g >>> 13;
  }
  return [h >>> 0, (g ^ s.length) >>> 0];
}

/** @param {string} text */
function splitLines(text) {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * @typedef {{ id: string, label: string, first: Uint32Array, second: Uint32Array }} Hashed
 * @typedef {{ id: string, label: string, load: () => string | null }} Stored  hashed on first use
 * @typedef {Hashed | Stored} Remembered
 * @typedef {{ earlierId: string, label: string, lineCount: number, earlierLineCount: number, changed: Array<{ line: number, text: string }>, removed: Array<{ from: number, to: number, after: number }> }} NearRepeat
 *   `changed`: lines of this output that are new or changed (1-based); `removed`: runs of the
 *   earlier output's lines (1-based, inclusive) that are gone, each after `after` lines of this
 *   output.
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
    if (!entry || "first" in entry) return entry ?? null;
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
   * it (at most MAX_CHANGED_LINES new or changed lines, MAX_REMOVED_LINES gone); null otherwise.
   * @param {string} key @param {string} text @param {(id: string) => boolean} inContext
   * @returns {NearRepeat | null}
   */
  nearRepeat(key, text, inContext) {
    const id = this.entries.get(key)?.id;
    if (id === undefined || !inContext(id) || text.length > MAX_NEAR_REPEAT_BYTES) return null;
    const earlier = this.#hashedEntry(key);
    if (!earlier) return null;
    const lines = splitLines(text);
    const now = hashLines(lines);
    const edits = lineDiff(earlier, now, MAX_CHANGED_LINES + MAX_REMOVED_LINES);
    if (!edits) return null;
    /** @type {Array<{ line: number, text: string }>} */
    const changed = [];
    /** @type {Array<{ from: number, to: number, after: number }>} */
    const removed = [];
    for (const edit of edits) {
      if (edit.inserted !== undefined) {
        changed.push({ line: edit.inserted + 1, text: lines[edit.inserted] });
      } else if (edit.deleted !== undefined) {
        const last = removed.at(-1);
        if (last && last.to === edit.deleted && last.after === edit.after) last.to = edit.deleted + 1;
        else removed.push({ from: edit.deleted + 1, to: edit.deleted + 1, after: edit.after ?? 0 });
      }
    }
    const removedLines = removed.reduce((sum, r) => sum + r.to - r.from + 1, 0);
    if (changed.length > MAX_CHANGED_LINES || removedLines > MAX_REMOVED_LINES) return null;
    // A line changed in place is a removal and an insertion of the same line number: when every
    // change is that, the view lists only the new lines.
    const inPlace = lines.length === earlier.first.length && changed.every((c) => removed.some((r) => c.line >= r.from && c.line <= r.to));
    return { earlierId: earlier.id, label: earlier.label, lineCount: lines.length, earlierLineCount: earlier.first.length, changed, removed: inPlace ? [] : removed };
  }
}

/**
 * Line hashes of `text`.
 * @param {string} id @param {string} label @param {string} text @returns {Hashed}
 */
function hashed(id, label, text) {
  return { id, label, ...hashLines(splitLines(text)) };
}

/** @param {string[]} lines */
function hashLines(lines) {
  const first = new Uint32Array(lines.length);
  const second = new Uint32Array(lines.length);
  lines.forEach((line, i) => {
    [first[i], second[i]] = hashPair(line);
  });
  return { first, second };
}

/**
 * The shortest line edit script from `a` to `b` (Myers' O(ND) algorithm), as insertions of
 * `b`'s lines and deletions of `a`'s lines (0-based) in order; null when it needs more than
 * `maxEdits` edits. The work is O((N + M) · maxEdits), and a common prefix costs one pass.
 * @param {{ first: Uint32Array, second: Uint32Array }} a @param {{ first: Uint32Array, second: Uint32Array }} b
 * @param {number} maxEdits
 * @returns {Array<{ inserted?: number, deleted?: number, after?: number }> | null}
 *   (`after`: how many of `b`'s lines come before a deleted line)
 */
export function lineDiff(a, b, maxEdits) {
  const n = a.first.length;
  const m = b.first.length;
  const same = (/** @type {number} */ x, /** @type {number} */ y) => a.first[x] === b.first[y] && a.second[x] === b.second[y];
  const limit = Math.min(maxEdits, n + m);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  /** @type {Int32Array[]} */
  const trace = [];
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && same(x, y)) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return editsFrom(trace, offset, n, m, d);
    }
  }
  return null;
}

/**
 * Walks `lineDiff`'s trace back from the end to list its edits in order.
 * @param {Int32Array[]} trace @param {number} offset @param {number} n @param {number} m @param {number} edits
 */
function editsFrom(trace, offset, n, m, edits) {
  /** @type {Array<{ inserted?: number, deleted?: number, after?: number }>} */
  const out = [];
  let x = n;
  let y = m;
  for (let d = edits; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    if (down) out.push({ inserted: prevY });
    else out.push({ deleted: prevX, after: prevY });
    x = prevX;
    y = prevY;
  }
  return out.reverse();
}

/**
 * The view of a near repeat: one header naming the earlier result and the new id, then each new
 * or changed line as `LINE: text` (its number in this output) and each run of earlier lines that
 * is gone as `[earlier lines A-B removed]`, in output order.
 * @param {NearRepeat} repeat @param {string} id
 */
export function nearRepeatView(repeat, id) {
  const n = repeat.changed.length;
  const full = `full output: token_retrieve id=${id} startLine=1`;
  if (repeat.removed.length === 0 && repeat.lineCount === repeat.earlierLineCount) {
    const what = n === 0 ? "no line changed" : n === 1 ? "the changed line follows as LINE: text" : `the ${n} changed lines follow as LINE: text`;
    const header = `[Same ${repeat.lineCount} lines as the earlier ${repeat.label} result (id=${repeat.earlierId}) but for ${n === 1 ? "one line" : `${n} lines`}; ${what} · ${full}]`;
    return [header, ...repeat.changed.map((c) => `${c.line}: ${c.text}`)].join("\n");
  }
  const header = `[${repeat.lineCount} lines: the earlier ${repeat.label} result (id=${repeat.earlierId}, ${repeat.earlierLineCount} lines) with these changes: each new or changed line as LINE: text, each run of removed earlier lines as [earlier lines A-B removed] · ${full}]`;
  /** @type {Array<{ at: number, text: string }>} */
  const items = repeat.changed.map((c) => ({ at: c.line, text: `${c.line}: ${c.text}` }));
  for (const r of repeat.removed) {
    items.push({ at: r.after + 0.5, text: r.from === r.to ? `[earlier line ${r.from} removed]` : `[earlier lines ${r.from}-${r.to} removed]` });
  }
  items.sort((p, q) => p.at - q.at);
  return [header, ...items.map((i) => i.text)].join("\n");
}
