// The one atomic JSON writer for settings files: the target is replaced whole or not at all,
// and a failed write leaves no temp file behind.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mock, test } from "node:test";
import { Worker } from "node:worker_threads";
import { writeJsonAtomic } from "../extension/shared/json-file.js";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-json-"));
}

test("writes pretty JSON with a trailing newline, creating the directory, leaving only the file", () => {
  const root = tempDir();
  try {
    const file = path.join(root, "agent", "pi-lean.json");
    writeJsonAtomic(file, { a: 1, b: ["x"] });
    assert.equal(fs.readFileSync(file, "utf8"), '{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}\n');
    writeJsonAtomic(file, { a: 2 });
    assert.equal(fs.readFileSync(file, "utf8"), '{\n  "a": 2\n}\n');
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ["pi-lean.json"]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a value that fails to serialise leaves the old file intact and no temp file", () => {
  const root = tempDir();
  try {
    const file = path.join(root, "pi-lean.json");
    fs.writeFileSync(file, '{"keep": true}\n');
    assert.throws(() => writeJsonAtomic(file, { big: 1n }), TypeError);
    assert.equal(fs.readFileSync(file, "utf8"), '{"keep": true}\n');
    assert.deepEqual(fs.readdirSync(root), ["pi-lean.json"]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a rename that fails (the target is a non-empty directory) removes the temp file", () => {
  const root = tempDir();
  try {
    const file = path.join(root, "pi-lean.json");
    fs.mkdirSync(path.join(file, "inside"), { recursive: true });
    assert.throws(() => writeJsonAtomic(file, { a: 1 }));
    assert.deepEqual(fs.readdirSync(root), ["pi-lean.json"]);
    assert.ok(fs.statSync(file).isDirectory());
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a write that fails part-way leaves the old file whole and removes the temp file", () => {
  const root = tempDir();
  const file = path.join(root, "pi-lean.json");
  fs.writeFileSync(file, '{"keep": true}\n');
  // The disk fills after the first bytes: an in-place write would leave a torn target.
  const writeFileSync = fs.writeFileSync;
  const torn = mock.method(fs, "writeFileSync", (/** @type {any} */ target, /** @type {any} */ data, /** @type {any} */ options) => {
    writeFileSync(target, String(data).slice(0, 5), options);
    throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  });
  try {
    assert.throws(() => writeJsonAtomic(file, { replaced: "x".repeat(1000) }), { code: "ENOSPC" });
    assert.equal(torn.mock.callCount(), 1);
    assert.equal(fs.readFileSync(file, "utf8"), '{"keep": true}\n');
    assert.deepEqual(fs.readdirSync(root), ["pi-lean.json"]);
  } finally {
    torn.mock.restore();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the new content is fsynced before it is renamed over the target", () => {
  const root = tempDir();
  const file = path.join(root, "pi-lean.json");
  /** @type {string[]} */
  const steps = [];
  const { fsyncSync, renameSync } = fs;
  const fsync = mock.method(fs, "fsyncSync", (/** @type {number} */ fd) => {
    steps.push("fsync");
    return fsyncSync(fd);
  });
  const rename = mock.method(fs, "renameSync", (/** @type {string} */ from, /** @type {string} */ to) => {
    steps.push(`rename ${path.dirname(from) === root ? "sibling" : "elsewhere"} -> ${path.basename(to)}`);
    return renameSync(from, to);
  });
  try {
    writeJsonAtomic(file, { a: 1 });
    // The temp file's fsync, the rename from a file in the same directory, then the directory's fsync.
    assert.deepEqual(steps.slice(0, 2), ["fsync", "rename sibling -> pi-lean.json"]);
    assert.equal(fs.readFileSync(file, "utf8"), '{\n  "a": 1\n}\n');
  } finally {
    fsync.mock.restore();
    rename.mock.restore();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the target is replaced by a rename: a reader holding the old file still reads it whole", () => {
  const root = tempDir();
  const file = path.join(root, "pi-lean.json");
  const old = '{"old": "' + "o".repeat(4096) + '"}\n';
  fs.writeFileSync(file, old);
  const before = fs.statSync(file).ino;
  const fd = fs.openSync(file, "r");
  try {
    writeJsonAtomic(file, { new: true });
    assert.equal(fs.readFileSync(fd, "utf8"), old, "an in-place write would have truncated the open file");
    assert.notEqual(fs.statSync(file).ino, before);
    assert.equal(fs.readFileSync(file, "utf8"), '{\n  "new": true\n}\n');
  } finally {
    fs.closeSync(fd);
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a reader on another thread never sees a partial file while writes go on", async () => {
  const root = tempDir();
  const file = path.join(root, "pi-lean.json");
  writeJsonAtomic(file, { round: -1, fill: "" });
  const shared = new Int32Array(new SharedArrayBuffer(4));
  // The reader parses the file until told to stop, counting reads and anything unparseable.
  const reader = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     const fs = require("node:fs");
     const stop = new Int32Array(workerData.stop);
     let reads = 0, torn = 0, rounds = new Set();
     while (Atomics.load(stop, 0) === 0) {
       const text = fs.readFileSync(workerData.file, "utf8");
       reads++;
       try { rounds.add(JSON.parse(text).round); } catch { torn++; }
     }
     parentPort.postMessage({ reads, torn, rounds: rounds.size });`,
    { eval: true, workerData: { file, stop: shared.buffer } },
  );
  try {
    await new Promise((resolve) => reader.once("online", resolve));
    for (let round = 0; round < 150; round++) writeJsonAtomic(file, { round, fill: "x".repeat(64 * 1024 + round) });
    Atomics.store(shared, 0, 1);
    const result = await new Promise((resolve) => reader.once("message", resolve));
    assert.equal(/** @type {any} */ (result).torn, 0, JSON.stringify(result));
    assert.ok(/** @type {any} */ (result).reads > 0, JSON.stringify(result));
    assert.deepEqual(fs.readdirSync(root), ["pi-lean.json"]);
  } finally {
    await reader.terminate();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

// ---- editJsonText: a settings write changes only the bytes of the values that change ----

/** A small seeded generator (mulberry32), so a failure replays. @param {number} seed */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random settings-like object written in a random style: indentation, spacing around the
 * colon, one-line objects, key order; returns the text and the parsed value.
 * @param {() => number} rand
 */
function randomDocument(rand) {
  const pick = (/** @type {any[]} */ xs) => xs[Math.floor(rand() * xs.length)];
  const unit = pick(["  ", "    ", "\t"]);
  const colon = pick([": ", ":", " : ", ":   "]);
  const scalar = () => pick([1, -2.5, true, false, null, "lazy", "a \"quoted\" é", 1e3]);
  /** @returns {[string, unknown]} */
  const value = (/** @type {number} */ depth, /** @type {string} */ indent) => {
    const r = rand();
    if (depth > 2 || r < 0.5) {
      const v = scalar();
      return [JSON.stringify(v), v];
    }
    if (r < 0.65) {
      const v = [scalar(), scalar()];
      return [`[${v.map((x) => JSON.stringify(x)).join(pick([",", ", "]))}]`, v];
    }
    const n = Math.floor(rand() * 4);
    /** @type {Record<string, unknown>} */
    const obj = {};
    const parts = [];
    const oneLine = rand() < 0.3;
    for (let i = 0; i < n; i++) {
      const key = pick(["routing", "groups", "profiles", "work", "settings", "tokenSaver", "k", "ü"]) + (obj[`x${i}`] === undefined ? "" : i);
      if (key in obj) continue;
      const [text, v] = value(depth + 1, indent + unit);
      obj[key] = v;
      parts.push(`${JSON.stringify(key)}${colon}${text}`);
    }
    if (parts.length === 0) return ["{}", obj];
    if (oneLine) return [`{${parts.join(", ")}}`, obj];
    return [`{\n${parts.map((p) => `${indent}${unit}${p}`).join(",\n")}\n${indent}}`, obj];
  };
  let [text, parsed] = value(0, "");
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) [text, parsed] = ["{}", {}];
  return { text: `${text}${pick(["\n", "", "\n\n"])}`, parsed: /** @type {Record<string, any>} */ (parsed) };
}

test("editJsonText: 3,000 random documents and edits; the result parses to the edit, and every byte outside the edited value stays", async () => {
  const { editJsonText, jsonSpans } = await import("../extension/shared/json-file.js");
  const rand = rng(20261205);
  for (let n = 0; n < 3000; n++) {
    const { text, parsed } = randomDocument(rand);
    const keys = ["activeProfile", "activeGroup", "tokenSaver", ...Object.keys(parsed)];
    const key = keys[Math.floor(rand() * keys.length)];
    const value = [null, "work", "on", { groups: ["g"], settings: { tokenSaver: "off" } }][Math.floor(rand() * 4)];
    const out = editJsonText(text, [{ path: [key], value }]);
    const expected = { ...parsed, [key]: value };
    assert.deepEqual(JSON.parse(out), expected, `case ${n}:\n${text}\n->\n${out}`);
    assert.deepEqual(Object.keys(JSON.parse(out)), Object.keys(expected), `case ${n}: key order kept`);
    const root = jsonSpans(text);
    const member = root.kind === "object" ? root.members.find((m) => m.key === key) : undefined;
    if (member) {
      // Replaced in place: the text before and after the old value is untouched.
      assert.equal(out.slice(0, member.value.start), text.slice(0, member.value.start), `case ${n}: prefix`);
      assert.ok(out.endsWith(text.slice(member.value.end)), `case ${n}: suffix`);
    } else {
      // Added: the text before the object's last value and its closing part are untouched.
      const last = root.kind === "object" ? root.members.at(-1) : undefined;
      const cut = last ? last.value.end : 0;
      assert.equal(out.slice(0, cut), text.slice(0, cut), `case ${n}: prefix`);
      assert.ok(out.endsWith(text.slice(root.end - 1)), `case ${n}: closing`);
    }
  }
});

test("editJsonText: nested keys are created under their parent, a missing file starts a new document, invalid JSON throws", async () => {
  const { editJsonText } = await import("../extension/shared/json-file.js");
  const text = '{\n    "profiles": {\n        "lab": { "groups": ["g"] }\n    }\n}\n';
  assert.equal(editJsonText(text, [{ path: ["profiles", "lab", "settings", "tokenSaver"], value: "on" }]), '{\n    "profiles": {\n        "lab": { "groups": ["g"], "settings": {"tokenSaver": "on"} }\n    }\n}\n');
  assert.equal(editJsonText("", [{ path: ["tokenSaver"], value: "on" }]), '{\n  "tokenSaver": "on"\n}\n');
  for (const bad of ['{"a": }', '{"a": 1,}', "[1]", '{"a": 1} x', "{".repeat(100_000)]) assert.throws(() => editJsonText(bad, [{ path: ["a"], value: 1 }]), SyntaxError, bad.slice(0, 20));
});

test("editJsonText: 6,000 random documents; deleting or renaming a key leaves every other member's bytes, and the order", async () => {
  const { editJsonText, jsonSpans } = await import("../extension/shared/json-file.js");
  const rand = rng(20261206);
  let checked = 0;
  for (let n = 0; n < 6000; n++) {
    const { text, parsed } = randomDocument(rand);
    const root = jsonSpans(text);
    if (root.kind !== "object" || root.members.length === 0) continue;
    const at = Math.floor(rand() * root.members.length);
    const member = root.members[at];
    const key = member.key;
    // Delete: the result is the object without the key, and the other members' texts appear in order.
    const deleted = editJsonText(text, [{ path: [key], delete: true }]);
    const { [key]: _gone, ...rest } = parsed;
    assert.deepEqual(JSON.parse(deleted), rest, `case ${n}:\n${text}\n->\n${deleted}`);
    assert.deepEqual(Object.keys(JSON.parse(deleted)), Object.keys(rest), `case ${n}: order`);
    // Exactly the member and one separating comma go: the rest of the text is the same bytes.
    const members = root.members;
    const expected =
      members.length === 1
        ? text.slice(0, root.start + 1) + text.slice(root.end - 1)
        : at > 0
          ? text.slice(0, members[at - 1].value.end) + text.slice(member.value.end)
          : text.slice(0, member.keyStart) + text.slice(members[1].keyStart);
    assert.equal(deleted, expected, `case ${n}: bytes`);
    // Rename: one quoted key replaced, everything else byte for byte.
    const renamed = editJsonText(text, [{ path: [key], rename: "renamed ü" }]);
    assert.equal(renamed, `${text.slice(0, member.keyStart)}"renamed ü"${text.slice(member.keyEnd)}`, `case ${n}: rename`);
    checked++;
  }
  assert.ok(checked > 1500, `only ${checked} documents had members`);
});

test("editJsonText: lists of names keep their layout; delete and rename give exact bytes", async () => {
  const { editJsonText } = await import("../extension/shared/json-file.js");
  const text = '{\n\t"tokenSaver": "on",\n\t"groups": {\n\t\t"git": [ "git-*",  "changelog-style" ],\n\t\t"docs": [\n\t\t\t"a",\n\t\t\t"b"\n\t\t]\n\t},\n\t"profiles": {"work": ["git"], "lab": {"groups": ["docs"]}},\n\t"activeProfile": "work"\n}\n';
  const edit = (/** @type {any[]} */ edits) => editJsonText(text, edits);
  // One line, same spacing inside the brackets and after commas.
  assert.equal(edit([{ path: ["groups", "git"], value: ["x", "y, z"] }]), text.replace('[ "git-*",  "changelog-style" ]', '[ "x",  "y, z" ]'));
  // One item a line, same indentation.
  assert.equal(edit([{ path: ["groups", "docs"], value: ["c", "d", "e"] }]), text.replace('[\n\t\t\t"a",\n\t\t\t"b"\n\t\t]', '[\n\t\t\t"c",\n\t\t\t"d",\n\t\t\t"e"\n\t\t]'));
  assert.equal(edit([{ path: ["groups", "docs"], value: [] }]), text.replace('[\n\t\t\t"a",\n\t\t\t"b"\n\t\t]', "[]"));
  // A new list is laid out like its sibling (the last list in the object).
  assert.equal(edit([{ path: ["groups", "new"], value: ["q"] }]), text.replace('\t\t\t"b"\n\t\t]\n', '\t\t\t"b"\n\t\t],\n\t\t"new": [\n\t\t\t"q"\n\t\t]\n'));
  // Delete: the last member, the first, a middle one, the only one.
  assert.equal(edit([{ path: ["activeProfile"], delete: true }]), text.replace(',\n\t"activeProfile": "work"', ""));
  assert.equal(edit([{ path: ["tokenSaver"], delete: true }]), text.replace('"tokenSaver": "on",\n\t', ""));
  assert.equal(edit([{ path: ["profiles", "work"], delete: true }]), text.replace('"work": ["git"], ', ""));
  assert.equal(edit([{ path: ["profiles", "lab", "groups"], delete: true }]), text.replace('{"groups": ["docs"]}', "{}"));
  assert.equal(edit([{ path: ["nope"], delete: true }]), text);
  // Rename: in place, the member keeps its position.
  assert.equal(edit([{ path: ["groups", "git"], rename: "vcs" }]), text.replace('"git": [ "git-*"', '"vcs": [ "git-*"'));
  assert.throws(() => edit([{ path: ["groups", "git"], rename: "docs" }]), /already exists/);
  assert.throws(() => edit([{ path: ["groups", "nope"], rename: "x" }]), /not in the document/);
  // Several edits apply in order on the edited text.
  assert.equal(
    edit([{ path: ["groups", "git"], rename: "vcs" }, { path: ["profiles", "work"], value: ["vcs"] }, { path: ["profiles", "lab"], delete: true }]),
    text.replace('"git": [', '"vcs": [').replace('{"work": ["git"], "lab": {"groups": ["docs"]}}', '{"work": ["vcs"]}'),
  );
});
