// @ts-check
/**
 * Loads the native core (the napi-rs addon) once per process. Node caches the addon, so a
 * `/reload` or session switch re-runs the extension factory without reloading the binary.
 * Loading never throws: when no build of the core loads (no platform package and no
 * WebAssembly fallback), `bindingError` holds why, and the extension's entry registers nothing
 * (Pi then runs as stock) while the CLI says so in one line. The loader is required rather
 * than imported so that its failure can be caught: an import that throws takes down every
 * module that imports it, and Pi loads extensions through jiti, where only static imports
 * resolve Pi's own packages.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { quietWasiWorkers } from "./quiet-wasi.js";

/** @typedef {typeof import("../../index.js")} Native */

/** Why no build of the core loaded, or null when one did. @type {unknown} */
export let bindingError = null;

/** @type {Native} */
let binding = /** @type {any} */ (null);
try {
  binding = createRequire(import.meta.url)("../../index.js");
} catch (error) {
  bindingError = error ?? new Error("the core's loader failed");
}
if (binding && binding.__napiBindingTarget !== "native") quietWasiWorkers();

/**
 * The static-embedding table skill search fuses with BM25F: one data file in the root package,
 * shared by the native binary and the WebAssembly fallback instead of compiled into each.
 * Naming it reads nothing; the core reads and checks it once, at the first index built with
 * embeddings, and a missing or corrupt file means BM25F alone with an EMBEDDINGS_UNAVAILABLE
 * diagnostic on that index.
 */
export const embeddingTablePath = fileURLToPath(new URL("../../crates/lean-core/data/skill-embeddings.bin", import.meta.url));
if (binding) {
  try {
    binding.setEmbeddingTable(embeddingTablePath);
  } catch {
    // An older addon without the entry: search runs on whatever table it carries.
  }
}

/** The core; only to be used when `bindingError` is null. @type {Native} */
export const native = binding;

/**
 * Which build of the core this process runs, for `pi-lean report` and `/token-saver status`:
 * `native <platform>` (the `.node` file the loader picked, e.g. `linux-x64-gnu`) or
 * `wasm32-wasi` (the WebAssembly fallback shipped in the root package, used when no native
 * binary loads). The loader only says native vs wasm, so the platform comes from the addon
 * file Node actually loaded: addons sit in the shared CommonJS module cache under their path.
 */
export const bindingTarget = describeBinding();

function describeBinding() {
  if (!binding) return "none (BINDING_UNAVAILABLE)";
  if (binding.__napiBindingTarget !== "native") return `${binding.__napiBindingTarget} (WebAssembly fallback, slower than native)`;
  const addon = Object.keys(createRequire(import.meta.url).cache).find((file) => file.endsWith(".node"));
  if (!addon) return "native";
  const platform = /^pi-lean\.(.+)\.node$/.exec(path.basename(addon))?.[1];
  return platform ? `native ${platform}` : `native ${addon}`;
}

/**
 * The stable code of an error from the addon: its `code` property, which every addon error
 * carries, thrown or rejected (`INVALID_ARGUMENT`, `SKILL_NOT_FOUND`, `INTERNAL` for a caught
 * panic, …). One exception: the wasm fallback's runtime rejects an async task's promise with
 * napi's own status (`code: "GenericFailure"`) while keeping our message, so for that status
 * alone the code is the message's `CODE: ` prefix. Anything else, such as a JS TypeError, is
 * `INTERNAL`.
 * @param {unknown} error
 * @returns {string}
 */
export function errorCode(error) {
  const code = /** @type {{code?: unknown}} */ (error)?.code;
  if (typeof code === "string" && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
  if (code === "GenericFailure" && error instanceof Error) {
    const prefixed = /^([A-Z][A-Z0-9_]+): [^;]*; /.exec(error.message);
    if (prefixed) return prefixed[1];
  }
  return "INTERNAL";
}

/**
 * The error's message in the one form `CODE: what happened; what to do`. Addon messages are
 * already in it; anything else is put in it, so no caller shows a bare or code-less message.
 * @param {unknown} error
 */
export function errorMessage(error) {
  const code = errorCode(error);
  let text = "";
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = "an unprintable error";
  }
  if (text.startsWith(`${code}: `) && text.includes("; ")) return text;
  const what = text.replace(/^[A-Z][A-Z0-9_]+: /, "").replace(/;/g, ",").trim() || "an error without a message";
  return `${code}: ${what}; retry, and report it as a pi-lean bug if it repeats`;
}
