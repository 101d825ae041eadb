// @ts-check
/**
 * The one writer for pi-lean's JSON settings files. A torn config fails closed on the next
 * start, so every write is atomic: a new temp file next to the target (created exclusively,
 * so nothing planted there is followed or reused), written and fsynced, then renamed over
 * the target. A failure at any step removes the temp file and leaves the target as it was.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Writes `value` as pretty JSON (two-space indent, trailing newline) to `file`, atomically.
 * @param {string} file @param {unknown} value
 */
export function writeJsonAtomic(file, value) {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`);
  let fd = fs.openSync(tmp, "wx", 0o600);
  try {
    fs.writeFileSync(fd, `${JSON.stringify(value, null, 2)}\n`);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = -1;
    fs.renameSync(tmp, file);
  } catch (error) {
    if (fd >= 0) fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  syncDirectory(dir);
}

/** Makes the rename durable where the platform allows fsync on a directory. */
function syncDirectory(/** @type {string} */ dir) {
  let fd = -1;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
    // Not supported here (Windows): the rename itself is still atomic.
  } finally {
    if (fd >= 0) fs.closeSync(fd);
  }
}
