// @ts-check
/**
 * Retention of stored originals across sessions. Each session's folder under
 * `<agentDir>/pi-lean/token-saver/` is capped by the Rust store (512 MB), but nothing else ever
 * removed a folder, so old sessions piled up. On session start pi-lean prunes, in this order:
 *
 * 1. folders whose session file is gone (deleted by the user) and unused for an hour;
 * 2. folders neither used nor resumed for `tokenSaverRetentionDays`;
 * 3. while the folders together exceed `tokenSaverMaxStoreMB`, the least recently used first.
 *
 * Never pruned: the current session's folder, folders it reads (a fork's parent), and folders
 * another live Pi process has claimed. So a resumable session (its file exists and was used
 * within the retention window) keeps its originals while the total is within the cap.
 *
 * Claims: a process using a folder writes `in-use-<pid>` there (host and pid inside) and
 * removes it at shutdown; a claim whose process is gone (same host, pid not running) is stale.
 * The owning session also writes `session.json`, naming its session file, so a folder can be
 * matched to its session wherever the session dir is. Neither name is a blob or a store temp
 * file, so the Rust store ignores both.
 *
 * Deletion is race-safe: the folder is first renamed to `.trash-…` (atomic; a store writing
 * into the old path then fails and keeps the original in memory), then checked again; if a
 * claim or a file newer than the decision appeared meanwhile, everything is moved back.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const SESSION_MARKER = "session.json";
export const CLAIM_PREFIX = "in-use-";
const TRASH_PREFIX = ".trash-";
/** A folder whose session file is missing is kept this long after its last use (the file may not be written yet). */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * @typedef {object} PrunedFolder
 * @property {string} name
 * @property {number} bytes
 * @property {"session-gone" | "unused" | "over-cap"} reason
 *
 * @typedef {object} PruneReport
 * @property {number} at  when the prune ran (ms)
 * @property {PrunedFolder[]} pruned
 * @property {number} kept  folders left
 * @property {number} keptBytes  their total size
 * @property {number} inUse  folders skipped because a live process claims them (or this session uses them)
 * @property {number} restored  folders moved back because a process started using them during deletion
 * @property {string[]} errors
 */

/**
 * A session id made safe as a directory name: the name of that session's folder of stored
 * originals (the Token Saver opens it by this name; retention matches folders to sessions by it).
 * @param {string} id
 */
export function storeKeyOf(id) {
  const key = String(id || "default").replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 128);
  return key === "." || key === ".." ? "default" : key;
}

/** @param {number} pid */
function processAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * Claims `dir` for this process (creating it) and, for the owning session, records its session
 * file. Returns a function that releases the claim. Failures are ignored: a claim only protects.
 * @param {string} dir @param {{ sessionFile?: string | null, sessionId?: string }} [owner]
 */
