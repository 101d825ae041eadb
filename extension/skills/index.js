// @ts-check
/**
 * Lazy skills: Pi's eager `<skills>` catalog is replaced on every run by a constant stub (or,
 * in `adaptive`/`safe` routing, a compact catalog of the active scope), the model discovers
 * skills with `skill_search` and loads them with `skill`, and a confident per-prompt
 * shortlist may ride along as a custom message. Scope, policy and fallback authorization are
 * enforced here for every path. A config error fails closed: no catalog, no stub, both tools
 * refuse with CONFIG_INVALID, and typed `/skill:` commands are stopped.
 */
import { native } from "../shared/native.js";
import { SkillAccess } from "./access.js";
import { SkillApprovals, approvalKey } from "./approvals.js";
import { conflictBlockReason, findToolConflict, reportConflictOnce } from "./tool-conflict.js";
import { SkillCatalog } from "./catalog.js";
import { registerAdditiveRouting } from "./additive.js";
import { registerSkillCommands, say } from "./commands.js";
import { PICK_ENTRY, restorePicks } from "./picks.js";
import { autocompleteFilter, blockLocation, scrubMessages, scrubSkillBlocks, skillCommandName } from "./guard.js";
import { SkillPathGuard } from "./path-guard.js";
import { colonFormTarget, registerLazySkillCommand, sourceLabel } from "./lazy-skill-command.js";
import { applySkillBase, applySkillStub, STUB_SECTION } from "./prompt.js";
import { ADVERTISED_ENTRY, unrecordedAdvertisements } from "./ledger.js";
import { route } from "./routing.js";
import { ScopeState } from "./scope.js";
import { SkillToolPresence } from "./tool-presence.js";
import { duringRound } from "../shared/round-progress.js";
import { LOAD_DESCRIPTION, LOAD_PARAMETERS, LOAD_TOOL, SEARCH_DESCRIPTION, SEARCH_PARAMETERS, SEARCH_TOOL, NOT_FOUND_TEXT, runSkillLoad, runSkillSearch, toolError } from "./tools.js";


/** The event-bus channel where the skill catalog's state is published (LS-4). */
export const SKILLS_STATE_CHANNEL = "pi-lean:skills";
export const APPROVAL_CHOICES = /** @type {const} */ (["Allow once", "Always allow this skill for this session", "Reject"]);

/**
 * @typedef {object} SkillsRuntime  shared with the commands
 * @property {import("../shared/config.js").ConfigHolder} config
 * @property {() => SkillCatalog} catalog
 * @property {() => SkillAccess} access
 * @property {() => ScopeState} scopeState
 * @property {(selection: {activeProfile: string | null, activeGroup: string | null}, ctx?: any) => string | null} switchScope  returns an error message or null; applies the new profile's settings (the Token Saver's too) at once
 * @property {(name: string, picked: boolean) => void} setPick  records a per-branch pick (or its removal)
 * @property {() => import("../token-saver/index.js").TokenSaverControl | null} tokenSaver  the Token Saver, shown and toggled in the manager
 * @property {(index: import("../../index.js").SkillIndex) => import("../../index.js").SkillIndex} listed  the index listings use (skill capsules)
 * @property {(ctx?: any) => boolean} refresh  re-reads pi-lean.json when it changed on disk since it was read (so a profile
 *   just written by hand works without /reload); returns whether it did
 */

/**
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {import("../shared/config.js").ConfigHolder} config
 * @param {{ persistScope: (selection: {activeProfile: string | null, activeGroup: string | null}) => void, tokenSaver?: () => import("../token-saver/index.js").TokenSaverControl | null, capabilities?: () => import("../capabilities/index.js").CapabilityControl | null }} hooks
 *   `capabilities`: loaded skills' descriptions become capsules in listings while routing
 */
