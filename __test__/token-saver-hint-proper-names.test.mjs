// Property: a record the user names by a name of several capitalized words (`Amazon Root CA 1`,
// `Canon EOS 5D Mark IV`) is shown, with the field asked for, when look-alike records share all
// but one of its words (`Amazon Root CA 2`, `Comodo Root CA 1`) and the record lies past Pi's
// 2,000-line cut of a read. Each word alone is on many records, so only the name as written
// tells them apart. The prompt goes through the extension's real query hint and the real
// engine; 300 fixed-seed cases.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rng, shownLines } from "./helpers/asked-read.mjs";

const VENDORS = "Amazon Comodo Entrust Globalsign Sectigo Certum Buypass Actalis Harica Telia Atos Izenpe Microsec Emudhra Trustwave".split(" ");
const KINDS = ["Root CA", "Root Certification Authority", "Trusted Root", "EV Root", "TLS Root CA"];
const MODELS = ["EOS", "Coolpix", "Lumix", "Alpha", "Finepix"];

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

test("a record named by several capitalized words is told from its look-alikes", () => {
  const failures = [];
  for (let seed = 1; seed <= 300; seed++) {
    const { text, prompt, needle } = bundle(0x9a3e_0000 + seed);
    if (!shownLines(text, "certs/bundle.pem", prompt).includes(needle)) failures.push(`${seed}: ${prompt}`);
  }
  assert.deepEqual(failures, []);
});
