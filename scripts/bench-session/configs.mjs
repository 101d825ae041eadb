// The configurations the session bench compares, and how each is set up in a Pi sandbox:
// stock Pi, pi-lean in its modes, and peer extensions installed from the npm registry into a
// cache dir at bench time (exactly as `pi install` would: `npm install --prefix <root>
// --legacy-peer-deps`) and loaded in place through settings.json `packages`. A configuration
// that cannot run here keeps its row, with the exact reason.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { validateLayer } from "../../extension/shared/config.js";

/**
 * @typedef {object} Setup
 * @property {string | null} extension   pi-lean entry for `-e`, or null
 * @property {Record<string, string>} env
 * @property {(sandbox: { agent: string, home: string }) => void} [prepare]
 */
/**
 * @typedef {object} Config
 * @property {string} id
 * @property {string} label
 * @property {string} what        one line on what is on
 * @property {() => Setup | { unavailable: string }} resolve
 */

/** Where peers are installed; reused across runs when the version matches. */
export const PEER_CACHE = process.env.PI_LEAN_PEER_CACHE ?? path.join(os.homedir(), ".cache", "pi-lean", "peers");

export const ORCHESTRATOR = { name: "pi-skill-orchestrator", version: "0.1.26" };
export const LAZY_SKILL_TOOL = { name: "pi-lazy-skill-tool", version: "latest" };

/** Whether this build of pi-lean accepts `routing: "additive"` (issue 13). */
export function additiveLanded() {
  try {
    validateLayer({ routing: "additive" }, "probe");
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs `name@version` from the npm registry into its own prefix under PEER_CACHE.
 * @returns {{ dir: string, version: string } | { error: string }}
 */
export function installPeer({ name, version }) {
  const root = path.join(PEER_CACHE, `${name}@${version}`);
  const dir = path.join(root, "node_modules", name);
  const manifest = path.join(dir, "package.json");
  const installed = () => JSON.parse(fs.readFileSync(manifest, "utf8")).version;
  if (version !== "latest" && fs.existsSync(manifest) && installed() === version) return { dir, version };
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "pi-lean-bench-peer", private: true }));
  const npm = spawnSync("npm", ["install", `${name}@${version}`, "--prefix", root, "--legacy-peer-deps", "--no-audit", "--no-fund", "--no-save"], {
    encoding: "utf8",
    timeout: 180_000,
  });
  if (npm.status !== 0 || !fs.existsSync(manifest)) {
    const code = /npm error code (\S+)/.exec(npm.stderr ?? "")?.[1];
    const summary = /npm error (404 Not Found|[^\n]*(?:ETARGET|ENOTFOUND|EAI_AGAIN)[^\n]*)/.exec(npm.stderr ?? "")?.[1];
    const reason = code === "E404" ? "E404: the npm registry has no package of that name" : [code, summary].filter(Boolean).join(": ") || `npm exited ${npm.status}`;
    return { error: `npm install ${name}@${version} failed (${reason.replace(/https?:\/\/\S+/g, "<registry>")})` };
  }
  return { dir, version: installed() };
}

/** settings.json of the sandbox with a local package folder loaded in place. */
function addPackage(agentDir, packageDir) {
  const file = path.join(agentDir, "settings.json");
  const settings = JSON.parse(fs.readFileSync(file, "utf8"));
  settings.packages = [...(settings.packages ?? []), packageDir];
  fs.writeFileSync(file, JSON.stringify(settings, null, 2));
}

/**
 * The Skill Orchestrator loaded in place from the cache, with its Token Saver on or off. It
 * keeps its state under HOME (not the agent dir): the profile manifest and the active profile,
 * exactly what its `/token-saver on|off` writes.
 * @param {boolean} tokenSaver
 * @returns {Setup | { unavailable: string }}
 */
function orchestrator(tokenSaver) {
  const peer = installPeer(ORCHESTRATOR);
  if ("error" in peer) return { unavailable: peer.error };
  return {
    extension: null,
    env: {},
    prepare: (sandbox) => {
      addPackage(sandbox.agent, peer.dir);
      const state = path.join(sandbox.home, ".pi", "agent");
      fs.mkdirSync(path.join(state, "skill-profiles"), { recursive: true });
      fs.writeFileSync(path.join(state, "skill-manager.json"), JSON.stringify({ version: 2, activeProfileId: "default" }));
      fs.writeFileSync(
        path.join(state, "skill-profiles", "default.json"),
        JSON.stringify({ version: 1, profileId: "default", profileName: "Default", profileDescription: "", tokenSaverEnabled: tokenSaver }, null, 2),
      );
    },
  };
}

/**
 * @param {{ extensionEntry: string, peers?: boolean }} options
 * @returns {Config[]}
 */
export function configurations({ extensionEntry, peers = true }) {
  const lean = (/** @type {Record<string, string>} */ env) => () => ({ extension: extensionEntry, env });
  const routing = additiveLanded() ? "additive" : "lazy";
  /** @type {Config[]} */
  const all = [
    { id: "stock", label: "stock Pi", what: "Pi 1.6 as shipped: the <skills> catalog in the system prompt, Pi's own 2,000-line / 50 KB cut", resolve: () => ({ extension: null, env: {} }) },
    {
      id: "lean-lazy",
      label: "pi-lean lazy",
      what: "lazy skills (routing lazy), Token Saver off",
      resolve: lean({ PI_LEAN_ROUTING: "lazy", PI_LEAN_TOKEN_SAVER: "off" }),
    },
    {
      id: "lean-additive",
      label: "pi-lean additive",
      what: "additive per-branch picks (routing additive), Token Saver off",
      resolve: () =>
        additiveLanded()
          ? { extension: extensionEntry, env: { PI_LEAN_ROUTING: "additive", PI_LEAN_TOKEN_SAVER: "off" } }
          : { unavailable: 'not landed: this build rejects routing "additive" (issue 13)' },
    },
    {
      id: "lean-token-saver",
      label: "pi-lean Token Saver",
      what: "Token Saver on, skills kept in the prompt as pi-lean's compact catalog (routing safe)",
      resolve: lean({ PI_LEAN_ROUTING: "safe", PI_LEAN_TOKEN_SAVER: "on" }),
    },
    {
      id: "lean-all",
      label: "pi-lean everything on",
      what: `Token Saver on and lazy skills (routing ${routing})`,
      resolve: lean({ PI_LEAN_ROUTING: routing, PI_LEAN_TOKEN_SAVER: "on" }),
    },
  ];
  if (!peers) return all;
  all.push(
    {
      id: "orchestrator-lazy",
      label: "Skill Orchestrator",
      what: `${ORCHESTRATOR.name}@${ORCHESTRATOR.version} from npm, lazy skills only (its Token Saver off, the default)`,
      resolve: () => orchestrator(false),
    },
    {
      id: "orchestrator",
      label: "Skill Orchestrator + Token Saver",
      what: `${ORCHESTRATOR.name}@${ORCHESTRATOR.version} from npm, its Token Saver on (as /token-saver on writes it)`,
      resolve: () => orchestrator(true),
    },
    {
      id: "lazy-skill-tool",
      label: "pi-lazy-skill-tool",
      what: `${LAZY_SKILL_TOOL.name} from npm`,
      resolve: () => {
        const peer = installPeer(LAZY_SKILL_TOOL);
        if ("error" in peer) return { unavailable: peer.error };
        return { extension: null, env: {}, prepare: (sandbox) => addPackage(sandbox.agent, peer.dir) };
      },
    },
  );
  return all;
}
