// @ts-check
/**
 * Lazy skills: Pi's eager `<skills>` catalog is replaced by a constant stub on every run, and
 * the model discovers skills with `skill_search` and loads them with `skill`. A config error
 * fails closed: no catalog, no stub, and both tools refuse with CONFIG_INVALID.
 */
import { SkillCatalog } from "./skill-catalog.js";
import { applySkillStub } from "./skill-prompt.js";
import { LOAD_DESCRIPTION, LOAD_PARAMETERS, LOAD_TOOL, SEARCH_DESCRIPTION, SEARCH_PARAMETERS, SEARCH_TOOL, runSkillLoad, runSkillSearch, toolError } from "./skill-tools.js";

/**
 * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
 * @param {import("./config.js").ConfigHolder} config
 */
export function registerLazySkills(pi, config) {
  let catalog = new SkillCatalog({ maxSourceBytes: config.value.maxSourceBytes });

  pi.on("session_start", (_event, ctx) => {
    catalog = new SkillCatalog({ maxSourceBytes: config.value.maxSourceBytes });
    if (config.error && ctx.hasUI) ctx.ui.notify(`pi-lean: ${config.error.message}. Skills are disabled until it is fixed.`, "error");
  });

  pi.on("before_agent_start", (event) => {
    const options = /** @type {{ skills?: import("./skill-catalog.js").PiSkill[], sections?: Record<string, string> }} */ (event.systemPromptOptions);
    if (config.error) {
      // Fail closed: the eager catalog goes away and nothing replaces it.
      applySkillStub(options, 0);
      return;
    }
    catalog.update(options.skills ?? []);
    applySkillStub(options, catalog.candidateCount);
  });

  /** @returns {import("../index.js").SkillIndex | import("./skill-tools.js").ToolOutput} */
  function currentIndex() {
    if (config.error) return toolError("CONFIG_INVALID", `${config.error.message}. Skills are disabled until the config is fixed.`);
    if (!catalog.index) return toolError("SKILL_NOT_FOUND", "No skill catalog is available yet.");
    return catalog.index;
  }

  pi.registerTool({
    name: SEARCH_TOOL,
    label: "Skill search",
    description: SEARCH_DESCRIPTION,
    parameters: SEARCH_PARAMETERS,
    async execute(_toolCallId, params) {
      const index = currentIndex();
      if ("content" in index) return index;
      return runSkillSearch(index, /** @type {{query?: string, limit?: number, cursor?: string}} */ (params), {
        descriptionMax: config.value.catalogDescriptionMax,
        defaultLimit: config.value.searchLimit,
      });
    },
  });

  pi.registerTool({
    name: LOAD_TOOL,
    label: "Load skill",
    description: LOAD_DESCRIPTION,
    parameters: LOAD_PARAMETERS,
    async execute(_toolCallId, params) {
      const index = currentIndex();
      if ("content" in index) return index;
      return runSkillLoad(index, /** @type {{name: string, offset?: number, rev?: string}} */ (params));
    },
  });
}
