// Capability routing, measured on the first request real Pi 1.6 sends to a scripted model on
// 127.0.0.1, for two setups:
//   a. two third-party-style extensions (four tools with long promptGuidelines,
//      __test__/fixtures/capabilities/), which show guideline capsules and package policies;
//   b. two real Pi packages from the npm registry, installed at bench time into
//      ~/.cache/pi-lean/peers and loaded in place through settings.json `packages`
//      (reported as not run when npm cannot install them).
// For each configuration it reports the system prompt's characters, the tools array's
// characters and the o200k tokens of both, as Pi sent them. `--readme` rewrites the tables in
// docs/benchmarks.md between the capabilities-bench markers. `npm run bench` runs it too (section 7).
//
//   npm run bench:capabilities [-- --readme]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { FakeModel, systemText, toolNames } from "../__test__/helpers/fake-model.mjs";
import { findPiNode, makeSandbox, runPi } from "../__test__/helpers/pi.mjs";
import { installPeer } from "./bench-session/configs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = path.join(root, "__test__", "fixtures", "capabilities");
const extensions = ["-e", path.join(fixtures, "browser-tools.js"), "-e", path.join(fixtures, "tracker-tools.js")];
const README_START = "<!-- capabilities-bench:start (npm run bench:capabilities -- --readme) -->";
const README_END = "<!-- capabilities-bench:end -->";
const o200k = (/** @type {string} */ s) => encode(s, { allowedSpecial: "all" }).length;
const SCREENSHOT = "Take a screenshot of the login page at http://localhost:3000";
const UNRELATED = "Why does the build fail?";
/** Real packages with tools, popular on npm (downloads a month when chosen: about 2,500 and 5,000). */
export const REAL_PACKAGES = [
  { name: "pi-web-access", version: "0.28.0" },
  { name: "pi-subagents", version: "0.67.0" },
];

/**
 * One configuration: the first request of a fresh run (or of a later run in the same agent dir).
 * @typedef {{ label: string, config?: object, env?: Record<string, string>, prompt: string, warm?: boolean }} Configuration
 */

/** @type {Configuration[]} */
const fixtureConfigurations = [
  { label: "stock Pi (pi-lean disabled)", env: { PI_LEAN_DISABLE: "1" }, prompt: SCREENSHOT },
  { label: 'pi-lean, `capabilities: "off"`', config: { capabilities: "off" }, prompt: SCREENSHOT },
  { label: "route: prompt needs the browser tools", config: { capabilities: "route" }, prompt: SCREENSHOT },
  { label: "route: prompt needs no third-party tool", config: { capabilities: "route" }, prompt: UNRELATED },
  { label: "route, after the browser tools were used once (capsules)", config: { capabilities: "route" }, prompt: SCREENSHOT, warm: true },
  {
    label: 'route + `packages` all `"capsule"` (before any use)',
    config: { capabilities: "route", packages: Object.fromEntries([extensions[1], extensions[3]].map((file) => [file, "capsule"])) },
    prompt: "Is there already an issue about the login button? Take a screenshot of it.",
  },
];

const WEB = "Search the web for the Node.js 22 release notes and fetch the page";
/** @type {Configuration[]} */
const realConfigurations = [
  { label: "stock Pi (pi-lean disabled)", env: { PI_LEAN_DISABLE: "1" }, prompt: UNRELATED },
  { label: 'pi-lean, `capabilities: "off"`', config: { capabilities: "off" }, prompt: UNRELATED },
  { label: "route: prompt needs no third-party tool", config: { capabilities: "route" }, prompt: UNRELATED },
  { label: "route: prompt needs web search and fetch", config: { capabilities: "route" }, prompt: WEB },
];

/**
 * Runs configurations with one setup; returns a row per configuration.
 * @param {Configuration[]} configurations
 * @param {{ args: string[], packages: string[] }} setup
 */
