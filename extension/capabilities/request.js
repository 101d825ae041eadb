// @ts-check
/**
 * `request_capabilities {names?, query?}`: the model's one way to get more tools (and find
 * skills) within the same agent run. Named deferred tools, or the best matches of a query
 * among them, are activated at once, so the next request of the run declares them. Each
 * prompt has a budget of additions (default 3); a name that is not there or a query that
 * matches nothing counts against it too, so a model cannot loop on guesses. Results are a few
 * lines saying what became available.
 */
import { REQUEST_LIMIT, rankTools } from "./router.js";

export const REQUEST_TOOL = "request_capabilities";
export const REQUEST_DESCRIPTION =
  "Enable hidden tools by exact name or by what they should do, and find skills. Naming an active tool returns its full guidelines.";
export const REQUEST_PARAMETERS = {
  type: "object",
  properties: {
    names: { type: "array", items: { type: "string" }, description: "Exact tool or skill names." },
    query: { type: "string", description: "What the tool should do." },
  },
};
/** Lowest score a query's hit needs (the router's floor for prompts is higher). */
const REQUEST_MIN_SCORE = 1;
/** Share of the best hit's score another hit of a query needs to be activated too. */
const REQUEST_RELATIVE_SCORE = 0.5;
/** Most names one call looks at. */
const MAX_NAMES = 8;

/**
 * @typedef {object} RequestDeps
 * @property {() => Array<{ name: string, description?: string, parameters?: unknown, promptGuidelines?: string[] }>} allTools
 * @property {() => Array<{ name: string, description?: string, parameters?: unknown, promptGuidelines?: string[] }>} candidates
 *   the tools a query is ranked over (routable ones, active or deferred)
 * @property {() => string[]} activeTools
 * @property {() => string[]} deferred
 * @property {(names: string[]) => string[]} activate  adds deferred tools; returns those added
 * @property {(name: string) => boolean} isSkill
 * @property {(query: string) => string[]} searchSkills
 * @property {(name: string) => string | null} [skillPath]  with `skillRecovery: "path"` (PD-7): a
 *   loadable skill's SKILL.md path; skills are then given with their paths and a deferred `read`
 *   is activated with them, as one addition of the budget
 * @property {{ limit: number, used: number }} budget  this prompt's budget, updated here
 */

/**
 * @param {{ names?: unknown, query?: unknown }} params @param {RequestDeps} deps
 * @returns {{ content: Array<{ type: "text", text: string }>, details: Record<string, unknown> }}
 */
