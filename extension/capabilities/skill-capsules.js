// @ts-check
/**
 * Skill capsules (PD-14): once a skill has been loaded (by `skill`, or by a `read` of its
 * SKILL.md), its description and its body are distilled after the agent settles (the same
 * extractive capsule as tool guidelines, cached under `<agentDir>/cache/pi-lean/skills/`).
 * Where pi-lean lists skills for the model (the `adaptive`/`safe` catalog, shortlists,
 * additive deltas) the listing line becomes the description's capsule followed by the body's
 * own rules: its negative constraints first, then its ordering rules, whole sentences copied
 * verbatim, as many as keep the line within LINE_MAX characters (or the description's own
 * length, when that is longer). A whole body capsule averages about ten times a description,
 * so the line is bounded instead: a loaded skill's line costs at most what a capped
 * description does. `skill_search` keeps the full descriptions, ranking always uses them, and
 * the full body stays one `skill` call away.
 */
import fs from "node:fs";
import { native } from "../shared/native.js";
import { fileStamp } from "../shared/file-stamp.js";

/** Largest skill file hashed for a capsule key; a larger one keys on its size and mtime. */
const KEY_READ_MAX = 16 * 1024 * 1024;

/** Longest listing line body rules may extend a loaded skill's line to: the default `catalogDescriptionMax`, so no listing cuts it. */
export const LINE_MAX = 240;
/** What introduces the body's rules on a listing line. */
export const RULES_LABEL = " Rules: ";

