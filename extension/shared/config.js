// @ts-check
/**
 * pi-lean settings in layers: defaults, then `<agentDir>/pi-lean.json`, then the project's
 * `.pi/pi-lean.json` (read only when Pi reports the project trusted), then the active
 * profile's `settings`, then `PI_LEAN_*` environment overrides. Validation is strict and
 * fails closed: an unknown key, a duplicate key, a wrong type or a bad value yields
 * `CONFIG_INVALID` naming the file and the problem, and callers then publish no catalog and
 * refuse to load skills.
 */
import fs from "node:fs";
import path from "node:path";
import { editJsonText, writeTextAtomic } from "./json-file.js";

export const CONFIG_FILE_NAME = "pi-lean.json";
export const PROJECT_CONFIG_PATH = path.join(".pi", CONFIG_FILE_NAME);

/** @typedef {"allow" | "ask" | "deny"} PolicyAction */
/** @typedef {{ pattern: string, action: PolicyAction }} PolicyRule */
/** @typedef {{ default: PolicyAction, rules: PolicyRule[] }} SkillPolicy */
/** @typedef {{ groups: string[], settings: Record<string, unknown> }} ProfileConfig */

/**
 * @typedef {object} LeanConfig
 * @property {number} catalogDescriptionMax  characters of description per search hit; 0 = names only
 * @property {number} searchLimit            default hits per skill_search (max 8)
 * @property {number} maxSourceBytes         largest SKILL.md read
 * @property {"on" | "off"} skillEmbeddings    skill search fuses static embeddings (meaning) with
 *   BM25F (default on); off ranks by BM25F alone; `PI_LEAN_SKILL_EMBEDDINGS` wins
 * @property {"lazy" | "adaptive" | "safe" | "full" | "additive"} routing  how skills reach the model (`full` is an alias of `safe`)
 * @property {number} catalogTokenBudget     largest compact catalog adaptive mode publishes (chars/4)
 * @property {number} pickThreshold          additive: lowest confidence (0..1) a picked skill needs
 * @property {number} maxAddedPerRound       additive: most skills one round adds
 * @property {"prompt" | "tool-round"} cadence  additive: pick on each prompt, or also after each tool round
 * @property {"local" | "model"} picker      additive: the Rust ranker, or one of the user's Pi models
 * @property {string | null} pickerModel     additive model picker: "provider/model-id"
 * @property {number} pickerTimeoutMs        additive model picker: give up and pick locally after this
 * @property {number} resourceSample       resource files a skill load names (0 = none, at most 50)
 * @property {"pi-lean" | "lazy-skill-tool" | "context-decisions"} defaults  whose defaults the settings a
 *   config leaves unset take: pi-lean's own, or those of a design pi-lean replaces (see DESIGN_DEFAULTS)
 * @property {"block" | "design"} skillResult  how a `skill` load reaches the model: Pi's `<skill>` block
 *   with its path (default), or the lazy-skill-tool design's unwrapped body plus a JSON item, the path
 *   only in details (LS-12, LS-13)
 * @property {"extractive" | "model"} distiller  skill capsules (PD-13): the deterministic extractive
 *   distiller, or one of the user's Pi models (`distillerModel`), its answer used only when it validates
 * @property {string | null} distillerModel  model distiller: "provider/model-id" (waits `pickerTimeoutMs`)
 * @property {"model" | "every-round"} workingRow  TUI working row: a label only while a model picker or
 *   router call runs (default), or "Deciding Context" during every routing round, overlaps counted (CD-14)
 * @property {"name" | "path"} skillRecovery  what `request_capabilities` gives for matching skills: names to
 *   load with `skill` (default), or their SKILL.md paths, with `read` deferred until it is needed (PD-7)
 * @property {"names" | "pi"} deltaFormat   additive deltas as `- name: description` lines (default), or
 *   as Pi's own skills block with each skill's location (CD-5)
 * @property {number} minimumInventory       every in-scope skill is advertised while the scope has at most
 *   this many (0 = off); what is advertised joins the branch ledger, so later filtering removes nothing
 * @property {string[]} allowlist            skills (names or `*`/`?` patterns) in every prompt's stable base,
 *   in every scope; global and project lists are joined (CD-2)
 * @property {Record<string, string[]>} groups      group name -> skill names or `*`/`?` patterns
 * @property {Record<string, ProfileConfig>} profiles  profile name -> its groups and setting overrides
 * @property {string | null} activeProfile
 * @property {string | null} activeGroup
 * @property {SkillPolicy} skillPolicy       `permission.skill`, normalized; rules of later layers appended
 * @property {"on" | "off"} tokenSaver        Token Saver layer (default off); `PI_LEAN_TOKEN_SAVER` wins
 * @property {CompactionBudget} compactionBudget  per-result budget of a compacted view in estimated
 *   tokens: one number for every tool, or `{default, <tool>: n}`; `PI_LEAN_COMPACTION_BUDGET` wins
 * @property {number} tokenSaverRetentionDays  Token Saver: a session folder of stored originals
 *   unused (no compaction, retrieval or resume) for this many days is deleted at session start
 * @property {number} tokenSaverMaxStoreMB  Token Saver: most megabytes of stored originals across
 *   sessions; beyond it the least recently used session folders are deleted first
 * @property {"off" | "route" | null} capabilities  capability routing; unset (null) routes while the
 *   Token Saver is on; `PI_LEAN_CAPABILITIES` wins
 * @property {number} capabilityBudget  tools `request_capabilities` may add per prompt (failed attempts count)
 * @property {Record<string, "full" | "capsule" | "drop">} packages  guideline policy per tool source
 *   (a `sourceInfo` path, baseDir or source)
 * @property {"local" | "model"} router  capability routing: the Rust ranker, or one of the user's Pi models
 * @property {string | null} routerModel  model router: "provider/model-id" (waits `pickerTimeoutMs`)
 */

