// @ts-check
/**
 * The two model-facing skill tools. `skill_search` returns bounded, ranked names and
 * descriptions (never paths or bodies); `skill` loads one exact name with its dependencies.
 * Model input is only ever looked up in the catalog, never used as a path.
 */
import { errorCode, errorMessage, native } from "../shared/native.js";
import { cutNote } from "./routing.js";

export const SEARCH_TOOL = "skill_search";
export const LOAD_TOOL = "skill";
export const MAX_RESULTS = 8;

// Tool declarations are sent on every request, so every word here is paid for on every turn;
// continuation details are explained in the tool results instead.
export const SEARCH_DESCRIPTION = "Find installed skills by keywords. Returns up to 8 names with descriptions, best first; no query browses all.";

/** How deep a keyword search pages (the core's limit): past this, other words find more than more pages do. */
export const SEARCH_DEPTH = 64;

/** Hits a global fallback returns: small, because each one becomes loadable outside the scope. */
export const FALLBACK_LIMIT = 3;

export const LOAD_DESCRIPTION =
  "Load a skill by exact name: its instructions, base directory and required skills. Long skills return a continuation.";

export const SEARCH_PARAMETERS = {
  type: "object",
  properties: {
    query: { type: "string", description: "Task keywords; omit to browse." },
    limit: { type: "integer", minimum: 1, maximum: MAX_RESULTS },
    cursor: { type: "string", description: "From a previous page." },
    scope: { type: "string", enum: ["global"], description: "Search outside the active scope." },
  },
};

export const LOAD_PARAMETERS = {
  type: "object",
  properties: {
    name: { type: "string", description: "Exact name from skill_search." },
    offset: { type: "integer", minimum: 0 },
    column: { type: "integer", minimum: 0 },
    rev: { type: "string" },
  },
  required: ["name"],
};

/**
 * @typedef {{ content: Array<{type: "text", text: string}>, details: Record<string, unknown>, isError?: boolean }} ToolOutput
 */

/** What a missing (or denied: they must look the same) skill returns. */
export const NOT_FOUND_TEXT = "no skill has that exact name; use skill_search to find the exact name";

/**
 * A short model-facing error in the one form `CODE: what happened; what to do` (`text` holds
 * both halves); the code also goes to details.
 * @param {string} code @param {string} text @param {Record<string, unknown>} [details]
 * @returns {ToolOutput}
 */
export function toolError(code, text, details = {}) {
  return { content: [{ type: "text", text: `${code}: ${text}` }], details: { code, ...details }, isError: true };
}

/**
 * Hit lines; a description the cap cut is marked (`…`) and the cut explained once (LS-9).
 * @param {Array<{name: string, description: string}>} hits
 * @param {import("../../index.js").SkillIndex} index @param {number} max
 */
function formatHits(hits, index, max) {
  const lines = hits.map((h) => (h.description ? `- ${h.name}: ${h.description}` : `- ${h.name}`));
  if (hits.some((h) => h.description !== "" && h.description !== index.get(h.name)?.description)) lines.push(cutNote(max));
  return lines.join("\n");
}

/**
 * @typedef {object} SearchContext
 * @property {number} descriptionMax
 * @property {number} defaultLimit
 * @property {string[] | null} [only]        the active scope's members; null or absent = all skills
 * @property {string[]} [exclude]            never shown (policy deny)
 * @property {string} [scopeLabel]           how the active scope is named, e.g. `group "git"`
 * @property {(names: string[]) => void} [onFallback]  records names a global fallback returned
 * @property {(text: string) => string} [redact]        scrubs denied names from echoed text
 * @property {string} [policyFingerprint]   the policy in force; cursors are bound to it
 */

/**
 * What a cursor is bound to: the query, where it searches (scope or global, and the scope's
 * members), the policy and the catalog snapshot. A cursor from any other combination is
 * stale, so a page never continues a different list.
 * @param {import("../../index.js").SkillIndex} index @param {string} query @param {boolean} global
 * @param {SearchContext} options
 */
function cursorBinding(index, query, global, options) {
  const members = Array.isArray(options.only) ? [...options.only].sort() : null;
  return native.contentHash(JSON.stringify([query, global, members, options.policyFingerprint ?? "", index.fingerprint])).slice(0, 12);
}

