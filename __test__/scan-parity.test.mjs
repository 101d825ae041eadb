// The skill scan agrees with Pi's own discovery (`loadSkillsFromDir`, Pi 1.6): the same
// skills, names, descriptions, paths and disable-model-invocation flags, over every skill tree
// of the shared routing set and a tree of edge cases (ignore-file syntax, YAML anchors, tags,
// nested compact mappings, odd fences). Needs Node >= 22.19 to import Pi.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { SkillIndex } from "../index.js";
import { SHARED_DIR } from "./helpers/pi.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
const skip = major > 22 || (major === 22 && minor >= 19) ? false : "needs Node >= 22.19 to import Pi";
const ROUTING_SKILLS = path.join(SHARED_DIR, "eval", "routing", "skills");

/** Pi's view and ours of one directory, as comparable rows sorted by path. */
async function both(dir) {
  const { loadSkillsFromDir } = await import("@earendil-works/pi-coding-agent");
  const pi = loadSkillsFromDir({ dir, source: "path" }).skills.map((s) => ({ name: s.name, description: s.description, filePath: s.filePath, disableModelInvocation: s.disableModelInvocation === true }));
  const ours = SkillIndex.scan([dir]).list().map((s) => ({ name: s.name, description: s.description, filePath: s.filePath, disableModelInvocation: s.disableModelInvocation }));
  const byPath = (a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0);
  return { pi: pi.sort(byPath), ours: ours.sort(byPath) };
}

/** Writes `files` (relative path -> content) under a fresh temp dir. */
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pi-lean-parity-"));
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  }
  return root;
}

const skill = (name, description, extra = "") => `---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody of ${name}.\n`;

describe("scan parity with Pi's loadSkills()", { skip }, () => {
  test("shared routing skills are there to compare", { skip: !fs.existsSync(ROUTING_SKILLS) && "shared eval skills missing (../shared/eval/routing/skills)" }, () => {
    assert.ok(fs.readdirSync(ROUTING_SKILLS).length > 0);
  });
  for (const repo of fs.existsSync(ROUTING_SKILLS) ? fs.readdirSync(ROUTING_SKILLS) : []) {
    test(`shared routing skills: ${repo}`, async () => {
      const { pi, ours } = await both(path.join(ROUTING_SKILLS, repo));
      assert.ok(pi.length > 0);
      assert.deepEqual(ours, pi);
    });
  }

  test("ignore files: full gitignore syntax, scoped the way Pi scopes nested rules", async () => {
    const root = tree({
      ".gitignore": "a/**/b\n[c]at/\n/drafts\n*.tmp/\n",
      "a/b/SKILL.md": skill("ab", "Under a/b."),
      "a/x/b/SKILL.md": skill("axb-deep", "Under a/x/b."),
      "a/xb/SKILL.md": skill("axb", "Not matched by a/**/b."),
      "cat/SKILL.md": skill("cat", "Matched by a class."),
      "[c]at/SKILL.md": skill("literal-class", "Literal brackets are not the pattern."),
      "drafts/SKILL.md": skill("drafts", "Ignored at the root."),
      "deep/drafts/SKILL.md": skill("deep-drafts", "Pi strips the slash, so this is ignored too."),
      "nested/.gitignore": "*.md\n!keep/\nSKILL.md\n",
      "nested/one/SKILL.md": skill("nested-one", "A nested *.md rule is prefixed, so it covers nested/*.md only."),
      "nested/SKILL.md": skill("nested-root", "Ignored by its own directory's rules."),
      "nested/two/SKILL.md": skill("nested-two", "Still found below an ignored SKILL.md."),
      "x.tmp/SKILL.md": skill("tmp", "Directory pattern."),
      "top.md": skill("top", "A root-level file."),
    });
    try {
      const { pi, ours } = await both(root);
      assert.deepEqual(ours, pi);
      assert.deepEqual(ours.map((s) => s.name).sort(), ["axb", "literal-class", "nested-one", "nested-two", "top"]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test("frontmatter edge cases read as Pi's YAML parser reads them", async () => {
    const root = tree({
      "anchor/SKILL.md": "---\nname: anchor\nshared: &d Shared words for two fields.\ndescription: *d\n---\nx\n",
      "anchor-def/SKILL.md": "---\nname: anchor-def\ndescription: &a Anchored description.\n---\nx\n",
      "tag/SKILL.md": "---\nname: tag\ndescription: !!str 12345\n---\nx\n",
      "number/SKILL.md": "---\nname: number\ndescription: 12345\n---\nx\n",
      "compact/SKILL.md": "---\nname: compact\ndescription: key: x: y\n---\nx\n",
      "colon/SKILL.md": "---\nname: colon\ndescription: Use it for: a, b and c\n---\nx\n",
      "fence/SKILL.md": "---\nname: fence\ndescription: Fence body.\n---body starts here\nx\n",
      "dashes/SKILL.md": "---\nname: dashes\ndescription: Closed by four dashes.\n----\nx\n",
      "numname/SKILL.md": "---\nname: 42\ndescription: A numeric name falls back to the directory.\n---\nx\n",
      "flag-str/SKILL.md": "---\nname: flag-str\ndescription: Quoted flag.\ndisable-model-invocation: \"true\"\n---\nx\n",
      "flag-yes/SKILL.md": "---\nname: flag-yes\ndescription: Plain flag.\ndisable-model-invocation: true\n---\nx\n",
      "dup/SKILL.md": "---\nname: dup\ndescription: First.\ndescription: Second.\n---\nx\n",
      "block/SKILL.md": "---\nname: block\ndescription: >-\n  Folded\n  text.\nmetadata:\n  nested: [1, {a: b}]\n---\nx\n",
      "crlf/SKILL.md": "\ufeff---\r\nname: crlf\r\ndescription: CRLF and a BOM.\r\n---\r\nx\r\n",
    });
    try {
      const { pi, ours } = await both(root);
      assert.deepEqual(ours, pi);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
