// @ts-check
/**
 * Token Saver counters for one session. Compaction figures are rebuilt from the session's own
 * tool-result `details` on every `session_start`, so they survive `/reload`, `/resume` and
 * `/fork`; the provider-side counters (searches, descriptions, prefix changes) are live only.
 */

/** Pi's own heuristic for tokens: about four characters each. */
export const CHARS_PER_TOKEN = 4;

export class TokenSaverStats {
  constructor() {
    this.compactions = 0;
    this.repeats = 0;
    this.retrievals = 0;
    this.charsSaved = 0;
    this.toolSearches = 0;
    this.toolActivations = 0;
    this.descriptionCharsRemoved = 0;
    this.prefixChanges = 0;
    /** @type {Record<string, number>} */
    this.strategies = {};
  }

  reset() {
    this.compactions = 0;
    this.repeats = 0;
    this.retrievals = 0;
    this.charsSaved = 0;
    this.toolSearches = 0;
    this.toolActivations = 0;
    this.descriptionCharsRemoved = 0;
    this.prefixChanges = 0;
    /** @type {Record<string, number>} */
    this.strategies = {};
  }

  /**
   * Counts one compacted or deduplicated result.
   * @param {{ originalChars: number, outputChars: number, strategies?: string[], repeat?: boolean }} entry
   */
  recordResult(entry) {
    if (entry.repeat) this.repeats += 1;
    else this.compactions += 1;
    this.charsSaved += Math.max(0, entry.originalChars - entry.outputChars);
    for (const s of entry.repeat ? ["exact-repeat"] : (entry.strategies ?? [])) this.strategies[s] = (this.strategies[s] ?? 0) + 1;
  }

  get tokensSaved() {
    return Math.round(this.charsSaved / CHARS_PER_TOKEN);
  }

  /**
   * Plain-text report for `/token-saver stats`.
   * @param {{ entries: number, bytes: number, diskEntries: number, diskBytes: number } | null} store
   * @param {{ enabled: boolean, deferred: number }} state
   */
  format(store, state) {
    const strategies = Object.entries(this.strategies)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name, n]) => `${name} ${n}`)
      .join(", ");
    return [
      `Token Saver: ${state.enabled ? "on" : "off"}`,
      `compactions ${this.compactions}, repeats ${this.repeats}, retrievals ${this.retrievals}`,
      `saved ${this.charsSaved} chars (~${this.tokensSaved} tokens)`,
      `store ${store ? `${store.diskEntries} originals, ${store.diskBytes} bytes on disk, ${store.entries} in memory` : "closed"}`,
      `tool searches ${this.toolSearches}, activations ${this.toolActivations}, deferred now ${state.deferred}`,
      `description chars removed ${this.descriptionCharsRemoved}`,
      `prompt-prefix changes observed ${this.prefixChanges}`,
      `strategies: ${strategies || "none"}`,
    ].join("\n");
  }

  /** One short line for the TUI status bar. */
  statusLine() {
    return `token saver: ~${formatCount(this.tokensSaved)} tokens saved`;
  }
}

/** @param {number} n */
function formatCount(n) {
  return n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}