/**
 * Splits a cursor `<binding>:<position>`; null when malformed.
 * @param {string} cursor
 */
function parseCursor(cursor) {
  const at = cursor.indexOf(":");
  return at > 0 ? { binding: cursor.slice(0, at), position: cursor.slice(at + 1) } : null;
}

/** @param {string} code */
function cursorError(code) {
  const hint =
    code === "SEARCH_CURSOR_STALE"
      ? "the query, scope, policy or skill list changed since that page; search again without a cursor"
      : "the cursor is not one this search gave; pass it exactly as a previous page gave it, with the same query, or none";
  return toolError(code, hint);
}

/**
 * Runs a search or a browse and renders it for the model. Inside a scope, a search with no
 * hit falls back to one small global search; `scope: "global"` asks for that directly. The
 * names a fallback returns are reported through `onFallback`, which authorizes loading them.
 * @param {import("../../index.js").SkillIndex} index
 * @param {{ query?: string, limit?: number, cursor?: string, scope?: string }} params
 * @param {SearchContext} options
 * @returns {ToolOutput}
 */
export function runSkillSearch(index, params, options) {
  const query = (params.query ?? "").trim();
  const shownQuery = options.redact ? options.redact(query) : query;
  const limit = Math.min(MAX_RESULTS, Math.max(1, Math.trunc(params.limit ?? options.defaultLimit)));
  const scoped = Array.isArray(options.only);
  const global = params.scope === "global" && scoped;
  const only = global ? undefined : (options.only ?? undefined);
  // "Outside the scope" means outside: a global search never lists the scope's own skills.
  const outside = scoped ? [...(options.exclude ?? []), .../** @type {string[]} */ (options.only)] : options.exclude;
  const searchOptions = { limit, descriptionMax: options.descriptionMax, only, exclude: global ? outside : options.exclude };
  const within = scoped && !global ? ` in ${options.scopeLabel}` : "";
  const binding = cursorBinding(index, query, global, options);
  /** @type {string | null} */
  let position = null;
  if (params.cursor) {
    const parsed = parseCursor(params.cursor);
    if (!parsed) return cursorError("SEARCH_CURSOR_INVALID");
    if (parsed.binding !== binding) return cursorError("SEARCH_CURSOR_STALE");
    position = parsed.position;
  }
  const more = (/** @type {string} */ next) => `More: skill_search ${JSON.stringify({ ...(query ? { query: shownQuery } : {}), cursor: `${binding}:${next}`, ...(global ? { scope: "global" } : {}) })}`;
  if (!query) {
    /** @type {import("../../index.js").BrowseResponse} */
    let page;
    try {
      page = index.browse(position, searchOptions);
    } catch (error) {
      const code = errorCode(error);
      const hint = code === "SEARCH_CURSOR_STALE" ? "the skill list changed since that cursor; browse again without a cursor" : "that cursor cannot be used; browse again without a cursor";
      return toolError(code, hint, { message: errorMessage(error) });
    }
    const names = page.hits.map((h) => h.name);
    if (global) options.onFallback?.(names);
    if (page.eligible === 0) {
      const text = scoped && !global ? `No skills are available${within}. skill_search {"scope": "global"} searches outside it.` : "No skills are available in this session.";
      return { content: [{ type: "text", text }], details: { mode: "browse", eligible: 0, names: [] } };
    }
    const first = page.offset + 1;
    const last = page.offset + page.hits.length;
    const where = global ? " outside the scope (loadable now)" : within;
    const lines = [`Skills ${first}-${last} of ${page.eligible}${where} (alphabetical):`, formatHits(page.hits, index, options.descriptionMax)];
    if (page.nextCursor) lines.push(more(page.nextCursor));
    lines.push('Load one with skill {"name": "<exact name>"}.');
    return {
      content: [{ type: "text", text: lines.join("\n") }],
      details: { mode: global ? "browse-global" : "browse", eligible: page.eligible, offset: page.offset, nextCursor: page.nextCursor ? `${binding}:${page.nextCursor}` : null, names },
    };
  }

  const offset = position === null ? 0 : Number(position);
  if (!Number.isInteger(offset) || offset < 0 || offset >= SEARCH_DEPTH) return cursorError("SEARCH_CURSOR_INVALID");
  const result = index.search(query, { ...searchOptions, offset });
  const nextOffset = result.more && offset + limit < SEARCH_DEPTH ? offset + limit : null;
  const details = { mode: global ? "global" : "search", query: shownQuery, eligible: result.eligible, confidence: result.confidence, strong: result.strong, names: result.hits.map((h) => h.name), offset, nextCursor: nextOffset === null ? null : `${binding}:${nextOffset}` };
  if (global) options.onFallback?.(details.names);
  // Search by meaning almost always finds some skill in scope, so a scope with only weak
  // matches also falls back when a skill outside it matches strongly.
  const fallback = scoped && !global && offset === 0 && !result.strong
    ? index.search(query, { ...searchOptions, only: undefined, exclude: outside, limit: Math.min(limit, FALLBACK_LIMIT) })
    : null;
  if (fallback && (result.hits.length === 0 || (fallback.strong && fallback.hits.length > 0))) {
    const names = fallback.hits.map((h) => h.name);
    options.onFallback?.(names);
    const fallbackDetails = { ...details, mode: "fallback", fallback: names };
    if (names.length > 0) {
      const text = [
        `Nothing${within} matched "${shownQuery}". Global fallback (these may be loaded; the scope stays ${options.scopeLabel}):`,
        formatHits(fallback.hits, index, options.descriptionMax),
        'Load one with skill {"name": "<exact name>"}.',
      ].join("\n");
      return { content: [{ type: "text", text }], details: fallbackDetails };
    }
    const text = `No skill matched "${shownQuery}"${within} or globally. Try other words, or browse with skill_search {}.`;
    return { content: [{ type: "text", text }], details: fallbackDetails };
  }
  if (result.hits.length === 0) {
    const text =
      `No skill matched "${shownQuery}" by keyword. That does not mean none fits: ` +
      `try other words or synonyms, or browse all ${result.eligible} with skill_search {}.`;
    return { content: [{ type: "text", text }], details };
  }
  const where = global ? " outside the scope (loadable now)" : within;
  const page = offset > 0 ? `, results ${offset + 1}-${offset + result.hits.length}` : "";
  const header = result.strong
    ? `Skills${where} for "${shownQuery}" (best first${page}):`
    : `No strong keyword match for "${shownQuery}"; closest of ${result.eligible} skills${where} (other wording or browsing with skill_search {} may find more):`;
  const lines = [header, formatHits(result.hits, index, options.descriptionMax)];
  if (nextOffset !== null) lines.push(more(String(nextOffset)));
  lines.push('Load one with skill {"name": "<exact name>"}.');
  return { content: [{ type: "text", text: lines.join("\n") }], details };
}

