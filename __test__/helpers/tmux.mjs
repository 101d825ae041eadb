// Drives real Pi 1.6 in a tmux pane as a user would: keys sent with `send-keys`, the screen read
// with `capture-pane`. Tests using it skip without tmux.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { EXTENSION_ENTRY, PI_CLI, findPiNode } from "./pi.mjs";

export const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

/** @param {string[]} args */
const tmux = (...args) => spawnSync("tmux", args, { encoding: "utf8" });

export class TmuxPi {
  /**
   * Starts Pi's TUI in a detached tmux session.
   * @param {{ agent: string, home: string, work: string }} sandbox @param {string} name  tmux session name
   * @param {string[]} [args]  extra Pi arguments
   * @param {{ extension?: string }} [options]  the extension entry to load (default: this repo's)
   */
  constructor(sandbox, name, args = [], options = {}) {
    const node = /** @type {string} */ (findPiNode());
    this.session = name;
    const env = [`HOME=${sandbox.home}`, `PI_CODING_AGENT_DIR=${sandbox.agent}`, "PI_OFFLINE=1", "PI_TELEMETRY=0", "PI_SKIP_VERSION_CHECK=1", "TERM=xterm-256color", `PATH=${path.dirname(node)}:/usr/bin:/bin`];
    const command = ["env", ...env, node, PI_CLI, "--model", "fake/fake-model", "--no-context-files", "-e", options.extension ?? EXTENSION_ENTRY, ...args].map((a) => `'${String(a).replace(/'/g, "'\\''")}'`).join(" ");
    const started = tmux("new-session", "-d", "-s", name, "-x", "110", "-y", "40", "-c", sandbox.work, command);
    assert.equal(started.status, 0, started.stderr);
  }

  screen() {
    return tmux("capture-pane", "-t", this.session, "-p").stdout;
  }

  /** Waits until the screen matches, or fails with what was on it. @param {RegExp} pattern */
  async waitFor(pattern, timeoutMs = 30_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const text = this.screen();
      if (pattern.test(text)) return text;
      if (Date.now() > until) assert.fail(`timed out waiting for ${pattern}; screen:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** @param {...string} keys */
  keys(...keys) {
    tmux("send-keys", "-t", this.session, ...keys);
  }

  /**
   * Types `text` and waits until the editor shows it: the screen holds one more copy of it
   * than before (earlier copies may be in the chat), instead of a guessed pause.
   * @param {string} text
   */
  async type(text) {
    const copies = (/** @type {string} */ screen) => screen.split(text).length - 1;
    const before = copies(this.screen());
    this.keys(text);
    const until = Date.now() + 30_000;
    while (copies(this.screen()) <= before) {
      if (Date.now() > until) assert.fail(`the editor never showed ${JSON.stringify(text)}; screen:\n${this.screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Types a line and submits it. @param {string} text */
  async submit(text) {
    await this.type(text);
    this.keys("Enter");
  }

  stop() {
    tmux("kill-session", "-t", this.session);
  }
}
