// End-to-end: marker templates holding quotes, backslashes, a control character and non-ASCII
// text, in the real Pi 1.6 CLI against a scripted model on 127.0.0.1. The engine hands a
// result's dropped ranges to JS as JSON text; what reaches the session record (and rebuilds
// retrieval feedback after a restart) must be the templates the markers in the view name,
// character for character, for an output Pi passed as a string (under its cut) and one read
// back from Pi's full-output file (over it).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

/** A progress line redrawn `updates` times with `\r`, then `rows` table rows. */
function progressOutput(/** @type {number} */ updates, /** @type {number} */ rows) {
  let progress = "";
  for (let i = 0; i < updates; i++) progress += `\rDownloading "crate \\ é 🦀" ${i}/${updates}`;
  const lines = ["start", progress];
  for (let i = 0; i < rows; i++) lines.push(`row ${i} of the «table»\t"C:\\x" \u0001 ✓`);
  lines.push("end");
  return `${lines.join("\n")}\n`;
}

const ROW_TEMPLATE = "row <*> of the «table» <*> \u0001 ✓";

describe("marker templates with quotes, backslashes and non-ASCII, in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {Record<string, {code: number|null, stdout: string, stderr: string}>} */
  const runs = {};

  before(async () => {
    const bash = (/** @type {string} */ command) => ({ toolCalls: [{ name: "bash", arguments: { command } }] });
    model = new FakeModel([
      bash("cat small.txt"),
      bash("cat large.txt"),
      // Back the line the `\r` redraws hid, from the small output's marker.
      (body) => {
        const text = toolMessages(body).at(-2)?.text ?? "";
        const id = /overwritten by \\r: [^\n]* · token_retrieve id=([0-9a-f]{16}) startLine=2\]/.exec(text)?.[1] ?? "none";
        return { toolCalls: [{ name: "token_retrieve", arguments: { id, startLine: 2, maxLines: 1 } }] };
      },
      { text: "Downloaded." },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    fs.writeFileSync(path.join(sandbox.work, "small.txt"), progressOutput(300, 500));
    fs.writeFileSync(path.join(sandbox.work, "large.txt"), progressOutput(1500, 600));
    const args = ["--session-id", "templates"];
    runs.live = await runPi(sandbox, { session: true, args, prompts: ["fetch", "/token-saver stats"] });
    runs.resumed = await runPi(sandbox, { session: true, args, prompts: ["/token-saver stats"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  /** The Token Saver records of the session file, in order. */
  function records() {
    const dir = path.join(sandbox.agent, "sessions");
    const file = fs.readdirSync(dir, { recursive: true }).map(String).find((f) => f.endsWith("_templates.jsonl"));
    assert.ok(file, "the session file exists");
    return fs
      .readFileSync(path.join(dir, file), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .map((entry) => entry.message?.details?.tokenSaver)
      .filter(Boolean);
  }

  test("the runs exit cleanly; one output came as Pi's string, one from its full-output file", () => {
    for (const [name, run] of Object.entries(runs)) assert.equal(run.code, 0, `${name}: ${run.stderr}`);
    assert.deepEqual(
      records().map((r) => r.fromFullOutput),
      [false, true],
    );
  });

  test("the session record keeps each marker's line span and its template, character for character", () => {
    const views = toolMessages(model.bodies[2]).map((m) => m.text);
    const [small, large] = records();
    assert.deepEqual(small.ranges, [
      [2, 2, "overwritten by \\r: Downloading crate \\ é 🦀 298/300"],
      [4, 495, ROW_TEMPLATE],
    ]);
    assert.deepEqual(large.ranges, [
      [2, 2, "overwritten by \\r: Downloading crate \\ é 🦀 1498/1500"],
      [4, 595, ROW_TEMPLATE],
    ]);
    // The markers the model read name the same spans and the same words (the hidden text of
    // a redrawn line is quoted there, without its own quotes).
    assert.ok(views[0].includes(`[… line 2 overwritten by \\r: "Downloading crate \\ é 🦀 298/300" · token_retrieve id=${small.id} startLine=2]`), views[0]);
    assert.ok(views[0].includes(`[… 492 lines 4-495: "${ROW_TEMPLATE}" · token_retrieve id=${small.id} startLine=4]`), views[0]);
    assert.ok(views[1].includes(`[… 592 lines 4-595: "${ROW_TEMPLATE}" · token_retrieve id=${large.id} startLine=4]`), views[1]);
  });

  test("the retrieved line is exact, and the feedback names its template live and after a restart", () => {
    const retrieved = toolMessages(model.bodies[3]).at(-1)?.text ?? "";
    const hidden = progressOutput(300, 500).split("\n")[1];
    assert.ok(retrieved.startsWith(`${hidden}\n[lines 2-2 of 503`), JSON.stringify(retrieved.slice(0, 80)));
    const line = (/** @type {string} */ stderr) => stderr.split("\n").find((l) => l.startsWith("shortening eased"));
    assert.equal(line(runs.live.stderr), 'shortening eased where the model fetched lines: bash/log "overwritten by \\r: Downloading crate \\ …" weight 0.50 (1 retrieval, not used yet)');
    assert.equal(line(runs.resumed.stderr), line(runs.live.stderr));
  });
});