export function claimFolder(dir, owner = {}) {
  const claim = path.join(dir, `${CLAIM_PREFIX}${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(claim, JSON.stringify({ host: os.hostname(), pid: process.pid, at: Date.now() }));
    if (owner.sessionFile) {
      const marker = path.join(dir, SESSION_MARKER);
      const body = JSON.stringify({ sessionFile: owner.sessionFile, sessionId: owner.sessionId ?? null });
      let current = "";
      try {
        current = fs.readFileSync(marker, "utf8");
      } catch {}
      if (current !== body) {
        const part = `${marker}.${process.pid}.part`;
        fs.writeFileSync(part, body);
        fs.renameSync(part, marker);
      }
    }
  } catch {}
  return () => {
    try {
      fs.unlinkSync(claim);
    } catch {}
  };
}

/**
 * What one folder holds: its size, when it was last used (newest mtime of the folder and its
 * files), its session file from the marker, and whether a live process claims it.
 * `filesOnly` leaves the folder's own mtime out (a rename may change it).
 * @param {string} dir @param {{ now: number, retentionMs: number, alive: (pid: number) => boolean }} env @param {boolean} [filesOnly]
 */
async function inspect(dir, env, filesOnly = false) {
  let bytes = 0;
  let lastUsed = filesOnly ? 0 : (await fs.promises.lstat(dir)).mtimeMs;
  /** @type {string | null} */
  let sessionFile = null;
  let claimed = false;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    let stat;
    try {
      stat = await fs.promises.lstat(file);
    } catch {
      continue;
    }
    bytes += stat.isFile() ? stat.size : 0;
    lastUsed = Math.max(lastUsed, stat.mtimeMs);
    if (entry.name === SESSION_MARKER && stat.isFile()) {
      try {
        const marker = JSON.parse(await fs.promises.readFile(file, "utf8"));
        if (typeof marker?.sessionFile === "string") sessionFile = marker.sessionFile;
      } catch {}
    } else if (entry.name.startsWith(CLAIM_PREFIX) && stat.isFile() && !claimed) {
      claimed = await claimIsLive(file, stat.mtimeMs, env);
    }
  }
  return { bytes, lastUsed, sessionFile, claimed };
}

/**
 * A claim is live when its process runs on this host, or, from another host (a shared home
 * directory), while it is younger than the retention window.
 * @param {string} file @param {number} mtimeMs @param {{ now: number, retentionMs: number, alive: (pid: number) => boolean }} env
 */
async function claimIsLive(file, mtimeMs, env) {
  try {
    const claim = JSON.parse(await fs.promises.readFile(file, "utf8"));
    if (claim?.host === os.hostname()) return env.alive(Number(claim.pid));
    return env.now - mtimeMs < env.retentionMs;
  } catch {
    // Unreadable or half-written: someone is writing it right now.
    return env.now - mtimeMs < ORPHAN_GRACE_MS;
  }
}

/**
 * Session files by session id, from the session dirs' file names (`<time>_<id>.jsonl`): the
 * fallback for folders written before the session marker existed.
 * @param {string[]} sessionDirs  dirs holding per-project session dirs, or session files directly
 */
export async function sessionFilesById(sessionDirs) {
  /** @type {Map<string, string>} */
  const byId = new Map();
  /** @param {string} dir @param {number} depth */
  const walk = async (dir, depth) => {
    let entries;
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && depth > 0) await walk(path.join(dir, entry.name), depth - 1);
      const match = entry.isFile() ? /^[^_]+_(.+)\.jsonl$/.exec(entry.name) : null;
      if (match) byId.set(storeKeyOf(match[1]), path.join(dir, entry.name));
    }
  };
  for (const dir of sessionDirs) await walk(dir, 1);
  return byId;
}

/** @param {string} file */
async function mtimeOf(file) {
  try {
    return (await fs.promises.stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Removes `dir` unless someone starts using it meanwhile: rename to a trash name, look again,
 * and move everything back when a live claim or a file newer than `decidedAt` is inside.
 * @param {string} root @param {string} name @param {number} decidedAt
 * @param {{ now: number, retentionMs: number, alive: (pid: number) => boolean }} env
 * @returns {Promise<"removed" | "restored" | "gone">}
 */
async function removeSafely(root, name, decidedAt, env) {
  const dir = path.join(root, name);
  const trash = path.join(root, `${TRASH_PREFIX}${name}.${process.pid}.${Math.random().toString(36).slice(2, 10)}`);
  try {
    await fs.promises.rename(dir, trash);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return "gone";
    throw error;
  }
  const after = await inspect(trash, env, true);
  if (after.claimed || after.lastUsed > decidedAt) {
    try {
      await fs.promises.rename(trash, dir);
    } catch {
      // The user's process recreated the folder: move the files back one by one, never over theirs.
      for (const entry of await fs.promises.readdir(trash)) {
        const target = path.join(dir, entry);
        if (!fs.existsSync(target)) await fs.promises.rename(path.join(trash, entry), target).catch(() => {});
      }
      await fs.promises.rm(trash, { recursive: true, force: true });
    }
    return "restored";
  }
  await fs.promises.rm(trash, { recursive: true, force: true });
  return "removed";
}

/**
 * Prunes the session folders under `root` (see the module comment).
 * @param {string} root
 * @param {{ retentionDays: number, maxStoreBytes: number, protect: Set<string>, sessionDirs?: string[], now?: number, alive?: (pid: number) => boolean }} options
 * @returns {Promise<PruneReport>}
 */
export async function pruneStores(root, options) {
  const now = options.now ?? Date.now();
  const env = { now, retentionMs: options.retentionDays * DAY_MS, alive: options.alive ?? processAlive };
  /** @type {PruneReport} */
  const report = { at: now, pruned: [], kept: 0, keptBytes: 0, inUse: 0, restored: 0, errors: [] };
  let names;
  try {
    names = await fs.promises.readdir(root, { withFileTypes: true });
  } catch {
    return report;
  }
  const bySession = await sessionFilesById(options.sessionDirs ?? []);
  /** @type {Array<{ name: string, bytes: number, lastUsed: number, locked: boolean }>} */
  const folders = [];
  for (const entry of names) {
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith(TRASH_PREFIX)) {
      // A pruner that died mid-delete: finish its work once its process is gone.
      const pid = Number(/\.(\d+)\.[a-z0-9]+$/.exec(entry.name)?.[1]);
      if (!env.alive(pid)) await fs.promises.rm(path.join(root, entry.name), { recursive: true, force: true }).catch(() => {});
      continue;
    }
    try {
      const info = await inspect(path.join(root, entry.name), env);
      const sessionFile = info.sessionFile ?? bySession.get(entry.name) ?? null;
      const sessionTime = sessionFile ? await mtimeOf(sessionFile) : null;
      const locked = options.protect.has(entry.name) || info.claimed;
      const lastUsed = Math.max(info.lastUsed, sessionTime ?? 0);
      /** @type {PrunedFolder["reason"] | null} */
      let reason = null;
      if (!locked && sessionFile && sessionTime === null && now - info.lastUsed > ORPHAN_GRACE_MS) reason = "session-gone";
      else if (!locked && now - lastUsed > env.retentionMs) reason = "unused";
      const before = report.restored;
      if (reason && (await remove(entry.name, info.bytes, reason))) continue;
      // Moved back because a process started using it: in use now.
      folders.push({ name: entry.name, bytes: info.bytes, lastUsed, locked: locked || report.restored > before });
    } catch (error) {
      report.errors.push(`${entry.name}: ${error instanceof Error ? error.message : error}`);
    }
  }
  let total = folders.reduce((sum, f) => sum + f.bytes, 0);
  const candidates = folders.filter((f) => !f.locked).sort((a, b) => a.lastUsed - b.lastUsed);
  for (const folder of candidates) {
    if (total <= options.maxStoreBytes) break;
    const before = report.restored;
    if (await remove(folder.name, folder.bytes, "over-cap")) {
      total -= folder.bytes;
      folder.bytes = -1;
    } else if (report.restored > before) folder.locked = true;
  }
  const left = folders.filter((f) => f.bytes >= 0);
  report.kept = left.length;
  report.keptBytes = left.reduce((sum, f) => sum + f.bytes, 0);
  report.inUse = left.filter((f) => f.locked).length;
  return report;

  /** @param {string} name @param {number} bytes @param {PrunedFolder["reason"]} reason */
  async function remove(name, bytes, reason) {
    try {
      const outcome = await removeSafely(root, name, now, env);
      if (outcome === "restored") report.restored += 1;
      if (outcome !== "removed") return outcome === "gone";
      report.pruned.push({ name, bytes, reason });
      return true;
    } catch (error) {
      report.errors.push(`${name}: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }
}

