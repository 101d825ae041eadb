// Every repository path a CI workflow names exists: a moved file (extension/native.js went to
// extension/shared/native.js) otherwise breaks only the cross-platform jobs, which run on release,
// and actionlint cannot see inside `run:` scripts. The per-platform smoke check is one script,
// run by the workflow and by scripts/test-platform.mjs alike.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORKFLOWS = path.join(ROOT, ".github", "workflows");
/** Top-level entries of the repository: a word starting with one of these is a repo path. */
const TOP = fs.readdirSync(ROOT).filter((name) => !name.startsWith(".") && name !== "node_modules" && name !== "target");

/** The repo paths a workflow's text names (templated ones, `${{ … }}`, only up to the template). */
function referencedPaths(/** @type {string} */ text) {
  const found = new Set();
  const word = /(?<![\w./-])(?:\.\/)?([\w.-]+(?:\/[\w.*-]+)+|[\w-]+\.(?:mjs|js|json|toml|yml))/g;
  for (const line of text.split("\n")) {
    if (/^\s*#/.test(line)) continue;
    for (const match of line.matchAll(word)) {
      const candidate = match[1];
      const first = candidate.split("/")[0];
      if (!TOP.includes(first)) continue;
      // Stop at a glob or a template: the part before it must exist.
      const fixed = candidate.split("/").filter((_, i, parts) => !parts.slice(0, i + 1).some((p) => p.includes("*")));
      const end = line.slice(match.index + match[0].length).startsWith("${{") ? fixed.slice(0, -1) : fixed;
      if (end.length) found.add(end.join("/"));
    }
  }
  return [...found];
}

test("the path finder sees the moved import that broke the release jobs", () => {
  const old = `run: node --input-type=module -e "const m = await import('./extension/native.js');"`;
  assert.deepEqual(referencedPaths(old), ["extension/native.js"]);
  assert.equal(fs.existsSync(path.join(ROOT, "extension", "native.js")), false);
});

test("every repository path a workflow references exists", () => {
  const files = fs.readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(files.length > 0);
  let checked = 0;
  for (const file of files) {
    for (const ref of referencedPaths(fs.readFileSync(path.join(WORKFLOWS, file), "utf8"))) {
      checked++;
      assert.ok(fs.existsSync(path.join(ROOT, ref)), `${file} references ${ref}, which does not exist`);
    }
  }
  assert.ok(checked >= 5, `only ${checked} paths found: the finder is not reading the workflows`);
});

test("the per-platform smoke check is one script, shared by the workflow and test-platform.mjs", () => {
  const workflow = fs.readdirSync(WORKFLOWS).map((f) => fs.readFileSync(path.join(WORKFLOWS, f), "utf8")).join("\n");
  const platformScript = fs.readFileSync(path.join(ROOT, "scripts", "test-platform.mjs"), "utf8");
  assert.ok(workflow.includes("scripts/smoke-binding.mjs"));
  assert.ok(platformScript.includes("scripts/smoke-binding.mjs"));
  for (const text of [workflow, platformScript]) assert.doesNotMatch(text, /bindingTarget/, "the check is written in the shared script only");
});