/** @typedef {number | Record<string, number>} CompactionBudget */

/** @type {LeanConfig} */
export const DEFAULT_CONFIG = Object.freeze({
  catalogDescriptionMax: 240,
  searchLimit: 5,
  maxSourceBytes: 16 * 1024 * 1024,
  skillEmbeddings: /** @type {const} */ ("on"),
  routing: /** @type {const} */ ("lazy"),
  catalogTokenBudget: 4096,
  pickThreshold: 0.45,
  maxAddedPerRound: 3,
  cadence: /** @type {const} */ ("prompt"),
  picker: /** @type {const} */ ("local"),
  pickerModel: null,
  pickerTimeoutMs: 8000,
  minimumInventory: 0,
  resourceSample: 12,
  defaults: /** @type {const} */ ("pi-lean"),
  skillResult: /** @type {const} */ ("block"),
  deltaFormat: /** @type {const} */ ("names"),
  workingRow: /** @type {const} */ ("model"),
  skillRecovery: /** @type {const} */ ("name"),
  distiller: /** @type {const} */ ("extractive"),
  distillerModel: null,
  allowlist: /** @type {string[]} */ ([]),
  groups: {},
  profiles: {},
  activeProfile: null,
  activeGroup: null,
  skillPolicy: { default: /** @type {PolicyAction} */ ("allow"), rules: [] },
  tokenSaver: /** @type {"on" | "off"} */ ("off"),
  compactionBudget: /** @type {CompactionBudget} */ (8000),
  tokenSaverRetentionDays: 30,
  tokenSaverMaxStoreMB: 1024,
  capabilities: /** @type {"off" | "route" | null} */ (null),
  capabilityBudget: 3,
  packages: /** @type {Record<string, "full" | "capsule" | "drop">} */ ({}),
  router: /** @type {const} */ ("local"),
  routerModel: null,
});

/**
 * The defaults of the designs pi-lean replaces, for a user who wants one of them as it was
 * (`defaults: "<design>"`). Each applies only to settings no layer sets, so a value in a config
 * file, a profile or the environment still wins. pi-lean's own defaults stay the default: the
 * reasons each differs are in docs/differences.md (LS-1, LS-12, LS-13, LS-16, CD-5, CD-14).
 * @type {Readonly<Record<string, Readonly<Partial<LeanConfig>>>>}
 */
export const DESIGN_DEFAULTS = Object.freeze({
  "pi-lean": Object.freeze({}),
  // pi-lazy-skill-tool (002): adaptive routing, no resource sample, the unwrapped result shape.
  "lazy-skill-tool": Object.freeze({ routing: /** @type {const} */ ("adaptive"), resourceSample: 0, skillResult: /** @type {const} */ ("design") }),
  // pi-context-decisions (001): additive routing, deltas in Pi's own skills block, the
  // "Deciding Context" row during every round.
  "context-decisions": Object.freeze({ routing: /** @type {const} */ ("additive"), deltaFormat: /** @type {const} */ ("pi"), workingRow: /** @type {const} */ ("every-round") }),
});

/** Bounds of a compaction budget (estimated tokens). */
const BUDGET_MIN = 256;
const BUDGET_MAX = 1_000_000;

