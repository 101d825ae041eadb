// @ts-check
/**
 * Scope algebra. A group is a named set of skills (exact names or `*`/`?` patterns); a
 * profile is a named set of groups. Exactly one scope is active at a time: every skill, one
 * profile (the union of its groups) or one group inside the active profile. Resolution and
 * membership run in the Rust core (`skills::scope`); this module adds the labels people read
 * and the session state: the per-branch picks, and the global fallback (names returned by the
 * latest fallback search may be loaded, the next fallback replaces that set, and changing scope
 * clears it).
 */
import { native } from "../shared/native.js";

/**
 * @typedef {object} Scope
 * @property {"all" | "profile" | "group"} kind
 * @property {string | null} profile
 * @property {string | null} group
 * @property {string} label  how the scope is named to the model and the user
 */

/** @typedef {{ groups: Record<string, string[]>, profiles: Record<string, {groups: string[]}> }} ScopeDefinitions */

/**
 * @param {ScopeDefinitions} definitions
 * @param {{ activeProfile: string | null, activeGroup: string | null }} selection
 */
function nativeInput(definitions, selection) {
  /** @type {Record<string, string[]>} */
  const profiles = {};
  for (const [name, spec] of Object.entries(definitions.profiles)) profiles[name] = spec.groups;
  return { groups: definitions.groups, profiles, activeProfile: selection.activeProfile ?? undefined, activeGroup: selection.activeGroup ?? undefined };
}

/**
 * The active scope for a selection. Unknown names resolve to the wider scope: config
 * validation rejects them earlier, and in-session switches check first.
 * @param {ScopeDefinitions} definitions
 * @param {{ activeProfile: string | null, activeGroup: string | null }} selection
 * @returns {Scope}
 */
export function resolveScope(definitions, selection) {
  const view = native.resolveSkillScope(nativeInput(definitions, selection), []);
  const profile = view.profile ?? null;
  const group = view.group ?? null;
  if (view.kind === "group") return { kind: "group", profile, group, label: profile ? `group "${group}" of profile "${profile}"` : `group "${group}"` };
  if (view.kind === "profile") return { kind: "profile", profile, group: null, label: `profile "${profile}"` };
  return { kind: "all", profile: null, group: null, label: "all skills" };
}

/**
 * Members of a group among the known skill names, in catalog order.
 * @param {string[]} patterns @param {readonly string[]} names
 */
export function groupMembers(patterns, names) {
  return native.resolveSkillScope({ groups: { group: patterns }, profiles: {}, activeGroup: "group" }, [...names]).members ?? [...names];
}

/**
 * The skill names a scope admits, or `null` for "all skills". An empty profile admits none.
 * @param {Scope} scope
 * @param {ScopeDefinitions} definitions
 * @param {readonly string[]} names  every skill name in the catalog
 * @returns {Set<string> | null}
 */
export function scopeMembers(scope, definitions, names) {
  if (scope.kind === "all") return null;
  const view = native.resolveSkillScope(nativeInput(definitions, { activeProfile: scope.profile, activeGroup: scope.group }), [...names]);
  return new Set(view.members ?? []);
}

/**
 * Session state: the active selection and the names the latest global fallback returned.
 */
export class ScopeState {
  /** @param {{ activeProfile: string | null, activeGroup: string | null }} selection */
  constructor(selection) {
    this.activeProfile = selection.activeProfile;
    this.activeGroup = selection.activeGroup;
    /** @type {Set<string>} */
    this.fallbackNames = new Set();
    /** Per-branch picks: added to every scope (see picks.js). */
    /** @type {Set<string>} */
    this.picks = new Set();
  }

  /**
   * Switches scope. Any change clears the fallback authorization.
   * @param {{ activeProfile: string | null, activeGroup: string | null }} selection
   * @returns {boolean} whether the scope changed
   */
  select(selection) {
    const changed = selection.activeProfile !== this.activeProfile || selection.activeGroup !== this.activeGroup;
    this.activeProfile = selection.activeProfile;
    this.activeGroup = selection.activeGroup;
    if (changed) this.fallbackNames = new Set();
    return changed;
  }

  /**
   * Records the names a fallback search returned; they replace the previous set.
   * @param {Iterable<string>} names
   */
  recordFallback(names) {
    this.fallbackNames = new Set(names);
  }

  /**
   * Whether `name` may be loaded: inside the scope (picks included), or returned by the
   * latest fallback.
   * @param {string} name @param {Set<string> | null} members
   */
  mayLoad(name, members) {
    return members === null || members.has(name) || this.picks.has(name) || this.fallbackNames.has(name);
  }
}
