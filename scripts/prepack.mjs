// `prepack` of the root package. A root tarball carries no native binary (those ship in the
// platform packages), so it runs on its own only through the WebAssembly fallback. With the
// fallback built, its structural check runs (check-artifacts.mjs); without it, `npm pack`
// stops with one line that says what to run instead, rather than packing a tarball that
// cannot load its core. The embedding table (one data file for every build of the core) must be
// there too: without it search still works, on BM25F alone, which is not what a release ships.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BINARY_NAME, ROOT, WASM_TARGET } from "./build-targets.mjs";

if (!fs.existsSync(path.join(ROOT, `${BINARY_NAME}.wasm32-wasi.wasm`))) {
  process.stderr.write(
    "pi-lean: npm pack needs the WebAssembly fallback (npm run build:all -- --only=wasm32-wasi); for a tarball that installs on this machine, run npm run pack:local instead\n",
  );
  process.exit(1);
}
const table = path.join(ROOT, "crates", "lean-core", "data", "skill-embeddings.bin");
const header = fs.existsSync(table) ? fs.readFileSync(table).subarray(0, 8).toString("latin1") : "";
if (header !== "PLEMB001") {
  process.stderr.write(`pi-lean: npm pack needs the embedding table at ${path.relative(ROOT, table)} (${header ? "not a table" : "missing"}); restore it from git\n`);
  process.exit(1);
}
const check = spawnSync(process.execPath, [path.join(ROOT, "scripts", "check-artifacts.mjs"), WASM_TARGET.platform], { stdio: "inherit" });
process.exit(check.status ?? 1);
