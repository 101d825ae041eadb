// @ts-check
/**
 * Token Saver counters for one session. Compaction figures are rebuilt from the session's own
 * tool-result `details` on every `session_start`, so they survive `/reload`, `/resume` and
 * `/fork`; the provider-side counters (searches, descriptions, prefix changes) are live only.
 *
 * Savings are counted against what stock Pi would have sent, not against the full output: Pi
 * cuts bash and read output to 2,000 lines / 50 KB (bash keeps the end, read the start), so
 * compacting `seq 1 200000` saves only the tail Pi would have kept. What compacting the *full* output buys is reach: the part
 * Pi's cut would have dropped is now summarised in the view and retrievable. Both are counted,
 * separately, so neither figure claims the other's gain.
 */

/** Pi's own heuristic for tokens: about four characters each. */
export const CHARS_PER_TOKEN = 4;

export class TokenSaverStats {
  constructor() {
    this.compactions = 0;
    this.repeats = 0;
    this.retrievals = 0;
    /** Characters stock Pi would have sent for the results we changed. */
    this.stockChars = 0;
    /** Characters the model got instead. */
    this.outputChars = 0;
    /** Characters of output beyond Pi's own cut that the model can now reach. */
    this.reachChars = 0;
    this.descriptionCharsRemoved = 0;
    this.prefixChanges = 0;
    /** @type {Record<string, number>} */
    this.strategies = {};
  }

  reset() {
    Object.assign(this, new TokenSaverStats());
  }

  /**
   * Counts one compacted or deduplicated result.
   * @param {{ originalChars: number, outputChars: number, stockChars?: number, strategies?: string[], repeat?: boolean }} entry
   *   `originalChars` is the full output compacted, `stockChars` what Pi alone would have sent
   *   (its truncated text; equal to the original when Pi cut nothing).
   */
  recordResult(entry) {
    if (entry.repeat) this.repeats += 1;
    else this.compactions += 1;
    const stock = Number.isFinite(entry.stockChars) ? /** @type {number} */ (entry.stockChars) : entry.originalChars;
    this.stockChars += stock;
    this.outputChars += entry.outputChars;
    if (!entry.repeat) this.reachChars += Math.max(0, entry.originalChars - stock);
    for (const s of entry.repeat ? ["exact-repeat"] : (entry.strategies ?? [])) this.strategies[s] = (this.strategies[s] ?? 0) + 1;
  }

  /** Characters saved against stock Pi (negative if the views were larger than Pi's own). */
  get charsSaved() {
    return this.stockChars - this.outputChars;
  }

  get tokensSaved() {
    return Math.round(this.charsSaved / CHARS_PER_TOKEN);
  }

  get reachTokens() {
    return Math.round(this.reachChars / CHARS_PER_TOKEN);
  }

  /**
   * Plain-text report for `/token-saver stats`.
   * @param {{ entries: number, bytes: number, diskEntries: number, diskBytes: number } | null} store
   * @param {{ enabled: boolean, deferred: number, requests: number, activations: number, feedback?: string[] }} state
   *   `deferred`, `requests` and `activations` come from capability routing
   */
  format(store, state) {
    const strategies = Object.entries(this.strategies)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name, n]) => `${name} ${n}`)
      .join(", ");
    const feedback = state.feedback ?? [];
    const kept = store ? `${store.diskEntries} (${formatBytes(store.diskBytes)} on disk, ${store.entries} in memory)` : "none yet in this session";
    return [
      `Token Saver: ${state.enabled ? "on" : "off"}`,
      `tool results shortened ${this.compactions}, repeated outputs replaced by a reference ${this.repeats}, times the model fetched hidden lines ${this.retrievals}`,
      `saved vs stock Pi: ~${formatCount(this.tokensSaved)} tokens (${formatCount(this.stockChars)} → ${formatCount(this.outputChars)} chars; stock Pi cuts bash and read output to 2,000 lines / 50 KB: bash keeps the end, read the start)`,
      `extra output the model can reach: ~${formatCount(this.reachTokens)} tokens (${formatCount(this.reachChars)} chars Pi's cut would have dropped, now in the view or fetchable)`,
      `shortening eased where the model fetched lines: ${feedback.length > 0 ? feedback.join("; ") : "nowhere yet"}`,
      `full outputs kept for fetching: ${kept}`,
      `tools held back until needed: ${state.deferred} now; the model asked for more ${state.requests} ${state.requests === 1 ? "time" : "times"}, ${state.activations} added`,
      `long tool descriptions shortened by ${this.descriptionCharsRemoved} chars`,
      `times the start of the prompt changed (each one costs a prompt-cache miss): ${this.prefixChanges}`,
      `how results were shortened: ${strategies || "not yet"}`,
    ].join("\n");
  }

  /** One short line for the TUI status bar: both figures, labelled. */
  statusLine() {
    const reach = this.reachChars > 0 ? ` · +~${formatCount(this.reachTokens)} tokens of output reachable` : "";
    return `token saver: ~${formatCount(this.tokensSaved)} tokens saved vs stock Pi${reach}`;
  }
}

/** Bytes as a person reads them: `812 B`, `41.2 KB`, `1.5 MB`. @param {number} n */
export function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** @param {number} n */
export function formatCount(n) {
  const sign = n < 0 ? "-" : "";
  const a = Math.abs(n);
  return sign + (a >= 10_000_000 ? `${Math.round(a / 1e6)}M` : a >= 1_000_000 ? `${(a / 1e6).toFixed(1)}M` : a >= 10_000 ? `${Math.round(a / 1000)}k` : a >= 1000 ? `${(a / 1000).toFixed(1)}k` : String(a));
}
