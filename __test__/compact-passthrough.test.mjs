// An input over maxInputBytes passes through compact/compactAsync/compactToBuffer unchanged,
// and its text is the input itself: exact for UTF-8, U+FFFD for invalid bytes, whether it came
// in as a string or a Buffer. (Its memory cost is measured in `npm run bench`, section 4.)
import assert from "node:assert/strict";
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
