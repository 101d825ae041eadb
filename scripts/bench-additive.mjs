// Section 2c of `npm run bench`: a 20-prompt session on the visible scientific routing set
// (every third query of queries-scientific.jsonl, in file order: direct, paraphrase, multi,
// indirect and no-answer prompts) against the 130-skill catalog, run through each routing
// mode's own code: `route()` for lazy and adaptive, `additiveRound()` for additive, with the
// additive branch replayed exactly as Pi would persist it (one delta entry per round).
// Per prompt it counts the o200k tokens of the skill message the mode appends (the system
// prompt stub is the same constant for all three and is left out), and for every answerable
// prompt whether an expected skill has been advertised in the session's context by the time
// the prompt is answered (every skill message persists in the session, so a skill shown at an
// earlier prompt still counts), plus the stricter "in this prompt's own message".
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_CONFIG } from "../extension/shared/config.js";
import { additiveRound } from "../extension/skills/additive.js";
import { route } from "../extension/skills/routing.js";
import { SkillIndex } from "../index.js";
// Loading the extension's binding names the embedding table file, as in Pi.
import "../extension/shared/native.js";

/** The session's prompts: every third query, so every kind is represented. @param {any[]} queries */
export const sessionPrompts = (queries) => queries.filter((_, i) => i % 3 === 0);

/**
 * @param {{ routingDir: string, o200k: (s: string) => number, readJsonl: (f: string) => any[], table: (h: string[], r: any[][]) => string }} tools
 */
export async function additiveSession({ routingDir, o200k, readJsonl, table }) {
  const rows = readJsonl(path.join(routingDir, "catalog-scientific.jsonl")).filter((r) => !r.disable_model_invocation);
  const prompts = sessionPrompts(readJsonl(path.join(routingDir, "queries-scientific.jsonl")));
  const index = new SkillIndex(rows.map((r) => ({ name: r.name, description: r.description })));
  const candidates = rows.map((r) => r.name);
  const out = [];
  for (const mode of /** @type {const} */ (["lazy", "adaptive", "additive"])) {
    const config = { ...DEFAULT_CONFIG, routing: mode };
    /** @type {any[]} */
    const branch = [];
    /** @type {Set<string>} */
    const advertised = new Set();
    const perPrompt = [];
    let answerable = 0;
    let inContext = 0;
    let inOwnMessage = 0;
    for (const [i, q] of prompts.entries()) {
      branch.push({ type: "message", id: `u${i}`, message: { role: "user", content: q.prompt } });
      /** @type {{ content: string, names: string[] } | null} */
      let message = null;
      if (mode === "additive") {
        const delta = await additiveRound({ index, candidates, deliverable: () => true, branch, text: q.prompt, config });
        if (delta) {
          branch.push({ type: "custom_message", id: `d${i}`, customType: delta.customType, details: delta.details, timestamp: "" });
          message = { content: delta.content, names: [...delta.details.added.map((a) => a.name), ...delta.details.redelivered] };
        }
      } else {
        const routed = route(index, { ...config, routing: mode }, { candidates, scopeLabel: "all skills", prompt: q.prompt });
        if (routed.catalog) throw new Error(`${mode}: the 130-skill compact catalog unexpectedly fits the budget`);
        if (routed.message) message = { content: routed.message.content, names: routed.message.details.names };
      }
      branch.push({ type: "message", id: `a${i}`, message: { role: "assistant", content: [{ type: "text", text: "done." }] } });
      for (const name of message?.names ?? []) advertised.add(name);
      perPrompt.push(message ? o200k(message.content) : 0);
      if (q.expected.length === 0) continue;
      answerable++;
      if (q.expected.some((/** @type {string} */ n) => advertised.has(n))) inContext++;
      if (q.expected.some((/** @type {string} */ n) => message?.names.includes(n))) inOwnMessage++;
    }
    const total = perPrompt.reduce((a, b) => a + b, 0);
    const mean = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    out.push({
      mode,
      prompts: prompts.length,
      answerable,
      o200kPerPrompt: total / prompts.length,
      o200kFirst10: mean(perPrompt.slice(0, 10)),
      o200kLast10: mean(perPrompt.slice(10)),
      o200kInContextAtEnd: total,
      skillsAdvertised: advertised.size,
      inContextWhenNeeded: inContext / answerable,
      inOwnMessage: inOwnMessage / answerable,
      perPrompt,
    });
  }
  return {
    figures: out,
    text: [
      `2c. A ${prompts.length}-prompt session on queries-scientific.jsonl (every third query; ${rows.length} skills; o200k tokens of the skill messages each mode appends; the system-prompt stub is identical in all three)`,
      table(
        ["mode", "tokens per prompt", "prompts 1-10", "prompts 11-20", "skill tokens in context at end", "skills advertised", "expected skill in context when needed", "in that prompt's own message"],
        out.map((r) => [r.mode, r.o200kPerPrompt.toFixed(1), r.o200kFirst10.toFixed(1), r.o200kLast10.toFixed(1), r.o200kInContextAtEnd, r.skillsAdvertised, `${(r.inContextWhenNeeded * 100).toFixed(1)}% of ${r.answerable}`, `${(r.inOwnMessage * 100).toFixed(1)}%`]),
      ),
      `per-prompt tokens, additive: ${out[2].perPrompt.join(" ")}`,
    ].join("\n"),
  };
}

// Run alone: `node scripts/bench-additive.mjs`.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { encode } = await import("gpt-tokenizer/encoding/o200k_base");
  const readJsonl = (/** @type {string} */ f) => fs.readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const table = (/** @type {string[]} */ h, /** @type {any[][]} */ r) => [h.join(" | "), ...r.map((x) => x.join(" | "))].join("\n");
  const routingDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..", "shared", "eval", "routing");
  const result = await additiveSession({ routingDir, o200k: (s) => encode(s, { allowedSpecial: "all" }).length, readJsonl, table });
  process.stdout.write(`${result.text}\n`);
}
