// @ts-check
/**
 * pi-lean settings: defaults, then `<agentDir>/pi-lean.json`, then `PI_LEAN_*` environment
 * overrides. Validation is strict and fails closed: an unknown key, a wrong type or a bad
 * value yields `CONFIG_INVALID`, and callers then publish no catalog and refuse to load skills.
 */
import fs from "node:fs";
import path from "node:path";

export const CONFIG_FILE_NAME = "pi-lean.json";

/**
 * @typedef {object} LeanConfig
 * @property {number} catalogDescriptionMax  characters of description per search hit; 0 = names only
 * @property {number} searchLimit            default hits per skill_search (max 8)
 * @property {number} maxSourceBytes         largest SKILL.md read
 */

/** @type {LeanConfig} */
export const DEFAULT_CONFIG = Object.freeze({
  catalogDescriptionMax: 240,
  searchLimit: 5,
  maxSourceBytes: 16 * 1024 * 1024,
});

/** @type {Record<keyof LeanConfig, (v: unknown) => string | null>} */
const VALIDATORS = {
  catalogDescriptionMax: (v) => (Number.isInteger(v) && /** @type {number} */ (v) >= 0 && /** @type {number} */ (v) <= 4096 ? null : "must be an integer 0..4096"),
  searchLimit: (v) => (Number.isInteger(v) && /** @type {number} */ (v) >= 1 && /** @type {number} */ (v) <= 8 ? null : "must be an integer 1..8"),
  maxSourceBytes: (v) => (Number.isInteger(v) && /** @type {number} */ (v) >= 1024 && /** @type {number} */ (v) <= 256 * 1024 * 1024 ? null : "must be an integer 1024..268435456"),
};

/** Keys other features own; accepted here so a newer config does not fail closed on them. */
const RESERVED_KEYS = new Set(["$schema"]);

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
function parseStrictJson(text, file) {
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

/**
 * @param {Record<string, unknown>} raw @param {string} file
 * @returns {Partial<LeanConfig>}
 */
function validate(raw, file) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new ConfigError(file, "top level must be an object");
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(raw)) {
    if (RESERVED_KEYS.has(key)) continue;
    const check = /** @type {Record<string, (v: unknown) => string | null>} */ (VALIDATORS)[key];
    if (!check) throw new ConfigError(file, `unknown key "${key}"`);
    const problem = check(value);
    if (problem) throw new ConfigError(file, `"${key}" ${problem}`);
    out[key] = value;
  }
  return /** @type {Partial<LeanConfig>} */ (out);
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {Partial<LeanConfig>}
 */
function fromEnv(env) {
  /** @type {Record<string, unknown>} */
  const out = {};
  const map = /** @type {const} */ ([
    ["PI_LEAN_CATALOG_DESCRIPTION_MAX", "catalogDescriptionMax"],
    ["PI_LEAN_SEARCH_LIMIT", "searchLimit"],
    ["PI_LEAN_MAX_SOURCE_BYTES", "maxSourceBytes"],
  ]);
  for (const [name, key] of map) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    const number = Number(value);
    const problem = VALIDATORS[key](number);
    if (problem) throw new ConfigError(`$${name}`, problem);
    out[key] = number;
  }
  return /** @type {Partial<LeanConfig>} */ (out);
}

/**
 * Loads the layered config. Throws ConfigError; callers must fail closed.
 * @param {{ agentDir?: string, env?: NodeJS.ProcessEnv }} where
 * @returns {LeanConfig}
 */
export function loadConfig({ agentDir, env = process.env }) {
  /** @type {LeanConfig} */
  let config = { ...DEFAULT_CONFIG };
  if (agentDir) {
    const file = path.join(agentDir, CONFIG_FILE_NAME);
    /** @type {string | undefined} */
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw new ConfigError(file, `unreadable (${/** @type {Error} */ (error).message})`);
    }
    if (text !== undefined) config = { ...config, ...validate(/** @type {Record<string, unknown>} */ (parseStrictJson(text, file)), file) };
  }
  return { ...config, ...fromEnv(env) };
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
  }

  /** @param {{ agentDir?: string, env?: NodeJS.ProcessEnv }} where */
  reload(where) {
    try {
      this.value = loadConfig(where);
      this.error = null;
    } catch (error) {
      this.value = { ...DEFAULT_CONFIG };
      this.error = error instanceof ConfigError ? error : new ConfigError("pi-lean config", String(error));
    }
    return this;
  }
}
