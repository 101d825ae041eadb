// @ts-check
/**
 * Skill commands: `/skills` (a manager: browse and search with scope and groups shown,
 * switch scope, see why a skill is hidden, pick a skill for this branch; `/skills pick <name>`
 * and `/skills unpick <name>` work without the TUI), `/skill-profile [name]` and `/skill-group [name]`
 * (switch scope, with autocomplete). The manager also edits groups and profiles in the user's
 * `pi-lean.json` (see `scope-editor.js`). The interactive manager needs the TUI; in print, JSON
 * and RPC modes every command degrades to a plain-text report, and switching by name works
 * everywhere because it needs no dialog.
 */
import { selectWithKeys } from "./key-menu.js";
import path from "node:path";
import { CONFIG_FILE_NAME } from "../shared/config.js";
import { capabilityMode } from "../capabilities/index.js";
import { deriveLedger, ledgerLines, visibleEntryIds } from "./ledger.js";
import { groupMembers } from "./scope.js";
import { editScopes } from "./scope-editor.js";

/** The argument that leaves a profile or group (back to the wider scope). */
export const CLEAR_SCOPE = "all";

/** One line a user can paste to define a group and a profile. */
export const SCOPE_EXAMPLE = '{"groups": {"git": ["git-*", "changelog-style"]}, "profiles": {"work": ["git"]}}';

const LEVELS = /** @type {const} */ (["info", "warning", "error"]);

/**
 * Shows a message the user can see in any mode: a notification with a UI, stderr without
 * (stdout belongs to the answer in print mode and to JSON in JSON mode).
 * @param {any} ctx @param {string} text @param {"info" | "warning" | "error"} [level]
 */
export function say(ctx, text, level = "info") {
  if (ctx?.hasUI) ctx.ui.notify(text, level);
  else process.stderr.write(`${text}\n`);
}

/**
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {import("./index.js").SkillsRuntime} runtime
 */
