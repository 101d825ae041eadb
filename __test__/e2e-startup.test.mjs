// End-to-end: how real Pi 1.6 loads an installed pi-lean. Pi loads extensions through jiti,
// which asks Node to import each module natively first and transforms and evaluates it itself
// only when that fails; a module whose graph reaches Pi's package fails in an install. Only
// the entry may import Pi's package (extension/shared/pi-host.js says why), so jiti transforms
// exactly one file and every other module of pi-lean is Node's own. The package is loaded from
// a copy without node_modules, as an install has it; in this checkout Node would find Pi in the
// repository's devDependencies and every import would succeed natively.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { BINARY_NAME, hostPlatform } from "../scripts/build-targets.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

/** The package's files and this platform's binary, in a dir with no node_modules above it. */
function installedCopy() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-startup-"));
  for (const entry of ["bin", "extension", "schema"]) fs.cpSync(path.join(REPO_ROOT, entry), path.join(root, entry), { recursive: true });
  for (const file of ["index.js", "package.json", `${BINARY_NAME}.${hostPlatform()}.node`]) fs.copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
  return root;
}

describe("Pi loading an installed pi-lean", { skip }, () => {
  let root = "";
  before(() => {
    root = installedCopy();
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  test("every module but the entry loads without Pi's package", () => {
    const node = /** @type {string} */ (findPiNode());
    const script = [
      `import(${JSON.stringify(path.join(root, "extension", "register.js"))})`,
      `.then(() => import(${JSON.stringify(path.join(root, "extension", "index.js"))}))`,
      ".then(() => console.log('entry loaded'), (e) => console.log(e.code, e.message.split('\\n')[0]))",
    ].join("");
    const run = spawnSync(node, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    // register.js pulls in every feature; only the entry names Pi's package.
    assert.match(run.stdout, /^ERR_MODULE_NOT_FOUND Cannot find package '@earendil-works\/pi-coding-agent' imported from .*extension\/index\.js/);
  });

  test("jiti transforms only the entry; the rest is imported natively and pi-lean works", async () => {
    const model = new FakeModel([{ text: "an answer" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      const run = await runPi(sandbox, { args: ["--skill", DEP_SKILLS], prompts: ["hello"], extension: path.join(root, "extension", "index.js"), env: { JITI_DEBUG: "1" } });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /an answer/);
      const transformed = [...run.stderr.matchAll(/^\[jiti\] \[transpile\] \S+ (\S+)/gm)].map((m) => path.relative(root, m[1]));
      assert.deepEqual(transformed, [path.join("extension", "index.js")]);
      const native = new Set([...run.stderr.matchAll(/^\[jiti\] \[native\] \[import\] (\S+)/gm)].map((m) => path.relative(root, m[1])));
      assert.ok(native.has(path.join("extension", "register.js")), run.stderr);
      // pi-lean is on: its tools are declared and Pi's skill catalog left the prompt.
      assert.ok(model.rawBodies[0].includes('"skill_search"'), "pi-lean's tools are declared");
      assert.ok(!model.rawBodies[0].includes("<available_skills>"), "Pi's catalog is gone");
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  });
});
