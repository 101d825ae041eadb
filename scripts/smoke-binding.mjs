// `node scripts/smoke-binding.mjs <platform>`: the per-platform smoke check, shared by the CI
// workflow and scripts/test-platform.mjs. Loads the binding the way the extension does and exits 1
// unless it is the native binary for <platform> (say, `linux-arm64-gnu`), so a job never passes
// on a fallback (the wasm build, or another platform's package).
const platform = process.argv[2];
if (!platform) {
  process.stderr.write("usage: smoke-binding.mjs <platform>\n");
  process.exit(2);
}
const { bindingTarget } = await import(new URL("../extension/shared/native.js", import.meta.url).href);
process.stdout.write(`${process.platform}-${process.arch} | ${bindingTarget}\n`);
if (bindingTarget !== `native ${platform}`) {
  process.stderr.write(`smoke-binding: expected native ${platform}, loaded ${bindingTarget}\n`);
  process.exit(1);
}