/** A negative constraint (the capsule distiller's list). */
const NEGATIVE_RE = /\b(never|do not|don't|dont|must not|mustn't|should not|shouldn't|may not|avoid|forbidden|prohibited|not allowed|unless|only (?:when|if|after|before))\b/i;
/** An ordering or obligation rule. */
const ORDER_RE = /\b(before|after|first|then|must|always|required|make sure|ensure|need to|needs to)\b/i;

/**
 * The SKILL.md text without its frontmatter.
 * @param {string} text
 */
export function skillBody(text) {
  return text.replace(/^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, "");
}

/**
 * The rule units of a body capsule a listing line can carry: list items and prose sentences
 * that state a negative constraint or an ordering rule, verbatim, in source order; headings,
 * code, tables and what the description already says are left out. Linear in the capsule.
 * @param {string} capsule  the body's capsule (or the body itself)
 * @returns {Array<{ text: string, negative: boolean }>}
 */
export function ruleUnits(capsule) {
  /** @type {Array<{ text: string, negative: boolean }>} */
  const out = [];
  let fenced = false;
  for (const raw of capsule.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("```") || line.startsWith("~~~")) {
      fenced = !fenced;
      continue;
    }
    if (fenced || line === "" || line.startsWith("#") || line.startsWith("|") || line.startsWith(">")) continue;
    const item = /^(?:[-*+]|\d{1,3}[.)])\s+(.*)$/.exec(line);
    const pieces = item ? [item[1]] : line.split(/(?<=[.!?])\s+(?=[A-Z`"'(*_])/);
    for (const piece of pieces) {
      const text = piece.trim();
      if (text.length < 8) continue;
      const negative = NEGATIVE_RE.test(text);
      if (negative || ORDER_RE.test(text)) out.push({ text: /[.!?:;]$/.test(text) ? text : `${text}.`, negative });
    }
  }
  return out;
}

/**
 * A loaded skill's listing line: `shown` (its description or the description's capsule), then
 * the body's rules that fit within the bound, negative constraints first, in source order.
 * @param {string} shown  what the listing shows for the description
 * @param {string} description  the full description (sets the bound when longer than LINE_MAX)
 * @param {string} bodyCapsule  the body's capsule (or the body, when no shorter capsule exists)
 */
export function listingLine(shown, description, bodyCapsule) {
  const bound = Math.max(LINE_MAX, description.length);
  let room = bound - shown.length - RULES_LABEL.length;
  if (room <= 0 || !bodyCapsule) return shown;
  const said = `${description}\n${shown}`.toLowerCase();
  const units = ruleUnits(bodyCapsule)
    .map((u, i) => ({ ...u, i }))
    .filter((u) => !said.includes(u.text.replace(/[.!?:;]$/, "").toLowerCase()));
  /** @type {Set<number>} */
  const chosen = new Set();
  for (const wanted of [true, false]) {
    for (const u of units) {
      if (u.negative !== wanted) continue;
      const cost = u.text.length + (chosen.size > 0 ? 1 : 0);
      if (cost > room) continue;
      chosen.add(u.i);
      room -= cost;
    }
  }
  if (chosen.size === 0) return shown;
  return `${shown}${RULES_LABEL}${units.filter((u) => chosen.has(u.i)).map((u) => u.text).join(" ")}`;
}

/** path -> the file's stamp (size, mtime) and content hash, so a listing re-reads only changed files. */
const fileKeys = new Map();

/**
 * What a skill's capsule verdict depends on besides its description (PD-17): the content of
 * its SKILL.md, hashed (re-read only when its size or mtime changes). A skill with no
 * readable file keys on its description alone.
 * @param {string | undefined} filePath
 */
export function skillKey(filePath) {
  if (!filePath) return "";
  let stat;
  try {
    stat = fs.statSync(filePath);
  } catch {
    return "";
  }
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const known = fileKeys.get(filePath);
  if (known && known.stamp === stamp) return known.key;
  let key;
  try {
    key = stat.size <= KEY_READ_MAX ? `skill-file:${native.contentHash(fs.readFileSync(filePath, "utf8"))}` : `skill-file-stamp:${stamp}`;
  } catch {
    key = "";
  }
  if (fileKeys.size > 4096) fileKeys.clear();
  fileKeys.set(filePath, { stamp, key });
  return key;
}

/** Largest body whose rules are looked up for a listing line (the distiller reads no more). */
const BODY_READ_MAX = 256 * 1024;

/** path -> the file's stamp and the text its listing rules come from (null: not distilled yet). */
const bodySources = new Map();

/**
 * The body of a skill file, or null when it cannot be read or is too large to distil.
 * @param {string} filePath
 */
export function readBody(filePath) {
  try {
    if (fs.statSync(filePath).size > BODY_READ_MAX * 4) return null;
    const body = skillBody(fs.readFileSync(filePath, "utf8"));
    return body.length <= BODY_READ_MAX ? body : null;
  } catch {
    return null;
  }
}

/**
 * What a loaded skill's listing rules are chosen from: its body's cached capsule (the body
 * itself when the distiller found nothing shorter), or null when the body was never
 * distilled. Re-read only when the file's size or mtime changes, or after `forgetBody`.
 * @param {import("./capsule-cache.js").CapsuleCache} cache @param {string | undefined} filePath
 * @param {string} [context]  the body verdict's key context (BODY_CONTEXT, plus the distiller in force)
 */
export function bodyRulesSource(cache, filePath, context = BODY_CONTEXT) {
  if (!filePath) return null;
  const fileStampNow = fileStamp(filePath);
  if (fileStampNow === null) return null;
  // The distiller in force is part of the verdict's key (PD-13), so it is part of this one too.
  const stamp = `${fileStampNow}\u0000${context}`;
  const known = bodySources.get(filePath);
  if (known && known.stamp === stamp) return known.source;
  const body = readBody(filePath);
  const verdict = body === null ? undefined : cache.get("skills", body, context);
  const source = verdict ? (verdict.capsule ?? body) : null;
  if (bodySources.size > 4096) bodySources.clear();
  bodySources.set(filePath, { stamp, source });
  return source;
}

/** Drops what is known of a file's body (after its capsule was made), or of every body. @param {string} [filePath] */
export function forgetBody(filePath) {
  if (filePath === undefined) bodySources.clear();
  else bodySources.delete(filePath);
}

/** The key context of a body's verdict, apart from a description's. */
export const BODY_CONTEXT = "skill-body";

/**
 * The index as the listing code sees it: `get` and `search` hits carry the capsule where one
 * exists; everything else (ranking, policy, loading) is the index itself.
 * @param {import("../../index.js").SkillIndex} index
 * @param {(name: string, description: string) => string} describe
 * @returns {import("../../index.js").SkillIndex}
 */
export function describedIndex(index, describe) {
  return new Proxy(index, {
    get(target, prop) {
      if (prop === "get") {
        return (/** @type {string} */ name) => {
          const info = target.get(name);
          return info ? { ...info, description: describe(name, info.description) } : info;
        };
      }
      if (prop === "search") {
        return (/** @type {string} */ query, /** @type {any} */ options) => {
          const result = target.search(query, options);
          const hits = result.hits.map((hit) => {
            const full = target.get(hit.name)?.description ?? "";
            const shown = describe(hit.name, full);
            return shown === full ? hit : { ...hit, description: native.capDescription(shown, options?.descriptionMax) };
          });
          return { ...result, hits };
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
