// @ts-check
/**
 * `additive` routing: the skills the model is told about grow along the session branch and
 * are never taken away. Each round (every submitted prompt; with `cadence: "tool-round"` also
 * after each completed tool round) a picker scores only the skills not yet on the branch's
 * ledger (ledger.js) and adds the confident ones. New picks, manual picks not yet
 * delivered, and skills a compaction summarized away are appended as ONE hidden custom
 * message per round. The system prompt keeps the constant stub, so its bytes never change,
 * and nothing earlier in the context is ever rewritten: the cached prefix only grows.
 */
import { native } from "../shared/native.js";
import { certainPin, cutNote } from "./routing.js";
import { DELTA_TYPE, deriveLedger, pendingDeliveries, summarizedAway, visibleEntryIds } from "./ledger.js";
import { previousReply, runModelPicker } from "./model-picker.js";
import { toolRoundActivity } from "./activity.js";
import { piSkillsFormatter } from "../shared/pi-host.js";
import { duringRound } from "../shared/round-progress.js";

/** Heads the skills an earlier catalog on this branch showed, delivered once after a switch to additive (CD-6). */
export const SHOWN_BEFORE_HEADER = "Skills shown earlier on this branch, still available:";

/** Largest text the local picker ranks (a pasted log should not cost more than a prompt). */
export const PICKER_TEXT_MAX = 2000;

/**
 * @typedef {object} Pick
 * @property {string} name
 * @property {number} confidence  0..1; 1 for a name the text invokes
 */

/**
 * The local picker: the Rust ranker over the scope's candidates minus `exclude` (the ledger).
 * A certain pin (an explicit invocation or a distinctive name; see `certainPin`) counts as
 * certain; every other hit gets the ranker's confidence scaled by its score relative to the best hit, and is
 * kept at or above `threshold`. At most `max` picks, best first.
 * @param {import("../../index.js").SkillIndex} index
 * @param {string} text
 * @param {{ candidates: readonly string[], exclude: ReadonlySet<string>, max: number, threshold: number }} options
 * @returns {Pick[]}
 */
export function pickSkills(index, text, options) {
  const bounded = [...text].slice(0, PICKER_TEXT_MAX).join("");
  const eligible = options.candidates.filter((name) => !options.exclude.has(name));
  if (options.max <= 0 || eligible.length === 0 || bounded.trim() === "") return [];
  /** @type {Pick[]} */
  const picks = index
    .search(bounded, { limit: 8, only: eligible })
    .hits.filter(certainPin)
    .map((hit) => ({ name: hit.name, confidence: 1 }));
  const pinned = new Set(picks.map((p) => p.name));
  const rest = eligible.filter((name) => !pinned.has(name));
  if (picks.length < options.max && rest.length > 0) {
    const result = index.search(bounded, { limit: Math.min(8, options.max), only: rest });
    const top = result.hits[0]?.score ?? 0;
    for (const hit of result.hits) {
      const confidence = top > 0 ? Math.min(1, result.confidence * (hit.score / top)) : 0;
      if (confidence >= options.threshold) picks.push({ name: hit.name, confidence });
    }
  }
  return picks.slice(0, options.max);
}

/**
 * The hidden message of one round.
 * @param {import("../../index.js").SkillIndex} index
 * @param {{ added: Array<{name: string, by: import("./ledger.js").AddedBy}>, redelivered: string[], earlier: number, descriptionMax: number, format?: "names" | "pi" }} round
 *   `format: "pi"` renders the skills as Pi's own skills block (`piBlockDelta`, CD-5)
 */
export function deltaMessage(index, round) {
  if (round.format === "pi") {
    const message = piBlockDelta(index, round);
    if (message) return message;
  }
  let cut = false;
  const line = (/** @type {string} */ name) => {
    const full = index.get(name)?.description ?? "";
    const description = native.capDescription(full, round.descriptionMax);
    if (description && description !== full) cut = true;
    return description ? `- ${name}: ${description}` : `- ${name}`;
  };
  /** @type {string[]} */
  const lines = [];
  const fresh = round.added.filter((a) => a.by !== "catalog");
  const shownBefore = round.added.filter((a) => a.by === "catalog");
  if (fresh.length > 0) lines.push('Skills added for this conversation (load one with skill {"name": "<exact name>"} when the task matches):', ...fresh.map((a) => line(a.name)));
  // CD-6: skills an earlier system-prompt catalog showed on this branch stay advertised.
  if (shownBefore.length > 0) lines.push(`${SHOWN_BEFORE_HEADER}`, ...shownBefore.map((a) => line(a.name)));
  if (round.redelivered.length > 0) lines.push("Skills announced before the conversation summary, still available:", ...round.redelivered.map(line));
  if (round.earlier > 0) lines.push(`Skills announced earlier (${round.earlier}) remain available through skill.`);
  if (cut) lines.push(cutNote(round.descriptionMax));
  /** @type {import("./ledger.js").DeltaDetails} */
  const details = { added: round.added, redelivered: round.redelivered };
  return { customType: DELTA_TYPE, content: lines.join("\n"), display: false, details };
}