/** @param {number} min @param {number} max */
const integerIn = (min, max) => (/** @type {unknown} */ v) => (Number.isInteger(v) && /** @type {number} */ (v) >= min && /** @type {number} */ (v) <= max ? null : `must be an integer ${min}..${max}`);
/** @param {number} min @param {number} max */
const numberIn = (min, max) => (/** @type {unknown} */ v) => (typeof v === "number" && Number.isFinite(v) && v >= min && v <= max ? null : `must be a number ${min}..${max}`);
/** A configured model's "provider/model-id", or null. @param {unknown} v */
const modelName = (v) => (v === null || (typeof v === "string" && /^[^/\s]+\/\S+$/.test(v) && v.length <= 256) ? null : 'must be "provider/model-id" or null');
/** @param {string[]} values */
const oneOf = (values) => (/** @type {unknown} */ v) => (typeof v === "string" && values.includes(v) ? null : `must be one of ${values.map((x) => `"${x}"`).join(", ")}`);

/**
 * Scalar settings: valid at the top level and inside a profile's `settings`. Features add
 * their own keys here, so profiles can carry them too.
 * @type {Record<string, (v: unknown) => string | null>}
 */
const VALIDATORS = {
  catalogDescriptionMax: integerIn(0, 4096),
  searchLimit: integerIn(1, 8),
  maxSourceBytes: integerIn(1024, 256 * 1024 * 1024),
  skillEmbeddings: oneOf(["on", "off"]),
  routing: oneOf(["lazy", "adaptive", "safe", "full", "additive"]),
  catalogTokenBudget: integerIn(0, 1_000_000),
  pickThreshold: numberIn(0, 1),
  maxAddedPerRound: integerIn(0, 8),
  cadence: oneOf(["prompt", "tool-round"]),
  picker: oneOf(["local", "model"]),
  pickerModel: (v) => modelName(v),
  pickerTimeoutMs: integerIn(100, 120_000),
  minimumInventory: integerIn(0, 100_000),
  resourceSample: integerIn(0, 50),
  defaults: oneOf(["pi-lean", "lazy-skill-tool", "context-decisions"]),
  skillResult: oneOf(["block", "design"]),
  deltaFormat: oneOf(["names", "pi"]),
  workingRow: oneOf(["model", "every-round"]),
  skillRecovery: oneOf(["name", "path"]),
  distiller: oneOf(["extractive", "model"]),
  distillerModel: (v) => modelName(v),
  tokenSaver: oneOf(["on", "off"]),
  compactionBudget: (v) => {
    const whole = integerIn(BUDGET_MIN, BUDGET_MAX);
    if (typeof v === "number") return whole(v);
    if (!v || typeof v !== "object" || Array.isArray(v)) return `must be an integer or an object of tool name -> integer`;
    for (const [tool, n] of Object.entries(v)) {
      if (!NAME_RE.test(tool)) return `has an invalid tool name "${tool}"`;
      const problem = whole(n);
      if (problem) return `"${tool}" ${problem}`;
    }
    return null;
  },
  tokenSaverRetentionDays: integerIn(1, 3650),
  tokenSaverMaxStoreMB: integerIn(1, 1_048_576),
  capabilities: (v) => (v === null ? null : oneOf(["off", "route"])(v)),
  router: oneOf(["local", "model"]),
  routerModel: (v) => modelName(v),
  capabilityBudget: integerIn(0, 8),
  packages: (v) => {
    if (!v || typeof v !== "object" || Array.isArray(v)) return `must be an object of tool source -> "full", "capsule" or "drop"`;
    for (const [source, policy] of Object.entries(v)) {
      if (!/^[^\u0000-\u001f]{1,4096}$/.test(source)) return `has an invalid source ${JSON.stringify(source)}`;
      if (policy !== "full" && policy !== "capsule" && policy !== "drop") return `"${source}" must be "full", "capsule" or "drop"`;
    }
    return null;
  },
};

/**
 * The budget for one tool's results: its own entry, else `default`, else the built-in 8000.
 * @param {CompactionBudget | undefined} budget @param {string} tool
 */
export function compactionBudgetFor(budget, tool) {
  if (typeof budget === "number") return budget;
  if (budget && typeof budget === "object") return budget[tool] ?? budget.default ?? /** @type {number} */ (DEFAULT_CONFIG.compactionBudget);
  return /** @type {number} */ (DEFAULT_CONFIG.compactionBudget);
}

/** Keys other features own; accepted here so a newer config does not fail closed on them. */
const RESERVED_KEYS = new Set(["$schema"]);

/** Every scalar setting key (the JSON Schema and the README document each one). */
export const SETTING_KEYS = Object.freeze(Object.keys(VALIDATORS));

/** Keys with structure, validated in `validateLayer`. */
const STRUCTURED_KEYS = new Set(["groups", "profiles", "activeProfile", "activeGroup", "permission", "allowlist"]);

const POLICY_ACTIONS = ["allow", "ask", "deny"];
/** Names of profiles, groups and patterns: no control characters, sane length. */
const NAME_RE = /^[^\u0000-\u001f]{1,128}$/;

