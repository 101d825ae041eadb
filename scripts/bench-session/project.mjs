// The small real project the scripted session works on, generated at run time into the Pi
// sandbox's working directory. Everything in it runs for real: `npm test` is Node's own test
// runner over ~1,300 tests (one of which fails on a rounding bug in `src/pricing.mjs`), and
// `npm run build -- --verbose` really minifies every module into `dist/` and logs each step,
// `npm run bench` prints ~600 timing rows whose `applyDiscount` rows move when `src/pricing.mjs`
// changes, and `packages/` holds ~800 workspace manifests, one of which pins an old dependency.
// Content is deterministic (a seeded generator), so every configuration sees the same project.
import fs from "node:fs";
import path from "node:path";

export const MODULE_COUNT = 150;
export const TESTS_PER_MODULE = 8;
export const TEST_FILES = 5;

/** Facts the task needs; the bench checks that each reached the model. */
export const FAILING_TEST = "applyDiscount rounds half-cent results to the nearest cent";
export const FAILING_MESSAGE = "898 !== 899";
export const BUGGY_LINE = "  return Math.floor((cents * (100 - percent)) / 100);";
export const FIXED_LINE = "  return Math.round((cents * (100 - percent)) / 100);";

/** The workspace package that pins an old `pricing-core`, and the range every other one uses. */
export const PACKAGE_COUNT = 800;
export const PINNED_PACKAGE = "refund-0517";
export const PINNED_DEPENDENCY = '"pricing-core": "2.1.0",';
export const CURRENT_DEPENDENCY = '"pricing-core": "^2.3.0",';
/** The manifest lines the session greps for, as `grep -rn` prints them. */
export const MANIFEST_GREP = `grep -rn '"pricing-core"' packages | sort`;
export const BENCH_ROWS = 600;

const WORDS = ["cart", "order", "invoice", "coupon", "stock", "price", "tax", "refund", "ship", "bundle", "member", "gift", "region", "label", "batch"];

