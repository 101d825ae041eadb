// @ts-check
/**
 * The local router: ranks tools for a request with the Rust `ToolIndex` (BM25F over the tool's
 * name, its description plus its prompt guidelines, and its parameters). Routing a prompt keeps
 * only confident hits (a score floor, at most ROUTE_LIMIT), because a routed tool stays active
 * for the rest of the session; `request_capabilities` searches the same index with a lower bar,
 * since the model asked for something.
 */
import { native } from "../shared/native.js";

/** Most tools one prompt's route adds. */
export const ROUTE_LIMIT = 3;
/**
 * Lowest score a routed tool needs. The index weighs a name word 3x a description word, so
 * this asks for a name word, or several description/guideline words, to match the prompt.
 */
export const ROUTE_MIN_SCORE = 2.5;
/** Most tools one `request_capabilities` query activates. */
export const REQUEST_LIMIT = 3;

/**
 * Parameter names and descriptions of a JSON schema as text, for the search index.
 * @param {unknown} schema
 */
export function parameterText(schema) {
  const props = /** @type {{properties?: Record<string, {description?: string}>}} */ (schema)?.properties ?? {};
  return Object.entries(props)
    .map(([name, spec]) => `${name} ${typeof spec?.description === "string" ? spec.description : ""}`)
    .join(" ");
}

/**
 * @typedef {{ name: string, description?: string, parameters?: unknown, promptGuidelines?: string[] }} RoutableTool
 */

/**
 * Ranked names of `tools` for `query`, best first, at most `limit`, each at least `minScore`.
 * Throws when the native core fails; callers treat that as a failed route.
 * @param {RoutableTool[]} tools @param {string} query @param {{ limit: number, minScore: number }} options
 * @returns {Array<{ name: string, score: number }>}
 */
export function rankTools(tools, query, { limit, minScore }) {
  if (tools.length === 0 || query.trim() === "") return [];
  const index = new native.ToolIndex(
    tools.map((t) => ({
      name: t.name,
      description: [t.description ?? "", ...(Array.isArray(t.promptGuidelines) ? t.promptGuidelines : [])].join("\n"),
      parameters: parameterText(t.parameters),
    })),
  );
  return index.search(query, limit).filter((hit) => hit.score >= minScore);
}

/**
 * Tools a prompt routes to: confident hits only.
 * @param {RoutableTool[]} tools @param {string} prompt
 */
export function routePrompt(tools, prompt) {
  return rankTools(tools, prompt, { limit: ROUTE_LIMIT, minScore: ROUTE_MIN_SCORE }).map((h) => h.name);
}
