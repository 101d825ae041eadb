// @ts-check
/**
 * Skill policy (`permission.skill`): each skill name gets `allow`, `ask` or `deny`. Rules are
 * exact-name patterns where `*` matches any run of characters and `?` exactly one; every
 * other character matches itself, compared in the canonical form of names (case, look-alike
 * letters, invisible characters and dash variants folded), so `CHANGELOG‐STYLE` or a
 * Cyrillic spelling meets a rule for `changelog-style`. Rules apply in order and the last
 * match wins, so a later layer (project, environment) can carve exceptions out of an earlier
 * one. No rule matching means the policy default. Matching runs in the Rust core (`skills::policy`); this wrapper
 * caches decisions per name, since the same names are asked about on every run.
 */
import { native } from "../shared/native.js";

/** @typedef {import("../shared/config.js").PolicyAction} PolicyAction */
/** @typedef {import("../shared/config.js").SkillPolicy} SkillPolicy */

export class SkillPolicyEngine {
  /** @param {SkillPolicy} policy */
  constructor(policy) {
    /** Identifies the policy's content; approvals are bound to it. */
    this.fingerprint = JSON.stringify([policy.default, policy.rules.map((r) => [r.pattern, r.action])]);
    this.compiled = new native.SkillPolicy(policy.default, policy.rules);
    /** @type {Map<string, PolicyAction>} */
    this.cache = new Map();
  }

  /**
   * The action for one exact skill name: the last matching rule, else the default.
   * @param {string} name
   * @returns {PolicyAction}
   */
  actionFor(name) {
    let action = this.cache.get(name);
    if (!action) {
      action = /** @type {PolicyAction} */ (this.compiled.actionFor(name));
      this.cache.set(name, action);
    }
    return action;
  }

  /** @param {string} name */
  isDenied(name) {
    return this.actionFor(name) === "deny";
  }

  /**
   * The denied names among `names`, in order (for the native search's `exclude`).
   * @param {Iterable<string>} names
   */
  deniedAmong(names) {
    return this.compiled.deniedAmong([...names]);
  }
}
