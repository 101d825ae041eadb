// @ts-check
/**
 * Scope algebra. A group is a named set of skills (exact names or `*`/`?` patterns); a
 * profile is a named set of groups. Exactly one scope is active at a time: every skill, one
 * profile (the union of its groups) or one group inside the active profile. The global
 * fallback is the only way out of a scope: names returned by the latest fallback search may
 * be loaded, the next fallback replaces that set, and changing scope clears it.
 */
import { compilePattern } from "./skill-policy.js";

/**
 * @typedef {object} Scope
 * @property {"all" | "profile" | "group"} kind
 * @property {string | null} profile
 * @property {string | null} group
 * @property {string} label  how the scope is named to the model and the user
 */

/**
 * The active scope for a selection. Unknown names resolve to "all": config validation
 * rejects them earlier, so this only happens for in-session switches, which check first.
 * @param {{ groups: Record<string, string[]>, profiles: Record<string, {groups: string[]}> }} definitions
 * @param {{ activeProfile: string | null, activeGroup: string | null }} selection
 * @returns {Scope}
 */
export function resolveScope(definitions, selection) {
  const profile = selection.activeProfile !== null && definitions.profiles[selection.activeProfile] ? selection.activeProfile : null;
  const groupKnown = selection.activeGroup !== null && definitions.groups[selection.activeGroup];
  const groupInProfile = profile === null || definitions.profiles[profile].groups.includes(/** @type {string} */ (selection.activeGroup));
  const group = groupKnown && groupInProfile ? selection.activeGroup : null;
  if (group !== null) return { kind: "group", profile, group, label: profile ? `group "${group}" of profile "${profile}"` : `group "${group}"` };
  if (profile !== null) return { kind: "profile", profile, group: null, label: `profile "${profile}"` };
  return { kind: "all", profile: null, group: null, label: "all skills" };
}

/**
 * Members of a group among the known skill names, in catalog order.
 * @param {string[]} patterns @param {readonly string[]} names
 */
export function groupMembers(patterns, names) {
  const matchers = patterns.map(compilePattern);
  return names.filter((name) => matchers.some((matches) => matches(name)));
}

/**
 * The skill names a scope admits, or `null` for "all skills". An empty profile admits none.
 * @param {Scope} scope
 * @param {{ groups: Record<string, string[]>, profiles: Record<string, {groups: string[]}> }} definitions
 * @param {readonly string[]} names  every skill name in the catalog
 * @returns {Set<string> | null}
 */
export function scopeMembers(scope, definitions, names) {
  if (scope.kind === "all") return null;
  const groups = scope.kind === "group" ? [/** @type {string} */ (scope.group)] : definitions.profiles[/** @type {string} */ (scope.profile)].groups;
  const members = new Set();
  for (const group of groups) for (const name of groupMembers(definitions.groups[group] ?? [], names)) members.add(name);
  return members;
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
   * Whether `name` may be loaded: inside the scope, or returned by the latest fallback.
   * @param {string} name @param {Set<string> | null} members
   */
  mayLoad(name, members) {
    return members === null || members.has(name) || this.fallbackNames.has(name);
  }
}
