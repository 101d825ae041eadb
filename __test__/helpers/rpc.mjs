// Drives the real Pi CLI in RPC mode (`pi --mode rpc`) inside a sandbox from pi.mjs: JSONL
// commands on stdin, events on stdout. Select dialogs of the extension UI sub-protocol are
// answered from a queue (null cancels).
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { EXTENSION_ENTRY, PI_CLI, findPiNode } from "./pi.mjs";

export class RpcPi {
  /**
   * @param {{ agent: string, home: string, work: string }} sandbox
   * @param {{ answers?: Array<string | null>, args?: string[], session?: boolean, env?: Record<string, string> }} [options]
   *   `session: true` persists the session (no `--no-session`); `args` are appended (`--skill`, `--session <file>`).
   */
  constructor(sandbox, options = {}) {
    const node = /** @type {string} */ (findPiNode());
    this.answers = options.answers ?? [];
    /** @type {any[]} */
    this.events = [];
    /** @type {Array<() => void>} */
    this.waiters = [];
    const args = [PI_CLI, "--mode", "rpc", ...(options.session ? [] : ["--no-session"]), "--model", "fake/fake-model", "--no-context-files", "-e", EXTENSION_ENTRY, ...(options.args ?? [])];
    this.child = spawn(node, args, {
      cwd: sandbox.work,
      env: { PATH: `${path.dirname(node)}:${process.env.PATH ?? ""}`, PI_CODING_AGENT_DIR: sandbox.agent, HOME: sandbox.home, PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1", ...(options.env ?? {}) },
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

  /** Sends a command and resolves with its response. @param {Record<string, unknown>} command */
  async command(id, command) {
    const from = this.events.length;
    this.send({ id, ...command });
    const response = await this.waitFor((e) => e.type === "response" && e.id === id, from);
    if (response.success === false) throw new Error(`${command.type} failed: ${JSON.stringify(response)}; stderr: ${this.stderr}`);
    return response;
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
