// @ts-check
/**
 * A file's change stamp for caches that re-read a file only when it changed: its size and
 * modification time, which every platform reports without reading the file.
 */
import fs from "node:fs";

/** `size:mtimeMs` of `filePath`, or null when it cannot be stat'ed. @param {string} filePath */
export function fileStamp(filePath) {
  try {
    const stat = fs.statSync(filePath);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
}