export class ConfigError extends Error {
  /** @param {string} file @param {string} problem */
  constructor(file, problem) {
    super(`CONFIG_INVALID: ${file}: ${problem}`);
    this.code = "CONFIG_INVALID";
    this.file = file;
    this.problem = problem;
  }
}

/**
 * Parses JSON and rejects duplicate keys, which JSON.parse would silently collapse.
 * @param {string} text @param {string} file
 */
export function parseStrictJson(text, file) {
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(file, `not valid JSON (${error instanceof Error ? error.message : error})`);
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate) throw new ConfigError(file, `duplicate key "${duplicate}"`);
  return value;
}

/**
 * Scans JSON text for an object with a repeated key. The text already parsed, so a small
 * tokenizer is enough: it tracks the key set of each open object.
 * @param {string} text
 * @returns {string | null}
 */
export function findDuplicateKey(text) {
  /** @type {Array<Set<string> | null>} */
  const stack = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const raw = text.slice(i, j + 1);
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const key = JSON.parse(raw);
        if (top.has(key)) return key;
        top.add(key);
        expectKey = false;
      }
      i = j;
    } else if (ch === "{") {
      stack.push(new Set());
      expectKey = true;
    } else if (ch === "[") {
      stack.push(null);
    } else if (ch === "}" || ch === "]") {
      stack.pop();
    } else if (ch === ",") {
      expectKey = stack[stack.length - 1] instanceof Set;
    }
  }
  return null;
}

/** @param {unknown} v @returns {v is Record<string, unknown>} */
function isPlainObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * @param {unknown} value @param {string} where @param {string} file
 * @returns {string[]}
 */
function nameList(value, where, file) {
  if (!Array.isArray(value)) throw new ConfigError(file, `${where} must be an array of names`);
  for (const item of value) {
    if (typeof item !== "string" || !NAME_RE.test(item)) throw new ConfigError(file, `${where} must contain non-empty names, got ${JSON.stringify(item)}`);
  }
  return [...value];
}

/**
 * Validates scalar settings (top level or a profile's `settings`).
 * @param {Record<string, unknown>} raw @param {string} where @param {string} file
 */
function validateSettings(raw, where, file) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(raw)) {
    const check = VALIDATORS[key];
    if (!check) throw new ConfigError(file, `unknown key "${where}${key}"`);
    const problem = check(value);
    if (problem) throw new ConfigError(file, `"${where}${key}" ${problem}`);
    out[key] = value;
  }
  return out;
}

/**
 * `permission.skill`: an action, or `{default?, rules?: [{pattern, action}]}`.
 * @param {unknown} raw @param {string} file
 * @returns {{ default?: PolicyAction, rules: PolicyRule[] }}
 */
export function parseSkillPolicy(raw, file) {
  const actionProblem = (/** @type {unknown} */ a) => (typeof a === "string" && POLICY_ACTIONS.includes(a) ? null : `must be "allow", "ask" or "deny", got ${JSON.stringify(a)}`);
  if (typeof raw === "string") {
    const problem = actionProblem(raw);
    if (problem) throw new ConfigError(file, `"permission.skill" ${problem}`);
    return { default: /** @type {PolicyAction} */ (raw), rules: [] };
  }
  if (!isPlainObject(raw)) throw new ConfigError(file, `"permission.skill" must be "allow", "ask", "deny" or {default, rules}`);
  /** @type {{ default?: PolicyAction, rules: PolicyRule[] }} */
  const out = { rules: [] };
  for (const [key, value] of Object.entries(raw)) {
    if (key === "default") {
      const problem = actionProblem(value);
      if (problem) throw new ConfigError(file, `"permission.skill.default" ${problem}`);
      out.default = /** @type {PolicyAction} */ (value);
    } else if (key === "rules") {
      if (!Array.isArray(value)) throw new ConfigError(file, `"permission.skill.rules" must be an array`);
      value.forEach((rule, i) => {
        const where = `permission.skill.rules[${i}]`;
        if (!isPlainObject(rule)) throw new ConfigError(file, `"${where}" must be {pattern, action}`);
        for (const k of Object.keys(rule)) if (k !== "pattern" && k !== "action") throw new ConfigError(file, `unknown key "${where}.${k}"`);
        if (typeof rule.pattern !== "string" || !NAME_RE.test(rule.pattern)) throw new ConfigError(file, `"${where}.pattern" must be a non-empty string`);
        const problem = actionProblem(rule.action);
        if (problem) throw new ConfigError(file, `"${where}.action" ${problem}`);
        out.rules.push({ pattern: rule.pattern, action: /** @type {PolicyAction} */ (rule.action) });
      });
    } else {
      throw new ConfigError(file, `unknown key "permission.skill.${key}"`);
    }
  }
  return out;
}

