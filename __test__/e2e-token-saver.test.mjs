// End-to-end: the Token Saver in the real Pi 1.6 CLI against a scripted model on 127.0.0.1.
// Every assertion is on the exact request bodies Pi sent to the model.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { FakeModel, systemText, toolMessages, toolNames } from "./helpers/fake-model.mjs";
import { spawn } from "node:child_process";
import { EXTENSION_ENTRY, PI_CLI, REPO_ROOT, SHARED_DIR, findPiNode, makeSandbox, runPi } from "./helpers/pi.mjs";
import { compact } from "../index.js";
import { GIANT_DESCRIPTION, GIANT_PARAMETERS } from "./fixtures/token-saver/extra-tools.js";
import { formatBytes } from "../extension/token-saver/stats.js";
import { cargoTestRunsFile } from "./helpers/corpus.mjs";

const CORPUS = path.join(SHARED_DIR, "eval", "compaction");
const CARGO_TEST = cargoTestRunsFile();
const CARGO_BUILD = path.join(CORPUS, "05_cargo_build_errors.txt");
const EXTRA_TOOLS = path.join(REPO_ROOT, "__test__", "fixtures", "token-saver", "extra-tools.js");
const SOURCE_FILE = path.join(REPO_ROOT, "crates", "lean-core", "src", "tools", "mod.rs");
const GUIDELINE = "Long tool output may be compacted; each [… token_retrieve id=… startLine=…] marker names omitted lines: retrieve only what you need, and keep replies concise.";
const SESSION_ID = "token-saver-e2e";
const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : !fs.existsSync(CARGO_TEST) ? "shared compaction corpus missing" : false;

/** A JSON report printed by a script only when asked for `--json`. */
// Large enough (about 38 KB, 13k tokens) that the engine would cut it: a small document reaches the model as printed anyway.
const REPORT_JSON = `${JSON.stringify(
  Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `package-${i + 1}`, version: "1.0.0", license: "MIT", dev: i % 3 === 0 })),
)}\n`;

/** Build output whose errors sit in the first lines, beyond what Pi's 2000-line tail keeps. */
const TRUNCATED_COMMAND = `cat ${CARGO_BUILD}; seq -f '   Compiling filler-%g v0.1.0' 1 4000`;

/** @param {string} text */
function markerIds(text) {
  return [...text.matchAll(/token_retrieve id=([0-9a-f]{16})/g)].map((m) => m[1]);
}

/** @param {any} body @param {string} name */
function declaration(body, name) {
  return body.tools.find((/** @type {any} */ t) => t.function.name === name)?.function;
}

