// @ts-check
/**
 * Token Saver wiring: an optional layer, off by default, that users switch on with
 * `/token-saver on` (stored as `tokenSaver` in pi-lean.json; `PI_LEAN_TOKEN_SAVER` wins).
 * While on it compacts tool results (compaction.js) with recoverable originals
 * (retrieve.js) and shapes provider requests (provider.js); unless `capabilities` is set, it
 * also turns on capability routing (../capabilities/), which defers non-core tool schemas
 * behind `request_capabilities`. While off every handler returns at once and
 * `token_retrieve` stays inactive, so requests are byte-identical to a run without the layer.
 *
 * Originals live under `<agentDir>/pi-lean/token-saver/<session id>/`, one content-addressed
 * store per persisted session (in memory for `--no-session`), so ids survive `/reload`, `/resume` and a restart with `--resume`. Each
 * compacted result records its id and store in its `details`, which Pi persists with the
 * session; `session_start` rebuilds ids, repeat detection, retrieval feedback and counters
 * from the branch, which also carries the parent's ids into a `/fork`.
 */
import fs from "node:fs";
import path from "node:path";
import { getAgentDir } from "../shared/pi-host.js";
import { bindingTarget, native } from "../shared/native.js";
import { ASYNC_BYTES, MAX_INTENT_CHARS, compactToolResult, rangesFromRecord, recentLabel } from "./compaction.js";
import { TransformCache } from "./transform-cache.js";
import { RetrievalFeedback } from "./feedback.js";
import { MAX_NEAR_REPEAT_BYTES, RecentOutputs } from "./repeats.js";
import { claimFolder, describePrune, pruneStores, storeKeyOf } from "./retention.js";
import { compactionBudgetFor } from "../shared/config.js";
import { ContinuationTracker, clampEffort, prefixHash, shortenLoadout } from "./provider.js";
import { RETRIEVE_DESCRIPTION, RETRIEVE_PARAMETERS, RETRIEVE_TOOL, TOKEN_SAVER_GUIDELINE, runRetrieve } from "./retrieve.js";
import { writeTokenSaverSetting } from "./settings.js";
import { TokenSaverStats } from "./stats.js";

export const COMMAND = "token-saver";
/** Session entry written by `/token-saver clear`: counters and ids before it are not rebuilt. */
export const CLEAR_ENTRY = "pi-lean-token-saver-clear";
export const STATUS_KEY = "pi-lean-token-saver";
/** Per-session store limits: memory is a cache, the disk copy is what retrieval relies on. */
const STORE_LIMITS = { maxEntries: 256, maxBytes: 64 * 1024 * 1024, diskBudgetBytes: 512 * 1024 * 1024 };

/** Directory holding every session's originals. @param {string} agentDir */
export function storeRoot(agentDir) {
  return path.join(agentDir, "pi-lean", "token-saver");
}

/**
 * The text blocks of an assistant message, the end of them only (thinking and tool calls left
 * out); undefined when it said nothing.
 * @param {{ content?: unknown }} message
 */
export function assistantText(message) {
  const text = Array.isArray(message.content)
    ? message.content
        .filter((part) => part && typeof part === "object" && part.type === "text" && typeof part.text === "string")
        .map((part) => part.text)
        .join("\n")
    : typeof message.content === "string"
      ? message.content
      : "";
  return text ? text.slice(-MAX_INTENT_CHARS) : undefined;
}

/**
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {import("../shared/config.js").ConfigHolder} config
 * @param {{ capabilities: () => import("../capabilities/index.js").CapabilityControl | null, configReloaded?: (ctx: any) => void }} [hooks]
 *   capability routing, which follows the Token Saver unless `capabilities` is set (none: no routing);
 *   `configReloaded` after `/token-saver on|off` read the config again (the invalid-config status)
 */
