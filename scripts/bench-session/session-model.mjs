// The scripted model of the session bench: an adaptive script for FakeModel. Each reply is a
// function of the request Pi sent: which tools are declared, what the system prompt lists and
// what earlier tool results said. It searches for the skill when a search tool exists and reads
// the skill file from the stock catalog otherwise; it recovers a dropped range through the
// marker it was shown (pi-lean's `id`/`startLine`, the Skill Orchestrator's `full=<id>`) or, with
// no compaction, reads Pi's own full-output file at the lines Pi's tail cut; and it edits the
// file from the text it actually saw. Every decision is recorded for the fact checks.
import { BUGGY_LINE, CURRENT_DEPENDENCY, FIXED_LINE, MANIFEST_GREP, PINNED_DEPENDENCY } from "./project.mjs";
import { toolMessages, toolNames } from "../../__test__/helpers/fake-model.mjs";

/** The two user prompts of the session (Pi runs them in one session, in order). */
export const PROMPTS = [
  "`npm test` fails in this project. Look around, find out which test fails and why; our team has a skill for a methodical way to get to the root cause of a bug, use it. Also tell me which workspace package pins an old pricing-core, and how fast applyDiscount is in the benchmarks.",
  "Go ahead: correct the rounding in src/pricing.mjs and align that package's pricing-core with the others, then run the tests, the benchmarks, the manifest check and the verbose build again.",
];

/** The skill the paraphrase in the first prompt asks for, and a line only its body contains. */
export const EXPECTED_SKILL = "systematic-debugging";
export const SKILL_BODY_LINE = "NO FIXES WITHOUT ROOT CAUSE INVESTIGATION FIRST";
const SKILL_QUERY = "methodical way to find the root cause of a bug or failing test";
const SKILL_RETRY_QUERY = "debugging";

const TEST_COMMAND = "npm test";
const BUILD_COMMAND = "npm run build -- --verbose";
export const BENCH_COMMAND = "npm run bench";

/** @param {any} body */
function systemPrompt(body) {
  const first = body.messages.find((/** @type {any} */ m) => m.role === "system" || m.role === "developer");
  if (!first) return "";
  return typeof first.content === "string" ? first.content : first.content.map((/** @type {any} */ p) => p.text ?? "").join("");
}

/** Tool calls the assistant made in this conversation, with the text of their results. */
export function callsWithResults(body) {
  const results = new Map(toolMessages(body).map((m) => [m.id, m.text]));
  /** @type {Array<{ name: string, args: any, result: string | undefined }>} */
  const calls = [];
  for (const m of body.messages) {
    for (const call of m.role === "assistant" ? (m.tool_calls ?? []) : []) {
      let args = {};
      try {
        args = JSON.parse(call.function.arguments || "{}");
      } catch {}
      calls.push({ name: call.function.name, args, result: results.get(call.id) });
    }
  }
  return calls;
}

/**
 * The first pi-lean marker in `text`: its id, first line and line count (a marker that names
 * no end line counts as one default page).
 */
export function piLeanMarker(text) {
  const ranged = /(\d+) lines (\d+)-(\d+)[^\]\n]*?token_retrieve id=([0-9a-f]{16}) startLine=(\d+)\]/.exec(text);
  if (ranged) return { id: ranged[4], startLine: Number(ranged[5]), count: Number(ranged[3]) - Number(ranged[2]) + 1 };
  const bare = /token_retrieve id=([0-9a-f]{16}) startLine=(\d+)/.exec(text);
  return bare ? { id: bare[1], startLine: Number(bare[2]), count: 240 } : null;
}

/** The Skill Orchestrator's recovery id (`full=<id>`), if its Token Saver compacted `text`. */
export function orchestratorRecoveryId(text) {
  return /full=([0-9a-zA-Z]+)\]/.exec(text)?.[1] ?? null;
}

/** Pi's own truncation notice: the lines it kept and where the full output is. */
export function piTruncation(text) {
  const m = /\[Showing lines (\d+)-(\d+) of (\d+)[^\]]*?Full output: ([^\]\s]+)\]/.exec(text);
  return m ? { startLine: Number(m[1]), endLine: Number(m[2]), totalLines: Number(m[3]), path: m[4] } : null;
}

/** The `<location>` of a skill in Pi's stock `<skills>` catalog. */
export function catalogLocation(system, name) {
  const re = new RegExp(`<name>${name.replace(/[-]/g, "\\-")}</name>\\s*<description>[\\s\\S]*?</description>\\s*<location>([^<]+)</location>`);
  return re.exec(system)?.[1] ?? null;
}

/**
 * Creates the adaptive script. `log` records what the model chose, for the fact checks:
 * `skillRoute` (search+load, catalog read, or none) and `retrieve` ({ via, startLine, count }).
 */
