// @ts-check
/**
 * The per-branch skill ledger of `additive` routing: which skills the model has been told it
 * has on this branch, added when and by whom. It is never stored apart from the session: it is
 * derived from the branch (root to leaf) every time it is needed, from two kinds of entries Pi
 * already persists and replays on fork, `/tree`, resume and reload:
 * - the hidden delta messages additive rounds append (`custom_message`, DELTA_TYPE), which
 *   name the skills they add and the ones they re-deliver after a compaction;
 * - manual `/skills pick` / `unpick` entries (picks.js);
 * - advertisement records (ADVERTISED_ENTRY): skills another routing mode showed in the system
 *   prompt (a `safe` or in-budget catalog, the minimum inventory, the always-allowed base).
 *   A system-prompt catalog is rebuilt each run, so when the branch moves to `additive` those
 *   skills are delivered once as a delta and never disappear (CD-6).
 * Because nothing else feeds it, a new session starts empty, a fork inherits exactly what lies
 * before the fork point, and a changed setting, model or threshold can never remove a skill.
 */
import { PICK_ENTRY } from "./picks.js";

/** customType of the hidden message an additive round appends. */
export const DELTA_TYPE = "pi-lean-skill-delta";

/** customType of the entry recording skills a system-prompt catalog advertised on the branch. */
export const ADVERTISED_ENTRY = "pi-lean-skill-advertised";

/** @typedef {"picker" | "user" | "inventory" | "catalog"} AddedBy */

/**
 * @typedef {object} LedgerSkill
 * @property {string} name
 * @property {AddedBy} by              who added it: the picker, the user, the minimum inventory, or an earlier catalog
 * @property {string | null} at         ISO time of the entry that added it
 * @property {number} round             1-based round (delta message) that first delivered it; 0 = not delivered yet
 * @property {string[]} deliveredIn     ids of delta entries that advertised it (first delivery and re-deliveries)
 */

/**
 * @typedef {object} Ledger
 * @property {Map<string, LedgerSkill>} skills   in order of addition
 * @property {Set<string>} removed               unpicked by the user on this branch (the picker leaves them alone)
 * @property {number} rounds                     delta messages on the branch
 */

/**
 * `details` of a delta message: what it added (and by whom) and what it re-delivered.
 * @typedef {{ added: Array<{ name: string, by: AddedBy }>, redelivered: string[] }} DeltaDetails
 */

/**
 * Replays the branch into a ledger. Malformed entries are skipped, never fatal.
 * @param {readonly any[]} branch  `sessionManager.getBranch()` (root to leaf)
 * @returns {Ledger}
 */
export function deriveLedger(branch) {
  /** @type {Ledger} */
  const ledger = { skills: new Map(), removed: new Set(), rounds: 0 };
  for (const entry of branch) {
    if (entry?.type === "custom_message" && entry.customType === DELTA_TYPE) {
      const details = entry.details;
      if (!details || typeof details !== "object") continue;
      ledger.rounds++;
      for (const added of Array.isArray(details.added) ? details.added : []) {
        if (!added || typeof added.name !== "string") continue;
        const known = ledger.skills.get(added.name);
        if (known) {
          known.deliveredIn.push(entry.id);
          if (known.round === 0) known.round = ledger.rounds;
          continue;
        }
        ledger.removed.delete(added.name);
        ledger.skills.set(added.name, { name: added.name, by: addedBy(added.by), at: entry.timestamp ?? null, round: ledger.rounds, deliveredIn: [entry.id] });
      }
      for (const name of Array.isArray(details.redelivered) ? details.redelivered : []) {
        if (typeof name === "string") ledger.skills.get(name)?.deliveredIn.push(entry.id);
      }
    } else if (entry?.type === "custom" && entry.customType === ADVERTISED_ENTRY) {
      const names = Array.isArray(entry.data?.names) ? entry.data.names : [];
      for (const name of names) {
        if (typeof name !== "string" || ledger.skills.has(name)) continue;
        ledger.removed.delete(name);
        ledger.skills.set(name, { name, by: "catalog", at: entry.timestamp ?? null, round: 0, deliveredIn: [] });
      }
    } else if (entry?.type === "custom" && entry.customType === PICK_ENTRY) {
      const data = entry.data;
      if (!data || typeof data.name !== "string") continue;
      if (data.picked === true) {
        ledger.removed.delete(data.name);
        if (!ledger.skills.has(data.name)) ledger.skills.set(data.name, { name: data.name, by: "user", at: entry.timestamp ?? null, round: 0, deliveredIn: [] });
      } else if (data.picked === false) {
        ledger.skills.delete(data.name);
        ledger.removed.add(data.name);
      }
    }
  }
  return ledger;
}

