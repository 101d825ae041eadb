// @ts-check
/**
 * Loads the native core (the napi-rs addon) once per process. Node caches the addon, so a
 * `/reload` or session switch re-runs the extension factory without reloading the binary.
 */
import * as binding from "../index.js";

/** @typedef {typeof import("../index.js")} Native */

/** @type {Native} */
export const native = binding;

/**
 * Maps an error thrown by the addon to its stable code. Panics caught at the boundary
 * surface as `GenericFailure`; everything else carries a core code like `SKILL_NOT_FOUND`.
 * @param {unknown} error
 * @returns {string}
 */
export function errorCode(error) {
  const code = /** @type {{code?: unknown}} */ (error)?.code;
  if (typeof code === "string" && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
  return "INTERNAL";
}

/**
 * The human part of an addon error message (the addon prefixes nothing; kept for symmetry).
 * @param {unknown} error
 */
export function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}
