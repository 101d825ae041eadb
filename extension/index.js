// @ts-check
/**
 * pi-lean extension entry. The factory only registers tools and handlers (Pi forbids action
 * calls here); per-session state is created in `session_start` and dropped in
 * `session_shutdown`, because the factory re-runs on every reload, resume and fork.
 */
import { getAgentDir } from "@earendil-works/pi-coding-agent";
import { loadConfig, DEFAULT_CONFIG } from "./config.js";
import { SkillCatalog } from "./skill-catalog.js";
import { applySkillStub } from "./skill-prompt.js";
import { LOAD_DESCRIPTION, LOAD_PARAMETERS, LOAD_TOOL, SEARCH_DESCRIPTION, SEARCH_PARAMETERS, SEARCH_TOOL, runSkillLoad, runSkillSearch, toolError } from "./skill-tools.js";

/** @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi */
export default function piLean(pi) {
  /**
   * Session state. `configError` set means fail closed: no catalog is published and skills
   * cannot be loaded until the config is fixed.
   * @type {{ config: import("./config.js").LeanConfig, configError: (Error & {code?: string}) | null, catalog: SkillCatalog }}
   */
  let session = freshSession();

  function freshSession() {
    try {
      const config = loadConfig({ agentDir: getAgentDir() });
      return { config, configError: null, catalog: new SkillCatalog({ maxSourceBytes: config.maxSourceBytes }) };
    } catch (error) {
      return {
        config: { ...DEFAULT_CONFIG },
        configError: /** @type {Error & {code?: string}} */ (error),
        catalog: new SkillCatalog({ maxSourceBytes: DEFAULT_CONFIG.maxSourceBytes }),
      };
    }
  }

  pi.on("session_start", (_event, ctx) => {
    session = freshSession();
    if (session.configError && ctx.hasUI) ctx.ui.notify(`pi-lean: ${session.configError.message}. Skills are disabled until it is fixed.`, "error");
  });

  pi.on("before_agent_start", (event) => {
    const options = /** @type {{ skills?: import("./skill-catalog.js").PiSkill[], sections?: Record<string, string> }} */ (event.systemPromptOptions);
    const skills = options.skills ?? [];
    if (session.configError) {
      // Fail closed: the eager catalog goes away and nothing replaces it.
      applySkillStub(options, 0);
      return;
    }
    session.catalog.update(skills);
    applySkillStub(options, session.catalog.candidateCount);
  });

  /** @returns {import("../index.js").SkillIndex | ToolFailure} */
  function currentIndex() {
    if (session.configError) return toolError("CONFIG_INVALID", `${session.configError.message}. Skills are disabled until the config is fixed.`);
    if (!session.catalog.index) return toolError("SKILL_NOT_FOUND", "No skill catalog is available yet.");
    return session.catalog.index;
  }

  pi.registerTool({
    name: SEARCH_TOOL,
    label: "Skill search",
    description: SEARCH_DESCRIPTION,
    parameters: SEARCH_PARAMETERS,
    async execute(_toolCallId, params) {
      const index = currentIndex();
      if ("content" in index) return index;
      return runSkillSearch(index, /** @type {{query?: string, limit?: number, cursor?: string}} */ (params), { descriptionMax: session.config.catalogDescriptionMax, defaultLimit: session.config.searchLimit });
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

/** @typedef {import("./skill-tools.js").ToolOutput} ToolFailure */