export function registerSkillCommands(pi, runtime) {
  const { config } = runtime;

  /**
   * Builds the snapshot off the event loop when no run has built it yet (a command before the
   * first prompt), so a large catalog never blocks the TUI. A failure leaves it to `indexFor`.
   */
  async function warmIndex(/** @type {any} */ ctx) {
    const catalog = runtime.catalog();
    if (catalog.index) return;
    try {
      await catalog.updateAsync(ctx?.getSystemPromptOptions?.().skills ?? []);
    } catch {
      // indexFor builds it synchronously and reports what fails
    }
  }

  /** The snapshot, built from Pi's base prompt options when no run has happened yet. */
  function indexFor(/** @type {any} */ ctx) {
    const catalog = runtime.catalog();
    if (catalog.index) return catalog.index;
    const skills = ctx?.getSystemPromptOptions?.().skills ?? [];
    return catalog.update(skills);
  }

  /** Groups that contain `name`, among the groups the active profile can use. */
  function groupsOf(/** @type {string} */ name, /** @type {string[]} */ names) {
    return Object.entries(config.value.groups)
      .filter(([, patterns]) => groupMembers(patterns, names).includes(name))
      .map(([group]) => group);
  }

  function profileNames() {
    return Object.keys(config.value.profiles);
  }

  /** Where the user defines profiles and groups. */
  function configFile() {
    const dir = config.where?.agentDir;
    return dir ? path.join(dir, CONFIG_FILE_NAME) : `~/.pi/agent/${CONFIG_FILE_NAME}`;
  }

  /**
   * Why a profile or group picker would offer nothing but "all", and how to fix it; null when
   * there is something to pick.
   * @param {"profile" | "group"} kind
   */
  function emptyPickerHelp(kind) {
    if (kind === "profile" && profileNames().length === 0) {
      return `pi-lean: no profiles are defined yet. A profile is a set of skill groups; create them in /skills → "Edit groups and profiles", or define them in ${configFile()}, for example ${SCOPE_EXAMPLE}, then /skill-profile work.`;
    }
    if (kind === "group" && groupChoices().length === 0) {
      const profile = runtime.scopeState().activeProfile;
      if (profile !== null) return `pi-lean: profile "${profile}" has no groups. Add some in ${configFile()}, for example ${SCOPE_EXAMPLE.replace('"work"', JSON.stringify(profile))}.`;
      return `pi-lean: no groups are defined yet. A group names skills (exact names or * patterns); create them in /skills → "Edit groups and profiles", or define them in ${configFile()}, for example ${SCOPE_EXAMPLE}, then /skill-group git.`;
    }
    return null;
  }

  /** Opens the profile or group picker, or explains why there is nothing to pick. @param {any} ctx @param {"profile" | "group"} kind */
  async function pickScope(ctx, kind) {
    const help = emptyPickerHelp(kind);
    const current = kind === "profile" ? runtime.scopeState().activeProfile : runtime.scopeState().activeGroup;
    // With nothing defined there is nothing to switch to, unless leaving the current one.
    if (help && current === null) return say(ctx, help);
    const choice = await ctx.ui.select(kind === "profile" ? "Profile" : "Group", [CLEAR_SCOPE, ...(kind === "profile" ? profileNames() : groupChoices())]);
    if (choice) (kind === "profile" ? switchProfile : switchGroup)(choice, ctx);
  }

  function groupChoices() {
    const profile = runtime.scopeState().activeProfile;
    return profile !== null && config.value.profiles[profile] ? config.value.profiles[profile].groups : Object.keys(config.value.groups);
  }

  /**
   * The settings a profile switch can change that the user notices at once, as the user names
   * them: the Token Saver, routing, and capability routing (whose unset value follows the
   * Token Saver).
   */
  function noticeableSettings() {
    return {
      "Token Saver": config.error ? "off" : config.value.tokenSaver,
      routing: config.value.routing,
      "capability routing": capabilityMode(config),
    };
  }

  /**
   * ` Changed: Token Saver off → on, routing lazy → adaptive.`, or "" when nothing did.
   * @param {Record<string, string>} before @param {Record<string, string>} after
   */
  function changedSettings(before, after) {
    const changes = Object.keys(after)
      .filter((key) => before[key] !== after[key])
      .map((key) => `${key} ${before[key]} → ${after[key]}`);
    return changes.length > 0 ? ` Changed: ${changes.join(", ")}.` : "";
  }

  /** @param {string} name */
  function switchProfile(name, /** @type {any} */ ctx) {
    if (name !== CLEAR_SCOPE && !config.value.profiles[name]) return say(ctx, `pi-lean: no profile "${name}" in ${configFile()}. Profiles: ${profileNames().join(", ") || "(none defined)"}.`, "warning");
    const before = noticeableSettings();
    const error = runtime.switchScope({ activeProfile: name === CLEAR_SCOPE ? null : name, activeGroup: null }, ctx);
    if (error) return say(ctx, `pi-lean: ${error}`, "error");
    say(ctx, `pi-lean: skill scope is now ${scopeLine(ctx)}.${changedSettings(before, noticeableSettings())}`);
  }

  /** @param {string} name */
  function switchGroup(name, /** @type {any} */ ctx) {
    const choices = groupChoices();
    if (name !== CLEAR_SCOPE && !choices.includes(name)) return say(ctx, `pi-lean: no group "${name}" here. Groups: ${choices.join(", ") || "(none defined)"}.`, "warning");
    const before = noticeableSettings();
    const error = runtime.switchScope({ activeProfile: runtime.scopeState().activeProfile, activeGroup: name === CLEAR_SCOPE ? null : name }, ctx);
    if (error) return say(ctx, `pi-lean: ${error}`, "error");
    say(ctx, `pi-lean: skill scope is now ${scopeLine(ctx)}.${changedSettings(before, noticeableSettings())}`);
  }

  function scopeLine(/** @type {any} */ ctx) {
    const index = indexFor(ctx);
    const view = runtime.access().view(index);
    return `${view.scope.label} (${view.candidates.length} of ${index.visibleCount} skills offered)`;
  }

  /** Skills in the scope, not denied, that only the user can run. @param {any} ctx */
  function userOnlyInScope(ctx) {
    const index = indexFor(ctx);
    const view = runtime.access().view(index);
    return index.list().filter((s) => s.disableModelInvocation && !view.deniedSet.has(s.name) && (view.members === null || view.members.has(s.name))).length;
  }

  /**
   * One line per skill: offered or hidden (and why), with its groups.
   * @param {any} ctx @param {string[]} [only]
   */
  function statusLines(ctx, only) {
    const index = indexFor(ctx);
    const names = index.list().map((s) => s.name);
    return (only ?? [...names].sort()).map((name) => {
      const reason = runtime.access().hiddenReason(index, name);
      const groups = groupsOf(name, names);
      const groupText = groups.length > 0 ? ` [${groups.join(", ")}]` : "";
      return `${reason ? "hidden " : "offered"} ${name}${groupText}${reason ? ` (${reason})` : ""}`;
    });
  }

  /** Plain-text report for modes without the TUI. */
  function report(/** @type {any} */ ctx, /** @type {string} */ query) {
    if (config.error) return say(ctx, `pi-lean: ${config.error.message}. Skills are disabled until it is fixed.`, "error");
    const index = indexFor(ctx);
    const lines = [`pi-lean skills: scope ${scopeLine(ctx)}.`];
    if (query) {
      const hits = index.search(query, { limit: 8, exclude: [] }).hits.map((h) => h.name);
      lines.push(`Matches for "${query}":`, ...statusLines(ctx, hits));
    } else {
      lines.push(...statusLines(ctx));
    }
    lines.push(`Profiles: ${profileNames().join(", ") || "(none)"}; groups: ${Object.keys(config.value.groups).join(", ") || "(none)"}.`);
    const picks = [...runtime.scopeState().picks];
    if (config.value.routing === "additive") lines.push(...branchLedger(ctx));
    else if (picks.length > 0) lines.push(`Picked for this branch: ${picks.join(", ")}.`);
    lines.push("Switch with /skill-profile <name|all> and /skill-group <name|all>; /skills pick <name> adds a skill to this branch; the interactive manager needs the TUI.");
    say(ctx, lines.join("\n"));
  }

  /**
   * The additive ledger of the current branch: what was added, when and by whom.
   * @param {any} ctx @param {number} [latest]  only the latest this many skills
   */
  function branchLedger(ctx, latest) {
    const branch = ctx?.sessionManager?.getBranch?.() ?? [];
    return ledgerLines(deriveLedger(branch), visibleEntryIds(branch), latest);
  }

  /**
   * Adds (or removes) a per-branch pick. Denied skills cannot be picked.
   * @param {any} ctx @param {string} name @param {boolean} picked
   */
  function pick(ctx, name, picked) {
    const index = indexFor(ctx);
    const info = index.get(name);
    if (!info || runtime.access().policy.isDenied(name)) return say(ctx, `pi-lean: no skill is named "${name}".`, "warning");
    if (picked && info.disableModelInvocation) return say(ctx, `pi-lean: "${name}" is user-only (disable-model-invocation); use /skill:${name}.`, "warning");
    const picks = runtime.scopeState().picks;
    if (!picked && !picks.has(name)) {
      const others = [...picks];
      return say(ctx, `pi-lean: "${name}" was never picked on this branch, so there is nothing to remove. ${others.length > 0 ? `Picked: ${others.join(", ")}.` : "No skill is picked on this branch."}`, "warning");
    }
    if (picked && picks.has(name)) return say(ctx, `pi-lean: "${name}" is already picked for this branch; scope ${scopeLine(ctx)}.`);
    runtime.setPick(name, picked);
    say(ctx, picked ? `pi-lean: picked "${name}" for this branch; scope ${scopeLine(ctx)}.` : `pi-lean: "${name}" is no longer picked; scope ${scopeLine(ctx)}.`);
  }

  /**
   * The interactive manager (TUI only), opened on `query`'s results when one is given. Pi
   * shows each info notice in place of the previous one, so messages shown while the manager
   * is open would vanish: they appear in the manager's own title instead, and are repeated
   * once it closes: each message once, grouped by level (info, then warnings, then errors).
   * @param {any} ctx @param {string} [query]
   */
  async function manager(ctx, query = "") {
    /** Each message shown inside, once, with its level. @type {Map<string, (typeof LEVELS)[number]>} */
    const shown = new Map();
    /** @type {string[]} */
    let fresh = [];
    const inner = withNotify(ctx, (/** @type {string} */ text, /** @type {(typeof LEVELS)[number]} */ level = "info") => {
      const before = shown.get(text);
      // Shown again: it moves to the end, where the user last saw it, at the worse level.
      shown.delete(text);
      shown.set(text, before && LEVELS.indexOf(before) > LEVELS.indexOf(level) ? before : level);
      fresh.push(text);
    });
    try {
      if (query) await searchAndExplain(inner, query);
      for (;;) {
        const saver = runtime.tokenSaver();
        const saverAction = saver ? `Token Saver: ${saver.isOn() ? "on (switch off)" : "off (switch on)"}` : null;
        const actions = ["Browse all skills", "Search skills", "Switch profile", "Switch group", "Edit groups and profiles", "Pick a skill for this branch", "Why is a skill hidden?", ...(saverAction ? [saverAction] : []), "Close"];
        const userOnly = userOnlyInScope(ctx);
        const head = [`Skills: ${scopeLine(ctx)}${userOnly > 0 ? `; ${userOnly} more ${userOnly === 1 ? "is" : "are"} user-only (/skill:name)` : ""}`];
        if (config.value.routing === "additive") head.push(...branchLedger(ctx, 5));
        if (saver) head.push(saver.isOn() ? saver.statusLine() : "token saver: off");
        const title = fresh.length > 0 ? [...fresh, "", ...head].join("\n") : head.join("\n");
        fresh = [];
        const action = await selectWithKeys(ctx, title, actions, saverAction ? [{ key: "t", option: saverAction, hint: "Token Saver" }] : []);
        if (!action || action === "Close") return;
        if (action === "Browse all skills") {
          await pickAndExplain(inner, statusLines(ctx), "Skills");
        } else if (action === "Search skills") {
          const words = await ctx.ui.input("Search skills", "keywords");
          if (words) await searchAndExplain(inner, words);
        } else if (action === "Switch profile") {
          await pickScope(inner, "profile");
        } else if (action === "Switch group") {
          await pickScope(inner, "group");
        } else if (action === "Edit groups and profiles") {
          if (!config.where?.agentDir) say(inner, "pi-lean: Pi did not say where its agent directory is, so there is no pi-lean.json to edit.", "warning");
          else {
            try {
              await editScopes(inner, {
                file: configFile(),
                skills: () => indexFor(ctx).list().map((/** @type {{ name: string, description: string }} */ s) => ({ name: s.name, description: s.description })),
                otherGroups: () => Object.keys(config.value.groups),
                reloaded: () => runtime.refresh(ctx),
                say,
              });
            } catch (error) {
              // The file stopped parsing while the editor was open (edited elsewhere): say so, keep the manager.
              say(inner, `pi-lean: cannot edit ${configFile()}: ${error instanceof Error ? error.message.replace(/^CONFIG_INVALID: /, "") : error}`, "error");
            }
          }
        } else if (action === "Pick a skill for this branch") {
          // Only what a pick can add: skills outside the scope, neither denied nor user-only.
          const pickable = statusLines(ctx).filter((line) => / \(scope: /.test(line));
          if (pickable.length === 0) say(inner, "pi-lean: every skill a pick could add is already offered; nothing to pick.");
          else {
            const picked = await ctx.ui.select("Skill to add to this branch's scope", pickable);
            if (picked) pick(inner, skillOfLine(picked), true);
          }
        } else if (action === "Why is a skill hidden?") {
          const hidden = statusLines(ctx).filter((line) => line.startsWith("hidden "));
          if (hidden.length === 0) say(inner, "pi-lean: no skill is hidden; every skill is offered to the model.");
          else await pickAndExplain(inner, hidden, "Hidden skills");
        } else if (saver && action === saverAction) {
          saver.switchTo(saver.isOn() ? "off" : "on", inner);
        }
      }
    } finally {
      // Repeated once each, one notice per level, so an info line never sits under "Warning:".
      for (const level of LEVELS) {
        const texts = [...shown].filter(([, l]) => l === level).map(([text]) => text);
        if (texts.length > 0) ctx.ui.notify(texts.join("\n\n"), level);
      }
    }
  }

  /** @param {any} ctx @param {string} query */
  async function searchAndExplain(ctx, query) {
    const hits = indexFor(ctx).search(query, { limit: 8 }).hits.map((h) => h.name);
    if (hits.length === 0) return say(ctx, `pi-lean: no skill matched "${query}".`);
    await pickAndExplain(ctx, statusLines(ctx, hits), `Skills matching "${query}"`);
  }

  /** @param {any} ctx @param {string} name */
  function explain(ctx, name) {
    const index = indexFor(ctx);
    const info = index.get(name);
    if (!info) return `pi-lean: no skill is named "${name}".`;
    const reason = runtime.access().hiddenReason(index, name);
    const groups = groupsOf(name, index.list().map((s) => s.name));
    const action = runtime.access().policy.actionFor(name);
    return [
      `${name}: ${reason ? `hidden (${reason})` : "offered to the model"}`,
      `policy: ${action}; groups: ${groups.join(", ") || "(none)"}`,
      info.description,
    ].join("\n");
  }

  /** The skill name in a `statusLines` line. @param {string} line */
  function skillOfLine(line) {
    return line.replace(/^(offered|hidden )\s*/, "").split(" ")[0];
  }

  /** @param {any} ctx @param {string[]} lines @param {string} title */
  async function pickAndExplain(ctx, lines, title) {
    const picked = await ctx.ui.select(title, lines);
    if (!picked) return;
    say(ctx, explain(ctx, skillOfLine(picked)));
  }

  pi.registerCommand("skills", {
    description: "Skill manager: browse, search, switch scope, see why a skill is hidden",
    getArgumentCompletions: (prefix) => {
      const items = ["pick", "unpick"].filter((word) => word.startsWith(prefix)).map((word) => ({ value: `${word} `, label: word, description: word === "pick" ? "add a skill to this branch's scope" : "remove a pick" }));
      return items.length > 0 ? items : null;
    },
    handler: async (args, ctx) => {
      runtime.refresh(ctx);
      await warmIndex(ctx);
      const [verb, ...rest] = args.trim().split(/\s+/);
      if (!config.error && (verb === "pick" || verb === "unpick")) {
        if (rest.length !== 1) return say(ctx, `Usage: /skills ${verb} <exact skill name>`, "warning");
        return pick(ctx, rest[0], verb === "pick");
      }
      if (ctx.mode !== "tui" || config.error) return report(ctx, args.trim());
      await manager(ctx, args.trim());
    },
  });

  pi.registerCommand("skill-profile", {
    description: "Switch the skill profile (all = every skill)",
    getArgumentCompletions: (prefix) => {
      const items = [CLEAR_SCOPE, ...profileNames()]
        .filter((name) => name.startsWith(prefix))
        .map((name) => ({ value: name, label: name, description: name === CLEAR_SCOPE ? "every skill" : `groups: ${config.value.profiles[name].groups.join(", ") || "(none)"}` }));
      return items.length > 0 ? items : null;
    },
    handler: async (args, ctx) => {
      // A profile or group written into pi-lean.json a moment ago counts now, without /reload.
      runtime.refresh(ctx);
      if (config.error) return say(ctx, `pi-lean: ${config.error.message}`, "error");
      await warmIndex(ctx);
      const name = args.trim();
      if (name) return switchProfile(name, ctx);
      if (ctx.mode !== "tui") return say(ctx, emptyPickerHelp("profile") ?? `pi-lean: skill scope is ${scopeLine(ctx)}. Profiles: ${profileNames().join(", ")}. Use /skill-profile <name|all>.`);
      await pickScope(ctx, "profile");
    },
  });

  pi.registerCommand("skill-group", {
    description: "Switch the skill group inside the active profile (all = the whole profile)",
    getArgumentCompletions: (prefix) => {
      const items = [CLEAR_SCOPE, ...groupChoices()]
        .filter((name) => name.startsWith(prefix))
        .map((name) => ({ value: name, label: name, description: name === CLEAR_SCOPE ? "the whole profile" : `${config.value.groups[name]?.length ?? 0} entries` }));
      return items.length > 0 ? items : null;
    },
    handler: async (args, ctx) => {
      // A profile or group written into pi-lean.json a moment ago counts now, without /reload.
      runtime.refresh(ctx);
      if (config.error) return say(ctx, `pi-lean: ${config.error.message}`, "error");
      await warmIndex(ctx);
      const name = args.trim();
      if (name) return switchGroup(name, ctx);
      if (ctx.mode !== "tui") return say(ctx, emptyPickerHelp("group") ?? `pi-lean: skill scope is ${scopeLine(ctx)}. Groups: ${groupChoices().join(", ")}. Use /skill-group <name|all>.`);
      await pickScope(ctx, "group");
    },
  });
}

/**
 * The same context with its notifications sent to `sink` (the manager shows them itself).
 * Everything else is inherited, so dialogs and state reads behave exactly as on `ctx`.
 * @param {any} ctx @param {(text: string, level?: "info" | "warning" | "error") => void} sink
 */
function withNotify(ctx, sink) {
  const ui = Object.create(ctx.ui, { notify: { value: sink } });
  return Object.create(ctx, { ui: { value: ui } });
}
