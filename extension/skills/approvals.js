// @ts-check
/**
 * Approvals for `ask` skills. An approval belongs to one skill file under one policy: it is
 * keyed to the file's path and the policy's fingerprint, so a moved file or a changed policy
 * asks again. Skills the user invoked or admitted themselves (a typed `/skill:name`, or a
 * pasted block they allowed once) are the user's own choice in that one message (LS-28): the
 * choice is bound to the message's identity (its timestamp) when it enters the session, so
 * the same block in a later message asks again.
 */

/**
 * A message's identity for a choice: a user message's timestamp; null for anything else (a
 * custom message, one with no timestamp), which no choice admits.
 * @param {any} message
 */
function messageStamp(message) {
  const t = message?.timestamp;
  return message?.role === "user" && typeof t === "number" && Number.isFinite(t) ? String(t) : null;
}

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
    /**
     * Skills the user chose in input not yet sent (a typed `/skill:name`, a pasted block they
     * admitted): each is bound to the first user message that carries its block (LS-28).
     * @type {Set<string>}
     */
    this.pendingChoice = new Set();
    /** `name \0 message timestamp`: the one message each choice admits. @type {Set<string>} */
    this.chosenIn = new Set();
  }

  /** The user chose `name` in the input being sent. @param {string} name */
  choose(name) {
    this.pendingChoice.add(name);
  }

  /**
   * Binds pending choices to a user message now in the session: those among `names` (the
   * skill blocks it carries) admit their blocks in this message only.
   * @param {{ timestamp?: unknown }} message @param {Iterable<string>} names
   */
  bind(message, names) {
    const stamp = messageStamp(message);
    if (stamp === null) return;
    for (const name of names) {
      if (!this.pendingChoice.delete(name)) continue;
      if (this.chosenIn.size >= 4096) this.chosenIn.clear();
      this.chosenIn.add(`${name}\u0000${stamp}`);
    }
  }

  /**
   * Whether the user chose `name` for this message: the one it was bound to, or (before the
   * message exists, while the input is scrubbed) a pending choice.
   * @param {string} name @param {{ timestamp?: unknown } | undefined} message
   */
  isChosen(name, message) {
    if (message === undefined) return this.pendingChoice.has(name);
    const stamp = messageStamp(message);
    return stamp !== null && this.chosenIn.has(`${name}\u0000${stamp}`);
  }

  /** @param {string | null} key */
  hasSession(key) {
    return key !== null && this.session.has(key);
  }
}