/**
 * The context-decisions design's delta (`deltaFormat: "pi"`, CD-5): every skill this round
 * announces (added, shown before on the branch, re-delivered after a summary) in the block Pi's
 * own `formatSkillsForPrompt` renders (name, complete description, SKILL.md location, and Pi's
 * instruction to read the file), then one line for the skills announced earlier. A `read` of a
 * listed file goes through pi-lean's guard like any other (LS-27). Null when Pi's formatter is
 * not available or renders nothing, and the caller falls back to name lines.
 * @param {import("../../index.js").SkillIndex} index
 * @param {{ added: Array<{name: string, by: import("./ledger.js").AddedBy}>, redelivered: string[], earlier: number }} round
 */
function piBlockDelta(index, round) {
  const format = piSkillsFormatter();
  if (!format) return null;
  const names = [...new Set([...round.added.map((a) => a.name), ...round.redelivered])];
  const skills = [];
  for (const name of names) {
    const info = index.get(name);
    if (!info?.filePath) continue;
    skills.push({ name, description: info.description, filePath: info.filePath, baseDir: info.baseDir ?? "", disableModelInvocation: false });
  }
  let block = "";
  try {
    block = skills.length > 0 ? format(skills, "read").replace(/^\n+/, "") : "";
  } catch {
    return null;
  }
  if (!block && round.earlier === 0) return null;
  const lines = block ? [block] : [];
  if (round.earlier > 0) lines.push(`Skills announced earlier (${round.earlier}) remain available.`);
  /** @type {import("./ledger.js").DeltaDetails} */
  const details = { added: round.added, redelivered: round.redelivered };
  return { customType: DELTA_TYPE, content: lines.join("\n"), display: false, details };
}

/**
 * @typedef {object} RoundInput
 * @property {import("../../index.js").SkillIndex} index
 * @property {readonly string[]} candidates          in scope, not denied, model-visible
 * @property {(name: string) => boolean} deliverable  may still be advertised (not denied, loadable in the scope)
 * @property {readonly any[]} branch                  the session branch, root to leaf
 * @property {string | null} text                     what the picker ranks; null = no picking this round
 * @property {{ maxAddedPerRound: number, pickThreshold: number, catalogDescriptionMax: number, minimumInventory?: number, deltaFormat?: "names" | "pi" }} config
 * @property {readonly string[]} [base]              the always-allowed base, already in the system prompt (CD-2)
 * @property {string} [previousReply]  the previous run's final visible reply (CD-9): the local picker ranks it with the user's text when that text alone picks nothing
 * @property {(text: string, eligible: string[]) => Promise<Array<{name: string}> | null>} [modelPicker]
 *   the opt-in model picker; null (or a throw) falls back to the local picker
 */

/**
 * One round: re-deliveries (no re-scoring), pending manual picks, then the picker's new
 * picks. A picker failure only costs this round's new picks; the ledger is untouched.
 * @param {RoundInput} input
 * @returns {Promise<ReturnType<typeof deltaMessage> | null>}
 */
