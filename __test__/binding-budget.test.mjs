// The binding stays a thin converter, and unsafe code stays rare (issue 27): `src/` at most
// 1,500 lines with no file over 400, at most 15 unsafe sites there and 40 in the core, each
// with a SAFETY comment. An unsafe site is a line with `unsafe {`, `unsafe fn` or `unsafe impl`.
// Logic the binding would otherwise grow (validation, defaults, messages, result shapes)
// belongs in `crates/lean-core` (`host`, `options`), where plain `cargo test` covers it.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BINDING = path.join(ROOT, "src");
const CORE = path.join(ROOT, "crates", "lean-core", "src");
const UNSAFE = /\bunsafe\s+(\{|fn\b|impl\b)/;
/** Lines above an unsafe site that its SAFETY comment may start on (comments run a few lines). */
const SAFETY_REACH = 6;

/** Every `.rs` file under `dir`, recursively, relative to the repository. */
function rustFiles(/** @type {string} */ dir) {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".rs"))
    .map((name) => path.join(dir, name))
    .sort();
}

/** The unsafe sites of `files`, as `file:line`, and those without a SAFETY comment just above. */
function unsafeSites(/** @type {string[]} */ files) {
  const sites = [];
  const unexplained = [];
  for (const file of files) {
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((line, index) => {
      if (line.trim().startsWith("//") || !UNSAFE.test(line)) return;
      const where = `${path.relative(ROOT, file)}:${index + 1}`;
      sites.push(where);
      const above = lines.slice(Math.max(0, index - SAFETY_REACH), index + 1);
      if (!above.some((text) => text.includes("SAFETY:"))) unexplained.push(where);
    });
  }
  return { sites, unexplained };
}

test("the binding is at most 1,500 lines, no file over 400", () => {
  const files = fs.readdirSync(BINDING).filter((name) => name.endsWith(".rs"));
  assert.ok(files.includes("lib.rs"), "src/lib.rs is the binding's root");
  const sizes = Object.fromEntries(files.map((name) => [name, fs.readFileSync(path.join(BINDING, name), "utf8").split("\n").length - 1]));
  const total = Object.values(sizes).reduce((sum, lines) => sum + lines, 0);
  assert.ok(total <= 1500, `src/*.rs has ${total} lines: ${JSON.stringify(sizes)}`);
  for (const [name, lines] of Object.entries(sizes)) assert.ok(lines <= 400, `src/${name} has ${lines} lines`);
  assert.equal(rustFiles(BINDING).length, files.length, "the binding has no subdirectories the count would miss");
});

test("at most 15 unsafe sites in the binding and 40 in the core, each with a SAFETY comment", () => {
  const binding = unsafeSites(rustFiles(BINDING));
  const core = unsafeSites(rustFiles(CORE));
  assert.ok(binding.sites.length <= 15, `src/ has ${binding.sites.length} unsafe sites: ${binding.sites.join(", ")}`);
  assert.ok(core.sites.length <= 40, `crates/lean-core/src has ${core.sites.length} unsafe sites: ${core.sites.join(", ")}`);
  assert.deepEqual([...binding.unexplained, ...core.unexplained], [], "unsafe without a SAFETY: comment");
  assert.ok(binding.sites.length > 0, "the counter finds the binding's unsafe sites");
});

test("the binding reads no JS objects itself and runs no script", () => {
  for (const file of rustFiles(BINDING)) {
    const text = fs.readFileSync(file, "utf8");
    const name = path.relative(ROOT, file);
    // napi's object conversion would duplicate `lean_core::host::read` and its messages.
    assert.doesNotMatch(text, /#\[napi\(object/, `${name} declares a napi object; read it with lean_core::host::read`);
    assert.doesNotMatch(text, /napi_run_script|run_script/, `${name} compiles JS at run time`);
  }
});
