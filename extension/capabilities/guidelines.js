// @ts-check
/**
 * Per-package guideline policy: `packages: {"<source>": "full" | "capsule" | "drop"}`, keyed by
 * a tool's `sourceInfo` as Pi reports it (its `path`, `baseDir` or `source`, in that order of
 * precedence), never by reading the prose. There is no built-in allow-list. Pi's built-in
 * tools (`source: "builtin"`) and pi-lean's own are never touched.
 *
 * Without an override a third-party tool keeps its full guidelines until its first successful
 * use; that use stores a verdict in the capsule cache (capsule-cache.js) and from the next
 * prompt on, in this session and later ones, the tool's guidelines are the cached capsule, or
 * stay full when no safe capsule exists. So a tool's guidelines change at most once, never
 * back and forth. The policy is applied to `systemPromptOptions.toolGuidelines` on every run
 * for every tool (active or not), since Pi merges the run's guidelines over its own for tools
 * activated mid-run.
 */

/** @typedef {"full" | "capsule" | "drop"} PackagePolicy */
/** @typedef {{ name: string, promptGuidelines?: string[], parameters?: unknown, sourceInfo?: { path?: string, source?: string, baseDir?: string, version?: string } }} GuidedTool */

/**
 * What a tool's capsule verdict depends on besides its guideline text (PD-17): its name, its
 * parameters and where it comes from (source, path, version), so a renamed, re-typed or
 * upgraded tool gets a fresh verdict.
 * @param {GuidedTool} tool
 */
export function toolKey(tool) {
  const info = tool.sourceInfo ?? {};
  let parameters = "";
  try {
    parameters = JSON.stringify(tool.parameters ?? null) ?? "";
  } catch {
    parameters = "?";
  }
  return JSON.stringify(["tool", tool.name, parameters, info.source ?? "", info.path ?? "", info.baseDir ?? "", info.version ?? ""]);
}

export const PACKAGE_POLICIES = /** @type {const} */ (["full", "capsule", "drop"]);

/**
 * The policy configured for a tool's source, or null when none is.
 * @param {GuidedTool} tool @param {Record<string, PackagePolicy>} packages
 * @returns {PackagePolicy | null}
 */
export function configuredPolicy(tool, packages) {
  const info = tool.sourceInfo ?? {};
  for (const key of [info.path, info.baseDir, info.source]) {
    if (typeof key === "string" && Object.hasOwn(packages, key)) return packages[key];
  }
  return null;
}

/** Whether the layer may change a tool's guidelines at all. @param {GuidedTool} tool @param {Set<string>} ownTools */
export function isThirdParty(tool, ownTools) {
  return tool.sourceInfo?.source !== "builtin" && !ownTools.has(tool.name) && Array.isArray(tool.promptGuidelines) && tool.promptGuidelines.length > 0;
}

/** The text a tool's guidelines capsule is made from. @param {GuidedTool} tool */
export function guidelineSource(tool) {
  return (tool.promptGuidelines ?? []).join("\n");
}

/**
 * @typedef {object} GuidelineDecision
 * @property {string} name
 * @property {string} source  the tool's `sourceInfo.source` and `path`, what `packages` keys match
 * @property {PackagePolicy | "default"} policy  the configured policy, or "default"
 * @property {"full" | "capsule" | "drop"} applied  what the prompt carries
 * @property {number} fullChars
 * @property {number} appliedChars
 */

/**
 * Rewrites `toolGuidelines` for every third-party tool by its policy; returns what it did.
 * @param {Record<string, string[]>} toolGuidelines  `systemPromptOptions.toolGuidelines` (mutated)
 * @param {GuidedTool[]} tools  `pi.getAllTools()`
 * @param {{ packages: Record<string, PackagePolicy>, ownTools: Set<string>, cache: import("./capsule-cache.js").CapsuleCache | null, currentSource: (name: string) => string | null }} options
 * @returns {GuidelineDecision[]}
 */
export function applyGuidelinePolicy(toolGuidelines, tools, { packages, ownTools, cache, currentSource }) {
  /** @type {GuidelineDecision[]} */
  const decisions = [];
  for (const tool of tools) {
    if (!isThirdParty(tool, ownTools)) continue;
    const source = guidelineSource(tool);
    const configured = configuredPolicy(tool, packages);
    /** @type {string[] | null} */
    let replacement = null;
    /** @type {"full" | "capsule" | "drop"} */
    let applied = "full";
    if (configured === "drop") {
      replacement = [];
      applied = "drop";
    } else if (configured === "capsule" || configured === null) {
      let verdict = cache?.get("tools", source, toolKey(tool));
      if (!verdict && configured === "capsule" && cache) verdict = cache.make("tools", source, `tool ${tool.name}`, () => currentSource(tool.name), toolKey(tool));
      if (verdict?.capsule) {
        replacement = verdict.capsule.split("\n");
        applied = "capsule";
      }
    }
    // "drop" must set an empty list rather than delete: Pi merges the run's guidelines over
    // its own, so a missing key would bring the full text back on the next turn.
    if (replacement) toolGuidelines[tool.name] = replacement;
    const appliedChars = replacement ? replacement.join("\n").length : source.length;
    const info = tool.sourceInfo ?? {};
    decisions.push({ name: tool.name, source: `${info.source ?? "?"} ${info.path ?? ""}`.trim(), policy: configured ?? "default", applied, fullChars: source.length, appliedChars });
  }
  return decisions;
}

/**
 * Records a third-party tool's first successful use: stores its verdict unless one exists or
 * its policy is configured. Returns true when a new verdict was stored.
 * @param {GuidedTool | undefined} tool
 * @param {{ packages: Record<string, PackagePolicy>, ownTools: Set<string>, cache: import("./capsule-cache.js").CapsuleCache | null, currentSource: (name: string) => string | null }} options
 */
export function noteSuccessfulUse(tool, { packages, ownTools, cache, currentSource }) {
  if (!tool || !cache || !isThirdParty(tool, ownTools) || configuredPolicy(tool, packages) !== null) return false;
  const source = guidelineSource(tool);
  if (cache.get("tools", source, toolKey(tool))) return false;
  return cache.make("tools", source, `tool ${tool.name}`, () => currentSource(tool.name), toolKey(tool)).stored;
}