/**
 * @typedef {object} ConfigLayer  what one file or the environment contributes
 * @property {Record<string, unknown>} settings
 * @property {Record<string, string[]>} groups
 * @property {Record<string, ProfileConfig>} profiles
 * @property {string | null | undefined} activeProfile
 * @property {string | null | undefined} activeGroup
 * @property {{ default?: PolicyAction, rules: PolicyRule[] } | null} skillPolicy
 * @property {string[]} [allowlist]
 */

/**
 * Validates one config file's parsed content into a layer.
 * @param {unknown} raw @param {string} file
 * @returns {ConfigLayer}
 */
export function validateLayer(raw, file) {
  if (!isPlainObject(raw)) throw new ConfigError(file, "top level must be an object");
  /** @type {Record<string, unknown>} */
  const scalars = {};
  /** @type {ConfigLayer} */
  const layer = { settings: {}, groups: {}, profiles: {}, activeProfile: undefined, activeGroup: undefined, skillPolicy: null };
  for (const [key, value] of Object.entries(raw)) {
    if (RESERVED_KEYS.has(key)) continue;
    if (!STRUCTURED_KEYS.has(key)) {
      scalars[key] = value;
      continue;
    }
    if (key === "groups") {
      if (!isPlainObject(value)) throw new ConfigError(file, `"groups" must be an object of name -> [skill names]`);
      for (const [group, members] of Object.entries(value)) {
        if (!NAME_RE.test(group)) throw new ConfigError(file, `group name ${JSON.stringify(group)} is invalid`);
        layer.groups[group] = nameList(members, `"groups.${group}"`, file);
      }
    } else if (key === "profiles") {
      if (!isPlainObject(value)) throw new ConfigError(file, `"profiles" must be an object of name -> [group names] or {groups, settings}`);
      for (const [profile, spec] of Object.entries(value)) {
        if (!NAME_RE.test(profile)) throw new ConfigError(file, `profile name ${JSON.stringify(profile)} is invalid`);
        if (Array.isArray(spec)) {
          layer.profiles[profile] = { groups: nameList(spec, `"profiles.${profile}"`, file), settings: {} };
          continue;
        }
        if (!isPlainObject(spec)) throw new ConfigError(file, `"profiles.${profile}" must be [group names] or {groups, settings}`);
        for (const k of Object.keys(spec)) if (k !== "groups" && k !== "settings") throw new ConfigError(file, `unknown key "profiles.${profile}.${k}"`);
        const settings = spec.settings === undefined ? {} : spec.settings;
        if (!isPlainObject(settings)) throw new ConfigError(file, `"profiles.${profile}.settings" must be an object`);
        layer.profiles[profile] = {
          groups: nameList(spec.groups ?? [], `"profiles.${profile}.groups"`, file),
          settings: validateSettings(settings, `profiles.${profile}.settings.`, file),
        };
      }
    } else if (key === "allowlist") {
      layer.allowlist = nameList(value, `"allowlist"`, file);
    } else if (key === "activeProfile" || key === "activeGroup") {
      if (value !== null && (typeof value !== "string" || !NAME_RE.test(value))) throw new ConfigError(file, `"${key}" must be a name or null`);
      layer[key] = /** @type {string | null} */ (value);
    } else if (key === "permission") {
      if (!isPlainObject(value)) throw new ConfigError(file, `"permission" must be an object`);
      for (const [k, v] of Object.entries(value)) {
        if (k !== "skill") throw new ConfigError(file, `unknown key "permission.${k}"`);
        layer.skillPolicy = parseSkillPolicy(v, file);
      }
    }
  }
  layer.settings = validateSettings(scalars, "", file);
  return layer;
}

/**
 * Reads and validates a config file; a missing file is an empty layer.
 * @param {string} file
 * @returns {ConfigLayer | null}
 */
function readLayer(file) {
  /** @type {string | undefined} */
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return null;
    throw new ConfigError(file, `unreadable (${/** @type {Error} */ (error).message})`);
  }
  return validateLayer(parseStrictJson(text, file), file);
}

