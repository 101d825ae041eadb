// @ts-check
/**
 * The context-decisions design's working row (CD-14; `workingRow: "every-round"`): while any
 * routing round is in flight (the skill round of a prompt or a tool round, capability
 * routing, a model picker or router call) Pi's working row reads "Deciding Context", and it
 * reverts once the last of them ends. Rounds that overlap are counted, so the first to end
 * does not clear the row while another still runs. A local round takes well under a frame,
 * so the row is held for at least MIN_VISIBLE_MS after it appears: the label can be read,
 * and the round itself is never delayed (the revert is a timer). TUI only; other modes make
 * no UI calls. pi-lean's default (`workingRow: "model"`) shows a row only while a model call
 * runs ("Choosing skills" / "Choosing tools"; model-picker.js).
 */

export const DECIDING_LABEL = "Deciding Context";
/** How long the row stays up at least, so a sub-millisecond round can be seen. */
export const MIN_VISIBLE_MS = 700;

/** Rounds in flight now. */
let inFlight = 0;
/** When the row was last shown. */
let shownAt = 0;
/** @type {ReturnType<typeof setTimeout> | null} the pending revert */
let revert = null;

/** Rounds in flight (for tests and status). */
export function roundsInFlight() {
  return inFlight;
}

/**
 * Runs one round, showing the row while it (and any round overlapping it) is in flight.
 * @template T
 * @param {any} ctx  the extension context of the handler running the round
 * @param {boolean} enabled  `workingRow` is "every-round"
 * @param {() => Promise<T> | T} round
 * @returns {Promise<T>}
 */
export async function duringRound(ctx, enabled, round) {
  const ui = enabled && ctx?.mode === "tui" && ctx?.hasUI ? ctx.ui : null;
  if (!ui) return round();
  begin(ui);
  try {
    return await round();
  } finally {
    end(ui);
  }
}

/** @param {any} ui */
function begin(ui) {
  inFlight += 1;
  if (revert !== null) {
    clearTimeout(revert);
    revert = null;
  }
  if (inFlight > 1) return;
  try {
    ui.setWorkingMessage(DECIDING_LABEL);
    // Before the first turn Pi has not drawn the working row; asking for it shows it now.
    ui.setWorkingVisible?.(true);
  } catch {
    // A UI that cannot show the row costs only the row.
  }
  shownAt = Date.now();
}

/** @param {any} ui */
function end(ui) {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight > 0) return;
  const clear = () => {
    revert = null;
    if (inFlight > 0) return;
    try {
      ui.setWorkingMessage();
    } catch {
      // The session may be gone; nothing to revert then.
    }
  };
  const wait = MIN_VISIBLE_MS - (Date.now() - shownAt);
  if (wait <= 0) return clear();
  revert = setTimeout(clear, wait);
  revert.unref?.();
}
