// @ts-check
/**
 * Retrieval feedback: when the model pulls dropped lines back with `token_retrieve`, later
 * results of the same shape are compacted a little less. "Same shape" is what was actually
 * retrieved: the producing tool and the content kind the engine detected (`test`, `log`,
 * `grep`, ...), and, when the retrieved lines sat under a marker, that marker's template. A
 * retrieval from a `cargo test` run therefore leaves a later `git diff` alone.
 *
 * The feedback is proportionate:
 * - each retrieval adds a fixed weight, capped, so repeated retrievals cannot run away;
 * - every later compaction of that shape halves the weight, so it fades once the model stops
 *   asking;
 * - a softened view may grow by at most `max(base, 4 KB) × weight` over the view the engine
 *   would give without feedback; the gentlest aggressiveness that fits that bound is used, and
 *   when none does the plain view is kept. One retrieval can no longer make the next view of a
 *   test run an order of magnitude larger.
 * At most `MAX_SHAPES` shapes are tracked; the weakest is forgotten first.
 */

/** Weight one retrieval adds, and the most a shape can carry. */
export const FEEDBACK_STEP = 0.5;
export const MAX_WEIGHT = 1;
/** Each later compaction of the shape multiplies its weight by this. */
export const DECAY = 0.5;
/** Below this weight a shape is forgotten. */
const MIN_WEIGHT = 0.05;
/** The lowest aggressiveness feedback asks for (at full weight). */
export const MIN_AGGRESSIVENESS = 0.5;
/** Growth allowance per unit of weight: at least this many bytes, or the plain view's size. */
export const GROWTH_FLOOR_BYTES = 4096;
const MAX_SHAPES = 32;
/** Views remembered for mapping a retrieval back to its marker's template. */
const MAX_VIEWS = 256;
/** Above this input size only one softened attempt is made (each attempt is a full pass). */
const LADDER_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * @typedef {{ startLine: number, endLine: number, template: string }} Range
 * @typedef {{ tool: string, kind: string, weight: number, template: string | null, retrievals: number, applied: number, heldBack: number, lastGrowth: number }} Shape
 * @typedef {(input: Buffer | string, options: Record<string, any>) => Promise<import("../../index.js").CompactResult> | import("../../index.js").CompactResult} CompactFn
 */

/** @param {string} tool @param {string} kind */
function shapeKey(tool, kind) {
  return `${tool}\u0000${kind}`;
}

export class RetrievalFeedback {
  constructor() {
    /** @type {Map<string, Shape>} */
    this.shapes = new Map();
    /** id -> what its view was, so a retrieval maps to a shape and template. @type {Map<string, {tool: string, kind: string, ranges: Range[] | null}>} */
    this.views = new Map();
  }

  clear() {
    this.shapes.clear();
    this.views.clear();
  }

  /**
   * Remembers a compacted view (live, or replayed from the session branch without ranges).
   * @param {string} id @param {string} tool @param {string} kind @param {Range[] | null} ranges
   */
  noteView(id, tool, kind, ranges) {
    this.views.delete(id);
    this.views.set(id, { tool, kind, ranges });
    if (this.views.size > MAX_VIEWS) this.views.delete(/** @type {string} */ (this.views.keys().next().value));
  }

  /**
   * A successful retrieval of `id` from `startLine`: strengthens the shape it came from.
   * Returns the shape, or null when the id's view is unknown (nothing to act on).
   * @param {string} id @param {number} [startLine]
   */
  noteRetrieval(id, startLine = 1) {
    const view = this.views.get(id);
    if (!view) return null;
    const key = shapeKey(view.tool, view.kind);
    const range = view.ranges?.find((r) => startLine >= r.startLine && startLine <= r.endLine) ?? null;
    const shape = this.shapes.get(key) ?? { tool: view.tool, kind: view.kind, weight: 0, template: null, retrievals: 0, applied: 0, heldBack: 0, lastGrowth: 0 };
    shape.weight = Math.min(MAX_WEIGHT, shape.weight + FEEDBACK_STEP);
    shape.retrievals += 1;
    if (range) shape.template = range.template;
    this.shapes.delete(key);
    this.shapes.set(key, shape);
    this.evict();
    return shape;
  }