export function registerTokenSaver(pi, config, hooks = { capabilities: () => null }) {
  const stats = new TokenSaverStats();
  const tracker = new ContinuationTracker();
  let enabled = false;
  /** @type {string | undefined} */
  let prompt;
  /** @type {string | undefined} the text of the assistant's latest message (what it said before its tool calls) */
  let intent;
  /** @type {string | null} */
  let lastPrefix = null;
  let storeKey = "default";
  /** False for `--no-session` runs: nothing can resume them, so originals stay in memory. */
  let persistent = true;
  /** @type {import("../../index.js").RecoveryStore | null} */
  let store = null;
  /** Stores of other sessions (a fork's parent), opened on demand. @type {Map<string, import("../../index.js").RecoveryStore>} */
  const otherStores = new Map();
  /** id -> the tool that produced it and the store holding it. @type {Map<string, {tool: string, storeKey: string}>} */
  const originals = new Map();
  /** ids whose output is already in the model's context. @type {Set<string>} */
  const delivered = new Set();
  /**
   * Every id a compacted result of this session (or the parent it forked from) ever named,
   * cleared or not: a missing original is "expired" when it is here, "unknown" otherwise.
   * @type {Set<string>}
   */
  const issued = new Set();
  /** Latest results per tool and command, for near repeats (line hashes only). */
  const recent = new RecentOutputs();
  /** SO-40: engine answers (views and skips) for identical inputs, bounded, 30-minute TTL. */
  const transforms = new TransformCache();
  /** Retrieval feedback per tool and content kind (feedback.js). */
  const feedback = new RetrievalFeedback();
  /** Folders this process claimed (retention.js), by store key -> release. @type {Map<string, () => void>} */
  const claims = new Map();
  /** The session-start prune of other sessions' folders, and what it did. */
  /** @type {Promise<void> | null} */
  let pruning = null;
  /** @type {import("./retention.js").PruneReport | null} */
  let lastPrune = null;
  /** @type {string | null} */
  let sessionFile = null;

  /**
   * Marks a store folder as used by this process, so no other Pi prunes it meanwhile; the
   * session's own folder also records its session file.
   * @param {string} key
   */
  function claim(key) {
    if (claims.has(key)) return;
    claims.set(key, claimFolder(path.join(storeRoot(getAgentDir()), key), key === storeKey ? { sessionFile, sessionId: key } : {}));
  }

  function releaseClaims() {
    for (const release of claims.values()) release();
    claims.clear();
  }

  function retentionLimits() {
    return { retentionDays: config.value.tokenSaverRetentionDays, maxStoreBytes: config.value.tokenSaverMaxStoreMB * 1024 * 1024 };
  }

  function openStore() {
    if (!store) {
      if (persistent) claim(storeKey);
      store = native.RecoveryStore.open({ ...STORE_LIMITS, dir: persistent ? path.join(storeRoot(getAgentDir()), storeKey) : undefined });
    }
    return store;
  }

  /** @param {string} key */
  function storeFor(key) {
    if (key === storeKey) return openStore();
    const cached = otherStores.get(key);
    if (cached) return cached;
    const folder = storeKeyOf(key);
    const dir = path.join(storeRoot(getAgentDir()), folder);
    if (!fs.existsSync(dir)) return null;
    claim(folder);
    const opened = native.RecoveryStore.open({ ...STORE_LIMITS, dir });
    otherStores.set(key, opened);
    return opened;
  }

  /** The engine call, off the main thread for large inputs. @type {import("./feedback.js").CompactFn} */
  function runEngine(input, options) {
    const bytes = typeof input === "string" ? Buffer.byteLength(input) : input.length;
    return bytes > ASYNC_BYTES ? /** @type {Promise<any>} */ (native.compactAsync(input, options)) : native.compact(input, options);
  }

  /** @param {string} id @param {number} [startLine] */
  function noteRetrieval(id, startLine) {
    stats.retrievals += 1;
    feedback.noteRetrieval(id, startLine);
    return originals.get(id)?.tool;
  }

  /** @param {any} ctx @param {string} message @param {"info" | "warning"} [level] */
  function tell(ctx, message, level = "info") {
    if (ctx?.hasUI) ctx.ui.notify(message, level);
    else process.stderr.write(`${message}\n`);
  }

  /** @param {any} ctx */
  function showStatus(ctx) {
    if (!ctx?.hasUI) return;
    ctx.ui.setStatus(STATUS_KEY, enabled ? stats.statusLine() : undefined);
  }

  /**
   * Applies the on/off state: `token_retrieve` is active exactly while on. Off touches nothing
   * unless an earlier "on" (this process or a resumed session) left it active. Capability
   * routing, which may follow this setting, is applied after, unless `session_start` does it.
   * @param {boolean} on @param {any} ctx @param {{ capabilities: boolean }} [options]
   */
  function apply(on, ctx, options = { capabilities: true }) {
    const wasOn = enabled;
    enabled = on;
    const active = pi.getActiveTools();
    const leftover = active.includes(RETRIEVE_TOOL);
    if (on && !leftover) pi.setActiveTools([...active, RETRIEVE_TOOL]);
    if (!on && leftover) pi.setActiveTools(active.filter((n) => n !== RETRIEVE_TOOL));
    if (options.capabilities) hooks.capabilities()?.refresh(ctx);
    // A session that was never on sees no UI call either.
    if (on || wasOn || leftover) showStatus(ctx);
  }

  /**
   * The text of a stored original, for near repeats of a result replayed from the session; null
   * when its store or blob is gone.
   * @param {string} id @param {string} key  the store's session key
   */
  function storedText(id, key) {
    const holder = storeFor(key);
    if (!holder?.contains(id)) return null;
    return holder.retrieveBytes(id, 1, 2 ** 32 - 1).toString("utf8");
  }

  /** Rebuilds ids, repeats, feedback and counters from the session branch. @param {any[]} branch */
  function loadFromBranch(branch) {
    /** Tool call id -> its arguments, from the assistant messages (a result's input). @type {Map<string, any>} */
    const inputs = new Map();
    for (const entry of branch) {
      if (entry?.type === "custom" && entry.customType === CLEAR_ENTRY) {
        // Everything before a clear stays cleared, across /reload and /resume.
        stats.reset();
        originals.clear();
        delivered.clear();
        recent.clear();
        feedback.clear();
        continue;
      }
      if (entry?.type === "compaction") {
        // As session_compact does live: what Pi summarized is out of the model's context, so a
        // repeat of it must be sent in full again.
        delivered.clear();
        recent.clear();
        continue;
      }
      const message = entry?.type === "message" ? entry.message : null;
      if (message?.role === "assistant" && Array.isArray(message.content)) {
        for (const part of message.content) if (part?.type === "toolCall" && typeof part.id === "string") inputs.set(part.id, part.arguments);
      }
      if (message?.role !== "toolResult") continue;
      const record = message.details?.tokenSaver;
      if (record && typeof record.id === "string") {
        const id = record.id;
        const home = String(record.store ?? storeKey);
        originals.set(id, { tool: String(record.tool ?? message.toolName), storeKey: home });
        delivered.add(id);
        // As live compaction remembers it: the latest result of this call, for near repeats.
        const input = inputs.get(message.toolCallId);
        const recentKey = input !== undefined ? RecentOutputs.key(String(record.tool ?? message.toolName), input) : undefined;
        if (recentKey && Number(record.originalBytes ?? 0) <= MAX_NEAR_REPEAT_BYTES) {
          recent.rememberStored(recentKey, id, recentLabel(String(record.tool ?? message.toolName), input), () => storedText(id, home));
        }
        const text = (message.content ?? []).find((/** @type {any} */ p) => p.type === "text")?.text ?? "";
        const originalChars = Number(record.originalChars ?? record.originalBytes ?? 0);
        // Older records lack stockChars: Pi's cut is at most 50 KB when the full output was used.
        const stockChars = Number(record.stockChars ?? (record.fromFullOutput ? Math.min(originalChars, 50 * 1024) : originalChars));
        stats.recordResult({ originalChars, stockChars, outputChars: text.length, strategies: record.strategies, repeat: record.repeat });
        if (!record.repeat && typeof record.kind === "string") {
          const tool = String(record.tool ?? message.toolName);
          feedback.decay(tool, record.kind);
          feedback.noteView(record.id, tool, record.kind, rangesFromRecord(record.ranges));
        }
      } else if (message.toolName === RETRIEVE_TOOL && !message.isError && typeof message.details?.id === "string") {
        noteRetrieval(message.details.id, Number(message.details.startLine ?? 1));
      }
    }
  }

  pi.registerTool({
    name: RETRIEVE_TOOL,
    label: "Token retrieve",
    description: RETRIEVE_DESCRIPTION,
    promptGuidelines: [TOKEN_SAVER_GUIDELINE],
    parameters: RETRIEVE_PARAMETERS,
    defaultActive: false,
    // Provider-agnostic description shortening: active exactly while the layer is on.
    prepareLoadout(loadout) {
      if (!enabled) return undefined;
      const { descriptions, removed } = shortenLoadout(loadout);
      stats.descriptionCharsRemoved = removed;
      return { descriptions };
    },
    async execute(_toolCallId, params) {
      const id = String(/** @type {any} */ (params).id ?? "").trim().replace(/^id=/, "");
      const result = await runRetrieve(
        /** @type {any} */ (params),
        (wanted) => {
          // The current store is only opened when it exists: a fork must not create one to read.
          const stores = store || fs.existsSync(path.join(storeRoot(getAgentDir()), storeKey)) ? [openStore()] : [];
          const home = originals.get(wanted)?.storeKey;
          const other = home && home !== storeKey ? storeFor(home) : null;
          if (other) stores.push(other);
          return stores;
        },
        (wanted) => issued.has(wanted),
      );
      if (!result.isError) result.details.tool = noteRetrieval(id, Number(result.details.startLine ?? 1)) ?? null;
      return result;
    },
  });

  pi.registerCommand(COMMAND, {
    description: "Token Saver: on | off | status | stats | clear (no argument toggles)",
    getArgumentCompletions: (prefix) =>
      ["on", "off", "status", "stats", "clear"].filter((a) => a.startsWith(prefix)).map((a) => ({ value: a, label: a })),
    handler: async (args, ctx) => {
      const arg = String(args ?? "").trim().toLowerCase();
      if (arg === "status") {
        // Name the layer that decided, on or off: an invalid config keeps the layer off, and
        // otherwise the winning layer is the environment, the active profile, a file, or the default.
        const setBy = config.sources?.tokenSaver;
        const source = setBy ?? "the default";
        const state = config.error ? `off until the config is fixed (${config.error.message})` : `${enabled ? "on" : "off"} (set by ${source})`;
        await pruning;
        tell(ctx, `Token Saver is ${state}; ${hooks.capabilities()?.deferredCount() ?? 0} tools deferred; core binding: ${bindingTarget}.\n${describePrune(lastPrune, retentionLimits())}`);
        return;
      }
      if (arg === "stats") {
        // Writes go on behind put: wait for them so the disk figures are the real ones.
        flushStores();
        const capabilities = hooks.capabilities();
        // A resumed session opens its store lazily; its originals are on disk all the same.
        const current = store ?? (persistent && fs.existsSync(path.join(storeRoot(getAgentDir()), storeKey)) ? openStore() : null);
        tell(ctx, stats.format(current ? current.stats() : null, { enabled, deferred: capabilities?.deferredCount() ?? 0, ...(capabilities?.counters() ?? { requests: 0, activations: 0 }), feedback: feedback.describe() }));
        return;
      }
      if (arg === "clear") {
        // Clearing cannot be undone and breaks every marker already in the conversation, so the
        // TUI asks first. Print, JSON and RPC mode clear as asked: there is no one to answer.
        if (ctx.mode === "tui" && ctx.hasUI) {
          const sure = await ctx.ui.confirm(
            "Clear the Token Saver's stored originals?",
            "Every full output kept for this session is deleted. The shortened results already in the conversation stay, but their markers stop working: token_retrieve answers RECOVERY_EXPIRED for them. Counters reset and deferred tools come back.",
          );
          if (!sure) {
            tell(ctx, "Token Saver: nothing cleared.");
            return;
          }
        }
        for (const s of [store, ...otherStores.values()]) s?.clear();
        originals.clear();
        delivered.clear();
        recent.clear();
        transforms.clear();
        feedback.clear();
        stats.reset();
        pi.appendEntry(CLEAR_ENTRY, { at: Date.now() });
        // SO-14: activations are state too: every deferred tool comes back, then the on/off
        // policy is applied afresh (while on, the non-core tools are deferred again).
        hooks.capabilities()?.lift();
        hooks.capabilities()?.refresh(ctx);
        showStatus(ctx);
        const deferred = hooks.capabilities()?.deferredCount() ?? 0;
        tell(ctx, `Token Saver: stored originals and counters cleared. Markers already in the conversation no longer retrieve anything; tool deferral re-applied (${deferred} deferred).`);
        return;
      }
      if (arg !== "" && arg !== "on" && arg !== "off") {
        tell(ctx, "Usage: /token-saver [on|off|status|stats|clear]");
        return;
      }
      const wanted = arg === "" ? (enabled ? "off" : "on") : arg;
      switchTo(/** @type {"on" | "off"} */ (wanted), ctx);
    },
  });

  /**
   * Saves and applies on/off, then says in one message what the state is and, when it is not
   * what was asked for, why (an invalid config keeps the layer off; the variable overrides).
   * @param {"on" | "off"} wanted @param {any} ctx
   */
  function switchTo(wanted, ctx) {
    let where = "";
    let saveError = "";
    try {
      where = writeTokenSaverSetting(getAgentDir(), wanted);
    } catch (error) {
      saveError = error instanceof Error ? error.message : String(error);
    }
    config.reload({ ...(/** @type {any} */ (config).where ?? {}), agentDir: getAgentDir() });
    hooks.configReloaded?.(ctx);
    const env = process.env.PI_LEAN_TOKEN_SAVER;
    const effective = config.error ? "off" : config.value.tokenSaver;
    apply(effective === "on", ctx);
    if (config.error && wanted === "on") {
      const saved = where ? ` "on" is saved (${where}) and applies once the file is fixed.` : "";
      tell(ctx, `Token Saver is still off: ${config.error.message}. Fix that file, then run /token-saver on again.${saved}`, "warning");
      return;
    }
    if (saveError) {
      tell(ctx, `Token Saver ${effective} for now, but the setting could not be saved: ${saveError}.`, "warning");
      return;
    }
    const note = env && env !== wanted ? ` PI_LEAN_TOKEN_SAVER=${env} overrides it.` : "";
    tell(ctx, `Token Saver ${effective}${where ? `; saved to ${where}` : ""}.${note}`);
  }

  /** Waits until every original put so far is on disk (the store writes behind `put`). */
  function flushStores() {
    for (const s of [store, ...otherStores.values()]) {
      try {
        s?.flush();
      } catch {
        // A failed blob write stays retrievable from memory; nothing more to do here.
      }
    }
  }

  pi.on("session_start", (_event, ctx) => {
    // Runs after index.js reloaded the config (handlers run in registration order).
    // A fork or resume reads the previous session's blobs through a new store instance.
    flushStores();
    releaseClaims();
    stats.reset();
    originals.clear();
    delivered.clear();
    recent.clear();
    feedback.clear();
    otherStores.clear();
    store = null;
    lastPrefix = null;
    tracker.startRun();
    storeKey = storeKeyOf(ctx.sessionManager.getSessionId());
    sessionFile = ctx.sessionManager.getSessionFile() ?? null;
    persistent = Boolean(sessionFile);
    const branch = ctx.sessionManager.getBranch();
    loadFromBranch(branch);
    issued.clear();
    // Every branch of the session file: an id from a branch left with /tree is still this session's.
    for (const entry of ctx.sessionManager.getEntries?.() ?? branch) {
      const id = entry?.type === "message" ? /** @type {any} */ (entry.message)?.details?.tokenSaver?.id : undefined;
      if (typeof id === "string") issued.add(id);
    }
    // A resumed session's folder is in use from now on, whether or not the layer is on.
    const root = storeRoot(getAgentDir());
    if (persistent && fs.existsSync(path.join(root, storeKey))) claim(storeKey);
    // Other sessions' folders: pruned in the background (status waits for it), whatever the
    // layer's state, since their originals were stored while it was on.
    const protect = new Set([storeKey, ...[...originals.values()].map((o) => storeKeyOf(o.storeKey))]);
    const sessionDirs = [path.join(getAgentDir(), "sessions"), ...(sessionFile ? [path.dirname(sessionFile)] : [])];
    pruning = pruneStores(root, { ...retentionLimits(), protect, sessionDirs })
      .then((report) => {
        lastPrune = report;
      })
      .catch(() => {});
    // A broken config fails closed for skills and safe for the Token Saver: off.
    const on = !config.error && config.value.tokenSaver === "on";
    try {
      // Capability routing applies itself at its own session_start, which runs after this one.
      apply(on, ctx, { capabilities: false });
    } catch (error) {
      enabled = false;
      tell(ctx, `pi-lean Token Saver disabled: ${error instanceof Error ? error.message : error}`);
    }
  });

  pi.on("session_shutdown", async () => {
    flushStores();
    releaseClaims();
    enabled = false;
    // SO-35: the helper schema leaves with the session; session_start adds it back while on.
    try {
      const active = pi.getActiveTools();
      if (active.includes(RETRIEVE_TOOL)) pi.setActiveTools(active.filter((n) => n !== RETRIEVE_TOOL));
    } catch {
      // Shutdown must not fail because the runtime is already gone.
    }
    // Let a prune in progress finish rather than leave a half-deleted folder behind.
    await pruning;
  });

  pi.on("session_compact", () => {
    // Earlier outputs may have left the context, so a repeat must be sent in full again.
    delivered.clear();
    recent.clear();
  });

  pi.on("before_agent_start", (event) => {
    if (event.messageType === "user") prompt = event.prompt;
    intent = undefined;
  });

  // What the assistant says before its tool calls names what it looks for in their output; it
  // ends before the calls run, so each message's words serve that message's results.
  pi.on("message_end", (event) => {
    if (event.message?.role === "assistant") intent = assistantText(event.message);
  });

  pi.on("agent_start", () => {
    tracker.startRun();
  });

  pi.on("turn_start", () => {
    tracker.startTurn();
  });

  pi.on("tool_result", async (event, ctx) => {
    if (!enabled) return undefined;
    tracker.recordResult(event);
    try {
      const patch = await compactToolResult(
        event,
        { prompt, intent, cwd: ctx.cwd, recoverable: pi.getActiveTools().includes(RETRIEVE_TOOL) },
        {
          // Durable before visible: a persisted session's view names an id only once its
          // original is on disk (written, synced, renamed in), so no crash after the handler
          // returns can leave a marker without its original. A failed write rejects, and the
          // catch below returns Pi's own result.
          put: (original) => (persistent ? openStore().putDurable(original) : openStore().put(original)),
          storeKey,
          originals,
          delivered,
          recent,
          aggressiveness: () => 1,
          compact: async (input, options) => feedback.compact((i, o) => transforms.run(runEngine, i, o), input, options),
          budgetTokens: (tool) => compactionBudgetFor(config.value.compactionBudget, tool),
          stats,
        },
      );
      if (patch) {
        issued.add(/** @type {any} */ (patch).details.tokenSaver.id);
        showStatus(ctx);
      }
      return /** @type {any} */ (patch);
    } catch {
      return undefined; // fail open: Pi's own result goes through
    }
  });

  pi.on("before_provider_request", (event) => {
    if (!enabled) return undefined;
    const hash = prefixHash(event.payload);
    if (hash && lastPrefix && hash !== lastPrefix) stats.prefixChanges += 1;
    if (hash) lastPrefix = hash;
    if (!tracker.routineContinuation) return undefined;
    return clampEffort(event.payload) ?? undefined;
  });

  /** What the skills manager shows and toggles. */
  return {
    isOn: () => enabled,
    statusLine: () => stats.statusLine(),
    /** @param {"on" | "off"} wanted @param {any} ctx */
    switchTo: (wanted, ctx) => switchTo(wanted, ctx),
    /**
     * Applies the current config's `tokenSaver` (after a profile switch), without saving it.
     * @param {any} ctx
     */
    applyConfig(ctx) {
      const on = !config.error && config.value.tokenSaver === "on";
      if (on !== enabled) apply(on, ctx);
      else hooks.capabilities()?.refresh(ctx);
    },
  };
}

/** @typedef {ReturnType<typeof registerTokenSaver>} TokenSaverControl */