export async function additiveRound(input) {
  const ledger = deriveLedger(input.branch);
  const redelivered = summarizedAway(ledger, visibleEntryIds(input.branch)).filter(input.deliverable);
  const base = new Set(input.base ?? []);
  /** @type {Array<{name: string, by: import("./ledger.js").AddedBy}>} */
  const added = pendingDeliveries(ledger).filter((p) => !base.has(p.name) && input.index.get(p.name) && input.deliverable(p.name));
  // CD-6: while the scope is this small every skill is advertised; the ledger keeps them.
  const inventory = input.config.minimumInventory ?? 0;
  if (inventory > 0 && input.candidates.length <= inventory) {
    const known = new Set([...ledger.skills.keys(), ...ledger.removed, ...added.map((a) => a.name)]);
    for (const name of input.candidates) if (!known.has(name) && !base.has(name) && input.deliverable(name)) added.push({ name, by: "inventory" });
  }
  if (input.text !== null) {
    const exclude = new Set([...ledger.skills.keys(), ...ledger.removed, ...added.map((a) => a.name), ...base]);
    for (const pick of await picksFor(input, input.text, exclude)) added.push({ name: pick.name, by: "picker" });
  }
  if (added.length === 0 && redelivered.length === 0) return null;
  const shown = new Set([...added.map((a) => a.name), ...redelivered]);
  const earlier = [...ledger.skills.values()].filter((s) => s.deliveredIn.length > 0 && !shown.has(s.name)).length;
  return deltaMessage(input.index, { added, redelivered, earlier, descriptionMax: input.config.catalogDescriptionMax, format: input.config.deltaFormat });
}

/**
 * New picks for one round: the model picker when configured and it answers, else the local
 * picker. Any failure costs only this round's picks; the ledger is untouched.
 * @param {RoundInput} input @param {string} text @param {Set<string>} exclude
 * @returns {Promise<Array<{name: string}>>}
 */
async function picksFor(input, text, exclude) {
  const max = input.config.maxAddedPerRound;
  if (max <= 0) return [];
  if (input.modelPicker) {
    const eligible = input.candidates.filter((name) => !exclude.has(name));
    try {
      const chosen = eligible.length > 0 ? await input.modelPicker(text, eligible) : [];
      if (chosen) return chosen.slice(0, max);
    } catch {
      // fall back to the local picker below
    }
  }
  try {
    const options = { candidates: input.candidates, exclude, max, threshold: input.config.pickThreshold };
    const picks = pickSkills(input.index, text, options);
    // CD-9: a reply to the model ("yes, do that", "the first one") names no skill itself; what
    // it agrees to is in the previous reply. Ranked together only then, so a prompt with its
    // own signal is never widened by the options a reply merely weighed.
    const reply = input.previousReply?.trim() ?? "";
    if (picks.length > 0 || reply === "") return picks;
    return pickSkills(input.index, `${text}\n${[...reply].slice(0, PICKER_TEXT_MAX).join("")}`, options);
  } catch {
    return [];
  }
}

/**
 * The text a tool-round pass ranks: the assistant's visible text and the names and arguments
 * of the tools it called, bounded. Thinking, tool results and earlier turns are left out.
 * @param {any} message  the turn's assistant message
 */
export function toolRoundText(message) {
  /** @type {string[]} */
  const parts = [];
  for (const part of Array.isArray(message?.content) ? message.content : []) {
    if (part?.type === "text" && typeof part.text === "string") parts.push(part.text);
    else if (part?.type === "toolCall" && typeof part.name === "string") parts.push(`${part.name} ${JSON.stringify(part.arguments ?? {}).slice(0, PICKER_TEXT_MAX)}`);
  }
  return [...parts.join("\n")].slice(0, PICKER_TEXT_MAX).join("");
}

/**
 * Wires additive routing: `round` runs from the skills' `before_agent_start` (the local
 * picker falls back to the previous reply when the prompt alone picks nothing, CD-9); `turn_end`
 * re-delivers after a compaction that happened inside a run, scores user updates queued
 * while the run streams (CD-9: follow-ups and steers start no run of their own), and
 * (cadence `tool-round`) runs a picking pass after each completed tool round. A `turn_end` delivery is a proposed
 * entry only: it never asks Pi to continue.
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {import("./index.js").SkillsRuntime} runtime
 */