/** Environment variables and the setting each overrides. */
const ENV_SETTINGS = /** @type {const} */ ([
  ["PI_LEAN_CATALOG_DESCRIPTION_MAX", "catalogDescriptionMax", "number"],
  ["PI_LEAN_SEARCH_LIMIT", "searchLimit", "number"],
  ["PI_LEAN_MAX_SOURCE_BYTES", "maxSourceBytes", "number"],
  ["PI_LEAN_SKILL_EMBEDDINGS", "skillEmbeddings", "string"],
  ["PI_LEAN_ROUTING", "routing", "string"],
  ["PI_LEAN_CATALOG_TOKEN_BUDGET", "catalogTokenBudget", "number"],
  ["PI_LEAN_PICK_THRESHOLD", "pickThreshold", "number"],
  ["PI_LEAN_MAX_ADDED_PER_ROUND", "maxAddedPerRound", "number"],
  ["PI_LEAN_CADENCE", "cadence", "string"],
  ["PI_LEAN_PICKER", "picker", "string"],
  ["PI_LEAN_PICKER_MODEL", "pickerModel", "string"],
  ["PI_LEAN_MINIMUM_INVENTORY", "minimumInventory", "number"],
  ["PI_LEAN_RESOURCE_SAMPLE", "resourceSample", "number"],
  ["PI_LEAN_DEFAULTS", "defaults", "string"],
  ["PI_LEAN_SKILL_RESULT", "skillResult", "string"],
  ["PI_LEAN_DELTA_FORMAT", "deltaFormat", "string"],
  ["PI_LEAN_WORKING_ROW", "workingRow", "string"],
  ["PI_LEAN_SKILL_RECOVERY", "skillRecovery", "string"],
  ["PI_LEAN_DISTILLER", "distiller", "string"],
  ["PI_LEAN_DISTILLER_MODEL", "distillerModel", "string"],
  ["PI_LEAN_TOKEN_SAVER", "tokenSaver", "string"],
  ["PI_LEAN_COMPACTION_BUDGET", "compactionBudget", "number"],
  ["PI_LEAN_TOKEN_SAVER_RETENTION_DAYS", "tokenSaverRetentionDays", "number"],
  ["PI_LEAN_TOKEN_SAVER_MAX_STORE_MB", "tokenSaverMaxStoreMB", "number"],
  ["PI_LEAN_CAPABILITIES", "capabilities", "string"],
  ["PI_LEAN_CAPABILITY_BUDGET", "capabilityBudget", "number"],
  ["PI_LEAN_ROUTER", "router", "string"],
  ["PI_LEAN_ROUTER_MODEL", "routerModel", "string"],
]);

/**
 * The environment layer. `PI_LEAN_SKILL_PERMISSION` takes the same value as
 * `permission.skill` (an action or JSON `{default, rules}`); its rules are appended last.
 * An invalid value of a setting variable (LS-29) is a warning in `warnings`, and the setting
 * keeps the value of the layers below: none of them can widen what the policy lets the model
 * see. An invalid policy or scope variable (`PI_LEAN_SKILL_PERMISSION`, `PI_LEAN_PROFILE`,
 * `PI_LEAN_GROUP`) throws: ignoring it could, so it fails closed.
 * @param {NodeJS.ProcessEnv} env @param {string[]} [warnings]
 * @returns {ConfigLayer}
 */
function envLayer(env, warnings = []) {
  /** @type {ConfigLayer} */
  const layer = { settings: {}, groups: {}, profiles: {}, activeProfile: undefined, activeGroup: undefined, skillPolicy: null };
  for (const [name, key, type] of ENV_SETTINGS) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    const parsed = type === "number" ? Number(value) : value;
    const problem = VALIDATORS[key](parsed);
    if (problem) {
      warnings.push(`CONFIG_IGNORED: $${name}: ${problem}; ignored, so ${key} keeps its value from the config files (fix or unset $${name})`);
      continue;
    }
    layer.settings[key] = parsed;
  }
  for (const [name, key] of /** @type {const} */ ([["PI_LEAN_PROFILE", "activeProfile"], ["PI_LEAN_GROUP", "activeGroup"]])) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    if (!NAME_RE.test(value)) throw new ConfigError(`$${name}`, "must be a name");
    layer[key] = value;
  }
  const policy = env.PI_LEAN_SKILL_PERMISSION;
  if (policy !== undefined && policy !== "") {
    const trimmed = policy.trim();
    layer.skillPolicy = parseSkillPolicy(trimmed.startsWith("{") ? parseStrictJson(trimmed, "$PI_LEAN_SKILL_PERMISSION") : trimmed, "$PI_LEAN_SKILL_PERMISSION");
  }
  return layer;
}

/**
 * Merges layers in order: settings, groups and profiles by key (later wins), the active
 * selection when a layer sets it, the policy default when given and policy rules appended.
 * `sources`, when given, receives for each setting a layer set the label of the layer whose
 * value won (`labels[i]` for layer i, `profile "name"` for the active profile's settings).
 * @param {ConfigLayer[]} layers @param {string[]} [labels] @param {Record<string, string>} [sources]
 * @returns {LeanConfig}
 */
