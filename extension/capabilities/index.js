// @ts-check
/**
 * Capability routing: one layer that decides which tools (from every source in
 * `pi.getAllTools()`) are declared to the model, and how much of third-party tools'
 * guidelines the system prompt carries.
 *
 * The setting is `capabilities: "off" | "route"` (per profile, like every setting;
 * `PI_LEAN_CAPABILITIES` wins). Unset, it follows the Token Saver: `tokenSaver: "on"` routes,
 * which is what the Token Saver's tool deferral did before this layer existed. A broken
 * config leaves the layer off, so Pi's tools are untouched.
 *
 * While routing:
 * - core tools (read, bash, edit, write, grep, find, ls) and pi-lean's own stay active;
 * - at each `before_agent_start` the local Rust ranker routes the prompt (router.js). The
 *   session's first route may shrink the broad initial set to core + routed; afterwards
 *   routes only add. A failed route changes nothing. Tools registered late are routed too;
 * - `request_capabilities` (request.js) is always active while any tool is routable, and adds tools in the same run,
 *   within a per-prompt budget;
 * - third-party guidelines follow the per-package policy (guidelines.js) with capsules
 *   cached on disk (capsule-cache.js);
 * - the state is a session entry (active-set.js), rebuilt on resume, fork and reload.
 * Off restores every deferred tool in its original place; requests are then as stock Pi's.
 */
import { ActiveSet, CORE_TOOLS, CORE_TOOLS_WITHOUT_READ } from "./active-set.js";
import { CapsuleCache } from "./capsule-cache.js";
import { registerCapabilitiesCommand } from "./command.js";
import { applyGuidelinePolicy, guidelineSource, noteSuccessfulUse } from "./guidelines.js";
import { REQUEST_DESCRIPTION, REQUEST_PARAMETERS, REQUEST_TOOL, runRequest } from "./request.js";
import { ROUTE_LIMIT, rankTools, routePrompt } from "./router.js";
import { TOOL_ROUTER, previousReply, runModelPicker } from "../skills/model-picker.js";
import { BODY_CONTEXT, bodyRulesSource, describedIndex, forgetBody, listingLine, readBody, skillKey } from "./skill-capsules.js";
import { getAgentDir } from "../shared/pi-host.js";
import { runModelDistiller } from "./model-distiller.js";
import { duringRound } from "../shared/round-progress.js";

/** Tools pi-lean registers in other features; never deferred, guidelines never touched. */
export const PI_LEAN_TOOLS = ["skill_search", "skill", "token_retrieve"];

/**
 * The mode the config asks for.
 * @param {import("../shared/config.js").ConfigHolder} config
 * @returns {"off" | "route"}
 */
export function capabilityMode(config) {
  if (config.error) return "off";
  const explicit = config.value.capabilities;
  if (explicit === "off" || explicit === "route") return explicit;
  return config.value.tokenSaver === "on" ? "route" : "off";
}

/**
 * @typedef {object} CapabilityHooks
 * @property {(query: string) => string[]} [searchSkills]  skill names for a query (scope and policy applied)
 * @property {(name: string) => boolean} [isSkill]  whether the model may load a skill of that name
 * @property {(name: string) => string | null} [skillPath]  such a skill's SKILL.md path (PD-7)
 */

/**
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {import("../shared/config.js").ConfigHolder} config
 * @param {() => CapabilityHooks} hooks
 */
