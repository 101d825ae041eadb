// The skill library of the session bench: the 14 superpowers skills with their real SKILL.md
// files (the session loads one of them), then real catalog rows from ../shared/eval/routing
// turned into SKILL.md files, up to the requested count.
import fs from "node:fs";
import path from "node:path";

/** @param {string} routingDir @param {string} dir @param {number} count @returns {string[]} names written */
export function writeSkillLibrary(routingDir, dir, count) {
  fs.mkdirSync(dir, { recursive: true });
  const real = path.join(routingDir, "skills", "superpowers");
  const names = [];
  for (const name of fs.readdirSync(real).filter((n) => fs.existsSync(path.join(real, n, "SKILL.md"))).sort()) {
    if (names.length >= count) break;
    fs.cpSync(path.join(real, name), path.join(dir, name), { recursive: true });
    names.push(name);
  }
  const readJsonl = (/** @type {string} */ f) => fs.readFileSync(path.join(routingDir, f), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const rows = ["catalog-scientific.jsonl", "catalog-composio.jsonl", "catalog-mattpocock.jsonl"]
    .flatMap(readJsonl)
    .filter((r) => !r.disable_model_invocation);
  const taken = new Set(names);
  for (const row of rows) {
    if (names.length >= count) break;
    if (taken.has(row.name)) continue;
    taken.add(row.name);
    const slug = row.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    const folder = path.join(dir, `${String(names.length).padStart(4, "0")}-${slug}`);
    fs.mkdirSync(folder);
    const body = `# ${row.name}\n\n${row.description}\n\nSource: ${row.source} (${row.path}).\n`;
    fs.writeFileSync(path.join(folder, "SKILL.md"), `---\nname: ${JSON.stringify(row.name)}\ndescription: ${JSON.stringify(row.description)}\n---\n${body}`);
    names.push(row.name);
  }
  if (names.length < count) throw new Error(`only ${names.length} skills available, ${count} requested`);
  return names;
}