export function mergeLayers(layers, labels = [], sources = {}) {
  /** @type {LeanConfig} */
  const config = { ...DEFAULT_CONFIG, groups: {}, profiles: {}, allowlist: [], skillPolicy: { default: DEFAULT_CONFIG.skillPolicy.default, rules: [] } };
  /** @type {Record<string, unknown>} */
  const envSettings = {};
  /** @param {Record<string, unknown>} settings @param {string | undefined} label */
  const note = (settings, label) => {
    for (const key of Object.keys(settings)) sources[key] = label ?? "a config layer";
  };
  layers.forEach((layer, i) => {
    // The environment (last layer) wins over the active profile's settings, applied below.
    Object.assign(i === layers.length - 1 ? envSettings : config, layer.settings);
    if (i !== layers.length - 1) note(layer.settings, labels[i]);
    Object.assign(config.groups, layer.groups);
    Object.assign(config.profiles, layer.profiles);
    // Allowlists join: the global list and the project's both count (CD-2).
    for (const name of layer.allowlist ?? []) if (!config.allowlist.includes(name)) config.allowlist.push(name);
    if (layer.activeProfile !== undefined) config.activeProfile = layer.activeProfile;
    if (layer.activeGroup !== undefined) config.activeGroup = layer.activeGroup;
    if (layer.skillPolicy) {
      if (layer.skillPolicy.default) config.skillPolicy.default = layer.skillPolicy.default;
      config.skillPolicy.rules.push(...layer.skillPolicy.rules);
    }
  });
  if (config.activeProfile !== null) {
    const profile = config.profiles[config.activeProfile];
    if (profile) Object.assign(config, profile.settings);
    if (profile) note(profile.settings, `profile "${config.activeProfile}"`);
  }
  Object.assign(config, envSettings);
  note(envSettings, labels[layers.length - 1]);
  // A design's defaults fill only what no layer set (`sources` may be the caller's, so track here).
  const set = new Set([...layers.flatMap((l) => Object.keys(l.settings)), ...Object.keys(config.activeProfile !== null ? (config.profiles[config.activeProfile]?.settings ?? {}) : {})]);
  for (const [key, value] of Object.entries(DESIGN_DEFAULTS[config.defaults] ?? {})) {
    if (set.has(key)) continue;
    /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (config))[key] = value;
    sources[key] = `defaults "${config.defaults}"`;
  }
  return config;
}

/**
 * Cross-checks names: profiles reference defined groups, the active profile exists, and the
 * active group exists (and belongs to the active profile when one is active).
 * @param {LeanConfig} config @param {string} file
 */
function checkReferences(config, file) {
  for (const [profile, spec] of Object.entries(config.profiles)) {
    for (const group of spec.groups) if (!config.groups[group]) throw new ConfigError(file, `profile "${profile}" names undefined group "${group}"`);
  }
  if (config.activeProfile !== null && !config.profiles[config.activeProfile]) throw new ConfigError(file, `activeProfile "${config.activeProfile}" is not defined in "profiles"`);
  if (config.activeGroup !== null) {
    if (!config.groups[config.activeGroup]) throw new ConfigError(file, `activeGroup "${config.activeGroup}" is not defined in "groups"`);
    if (config.activeProfile !== null && !config.profiles[config.activeProfile].groups.includes(config.activeGroup)) {
      throw new ConfigError(file, `activeGroup "${config.activeGroup}" is not a group of profile "${config.activeProfile}"`);
    }
  }
}

/**
 * Loads the layered config. Throws ConfigError; callers must fail closed.
 * @param {{ agentDir?: string, cwd?: string, projectTrusted?: boolean, env?: NodeJS.ProcessEnv }} where
 * @returns {LeanConfig}
 */
export function loadConfig(where) {
  return loadConfigWithSources(where).config;
}

/**
 * `loadConfig`, plus which layer set each setting that is not at its default (a file's path,
 * `profile "name"`, or the environment variable), for status lines that say why, and the
 * environment values that were ignored as invalid (one line each, to show the user).
 * @param {{ agentDir?: string, cwd?: string, projectTrusted?: boolean, env?: NodeJS.ProcessEnv }} where
 * @returns {{ config: LeanConfig, sources: Record<string, string>, warnings: string[] }}
 */
export function loadConfigWithSources({ agentDir, cwd, projectTrusted = false, env = process.env }) {
  /** @type {ConfigLayer[]} */
  const layers = [];
  /** @type {string[]} */
  const files = [];
  if (agentDir) {
    const file = path.join(agentDir, CONFIG_FILE_NAME);
    const layer = readLayer(file);
    if (layer) (layers.push(layer), files.push(file));
  }
  // Whether the project is trusted is asked only when it has a config file (`where` may compute
  // it on demand: that costs Pi's trust store a read).
  if (cwd && fs.existsSync(path.join(cwd, PROJECT_CONFIG_PATH)) && projectTrusted) {
    const file = path.join(cwd, PROJECT_CONFIG_PATH);
    const layer = readLayer(file);
    if (layer) (layers.push(layer), files.push(file));
  }
  /** @type {string[]} */
  const warnings = [];
  layers.push(envLayer(env, warnings));
  /** @type {Record<string, string>} */
  const sources = {};
  const envNames = Object.fromEntries(ENV_SETTINGS.map(([name, key]) => [key, name]));
  const config = mergeLayers(layers, [...files, "the environment"], sources);
  for (const [key, label] of Object.entries(sources)) if (label === "the environment" && envNames[key]) sources[key] = `${envNames[key]}=${env[envNames[key]]}`;
  checkReferences(config, files.length > 0 ? files.join(" + ") : "pi-lean config");
  return { config, sources, warnings };
}