async function measure(configurations, setup) {
  const rows = [];
  for (const c of configurations) {
    const model = new FakeModel(c.warm ? [{ toolCalls: [{ name: "browser_navigate", arguments: { url: "http://localhost:3000" } }] }, { toolCalls: [{ name: "browser_screenshot", arguments: {} }] }, { text: "ok" }, { text: "ok" }] : [{ text: "ok" }]);
    await model.start();
    const sandbox = makeSandbox(model);
    try {
      if (c.config) fs.writeFileSync(path.join(sandbox.agent, "pi-lean.json"), JSON.stringify(c.config));
      if (setup.packages.length > 0) {
        const file = path.join(sandbox.agent, "settings.json");
        fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, "utf8")), packages: setup.packages }));
      }
      const prompts = c.warm ? [c.prompt, c.prompt] : [c.prompt];
      const run = await runPi(sandbox, { args: setup.args, prompts, env: c.env });
      if (run.code !== 0) throw new Error(`${c.label}: pi exited ${run.code}: ${run.stderr}`);
      const body = c.warm ? model.bodies[3] : model.bodies[0];
      const system = systemText(body);
      const tools = JSON.stringify(body.tools ?? []);
      rows.push({ label: c.label, tools: toolNames(body).length, names: toolNames(body), systemChars: system.length, toolsChars: tools.length, tokens: o200k(system) + o200k(tools) });
    } finally {
      await model.stop();
      sandbox.cleanup();
    }
  }
  return rows;
}

/** @param {Array<{ label: string, tools: number, systemChars: number, toolsChars: number, tokens: number }>} rows */
function table(rows) {
  const stock = rows[0];
  const fmt = (/** @type {number} */ n) => n.toLocaleString("en-US");
  return [
    "| configuration | tools declared | system prompt chars | tools array chars | o200k tokens (prompt + tools) | vs stock |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.label} | ${r.tools} | ${fmt(r.systemChars)} | ${fmt(r.toolsChars)} | ${fmt(r.tokens)} | ${Math.round((100 * r.tokens) / stock.tokens)}% |`),
  ].join("\n");
}

/** Runs both setups; returns the rows and the markdown text. */
export async function capabilitiesBench() {
  const fixtureRows = await measure(fixtureConfigurations, { args: extensions, packages: [] });
  const installed = REAL_PACKAGES.map((p) => ({ ...p, result: installPeer(p) }));
  const failed = installed.filter((p) => "error" in p.result);
  const names = REAL_PACKAGES.map((p) => `\`${p.name}@${p.version}\``).join(" and ");
  let realText;
  /** @type {any[]} */
  let realRows = [];
  if (failed.length > 0) {
    realText = `*Real packages (${names})*: not run: ${failed.map((p) => /** @type {{error: string}} */ (p.result).error).join("; ")}.`;
  } else {
    realRows = await measure(realConfigurations, { args: [], packages: installed.map((p) => /** @type {{dir: string}} */ (p.result).dir) });
    const routed = realRows.at(-1)?.names.filter((/** @type {string} */ n) => !realRows[2].names.includes(n)) ?? [];
    realText = [
      `**Real packages from npm: ${names}** (their 7 tools carry long JSON schemas; the web prompt routed ${routed.map((/** @type {string} */ n) => `\`${n}\``).join(", ") || "nothing"})`,
      "",
      table(realRows),
    ].join("\n");
  }
  const text = [`**Fixture packages (long guidelines)**`, "", table(fixtureRows), "", realText].join("\n");
  return { rows: { fixtures: fixtureRows, real: realRows }, table: text };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (!findPiNode()) {
    console.error("bench:capabilities needs Node >= 22.19 for Pi 1.6 (set PI_LEAN_NODE or run .ci/run once)");
    process.exit(1);
  }
  const { table: text } = await capabilitiesBench();
  console.log(text);
  if (process.argv.includes("--readme")) {
    const file = path.join(root, "docs", "benchmarks.md");
    const readme = fs.readFileSync(file, "utf8");
    const start = readme.indexOf(README_START);
    const end = readme.indexOf(README_END);
    if (start < 0 || end < start) throw new Error("docs/benchmarks.md lacks the capabilities-bench markers");
    fs.writeFileSync(file, `${readme.slice(0, start + README_START.length)}\n${text}\n${readme.slice(end)}`);
    console.log("docs/benchmarks.md updated");
  }
}