/**
 * Ids of the branch entries whose content the model still sees: with a compaction on the
 * branch, only the entries from its `firstKeptEntryId` on (and everything after it) survive,
 * as in Pi's own context projection; an entry with a context edit counts as gone, since its
 * text may no longer name the skills.
 * @param {readonly any[]} branch
 * @returns {Set<string>}
 */
export function visibleEntryIds(branch) {
  let compaction = -1;
  for (let i = 0; i < branch.length; i++) if (branch[i]?.type === "compaction") compaction = i;
  /** @type {Set<string>} */
  const visible = new Set();
  let kept = compaction < 0;
  for (let i = 0; i < branch.length; i++) {
    const entry = branch[i];
    if (!kept && i < compaction && entry?.id === branch[compaction].firstKeptEntryId) kept = true;
    if (kept || i > compaction) visible.add(entry?.id);
  }
  for (const entry of branch) if (entry?.type === "context_edit") visible.delete(entry.targetId);
  return visible;
}

/**
 * Ledger skills that were delivered but whose every delivery has left the model's context.
 * @param {Ledger} ledger @param {Set<string>} visible
 * @returns {string[]}
 */
export function summarizedAway(ledger, visible) {
  return [...ledger.skills.values()].filter((s) => s.deliveredIn.length > 0 && !s.deliveredIn.some((id) => visible.has(id))).map((s) => s.name);
}

/** @param {unknown} by @returns {AddedBy} */
function addedBy(by) {
  return by === "user" || by === "inventory" || by === "catalog" ? by : "picker";
}

/**
 * Ledger skills not delivered by a delta yet: manual picks, and skills an earlier
 * system-prompt catalog showed (CD-6).
 * @param {Ledger} ledger
 * @returns {Array<{name: string, by: AddedBy}>}
 */
export function pendingDeliveries(ledger) {
  return [...ledger.skills.values()].filter((s) => (s.by === "user" || s.by === "catalog") && s.deliveredIn.length === 0).map((s) => ({ name: s.name, by: s.by }));
}

/**
 * Names among `names` that no advertisement record or delta on the branch has named yet.
 * @param {readonly any[]} branch @param {readonly string[]} names
 */
export function unrecordedAdvertisements(branch, names) {
  if (names.length === 0) return [];
  /** @type {Set<string>} */
  const seen = new Set();
  for (const entry of branch) {
    if (entry?.type === "custom" && entry.customType === ADVERTISED_ENTRY) for (const name of Array.isArray(entry.data?.names) ? entry.data.names : []) seen.add(name);
    else if (entry?.type === "custom_message" && entry.customType === DELTA_TYPE) for (const added of Array.isArray(entry.details?.added) ? entry.details.added : []) seen.add(added?.name);
  }
  return names.filter((name) => !seen.has(name));
}

/**
 * Lines for `/skills`: what the branch ledger holds, when and by whom it was added.
 * @param {Ledger} ledger @param {Set<string>} [visible]  to mark skills a compaction summarized away
 * @param {number} [latest]  list only the latest this many (the manager's title stays short)
 */
export function ledgerLines(ledger, visible, latest = Number.MAX_SAFE_INTEGER) {
  if (ledger.skills.size === 0) return ["Branch ledger: empty (no skill has been added on this branch yet)."];
  const lines = [`Branch ledger (${ledger.skills.size} skill${ledger.skills.size === 1 ? "" : "s"}, ${ledger.rounds} round${ledger.rounds === 1 ? "" : "s"}):`];
  const skills = [...ledger.skills.values()];
  if (skills.length > latest) lines.push(`- … ${skills.length - latest} earlier (the full list: /skills in print or RPC mode)`);
  for (const s of skills.slice(Math.max(0, skills.length - latest))) {
    const when =
      s.round > 0 ? `round ${s.round}${s.at ? `, ${s.at}` : ""}` : `${s.by === "catalog" ? "shown in an earlier catalog" : "picked"}${s.at ? ` ${s.at}` : ""}, delivered at the next prompt`;
    const gone = visible && s.deliveredIn.length > 0 && !s.deliveredIn.some((id) => visible.has(id)) ? "; summarized away, re-delivered at the next prompt" : "";
    lines.push(`- ${s.name}: added by ${s.by} (${when}${gone})`);
  }
  return lines;
}