/**
 * What the config files look like on disk (size, modification time, inode; or absent), to tell
 * whether one changed since it was read.
 * @param {{ agentDir?: string, cwd?: string, projectTrusted?: boolean }} where
 */
export function configFilesSignature(where) {
  const { agentDir, cwd } = where;
  const files = [agentDir ? path.join(agentDir, CONFIG_FILE_NAME) : null, cwd ? path.join(cwd, PROJECT_CONFIG_PATH) : null];
  return files
    .map((file, i) => {
      if (!file) return "-";
      try {
        const st = fs.statSync(file);
        // An untrusted project's file is not read, so its edits change nothing; trust is asked
        // only once the file exists (see loadConfigWithSources).
        if (i === 1 && !where.projectTrusted) return "untrusted";
        return `${st.ino}:${st.size}:${st.mtimeMs}`;
      } catch {
        return "absent";
      }
    })
    .join("|");
}

/**
 * Persists the active profile and group in `<agentDir>/pi-lean.json`. Only those two values
 * change in the file: every other byte (the user's formatting and key order) stays, and the
 * write is atomic so a crash never leaves a half-written config, which would fail closed on
 * the next start. A file that does not parse is never overwritten.
 * @param {string} agentDir
 * @param {{ activeProfile: string | null, activeGroup: string | null }} selection
 */
export function writeActiveScope(agentDir, selection) {
  const file = path.join(agentDir, CONFIG_FILE_NAME);
  let text = "";
  /** @type {Record<string, unknown>} */
  let current = {};
  try {
    text = fs.readFileSync(file, "utf8");
    const parsed = parseStrictJson(text, file);
    if (!isPlainObject(parsed)) throw new ConfigError(file, "top level must be an object");
    current = parsed;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
  }
  const edits = Object.entries(selection)
    .filter(([key, value]) => (current[key] ?? null) !== value)
    .map(([key, value]) => ({ path: [key], value }));
  if (edits.length > 0) writeTextAtomic(file, editJsonText(text, edits));
}

/**
 * The session's current config, shared by every feature. Reloaded on each `session_start`
 * (the first handler pi-lean registers), so features read a validated value or an error.
 */
export class ConfigHolder {
  constructor() {
    /** @type {LeanConfig} */
    this.value = { ...DEFAULT_CONFIG };
    /** @type {ConfigError | null} */
    this.error = null;
    /** @type {{ agentDir?: string, cwd?: string, projectTrusted?: boolean, env?: NodeJS.ProcessEnv }} */
    this.where = {};
    /** Which layer set each non-default setting (see `loadConfigWithSources`). @type {Record<string, string>} */
    this.sources = {};
    /** Environment values ignored as invalid at the last reload (LS-29). @type {string[]} */
    this.warnings = [];
    /** The config files as they were when last read (see `changedOnDisk`). */
    this.signature = "";
    /** Called after every reload, whatever it found. @type {Array<() => void>} */
    this.listeners = [];
  }

  /**
   * Calls `listener` after every later reload (a feature that subscribes to Pi's events only
   * while a setting asks for them). A listener that throws is ignored.
   * @param {() => void} listener
   */
  onReload(listener) {
    this.listeners.push(listener);
  }

  /** @param {{ agentDir?: string, cwd?: string, projectTrusted?: boolean, env?: NodeJS.ProcessEnv }} where */
  reload(where) {
    this.where = where;
    this.signature = configFilesSignature(where);
    try {
      ({ config: this.value, sources: this.sources, warnings: this.warnings } = loadConfigWithSources(where));
      this.error = null;
    } catch (error) {
      this.value = { ...DEFAULT_CONFIG };
      this.sources = {};
      this.warnings = [];
      this.error = error instanceof ConfigError ? error : new ConfigError("pi-lean config", String(error));
    }
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A listener's failure must not undo or block the reload.
      }
    }
    return this;
  }

  /** Whether a config file was written, created or deleted since it was last read. */
  changedOnDisk() {
    return configFilesSignature(this.where) !== this.signature;
  }
}
