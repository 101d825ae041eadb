// The CLI's one reader of session JSONL (gain and report): entries in order, blank lines and
// lines that do not parse skipped, the rest of the file still read.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sessionEntries } from "../bin/session-files.js";

test("sessionEntries: one entry a line, in order; blank, torn and foreign lines skipped", () => {
  const text = ['{"type":"session","id":"s1"}', "", "   ", '{"type":"message","message":{"role":"user"}}', '{"type":"message","mess', "not json", "\r", '{"type":"custom"}', ""].join("\n");
  assert.deepEqual([...sessionEntries(text)], [{ type: "session", id: "s1" }, { type: "message", message: { role: "user" } }, { type: "custom" }]);
  assert.deepEqual([...sessionEntries("")], []);
  // CRLF files: JSON.parse takes the trailing \r as whitespace.
  assert.deepEqual([...sessionEntries('{"a":1}\r\n{"b":2}\r\n')], [{ a: 1 }, { b: 2 }]);
});
