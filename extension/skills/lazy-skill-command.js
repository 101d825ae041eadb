// @ts-check
/**
 * `/lazy-skill <name> [args]` and `/lazy-skill:<name> [args]` (LS-18): the forms users of
 * pi-lazy-skill-tool already type, forwarded to Pi's own `/skill:<name> [args]` with the raw
 * tail, so the expansion, the policy guard on `/skill:` input and the context scrub all apply
 * exactly as to a typed `/skill:`. While the agent is working the forwarded prompt is queued
 * as a follow-up.
 */

export const LAZY_SKILL_COMMAND = "lazy-skill";
const COLON_FORM_RE = /^\/lazy-skill:(\S+)([\s\S]*)$/;

/**
 * The `/skill:` text a `/lazy-skill:<name> [args]` input stands for, or null.
 * @param {string} text
 */
export function colonFormTarget(text) {
  const match = typeof text === "string" ? COLON_FORM_RE.exec(text) : null;
  return match ? `/skill:${match[1]}${match[2]}` : null;
}

/**
 * The `/skill:` text for the command's arguments (`<name> [args]`), or null without a name.
 * @param {string} args
 */
export function commandTarget(args) {
  const text = String(args ?? "").replace(/^\s+/, "");
  const space = text.search(/\s/);
  const name = space === -1 ? text : text.slice(0, space);
  if (!name) return null;
  return `/skill:${name}${space === -1 ? "" : text.slice(space)}`;
}

/**
 * Registers `/lazy-skill`. The colon form is not a command name Pi can register for every
 * skill, so the skills' `input` handler rewrites it (see `colonFormTarget`).
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {{ names: () => string[] }} skills  names the user may run (policy applied)
 */
export function registerLazySkillCommand(pi, skills) {
  pi.registerCommand(LAZY_SKILL_COMMAND, {
    description: "Run a skill: /lazy-skill <name> [args] (same as /skill:<name> [args])",
    getArgumentCompletions(prefix) {
      const p = String(prefix ?? "");
      if (/\s/.test(p)) return null;
      return skills
        .names()
        .filter((name) => name.startsWith(p))
        .map((name) => ({ value: name, label: name }));
    },
    async handler(args, ctx) {
      const target = commandTarget(args);
      if (target === null) {
        const message = "Usage: /lazy-skill <name> [args]";
        if (ctx?.hasUI) ctx.ui.notify(message, "warning");
        else process.stderr.write(`pi-lean: ${message}\n`);
        return;
      }
      const idle = typeof ctx?.isIdle === "function" ? ctx.isIdle() : true;
      pi.sendUserMessage(target, idle ? { expandPromptTemplates: true } : { expandPromptTemplates: true, deliverAs: "followUp" });
    },
  });
}
