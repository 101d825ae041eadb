// The one atomic JSON writer for settings files: the target is replaced whole or not at all,
// and a failed write leaves no temp file behind.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
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
