// @ts-check
/**
 * The one message for "no build of pi-lean's core loads here" (no platform package and no
 * WebAssembly fallback next to the loader), shared by the CLI and the extension. The napi
 * loader's own error is a paragraph about an npm bug and `package-lock.json`, which does not
 * apply to Pi's agent dir; only its first sentence is kept, as the cause.
 */

/**
 * @param {unknown} error  what loading the core threw
 * @returns {string} one line: `BINDING_UNAVAILABLE: what happened; what to reinstall`
 */
export function bindingUnavailableMessage(error) {
  let text = "";
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = "an unprintable error";
  }
  const first = text.split(/\.\s|\n/)[0].trim() || "no loader error";
  const platform = `${process.platform}-${process.arch}`;
  return (
    `BINDING_UNAVAILABLE: no build of pi-lean's core could be loaded for ${platform} (${first}); ` +
    `reinstall pi-lean so that your platform's package (pi-lean-${platform}-…) or the WebAssembly fallback (pi-lean.wasi.cjs) is installed next to it ` +
    "(from a clone: npm ci && npm run build, then pi install <the clone's path>)"
  );
}
