// @ts-check
/**
 * Approvals for `ask` skills. An approval belongs to one skill file under one policy: it is
 * keyed to the file's path and the policy's fingerprint, so a moved file or a changed policy
 * asks again. Skills the user invoked or admitted themselves (a typed `/skill:name`, or a
 * pasted block they allowed) are the user's own choice and stay admitted in their messages.
 */

/**
 * The key an approval is stored under, or null for an unknown skill (never approved).
 * @param {{ filePath?: string } | null | undefined} info @param {string} policyFingerprint
 */
export function approvalKey(info, policyFingerprint) {
  return info && typeof info.filePath === "string" ? `${info.filePath}\u0000${policyFingerprint}` : null;
}

export class SkillApprovals {
  constructor() {
    /** Keys approved with "Always allow" for this session. */
    this.session = new Set();
    /** key -> rev of an "Allow once" load, so its continuation pages need no second prompt. */
    this.once = new Map();
    /** Names the user chose in their own messages (typed command, admitted pasted block). */
    this.userChosen = new Set();
  }

  /** @param {string | null} key */
  hasSession(key) {
    return key !== null && this.session.has(key);
  }
}
