// @ts-check
/**
 * The capability layer's view of Pi's active-tool set. While the layer is on, core tools
 * (read, bash, edit, write, grep, find, ls) and pi-lean's own stay active; every other active
 * `direct` tool, from any source, is deferred (deactivated with `pi.setActiveTools`) unless a
 * route or a `request_capabilities` call added it. Changes after the first route only add.
 * Turning the layer off, or session shutdown, restores exactly the tools that are still
 * deferred, in their original order.
 *
 * The state is appended to the session as a custom entry whenever it changes, because Pi
 * persists the active set with the transcript: a resumed or forked session rebuilds it from
 * its branch, and a session resumed with the layer off gets its tools back even if the
 * previous process died before it could restore them. Entries written by the Token Saver's
 * deferral (before this layer existed) are read too.
 */

export const CAPABILITY_ENTRY = "pi-lean-capabilities";
/** The Token Saver's deferral entry, from before the capability layer; read for old sessions. */
export const LEGACY_DEFERRAL_ENTRY = "pi-lean-token-saver-deferral";
export const CORE_TOOLS = new Set(["read", "bash", "edit", "write", "grep", "find", "ls"]);
/** The core tools when `read` may be deferred (`skillRecovery: "path"`, the prompt-diet design; PD-7). */
export const CORE_TOOLS_WITHOUT_READ = new Set([...CORE_TOOLS].filter((n) => n !== "read"));

/** @typedef {"routed" | "requested" | "late"} AddReason */

/** @param {unknown} list @returns {string[]} */
function names(list) {
  return Array.isArray(list) ? list.filter((n) => typeof n === "string") : [];
}

export class ActiveSet {
  /**
   * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
   * @param {() => Set<string>} ownTools  pi-lean's tools, never deferred
   * @param {Set<string>} layerTools  the layer's own tools, active exactly while it is on
   * @param {() => ReadonlySet<string>} [core]  the core tools never deferred (CORE_TOOLS; without
   *   `read` when `skillRecovery: "path"` defers it, PD-7)
   */
  constructor(pi, ownTools, layerTools, core = () => CORE_TOOLS) {
    this.pi = pi;
    this.core = core;
    this.ownTools = ownTools;
    this.layerTools = layerTools;
    /** Names currently deferred. @type {string[]} */
    this.deferred = [];
    /** Names the layer added back, and why; they stay active until the layer goes off. @type {Map<string, AddReason>} */
    this.added = new Map();
    /** Active order before deferral, used to put restored tools back where they were. @type {string[]} */
    this.order = [];
    /** Whether the session's first route (the one that may shrink) has happened. */
    this.routed = false;
  }

  /** Whether a tool may be deferred: a `direct` tool that is neither core nor ours nor added. */
  /** @param {{ name: string, exposure?: string }} tool */
  deferrable(tool) {
    return !this.core().has(tool.name) && !this.ownTools().has(tool.name) && !this.layerTools.has(tool.name) && !this.added.has(tool.name) && (tool.exposure ?? "direct") === "direct";
  }

  /** Active tools that could be deferred now (late registrations included). */
  deferrableActive() {
    const byName = new Map(this.pi.getAllTools().map((t) => [t.name, t]));
    return this.pi.getActiveTools().filter((n) => {
      const tool = byName.get(n);
      return tool !== undefined && this.deferrable(tool);
    });
  }

  /**
   * Restores the state recorded in the session branch (resume, fork, reload): the last entry wins.
   * @param {Array<any>} branch  `ctx.sessionManager.getBranch()`
   */
  loadFromBranch(branch) {
    this.deferred = [];
    this.order = [];
    this.added = new Map();
    this.routed = false;
    for (const entry of branch) {
      if (entry?.type !== "custom" || !entry.data) continue;
      if (entry.customType === CAPABILITY_ENTRY) {
        this.deferred = names(entry.data.deferred);
        this.order = names(entry.data.order);
        const added = entry.data.added && typeof entry.data.added === "object" ? entry.data.added : {};
        this.added = new Map(Object.entries(added).filter(([, why]) => why === "routed" || why === "requested" || why === "late"));
        this.routed = entry.data.routed === true;
      } else if (entry.customType === LEGACY_DEFERRAL_ENTRY) {
        this.deferred = names(entry.data.deferred);
        this.order = names(entry.data.order);
        this.added = new Map(names(entry.data.activated).map((n) => [n, /** @type {AddReason} */ ("requested")]));
        this.routed = this.deferred.length > 0;
      }
    }
  }

  /** Appends the state to the session (a safety net for crashes; memory stays authoritative). */
  record() {
    try {
      this.pi.appendEntry(CAPABILITY_ENTRY, { deferred: [...this.deferred], order: [...this.order], added: Object.fromEntries(this.added), routed: this.routed });
    } catch {
      // A failed append only loses crash recovery; the in-memory set still restores normally.
    }
  }

  /**
   * Defers `names` (active tools) and keeps `layerActive` (the layer's own tools) active.
   * Returns the new active list; the caller sets it.
   * @param {string[]} toDefer
   * @param {string[]} layerActive
   */
  defer(toDefer, layerActive) {
    const current = this.pi.getActiveTools();
    const active = current.filter((n) => !this.layerTools.has(n));
    if (toDefer.length > 0) {
      if (this.deferred.length === 0 && this.order.length === 0) this.order = [...active];
      for (const n of toDefer) if (!this.order.includes(n)) this.order.push(n);
      this.deferred = [...new Set([...this.deferred, ...toDefer])];
    }
    // Tools deferred earlier that no longer exist cannot be restored; forget them.
    const known = new Set(this.pi.getAllTools().map((t) => t.name));
    this.deferred = this.deferred.filter((n) => known.has(n));
    const hidden = new Set(this.deferred);
    // The layer's own tools keep their place: moving one would change every later declaration.
    return [...current.filter((n) => !hidden.has(n)), ...layerActive.filter((n) => !current.includes(n))];
  }

  /**
   * Activates deferred tools (appended, so earlier declarations keep their bytes).
   * @param {string[]} wanted  names to add; only deferred ones are
   * @param {AddReason} reason
   * @returns {string[]} the names actually added
   */
  add(wanted, reason) {
    const adding = wanted.filter((n) => this.deferred.includes(n));
    if (adding.length === 0) return [];
    this.deferred = this.deferred.filter((n) => !adding.includes(n));
    for (const n of adding) this.added.set(n, reason);
    const active = this.pi.getActiveTools();
    this.pi.setActiveTools([...active, ...adding.filter((n) => !active.includes(n))]);
    return adding;
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
    this.added = new Map();
    this.routed = false;
    if (changed) {
      let prefix = 0;
      while (prefix < desired.length && prefix < active.length && desired[prefix] === active[prefix]) prefix += 1;
      if (prefix < active.length) this.pi.setActiveTools(desired.slice(0, prefix));
      this.pi.setActiveTools(desired);
      if (record) this.record();
    }
    this.order = [];
  }
}