export function runRequest(params, deps) {
  const wanted = Array.isArray(params.names) ? [...new Set(params.names.filter((n) => typeof n === "string").map((n) => n.trim()).filter(Boolean))].slice(0, MAX_NAMES) : [];
  const query = typeof params.query === "string" ? params.query.trim().slice(0, 500) : "";
  const { budget } = deps;
  const all = new Map(deps.allTools().map((t) => [t.name, t]));
  /** @type {string[]} */
  const added = [];
  /** @type {string[]} */
  const unknown = [];
  /** @type {string[]} */
  const skills = [];
  /** @type {string[]} */
  const guidelines = [];
  let exhausted = false;
  const left = () => budget.limit - budget.used;

  for (const name of wanted) {
    const active = deps.activeTools().includes(name);
    if (active && all.has(name)) {
      const rules = all.get(name)?.promptGuidelines ?? [];
      if (rules.length > 0) guidelines.push(`${name} guidelines:\n${rules.map((r) => `- ${r}`).join("\n")}`);
      continue;
    }
    if (deps.deferred().includes(name)) {
      if (left() <= 0) {
        exhausted = true;
        continue;
      }
      const got = deps.activate([name]);
      budget.used += 1;
      added.push(...got);
      continue;
    }
    if (deps.isSkill(name)) {
      skills.push(name);
      continue;
    }
    if (left() <= 0) {
      exhausted = true;
      continue;
    }
    budget.used += 1;
    unknown.push(name);
  }

  /** @type {string[]} */
  const alreadyActive = [];
  if (query) {
    // Best matches only: a confident score, and none far below the best one (a coincidental word).
    const hits = rankTools(deps.candidates(), query, { limit: 8, minScore: REQUEST_MIN_SCORE });
    const best = hits.filter((h) => h.score >= hits[0].score * REQUEST_RELATIVE_SCORE).map((h) => h.name);
    const deferred = new Set(deps.deferred());
    const wantedDeferred = best.filter((n) => deferred.has(n)).slice(0, REQUEST_LIMIT);
    alreadyActive.push(...best.filter((n) => !deferred.has(n) && deps.activeTools().includes(n) && !added.includes(n)));
    if (wantedDeferred.length > 0 && left() <= 0) exhausted = true;
    else if (wantedDeferred.length > 0) {
      const got = deps.activate(wantedDeferred.slice(0, left()));
      added.push(...got);
      budget.used += got.length;
    }
    const found = deps.searchSkills(query);
    // A query that matched nothing costs an addition; with skill paths (PD-7) a skill found is
    // a match, and the `read` it may need is the addition it costs.
    const pathsFound = deps.skillPath !== undefined && found.some((n) => deps.skillPath?.(n));
    if (wantedDeferred.length === 0 && alreadyActive.length === 0 && !pathsFound) {
      if (left() <= 0) exhausted = true;
      else budget.used += 1;
    }
    for (const s of found) if (!skills.includes(s)) skills.push(s);
  }

  // PD-7: the prompt-diet design's recovery: skill paths at once, and `read` to open them.
  /** @type {Array<{ name: string, path: string }>} */
  const paths = [];
  if (deps.skillPath && skills.length > 0) {
    for (const name of skills) {
      const file = deps.skillPath(name);
      if (file) paths.push({ name, path: file });
    }
    if (paths.length > 0 && deps.deferred().includes("read")) {
      if (left() <= 0) {
        exhausted = true;
        paths.length = 0;
      } else {
        const got = deps.activate(["read"]);
        budget.used += 1;
        added.push(...got);
      }
    }
  }

  /** @type {string[]} */
  const lines = [];
  if (added.length > 0) lines.push(`Now available: ${added.join(", ")}. Call them from your next step.`);
  if (alreadyActive.length > 0) lines.push(`Already available: ${alreadyActive.join(", ")}.`);
  if (paths.length > 0) {
    lines.push("Skills (read a skill's SKILL.md to use it; paths in it are relative to its directory):", ...paths.map((p) => `- ${p.name}: ${p.path}`));
    const rest = skills.filter((n) => !paths.some((p) => p.name === n));
    if (rest.length > 0) lines.push(`Skills: ${rest.join(", ")} (load one with skill {"name": "<exact name>"}).`);
  } else if (skills.length > 0) lines.push(`Skills: ${skills.join(", ")} (load one with skill {"name": "<exact name>"}).`);
  if (unknown.length > 0) lines.push(`Not found: ${unknown.join(", ")}.`);
  if (query && added.length === 0 && alreadyActive.length === 0 && skills.length === 0 && !exhausted) lines.push(`Nothing matched "${query}"; the active tools are all there is.`);
  lines.push(...guidelines);
  if (exhausted) lines.push(`Budget used up (${budget.limit} per prompt): continue with the active tools.`);
  else if (added.length > 0 || unknown.length > 0) lines.push(`${left()} of ${budget.limit} additions left for this prompt.`);
  if (lines.length === 0) lines.push(wanted.length > 0 ? "Those tools are already active." : "Pass names or a query.");
  return {
    content: [{ type: "text", text: lines.join("\n") }],
    details: { names: wanted, query, added, alreadyActive, skills, skillPaths: paths, unknown, exhausted, budgetUsed: budget.used, budgetLimit: budget.limit },
  };
}