/** @param {number} seed */
function lcg(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const id = (/** @type {number} */ i) => `m${String(i).padStart(3, "0")}`;
const camel = (/** @type {string[]} */ parts) => parts[0] + parts.slice(1).map((p) => p[0].toUpperCase() + p.slice(1)).join("");

/** One generated module: a few small pure functions, some of them priced through applyDiscount. */
function moduleSource(i, rand) {
  const a = WORDS[i % WORDS.length];
  const b = WORDS[(i * 7 + 3) % WORDS.length];
  const usesDiscount = i % 3 === 0;
  const lines = [
    `// ${a} / ${b} helpers (module ${id(i)}).`,
    usesDiscount ? `import { applyDiscount } from "../pricing.mjs";` : `import { clampCents } from "../pricing.mjs";`,
    "",
    `/** Sum of ${a} line amounts, in cents. */`,
    `export function ${camel(["total", a, id(i)])}(lines) {`,
    "  let sum = 0;",
    "  for (const line of lines) sum += line.cents * line.qty;",
    "  return sum;",
    "}",
    "",
    `/** Weight factor for ${b} entries. */`,
    `export const ${camel([b, "factor", id(i)])} = ${(1 + rand()).toFixed(3)};`,
    "",
    `export function ${camel(["scale", b, id(i)])}(cents) {`,
    `  return Math.round(cents * ${camel([b, "factor", id(i)])});`,
    "}",
    "",
  ];
  if (usesDiscount) {
    lines.push(
      `/** ${a} price after the member discount. */`,
      `export function ${camel(["discounted", a, id(i)])}(cents, percent) {`,
      `  return applyDiscount(cents, percent);`,
      "}",
      "",
    );
  } else {
    lines.push(`export function ${camel(["clamp", a, id(i)])}(cents) {`, "  return clampCents(cents);", "}", "");
  }
  if (i % 10 === 4) lines.push(`// TODO(${a}): move the ${b} factor into the region table.`, "");
  if (i % 25 === 7) lines.push(`// FIXME: ${a} totals ignore partial refunds.`, "");
  return lines.join("\n");
}

/** Node test-runner file covering a slice of the modules, TESTS_PER_MODULE cases each. */
function testSource(modules) {
  const imports = modules.map((i) => `import * as ${id(i)} from "../src/modules/${id(i)}.mjs";`);
  const blocks = modules.map((i) => {
    const a = WORDS[i % WORDS.length];
    const b = WORDS[(i * 7 + 3) % WORDS.length];
    const cases = [];
    for (let t = 0; t < TESTS_PER_MODULE; t++) {
      const qty = t + 1;
      cases.push(
        `  test("${id(i)} ${a} total of ${qty} line(s) at ${100 + t * 25} cents", () => {`,
        `    assert.equal(${id(i)}.${camel(["total", a, id(i)])}(Array.from({ length: ${qty} }, () => ({ cents: ${100 + t * 25}, qty: 1 }))), ${qty * (100 + t * 25)});`,
        "  });",
      );
    }
    return [`describe("${id(i)} ${a}/${b}", () => {`, ...cases, "});", ""].join("\n");
  });
  return [`import assert from "node:assert/strict";`, `import { describe, test } from "node:test";`, ...imports, "", ...blocks].join("\n");
}

const PRICING = [
  "// Money is integer cents everywhere; rounding happens here and only here.",
  "",
  "/** Clamp a price to the representable range. */",
  "export function clampCents(cents) {",
  "  return Math.max(0, Math.min(Number.MAX_SAFE_INTEGER, Math.trunc(cents)));",
  "}",
  "",
  "/**",
  " * Price after a percentage discount, rounded to the nearest cent (half away from zero),",
  " * as the published price list promises.",
  " */",
  "export function applyDiscount(cents, percent) {",
  "  if (percent < 0 || percent > 100) throw new RangeError(`discount out of range: ${percent}`);",
  BUGGY_LINE,
  "}",
  "",
].join("\n");

const CART = [
  'import { applyDiscount, clampCents } from "./pricing.mjs";',
  "",
  "export class Cart {",
  "  constructor() {",
  "    this.lines = [];",
  "  }",
  "  add(sku, cents, qty = 1) {",
  "    this.lines.push({ sku, cents: clampCents(cents), qty });",
  "    return this;",
  "  }",
  "  subtotal() {",
  "    return this.lines.reduce((sum, l) => sum + l.cents * l.qty, 0);",
  "  }",
  "  total(memberPercent = 0) {",
  "    return applyDiscount(this.subtotal(), memberPercent);",
  "  }",
  "}",
  "",
].join("\n");

const PRICING_TEST = [
  'import assert from "node:assert/strict";',
  'import { describe, test } from "node:test";',
  'import { applyDiscount, clampCents } from "../src/pricing.mjs";',
  'import { Cart } from "../src/cart.mjs";',
  "",
  'describe("pricing", () => {',
  '  test("applyDiscount keeps whole-cent results", () => {',
  "    assert.equal(applyDiscount(1000, 10), 900);",
  "  });",
  `  test("${FAILING_TEST}", () => {`,
  "    assert.equal(applyDiscount(1797, 50), 899);",
  "  });",
  '  test("applyDiscount rejects a negative percent", () => {',
  "    assert.throws(() => applyDiscount(100, -1), RangeError);",
  "  });",
  '  test("clampCents drops fractions", () => {',
  "    assert.equal(clampCents(12.9), 12);",
  "  });",
  '  test("cart total applies the member discount", () => {',
  "    assert.equal(new Cart().add(\"a\", 1000, 2).total(25), 1500);",
  "  });",
  "});",
  "",
].join("\n");

const BUILD = [
  "// Minifies every module into dist/ and, with --verbose, logs each step.",
  'import crypto from "node:crypto";',
  'import fs from "node:fs";',
  'import path from "node:path";',
  "",
  'const verbose = process.argv.includes("--verbose");',
  'const log = (line) => verbose && console.log(line);',
  "const files = [];",
  "const walk = (dir) => {",
  "  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {",
  "    const p = path.join(dir, e.name);",
  "    if (e.isDirectory()) walk(p);",
  '    else if (p.endsWith(".mjs")) files.push(p);',
  "  }",
  "};",
  'walk("src");',
  'log(`[build] node ${process.version}, ${files.length} modules, target dist/`);',
  "let inBytes = 0;",
  "let outBytes = 0;",
  "let warnings = 0;",
  "for (const file of files) {",
  '  const source = fs.readFileSync(file, "utf8");',
  "  const out = source",
  '    .split("\\n")',
  '    .filter((l) => !/^\\s*(\\/\\/|\\/\\*\\*|\\*)/.test(l))',
  "    .map((l) => l.trim())",
  "    .filter(Boolean)",
  '    .join("\\n");',
  '  const target = path.join("dist", path.relative("src", file));',
  "  fs.mkdirSync(path.dirname(target), { recursive: true });",
  "  fs.writeFileSync(target, out);",
  "  inBytes += source.length;",
  "  outBytes += out.length;",
  '  const exports = [...source.matchAll(/export (?:function|const|class) (\\w+)/g)].map((m) => m[1]);',
  '  const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);',
  '  const hash = crypto.createHash("sha256").update(out).digest("hex");',
  "  log(`[build] compile ${file} -> ${target}  ${source.length} B -> ${out.length} B  sha256:${hash}`);",
  "  for (const spec of imports) log(`[build]   resolve ${spec} -> ${path.join(path.dirname(file), spec)}`);",
  '  log(`[build]   exports ${exports.join(", ")}`);',
  "  source.split(\"\\n\").forEach((l, n) => {",
  "    if (/TODO|FIXME/.test(l)) {",
  "      warnings += 1;",
  "      console.log(`warning: ${file}:${n + 1}: ${l.trim().replace(/^\\/\\/\\s*/, \"\")} left in shipped code`);",
  "    }",
  "  });",
  "}",
  "console.log(`built ${files.length} modules: ${inBytes} B -> ${outBytes} B, ${warnings} warning(s)`);",
  "",
].join("\n");

function readme() {
  const out = ["# shopfront", "", "Pricing and cart helpers for the shop front end. Money is integer cents.", "", "## Layout", ""];
  out.push("- `src/pricing.mjs`: the only place that rounds.", "- `src/cart.mjs`: the cart.", "- `src/modules/`: per-domain helpers.", "- `test/`: Node test-runner suites.", "");
  out.push("## Modules", "");
  for (let i = 0; i < MODULE_COUNT; i++) {
    const a = WORDS[i % WORDS.length];
    const b = WORDS[(i * 7 + 3) % WORDS.length];
    out.push(`### ${id(i)}`, "", `Helpers for ${a} totals and the ${b} factor. Call \`${camel(["total", a, id(i)])}(lines)\` with \`{cents, qty}\` lines.`, "");
  }
  out.push("## Rounding", "", "Discounts round to the nearest cent, half away from zero (see the price list).", "");
  return out.join("\n");
}

/**
 * The bench's output for `source` (the text of `src/pricing.mjs`): one row per case, ns per
 * iteration from a seeded generator; the `applyDiscount` cases cost more once the rounding uses
 * `Math.round` (the fix), so a rerun after the fix changes exactly those rows. The project's
 * `scripts/bench.mjs` embeds this function's source, so the bench and the fact check agree.
 * @param {string} source @param {number} rows
 */
export function benchOutput(source, rows) {
  let s = 20261205;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const words = ["cart", "order", "invoice", "coupon", "stock", "price", "tax", "refund", "ship", "bundle"];
  const rounds = source.includes("Math.round((cents");
  const out = [`running ${rows} benchmarks`, ""];
  for (let i = 0; i < rows; i++) {
    const discount = i % 75 === 11;
    const name = discount ? `pricing::applyDiscount::case_${i}` : `${words[i % words.length]}::total_${words[(i * 3) % words.length]}_${i}`;
    let ns = 800 + Math.floor(next() * 4000);
    const spread = 5 + Math.floor(next() * 90);
    if (discount && rounds) ns = Math.floor(ns * 1.37);
    out.push(`test ${name} ... bench: ${ns.toLocaleString("en-US").padStart(9)} ns/iter (+/- ${spread})`);
  }
  out.push("", `test result: ok. 0 passed; 0 failed; 0 ignored; ${rows} measured; 0 filtered out`);
  return `${out.join("\n")}\n`;
}

/** The workspace package names, in `sort` order of their paths. */
export function packageNames() {
  const names = [];
  for (let i = 0; i < PACKAGE_COUNT; i++) names.push(`${WORDS[i % WORDS.length]}-${String(i).padStart(4, "0")}`);
  return names.sort();
}

/**
 * Writes the project into `dir` (which must exist and be empty).
 * @param {string} dir
 */
export function writeProject(dir) {
  const rand = lcg(20261130);
  const write = (/** @type {string} */ rel, /** @type {string} */ text) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write(
    "package.json",
    `${JSON.stringify(
      {
        name: "shopfront",
        version: "1.4.2",
        private: true,
        type: "module",
        scripts: { test: "node --test --test-reporter=spec", build: "node scripts/build.mjs", bench: "node scripts/bench.mjs" },
        engines: { node: ">=22" },
      },
      null,
      2,
    )}\n`,
  );
  write("README.md", readme());
  write("src/pricing.mjs", PRICING);
  write("src/cart.mjs", CART);
  write("scripts/build.mjs", BUILD);
  write(
    "scripts/bench.mjs",
    `import fs from "node:fs";\n${benchOutput.toString()}\nprocess.stdout.write(benchOutput(fs.readFileSync("src/pricing.mjs", "utf8"), ${BENCH_ROWS}));\n`,
  );
  for (const name of packageNames()) {
    const pricing = name === PINNED_PACKAGE ? PINNED_DEPENDENCY : CURRENT_DEPENDENCY;
    write(
      `packages/${name}/package.json`,
      ["{", `  "name": "@shopfront/${name}",`, '  "version": "1.4.2",', '  "private": true,', '  "type": "module",', '  "dependencies": {', '    "left-pad": "^1.3.0",', `    ${pricing}`, '    "zod": "^3.23.8"', "  }", "}", ""].join("\n"),
    );
  }
  write("test/pricing.test.mjs", PRICING_TEST);
  for (let i = 0; i < MODULE_COUNT; i++) write(`src/modules/${id(i)}.mjs`, moduleSource(i, rand));
  const perFile = Math.ceil(MODULE_COUNT / TEST_FILES);
  for (let f = 0; f < TEST_FILES; f++) {
    const modules = Array.from({ length: perFile }, (_, k) => f * perFile + k).filter((i) => i < MODULE_COUNT);
    write(`test/modules-${f + 1}.test.mjs`, testSource(modules));
  }
}