/**
 * Renders one loaded page the way Pi renders `/skill:name`, so the model sees one format.
 * @param {import("../../index.js").SkillPage} page
 */
function skillBlock(page) {
  const escapeAttr = (/** @type {string} */ s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  // A page that ends inside an overlong line keeps every byte; the next page goes on from there.
  const text = page.nextColumn > 0 ? page.text : page.text.replace(/\s+$/, "");
  return `<skill name="${escapeAttr(page.name)}" location="${escapeAttr(page.filePath)}">\nReferences are relative to ${page.baseDir}.\n\n${text}\n</skill>`;
}

/**
 * Loads one skill by exact name and renders dependencies (load order) then the root.
 * @param {import("../../index.js").SkillIndex} index
 * Dependencies for which `withhold(name)` is true (denied by policy, or an `ask` skill the
 * user did not approve) are left out and never named.
 * @param {{ name: string, offset?: number, column?: number, rev?: string }} params
 * @param {{ withhold?: (name: string) => boolean, resourceSample?: number, shape?: "block" | "design" }} [options]
 *   `resourceSample`: how many of the skill's resource files to name (LS-16; 0 = none, default 12);
 *   `shape`: Pi's `<skill>` block (default) or the lazy-skill-tool design's shape (`designResult`)
 * @returns {Promise<ToolOutput>}
 */
export async function runSkillLoad(index, params, options = {}) {
  const name = params.name;
  /** @type {import("../../index.js").LoadedSkill} */
  let loaded;
  try {
    // Off the event loop: the first page reads every dependency's file too.
    loaded = await index.loadAsync(name, { offset: params.offset, column: params.column, rev: params.rev });
  } catch (error) {
    const code = errorCode(error);
    /** @type {Record<string, string>} */
    const next = {
      SKILL_NOT_FOUND: NOT_FOUND_TEXT,
      SKILL_MODEL_INVOCATION_DISABLED: "this skill can only be invoked by the user; continue without it",
      SKILL_SOURCE_CHANGED: "the skill file changed since that page; load it again from the start without offset/rev",
      SKILL_REV_REQUIRED: `a continuation page needs the "rev" of the page before it; pass the continuation exactly as the previous page gave it (name, offset, column, rev), or load from the start with skill {"name": ${JSON.stringify(name)}}`,
      SKILL_SOURCE_TOO_LARGE: "the skill file is too large to load; continue without it",
      SKILL_INVALID_UTF8: "the skill file is not valid UTF-8; continue without it",
      SKILL_EMPTY_BODY: "the skill file has no instructions; continue without it",
      SKILL_NAME_MISMATCH: "the skill file no longer declares this name; search again",
    };
    return toolError(code, next[code] ?? "the skill could not be loaded; continue without it", { name, message: errorMessage(error) });
  }
  if (options.withhold) loaded = withholdDependencies(loaded, options.withhold);
  const { root } = loaded;
  const sampleSize = Math.min(options.resourceSample ?? RESOURCE_SAMPLE_DEFAULT, RESOURCE_SAMPLE_MAX);
  const sample = loaded.resources && sampleSize > 0 ? { ...loaded.resources, names: loaded.resources.names.slice(0, sampleSize) } : null;
  /** @type {{name: string, offset: number, column?: number, rev: string} | null} */
  let continuation = null;
  if (root.nextOffset != null) {
    // A line longer than a page continues at a byte column of the same line.
    continuation = root.nextColumn > 0 ? { name: root.name, offset: root.nextOffset, column: root.nextColumn, rev: root.rev } : { name: root.name, offset: root.nextOffset, rev: root.rev };
  }
  const problems = [
    ...loaded.missing.map((m) => `${m.from} requires "${m.name}", which is not installed`),
    ...loaded.cycles.map((c) => `dependency cycle: ${c.join(" -> ")}`),
    ...(loaded.cycleCount > loaded.cycles.length ? [`${loaded.cycleCount - loaded.cycles.length} more dependency cycle(s)`] : []),
    ...loaded.dependencyErrors.map((e) => `${e.name} could not be loaded (${e.code})`),
  ];
  if (withheldCount(loaded) > 0) problems.push(`${withheldCount(loaded)} required skill(s) withheld by policy`);
  const details = {
    name: root.name,
    baseDir: root.baseDir,
    rev: root.rev,
    offset: root.offset,
    totalLines: root.totalLines,
    continuation,
    dependencies: loaded.dependencies.map((d) => d.name),
    missing: loaded.missing,
    cycles: loaded.cycles,
  };
  if (options.shape === "design") return designResult(loaded, continuation, sample, problems, details);
  const parts = [];
  const loadedNames = [...loaded.dependencies.map((d) => d.name), root.name];
  if (loaded.dependencies.length > 0) parts.push(`Loaded ${root.name} with its dependencies, in load order: ${loadedNames.join(", ")}.`);
  for (const dep of loaded.dependencies) {
    parts.push(skillBlock(dep));
    if (dep.nextOffset != null) parts.push(`(${dep.name} continues: skill {"name": "${dep.name}"} to read it in full.)`);
  }
  parts.push(skillBlock(root));
  if (sample) parts.push(resourceNote(sample, root.baseDir));
  if (continuation) {
    const shown = root.nextColumn > 0 ? `Line ${continuation.offset + 1} continues (column ${root.nextColumn}) of ${root.totalLines} lines.` : `Lines ${root.offset + 1}-${continuation.offset} of ${root.totalLines}.`;
    parts.push(`${shown} Continue with skill ${JSON.stringify(continuation)}`);
  }
  if (problems.length > 0) parts.push(`Note: ${problems.join("; ")}.`);
  return { content: [{ type: "text", text: parts.join("\n\n") }], details };
}

/**
 * The lazy-skill-tool design's result shape (`skillResult: "design"`; LS-12, LS-13): each
 * dependency's body, then the root's body, each an unwrapped text item (frontmatter stripped),
 * then one compact JSON item `{base, next}`: the directory the body's relative references
 * resolve against and the continuation (`{offset, column, rev}`, null when the body is
 * complete), plus the required skills' names and directories and the resource sample when
 * there are any. The SKILL.md paths and the diagnostics (missing or withheld dependencies,
 * cycles) go to `details` only, which the model never sees.
 * @param {import("../../index.js").LoadedSkill} loaded
 * @param {{name: string, offset: number, column?: number, rev: string} | null} continuation
 * @param {import("../../index.js").ResourceSampleInfo | null} sample
 * @param {string[]} problems @param {Record<string, unknown>} details
 * @returns {ToolOutput}
 */
function designResult(loaded, continuation, sample, problems, details) {
  const { root } = loaded;
  // The blank lines between the frontmatter and the body go; a page that ends inside an
  // overlong line keeps every byte (the next page goes on from there).
  const body = (/** @type {import("../../index.js").SkillPage} */ page) => {
    const text = page.offset === 0 && page.column === 0 ? page.text.replace(/^(?:[ \t]*\r?\n)+/, "") : page.text;
    return page.nextColumn > 0 ? text : text.replace(/\s+$/, "");
  };
  /** @type {Array<{type: "text", text: string}>} */
  const content = loaded.dependencies.map((dep) => ({ type: "text", text: body(dep) }));
  content.push({ type: "text", text: body(root) });
  /** @type {Record<string, unknown>} */
  const item = { base: root.baseDir, next: continuation ? { offset: continuation.offset, column: continuation.column ?? 0, rev: continuation.rev } : null };
  if (loaded.dependencies.length > 0) item.requires = loaded.dependencies.map((d) => ({ name: d.name, base: d.baseDir, ...(d.nextOffset != null ? { partial: true } : {}) }));
  if (sample) item.resources = { names: sample.names, more: sample.incomplete ? true : Math.max(0, sample.filesSeen - sample.names.length) };
  content.push({ type: "text", text: JSON.stringify(item) });
  return {
    content,
    details: {
      ...details,
      shape: "design",
      path: root.filePath,
      dependencyPaths: loaded.dependencies.map((d) => ({ name: d.name, path: d.filePath })),
      diagnostics: problems,
    },
  };
}

/** Most resource files a load can name (the core samples this many; LS-16: `resourceSample` 0..50). */
export const RESOURCE_SAMPLE_MAX = 50;
/** How many a load names unless `resourceSample` says otherwise. */
export const RESOURCE_SAMPLE_DEFAULT = 12;

/**
 * One line naming a bounded sample of the skill's resource files, so the model knows what
 * exists without listing the tree; it reads the ones the instructions call for.
 * @param {import("../../index.js").ResourceSampleInfo} sample @param {string} baseDir
 */
function resourceNote(sample, baseDir) {
  const left = sample.filesSeen - sample.names.length;
  const more = sample.incomplete ? " and more" : left > 0 ? ` and ${left} more` : "";
  return `Resource files in ${baseDir} (relative; read only what the instructions need): ${sample.names.join(", ")}${more}.`;
}

/** @type {WeakMap<object, number>} */
const WITHHELD = new WeakMap();

/** @param {import("../../index.js").LoadedSkill} loaded */
function withheldCount(loaded) {
  return WITHHELD.get(loaded) ?? 0;
}

/**
 * Drops withheld dependencies from a load result, and every report that would name them.
 * @param {import("../../index.js").LoadedSkill} loaded
 * @param {(name: string) => boolean} withhold
 * @returns {import("../../index.js").LoadedSkill}
 */
function withholdDependencies(loaded, withhold) {
  const dependencies = loaded.dependencies.filter((d) => !withhold(d.name));
  const missing = loaded.missing.filter((m) => !withhold(m.from) && !withhold(m.name));
  const cycles = loaded.cycles.filter((c) => !c.some(withhold));
  const dependencyErrors = loaded.dependencyErrors.filter((e) => !withhold(e.name));
  const dropped = loaded.dependencies.length - dependencies.length + (loaded.dependencyErrors.length - dependencyErrors.length);
  // Cycles past the reported ones are only counted; withheld reported ones leave the count too.
  const cycleCount = cycles.length + (loaded.cycleCount - loaded.cycles.length);
  const out = { ...loaded, dependencies, missing, cycles, cycleCount, dependencyErrors };
  WITHHELD.set(out, dropped);
  return out;
}
