// What a user is told, in real Pi 1.6: the stub counts user-only skills apart and stays
// byte-identical across prompts; `/token-saver on` with an invalid config says why it is still
// off; a global skill search lists only skills outside the scope.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { SkillIndex } from "../index.js";
import { runSkillSearch } from "../extension/skills/tools.js";
import { FakeModel, systemText } from "./helpers/fake-model.mjs";
import { REPO_ROOT, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const skip = findPiNode() ? false : "needs Node >= 22.19 for Pi 1.6";

/** @param {string} dir @param {string} name @param {string} description @param {boolean} userOnly */
function writeSkill(dir, name, description, userOnly) {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n${userOnly ? "disable-model-invocation: true\n" : ""}---\n\nSteps for ${name}.\n`);
}

describe("the stub counts user-only skills apart, the same on every prompt", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    model = new FakeModel([{ text: "One." }, { text: "Two." }]);
    await model.start();
    sandbox = makeSandbox(model);
    const skills = path.join(sandbox.root, "skills");
    writeSkill(skills, "lint-fix", "Fix lint findings.", false);
    writeSkill(skills, "bench-run", "Run the benchmarks.", false);
    writeSkill(skills, "deploy-now", "Deploy to production.", true);
    writeSkill(skills, "wipe-cache", "Wipe every cache.", true);
    writeSkill(skills, "secrets-dump", "Dump secrets.", true);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ permission: { skill: { default: "allow", rules: [{ pattern: "secrets-*", action: "deny" }] } } }));
    run = await runPi(sandbox, { args: ["--skill", skills], prompts: ["first", "second"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("2 for the model, 2 more user-only (the denied one is not counted anywhere)", () => {
    assert.equal(run.code, 0, run.stderr);
    const stub = systemText(model.bodies[0]).match(/<skill_index>\n([\s\S]*?)\n<\/skill_index>/)?.[1];
    assert.equal(stub, "2 skills for the model (2 more are user-only), not listed. For a matching task: skill_search (keywords; none browses), then skill with the exact name.");
  });

  test("the system prompt is byte-identical on the second prompt (prompt-cache prefix)", () => {
    assert.equal(model.bodies.length, 2);
    assert.equal(systemText(model.bodies[1]), systemText(model.bodies[0]));
  });
});

describe("/token-saver on with an invalid config says why it stays off", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    model = new FakeModel([{ text: "ok" }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ searchLimit: 99 }));
    run = await runPi(sandbox, { prompts: ["/token-saver on", "/token-saver status"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the reason names the file and the problem, and the layer is off", () => {
    const file = path.join(sandbox.agent, "pi-lean.json");
    const line = run.stderr.split("\n").find((l) => l.startsWith("Token Saver is still off:"));
    assert.ok(line, run.stderr);
    assert.match(line, new RegExp(`^Token Saver is still off: CONFIG_INVALID: ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: "searchLimit" .+\\. Fix that file, then run /token-saver on again\\. "on" is saved \\(${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} \\(tokenSaver\\)\\) and applies once the file is fixed\\.$`));
    // status says why too: the config error, not only "off".
    const status = run.stderr.split("\n").find((l) => l.startsWith("Token Saver is off"));
    assert.match(/** @type {string} */ (status), new RegExp(`^Token Saver is off until the config is fixed \\(CONFIG_INVALID: ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: "searchLimit" [^)]+\\); 0 tools deferred; core binding: native [a-z0-9-]+\\.$`));
    assert.equal(JSON.parse(fs.readFileSync(file, "utf8")).tokenSaver, "on");
  });
});

describe("/token-saver status says which layer decides", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;

  before(async () => {
    model = new FakeModel([]);
    await model.start();
    sandbox = makeSandbox(model);
    // On at the top level, off in the active profile's settings: the profile wins.
    const config = { tokenSaver: "on", groups: { notes: ["release-notes"] }, profiles: { quiet: { groups: ["notes"], settings: { tokenSaver: "off" } } }, activeProfile: "quiet" };
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify(config));
    run = await runPi(sandbox, { prompts: ["/token-saver status"] });
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("off because the active profile's settings say so", () => {
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Token Saver is off \(set by profile "quiet"\); 0 tools deferred; core binding: native [a-z0-9-]+\.$/m);
  });
});

describe("a global skill search lists only skills outside the scope", () => {
  const index = SkillIndex.scan([DEP_SKILLS]);
  const search = (/** @type {any} */ params, /** @type {string[]} */ only) =>
    runSkillSearch(index, params, { descriptionMax: 80, defaultLimit: 8, only, exclude: ["loop-b"], scopeLabel: 'group "notes"', onFallback: () => {} });

  test("scope: global never returns the scope's own skills", () => {
    const inScope = ["release-notes", "changelog-style"];
    const result = search({ query: "release notes changelog git history", scope: "global" }, inScope);
    const names = /** @type {string[]} */ (result.details.names);
    assert.ok(names.length > 0);
    assert.ok(names.every((n) => !inScope.includes(n) && n !== "loop-b"), names.join());
    assert.match(result.content[0].text, /outside the scope \(loadable now\)/);
  });

  test("browsing globally lists only outside skills, too", () => {
    const result = search({ scope: "global" }, ["release-notes"]);
    const names = /** @type {string[]} */ (result.details.names);
    assert.deepEqual(names, ["changelog-style", "git-history", "loop-a"]);
  });
});