describe("Token Saver on, in real Pi", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {FakeModel} */
  let resumed;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let run;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let rerun;
  /** @type {FakeModel} */
  let forked;
  /** @type {FakeModel} */
  let offAgain;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let offRun;
  /** @type {{code: number|null, stdout: string, stderr: string}} */
  let forkRun;
  const ids = { test: "", build: "" };
  const cargoTest = fs.readFileSync(CARGO_TEST, "utf8");
  const cargoBuild = fs.readFileSync(CARGO_BUILD, "utf8");

  before(async () => {
    const lastTool = (/** @type {any} */ body) => toolMessages(body).at(-1)?.text ?? "";
    model = new FakeModel([
      // Prompt 1: compaction, retrieval, --json pass-through, tool search.
      { toolCalls: [{ name: "bash", arguments: { command: `cat ${CARGO_TEST}` } }] },
      (body) => {
        ids.test = markerIds(lastTool(body))[0];
        return { toolCalls: [{ name: "token_retrieve", arguments: { id: ids.test, maxLines: 1000 } }] };
      },
      { toolCalls: [{ name: "bash", arguments: { command: "sh report.sh --json" } }] },
      { toolCalls: [{ name: "request_capabilities", arguments: { query: "weather forecast for a city" } }] },
      { toolCalls: [{ name: "request_capabilities", arguments: { names: ["warehouse_query"] } }] },
      { text: "Two tests fail." },
      // Prompt 2: edit intent; a routine read is followed by a clamped continuation.
      { toolCalls: [{ name: "read", arguments: { path: "src/tools.rs" } }] },
      { text: "Fixed." },
      // Prompt 3: exact repeat, a failing command, Pi-truncated output.
      { toolCalls: [{ name: "bash", arguments: { command: `cat ${CARGO_TEST}` } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "cat /nonexistent/file.txt" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "src/tools.rs", limit: 5 } }] },
      { toolCalls: [{ name: "bash", arguments: { command: TRUNCATED_COMMAND } }] },
      (body) => {
        ids.build = markerIds(lastTool(body))[0];
        return { toolCalls: [{ name: "token_retrieve", arguments: { id: ids.build, startLine: 1, maxLines: 54 } }] };
      },
      { text: "Build fails on a type error." },
      // Prompt 6 (after /token-saver stats and /token-saver off).
      { text: "Bye." },
    ]);
    await model.start();
    sandbox = makeSandbox(model, { reasoning: true });
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ searchLimit: 4, tokenSaver: "on" }, null, 2));
    fs.mkdirSync(path.join(sandbox.work, "src"));
    fs.copyFileSync(SOURCE_FILE, path.join(sandbox.work, "src", "tools.rs"));
    fs.writeFileSync(path.join(sandbox.work, "report.json"), REPORT_JSON);
    fs.writeFileSync(path.join(sandbox.work, "report.sh"), 'if [ "$1" = "--json" ]; then cat report.json; else echo "60 packages"; fi\n');
    run = await runPi(sandbox, {
      session: true,
      args: ["--session-id", SESSION_ID, "--thinking", "high", "-e", EXTRA_TOOLS],
      prompts: [
        "Why do the regex-syntax tests fail?",
        "Please fix the off-by-one in src/tools.rs",
        "Run the build and summarize",
        "/token-saver stats",
        "/token-saver off",
        "Anything else?",
      ],
    });

    // A real process restart that resumes the session by id; the env override switches it on.
    resumed = new FakeModel([
      { toolCalls: [{ name: "token_retrieve", arguments: { id: ids.test, startLine: 139, maxLines: 2 } }] },
      { text: "Still failing." },
    ]);
    await resumed.start();
    const models = JSON.parse(fs.readFileSync(path.join(sandbox.agent, "models.json"), "utf8"));
    models.providers.fake.baseUrl = resumed.baseUrl;
    fs.writeFileSync(path.join(sandbox.agent, "models.json"), JSON.stringify(models, null, 2));
    rerun = await runPi(sandbox, {
      session: true,
      args: ["--session-id", SESSION_ID, "--thinking", "high", "-e", EXTRA_TOOLS],
      prompts: ["Show the first failure again"],
      env: { PI_LEAN_TOKEN_SAVER: "on" },
    });

    // Resumed once more with the layer off (config says off, no env): the tools deferred in
    // the previous process come back, the token tools go.
    offAgain = new FakeModel([{ text: "Plain." }]);
    await offAgain.start();
    models.providers.fake.baseUrl = offAgain.baseUrl;
    fs.writeFileSync(path.join(sandbox.agent, "models.json"), JSON.stringify(models, null, 2));
    offRun = await runPi(sandbox, {
      session: true,
      args: ["--session-id", SESSION_ID, "--thinking", "high", "-e", EXTRA_TOOLS],
      prompts: ["Anything new?"],
    });

    // A fork is a new session whose history still names the parent's originals.
    forked = new FakeModel([
      { toolCalls: [{ name: "token_retrieve", arguments: { id: ids.build, startLine: 2, maxLines: 1 } }] },
      { text: "Forked." },
      { toolCalls: [{ name: "token_retrieve", arguments: { id: ids.build } }] },
      { text: "Gone." },
    ]);
    await forked.start();
    models.providers.fake.baseUrl = forked.baseUrl;
    fs.writeFileSync(path.join(sandbox.agent, "models.json"), JSON.stringify(models, null, 2));
    forkRun = await runPi(sandbox, {
      session: true,
      args: ["--fork", SESSION_ID, "--thinking", "high", "-e", EXTRA_TOOLS],
      prompts: ["Try another fix", "/token-saver clear", "/token-saver stats", "Look at the build output again"],
      env: { PI_LEAN_TOKEN_SAVER: "on" },
    });
  });

  after(async () => {
    await model?.stop();
    await resumed?.stop();
    await forked?.stop();
    await offAgain?.stop();
    sandbox?.cleanup();
  });

  test("pi exits cleanly after the scripted conversation", () => {
    assert.equal(run.code, 0, run.stderr);
    assert.equal(model.bodies.length, 15);
    assert.match(run.stdout, /Bye\./);
  });

  test("core tools and pi-lean's stay declared; other tools are deferred; the guideline is in the prompt", () => {
    const first = model.bodies[0];
    assert.deepEqual(toolNames(first), ["read", "bash", "edit", "write", "token_retrieve", "request_capabilities"]);
    assert.ok(systemText(first).includes(`- ${GUIDELINE}`), "one-line guideline while on");
  });

  test("a bash call printing a failing cargo test run reaches the model compacted, with a marker naming id=<id>", () => {
    const text = toolMessages(model.bodies[1]).at(-1)?.text ?? "";
    assert.ok(ids.test && /^[0-9a-f]{16}$/.test(ids.test), text.slice(0, 400));
    assert.ok(text.length < cargoTest.length / 2, `compacted ${text.length} of ${cargoTest.length} chars`);
    // The marker names the content hash, and the failures survive verbatim.
    assert.equal(ids.test, compact(cargoTest, { recoverable: true }).id);
    for (const fact of ["test tests::escape_meta ... FAILED", "test utf8::tests::bmp ... FAILED", "test result: FAILED. 145 passed; 2 failed"]) assert.ok(text.includes(fact), fact);
    assert.match(text, /\[… \d+ lines \d+-\d+: .* · token_retrieve id=[0-9a-f]{16} startLine=\d+\]/);
  });

  test("token_retrieve returns exactly the original lines", () => {
    assert.equal(toolMessages(model.bodies[2]).at(-1)?.text, cargoTest);
  });

  test("a --json command comes back unchanged (though the engine would have cut it)", () => {
    assert.equal(compact(REPORT_JSON).changed, true);
    assert.equal(toolMessages(model.bodies[3]).at(-1)?.text, REPORT_JSON);
  });

  test("deferred tools are missing until request_capabilities activates a bounded matching set", () => {
    for (const body of model.bodies.slice(0, 4)) {
      assert.ok(!toolNames(body).includes("weather_lookup") && !toolNames(body).includes("warehouse_query"));
    }
    assert.equal(toolMessages(model.bodies[4]).at(-1)?.text, "Now available: weather_lookup. Call them from your next step.\n2 of 3 additions left for this prompt.");
    assert.equal(toolMessages(model.bodies[5]).at(-1)?.text, "Now available: warehouse_query. Call them from your next step.\n1 of 3 additions left for this prompt.");
    assert.deepEqual(toolNames(model.bodies[4]).slice(-1), ["weather_lookup"]);
    assert.ok(!toolNames(model.bodies[4]).includes("warehouse_query"));
    assert.ok(toolNames(model.bodies[5]).includes("warehouse_query"));
  });

  test("a long tool description is shortened in the request and its parameters are byte-identical", () => {
    const declared = declaration(model.bodies[5], "warehouse_query");
    assert.equal(
      declared.description,
      "Query the analytics warehouse and return sampled rows from a table. Use it to inspect event data, check column values or verify that a pipeline wrote what it should. The warehouse holds product analytics, billing exports and support ticket snapshots, refreshed hourly from the production replicas.",
    );
    assert.ok(declared.description.length < GIANT_DESCRIPTION.length / 2);
    assert.equal(JSON.stringify(declared.parameters), JSON.stringify(GIANT_PARAMETERS));
    // Short descriptions are left alone.
    assert.equal(declaration(model.bodies[5], "read").description.length > 0, true);
    assert.equal(declaration(model.bodies[5], "weather_lookup").description, "Current weather and a three-day forecast for a city.");
  });

  test("an edit-intent read of a source file comes back unchanged", () => {
    assert.equal(toolMessages(model.bodies[7]).at(-1)?.text, fs.readFileSync(SOURCE_FILE, "utf8"));
  });

  test("an existing reasoning_effort is lowered after a routine read, and not after a failing command", () => {
    assert.equal(model.bodies[0].reasoning_effort, "high");
    assert.equal(model.bodies[6].reasoning_effort, "high", "first request of a prompt is never clamped");
    assert.equal(model.bodies[7].reasoning_effort, "low", "routine successful read -> clamped");
    assert.equal(model.bodies[1].reasoning_effort, "high", "bash is not routine");
    const failed = toolMessages(model.bodies[10]).at(-1)?.text ?? "";
    assert.match(failed, /Command exited with code 1$/);
    assert.equal(model.bodies[10].reasoning_effort, "high", "not after a failing command");
    assert.equal(model.bodies[11].reasoning_effort, "high", "an error earlier in the run still blocks the clamp");
    // Only the value changed: no field was added.
    assert.deepEqual(Object.keys(model.bodies[7]), Object.keys(model.bodies[6]));
  });

  test("an exact repeat within the session becomes a short reference to the same id", () => {
    assert.equal(toolMessages(model.bodies[9]).at(-1)?.text, `[Same output as an earlier bash result (872 lines) · token_retrieve id=${ids.test} startLine=1]`);
  });

  test("when Pi truncated bash output, the full output is compacted and recoverable", () => {
    const text = toolMessages(model.bodies[12]).at(-1)?.text ?? "";
    assert.ok(text.includes("error[E0308]: mismatched types"), "error from the part Pi's tail dropped");
    assert.ok(!text.includes("Full output:"), "Pi's truncation notice is replaced");
    assert.ok(ids.build && ids.build !== ids.test);
    assert.equal(toolMessages(model.bodies[13]).at(-1)?.text, `${cargoBuild}[lines 1-54 of 4054 · more: token_retrieve id=${ids.build} startLine=55]`);
  });

  test("/token-saver stats reports the session's counters", () => {
    assert.match(run.stderr, /Token Saver: on/);
    assert.match(run.stderr, /repeated outputs replaced by a reference 1, times the model fetched hidden lines 2/);
    assert.match(run.stderr, /tools held back until needed: 0 now; the model asked for more 2 times, 2 added/);
    assert.match(run.stderr, /^saved vs stock Pi: ~\d+(\.\d)?k? tokens \(/m);
    // One result (the 4,054-line build) was cut by Pi; the rest of it is reach, not savings.
    assert.match(run.stderr, /^extra output the model can reach: ~\d+(\.\d)?k? tokens \([\d.]+k? chars Pi's cut would have dropped/m);
    assert.match(run.stderr, /^shortening eased where the model fetched lines: bash\/test /m);
    assert.match(run.stderr, /long tool descriptions shortened by 543 chars/);
  });

  test("off restores the deferred tools and their full descriptions, and drops pi-lean's token tools", () => {
    const last = model.bodies[14];
    assert.deepEqual(toolNames(last), ["read", "bash", "edit", "write", "weather_lookup", "warehouse_query"]);
    assert.equal(declaration(last, "warehouse_query").description, GIANT_DESCRIPTION);
    assert.ok(!systemText(last).includes(GUIDELINE));
    assert.equal(JSON.parse(fs.readFileSync(path.join(sandbox.agent, "pi-lean.json"), "utf8")).tokenSaver, "off");
    assert.equal(JSON.parse(fs.readFileSync(path.join(sandbox.agent, "pi-lean.json"), "utf8")).searchLimit, 4, "other keys kept");
  });

  test("after a real process restart resuming the session, token_retrieve still returns the original", () => {
    assert.equal(rerun.code, 0, rerun.stderr);
    const lines = cargoTest.split(/(?<=\n)/);
    const text = toolMessages(resumed.bodies[1]).at(-1)?.text ?? "";
    assert.equal(text, `${lines[138]}${lines[139]}[lines 139-140 of 872 · more: token_retrieve id=${ids.test} startLine=141]`);
  });

  test("resumed with the layer on, non-core tools are deferred again; resumed with it off, they are all back", () => {
    assert.deepEqual(toolNames(resumed.bodies[0]), ["read", "bash", "edit", "write", "token_retrieve", "request_capabilities"]);
    assert.equal(offRun.code, 0, offRun.stderr);
    assert.deepEqual(toolNames(offAgain.bodies[0]), ["read", "bash", "edit", "write", "weather_lookup", "warehouse_query"]);
    assert.ok(!systemText(offAgain.bodies[0]).includes(GUIDELINE));
    assert.equal(declaration(offAgain.bodies[0], "warehouse_query").description, GIANT_DESCRIPTION);
  });

  test("after /fork, token_retrieve finds originals the parent session stored", () => {
    assert.equal(forkRun.code, 0, forkRun.stderr);
    const sessions = fs.readdirSync(path.join(sandbox.agent, "pi-lean", "token-saver"));
    assert.equal(sessions.length, 1, "the fork stored nothing itself");
    assert.equal(toolMessages(forked.bodies[1]).at(-1)?.text, `error[E0308]: mismatched types\n[lines 2-2 of 4054 · more: token_retrieve id=${ids.build} startLine=3]`);
  });

  test("/token-saver clear deletes the originals the session can reach and resets the counters", () => {
    const parentStore = path.join(sandbox.agent, "pi-lean", "token-saver", SESSION_ID);
    assert.deepEqual(fs.readdirSync(parentStore).filter((f) => f.endsWith(".blob")), []);
    assert.match(forkRun.stderr, /Token Saver: stored originals and counters cleared\./);
    assert.match(forkRun.stderr, /tool results shortened 0, repeated outputs replaced by a reference 0, times the model fetched hidden lines 0\nsaved vs stock Pi: ~0 tokens \(0 → 0 chars;.*\nextra output the model can reach: ~0 tokens \(0 chars.*\nshortening eased where the model fetched lines: nowhere yet\n/);
    const gone = toolMessages(forked.bodies[3]).at(-1)?.text;
    assert.equal(gone, "RECOVERY_EXPIRED: that original is no longer stored; re-run the command if you need it");
  });
});

describe("Token Saver off means off", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {Array<{code: number|null, stdout: string, stderr: string}>} */
  const runs = [];
  /** @type {string[][]} */
  const raw = [];

  before(async () => {
    const script = () => [
      { toolCalls: [{ name: "bash", arguments: { command: `cat ${CARGO_TEST}` } }] },
      { toolCalls: [{ name: "read", arguments: { path: "notes.txt" } }] },
      { text: "ok" },
    ];
    model = new FakeModel(script());
    await model.start();
    sandbox = makeSandbox(model, { reasoning: true });
    fs.writeFileSync(path.join(sandbox.work, "notes.txt"), fs.readFileSync(CARGO_BUILD, "utf8").repeat(3));
    // pi-lean's entry with the Token Saver's registration removed, imports made absolute.
    const extensionDir = path.dirname(EXTENSION_ENTRY);
    const without = fs
      .readFileSync(EXTENSION_ENTRY, "utf8")
      .replace(/^.*registerTokenSaver.*\n/gm, "")
      .replace(/from "\.\//g, `from "${extensionDir}/`);
    assert.notEqual(without, fs.readFileSync(EXTENSION_ENTRY, "utf8"));
    const withoutPath = path.join(sandbox.root, "pi-lean-without-token-saver.js");
    fs.writeFileSync(withoutPath, without);
    for (const extension of [EXTENSION_ENTRY, withoutPath]) {
      model.script = script();
      model.requests = [];
      runs.push(await runPi(sandbox, { extension, args: ["--thinking", "high", "-e", EXTRA_TOOLS], prompts: ["Look at the test run"] }));
      raw.push(model.rawBodies);
    }
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the request bytes are identical to a run without the Token Saver", () => {
    assert.equal(runs[0].code, 0, runs[0].stderr);
    assert.equal(runs[1].code, 0, runs[1].stderr);
    assert.equal(raw[0].length, 3);
    assert.deepEqual(raw[0], raw[1]);
  });

  test("nothing is compacted, deferred, shortened or clamped", () => {
    const bodies = raw[0].map((r) => JSON.parse(r));
    // pi-lean registers its skill tools at session_start (after checking for another
    // extension's), so Pi activates them after the tools registered while extensions loaded.
    assert.deepEqual(toolNames(bodies[0]), ["read", "bash", "edit", "write", "weather_lookup", "warehouse_query"]);
    assert.equal(toolMessages(bodies[1]).at(-1)?.text, fs.readFileSync(CARGO_TEST, "utf8"));
    assert.equal(bodies[2].reasoning_effort, "high");
    assert.ok(!fs.existsSync(path.join(sandbox.agent, "pi-lean", "token-saver")), "no store is created while off");
  });
});

describe("Token Saver status line (RPC mode, where extension UI calls are visible)", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {any[]} */
  const statuses = [];

  before(async () => {
    model = new FakeModel([{ toolCalls: [{ name: "bash", arguments: { command: `cat ${CARGO_TEST}` } }] }, { text: "ok" }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    const node = /** @type {string} */ (findPiNode());
    const child = spawn(node, [PI_CLI, "--mode", "rpc", "--no-session", "--model", "fake/fake-model", "--no-context-files", "-e", EXTENSION_ENTRY], {
      cwd: sandbox.work,
      env: { PATH: `${path.dirname(node)}:${process.env.PATH ?? ""}`, PI_CODING_AGENT_DIR: sandbox.agent, HOME: sandbox.home, PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    /** @type {Array<(record: any) => void>} */
    const waiters = [];
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        let record;
        try {
          record = JSON.parse(line);
        } catch {
          continue;
        }
        if (record.type === "extension_ui_request" && record.method === "setStatus" && record.statusKey === "pi-lean-token-saver") statuses.push(record);
        for (const w of [...waiters]) w(record);
      }
    });
    const until = (/** @type {(r: any) => boolean} */ match) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("RPC timeout")), 60_000);
        waiters.push((r) => {
          if (match(r)) {
            clearTimeout(timer);
            resolve(r);
          }
        });
      });
    const send = (/** @type {any} */ command) => child.stdin.write(`${JSON.stringify(command)}\n`);
    try {
      send({ id: "p1", type: "prompt", message: "Why do the tests fail?" });
      await until((r) => r.type === "agent_settled");
      send({ id: "p2", type: "prompt", message: "/token-saver off" });
      await until((r) => r.type === "response" && r.id === "p2");
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      const closed = new Promise((resolve) => child.once("close", resolve));
      child.stdin.end();
      child.kill("SIGTERM");
      await closed;
    }
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("shows the tokens saved while on and clears when switched off", () => {
    assert.equal(statuses[0]?.statusText, "token saver: ~0 tokens saved vs stock Pi");
    const saved = statuses.map((s) => s.statusText).filter((t) => typeof t === "string" && t !== "token saver: ~0 tokens saved vs stock Pi");
    assert.ok(saved.length > 0 && /^token saver: ~\d+(\.\d)?k? tokens saved vs stock Pi$/.test(saved[0]), JSON.stringify(statuses));
    assert.equal(statuses.at(-1)?.statusText, undefined, "cleared by /token-saver off");
  });
});

describe("/token-saver stats after a restart resuming the session", { skip: !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {{code: number|null, stdout: string, stderr: string}[]} */
  const runs = [];

  before(async () => {
    model = new FakeModel([{ toolCalls: [{ name: "bash", arguments: { command: "seq 1 20000" } }] }, { text: "Counted." }]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify({ tokenSaver: "on" }));
    const args = ["--session-id", "stats-after-resume"];
    runs.push(await runPi(sandbox, { session: true, args, prompts: ["Count to 20000", "/token-saver stats"] }));
    runs.push(await runPi(sandbox, { session: true, args, prompts: ["/token-saver stats"] }));
  });

  after(async () => {
    await model?.stop();
    sandbox?.cleanup();
  });

  test("the store line reports the session's originals on disk, not a closed store", () => {
    for (const run of runs) assert.equal(run.code, 0, run.stderr);
    const storeLine = (/** @type {string} */ stderr) => stderr.split("\n").find((l) => l.startsWith("full outputs kept"));
    const bytes = Buffer.byteLength(Array.from({ length: 20000 }, (_, i) => `${i + 1}\n`).join(""));
    assert.equal(storeLine(runs[0].stderr), `full outputs kept for fetching: 1 (${formatBytes(bytes)} on disk, 1 in memory)`);
    // The restarted process has read nothing back yet: on disk only.
    assert.equal(storeLine(runs[1].stderr), `full outputs kept for fetching: 1 (${formatBytes(bytes)} on disk, 0 in memory)`);
    assert.match(runs[1].stderr, /^tool results shortened 1, repeated outputs replaced by a reference 0, times the model fetched hidden lines 0$/m);
  });
});