export function createSessionScript() {
  /** @type {{ skillRoute: string, retrieve: null | { via: string, startLine: number, count: number }, retrieveReason: string, editFrom: string, diagnosisRequest: number | null, pinnedPackage: string | null }} */
  const log = { skillRoute: "none", retrieve: null, retrieveReason: "", editFrom: "", diagnosisRequest: null, pinnedPackage: null };
  /**
   * Steps per prompt. Each takes the request and returns a reply, or null to move on; a step
   * may return a second call on a later request (`again`).
   * @type {Array<Array<(body: any, calls: ReturnType<typeof callsWithResults>) => any>>}
   */
  const plan = [
    [
      () => call("read", { path: "package.json" }),
      () => call("read", { path: "README.md" }),
      () => call("bash", { command: "find . -type f -not -path './node_modules/*' | sort" }),
      () => call("read", { path: "src/pricing.mjs" }),
      () => call("read", { path: "src/cart.mjs" }),
      () => call("bash", { command: 'grep -rn "applyDiscount" src test' }),
      () => call("bash", { command: TEST_COMMAND }),
      (body) => skillStep(body, log),
      (body, calls) => retrieveStep(body, calls, log),
      () => call("read", { path: "test/pricing.test.mjs" }),
      () => call("bash", { command: BUILD_COMMAND }),
      () => call("bash", { command: 'grep -rn "TODO\\|FIXME" src' }),
      () => call("bash", { command: MANIFEST_GREP }),
      () => call("bash", { command: BENCH_COMMAND }),
      (_body, calls) => ({ text: diagnosis(calls) }),
    ],
    [
      (_body, calls) => editStep(calls, log),
      () => call("bash", { command: "node --test --test-reporter=spec test/pricing.test.mjs" }),
      () => call("bash", { command: TEST_COMMAND }),
      () => call("bash", { command: BENCH_COMMAND }),
      (_body, calls) => manifestStep(calls, log),
      () => call("bash", { command: MANIFEST_GREP }),
      () => call("bash", { command: BUILD_COMMAND }),
      () => call("read", { path: "dist/pricing.mjs" }),
      () => ({ text: "Fixed: applyDiscount now rounds half-cent results to the nearest cent; the suite and the build pass." }),
    ],
  ];
  let promptIndex = -1;
  let stepIndex = 0;
  /** @type {null | ((body: any, calls: any) => any)} */
  let pending = null;

  /** @param {any} body @param {number} index */
  const reply = (body, index) => {
    // Which of the session's prompts this request answers: extensions may add user-role
    // messages of their own (shortlists, picks), so count the prompts, not the user messages.
    const current = promptsSent(body) - 1;
    if (current !== promptIndex) {
      promptIndex = current;
      stepIndex = 0;
      pending = null;
    }
    const steps = plan[Math.max(0, Math.min(promptIndex, plan.length - 1))];
    const calls = callsWithResults(body);
    if (pending) {
      const next = pending;
      pending = null;
      const out = next(body, calls);
      if (out) {
        if (out.again) pending = out.again;
        return { text: out.text, toolCalls: out.toolCalls };
      }
    }
    while (stepIndex < steps.length) {
      const out = steps[stepIndex++](body, calls);
      if (!out) continue;
      if (out.again) pending = out.again;
      if (promptIndex === 0 && !out.toolCalls) log.diagnosisRequest = index;
      return { text: out.text, toolCalls: out.toolCalls };
    }
    return { text: "done." };
  };
  return { reply, log };
}

/** How many of the session's prompts the request's user messages hold. */
function promptsSent(body) {
  const texts = body.messages
    .filter((/** @type {any} */ m) => m.role === "user")
    .map((/** @type {any} */ m) => (typeof m.content === "string" ? m.content : m.content.map((/** @type {any} */ p) => p.text ?? "").join("")));
  return PROMPTS.filter((prompt) => texts.some((/** @type {string} */ t) => t.includes(prompt))).length;
}

/** @param {string} name @param {unknown} args */
function call(name, args) {
  return { toolCalls: [{ name, arguments: args }] };
}

