// @ts-check
/**
 * One view of who may see and load which skill, computed from the catalog snapshot, the
 * config (groups, profiles, policy) and the session's scope state. Search, the shortlist,
 * the catalog, the guards and the commands all ask this one object, so a denied skill is
 * hidden the same way everywhere.
 */
import { SkillPolicyEngine } from "./policy.js";
import { groupMembers, resolveScope, scopeMembers } from "./scope.js";

/**
 * @typedef {object} AccessView
 * @property {import("./scope.js").Scope} scope
 * @property {Set<string> | null} members   skills the scope admits (null = all)
 * @property {string[]} denied              policy-denied names in the catalog
 * @property {Set<string>} deniedSet
 * @property {string[]} candidates          model-visible, in scope, not denied (catalog order)
 * @property {string[]} base                the always-allowed base (CD-2): allowlisted candidates, in every scope
 */

export class SkillAccess {
  /**
   * @param {import("../shared/config.js").ConfigHolder} config
   * @param {import("./scope.js").ScopeState} scopeState
   */
  constructor(config, scopeState) {
    this.config = config;
    this.scopeState = scopeState;
    this.policy = new SkillPolicyEngine(config.value.skillPolicy);
    /** @type {{ key: string, view: AccessView } | null} */
    this.cached = null;
  }

  /** Call after the config reloads: the policy may have changed. */
  configChanged() {
    this.policy = new SkillPolicyEngine(this.config.value.skillPolicy);
    this.cached = null;
  }

  /**
   * @param {import("../../index.js").SkillIndex} index
   * @returns {AccessView}
   */
  view(index) {
    const picks = [...this.scopeState.picks].sort();
    const key = [index.fingerprint, this.scopeState.activeProfile, this.scopeState.activeGroup, ...picks].join("\u0000");
    if (this.cached && this.cached.key === key) return this.cached.view;
    const skills = index.list();
    const names = skills.map((s) => s.name);
    const scope = resolveScope(this.config.value, this.scopeState);
    const members = scopeMembers(scope, this.config.value, names);
    // Picks are additive: they join any narrower scope.
    if (members !== null) for (const name of picks) if (index.get(name)) members.add(name);
    // The always-allowed base (CD-2) belongs to every scope; policy still applies to it.
    const allowlisted = this.config.value.allowlist?.length ? new Set(groupMembers(this.config.value.allowlist, names)) : new Set();
    if (members !== null) for (const name of allowlisted) members.add(name);
    const denied = this.policy.deniedAmong(names);
    const deniedSet = new Set(denied);
    const candidates = skills.filter((s) => !s.disableModelInvocation && !deniedSet.has(s.name) && (members === null || members.has(s.name))).map((s) => s.name);
    const base = candidates.filter((name) => allowlisted.has(name));
    const view = { scope, members, denied, deniedSet, candidates, base };
    this.cached = { key, view };
    return view;
  }

  /**
   * Why a skill is not offered to the model, or null when it is.
   * @param {import("../../index.js").SkillIndex} index @param {string} name
   * @returns {string | null}
   */
  hiddenReason(index, name) {
    const info = index.get(name);
    if (!info) return "not installed";
    const view = this.view(index);
    if (view.deniedSet.has(name)) return "policy: deny";
    if (info.disableModelInvocation) return `user-only: disable-model-invocation; run it with /skill:${name}`;
    if (view.members !== null && !view.members.has(name)) return `scope: outside ${view.scope.label}`;
    return null;
  }

  /**
   * Replaces whole-word occurrences of denied names in any spelling (case, look-alikes,
   * invisible characters, dash variants, character references, and `my skill` / `my_skill`
   * / `myskill` for `my-skill`), so text the model wrote (a query it searched with) is never
   * echoed back with a denied name in it.
   * @param {import("../../index.js").SkillIndex} index @param {string} text
   */
  redact(index, text) {
    const { denied } = this.view(index);
    if (denied.length === 0) return text;
    // The core finds and replaces mentions with one word-boundary rule, so whatever
    // `mentions()` reports is what gets replaced.
    return index.redact(text, denied, "[hidden]");
  }
}
