// @ts-check
/**
 * Routing modes: how skills reach the model besides the two tools.
 * - `lazy`: the constant stub, plus a per-prompt shortlist of at most 3 skills when the
 *   ranker is confident (exact-name mentions are pinned). The shortlist is a task-local
 *   custom message, never part of the system prompt, so the cached prefix stays stable.
 * - `adaptive`: the full compact catalog when it fits `catalogTokenBudget`; otherwise a
 *   shortlist with complete descriptions plus discovery instructions, longer when the
 *   evidence is weak (a weak match shows more, not less), followed by the names of every
 *   other in-scope skill as far as they fit the budget, so nothing `safe` would show is
 *   invisible unless a named skill was pinned.
 * - `safe` (alias `full`): the full compact catalog with complete descriptions, always.
 * The compact catalog is names and descriptions, no paths, so it is cheaper than Pi's.
 * `catalogTokenBudget: 0` means no limit.
 */
import { native } from "../shared/native.js";
import { estimateTokens, tokensForChars } from "./prompt-cost.js";

export const SHORTLIST_TYPE = "pi-lean-skill-shortlist";
export const SHORTLIST_MAX = 3;
/** How many a weak adaptive shortlist shows. */
export const WEAK_SHORTLIST_MAX = 6;

/**
 * The line that makes a description cap visible (LS-9): a listing whose descriptions were cut
 * says so once, with the cap and where the whole text is, so no cut is silent.
 * @param {number | undefined} max
 */
export function cutNote(max) {
  return `Descriptions ending in … were cut at ${max} characters; skill {"name": "<exact name>"} shows the whole skill.`;
}

/**
 * The compact catalog section: one line per candidate, descriptions capped (`descriptionMax`
 * absent: complete descriptions); a cut is marked (`…`) and explained once (LS-9).
 * @param {import("../../index.js").SkillIndex} index
 * @param {readonly string[]} candidates
 * @param {{ descriptionMax?: number, scopeLabel: string }} options
 */
export function compactCatalog(index, candidates, options) {
  const lines = [`Skills (${options.scopeLabel}; load one with skill {"name": "<exact name>"} when the task matches; skill_search finds others):`];
  let cut = false;
  for (const name of candidates) {
    const info = index.get(name);
    if (!info) continue;
    const description = native.capDescription(info.description, options.descriptionMax);
    if (description && description !== info.description) cut = true;
    lines.push(description ? `- ${name}: ${description}` : `- ${name}`);
  }
  if (cut) lines.push(cutNote(options.descriptionMax));
  return lines.join("\n");
}

/**
 * Whether a search hit is pinned with certainty: the text invokes the skill explicitly
 * (`/skill:x`, `` `x` ``, "the x skill") or names it with a distinctive name. The rule is
 * the ranker's (`SearchHitInfo.pinned`); a single rare word (`word`) ranks first but stays
 * as uncertain as the ranking.
 * @param {import("../../index.js").SearchHitInfo} hit
 */
export function certainPin(hit) {
  return hit.pinned === "invocation" || hit.pinned === "name";
}

/**
 * @typedef {object} Shortlist
 * @property {Array<{name: string, description: string}>} hits
 * @property {boolean} confident
 * @property {string[]} pinned
 * @property {number} [cutAt]  some description was cut at this many characters (LS-9)
 * @property {boolean} [ambiguous]  a hit left out scores nearly as high as the best one shown (LS-8)
 */

/** A hit left out scoring at least this share of the best one makes the cutoff ambiguous (LS-8). */
export const AMBIGUOUS_RATIO = 0.9;

/**
 * Ranks the prompt against the candidates. Certain pins (see `certainPin`) come first;
 * ranked hits follow only when the ranker is confident (or, with `weakLimit`, when it is not).
 * @param {import("../../index.js").SkillIndex} index
 * @param {string} prompt
 * @param {{ candidates: readonly string[], limit: number, weakLimit?: number, descriptionMax?: number }} options
 * @returns {Shortlist}
 */
