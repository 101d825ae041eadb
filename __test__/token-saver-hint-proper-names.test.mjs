// Property: a record the user names by a name of several capitalized words (`Amazon Root CA 1`,
// `Canon EOS 5D Mark IV`) is shown, with the field asked for, when look-alike records share all
// but one of its words (`Amazon Root CA 2`, `Comodo Root CA 1`) and the record lies past Pi's
// 2,000-line cut of a read. Each word alone is on many records, so only the name as written
// tells them apart. The prompt goes through the extension's real query hint and the real
// engine; 300 fixed-seed cases.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compact } from "../index.js";
import { queryHint } from "../extension/token-saver/compaction.js";

const VENDORS = "Amazon Comodo Entrust Globalsign Sectigo Certum Buypass Actalis Harica Telia Atos Izenpe Microsec Emudhra Trustwave".split(" ");
const KINDS = ["Root CA", "Root Certification Authority", "Trusted Root", "EV Root", "TLS Root CA"];
const MODELS = ["EOS", "Coolpix", "Lumix", "Alpha", "Finepix"];

/** Deterministic pseudo-random source (a 32-bit LCG). */
function rng(seed) {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return { int: (/** @type {number} */ n) => Math.floor(next() * n), pick: (/** @type {string[]} */ a) => a[Math.floor(next() * a.length)] };
}

/** @param {ReturnType<typeof rng>} r @param {number} bytes */
function hex(r, bytes) {
  return Array.from({ length: bytes }, () => r.int(256).toString(16).padStart(2, "0")).join(":");
}

/**
 * A bundle of records, each opened by its name on three lines (issuer, subject, label) and
 * followed by its fields and a body; names are a vendor, a kind and a number (or a model and a
 * generation), many per vendor and kind. The asked record is past Pi's cut.
 */
function bundle(/** @type {number} */ seed) {
  const r = rng(seed);
  const camera = r.int(3) === 0;
  const names = [];
  const seen = new Set();
  while (names.length < 160) {
    const vendor = r.pick(VENDORS);
    const name = camera ? `${vendor} ${r.pick(MODELS)} ${1 + r.int(9)}D Mark ${r.pick(["II", "III", "IV", "V"])}` : `${vendor} ${r.pick(KINDS)} ${1 + r.int(4)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    names.push(name);
  }
  const asked = 120 + r.int(40);
  const lines = [];
  let needle = "";
  for (const [k, name] of names.entries()) {
    lines.push(`# Issuer: CN=${name} O=${name.split(" ")[0]}`, `# Subject: CN=${name} O=${name.split(" ")[0]}`, `# Label: "${name}"`);
    const serial = `# Serial: ${BigInt(seed) * 1_000_003n + BigInt(k) * 7_919n}`;
    lines.push(serial, `# SHA256 Fingerprint: ${hex(r, 32)}`, "-----BEGIN CERTIFICATE-----");
    for (let b = 0; b < 18; b++) lines.push(hex(r, 48).replaceAll(":", "").slice(0, 64));
    lines.push("-----END CERTIFICATE-----", "");
    if (k === asked) needle = serial;
  }
  return { text: `${lines.join("\n")}\n`, prompt: `What is the serial of ${names[asked]}?`, needle };
}

/** Pi's own cut of a read: the first 2,000 lines, within 50 KB. */
function piCut(/** @type {string} */ text) {
  const kept = [];
  let bytes = 0;
  for (const line of text.split("\n").slice(0, 2000)) {
    bytes += Buffer.byteLength(line) + 1;
    if (bytes > 50 * 1024) break;
    kept.push(line);
  }
  return kept.join("\n");
}

test("a record named by several capitalized words is told from its look-alikes", () => {
  const failures = [];
  for (let seed = 1; seed <= 300; seed++) {
    const { text, prompt, needle } = bundle(0x9a3e_0000 + seed);
    const result = compact(text, { tool: "read", path: "certs/bundle.pem", query: queryHint(prompt), recoverable: true });
    // An unchanged result reaches the model as Pi's own cut shows it.
    const seen = result.changed ? result.text : piCut(text);
    if (!seen.split("\n").includes(needle)) failures.push(`${seed}: ${prompt}`);
  }
  assert.deepEqual(failures, []);
});
