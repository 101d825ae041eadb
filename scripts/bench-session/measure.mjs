// What one session cost and whether it still worked, from the exact request bodies Pi sent.
// Tokens are real o200k counts of each request's tool declarations and messages, serialized as
// sent, in the order a provider's prompt cache sees them (tools, then messages); the cacheable
// part of a request is its longest byte-identical prefix with the previous request.
import fs from "node:fs";
import path from "node:path";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { toolMessages } from "../../__test__/helpers/fake-model.mjs";
import { BENCH_ROWS, BUGGY_LINE, benchOutput, CURRENT_DEPENDENCY, FAILING_MESSAGE, FAILING_TEST, FIXED_LINE, MANIFEST_GREP, PINNED_DEPENDENCY, PINNED_PACKAGE } from "./project.mjs";
import { BENCH_COMMAND, callsWithResults, SKILL_BODY_LINE, visibleLines } from "./session-model.mjs";

/** Typical list prices per million input tokens (stated in the report). */
export const PRICES = { uncachedPerM: 3.0, cachedPerM: 0.3 };

export const o200k = (/** @type {string} */ s) => encode(s, { allowedSpecial: "all" }).length;

/** A request as a provider's cache sees it: tools first, then each message in order. */
export function cacheView(body) {
  return [JSON.stringify(body.tools ?? []), ...body.messages.map((/** @type {any} */ m) => JSON.stringify(m))].join("\n");
}