export function shortlist(index, prompt, options) {
  const result = index.search(prompt, { limit: Math.max(options.limit, options.weakLimit ?? 0), only: [...options.candidates], descriptionMax: options.descriptionMax });
  const pinned = result.hits.filter(certainPin).map((h) => h.name);
  const confident = result.strong;
  // A weak ranking adds nothing in lazy mode and more candidates in adaptive mode.
  const rankedMax = confident ? options.limit : (options.weakLimit ?? 0);
  const names = pinned.slice(0, Math.max(options.limit, rankedMax));
  for (const hit of result.hits) {
    if (names.length >= rankedMax) break;
    if (!names.includes(hit.name)) names.push(hit.name);
  }
  const byName = new Map(result.hits.map((h) => [h.name, h.description]));
  const hits = names.map((name) => ({ name, description: byName.get(name) ?? "" }));
  const cut = hits.some((h) => h.description !== "" && h.description !== index.get(h.name)?.description);
  const scores = new Map(result.hits.map((h) => [h.name, h.score]));
  const next = result.hits.find((h) => !names.includes(h.name));
  const top = names.length > 0 ? (scores.get(names[0]) ?? 0) : 0;
  const ambiguous = next !== undefined && top > 0 && next.score >= top * AMBIGUOUS_RATIO;
  return { hits, confident: confident || pinned.length > 0, pinned, ambiguous, ...(cut ? { cutAt: options.descriptionMax } : {}) };
}

/**
 * The custom message carrying a shortlist.
 * @param {Shortlist} list @param {{ discovery: boolean }} options
 */
export function shortlistMessage(list, options) {
  if (list.hits.length === 0) {
    const content = 'No skill stands out for this request; skill_search {"query": "<keywords>"} finds skills by topic.';
    return { customType: SHORTLIST_TYPE, content, display: false, details: { names: [], confident: false } };
  }
  const header = list.confident ? "Skills that fit this request (load with skill {\"name\": \"<exact name>\"} before starting):" : "Skills that may fit this request (weak match; load with skill {\"name\": \"<exact name>\"} if one applies):";
  const lines = [header, ...list.hits.map((h) => (h.description ? `- ${h.name}: ${h.description}` : `- ${h.name}`))];
  if (list.cutAt !== undefined) lines.push(cutNote(list.cutAt));
  if (options.discovery) lines.push("Not all skills are listed: skill_search {\"query\": \"<keywords>\"} finds others.");
  const content = lines.join("\n");
  return { customType: SHORTLIST_TYPE, content, display: false, details: { names: list.hits.map((h) => h.name), confident: list.confident } };
}

/**
 * Decides what one run publishes for the given mode.
 * @param {import("../../index.js").SkillIndex} index
 * @param {{ routing: "lazy" | "adaptive" | "safe" | "full", catalogTokenBudget: number, catalogDescriptionMax: number, minimumInventory?: number }} config
 * @param {{ candidates: readonly string[], scopeLabel: string, prompt: string | null }} run
 * @returns {{ catalog: string | null, message: { customType: string, content: string, display: boolean, details: Record<string, unknown> } | null }}
 */