export function registerLazySkills(pi, config, hooks) {
  let catalog = new SkillCatalog({ maxSourceBytes: config.value.maxSourceBytes, embeddings: config.value.skillEmbeddings === "on" });
  let scopeState = new ScopeState(config.value);
  let access = new SkillAccess(config, scopeState);
  let approvals = new SkillApprovals();
  /**
   * Our tools are registered at the first session_start, once Pi's registry shows whether
   * another extension already owns their names; on a conflict they never are, and the
   * catalog is left to Pi (see tool-conflict.js).
   * @type {"unchecked" | "registered" | "conflict"}
   */
  let tools = "unchecked";
  /** @type {{ name: string, path: string } | null} the other extension's tool, when one owns a name of ours */
  let conflict = null;
  /** Why the latest catalog rebuild failed (LS-4): skills stay blocked until one succeeds. @type {string | null} */
  let blocked = null;
  const toolPresence = new SkillToolPresence(pi, [SEARCH_TOOL, LOAD_TOOL]);

  /** @type {SkillsRuntime} */
  const runtime = {
    config,
    catalog: () => catalog,
    access: () => access,
    scopeState: () => scopeState,
    switchScope(selection, ctx) {
      try {
        hooks.persistScope(selection);
      } catch (error) {
        return `could not save the scope: ${error instanceof Error ? error.message : error}`;
      }
      config.reload(config.where);
      if (config.error) return config.error.message;
      scopeState.select(selection);
      access.configChanged();
      // A profile's settings may switch the Token Saver; apply that now, not on /reload.
      hooks.tokenSaver?.()?.applyConfig(ctx);
      return null;
    },
    tokenSaver: () => hooks.tokenSaver?.() ?? null,
    listed: (index) => listed(index),
    refresh(ctx) {
      if (!config.changedOnDisk()) return false;
      config.reload(config.where);
      // The session's own switch stays while it still names something that exists; a
      // selection the file now sets differently, or one it removed, follows the file.
      const { activeProfile, activeGroup } = scopeState;
      const profileOk = activeProfile === null || Boolean(config.value.profiles[activeProfile]);
      const groupOk = activeGroup === null || (Boolean(config.value.groups[activeGroup]) && (activeProfile === null || Boolean(config.value.profiles[activeProfile]?.groups.includes(activeGroup))));
      scopeState.select(profileOk && groupOk ? { activeProfile, activeGroup } : { activeProfile: config.value.activeProfile, activeGroup: config.value.activeGroup });
      access.configChanged();
      if (ctx) hooks.tokenSaver?.()?.applyConfig(ctx);
      return true;
    },
    setPick(name, picked) {
      pi.appendEntry(PICK_ENTRY, { name, picked });
      if (picked) scopeState.picks.add(name);
      else scopeState.picks.delete(name);
    },
  };

  pi.on("session_start", (_event, ctx) => {
    catalog = new SkillCatalog({ maxSourceBytes: config.value.maxSourceBytes, embeddings: config.value.skillEmbeddings === "on" });
    scopeState = new ScopeState(config.value);
    access = new SkillAccess(config, scopeState);
    approvals = new SkillApprovals();
    blocked = null;
    if (tools === "unchecked") {
      conflict = findToolConflict(pi, [SEARCH_TOOL, LOAD_TOOL]);
      if (conflict) reportConflictOnce(conflict, ctx);
      else registerTools();
      tools = conflict ? "conflict" : "registered";
    }
    scopeState.picks = restorePicks(ctx.sessionManager.getBranch());
    toolPresence.load(ctx.sessionManager.getBranch());
    // Without a UI (print and JSON mode) on stderr: skills must not vanish without a word.
    if (config.error) say(ctx, `pi-lean: ${config.error.message}. Skills are disabled until it is fixed.`, "error");
    if (ctx.hasUI && typeof ctx.ui.addAutocompleteProvider === "function") ctx.ui.addAutocompleteProvider(autocompleteFilter((name) => isBlocked(name)));
  });

  // Picks belong to a branch: moving in the tree replays the ledger of the new branch.
  pi.on("session_tree", (_event, ctx) => {
    scopeState.picks = restorePicks(ctx.sessionManager.getBranch());
  });

  /**
   * Denied by policy, or anything while the config is invalid (policy unknown). Never throws:
   * a handler that throws lets Pi carry on unscrubbed, so a failed lookup counts as denied.
   */
  function isBlocked(/** @type {string} */ name) {
    if (config.error || blocked !== null || typeof name !== "string") return true;
    try {
      return access.policy.isDenied(name);
    } catch {
      return true;
    }
  }

  /** The key an approval of `name` is stored under right now (its file, today's policy). */
  function currentApprovalKey(/** @type {string} */ name) {
    return approvalKey(catalog.index?.get(name), access.policy.fingerprint);
  }

  /**
   * Whether a skill block in a user-side message must go: blocked skills always, and `ask`
   * skills until they are approved (by the user choosing them, or an "Always allow" for the
   * current file and policy). Never throws; a failed lookup counts as blocked.
   */
  function isBlockBlocked(/** @type {string} */ name, /** @type {any} */ message = undefined) {
    if (isBlocked(name)) return true;
    try {
      if (access.policy.actionFor(name) !== "ask") return false;
      return !approvals.isChosen(name, message) && !approvals.hasSession(currentApprovalKey(name));
    } catch {
      return true;
    }
  }

  const pathGuard = new SkillPathGuard();

  /**
   * The final guard for one pass over messages (LS-28): a block is blocked by the name it
   * claims, by the canonical path its `location` names, or by a body that holds a blocked
   * skill's text (re-read from its file when the file changed). Fails closed.
   * @param {string | undefined} cwd
   * @returns {(name: string, block?: import("./guard.js").SkillBlockView, message?: any) => boolean}
   */
  function blockGuard(cwd) {
    /** @type {Array<{ name: string, fingerprint: string }> | null} */
    let blockedBodies = null;
    return (name, block, message) => {
      if (isBlockBlocked(name, message)) return true;
      const index = catalog.index;
      if (!block || !index) return false;
      try {
        const location = blockLocation(block.tag);
        if (location !== null) {
          const owner = pathGuard.skillAt(index, location, cwd);
          if (owner !== null && owner !== name && isBlockBlocked(owner)) return true;
        }
        if (blockedBodies === null) {
          blockedBodies = [];
          for (const skill of index.list()) {
            if (!skill.filePath || !isBlockBlocked(skill.name)) continue;
            const fingerprint = pathGuard.fingerprintOf(skill.filePath);
            if (fingerprint) blockedBodies.push({ name: skill.name, fingerprint });
          }
        }
        return blockedBodies.some((b) => b.name !== name && block.bodyContains(b.fingerprint));
      } catch {
        return true;
      }
    };
  }

  /**
   * Asks the user about pasted blocks of `ask` skills in their own input; the ones they admit
   * become their choice. Without a UI nothing is admitted.
   * @param {string} text @param {any} ctx
   */
  async function admitPastedBlocks(text, ctx) {
    if (!ctx?.hasUI) return;
    /** @type {Set<string>} */
    const pending = new Set();
    scrubSkillBlocks(text, (name) => {
      if (isBlockBlocked(name) && !isBlocked(name)) pending.add(name);
      return isBlockBlocked(name);
    });
    for (const name of pending) {
      const decision = await requestApproval(name, ctx);
      if (decision === "once" || decision === "session") approvals.choose(name);
    }
  }

  pi.on("input", async (event, ctx) => {
    // LS-18: `/lazy-skill:<name> [args]` is `/skill:<name> [args]`, guarded the same way.
    const forwarded = colonFormTarget(event.text);
    if (forwarded !== null) event = { ...event, text: forwarded };
    const commandName = skillCommandName(event.text);
    if (commandName !== null && isBlocked(commandName)) {
      const why = config.error ? `${config.error.message}; skills are disabled` : "that skill is blocked by policy";
      if (ctx.hasUI) ctx.ui.notify(`pi-lean: ${why}.`, "warning");
      else process.stderr.write(`pi-lean: ${why}.\n`);
      return { action: "handled" };
    }
    // A typed `/skill:name` of an `ask` skill is the user's own choice: Pi expands it into a
    // block in their message, which the context scrub must then leave alone.
    if (commandName !== null) approvals.choose(commandName);
    await admitPastedBlocks(event.text, ctx);
    const text = scrubSkillBlocks(event.text, blockGuard(ctx?.cwd));
    additive.noteInput({ ...event, text });
    if (text !== event.text || forwarded !== null) return { action: "transform", text, images: event.images };
    return { action: "continue" };
  });

  // LS-28: a choice made in the input admits its block in the user message that carries it,
  // bound now that the message has its identity; a later copy of the block asks again.
  pi.on("message_end", (event) => {
    const message = /** @type {any} */ (event.message);
    if (approvals.pendingChoice.size === 0 || message?.role !== "user") return undefined;
    const text = typeof message.content === "string" ? message.content : Array.isArray(message.content) ? message.content.map((/** @type {any} */ p) => (p?.type === "text" && typeof p.text === "string" ? p.text : "")).join("\n") : "";
    /** @type {Set<string>} */
    const names = new Set();
    try {
      for (const block of native.scanSkillBlocks(text)) for (const name of block.names) names.add(name);
    } catch {
      return undefined;
    }
    approvals.bind(message, names);
    return undefined;
  });

  pi.on("context", (event, ctx) => {
    const messages = scrubMessages(event.messages, blockGuard(ctx?.cwd));
    return messages ? { messages } : undefined;
  });

  /**
   * LS-27: policy on every resolved skill tool call, whoever owns the tool. Calls of a skill
   * tool another extension owns are blocked with SKILL_TOOL_CONFLICT (LS-31); a `skill` call
   * of a blocked name and a `read` of a blocked skill's file (canonical path) are refused
   * the way a missing skill is, naming nothing. A `read` of an `ask` skill's file asks the user
   * first, as `skill` does (without a UI it is refused: policy fails closed). Pi blocks the call
   * if this handler throws.
   */
  pi.on("tool_call", async (event, ctx) => {
    const input = /** @type {Record<string, unknown>} */ (event.input ?? {});
    if (event.toolName === LOAD_TOOL || event.toolName === SEARCH_TOOL) {
      if (tools === "conflict") return { block: true, reason: conflictBlockReason(conflict ?? { name: event.toolName, path: "another extension" }) };
      // Our own tool reports an invalid config or a blocked catalog itself, with its code.
      if (event.toolName === LOAD_TOOL && typeof input.name === "string" && !config.error && blocked === null && isBlocked(input.name)) return { block: true, reason: `SKILL_NOT_FOUND: ${NOT_FOUND_TEXT}` };
      return undefined;
    }
    if (event.toolName === "read" && typeof input.path === "string" && catalog.index) {
      const owner = pathGuard.skillAt(catalog.index, input.path, ctx?.cwd);
      if (owner !== null && isBlocked(owner)) return { block: true, reason: `SKILL_NOT_FOUND: ${NOT_FOUND_TEXT}` };
      if (owner !== null && access.policy.actionFor(owner) === "ask") {
        const decision = await requestApproval(owner, ctx);
        if (decision === "no-ui") return { block: true, reason: `SKILL_APPROVAL_REQUIRED: "${owner}" needs the user's approval and no UI is available to ask; continue without it` };
        if (decision === "rejected") return { block: true, reason: `SKILL_DENIED: the user declined loading "${owner}"; continue without it` };
      }
    }
    return undefined;
  });

  /** What was last published on SKILLS_STATE_CHANNEL, so each change is published once. */
  let publishedState = "";
  /**
   * LS-4: the catalog's state on Pi's event bus for other extensions: `ready` (one complete
   * generation: how many skills the model may load, the snapshot's fingerprint) or `blocked`
   * (why), published when it changes.
   * @param {{ state: "ready", skills: number, fingerprint: string } | { state: "blocked", reason: string }} state
   */
  function publishState(state) {
    const key = JSON.stringify(state);
    if (key === publishedState) return;
    publishedState = key;
    try {
      pi.events?.emit(SKILLS_STATE_CHANNEL, state);
    } catch {
      // A listener's failure is its own.
    }
  }

  /**
   * LS-4: the last point before a request leaves. Pi's own catalog (`<available_skills>`) is
   * never in the system prompt while pi-lean manages skills; when it is there (another
   * extension put it back after pi-lean removed it) and lists a skill that is blocked (by
   * policy, or all of them while the config is invalid or the catalog could not be built) or
   * that the policy still has to ask about, the integration is unsafe: the request
   * is stopped (`ctx.abort()`) before the model sees those skills, and the user is told once
   * per session with SKILL_CATALOG_UNSAFE. A restored catalog of allowed skills only costs
   * tokens and goes on. Not awaited: the abort waits for the run this request belongs to.
   */
  let unsafeReported = false;
  pi.on("before_provider_request", (event, ctx) => {
    if (typeof ctx?.getSystemPrompt !== "function" || typeof ctx.abort !== "function") return undefined;
    let prompt;
    try {
      prompt = ctx.getSystemPrompt();
    } catch {
      return undefined;
    }
    const start = typeof prompt === "string" ? prompt.indexOf("<available_skills>") : -1;
    if (start < 0) return undefined;
    const end = prompt.indexOf("</available_skills>", start);
    const block = prompt.slice(start, end < 0 ? prompt.length : end);
    const unescapeXml = (/** @type {string} */ t) => t.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
    const listed = [...block.matchAll(/<name>([^<]*)<\/name>/g)].map((m) => unescapeXml(m[1]));
    // Only skills Pi found count (a context file quoting Pi's format is no catalog); blocked
    // covers every skill while the config is invalid or the catalog is blocked.
    const index = catalog?.index;
    if (!listed.some((name) => (!index || index.get(name)) && isBlockBlocked(name))) return undefined;
    if (!unsafeReported) {
      unsafeReported = true;
      say(ctx, "pi-lean: SKILL_CATALOG_UNSAFE: Pi's skill catalog is back in the system prompt (another extension restored it) and it lists skills the skill policy blocks; the request was stopped before the model saw them. Remove that extension or its catalog change, then try again.", "error");
    }
    try {
      // Typed as void; Pi's session returns a promise that settles once the run is idle.
      const stopping = /** @type {unknown} */ (ctx.abort());
      if (stopping instanceof Promise) stopping.catch(() => {});
    } catch {
      // The payload below still goes without the catalog.
    }
    // Should the request leave anyway, it leaves without the catalog section.
    const intro = prompt.lastIndexOf("\n\nThe following skills provide specialized instructions", start);
    const section = prompt.slice(intro < 0 ? start : intro, end < 0 ? prompt.length : end + "</available_skills>".length);
    try {
      const serialized = JSON.stringify(event.payload);
      const quoted = JSON.stringify(section).slice(1, -1);
      return serialized.includes(quoted) ? JSON.parse(serialized.split(quoted).join("")) : undefined;
    } catch {
      return undefined;
    }
  });

  // PD-14: a successful `read` of a skill's own SKILL.md is a load as much as `skill` is, so the
  // skill's capsules are made for it too (the path side of the guard names the skill).
  pi.on("tool_result", (event, ctx) => {
    const input = /** @type {Record<string, unknown>} */ (event.input ?? {});
    if (event.toolName !== "read" || event.isError || typeof input.path !== "string" || !catalog.index) return undefined;
    const index = catalog.index;
    const owner = pathGuard.skillAt(index, input.path, ctx?.cwd);
    if (owner === null || isBlocked(owner)) return undefined;
    const info = index.get(owner);
    hooks.capabilities?.()?.noteSkillLoaded(owner, info?.description ?? "", () => catalog.index?.get(owner)?.description ?? null, info?.filePath);
    return undefined;
  });

  const additive = registerAdditiveRouting(pi, runtime);

  pi.on("before_agent_start", async (event, ctx) => {
    const options = /** @type {{ skills?: import("./catalog.js").PiSkill[], sections?: Record<string, string> }} */ (event.systemPromptOptions);
    // LS-31: another extension owns a skill tool name, which pi-lean cannot hold to the skill
    // policy: the catalog is hidden from the model and the tool_call guard blocks its calls.
    if (tools === "conflict") {
      applySkillStub(options, 0);
      publishState({ state: "blocked", reason: "SKILL_TOOL_CONFLICT" });
      return;
    }
    if (config.error) {
      // Fail closed: the eager catalog goes away and nothing replaces it.
      applySkillStub(options, 0);
      publishState({ state: "blocked", reason: config.error.message });
      return;
    }
    /** @type {import("../../index.js").SkillIndex} */
    let index;
    try {
      index = await catalog.updateAsync(options.skills ?? []);
      if (blocked) say(ctx, "pi-lean: the skill catalog was rebuilt; skills are available again.", "info");
      blocked = null;
      publishState({ state: "ready", skills: index.visibleCount, fingerprint: index.fingerprint });
    } catch (error) {
      // LS-4: one complete generation or none. A failed rebuild must not leave Pi's eager
      // catalog (policy unapplied) in the prompt, nor an older generation answering the tools.
      applySkillStub(options, 0);
      const first = blocked === null;
      blocked = error instanceof Error ? error.message : String(error);
      if (first) say(ctx, `pi-lean: the skill catalog could not be built (${blocked}); skills are blocked until it can.`, "error");
      publishState({ state: "blocked", reason: blocked });
      return;
    }
    // No skill the model may load: the two tools would only cost their declarations.
    if (tools === "registered") toolPresence.sync(index.visibleCount > 0);
    const view = access.view(index);
    const prompt = event.messageType === "user" ? event.prompt : null;
    applySkillStub(options, view.candidates.length, view.scope.kind === "all" ? null : view.scope.label, userOnlyCount(index, view));
    applySkillBase(options, { get: (name) => index.get(name) }, view.base);
    if (options.sections?.skill_base) options.sections.skill_base = access.redact(index, options.sections.skill_base);
    if (config.value.routing === "additive") {
      // The stub (and the always-allowed base) stay the whole system-prompt contribution;
      // skills arrive as appended deltas.
      recordAdvertised(ctx, view.base);
      const message = await duringRound(ctx, config.value.workingRow === "every-round", () => additive.round(listed(index), view, prompt, ctx));
      return message ? { message } : undefined;
    }
    const base = new Set(view.base);
    const rest = base.size === 0 ? view.candidates : view.candidates.filter((name) => !base.has(name));
    const settings = { ...config.value, routing: config.value.routing };
    const routed = await duringRound(ctx, config.value.workingRow === "every-round", () => route(listed(index), settings, { candidates: rest, scopeLabel: view.scope.label, prompt }));
    if (routed.catalog && options.sections) options.sections[STUB_SECTION] = access.redact(index, routed.catalog);
    // CD-6: what a system-prompt catalog shows is recorded on the branch, so a later switch
    // to filtering (additive routing) keeps advertising it.
    recordAdvertised(ctx, routed.catalog ? [...view.base, ...rest] : view.base);
    return routed.message ? { message: { ...routed.message, content: access.redact(index, routed.message.content) } } : undefined;
  });

  /**
   * Appends one entry naming the skills a system-prompt catalog shows that the branch has not
   * recorded yet (CD-6). Pi persists it and never sends it; failures cost only the record.
   * @param {any} ctx @param {readonly string[]} names
   */
  function recordAdvertised(ctx, names) {
    try {
      const fresh = unrecordedAdvertisements(ctx.sessionManager.getBranch(), names);
      if (fresh.length > 0) pi.appendEntry(ADVERTISED_ENTRY, { names: fresh });
    } catch {
      // recording is best effort; the catalog itself was published
    }
  }

  /** Per view (catalog, scope, policy): skills in scope, not denied, that only the user can run. */
  const userOnlyCounts = new WeakMap();
  /** @param {import("../../index.js").SkillIndex} index @param {import("./access.js").AccessView} view */
  function userOnlyCount(index, view) {
    let count = userOnlyCounts.get(view);
    if (count === undefined) {
      count = index.list().filter((s) => s.disableModelInvocation && !view.deniedSet.has(s.name) && (view.members === null || view.members.has(s.name))).length;
      userOnlyCounts.set(view, count);
    }
    return count;
  }

  /** @returns {import("../../index.js").SkillIndex | import("./tools.js").ToolOutput} */
  function currentIndex() {
    // toolError adds the code; the error's own message starts with it too.
    if (config.error) return toolError("CONFIG_INVALID", `${config.error.file}: ${config.error.problem.replace(/;/g, ",")} (skills are disabled); fix the config, then run /reload`);
    if (blocked !== null) return toolError("SKILL_CATALOG_BLOCKED", "the skill catalog could not be built for this prompt, so skills are blocked; continue without them");
    if (!catalog.index) return toolError("SKILL_NOT_FOUND", "no skill catalog is available yet; try again after the next prompt");
    return catalog.index;
  }

  /**
   * Scrubs denied names from tool text (another skill's description or body may mention
   * one), so a denied name never reaches the model from our side.
   * @param {import("../../index.js").SkillIndex} index
   * @param {import("./tools.js").ToolOutput} output
   */
  function redactOutput(index, output) {
    return { ...output, content: output.content.map((part) => ({ ...part, text: access.redact(index, part.text) })) };
  }

  /**
   * Asks the user about an `ask` skill. Without a UI this fails closed.
   * @param {string} name @param {any} ctx
   * @returns {Promise<"once" | "session" | "rejected" | "no-ui">}
   */
  async function requestApproval(name, ctx) {
    const key = currentApprovalKey(name);
    if (approvals.hasSession(key)) return "session";
    if (!ctx?.hasUI) return "no-ui";
    const info = catalog.index?.get(name);
    const choice = await ctx.ui.select(`Load skill "${name}"?${info ? ` ${info.description}` : ""}`, [...APPROVAL_CHOICES]);
    if (choice === APPROVAL_CHOICES[0]) return "once";
    if (choice === APPROVAL_CHOICES[1]) {
      if (key !== null) approvals.session.add(key);
      return "session";
    }
    return "rejected";
  }

  /**
   * A skill search as the model sees it (scope, policy and redaction applied); shared by
   * `skill_search` and `request_capabilities`.
   * @param {{query?: string, limit?: number, cursor?: string, scope?: string}} params
   */
  function searchForModel(params) {
    const index = currentIndex();
    if ("content" in index) return index;
    const view = access.view(index);
    const result = runSkillSearch(index, params, {
      descriptionMax: config.value.catalogDescriptionMax,
      defaultLimit: config.value.searchLimit,
      only: view.members === null ? null : [...view.members],
      exclude: view.denied,
      scopeLabel: view.scope.label,
      onFallback: (names) => scopeState.recordFallback(names),
      redact: (text) => access.redact(index, text),
      policyFingerprint: access.policy.fingerprint,
    });
    return redactOutput(index, result);
  }

  /**
   * The index listings use: loaded skills' descriptions as capsules while capability routing
   * is on (skill_search and ranking keep the full text).
   * @param {import("../../index.js").SkillIndex} index
   */
  function listed(index) {
    return hooks.capabilities?.()?.describeSkills(index) ?? index;
  }

  /** Registers both model-facing tools (called once, when no other extension owns their names). */
  function registerTools() {
    pi.registerTool({
      name: SEARCH_TOOL,
      label: "Skill search",
      description: SEARCH_DESCRIPTION,
      parameters: SEARCH_PARAMETERS,
      async execute(_toolCallId, params) {
        return searchForModel(/** @type {{query?: string, limit?: number, cursor?: string, scope?: string}} */ (params));
      },
    });

    pi.registerTool({
      name: LOAD_TOOL,
      label: "Load skill",
      description: LOAD_DESCRIPTION,
      parameters: LOAD_PARAMETERS,
      async execute(_toolCallId, rawParams, _signal, _onUpdate, ctx) {
        const index = currentIndex();
        if ("content" in index) return index;
        const params = /** @type {{name: string, offset?: number, column?: number, rev?: string}} */ (rawParams);
        const name = String(params.name ?? "");
        const view = access.view(index);
        // A denied skill is reported exactly like a missing one, so its existence stays hidden.
        if (!index.get(name) || view.deniedSet.has(name)) {
          return toolError("SKILL_NOT_FOUND", NOT_FOUND_TEXT, { reason: view.deniedSet.has(name) ? "SKILL_DENIED" : "SKILL_NOT_FOUND" });
        }
        if (!scopeState.mayLoad(name, view.members)) {
          return toolError("SKILL_NOT_IN_SCOPE", `"${name}" is outside ${view.scope.label}; load only names from skill_search (or its global fallback)`, { name });
        }
        const key = currentApprovalKey(name);
        const continuing = ((params.offset ?? 0) > 0 || (params.column ?? 0) > 0) && params.rev !== undefined && key !== null && approvals.once.get(key) === params.rev;
        if (access.policy.actionFor(name) === "ask" && !continuing) {
          const decision = await requestApproval(name, ctx);
          if (decision === "no-ui") return toolError("SKILL_APPROVAL_REQUIRED", `"${name}" needs the user's approval and no UI is available to ask; continue without it`, { name });
          if (decision === "rejected") return toolError("SKILL_DENIED", `the user declined loading "${name}"; continue without it`, { name });
          if (decision === "once" && key !== null) approvals.once.set(key, "");
        }
        // Dependencies may lie outside the scope; denied ones are withheld, and `ask` ones
        // need their own approval (without a UI they are withheld, never loaded). Only the
        // first page carries dependencies, so continuation pages ask nothing.
        /** @type {Set<string>} */
        const withheld = new Set(view.denied);
        const dependencies = (params.offset ?? 0) > 0 || (params.column ?? 0) > 0 ? [] : index.closure(name).order;
        for (const dep of dependencies) {
          if (dep === name || withheld.has(dep) || access.policy.actionFor(dep) !== "ask") continue;
          const decision = await requestApproval(dep, ctx);
          if (decision !== "once" && decision !== "session") withheld.add(dep);
        }
        const shape = config.value.skillResult === "design" ? "design" : "block";
        const result = redactOutput(index, await runSkillLoad(index, params, { withhold: (dep) => withheld.has(dep), resourceSample: config.value.resourceSample, shape }));
        // LS-13: where the skill comes from and what the policy decided, for the user and other
        // extensions (details never reach the model).
        if (!result.isError) {
          const action = access.policy.actionFor(name);
          result.details = { ...result.details, source: skillSource(name), policy: action === "ask" ? (approvals.hasSession(key) ? "ask: allowed for the session" : "ask: allowed once") : action };
        }
        if (!result.isError && !(params.offset ?? 0) && !(params.column ?? 0)) {
          hooks.capabilities?.()?.noteSkillLoaded(name, index.get(name)?.description ?? "", () => catalog.index?.get(name)?.description ?? null, index.get(name)?.filePath);
        }
        const continuation = /** @type {{rev?: string} | null} */ (result.details.continuation);
        if (key !== null && approvals.once.has(key) && !approvals.hasSession(key)) {
          // "Allow once" covers this load and its continuation pages only.
          if (continuation?.rev) approvals.once.set(key, continuation.rev);
          else approvals.once.delete(key);
        }
        return result;
      },
    });
  }

  registerSkillCommands(pi, runtime);
  registerLazySkillCommand(pi, {
    entries: () => {
      // Pi's command list has every skill with where it comes from, before the first prompt too.
      /** @type {import("./lazy-skill-command.js").RunnableSkill[]} */
      const out = [];
      for (const command of pi.getCommands()) {
        if (command.source !== "skill") continue;
        const name = command.name.replace(/^skill:/, "");
        if (isBlocked(name)) continue;
        const ask = access.policy.actionFor(name) === "ask";
        out.push({ name, description: catalog.index?.get(name)?.description ?? command.description ?? "", source: sourceLabel(command.sourceInfo), ask });
      }
      return out;
    },
  });

  /**
   * Where Pi found a skill (`user`, `project`, `cli`, `package …`), from its `/skill:` command;
   * "unknown" when Pi lists none (details only, LS-13).
   * @param {string} name
   */
  function skillSource(name) {
    try {
      const command = pi.getCommands().find((c) => c.source === "skill" && c.name === `skill:${name}`);
      return command ? sourceLabel(command.sourceInfo) : "unknown";
    } catch {
      return "unknown";
    }
  }

  /** What capability routing uses to reveal skills (only while our tools are registered). */
  return {
    /** @param {string} query @returns {string[]} */
    searchSkills(query) {
      if (tools !== "registered") return [];
      const result = searchForModel({ query, limit: 3 });
      return result.isError ? [] : /** @type {string[]} */ ((/** @type {any} */ (result.details).names ?? []));
    },
    /** @param {string} name */
    isSkill(name) {
      if (tools !== "registered" || config.error || !catalog.index?.get(name)) return false;
      const view = access.view(catalog.index);
      return !view.deniedSet.has(name) && scopeState.mayLoad(name, view.members);
    },
    /**
     * A skill's SKILL.md path, for the prompt-diet design's recovery (PD-7): only a skill the
     * model may load (not denied, in scope or a fallback, model-invocable); a `read` of it is
     * still guarded (LS-27: an `ask` skill asks first).
     * @param {string} name
     */
    skillPath(name) {
      const info = catalog.index?.get(name);
      if (!info || info.disableModelInvocation || !this.isSkill(name)) return null;
      return info.filePath ?? null;
    },
  };
}
