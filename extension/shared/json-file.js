// @ts-check
/**
 * The one writer for pi-lean's JSON settings files. A torn config fails closed on the next
 * start, so every write is atomic: a new temp file next to the target (created exclusively,
 * so nothing planted there is followed or reused), written and fsynced, then renamed over
 * the target. A failure at any step removes the temp file and leaves the target as it was.
 * A file the user wrote is edited, not rewritten: `editJsonText` changes only the bytes of the
 * values that change, so the user's formatting, comments-free layout and key order stay.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Writes `value` as pretty JSON (two-space indent, trailing newline) to `file`, atomically.
 * @param {string} file @param {unknown} value
 */
export function writeJsonAtomic(file, value) {
  writeTextAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Writes `text` to `file`, atomically (see the module comment).
 * @param {string} file @param {string} text
 */
export function writeTextAtomic(file, text) {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`);
  let fd = fs.openSync(tmp, "wx", 0o600);
  try {
    fs.writeFileSync(fd, text);
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

/**
 * @typedef {{ kind: "object", start: number, end: number, members: Array<{ key: string, keyStart: number, keyEnd: number, value: JsonSpan }> }
 *   | { kind: "array", start: number, end: number }
 *   | { kind: "scalar", start: number, end: number }} JsonSpan
 *   where a value sits in the text: `start` at its first byte, `end` after its last
 */

const WHITESPACE = /[ \t\n\r]*/y;
const SCALAR = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/**
 * Where each value of a JSON document sits, objects with their members. Arrays are kept as one
 * span (settings are never edited inside one). Iterative, with its own stack, so deep input
 * costs one linear pass and no recursion. Throws on anything that is not JSON.
 * @param {string} text
 * @returns {JsonSpan}
 */
export function jsonSpans(text) {
  let at = 0;
  const skip = () => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    at = WHITESPACE.lastIndex;
  };
  const fail = () => {
    throw new SyntaxError(`not JSON at offset ${at}`);
  };
  /** @type {Array<{ node: any, pendingKey: string | null, keyStart: number, keyEnd: number }>} */
  const stack = [];
  /** The finished top-level value (set from `finish`, so held in an object). */
  const done = { root: /** @type {JsonSpan | null} */ (null) };
  /** Attaches a finished value to its parent, or makes it the root. @param {JsonSpan} node */
  const finish = (node) => {
    const top = stack.at(-1);
    if (!top) return void (done.root = node);
    if (top.node.kind === "object") top.node.members.push({ key: /** @type {string} */ (top.pendingKey), keyStart: top.keyStart, keyEnd: top.keyEnd, value: node });
  };
  /** Reads one value's start: a scalar is finished, a container is opened. */
  const value = () => {
    skip();
    const c = text[at];
    if (c === "{") stack.push({ node: { kind: "object", start: at++, end: -1, members: [] }, pendingKey: null, keyStart: -1, keyEnd: -1 });
    else if (c === "[") stack.push({ node: { kind: "array", start: at++, end: -1 }, pendingKey: null, keyStart: -1, keyEnd: -1 });
    else {
      SCALAR.lastIndex = at;
      if (!SCALAR.exec(text)) fail();
      finish({ kind: "scalar", start: at, end: SCALAR.lastIndex });
      at = SCALAR.lastIndex;
    }
  };
  value();
  while (stack.length > 0) {
    const top = /** @type {{ node: any, pendingKey: string | null, keyStart: number, keyEnd: number }} */ (stack.at(-1));
    skip();
    const closer = top.node.kind === "object" ? "}" : "]";
    const empty = top.node.kind === "object" ? top.node.members.length === 0 && top.pendingKey === null : top.pendingKey === null;
    if (text[at] === closer) {
      top.node.end = ++at;
      stack.pop();
      finish(top.node);
      continue;
    }
    if (!empty) {
      if (text[at] !== ",") fail();
      at++;
      skip();
    }
    if (top.node.kind === "array") {
      top.pendingKey = "";
      value();
      continue;
    }
    SCALAR.lastIndex = at;
    if (text[at] !== '"' || !SCALAR.exec(text)) fail();
    top.keyStart = at;
    top.keyEnd = SCALAR.lastIndex;
    top.pendingKey = JSON.parse(text.slice(at, SCALAR.lastIndex));
    at = SCALAR.lastIndex;
    skip();
    if (text[at++] !== ":") fail();
    value();
  }
  skip();
  if (at !== text.length || !done.root) fail();
  return /** @type {JsonSpan} */ (done.root);
}

/** The whitespace that starts the line `offset` is on. @param {string} text @param {number} offset */
function lineIndent(text, offset) {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
}

/**
 * A list of names or numbers written the way `sample` (an array already in the document) is
 * written: on one line with its spacing after commas and inside the brackets, or one item a
 * line with its item indentation. Null when `value` is not such a list, or there is no sample.
 * @param {unknown} value @param {string | null} sample @param {string} closeIndent  the indentation of the line the list ends on
 * @returns {string | null}
 */
function renderListLike(value, sample, closeIndent) {
  if (sample === null || !Array.isArray(value) || !value.every((v) => typeof v === "string" || typeof v === "number")) return null;
  if (value.length === 0) return "[]";
  const items = value.map((v) => JSON.stringify(v));
  // Strings blanked first, so a comma inside a name is not taken for the separator.
  const shape = sample.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  if (!shape.includes("\n")) {
    const comma = /,([ \t]*)/.exec(shape)?.[1] ?? " ";
    const open = /^\[([ \t]*)/.exec(shape)?.[1] ?? "";
    const close = shape === "[]" ? open : (/([ \t]*)\]$/.exec(shape)?.[1] ?? "");
    return `[${open}${items.join(`,${comma}`)}${close}]`;
  }
  const itemIndent = /\n([ \t]*)[^\s\]]/.exec(shape)?.[1] ?? `${closeIndent}  `;
  return `[\n${items.map((item) => itemIndent + item).join(",\n")}\n${closeIndent}]`;
}

/**
 * A value on one line, spaced as people write JSON by hand: `{"a": 1, "b": ["x", "y"]}`.
 * Only called on settings values pi-lean builds (a few levels deep).
 * @param {unknown} value @returns {string}
 */
function inlineJson(value) {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length > 0 ? `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(", ")}}` : "{}";
  }
  return JSON.stringify(value);
}

/**
 * One change to a document: set a value, or remove a key, or rename a key in place.
 * @typedef {{ path: string[], value: unknown } | { path: string[], delete: true } | { path: string[], rename: string }} JsonEdit
 */

/**
 * Changes a JSON document's text, touching only what must change:
 * - a value set on an existing key is replaced in place (a list of names keeps its layout: one
 *   line with the same spacing, or one item a line);
 * - a value set on a missing key is added after its parent's last member (on its own line with
 *   the siblings' indentation, or inline when the object is written on one line), and a
 *   missing parent object is added the same way; a new list of names is laid out like a
 *   sibling list when the parent has one;
 * - a deleted key goes with its value and one separating comma, and nothing else (deleting a
 *   missing key changes nothing);
 * - a renamed key has only its quoted name replaced, so the member keeps its place.
 *
 * Everything else, including the user's indentation, spacing and key order, is left byte for
 * byte. Values are written in the file's own indentation unit. Empty text starts a new document.
 * @param {string} text
 * @param {JsonEdit[]} edits  each path of object keys, from the top
 * @returns {string}
 */
export function editJsonText(text, edits) {
  let out = text.trim() === "" ? "{}\n" : text;
  const unit = /\n([ \t]+)\S/.exec(out)?.[1] ?? "  ";
  for (const edit of edits) {
    const root = jsonSpans(out);
    if (root.kind !== "object") throw new SyntaxError("the top level is not an object");
    /** @type {JsonSpan} */
    let node = root;
    /** @type {JsonSpan} */
    let parent = root;
    let depth = 0;
    while (depth < edit.path.length && node.kind === "object") {
      const member = node.members.findLast((m) => m.key === edit.path[depth]);
      if (!member) break;
      parent = node;
      node = member.value;
      depth++;
    }
    const found = depth === edit.path.length && edit.path.length > 0;
    if ("delete" in edit || "rename" in edit) {
      if (!found) {
        if ("delete" in edit) continue;
        throw new SyntaxError(`"${edit.path.join(".")}" is not in the document`);
      }
      const members = /** @type {Extract<JsonSpan, { kind: "object" }>} */ (parent).members;
      const at = members.findLastIndex((m) => m.value === node);
      const member = members[at];
      if ("rename" in edit) {
        if (edit.rename !== member.key && members.some((m) => m.key === edit.rename)) throw new SyntaxError(`"${[...edit.path.slice(0, -1), edit.rename].join(".")}" already exists`);
        out = out.slice(0, member.keyStart) + JSON.stringify(edit.rename) + out.slice(member.keyEnd);
      } else if (members.length === 1) {
        out = `${out.slice(0, parent.start + 1)}${out.slice(parent.end - 1)}`;
      } else if (at > 0) {
        // From the end of the previous value: its comma, the line break and this member.
        out = out.slice(0, members[at - 1].value.end) + out.slice(member.value.end);
      } else {
        // The first member: it and its comma up to where the next member starts.
        out = out.slice(0, member.keyStart) + out.slice(members[1].keyStart);
      }
      continue;
    }
    const rendered = (/** @type {unknown} */ v, /** @type {string} */ indent, inline = false) => (inline ? inlineJson(v) : JSON.stringify(v, null, unit).replace(/\n/g, `\n${indent}`));
    if (found) {
      // A value on the same line as its neighbours (a one-line object) stays on one line.
      const inline = /[^\s]/.test(out.slice(out.lastIndexOf("\n", node.start - 1) + 1, node.start).replace(/^[ \t]*"(?:[^"\\]|\\.)*"\s*:\s*$/, ""));
      const indent = lineIndent(out, node.start);
      const list = node.kind === "array" ? renderListLike(edit.value, out.slice(node.start, node.end), lineIndent(out, node.end - 1)) : null;
      out = out.slice(0, node.start) + (list ?? rendered(edit.value, indent, inline)) + out.slice(node.end);
      continue;
    }
    if (node.kind !== "object") throw new SyntaxError(`"${edit.path.slice(0, depth).join(".")}" is not an object`);
    // What to add under `node`: the first missing key, holding the rest of the path.
    /** @type {unknown} */
    let addition = edit.value;
    for (let i = edit.path.length - 1; i > depth; i--) addition = { [edit.path[i]]: addition };
    const key = JSON.stringify(edit.path[depth]);
    const last = node.members.at(-1);
    if (!last) {
      const indent = lineIndent(out, node.start);
      out = `${out.slice(0, node.start)}{\n${indent}${unit}${key}: ${rendered(addition, indent + unit)}\n${indent}}${out.slice(node.end)}`;
      continue;
    }
    const oneLine = !out.slice(node.start, node.end).includes("\n");
    const indent = oneLine ? "" : lineIndent(out, last.keyStart);
    const separator = oneLine ? ", " : `,\n${indent}`;
    // A new list of names is written like a list beside it, when there is one.
    const sibling = node.members.findLast((m) => m.value.kind === "array");
    const list = sibling ? renderListLike(addition, out.slice(sibling.value.start, sibling.value.end), indent) : null;
    out = `${out.slice(0, last.value.end)}${separator}${key}: ${list ?? rendered(addition, indent, oneLine)}${out.slice(last.value.end)}`;
  }
  return out;
}