export function route(index, config, run) {
  if (run.candidates.length === 0) return { catalog: null, message: null };
  const mode = config.routing === "full" ? "safe" : config.routing;
  const budget = config.catalogTokenBudget > 0 ? config.catalogTokenBudget : Number.POSITIVE_INFINITY;
  if (mode === "safe") {
    return { catalog: compactCatalog(index, run.candidates, { scopeLabel: run.scopeLabel }), message: null };
  }
  // CD-6: a scope this small is advertised whole, whatever the mode.
  const inventory = config.minimumInventory ?? 0;
  if (inventory > 0 && run.candidates.length <= inventory) {
    return { catalog: compactCatalog(index, run.candidates, { descriptionMax: config.catalogDescriptionMax, scopeLabel: run.scopeLabel }), message: null };
  }
  if (mode === "adaptive") {
    const catalog = compactCatalog(index, run.candidates, { descriptionMax: config.catalogDescriptionMax, scopeLabel: run.scopeLabel });
    if (estimateTokens(catalog) <= budget) return { catalog, message: null };
  }
  if (!run.prompt) return { catalog: null, message: null };
  if (mode === "lazy") {
    const list = shortlist(index, run.prompt, { candidates: run.candidates, limit: SHORTLIST_MAX, descriptionMax: config.catalogDescriptionMax });
    return { catalog: null, message: list.hits.length > 0 && list.confident ? shortlistMessage(list, { discovery: false }) : null };
  }
  /** @type {Shortlist} */
  let list;
  try {
    list = shortlist(index, run.prompt, { candidates: run.candidates, limit: SHORTLIST_MAX, weakLimit: WEAK_SHORTLIST_MAX });
  } catch {
    return { catalog: null, message: wholeCatalogMessage(index, run, config.catalogDescriptionMax, "error") };
  }
  // LS-8: weak evidence or an ambiguous cutoff is no ground for hiding anything: the whole
  // policy-filtered catalog of the scope rides in the task-local message, even over budget.
  // A pinned name is the user's explicit choice and keeps the shortlist.
  if (list.pinned.length === 0 && (!list.confident || list.ambiguous)) return { catalog: null, message: wholeCatalogMessage(index, run, config.catalogDescriptionMax, list.confident ? "ambiguous" : "weak") };
  // A weak shortlist is a guess (search by meaning nearly always has some nearest skills to
  // offer): it may take half the budget, last guess dropped first, so the names of the other
  // skills keep the rest.
  while (!list.confident && list.hits.length > 0 && estimateTokens(shortlistMessage(list, { discovery: true }).content) > budget / 2) list.hits.pop();
  // A pinned name is the user's explicit pick; otherwise every other skill stays visible by
  // name, as far as the budget allows.
  const others = list.pinned.length > 0 ? [] : run.candidates.filter((name) => !list.hits.some((h) => h.name === name));
  if (list.hits.length === 0 && others.length === 0) return { catalog: null, message: null };
  const message = shortlistMessage(list, { discovery: true });
  return { catalog: null, message: appendOtherNames(message, others, budget) };
}

/**
 * The task-local message carrying the whole policy-filtered catalog of the scope, used when
 * the ranking cannot be trusted (LS-8).
 * @param {import("../../index.js").SkillIndex} index
 * @param {{ candidates: readonly string[], scopeLabel: string }} run
 * @param {number} descriptionMax @param {"weak" | "ambiguous" | "error"} reason
 */
export function wholeCatalogMessage(index, run, descriptionMax, reason) {
  const why = reason === "error" ? "Ranking failed for this request" : reason === "weak" ? "No skill stands out for this request" : "Several skills fit this request about equally";
  const content = `${why}; every skill ${run.scopeLabel === "all skills" ? "installed" : `in ${run.scopeLabel}`} follows.\n${compactCatalog(index, run.candidates, { descriptionMax, scopeLabel: run.scopeLabel })}`;
  return { customType: SHORTLIST_TYPE, content, display: false, details: { names: [...run.candidates], confident: false, whole: reason } };
}

/**
 * Adds a names-only line for `others` to a shortlist message, as many names as fit `budget`
 * tokens for the whole message, and says how many did not fit.
 * @param {ReturnType<typeof shortlistMessage>} message @param {readonly string[]} others @param {number} budget
 */
function appendOtherNames(message, others, budget) {
  if (others.length === 0) return message;
  const head = `${message.content}\nOther skills in scope (names only; skill_search shows their descriptions): `;
  const shown = [];
  let length = head.length;
  for (const [i, name] of others.entries()) {
    const left = others.length - i - 1;
    const tail = left > 0 ? ` …and ${left} more (skill_search finds them).`.length : 0;
    const cost = (shown.length > 0 ? 2 : 0) + name.length;
    if (tokensForChars(length + cost + tail) > budget) break;
    shown.push(name);
    length += cost;
  }
  // Not even one name fits: the discovery line already says that not all skills are listed.
  if (shown.length === 0) return message;
  const missing = others.length - shown.length;
  const content = `${head}${shown.join(", ")}${missing > 0 ? ` …and ${missing} more (skill_search finds them).` : "."}`;
  return { ...message, content, details: { ...message.details, otherNames: shown, otherNamesLeftOut: missing } };
}
