// End-to-end, durable before visible: in the real Pi 1.6 CLI with a persisted session, a 10 MB
// `cat` is compacted, and at the moment the request carrying the view reaches the (scripted)
// model, the original named by the view's marker is already on disk under the session's store,
// byte for byte. Before the handler awaited the durable write, that request could arrive while
// the original was still queued for the disk.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { contentHash } from "../index.js";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

/** A 10 MB service log with a few errors. */
function bigLog() {
  const lines = [];
  let bytes = 0;
  for (let i = 0; bytes < 10 * 1024 * 1024; i++) {
    const line = i % 50_000 === 7 ? `2026-12-05T03:00:00Z ERROR worker-${i % 7} lost connection to db-primary (attempt ${i})` : `2026-12-05T03:00:00Z INFO worker-${i % 7} processed item ${i * 7919} in ${i % 90}ms`;
    lines.push(line);
    bytes += line.length + 1;
  }
  return `${lines.join("\n")}\n`;
}

describe("Token Saver durable before visible, in real Pi", { skip }, () => {
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;
  /** What the model-side check saw when the view arrived. */
  const seen = { id: "", blobs: /** @type {string[]} */ ([]), hashOk: false, bytes: -1 };
  const log = bigLog();

  before(async () => {
    const model = new FakeModel([
      { toolCalls: [{ name: "bash", arguments: { command: "cat big.log" } }] },
      (body) => {
        // Runs when Pi's request with the compacted view arrives: nothing may be pending now.
        const view = toolMessages(body).at(-1)?.text ?? "";
        seen.id = /token_retrieve id=([0-9a-f]{16})/.exec(view)?.[1] ?? "";
        const root = path.join(sandbox.agent, "pi-lean", "token-saver");
        for (const folder of fs.existsSync(root) ? fs.readdirSync(root) : []) {
          const blob = path.join(root, folder, `${seen.id}.blob`);
          if (!fs.existsSync(blob)) continue;
          seen.blobs.push(folder);
          const bytes = fs.readFileSync(blob);
          seen.bytes = bytes.length;
          seen.hashOk = contentHash(bytes) === seen.id;
        }
        return { text: "One error." };
      },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.work, "big.log"), log);
    try {
      run = await runPi(sandbox, { session: true, args: ["--session-id", "durable-e2e"], prompts: ["What failed in big.log?"], env: { PI_LEAN_TOKEN_SAVER: "on" }, timeoutMs: 180_000 });
    } finally {
      await model.stop();
    }
  });
  after(() => sandbox?.cleanup());

  test("the original named by the view is on disk when the model receives the view", () => {
    assert.equal(run.code, 0, run.stderr);
    assert.match(seen.id, /^[0-9a-f]{16}$/, "the 10 MB output was compacted with a marker");
    assert.equal(seen.blobs.length, 1, `blob for ${seen.id} on disk when the request arrived`);
    assert.ok(seen.hashOk, "its bytes hash to the id");
    assert.equal(seen.bytes, Buffer.byteLength(log), "the whole output, not Pi's 50 KB cut");
    assert.deepEqual(
      fs.readdirSync(path.join(sandbox.agent, "pi-lean", "token-saver", seen.blobs[0])).filter((n) => n.startsWith(".tmp-")),
      [],
      "no temp file left",
    );
  });
});
