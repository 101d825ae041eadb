// @ts-check
/**
 * What the skill catalog costs in the prompt, with stock Pi and with pi-lean. Used by
 * `pi-lean report`; the benchmark measures the same quantities from captured requests.
 * The stock rendering follows Pi 1.6's documented catalog format byte for byte (a test
 * compares it with Pi's own `formatSkillsForPrompt`).
 */
import { skillStub, STUB_SECTION } from "./prompt.js";
import { LOAD_PARAMETERS, LOAD_TOOL, LOAD_DESCRIPTION, SEARCH_DESCRIPTION, SEARCH_PARAMETERS, SEARCH_TOOL } from "./tools.js";

/** @param {string} text */
export function estimateTokens(text) {
  return tokensForChars(text.length);
}

/** The estimate for a text of `chars` characters (chars/4), for budgets built up piece by piece. @param {number} chars */
export function tokensForChars(chars) {
  return Math.ceil(chars / 4);
}

/** @param {string} s */
function escapeXml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/**
 * Pi's `<skills>` section for these skills (empty when none is model-visible).
 * @param {Array<{name: string, description: string, filePath?: string | null, disableModelInvocation?: boolean}>} skills
 */
export function renderStockCatalog(skills) {
  const visible = skills.filter((s) => !s.disableModelInvocation);
  if (visible.length === 0) return "";
  const lines = [
    "The following skills provide specialized instructions for specific tasks.",
    "Use the read tool to load a skill's file when the task matches its description.",
    "Resolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.",
    "",
    "<available_skills>",
  ];
  for (const s of visible) {
    lines.push("  <skill>", `    <name>${escapeXml(s.name)}</name>`, `    <description>${escapeXml(s.description)}</description>`, `    <location>${escapeXml(s.filePath ?? "")}</location>`, "  </skill>");
  }
  lines.push("</available_skills>");
  return `<skills>\n${lines.join("\n")}\n</skills>`;
}

/** The two tool declarations as an OpenAI-compatible request carries them. */
export function skillToolDeclarations() {
  return [
    { type: "function", function: { name: SEARCH_TOOL, description: SEARCH_DESCRIPTION, parameters: SEARCH_PARAMETERS } },
    { type: "function", function: { name: LOAD_TOOL, description: LOAD_DESCRIPTION, parameters: LOAD_PARAMETERS } },
  ];
}

/**
 * pi-lean's fixed prompt cost: the stub section plus the two tool declarations.
 * @param {number} candidates
 */
export function piLeanFixedCost(candidates) {
  const stub = candidates > 0 ? `<${STUB_SECTION}>\n${skillStub(candidates)}\n</${STUB_SECTION}>` : "";
  const tools = JSON.stringify(skillToolDeclarations());
  const chars = stub.length + tools.length;
  return { stub, tools, chars, tokens: Math.ceil(chars / 4) };
}
