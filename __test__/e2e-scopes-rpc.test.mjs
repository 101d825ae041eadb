// End-to-end in Pi's RPC mode, where dialogs work through the extension UI sub-protocol:
// the `ask` approval dialog (Allow once / Always allow for this session / Reject), approval of
// `ask` dependencies, and the skill commands degrading to a plain-text notification.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { after, before, describe, test } from "node:test";
import { FakeModel, toolMessages } from "./helpers/fake-model.mjs";
import { EXTENSION_ENTRY, PI_CLI, REPO_ROOT, findPiNode, makeSandbox } from "./helpers/pi.mjs";

const DEP_SKILLS = path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills");
const APPROVAL = ["Allow once", "Always allow this skill for this session", "Reject"];

/** Drives `pi --mode rpc`, answering each select dialog from a queue of answers. */
class RpcPi {
  /** @param {ReturnType<typeof makeSandbox>} sandbox @param {Array<string | null>} answers (null cancels) */
  constructor(sandbox, answers) {
    const node = /** @type {string} */ (findPiNode());
    this.answers = answers;
    /** @type {any[]} */
    this.events = [];
    /** @type {Array<() => void>} */
    this.waiters = [];
    this.child = spawn(node, [PI_CLI, "--mode", "rpc", "--no-session", "--model", "fake/fake-model", "--no-context-files", "-e", EXTENSION_ENTRY, "--skill", DEP_SKILLS], {
      cwd: sandbox.work,
      env: { PATH: `${path.dirname(node)}:${process.env.PATH ?? ""}`, PI_CODING_AGENT_DIR: sandbox.agent, HOME: sandbox.home, PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.stderr = "";
    this.child.stderr.on("data", (c) => (this.stderr += c));
    readline.createInterface({ input: this.child.stdout }).on("line", (line) => {
      let event;
      try {
        event = JSON.parse(line);
      } catch {
        return;
      }
      this.events.push(event);
      if (event.type === "extension_ui_request" && event.method === "select") {
        const answer = this.answers.shift();
        this.send(answer == null ? { type: "extension_ui_response", id: event.id, cancelled: true } : { type: "extension_ui_response", id: event.id, value: answer });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** @param {unknown} message */
  send(message) {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** Resolves when an event satisfying `predicate` has arrived (after index `from`). */
  async waitFor(predicate, from = 0, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out; stderr: ${this.stderr}`);
      await new Promise((resolve) => {
        this.waiters.push(() => resolve(undefined));
        setTimeout(resolve, 200);
      });
    }
  }

  /** Sends a prompt and waits until the run (if any) has settled. */
  async prompt(id, message, { run = true } = {}) {
    const from = this.events.length;
    this.send({ id, type: "prompt", message });
    await this.waitFor((e) => e.type === "response" && e.id === id, from);
    if (run) await this.waitFor((e) => e.type === "agent_settled", from);
    return from;
  }

  async stop() {
    this.child.stdin.end();
    await new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
      this.child.on("close", () => (clearTimeout(timer), resolve(undefined)));
    });
  }
}

const skip = !findPiNode() ? "needs Node >= 22.19 for Pi 1.6" : false;

describe("ask approval and commands in RPC mode", { skip }, () => {
  /** @type {FakeModel} */
  let model;
  /** @type {ReturnType<typeof makeSandbox>} */
  let sandbox;
  /** @type {RpcPi} */
  let pi;
  /** @type {any[]} */
  let dialogs = [];
  /** @type {any[]} */
  let notices = [];

  before(async () => {
    model = new FakeModel([
      { toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "release-notes" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "loop-a" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "loop-a" } }] },
      { text: "done" },
    ]);
    await model.start();
    sandbox = makeSandbox(model);
    fs.writeFileSync(
      path.join(sandbox.agent, "pi-lean.json"),
      JSON.stringify({ groups: { notes: ["release-notes"] }, profiles: { work: ["notes"] }, permission: { skill: { rules: [{ pattern: "release-notes", action: "ask" }, { pattern: "loop-?", action: "ask" }] } } }),
    );
    // release-notes: Reject, then Always; loop-a: Allow once, its dependency loop-b: Reject;
    // loop-a again: the dialog is cancelled (counts as Reject).
    pi = new RpcPi(sandbox, ["Reject", APPROVAL[1], "Allow once", "Reject", null]);
    await pi.prompt("p1", "Write the release notes.");
    await pi.prompt("c1", "/skills", { run: false });
    await pi.prompt("c2", "/skill-profile", { run: false });
    await pi.waitFor((e) => e.type === "extension_ui_request" && e.method === "notify" && /Profiles: work/.test(e.message));
    dialogs = pi.events.filter((e) => e.type === "extension_ui_request" && e.method === "select");
    notices = pi.events.filter((e) => e.type === "extension_ui_request" && e.method === "notify");
  });

  after(async () => {
    await pi?.stop();
    await model?.stop();
    sandbox?.cleanup();
  });

  test("every ask load shows the three choices; an Always answer is not asked again", () => {
    assert.deepEqual(
      dialogs.map((d) => d.title.split("?")[0]),
      ['Load skill "release-notes"', 'Load skill "release-notes"', 'Load skill "loop-a"', 'Load skill "loop-b"', 'Load skill "loop-a"'],
    );
    for (const d of dialogs) assert.deepEqual(d.options, APPROVAL);
  });

  test("Reject refuses, Always allows this and later loads, Allow once covers one load", () => {
    const results = toolMessages(model.bodies.at(-1)).map((t) => t.text);
    assert.equal(results[0], 'SKILL_DENIED: the user declined loading "release-notes"; continue without it');
    assert.ok(results[1].includes("# Release notes"), results[1].slice(0, 200));
    assert.ok(results[2].includes("# Release notes"), "no second dialog after Always");
    assert.ok(results[3].includes("Body of loop-a."));
    assert.ok(!results[3].includes("Body of loop-b."), "the rejected ask dependency is withheld");
    assert.match(results[3], /Note: 1 required skill\(s\) withheld by policy\./);
    assert.equal(results[4], 'SKILL_DENIED: the user declined loading "loop-a"; continue without it');
  });

  test("commands degrade to a plain-text notification in RPC mode", () => {
    const report = notices.find((n) => n.message.startsWith("pi-lean skills: scope all skills"));
    assert.ok(report, JSON.stringify(notices));
    assert.match(report.message, /offered release-notes \[notes\]/);
    assert.match(report.message, /hidden  secret-helper \(user-only: disable-model-invocation; run it with \/skill:secret-helper\)/);
    assert.match(report.message, /the interactive manager needs the TUI/);
    assert.ok(notices.some((n) => n.message === "pi-lean: skill scope is all skills (5 of 5 skills offered). Profiles: work. Use /skill-profile <name|all>."));
  });
});