  /** Weight for a shape (0 when none). @param {string} tool @param {string} kind */
  weight(tool, kind) {
    return this.shapes.get(shapeKey(tool, kind))?.weight ?? 0;
  }

  /** A compaction of this shape happened: the feedback fades. @param {string} tool @param {string} kind */
  decay(tool, kind) {
    const key = shapeKey(tool, kind);
    const shape = this.shapes.get(key);
    if (!shape) return;
    shape.weight *= DECAY;
    if (shape.weight < MIN_WEIGHT) this.shapes.delete(key);
  }

  evict() {
    while (this.shapes.size > MAX_SHAPES) {
      let weakest = null;
      for (const [key, shape] of this.shapes) if (!weakest || shape.weight < /** @type {Shape} */ (this.shapes.get(weakest)).weight) weakest = key;
      this.shapes.delete(/** @type {string} */ (weakest));
    }
  }

  /**
   * Compacts with feedback: the plain view first; when its shape carries weight (and, if the
   * retrieval had a template, that template is among the plain view's dropped ranges), softer
   * views are tried from the weight's aggressiveness towards 1 and the first within the growth
   * bound wins. The shape decays either way.
   * @param {CompactFn} run @param {Buffer | string} input @param {Record<string, any>} options
   */
  async compact(run, input, options) {
    const base = await run(input, { ...options, aggressiveness: 1 });
    const tool = String(options.tool ?? "");
    const shape = this.shapes.get(shapeKey(tool, base.kind));
    if (!base.changed || !shape) {
      if (base.changed) this.noteView(base.id, tool, base.kind, base.ranges);
      return base;
    }
    let chosen = base;
    const templateAbsent = shape.template !== null && !base.ranges.some((r) => r.template === shape.template);
    if (!templateAbsent) {
      const bound = base.outputBytes + Math.max(base.outputBytes, GROWTH_FLOOR_BYTES) * shape.weight;
      const target = 1 - (1 - MIN_AGGRESSIVENESS) * shape.weight;
      const inputBytes = typeof input === "string" ? Buffer.byteLength(input) : input.length;
      const ladder = inputBytes > LADDER_LIMIT_BYTES ? [target] : [target, 1 - (1 - target) / 3, 1 - (1 - target) / 10, 1 - (1 - target) / 50];
      for (const aggressiveness of ladder) {
        const softer = await run(input, { ...options, kind: base.kind, aggressiveness });
        if (softer.changed && softer.outputBytes <= bound && softer.outputBytes > base.outputBytes) {
          chosen = softer;
          break;
        }
      }
      if (chosen === base) shape.heldBack += 1;
      else shape.applied += 1;
      shape.lastGrowth = chosen.outputBytes - base.outputBytes;
    }
    this.decay(tool, base.kind);
    this.noteView(chosen.id, tool, chosen.kind, chosen.ranges);
    return chosen;
  }

  /** One line per active shape for `/token-saver stats`. */
  describe() {
    return [...this.shapes.values()]
      .sort((a, b) => b.weight - a.weight)
      .map((s) => {
        // Cut by code points: a cut by UTF-16 units could split an emoji into a lone surrogate.
        const chars = s.template ? Array.from(s.template) : [];
        const template = s.template ? ` "${chars.length > 40 ? `${chars.slice(0, 39).join("")}…` : s.template}"` : "";
        const used = s.applied + s.heldBack === 0 ? "not used yet" : `softened ${s.applied}, held to plain view ${s.heldBack}, last +${s.lastGrowth} bytes`;
        return `${s.tool}/${s.kind}${template} weight ${s.weight.toFixed(2)} (${s.retrievals} retrieval${s.retrievals === 1 ? "" : "s"}, ${used})`;
      });
  }
}
