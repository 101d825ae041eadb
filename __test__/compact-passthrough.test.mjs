// An input over maxInputBytes passes through compact/compactAsync/compactToBuffer unchanged,
// and its text is the input itself: exact for UTF-8, U+FFFD for invalid bytes, whether it came
// in as a string or a Buffer. A string comes back as the same value; a Buffer's text is a plain
// string made when the call returns, so the result holds no native state and no Buffer.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { compact, compactAsync, compactToBuffer, contentHash } from "../index.js";

const over = { maxInputBytes: 1024 };
const text = "naïve café ✓\n".repeat(200);

test("a string or Buffer over the limit comes back as the same text", async () => {
  for (const input of [text, Buffer.from(text)]) {
    const out = compact(input, over);
    assert.equal(out.changed, false);
    assert.equal(out.text, text);
    assert.equal(out.id, contentHash(text));
    assert.equal((await compactAsync(input, over)).text, text);
    assert.deepEqual(compactToBuffer(input, over), Buffer.from(text));
  }
});

test("invalid UTF-8 passes through as U+FFFD in text and exactly in compactToBuffer", () => {
  const bytes = Buffer.concat([Buffer.from("ok "), Buffer.from([0xff, 0xfe]), Buffer.from(" end\n".repeat(300))]);
  const out = compact(bytes, over);
  assert.equal(out.changed, false);
  assert.equal(out.text, bytes.toString("utf8"));
  assert.deepEqual(compactToBuffer(bytes, over), bytes);
});

test("a long string over the limit gets the id of its whole UTF-8 bytes", () => {
  // Over 2^20 UTF-16 units, with a surrogate pair and lone surrogates (read as U+FFFD).
  const piece = 1 << 20;
  const input = `${"a".repeat(piece - 1)}😀${"é".repeat(piece - 3)}\ud800x\udc00${"z".repeat(piece / 2)}`;
  const out = compact(input, over);
  assert.equal(out.changed, false);
  assert.equal(out.originalBytes, Buffer.byteLength(input));
  assert.equal(out.id, contentHash(input), "the pieces hash like the whole string read at once");
  // The wasm fallback's string reader writes lone surrogates as their own 3 bytes, not U+FFFD.
  if (!process.env.NAPI_RS_FORCE_WASI) assert.equal(out.id, contentHash(Buffer.from(input)));
  assert.equal(out.text, input);
});

test("a large unchanged Buffer's text is a plain data property", () => {
  const buffer = Buffer.from(text.repeat(40)); // 640 KB
  const out = compact(buffer, over);
  assert.deepEqual(Object.keys(out), ["text", "kind", "changed", "id", "originalBytes", "outputBytes", "originalLines", "ranges", "strategies"]);
  const descriptor = Object.getOwnPropertyDescriptor(out, "text");
  assert.equal(descriptor?.get, undefined);
  assert.equal(descriptor?.value, text.repeat(40));
  assert.equal(JSON.parse(JSON.stringify(out)).text, text.repeat(40));
});

test("an unchanged Buffer's text is taken when compact returns: writing or detaching the Buffer later changes nothing", () => {
  const written = Buffer.from(text.repeat(40));
  const out = compact(written, over);
  written[0] = 0x41;
  assert.equal(out.text, text.repeat(40));
  const source = Buffer.from(text.repeat(40));
  const detached = compact(source, over);
  structuredClone(source.buffer, { transfer: [source.buffer] });
  assert.equal(detached.text, text.repeat(40));
});

test("compactAsync copies its input before it returns", async () => {
  const buffer = Buffer.from(text.repeat(40));
  const pending = compactAsync(buffer, over);
  buffer.fill(0x41); // the task copied the input before returning
  const out = await pending;
  assert.equal(out.changed, false);
  assert.equal(out.text, text.repeat(40));
});

const memorySkip =
  process.platform !== "linux" ? "reads /proc/self/status" : process.env.NAPI_RS_FORCE_WASI ? "the wasm fallback copies every Buffer into its own memory" : false;

test("passing 64 MB through holds at most one copy, and the result does not keep the Buffer", { skip: memorySkip }, () => {
  const script = `
    import fs from "node:fs";
    import { compact } from ${JSON.stringify(new URL("../index.js", import.meta.url).href)};
    const kb = (key) => Number(new RegExp(key + ":\\\\s+(\\\\d+)").exec(fs.readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
    const line = "compiling crate_0042 v0.1.0 (src/module/file.c) ok\\n";
    const growth = {};
    for (const kind of ["string", "buffer"]) {
      // Decoded from bytes, like a file read: a flat string (repeat() would build a rope that
      // V8 flattens, into a copy, on first read by anyone).
      const bytes = Buffer.from(line.repeat((64 << 20) / line.length));
      const input = kind === "buffer" ? bytes : bytes.toString("utf8");
      globalThis.gc();
      fs.writeFileSync("/proc/self/clear_refs", "5");
      const before = kb("VmRSS");
      const out = compact(input, { maxInputBytes: 1024 });
      growth[kind] = kb("VmHWM") - before;
      if (out.changed || out.originalBytes !== (64 << 20) - ((64 << 20) % line.length)) throw new Error("not passed through");
    }
    // deref() keeps its target alive to the end of the current job, so it is called only
    // after the collections, in a later job.
    const collect = async () => { for (let i = 0; i < 6; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); } };
    let buffer = Buffer.from(line.repeat(4096));
    const dropped = new WeakRef(buffer.buffer);
    const out = compact(buffer, { maxInputBytes: 1024 });
    buffer = undefined;
    await collect();
    const releasedWhileResultLives = dropped.deref() === undefined && out.text.length === line.length * 4096;
    console.log(JSON.stringify({ growth, releasedWhileResultLives }));
  `;
  const run = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const { growth, releasedWhileResultLives } = JSON.parse(run.stdout.trim().split("\n").at(-1));
  // A string is read once as UTF-8 (freed before return) and handed back as itself; a Buffer's
  // text is one new one-byte string. Either way one copy of 64 MB, never two.
  assert.ok(growth.string < 80 << 20, `string pass-through grew ${growth.string} bytes`);
  assert.ok(growth.buffer < 80 << 20, `Buffer pass-through grew ${growth.buffer} bytes`);
  assert.equal(releasedWhileResultLives, true, "the result holds its text, not the Buffer");
});

test("a string's id is the id of its UTF-8 bytes, on every path that reads a string", () => {
  // ASCII (read as Latin-1), Latin-1 but not ASCII (é is one byte in V8, two in UTF-8),
  // two-byte, and longer than the 3 MiB contentHash reads in one copy.
  for (const input of ["plain ascii line\n".repeat(100), "café au lait\n".repeat(100), "日本語 ✓ 😀\n".repeat(100), "x".repeat(4 << 20) + "é"]) {
    const bytes = Buffer.from(input);
    assert.equal(contentHash(input), contentHash(bytes));
    assert.equal(compact(input).id, contentHash(bytes));
    assert.equal(compact(input, { recoverable: true, thresholdBytes: 0 }).id, contentHash(bytes));
  }
});
