// @ts-check
/**
 * Lists Pi's stored session files (`<agentDir>/sessions/<project>/<id>.jsonl`), for the CLI's
 * commands that read the user's own sessions (`report`, `gain`). Read only.
 */
import fs from "node:fs";
import path from "node:path";

/**
 * Every session file with its modification time and size, or null when there is no sessions
 * folder yet (a new install) or it cannot be read.
 * @param {string} agentDir
 * @returns {Array<{ file: string, mtime: number, size: number }> | null}
 */
export function sessionFiles(agentDir) {
  const root = path.join(agentDir, "sessions");
  /** @type {Array<{ file: string, mtime: number, size: number }>} */
  const files = [];
  try {
    for (const dir of fs.readdirSync(root, { withFileTypes: true })) {
      if (!dir.isDirectory()) continue;
      for (const name of fs.readdirSync(path.join(root, dir.name))) {
        if (!name.endsWith(".jsonl")) continue;
        const file = path.join(root, dir.name, name);
        const st = fs.statSync(file);
        if (st.isFile()) files.push({ file, mtime: st.mtimeMs, size: st.size });
      }
    }
  } catch {
    return null;
  }
  return files;
}

/**
 * The entries of one session file's text, in order: one JSON value a line. Blank lines and
 * lines that do not parse (a write cut short by a crash) are skipped, as Pi skips them.
 * @param {string} text
 * @returns {Generator<any>}
 */
export function* sessionEntries(text) {
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // a torn or foreign line: the rest of the session still counts
    }
    yield entry;
  }
}
