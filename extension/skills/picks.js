// @ts-check
/**
 * Per-branch picks: skills the user adds to the active scope for this conversation branch
 * (`/skills pick <name>`). A pick is additive (it never removes anything from the scope) and is
 * recorded as a custom session entry, which Pi persists but never sends to the model. The
 * ledger is rebuilt from the current branch on `session_start` and after `/tree` navigation,
 * so a fork from before a pick does not have it and resuming a session restores it.
 */

export const PICK_ENTRY = "pi-lean-skill-pick";

/**
 * Replays pick entries of one branch, oldest first; the latest entry per name wins.
 * @param {readonly any[]} entries  `sessionManager.getBranch()` (root to leaf)
 * @returns {Set<string>}
 */
export function restorePicks(entries) {
  /** @type {Set<string>} */
  const picks = new Set();
  for (const entry of entries) {
    if (entry?.type !== "custom" || entry.customType !== PICK_ENTRY) continue;
    const data = entry.data;
    if (!data || typeof data.name !== "string") continue;
    if (data.picked === true) picks.add(data.name);
    else if (data.picked === false) picks.delete(data.name);
  }
  return picks;
}
