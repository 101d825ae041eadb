// @ts-check
/**
 * Tool-schema deferral on Pi 1.6's native active-tool set. While the Token Saver is on, only
 * core tools (read, bash, edit, write, grep, find, ls) and pi-lean's own stay declared; other
 * active `direct` tools are deactivated with `pi.setActiveTools` and `token_tool_search`
 * (a Rust BM25F search over their metadata) re-activates a bounded matching set. Turning the
 * layer off, or session shutdown, restores exactly the tools that are still deferred, in their
 * original order. The deferred set is also appended to the session as a custom entry, because
 * Pi persists the active set with the transcript: a session resumed with the layer off gets its
 * tools back even if the previous process died before it could restore them.
 */
import { native } from "../shared/native.js";

export const TOOL_SEARCH_TOOL = "token_tool_search";
export const DEFERRAL_ENTRY = "pi-lean-token-saver-deferral";
export const CORE_TOOLS = new Set(["read", "bash", "edit", "write", "grep", "find", "ls"]);
/** Most tools one search activates. */
export const MAX_ACTIVATIONS = 3;

export const TOOL_SEARCH_DESCRIPTION = "Find and enable more tools by keywords; some tools stay hidden until searched.";
export const TOOL_SEARCH_PARAMETERS = {
  type: "object",
  properties: { query: { type: "string", description: "What the tool should do." } },
  required: ["query"],
};

/**
 * Parameter names and descriptions of a JSON schema as text, for the search index.
 * @param {unknown} schema
 */
function parameterText(schema) {
  const props = /** @type {{properties?: Record<string, {description?: string}>}} */ (schema ?? {}).properties ?? {};
  return Object.entries(props)
    .map(([name, spec]) => `${name} ${typeof spec?.description === "string" ? spec.description : ""}`)
    .join(" ");
}

export class ToolDeferral {
  /**
   * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
   * @param {Set<string>} ownTools  pi-lean's tools, never deferred
   * @param {Set<string>} layerTools  the Token Saver's own tools, active exactly while it is on
   */
  constructor(pi, ownTools, layerTools) {
    this.pi = pi;
    this.ownTools = ownTools;
    this.layerTools = layerTools;
    /** Names currently deferred. @type {string[]} */
    this.deferred = [];
    /** Names token_tool_search activated; they stay active until the layer goes off. @type {string[]} */
    this.activated = [];
    /** Active order before deferral, used to put restored tools back where they were. @type {string[]} */
    this.order = [];
  }

  /** Whether a tool may be deferred: an active `direct` tool that is neither core nor ours. */
  /** @param {{ name: string, exposure?: string }} tool */
  deferrable(tool) {
    return !CORE_TOOLS.has(tool.name) && !this.ownTools.has(tool.name) && !this.activated.includes(tool.name) && (tool.exposure ?? "direct") === "direct";
  }

  /**
   * Restores the deferred set recorded in the session branch (for resume and fork).
   * @param {Array<any>} branch  `ctx.sessionManager.getBranch()`
   */
  loadFromBranch(branch) {
    for (const entry of branch) {
      if (entry?.type === "custom" && entry.customType === DEFERRAL_ENTRY && entry.data) {
        this.deferred = Array.isArray(entry.data.deferred) ? entry.data.deferred.filter((/** @type {unknown} */ n) => typeof n === "string") : [];
        this.order = Array.isArray(entry.data.order) ? entry.data.order.filter((/** @type {unknown} */ n) => typeof n === "string") : [];
        this.activated = Array.isArray(entry.data.activated) ? entry.data.activated.filter((/** @type {unknown} */ n) => typeof n === "string") : [];
      }
    }
  }

  #record() {
    try {
      this.pi.appendEntry(DEFERRAL_ENTRY, { deferred: [...this.deferred], order: [...this.order], activated: [...this.activated] });
    } catch {
      // Recording is a safety net for crashes; the in-memory set still restores normally.
    }
  }

  /**
   * The active list with our own tools set as wanted and deferrable tools removed.
   * @param {string[]} ownActive  our tools that should be active now
   * @returns {string[]} the new active list
   */
  plan(ownActive) {
    const all = this.pi.getAllTools();
    const byName = new Map(all.map((t) => [t.name, t]));
    const active = this.pi.getActiveTools().filter((n) => !this.layerTools.has(n));
    const newlyDeferred = active.filter((n) => {
      const tool = byName.get(n);
      return tool !== undefined && this.deferrable(tool);
    });
    if (newlyDeferred.length > 0) {
      if (this.deferred.length === 0) this.order = [...active];
      for (const n of newlyDeferred) if (!this.order.includes(n)) this.order.push(n);
      this.deferred = [...new Set([...this.deferred, ...newlyDeferred])];
      this.#record();
    }
    // Tools deferred earlier that no longer exist cannot be restored; forget them.
    const known = this.deferred.filter((n) => byName.has(n));
    if (known.length !== this.deferred.length) {
      this.deferred = known;
      this.#record();
    }
    return [...active.filter((n) => !this.deferred.includes(n)), ...ownActive];
  }

  /**
   * Activates up to MAX_ACTIVATIONS deferred tools matching `query`.
   * @param {string} query
   * @returns {{ names: string[], deferredBefore: number }}
   */
  search(query) {
    const all = this.pi.getAllTools();
    const candidates = all.filter((t) => this.deferred.includes(t.name));
    const deferredBefore = candidates.length;
    if (candidates.length === 0) return { names: [], deferredBefore };
    const index = new native.ToolIndex(candidates.map((t) => ({ name: t.name, description: t.description ?? "", parameters: parameterText(t.parameters) })));
    const names = index.search(query, MAX_ACTIVATIONS).map((hit) => hit.name);
    if (names.length > 0) {
      this.deferred = this.deferred.filter((n) => !names.includes(n));
      this.activated = [...new Set([...this.activated, ...names])];
      this.pi.setActiveTools([...this.pi.getActiveTools(), ...names]);
      this.#record();
    }
    return { names, deferredBefore };
  }

  /**
   * Puts every still-deferred tool back, in its original position; `removeOwn` also drops the
   * layer's own tools.
   * `setActiveTools` keeps the order of tools that stay and appends new ones, so the list is
   * first cut back to the longest prefix that already matches, then set in full.
   * @param {{ removeOwn: boolean, record: boolean }} options  `record: false` at shutdown, so
   *   the session still says the tools are deferred, matching the active set Pi persisted
   */
  restore({ removeOwn, record }) {
    const active = this.pi.getActiveTools();
    const keep = active.filter((n) => !(removeOwn && this.layerTools.has(n)));
    const wanted = new Set([...keep, ...this.deferred]);
    const desired = [...this.order.filter((n) => wanted.has(n)), ...keep.filter((n) => !this.order.includes(n))];
    const changed = this.deferred.length > 0 || keep.length !== active.length;
    this.deferred = [];
    this.activated = [];
    if (changed) {
      let prefix = 0;
      while (prefix < desired.length && prefix < active.length && desired[prefix] === active[prefix]) prefix += 1;
      if (prefix < active.length) this.pi.setActiveTools(desired.slice(0, prefix));
      this.pi.setActiveTools(desired);
      if (record) this.#record();
    }
    this.order = [];
  }
}
