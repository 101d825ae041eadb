// What the skill e2e tests share about the sample skills and the request bodies the scripted
// model records: where the sample skills are, a skill's own description, a message's text, the
// header an additive delta opens with, and the names a listing gives under a header.
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./pi.mjs";

export const SAMPLE_SKILLS = path.join(REPO_ROOT, "sample-skills");
export const ADDED_HEADER = 'Skills added for this conversation (load one with skill {"name": "<exact name>"} when the task matches):';

/** Description of a sample skill, as its SKILL.md states it. @param {string} name */
export function description(name) {
  const text = fs.readFileSync(path.join(SAMPLE_SKILLS, name, "SKILL.md"), "utf8");
  return JSON.parse(/^description: (.*)$/m.exec(text)?.[1] ?? '""');
}

/** Text of a chat-completions message. @param {any} message */
export const textOf = (message) => (typeof message.content === "string" ? message.content : message.content.map((/** @type {any} */ p) => p.text ?? "").join(""));

/** Skill names `text` lists (`- name: …` lines) right under the line `header`. @param {string} text @param {string} header */
export function listedUnder(text, header) {
  const lines = text.split("\n");
  const start = lines.indexOf(header);
  if (start < 0) return [];
  const names = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith("- ")) break;
    names.push(line.slice(2).split(":")[0]);
  }
  return names;
}
