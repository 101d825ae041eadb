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
 * @typedef {object} RunnableSkill  one skill the user may run, as completion and the selector show it (LS-19)
 * @property {string} name
 * @property {string} description  complete
 * @property {string} source       where it comes from: `user`, `project`, `cli`, or `package <source>`
 * @property {boolean} ask         the policy asks before the model may load it
 */

/** One line of the selector and of a completion's description. @param {RunnableSkill} skill */
export function skillLabel(skill) {
  return `[${skill.source}]${skill.ask ? " [ask]" : ""} ${skill.description}`.trim();
}

/**
 * Where Pi found a skill, from its command's `sourceInfo`, in a word or two.
 * @param {{ scope?: string, origin?: string, source?: string } | undefined} info
 */
export function sourceLabel(info) {
  if (!info) return "unknown";
  if (info.origin === "package") return `package ${info.source ?? ""}`.trim();
  if (info.scope === "temporary") return "cli";
  return info.scope ?? info.source ?? "unknown";
}

/**
 * Registers `/lazy-skill`. The colon form is not a command name Pi can register for every
 * skill, so the skills' `input` handler rewrites it (see `colonFormTarget`). Completion and
 * the no-argument selector list every skill the user may run (denied ones absent) with its
 * full description, where it comes from and whether the policy asks first (LS-19).
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {{ entries: () => RunnableSkill[] }} skills  skills the user may run (policy applied)
 */
export function registerLazySkillCommand(pi, skills) {
  /** @param {any} ctx @param {string} target */
  const forward = (ctx, target) => {
    const idle = typeof ctx?.isIdle === "function" ? ctx.isIdle() : true;
    pi.sendUserMessage(target, idle ? { expandPromptTemplates: true } : { expandPromptTemplates: true, deliverAs: "followUp" });
  };
  pi.registerCommand(LAZY_SKILL_COMMAND, {
    description: "Run a skill: /lazy-skill <name> [args] (same as /skill:<name> [args]); no name opens a selector",
    getArgumentCompletions(prefix) {
      const p = String(prefix ?? "");
      if (/\s/.test(p)) return null;
      return skills
        .entries()
        .filter((skill) => skill.name.startsWith(p))
        .map((skill) => ({ value: skill.name, label: skill.name, description: skillLabel(skill) }));
    },
    async handler(args, ctx) {
      const target = commandTarget(args);
      if (target !== null) return forward(ctx, target);
      const entries = skills.entries();
      if (ctx?.hasUI && entries.length > 0) {
        const lines = entries.map((skill) => `${skill.name} — ${skillLabel(skill)}`);
        const choice = await ctx.ui.select("Run a skill", lines);
        const chosen = entries[lines.indexOf(String(choice))];
        if (chosen) forward(ctx, `/skill:${chosen.name}`);
        return;
      }
      const message = entries.length > 0 ? "Usage: /lazy-skill <name> [args]" : "No skill can be run here.";
      if (ctx?.hasUI) ctx.ui.notify(message, "warning");
      else process.stderr.write(`pi-lean: ${message}\n`);
    },
  });
}