export function registerAdditiveRouting(pi, runtime) {
  let compactedInRun = false;
  const active = () => runtime.config.value.routing === "additive" && !runtime.config.error;

  /** CD-9: user updates queued while a run streams (follow-ups, steers), scored at the next turn_end. @type {string[]} */
  let queued = [];

  pi.on("session_start", () => {
    compactedInRun = false;
    queued = [];
  });


  pi.on("session_compact", (_event, ctx) => {
    if (active() && !ctx.isIdle()) compactedInRun = true;
  });

  /**
   * @param {import("../../index.js").SkillIndex} index
   * @param {import("./access.js").AccessView} view
   * @param {string | null} text @param {any} ctx
   * @param {import("./activity.js").ActivityBlock[]} [activity]  a tool round's bounded activity, for the model picker (CD-13)
   */
  async function build(index, view, text, ctx, activity) {
    const scopeState = runtime.scopeState();
    const access = runtime.access();
    const config = runtime.config.value;
    const branch = ctx.sessionManager.getBranch();
    /** @type {RoundInput["modelPicker"]} */
    const modelPicker =
      config.picker === "model"
        ? async (task, eligible) => {
            // Candidates best-first by the local ranker, so the bounded list keeps the likely ones.
            const ranked = index.search(task, { limit: 8, only: eligible }).hits.map((h) => h.name);
            const ordered = [...new Set([...ranked, ...eligible])];
            const candidates = ordered.map((name) => ({ name, description: index.get(name)?.description ?? "" }));
            const names = await runModelPicker(ctx, config, { task, previousReply: previousReply(branch), candidates, ...(activity ? { activity } : {}) });
            return names ? names.map((name) => ({ name })) : null;
          }
        : undefined;
    const message = await additiveRound({
      index,
      candidates: view.candidates,
      deliverable: (name) => !view.deniedSet.has(name) && index.get(name)?.disableModelInvocation === false && scopeState.mayLoad(name, view.members),
      branch,
      text,
      config,
      modelPicker,
      base: view.base,
      // A tool round ranks the model's own activity; only user text answers a reply.
      previousReply: text !== null && !activity ? previousReply(branch) : "",
    });
    return message ? { ...message, content: access.redact(index, message.content) } : null;
  }

  /** @param {any} event @param {any} ctx */
  async function onTurnEnd(event, ctx) {
    if (!active()) return;
    const toolRound = runtime.config.value.cadence === "tool-round" && (event.toolResults?.length ?? 0) > 0;
    const updates = queued.splice(0);
    if (!compactedInRun && !toolRound && updates.length === 0) return;
    compactedInRun = false;
    const index = runtime.catalog().index;
    if (!index) return;
    const parts = [updates.length > 0 ? [...updates.join("\n")].slice(-PICKER_TEXT_MAX).join("") : "", toolRound ? toolRoundText(event.message) : ""].filter(Boolean);
    const message = await duringRound(ctx, runtime.config.value.workingRow === "every-round", () =>
      build(runtime.listed(index), runtime.access().view(index), parts.length > 0 ? parts.join("\n") : null, ctx, toolRound ? toolRoundActivity(event.message) : undefined),
    );
    if (!message) return;
    return { entries: [...(event.entries ?? []), { type: "custom_message", ...message }] };
  }

  /**
   * Pi rebuilds the whole session's context at every turn end that has a listener (before and
   * after each handler, and again to commit their entries): work that grows with the session,
   * paid on every turn. So `turn_end` is subscribed only while additive routing is on, which is
   * the only time the handler does anything; every config reload re-decides. An API whose `on`
   * returns no unsubscribe keeps the handler once added (it returns at once while off).
   * @type {{ off: (() => void) | null } | null}
   */
  let turnEnd = null;
  function syncTurnEnd() {
    if (active() && !turnEnd) {
      const off = pi.on("turn_end", onTurnEnd);
      turnEnd = { off: typeof off === "function" ? off : null };
    } else if (!active() && turnEnd?.off) {
      turnEnd.off();
      turnEnd = null;
    }
  }
  syncTurnEnd();
  runtime.config.onReload?.(syncTurnEnd);

  return {
    /**
     * Called by the skills' `input` handler with the text that goes on: a user update queued
     * while a run streams is kept for the next turn_end (CD-9).
     * @param {{ text?: unknown, streamingBehavior?: unknown }} event
     */
    noteInput(event) {
      if (!active() || !event.streamingBehavior || typeof event.text !== "string" || event.text.trim() === "") return;
      queued.push(event.text);
      // Only the newest text is ranked; older queued updates beyond the bound add nothing.
      if (queued.length > 8) queued = queued.slice(-8);
    },
    /**
     * @param {import("../../index.js").SkillIndex} index
     * @param {import("./access.js").AccessView} view
     * @param {string | null} prompt @param {any} ctx
     */
    round(index, view, prompt, ctx) {
      return build(index, view, prompt, ctx);
    },
  };
}