/** Length of the longest common prefix of two strings. */
export function commonPrefix(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * Per request: o200k tokens, the tokens of its byte-identical prefix with the previous request,
 * that share, and whether the request changed anything the previous one sent (a prefix break).
 * @param {any[]} bodies
 */
export function requestTokens(bodies) {
  let previous = "";
  return bodies.map((body) => {
    const view = cacheView(body);
    const tokens = o200k(view);
    const prefix = commonPrefix(previous, view);
    const cached = prefix === 0 ? 0 : Math.min(tokens, o200k(view.slice(0, prefix)));
    // A break: something the previous request sent changed, so a cache must drop what follows.
    const prefixBreak = previous.length > 0 && prefix < previous.length;
    previous = view;
    return { tokens, cached, prefixShare: tokens ? cached / tokens : 0, prefixBreak };
  });
}

/** @param {{ tokens: number, cached: number }[]} requests */
export function costUsd(requests) {
  return requests.reduce((sum, r) => sum + ((r.tokens - r.cached) * PRICES.uncachedPerM + r.cached * PRICES.cachedPerM) / 1e6, 0);
}

/** Lines `start..start+count-1` (1-based) of `text`. */
function lines(text, start, count) {
  return text.split("\n").slice(start - 1, start - 1 + count);
}

/** Whether `result` holds exactly `expected` as consecutive whole lines. */
function holdsLines(result, expected) {
  if (expected.length === 0) return false;
  const got = result.split("\n");
  for (let i = 0; i + expected.length <= got.length; i++) {
    if (got[i] === expected[0] && expected.every((line, k) => got[i + k] === line)) return true;
  }
  return false;
}

/**
 * The facts the task needs, checked on what reached the model.
 * @param {object} run
 * @param {any[]} run.bodies              request bodies in order
 * @param {ReturnType<import("./session-model.mjs").createSessionScript>["log"]} run.log
 * @param {string} run.tmpDir             Pi's TMPDIR (its full-output files)
 * @param {(text: string) => { content: string }} run.piTailCut   Pi's own tail truncation
 */
export function checkFacts({ bodies, log, tmpDir, piTailCut }) {
  const last = bodies.at(-1);
  const results = last ? toolMessages(last) : [];
  const allResults = results.map((r) => r.text).join("\n");
  // The diagnosis is the first text reply; the request it answered is the last of prompt 1.
  const diagnosisBody = bodies[log.diagnosisRequest ?? -1];
  const diagnosisResults = diagnosisBody ? toolMessages(diagnosisBody).map((r) => r.text).join("\n") : "";
  const failingTest = diagnosisResults.includes(FAILING_TEST) && diagnosisResults.includes(FAILING_MESSAGE);
  const skillBody = allResults.includes(SKILL_BODY_LINE);

  // The original test output, as Pi's bash tool saved it before cutting it.
  const fullOutputs = fs.existsSync(tmpDir)
    ? fs.readdirSync(tmpDir).filter((f) => f.endsWith(".log")).map((f) => fs.readFileSync(path.join(tmpDir, f), "utf8"))
    : [];
  const testOutput = fullOutputs.find((t) => t.includes(FAILING_TEST) && t.includes("failing tests"));
  let retrievedExact = false;
  let retrieveNote = log.retrieveReason || "no retrieval";
  if (log.retrieve && testOutput !== undefined) {
    const { via, startLine, count } = log.retrieve;
    // pi-lean and a read of Pi's file number the full output; the Skill Orchestrator stored
    // (and numbers) the tail Pi had already cut.
    const original = via.includes("full=") ? piTailCut(testOutput).content : testOutput;
    const expected = lines(original, startLine, count);
    const result = findRetrieveResult(last, log) ?? "";
    // A page may run past the end of the original; what exists must come back exactly.
    retrievedExact = expected.length > 0 && holdsLines(result, expected);
    retrieveNote = `${via}, lines ${startLine}-${startLine + count - 1}`;
  } else if (log.retrieve) {
    retrieveNote = "Pi wrote no full-output file for the test run";
  }
  const fixVerified = /ℹ fail 0\b/.test(allResults) && allResults.includes("built ");
  return { failingTest, skillBody, retrievedExact, retrieveNote, fixVerified, ...rerunFacts(last) };
}

/**
 * Facts that change between two runs of the same command, checked on the views the model got:
 * the one manifest pinning an old dependency (first grep), the benchmark rows the fix moved
 * (second bench run), and that manifest's edited line (second grep). Each must be shown
 * verbatim, as stock Pi shows it (a grep hit grouped under its file, or a changed line listed
 * with its number, counts: the line's text is all there).
 * @param {any} body  the session's last request
 */
export function rerunFacts(body) {
  const calls = body ? callsWithResults(body) : [];
  const results = (/** @type {string} */ command) => calls.filter((c) => c.name === "bash" && c.args.command === command).map((c) => c.result ?? "");
  const hasLine = (/** @type {string | undefined} */ text, /** @type {string} */ line) => visibleLines(text ?? "").has(line);
  const [firstGrep, secondGrep] = results(MANIFEST_GREP);
  const [, secondBench] = results(BENCH_COMMAND);
  const manifestLine = (/** @type {string} */ dependency) => `packages/${PINNED_PACKAGE}/package.json:8:    ${dependency}`;
  const before = benchOutput(BUGGY_LINE, BENCH_ROWS).split("\n");
  const moved = benchOutput(FIXED_LINE, BENCH_ROWS)
    .split("\n")
    .filter((line, i) => line !== before[i]);
  return {
    pinnedDependency: hasLine(firstGrep, manifestLine(PINNED_DEPENDENCY)),
    benchRerun: secondBench !== undefined && moved.length > 0 && moved.every((line) => hasLine(secondBench, line)),
    manifestRerun: hasLine(secondGrep, manifestLine(CURRENT_DEPENDENCY)),
  };
}

/** The result text of the recovery call, found by its arguments in the final request. */
function findRetrieveResult(body, log) {
  if (!body || !log.retrieve) return undefined;
  const results = new Map(toolMessages(body).map((m) => [m.id, m.text]));
  for (const m of body.messages) {
    for (const call of m.role === "assistant" ? (m.tool_calls ?? []) : []) {
      const args = JSON.parse(call.function.arguments || "{}");
      const name = call.function.name;
      if ((name === "token_retrieve" && args.startLine === log.retrieve.startLine) || (name === "read" && args.offset === log.retrieve.startLine && String(args.path ?? "").endsWith(".log"))) {
        return results.get(call.id);
      }
    }
  }
  return undefined;
}
