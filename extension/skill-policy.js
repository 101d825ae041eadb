// @ts-check
/**
 * Skill policy (`permission.skill`): each skill name gets `allow`, `ask` or `deny`. Rules are
 * exact-name patterns where `*` matches any run of characters and `?` exactly one; every
 * other character matches itself. Rules apply in order and the last match wins, so a later
 * layer (project, environment) can carve exceptions out of an earlier one. No rule matching
 * means the policy default.
 */

/** @typedef {import("./config.js").PolicyAction} PolicyAction */
/** @typedef {import("./config.js").SkillPolicy} SkillPolicy */

/**
 * Compiles a `*`/`?` pattern into an anchored matcher over the whole name.
 * @param {string} pattern
 * @returns {(name: string) => boolean}
 */
export function compilePattern(pattern) {
  if (!/[*?]/.test(pattern)) return (name) => name === pattern;
  const source = [...pattern].map((ch) => (ch === "*" ? "[\\s\\S]*" : ch === "?" ? "[\\s\\S]" : ch.replace(/[\\^$.|+()[\]{}]/g, "\\$&"))).join("");
  const re = new RegExp(`^${source}$`, "u");
  return (name) => re.test(name);
}

export class SkillPolicyEngine {
  /** @param {SkillPolicy} policy */
  constructor(policy) {
    this.default = policy.default;
    this.rules = policy.rules.map((rule) => ({ ...rule, matches: compilePattern(rule.pattern) }));
    /** @type {Map<string, PolicyAction>} */
    this.cache = new Map();
  }

  /**
   * The action for one exact skill name: the last matching rule, else the default.
   * @param {string} name
   * @returns {PolicyAction}
   */
  actionFor(name) {
    const cached = this.cache.get(name);
    if (cached) return cached;
    let action = this.default;
    for (const rule of this.rules) if (rule.matches(name)) action = rule.action;
    this.cache.set(name, action);
    return action;
  }

  /** @param {string} name */
  isDenied(name) {
    return this.actionFor(name) === "deny";
  }

  /**
   * The denied names among `names` (for the native search's `exclude`).
   * @param {Iterable<string>} names
   */
  deniedAmong(names) {
    return [...names].filter((name) => this.isDenied(name));
  }
}