export function registerCapabilities(pi, config, hooks) {
  const ownTools = new Set([...PI_LEAN_TOOLS, REQUEST_TOOL]);
  /** The tools never deferred; `skillRecovery: "path"` lets `read` be deferred, as the prompt-diet design does (PD-7). */
  const coreTools = () => (config.value.skillRecovery === "path" ? CORE_TOOLS_WITHOUT_READ : CORE_TOOLS);
  const active = new ActiveSet(pi, () => ownTools, new Set([REQUEST_TOOL]), coreTools);
  /** @type {"off" | "route"} */
  let mode = "off";
  /** Set by `lift` (`/token-saver clear`): deferred tools stay restored until the mode is applied again. */
  let lifted = false;
  /** This prompt's request budget. */
  const budget = { limit: 3, used: 0 };
  /** `guidelineChanges`: runs where a tool's guidelines changed form (each a prompt-cache prefix change). */
  const counters = { requests: 0, activations: 0, routes: 0, failedRoutes: 0, guidelineChanges: 0, modelRoutes: 0, modelFallbacks: 0, modelCapsules: 0, modelCapsuleFallbacks: 0 };
  /** @type {CapsuleCache | null} */
  let cache = null;
  /** @type {import("./guidelines.js").GuidelineDecision[]} */
  let decisions = [];
  /** @type {string | null} */
  let lastRouteError = null;

  function capsuleCache() {
    if (!cache) {
      try {
        cache = new CapsuleCache(getAgentDir());
      } catch {
        cache = null;
      }
    }
    return cache;
  }

  /** @param {string} name */
  function currentGuidelines(name) {
    const tool = pi.getAllTools().find((t) => t.name === name);
    return tool ? guidelineSource(tool) : null;
  }

  function policyOptions() {
    return { packages: config.value.packages ?? {}, ownTools, cache: capsuleCache(), currentSource: currentGuidelines };
  }

  /**
   * Every tool routing ranks: not core, not pi-lean's, `direct`, active or deferred. Ranking
   * over all of them (not only the deferred ones) keeps scores comparable from prompt to
   * prompt: with BM25 a word's weight depends on how many tools share it. A registered tool
   * that is neither active nor deferred was switched off by the user or by Pi itself (Pi 1.6
   * registers `powershell` everywhere and leaves it off outside Windows); the layer leaves it
   * alone, so it is not routable and cannot keep request_capabilities declared.
   */
  function routable() {
    const current = new Set([...pi.getActiveTools(), ...active.deferred]);
    return pi.getAllTools().filter((t) => current.has(t.name) && !coreTools().has(t.name) && !ownTools.has(t.name) && (t.exposure ?? "direct") === "direct");
  }

  /**
   * The layer's own tools to keep active: request_capabilities, unless no tool is routable at
   * all (then it could only cost its declaration on every request; skills have skill_search).
   */
  function layerActive() {
    return routable().length > 0 ? [REQUEST_TOOL] : [];
  }

  /** Makes sure request_capabilities is active when it should be (appended, so earlier declarations keep their bytes). */
  function ensureRequestTool() {
    const now = pi.getActiveTools();
    if (layerActive().length > 0 && !now.includes(REQUEST_TOOL)) pi.setActiveTools([...now, REQUEST_TOOL]);
  }

  /**
   * Applies a mode. `shrinkNow` defers every deferrable tool at once (a switch mid-session,
   * where there is no prompt to route); otherwise the first route does it.
   * @param {"off" | "route"} wanted @param {{ shrinkNow: boolean }} options
   */
  function apply(wanted, { shrinkNow }) {
    mode = wanted;
    budget.limit = config.value.capabilityBudget ?? 3;
    if (wanted === "off") {
      const leftovers = active.deferred.length > 0 || pi.getActiveTools().includes(REQUEST_TOOL);
      if (leftovers) active.restore({ removeOwn: true, record: true });
      return;
    }
    if (lifted) return;
    if (shrinkNow || active.routed) {
      // Resumed sessions keep what they had: anything not added back is deferred again.
      const toDefer = active.deferrableActive();
      const wasRouted = active.routed;
      active.routed = true;
      pi.setActiveTools(active.defer(toDefer, layerActive()));
      if (toDefer.length > 0 || !wasRouted) active.record();
    } else {
      ensureRequestTool();
    }
  }

  /**
   * The opt-in model router (`router: "model"`): the model picker of additive routing with the
   * tool prompt, offered the pool best-first by the local ranker. Null when it is off or gives
   * no usable answer (the local ranker then routes); its answer only filters the pool.
   * @param {string} prompt @param {Set<string>} pool @param {any} ctx
   * @returns {Promise<string[] | null>}
   */
  async function modelRoute(prompt, pool, ctx) {
    const settings = config.value;
    if (settings.router !== "model" || pool.size === 0) return null;
    const tools = routable();
    const ranked = rankTools(tools, prompt, { limit: 8, minScore: 0 }).map((h) => h.name);
    const ordered = [...new Set([...ranked, ...tools.map((t) => t.name)])].filter((n) => pool.has(n));
    const byName = new Map(tools.map((t) => [t.name, t]));
    const candidates = ordered.map((name) => ({ name, description: String(byName.get(name)?.description ?? "") }));
    const picked = await runModelPicker(
      ctx,
      { pickerModel: settings.routerModel, pickerTimeoutMs: settings.pickerTimeoutMs, maxAddedPerRound: ROUTE_LIMIT, workingRow: settings.workingRow },
      { task: prompt, previousReply: previousReply(ctx?.sessionManager?.getBranch?.() ?? []), candidates },
      TOOL_ROUTER,
    );
    if (picked) counters.modelRoutes += 1;
    else counters.modelFallbacks += 1;
    return picked;
  }

  /**
   * Routes one prompt; returns the names added. A failure changes nothing (and keeps late
   * tools active for good, so a later route cannot take them away).
   * @param {string} prompt @param {any} ctx
   */
  async function route(prompt, ctx) {
    const late = active.deferrableActive();
    const first = !active.routed;
    const pool = new Set([...late, ...active.deferred]);
    /** @type {string[]} */
    let hits;
    try {
      const picked = await modelRoute(prompt, pool, ctx);
      hits = picked ?? (pool.size === 0 ? [] : routePrompt(routable(), prompt).filter((n) => pool.has(n)));
      counters.routes += 1;
      lastRouteError = null;
    } catch (error) {
      counters.failedRoutes += 1;
      lastRouteError = error instanceof Error ? error.message : String(error);
      for (const n of late) active.added.set(n, first ? "routed" : "late");
      active.routed = true;
      active.record();
      return [];
    }
    const keep = new Set(hits);
    const toDefer = late.filter((n) => !keep.has(n));
    for (const n of late) if (keep.has(n)) active.added.set(n, "routed");
    active.routed = true;
    if (toDefer.length > 0 || first) pi.setActiveTools(active.defer(toDefer, layerActive()));
    // A tool registered late may be the first routable one.
    else if (late.length > 0) ensureRequestTool();
    const added = active.add(hits, "routed");
    if (toDefer.length > 0 || added.length > 0 || first || late.length > 0) active.record();
    return [...late.filter((n) => keep.has(n)), ...added];
  }

  pi.registerTool({
    name: REQUEST_TOOL,
    label: "Request capabilities",
    description: REQUEST_DESCRIPTION,
    parameters: REQUEST_PARAMETERS,
    defaultActive: false,
    async execute(_toolCallId, params) {
      if (mode === "off" || lifted) {
        return { content: [{ type: "text", text: "Capability routing is off; every tool is already available." }], details: { added: [] } };
      }
      counters.requests += 1;
      const h = hooks();
      const result = runRequest(/** @type {any} */ (params), {
        allTools: () => pi.getAllTools(),
        candidates: routable,
        activeTools: () => pi.getActiveTools(),
        deferred: () => active.deferred,
        activate: (names) => active.add(names, "requested"),
        isSkill: (name) => h.isSkill?.(name) ?? false,
        searchSkills: (query) => h.searchSkills?.(query) ?? [],
        skillPath: config.value.skillRecovery === "path" ? (name) => h.skillPath?.(name) ?? null : undefined,
        budget,
      });
      const added = /** @type {string[]} */ (result.details.added);
      counters.activations += added.length;
      if (added.length > 0) active.record();
      return result;
    },
  });

  pi.on("session_start", (_event, ctx) => {
    // Runs after index.js reloaded the config (handlers run in registration order).
    cache = null;
    decisions = [];
    lifted = false;
    Object.assign(counters, { requests: 0, activations: 0, routes: 0, failedRoutes: 0, guidelineChanges: 0, modelRoutes: 0, modelFallbacks: 0 });
    active.loadFromBranch(ctx.sessionManager.getBranch());
    try {
      apply(capabilityMode(config), { shrinkNow: false });
    } catch (error) {
      mode = "off";
      if (ctx?.hasUI) ctx.ui.notify(`pi-lean capability routing disabled: ${error instanceof Error ? error.message : error}`, "warning");
    }
  });

  pi.on("before_agent_start", async (event, ctx) => {
    if (mode === "off" || lifted) return;
    // `read` deferred under `skillRecovery: "path"` comes back once that setting is gone.
    if (coreTools().has("read") && active.deferred.includes("read") && active.add(["read"], "late").length > 0) active.record();
    if (event.messageType === "user") {
      budget.used = 0;
      await duringRound(ctx, config.value.workingRow === "every-round", () => route(String(event.prompt ?? ""), ctx));
    }
    const options = /** @type {any} */ (event.systemPromptOptions);
    if (options && typeof options.toolGuidelines === "object" && options.toolGuidelines) {
      try {
        const previous = new Map(decisions.map((d) => [d.name, d.applied]));
        decisions = applyGuidelinePolicy(options.toolGuidelines, pi.getAllTools(), policyOptions());
        if (previous.size > 0 && decisions.some((d) => previous.has(d.name) && previous.get(d.name) !== d.applied)) counters.guidelineChanges += 1;
      } catch {
        // Policy trouble leaves Pi's own guidelines in place.
      }
    }
  });

  pi.on("tool_result", (event) => {
    if (mode === "off" || lifted || event.isError) return undefined;
    if (coreTools().has(event.toolName) || ownTools.has(event.toolName)) return undefined;
    try {
      noteSuccessfulUse(
        pi.getAllTools().find((t) => t.name === event.toolName),
        policyOptions(),
      );
    } catch {
      // The verdict is made again after the next use.
    }
    return undefined;
  });

  pi.on("session_shutdown", () => {
    // SO-35: give back every deferred tool and take the layer's own helper schemas away, so
    // what follows (another session, a reload, pi-lean removed) starts from Pi's own tool set;
    // the session's record keeps the deferral for a resume, and session_start re-applies it.
    try {
      active.restore({ removeOwn: true, record: false });
    } catch {
      // Shutdown must not fail because the runtime is already gone.
    }
    mode = "off";
  });

  /** What the other features and the command see. */
  const control = {
    mode: () => (lifted ? "off" : mode),
    deferredCount: () => active.deferred.length,
    counters: () => ({ ...counters }),
    /**
     * Applies the current config's mode (after `/token-saver on|off` or a profile switch).
     * @param {any} _ctx
     */
    refresh(_ctx) {
      const wanted = capabilityMode(config);
      if (wanted === mode && !lifted) return;
      lifted = false;
      apply(wanted, { shrinkNow: true });
    },
    /** Restores every deferred tool and stops deferring until the mode is applied again. */
    lift() {
      if (active.deferred.length > 0 || pi.getActiveTools().includes(REQUEST_TOOL)) active.restore({ removeOwn: true, record: true });
      lifted = true;
    },
    /** Lines for `/capabilities`. */
    describe() {
      const reasons = new Map(pi.getActiveTools().map((n) => [n, coreTools().has(n) ? "core" : ownTools.has(n) ? "pi-lean" : (active.added.get(n) ?? "initial")]));
      return {
        mode: control.mode(),
        active: [...reasons.entries()],
        deferred: [...active.deferred],
        decisions,
        capsules: { tools: capsuleCache()?.list("tools") ?? [], skills: capsuleCache()?.list("skills") ?? [] },
        counters: { ...counters },
        lastRouteError,
      };
    },
    clearCapsules: () => {
      forgetBody();
      return capsuleCache()?.clear() ?? 0;
    },
    /**
     * The skill index as listings should show it: a loaded skill's description as its
     * capsule plus its body's rules, bounded (PD-14, skill-capsules.js), while routing; the
     * index itself otherwise.
     * @param {import("../../index.js").SkillIndex} index
     */
    describeSkills(index) {
      if (control.mode() !== "route") return index;
      const cache = capsuleCache();
      if (!cache) return index;
      settleSkillCapsules();
      return describedIndex(index, (name, description) => {
        try {
          const filePath = index.get(name)?.filePath;
          const verdict = cache.get("skills", description, distillerContext(skillKey(filePath)));
          if (!verdict) return description;
          const shown = verdict.capsule ?? description;
          const rules = bodyRulesSource(cache, filePath, distillerContext(BODY_CONTEXT));
          return rules ? listingLine(shown, description, rules) : shown;
        } catch {
          return description;
        }
      });
    },
    /**
     * Records a skill's first successful load (by `skill`, or a `read` of its SKILL.md). Its
     * description's and its body's capsules are made once the agent settles (PD-14), or
     * before the next listing, whichever comes first.
     * @param {string} name @param {string} description @param {() => string | null} currentDescription
     * @param {string} [filePath]  the skill's file: its content is part of the verdict's key (PD-17)
     */
    noteSkillLoaded(name, description, currentDescription, filePath) {
      if (control.mode() !== "route" || !description) return;
      if (pendingSkills.size < 256) pendingSkills.set(name, { description, currentDescription, filePath });
    },
  };

  /** @type {Map<string, { description: string, currentDescription: () => string | null, filePath?: string }>} */
  const pendingSkills = new Map();

  /**
   * The model distiller's settings when it is the one in force (PD-13), else null.
   * @returns {{ distillerModel: string, pickerTimeoutMs: number } | null}
   */
  function modelDistiller() {
    const { distiller, distillerModel, pickerTimeoutMs } = config.value;
    return distiller === "model" && distillerModel ? { distillerModel, pickerTimeoutMs } : null;
  }

  /**
   * A verdict's key context under the distiller in force: the model's verdicts are kept apart
   * from the extractive ones (and per model), so switching distillers never serves the other's.
   * @param {string} base
   */
  function distillerContext(base) {
    const model = modelDistiller();
    return model ? `${base}\u0000model:${model.distillerModel}` : base;
  }

  /**
   * Makes the capsules of every skill loaded since the last call (description and body),
   * synchronously, so the listing that asks sees them. With the model distiller (PD-13) this
   * leaves them to `settleWithModel` at `agent_settled`, and the listing shows the plain
   * description until then.
   */
  function settleSkillCapsules() {
    if (pendingSkills.size === 0 || modelDistiller()) return;
    for (const item of takePending()) {
      try {
        for (const text of capsuleTexts(item)) {
          if (item.cache.get("skills", text.source, text.context)) continue;
          text.made(null);
          text.after();
        }
      } catch {
        // The verdict is made again after the next load.
      }
    }
  }

  /**
   * PD-13: the model distiller asks the model for each pending text (one call each, bounded by
   * `pickerTimeoutMs`); the cache keeps the model's capsule when the core validates it, the
   * extractive one otherwise.
   * @param {(source: string) => Promise<string | null>} distil
   */
  async function settleWithModel(distil) {
    for (const item of takePending()) {
      try {
        for (const text of capsuleTexts(item)) {
          if (item.cache.get("skills", text.source, text.context)) continue;
          const candidate = await distil(text.source);
          const made = text.made(candidate);
          if (candidate !== null && made.capsule === candidate) counters.modelCapsules += 1;
          else counters.modelCapsuleFallbacks += 1;
          text.after();
        }
      } catch {
        // The verdict is made again after the next load.
      }
    }
  }

  /** The pending loads, emptied, each with the cache to write (none while not routing). */
  function takePending() {
    const cache = control.mode() === "route" ? capsuleCache() : null;
    const work = [...pendingSkills.entries()];
    pendingSkills.clear();
    return cache ? work.map(([name, entry]) => ({ name, ...entry, cache })) : [];
  }

  /**
   * The texts of one loaded skill that get a capsule: its description, then its body.
   * @param {{ name: string, description: string, currentDescription: () => string | null, filePath?: string, cache: CapsuleCache }} item
   */
  function capsuleTexts({ name, description, currentDescription, filePath, cache }) {
    const key = distillerContext(skillKey(filePath));
    const texts = [{ source: description, context: key, made: (/** @type {string | null} */ c) => cache.store("skills", description, `skill ${name}`, currentDescription, key, c), after: () => {} }];
    const body = filePath ? readBody(filePath) : null;
    if (filePath && body) {
      const bodyKey = distillerContext(BODY_CONTEXT);
      texts.push({ source: body, context: bodyKey, made: (c) => cache.store("skills", body, `skill ${name} body`, () => readBody(filePath), bodyKey, c), after: () => forgetBody(filePath) });
    }
    return texts;
  }

  // PD-14: distil after the run, off the tool result's path. PD-13: the model distiller runs
  // here too, each call bounded by `pickerTimeoutMs`.
  pi.on("agent_settled", async (_event, ctx) => {
    const model = modelDistiller();
    if (model) await settleWithModel((source) => runModelDistiller(ctx, model, source));
    else settleSkillCapsules();
  });
  registerCapabilitiesCommand(pi, config, control);
  return control;
}

/** @typedef {ReturnType<typeof registerCapabilities>} CapabilityControl */