/**
 * One line for `/token-saver status`.
 * @param {PruneReport | null} report @param {{ retentionDays: number, maxStoreBytes: number }} limits
 */
export function describePrune(report, limits) {
  const mb = (/** @type {number} */ n) => `${(n / (1024 * 1024)).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;
  const policy = `kept ${limits.retentionDays} days, at most ${mb(limits.maxStoreBytes)} in all`;
  if (!report) return `Stored originals: not checked yet (${policy}).`;
  const kept = `${report.kept} session folder${report.kept === 1 ? "" : "s"}, ${mb(report.keptBytes)}`;
  if (report.pruned.length === 0) return `Stored originals at session start: ${kept} (${policy}); nothing pruned.`;
  const freed = report.pruned.reduce((sum, p) => sum + p.bytes, 0);
  const counts = /** @type {const} */ ([
    ["session-gone", "session file deleted"],
    ["unused", `unused for over ${limits.retentionDays} days`],
    ["over-cap", "oldest over the cap"],
  ])
    .map(([reason, label]) => [report.pruned.filter((p) => p.reason === reason).length, label])
    .filter(([n]) => Number(n) > 0)
    .map(([n, label]) => `${n} ${label}`)
    .join(", ");
  const restored = report.restored > 0 ? `; ${report.restored} left alone because another Pi started using them` : "";
  return `Stored originals at session start: ${kept} (${policy}); pruned ${report.pruned.length} folder${report.pruned.length === 1 ? "" : "s"}, ${mb(freed)} (${counts})${restored}.`;
}
