// @ts-check
/**
 * The final skill guard's file side (LS-27, LS-28): which catalog skill a path names once
 * resolved canonically (symlinks, `..`, relative to the session's cwd), and fingerprints of
 * blocked skills' bodies, re-read from disk whenever the file changes. The context scrub uses
 * both, so a skill block is caught by the path it names and by what its body holds, not only
 * by the name it claims; the `tool_call` guard uses the path side for `read` calls.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileStamp } from "../shared/file-stamp.js";

/** Most bytes read of a skill file for its fingerprint. */
const FINGERPRINT_READ_MAX = 64 * 1024;
/** Lines of a body considered for its fingerprint, and the shortest line that can be one. */
const FINGERPRINT_LINES = 40;
const FINGERPRINT_MIN = 24;
const FINGERPRINT_MAX = 200;

/** Canonical form of a path: real path when it exists, else the normalized absolute path. @param {string} p */
export function canonicalPath(p) {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * The distinctive line of a skill body: the longest of its first lines after the frontmatter
 * (bounded), which a copy of the body carries verbatim. Null for a body too short to tell.
 * @param {string} text  the SKILL.md text
 */
export function bodyFingerprint(text) {
  const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, "");
  let best = "";
  for (const line of body.split("\n").slice(0, FINGERPRINT_LINES)) {
    const trimmed = line.trim().slice(0, FINGERPRINT_MAX);
    if (trimmed.length > best.length) best = trimmed;
  }
  return best.length >= FINGERPRINT_MIN ? best : null;
}

export class SkillPathGuard {
  constructor() {
    /** @type {{ key: string, byPath: Map<string, string> } | null} canonical SKILL.md and dir -> name */
    this.paths = null;
    /** @type {Map<string, { stamp: string, fingerprint: string | null }>} */
    this.fingerprints = new Map();
  }

  /**
   * The skill whose file or directory `p` names (canonically), or null.
   * @param {import("../../index.js").SkillIndex} index @param {string} p @param {string} [cwd]
   */
  skillAt(index, p, cwd) {
    if (!this.paths || this.paths.key !== index.fingerprint) {
      /** @type {Map<string, string>} */
      const byPath = new Map();
      for (const skill of index.list()) {
        if (!skill.filePath) continue;
        byPath.set(canonicalPath(skill.filePath), skill.name);
      }
      this.paths = { key: index.fingerprint, byPath };
    }
    // The forms Pi's file tools accept: a leading `@` (a file mention) and `~` for home.
    let given = p.startsWith("@") ? p.slice(1) : p;
    if (given === "~" || given.startsWith("~/")) given = path.join(os.homedir(), given.slice(1));
    return this.paths.byPath.get(canonicalPath(path.resolve(cwd ?? process.cwd(), given))) ?? null;
  }

  /**
   * The fingerprint of a skill's body, re-read when the file's size or mtime changed. Null
   * when the file cannot be read or is too short to tell.
   * @param {string} filePath
   */
  fingerprintOf(filePath) {
    const stamp = fileStamp(filePath);
    if (stamp === null) return null;
    const known = this.fingerprints.get(filePath);
    if (known && known.stamp === stamp) return known.fingerprint;
    let fingerprint = null;
    try {
      const fd = fs.openSync(filePath, "r");
      try {
        const buffer = Buffer.alloc(FINGERPRINT_READ_MAX);
        const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
        fingerprint = bodyFingerprint(buffer.subarray(0, read).toString("utf8"));
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      fingerprint = null;
    }
    this.fingerprints.set(filePath, { stamp, fingerprint });
    return fingerprint;
  }
}
