// @ts-check
/**
 * What the CLI needs to know about the user's Pi setup, read-only: the agent dir, the skill
 * dirs Pi would read, pi-lean's validated config with Pi's project-trust rule, how this CLI
 * was reached, and one formatter that turns any error into a single clear message.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, DEFAULT_CONFIG, loadConfigWithSources } from "../extension/shared/config.js";

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A mistake in how the CLI was called: exit 2 with the usage text. */
export class UsageError extends Error {}

/** Pi's agent dir: `$PI_CODING_AGENT_DIR` (with `~` expanded) or `~/.pi/agent`. */
export function agentDir() {
  const env = process.env.PI_CODING_AGENT_DIR;
  if (env) return env === "~" ? os.homedir() : env.startsWith("~/") ? path.join(os.homedir(), env.slice(2)) : env;
  return path.join(os.homedir(), ".pi", "agent");
}

/** @returns {string} */
export function packageVersion() {
  return JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")).version;
}

/**
 * Skill dirs Pi reads, in Pi's order: the user's, then (only in a trusted project) the
 * project's `.pi/skills` and `.agents/skills` from the working dir up. Skills that come from
 * Pi packages or extra paths in Pi's settings are not included.
 * @param {{ trusted: boolean }} options
 */
export function skillDirs({ trusted }) {
  const home = os.homedir();
  const dirs = [path.join(agentDir(), "skills"), path.join(home, ".agents", "skills")];
  if (trusted) {
    dirs.push(path.join(process.cwd(), ".pi", "skills"));
    // Pi walks up to the repository root when there is one.
    for (let dir = path.resolve(process.cwd()); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, ".agents", "skills");
      if (candidate !== path.join(home, ".agents", "skills")) dirs.push(candidate);
      if (path.dirname(dir) === dir || fs.existsSync(path.join(dir, ".git"))) break;
    }
  }
  return [...new Set(dirs)].filter((d) => fs.existsSync(d));
}

/**
 * Whether Pi would honour this project's config: a trust decision the user saved in Pi
 * (`/trust`, or answering Pi's prompt). The CLI cannot ask, so no decision means untrusted,
 * as the extension does for Pi's vacuous trust.
 */
async function projectTrusted() {
  try {
    const { ProjectTrustStore } = await import("@earendil-works/pi-coding-agent");
    return new ProjectTrustStore(agentDir()).get(process.cwd()) === true;
  } catch {
    return false;
  }
}

/**
 * pi-lean's config as Pi would load it here, and the access view built on it (scope and
 * policy). With `tolerant`, an invalid config is returned as `error` instead of thrown.
 * @param {{ tolerant?: boolean }} [options]
 */
export async function loadUserConfig(options = {}) {
  const trusted = await projectTrusted();
  /** @type {import("../extension/shared/config.js").LeanConfig} */
  let value;
  /** @type {ConfigError | null} */
  let error = null;
  try {
    const loaded = loadConfigWithSources({ agentDir: agentDir(), cwd: process.cwd(), projectTrusted: trusted });
    value = loaded.config;
    // An invalid setting variable is ignored, not fatal (LS-29): say so once, on stderr.
    for (const warning of loaded.warnings) process.stderr.write(`pi-lean: ${warning}\n`);
  } catch (thrown) {
    if (!(thrown instanceof ConfigError) || !options.tolerant) throw thrown instanceof ConfigError ? withHint(thrown, `${fixHint(thrown)}; skills stay hidden until then`) : thrown;
    error = thrown;
    value = { ...DEFAULT_CONFIG };
  }
  const holder = /** @type {import("../extension/shared/config.js").ConfigHolder} */ ({ value, error, where: {} });
  // Imported here, not at start: they load the core, and `pi-lean --help` must work without it.
  const { SkillAccess } = await import("../extension/skills/access.js");
  const { ScopeState } = await import("../extension/skills/scope.js");
  return { trusted, error, config: value, access: new SkillAccess(holder, new ScopeState(value)) };
}

/** What to fix: the file, or the environment variable (named `$PI_LEAN_…` as the error's source). @param {ConfigError} error */
function fixHint(error) {
  return error.file.startsWith("$") ? `fix or unset ${error.file}` : "fix the file";
}

/** @param {Error} error @param {string} hint */
function withHint(error, hint) {
  return Object.assign(new Error(`${error.message}; ${hint}`), { code: /** @type {any} */ (error).code });
}

/** Plain-words reasons for the fs errors a user meets. */
const FS_REASONS = /** @type {Record<string, string>} */ ({
  ENOENT: "no such file or directory; check the path",
  EACCES: "permission denied; check the file's permissions",
  EPERM: "operation not permitted; check the file's permissions",
  EISDIR: "is a directory; give a file",
  ENOTDIR: "a part of the path is not a directory; check the path",
  EMFILE: "too many open files; close some programs and retry",
});

/**
 * One message per error, `CODE: what happened; what to do`, never with the code twice
 * (Node's fs messages already start with theirs: `ENOENT: no such file…`).
 * @param {unknown} error @param {string} [subject]  the file or input the operation was on
 * @returns {Error & { code?: string }}
 */
export function describeError(error, subject) {
  if (error instanceof Error && DESCRIBED.has(error)) return error;
  const described = describeOnce(error, subject);
  DESCRIBED.add(described);
  return described;
}

/** Errors already in their final form, so a second pass leaves them alone. */
const DESCRIBED = new WeakSet();

/** @param {unknown} error @param {string} [subject] @returns {Error & { code?: string }} */
function describeOnce(error, subject) {
  const code = typeof (/** @type {any} */ (error)?.code) === "string" ? /** @type {string} */ (/** @type {any} */ (error).code) : undefined;
  const raw = error instanceof Error ? error.message : String(error);
  if (code && FS_REASONS[code]) {
    const what = subject ?? /** @type {any} */ (error).path ?? "input";
    return Object.assign(new Error(`${code}: cannot read ${what}: ${FS_REASONS[code]}`), { code });
  }
  let message = raw;
  // Strip any number of leading copies of the code, then put exactly one back.
  if (code) {
    const prefix = `${code}:`;
    while (message.startsWith(prefix)) message = message.slice(prefix.length).trimStart();
    message = `${code}: ${message}`;
  }
  return Object.assign(new Error(message), { code });
}

/**
 * How the user can run this CLI again: the command when it is on PATH, else its full path
 * (after `pi install` it sits in `<agentDir>/npm/node_modules/.bin`).
 */
export function cliCommand() {
  const installed = path.join(agentDir(), "npm", "node_modules", ".bin", "pi-lean");
  const self = fs.realpathSync(process.argv[1] ?? path.join(PACKAGE_ROOT, "bin", "pi-lean.js"));
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, "pi-lean");
    try {
      if (fs.realpathSync(candidate) === self) return { command: "pi-lean", onPath: true, installed };
    } catch {
      // not in this PATH entry
    }
  }
  let viaPiInstall = false;
  try {
    viaPiInstall = fs.realpathSync(installed) === self;
  } catch {
    // not installed by pi
  }
  return { command: viaPiInstall ? installed : `node ${self}`, onPath: false, installed: viaPiInstall ? installed : null };
}
