// A fake ExtensionAPI and TUI context for in-process tests of the extension's wiring. (Real-Pi
// behaviour is covered by the e2e tests; dialogs cannot be scripted there.)
import path from "node:path";
import { SkillIndex } from "../../index.js";
import { REPO_ROOT } from "./pi.mjs";

const SKILLS = SkillIndex.scan([path.join(REPO_ROOT, "__test__", "fixtures", "dep-skills")]).list();

/** A fake ExtensionAPI recording handlers, tools, commands and entries. */
export function fakePi() {
  /** @type {Record<string, Function[]>} */
  const handlers = {};
  /** @type {Record<string, any>} */
  const commands = {};
  /** @type {Record<string, any>} */
  const tools = {};
  /** @type {any[]} */
  const entries = [];
  /** @type {Array<{ channel: string, data: any }>} what was emitted on the event bus */
  const published = [];
  /** @type {string[]} active tool names, as Pi keeps them */
  let active = [];
  const pi = {
    on: (event, handler) => (handlers[event] ??= []).push(handler),
    registerTool: (tool) => {
      tools[tool.name] = tool;
      if (tool.defaultActive !== false && !active.includes(tool.name)) active.push(tool.name);
    },
    getActiveTools: () => [...active],
    setActiveTools: (names) => {
      active = [...names];
    },
    registerCommand: (name, spec) => (commands[name] = spec),
    appendEntry: (customType, data) => entries.push({ type: "custom", customType, data }),
    events: { emit: (channel, data) => published.push({ channel, data }), on: () => () => {} },
  };
  const emit = async (event, payload, ctx) => {
    let last;
    for (const handler of handlers[event] ?? []) last = await handler(payload, ctx);
    return last;
  };
  return { pi, handlers, commands, tools, entries, emit, published };
}

/** A TUI context whose dialogs answer from a script and whose notifications are recorded. */
export function tuiCtx(answers, branch = [], skills = SKILLS) {
  /** @type {Array<{title: string, options?: string[]}>} */
  const dialogs = [];
  /** @type {string[]} */
  const notes = [];
  /** @type {any[]} */
  const providers = [];
  const ctx = {
    mode: "tui",
    hasUI: true,
    cwd: "/",
    sessionManager: { getBranch: () => branch },
    getSystemPromptOptions: () => ({ skills: skills.map((s) => ({ ...s })) }),
    ui: {
      select: async (title, options) => (dialogs.push({ title, options }), answers.shift()),
      input: async (title) => (dialogs.push({ title }), answers.shift()),
      notify: (message) => notes.push(message),
      addAutocompleteProvider: (factory) => providers.push(factory),
    },
  };
  return { ctx, dialogs, notes, providers };
}