/** Names listed in a skill-search result, best first. */
export function listedSkills(text) {
  return [...text.matchAll(/^\s*(?:\d+\.\s*|[-*]\s*)\**([A-Za-z0-9][\w.-]*)\**\s*[:—(-]/gm)].map((m) => m[1]);
}

/**
 * Search and load the skill when the tools exist; otherwise read it from the stock catalog.
 * Like a careful model, it searches once more with plainer words when the first answer does
 * not offer the skill, then loads the best offer.
 */
function skillStep(body, log) {
  const tools = toolNames(body);
  if (tools.includes("skill_search") && tools.includes("skill")) {
    const load = (/** @type {string} */ found, /** @type {number} */ searches) => {
      const name = found.includes(EXPECTED_SKILL) ? EXPECTED_SKILL : listedSkills(found)[0];
      log.skillRoute = name === EXPECTED_SKILL ? `skill_search ×${searches} + skill` : `skill_search ×${searches} offered ${name ?? "nothing"}`;
      return name ? call("skill", { name }) : null;
    };
    return {
      ...call("skill_search", { query: SKILL_QUERY }),
      again: (/** @type {any} */ _next, /** @type {any[]} */ calls) => {
        const found = calls.at(-1)?.result ?? "";
        if (found.includes(EXPECTED_SKILL)) return load(found, 1);
        return { ...call("skill_search", { query: SKILL_RETRY_QUERY }), again: (/** @type {any} */ _b, /** @type {any[]} */ c) => load(c.at(-1)?.result ?? "", 2) };
      },
    };
  }
  const location = catalogLocation(systemPrompt(body), EXPECTED_SKILL);
  if (location) {
    log.skillRoute = "read from <skills> catalog";
    return call("read", { path: location });
  }
  log.skillRoute = "no skill catalog or search tool";
  return null;
}

/** One recovery of a range the test-run view dropped, by whatever means the view offers. */
function retrieveStep(body, calls, log) {
  const testRun = calls.find((c) => c.name === "bash" && c.args.command === TEST_COMMAND);
  const view = testRun?.result ?? "";
  const tools = toolNames(body);
  const marker = piLeanMarker(view);
  if (marker && tools.includes("token_retrieve")) {
    const count = Math.min(marker.count, 240);
    log.retrieve = { via: "token_retrieve (pi-lean marker)", startLine: marker.startLine, count };
    return call("token_retrieve", { id: marker.id, startLine: marker.startLine, maxLines: count });
  }
  const full = orchestratorRecoveryId(view);
  if (full && tools.includes("token_retrieve")) {
    // Its marker names no line range: ask for the first page, the part a tail cut drops.
    log.retrieve = { via: "token_retrieve (full=<id>, no range in marker)", startLine: 1, count: 240 };
    return call("token_retrieve", { id: full, startLine: 1, maxLines: 240 });
  }
  const cut = piTruncation(view);
  if (cut && cut.startLine > 1) {
    const count = Math.min(cut.startLine - 1, 240);
    log.retrieve = { via: "read of Pi's full-output file", startLine: 1, count };
    return call("read", { path: cut.path, offset: 1, limit: count });
  }
  log.retrieveReason = "the test-run view shows no dropped range";
  return null;
}

/** Edit with the text the model saw; re-read the file first if its view did not show the line. */
function editStep(calls, log) {
  const seen = calls.filter((c) => c.name === "read" && c.args.path === "src/pricing.mjs").map((c) => c.result ?? "");
  if (!seen.some((text) => text.includes(BUGGY_LINE.trim()))) {
    log.editFrom = "re-read";
    return {
      ...call("read", { path: "src/pricing.mjs" }),
      again: () => call("edit", { path: "src/pricing.mjs", edits: [{ oldText: BUGGY_LINE.trim(), newText: FIXED_LINE.trim() }] }),
    };
  }
  log.editFrom = "earlier read";
  return call("edit", { path: "src/pricing.mjs", edits: [{ oldText: BUGGY_LINE.trim(), newText: FIXED_LINE.trim() }] });
}

/**
 * The lines a reader sees in a view, as the tool printed them: each line as is, a grep hit that
 * a view grouped under its file (`path` once, then `8:text`) as `path:8:text`, and a line a
 * rerun listing names by number (`18: text`) as `text`.
 * @param {string} view
 */
export function visibleLines(view) {
  const seen = new Set();
  let file = "";
  for (const line of view.split("\n")) {
    seen.add(line);
    const numbered = /^(\d+)([:-])(.*)$/.exec(line);
    if (!numbered) {
      file = /^[^\s:[]+\/[^\s:]+$/.test(line) ? line : "";
      continue;
    }
    if (numbered[3].startsWith(" ")) seen.add(numbered[3].slice(1));
    if (file) seen.add(`${file}${numbered[2]}${numbered[1]}${numbered[2]}${numbered[3]}`);
  }
  return seen;
}

/** Align the package the first manifest grep showed pinning an old pricing-core, if it showed one. */
function manifestStep(calls, log) {
  const view = calls.find((c) => c.name === "bash" && c.args.command === MANIFEST_GREP)?.result ?? "";
  const pinned = /^packages\/([^/\s]+)\/package\.json:\d+:\s*"pricing-core": "2\.1\.0"/m.exec([...visibleLines(view)].join("\n"));
  if (!pinned) return null;
  log.pinnedPackage = pinned[1];
  return call("edit", { path: `packages/${pinned[1]}/package.json`, edits: [{ oldText: PINNED_DEPENDENCY, newText: CURRENT_DEPENDENCY }] });
}

/** The first prompt's answer, built from what the test-run view actually showed. */
function diagnosis(calls) {
  const view = calls.find((c) => c.name === "bash" && c.args.command === TEST_COMMAND)?.result ?? "";
  const failing = /✖ (.+?) \(\d/.exec(view.slice(view.indexOf("failing tests")))?.[1] ?? "an unnamed test";
  return `The failing test is "${failing}": applyDiscount floors half-cent results instead of rounding them.`;
}
