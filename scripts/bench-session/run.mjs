// One scripted session in real Pi 1.6: a fresh sandbox with the generated project as its
// working dir, the skill library, the configuration's extension or packages, and the adaptive
// scripted model on 127.0.0.1. Returns the exact request bodies and what the script chose.
import fs from "node:fs";
import path from "node:path";
import { FakeModel } from "../../__test__/helpers/fake-model.mjs";
import { makeSandbox, runPi, REPO_ROOT } from "../../__test__/helpers/pi.mjs";
import { writeProject } from "./project.mjs";
import { PROMPTS, createSessionScript } from "./session-model.mjs";
import { checkFacts, costUsd, requestTokens } from "./measure.mjs";

const { truncateTail } = await import(path.join(REPO_ROOT, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "core", "tools", "truncate.js"));

/** Upper bound on requests in one session; the script needs about 20. */
const MAX_REQUESTS = 60;

/**
 * @param {import("./configs.mjs").Setup} setup
 * @param {string} skillsDir
 */
export async function runSession(setup, skillsDir) {
  const script = createSessionScript();
  const model = new FakeModel(Array.from({ length: MAX_REQUESTS }, () => (/** @type {any} */ body, /** @type {number} */ i) => script.reply(body, i)));
  await model.start();
  // A long-context model: the 1,000-skill stock catalog alone is ~90k tokens, and the bench
  // measures what each configuration sends, not when Pi would start summarizing.
  const sandbox = makeSandbox(model, { contextWindow: 1_000_000 });
  const tmpDir = path.join(sandbox.root, "tmp");
  fs.mkdirSync(tmpDir);
  try {
    writeProject(sandbox.work);
    setup.prepare?.(sandbox);
    const run = await runPi(sandbox, {
      extension: setup.extension,
      args: ["--skill", skillsDir],
      env: { ...setup.env, TMPDIR: tmpDir },
      prompts: PROMPTS,
      timeoutMs: 600_000,
    });
    const bodies = model.bodies;
    if (run.code !== 0) throw new Error(`pi exited ${run.code}: ${run.stderr.slice(-2000)}`);
    const requests = requestTokens(bodies);
    const facts = checkFacts({ bodies, log: script.log, tmpDir, piTailCut: (text) => truncateTail(text) });
    return {
      requests,
      totalTokens: requests.reduce((s, r) => s + r.tokens, 0),
      cachedTokens: requests.reduce((s, r) => s + r.cached, 0),
      costUsd: costUsd(requests),
      facts,
      log: script.log,
      bodies,
      stderr: run.stderr,
    };
  } finally {
    await model.stop();
    sandbox.cleanup();
  }
}
