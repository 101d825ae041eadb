// @ts-check
/**
 * Keeps Node's "WASI is an experimental feature" warning out of Pi's terminal. On the wasm
 * fallback the loader creates one WASI instance on the main thread and one in each of
 * emnapi's worker threads, and each prints that warning to stderr, where it lands in the middle
 * of Pi's TUI, once per thread. Imported before the loader (ES modules evaluate in import
 * order), so the main thread's warning is filtered while the loader runs. Only that one warning is dropped: every other warning, experimental or not, still
 * prints.
 */

const WASI_WARNING = "WASI is an experimental feature";

/** The main thread's instance: filter this one warning out of `process.emitWarning`. */
const emitWarning = process.emitWarning;
process.emitWarning = /** @type {typeof process.emitWarning} */ (
  (/** @type {string | Error} */ warning, /** @type {any[]} */ ...rest) => {
    const text = typeof warning === "string" ? warning : warning?.message;
    if (typeof text === "string" && text.startsWith(WASI_WARNING)) return;
    return /** @type {any} */ (emitWarning).call(process, warning, ...rest);
  }
);

/**
 * emnapi creates its worker threads lazily, on the first async call, copying
 * `process.execArgv`. They only run the WASI worker, so on the wasm fallback experimental
 * warnings are switched off through that copy. (`child_process.fork` also defaults to
 * `process.execArgv`; a forked Node then runs without experimental warnings too, which changes
 * nothing but stderr.) The native binding never calls this.
 */
const WORKER_FLAG = "--disable-warning=ExperimentalWarning";
export function quietWasiWorkers() {
  if (!process.execArgv.includes(WORKER_FLAG)) process.execArgv.push(WORKER_FLAG);
}
