// End-to-end: what the assistant says before its tool calls points at lines of their output, in
// the real Pi 1.6 CLI against a scripted model on 127.0.0.1. Two traces of the same shape each
// hide one library load among hundreds of look-alike `openat` lines; the model reads the first
// without a word and names the library before reading the second. Assertions are on the
// request bodies Pi sent back to the model.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

const MODULES = ["json", "decoder", "scanner", "encoder", "codecs", "types", "enum", "sre_parse", "functools", "collections", "operator", "keyword", "heapq", "reprlib", "weakref", "copyreg", "warnings", "linecache", "tokenize", "contextlib", "posixpath", "stat", "socket", "selectors", "base64", "struct", "binascii", "hashlib", "random", "bisect"];

/** An strace of python imports (under Pi's 50 KB cut) with `needle` at line `at` (0-based). */
function trace(/** @type {number} */ seed, /** @type {string} */ needle, /** @type {number} */ at) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = [];
  for (let i = 0; i < 390; i++) {
    const name = MODULES[Math.floor(next() * MODULES.length)] + (i % 7 ? "" : `_${i}`);
    lines.push(`[pid 41${100 + (i % 9)}] openat(AT_FDCWD, "/usr/lib/python3.12/${name}/__pycache__/${name}.cpython-312.pyc", O_RDONLY|O_CLOEXEC) = ${3 + (i % 4)}`);
  }
  lines.splice(at, 0, needle);
  lines.push("+++ exited with 0 +++");
  return `${lines.join("\n")}\n`;
}

const LIBSSL = '[pid 41105] openat(AT_FDCWD, "/lib/x86_64-linux-gnu/libssl.so.3", O_RDONLY|O_CLOEXEC) = 5';
const LIBCRYPTO = '[pid 41103] openat(AT_FDCWD, "/opt/openssl/lib64/libcrypto.so.3", O_RDONLY|O_CLOEXEC) = 6';

describe("the assistant's words before a call point at lines of its output, in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    const bash = (/** @type {string} */ command) => [{ name: "bash", arguments: { command } }];
    model = new FakeModel([
      { toolCalls: bash("cat trace-a.txt") },
      { text: "Read it." },
      { text: "Let me see where libcrypto is loaded from in the second trace.", toolCalls: bash("cat trace-b.txt") },
      { text: "Found it." },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    fs.writeFileSync(path.join(sandbox.work, "trace-a.txt"), trace(7, LIBSSL, 251));
    fs.writeFileSync(path.join(sandbox.work, "trace-b.txt"), trace(11, LIBCRYPTO, 263));
    run = await runPi(sandbox, { prompts: ["Why is the import slow? Look at the first trace.", "Now the second one."] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("both traces were compacted; the library the assistant named is in the view verbatim", () => {
    assert.equal(run.code, 0, run.stderr);
    assert.equal(model.bodies.length, 4);
    const first = toolMessages(model.bodies[1]).at(-1)?.text ?? "";
    const second = toolMessages(model.bodies[3]).at(-1)?.text ?? "";
    const size = fs.statSync(path.join(sandbox.work, "trace-b.txt")).size;
    assert.ok(size > 40_000 && size < 50_000, `a trace Pi shows whole: ${size} B`);
    for (const view of [first, second]) {
      assert.match(view, /token_retrieve id=[0-9a-f]{16}/, "the trace was compacted");
      assert.ok(view.length < size / 3, `the view is short: ${view.length} chars`);
      assert.ok(view.trimEnd().endsWith("+++ exited with 0 +++") || view.includes("+++ exited with 0 +++"), "the last line stays");
    }
    assert.ok(second.includes(`${LIBCRYPTO}\n`), "the line the assistant asked about is kept whole");
  });

  test("the control: read without a word, the trace's one library load is folded with its look-alikes", () => {
    const first = toolMessages(model.bodies[1]).at(-1)?.text ?? "";
    assert.ok(!first.includes("libssl.so.3"), "without the assistant's words nothing points at the libssl line");
  });

  test("the assistant's words reach the model as Pi sent them (the hint changes no message)", () => {
    const said = model.bodies[3].messages.filter((/** @type {any} */ m) => m.role === "assistant").map((/** @type {any} */ m) => (typeof m.content === "string" ? m.content : (m.content ?? []).map((/** @type {any} */ p) => p.text ?? "").join("")));
    assert.ok(said.some((/** @type {string} */ text) => text.includes("Let me see where libcrypto is loaded from")));
  });
});
