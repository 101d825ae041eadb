#!/usr/bin/env node
// Scores a compactor on three corpora and prints each separately: the shared corpus (the shared
// eval data), pi-lean's own held-out corpus (eval/compaction-own) and the second held-out set
// (eval/compaction-heldout), the third, of large outputs (eval/compaction-large), and the fourth, measured
// without any change after it (eval/compaction-fresh), all with score.py's rules: verbatim must-keep strings (for .json also
// with all whitespace removed), gated o200k reduction (a file missing any string saves nothing).
//
// Every view is also compared with what stock Pi would have sent for the same output: its own cut
// (truncate.js from the installed Pi: truncateTail for bash output, truncateHead for a read; 2,000
// lines / 50 KB). Two columns follow from it:
//   - "Pi cut B": the size a view must never exceed;
//   - "stock" / "dom": how many must-keep strings Pi's cut keeps, and how many of those the view
//     loses (fact dominance over stock: every fact stock Pi shows, pi-lean must show too).
// An output the compactor returns unchanged is scored as Pi's cut of it, which is what the model
// then sees. A file is a read when the corpus's tools.json says so, or (as in score.py) its name holds
// `_read_`; everything else is bash output.
//
// Usage:
//   node scripts/eval-compaction.mjs [--rust-example] [--cmd 'TOOL {in}'] [--shared DIR] [--own DIR]
//                                    [--heldout DIR] [--large DIR] [--fresh DIR] [--unseen DIR] [--set6 DIR]
//                                    [--set7 DIR] [--set8 DIR] [--set9 DIR] [--set10 DIR] [--set11 DIR] [--set12 DIR] [--set13 DIR]
//                                    [--set14 DIR] [--set15 DIR] [--set16 DIR] [--set17 DIR] [--set18 DIR]
//                                    [--json FILE] [--views DIR] [--score-py] [--questions]
//
//   default compactor   node bin/pi-lean.js compact --tool {tool} {in}
//   --rust-example      target/release/examples/compact --tool {tool} --path {in} {in} (build: cargo build --release -p lean-core --example compact)
//   --cmd               any command; {in} is replaced by the corpus file path, {tool} by bash or read
//   --shared DIR        corpus directory (default ../shared/eval/compaction next to the repo root)
//   --own DIR           held-out corpus directory (default eval/compaction-own)
//   --heldout DIR       second held-out corpus directory (default eval/compaction-heldout)
//   --large DIR         third held-out corpus directory, large outputs (default eval/compaction-large)
//   --fresh DIR         fourth held-out corpus directory (default eval/compaction-fresh)
//   --unseen DIR        fifth held-out corpus directory (default eval/compaction-unseen)
//   --set6 DIR          sixth held-out corpus directory (default eval/compaction-set6)
//   --set7 DIR          seventh held-out corpus directory (default eval/compaction-set7)
//   --set8 DIR          eighth held-out corpus directory (default eval/compaction-set8)
//   --set9 DIR          ninth held-out corpus directory (default eval/compaction-set9)
//   --set10 DIR         tenth held-out corpus directory (default eval/compaction-set10)
//   --set11 DIR         eleventh held-out corpus directory (default eval/compaction-set11)
//   --set12 DIR         twelfth held-out corpus directory (default eval/compaction-set12)
//   --set13 DIR         thirteenth held-out corpus directory (default eval/compaction-set13)
//   --set14 DIR         fourteenth held-out corpus directory (default eval/compaction-set14)
//   --set15 DIR         fifteenth held-out corpus directory (default eval/compaction-set15)
//   --set16 DIR         sixteenth held-out corpus directory (default eval/compaction-set16)
//   --set17 DIR         seventeenth held-out corpus directory (default eval/compaction-set17)
//   --set18 DIR         eighteenth held-out corpus directory (default eval/compaction-set18)
//   --json FILE         per-file rows of every corpus as JSON
//   --views DIR         write each view as printed to DIR/<corpus>/<file> (with --questions or --said:
//                       <file>.q); `diff -r` of two such folders shows which views a change moved
//   --score-py          also run the shared corpus's own score.py (a cross-check of the shared rows)
//   --questions         pass each file's question (a corpus's QUESTIONS.md) as the user's prompt: the
//                       compactor gets `--query=WORDS` with the words the extension takes from a prompt
//                       (queryHint; `=` because they may open with a dash); files without a question
//                       run as before
//   --said              the same questions as what the assistant said just before its tool call (the
//                       extension reads those words too, at most sixteen, the last ones first)
//
// Exit status 1 when a view is larger than Pi's cut or loses a fact Pi's cut keeps.
//
// Real o200k token counts need tiktoken with its BPE file available offline. Unless
// TIKTOKEN_CACHE_DIR is set, this script prepares both under ~/.cache/pi-lean: tiktoken in a
// venv (PyPI) and the o200k_base BPE file taken from the tiktoken-rs crate (crates.io), stored
// under the cache name tiktoken expects. If either step fails, score.py falls back to chars/4
// and says so in its last line.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The corpora scored, in order: the option that names each one's directory, its default, its label. */
const CORPORA = [
  // Next to the repository, or next to a folder of worktrees holding it.
  { name: 'shared', dir: [join(repoRoot, '..', 'shared', 'eval', 'compaction'), join(repoRoot, '..', '..', 'shared', 'eval', 'compaction')].find((dir) => existsSync(dir)) ?? join(repoRoot, '..', 'shared', 'eval', 'compaction'), label: 'shared corpus' },
  { name: 'own', dir: join(repoRoot, 'eval', 'compaction-own'), label: 'own held-out corpus' },
  { name: 'heldout', dir: join(repoRoot, 'eval', 'compaction-heldout'), label: 'held-out set 2 (eval/compaction-heldout; not tuned on)' },
  { name: 'large', dir: join(repoRoot, 'eval', 'compaction-large'), label: 'held-out set 3, large outputs (eval/compaction-large; its failures fixed as principles)' },
  { name: 'fresh', dir: join(repoRoot, 'eval', 'compaction-fresh'), label: 'held-out set 4 (eval/compaction-fresh; measured once, then its failures fixed as principles)' },
  { name: 'unseen', dir: join(repoRoot, 'eval', 'compaction-unseen'), label: 'held-out set 5 (eval/compaction-unseen)' },
  { name: 'set6', dir: join(repoRoot, 'eval', 'compaction-set6'), label: 'held-out set 6 (eval/compaction-set6)' },
  { name: 'set7', dir: join(repoRoot, 'eval', 'compaction-set7'), label: 'held-out set 7 (eval/compaction-set7)' },
  { name: 'set8', dir: join(repoRoot, 'eval', 'compaction-set8'), label: 'held-out set 8 (eval/compaction-set8)' },
  { name: 'set9', dir: join(repoRoot, 'eval', 'compaction-set9'), label: 'held-out set 9 (eval/compaction-set9)' },
  { name: 'set10', dir: join(repoRoot, 'eval', 'compaction-set10'), label: 'held-out set 10 (eval/compaction-set10)' },
  { name: 'set11', dir: join(repoRoot, 'eval', 'compaction-set11'), label: 'held-out set 11 (eval/compaction-set11)' },
  { name: 'set12', dir: join(repoRoot, 'eval', 'compaction-set12'), label: 'held-out set 12 (eval/compaction-set12)' },
  { name: 'set13', dir: join(repoRoot, 'eval', 'compaction-set13'), label: 'held-out set 13 (eval/compaction-set13)' },
  { name: 'set14', dir: join(repoRoot, 'eval', 'compaction-set14'), label: 'held-out set 14 (eval/compaction-set14)' },
  { name: 'set15', dir: join(repoRoot, 'eval', 'compaction-set15'), label: 'held-out set 15 (eval/compaction-set15)' },
  { name: 'set16', dir: join(repoRoot, 'eval', 'compaction-set16'), label: 'held-out set 16 (eval/compaction-set16)' },
  { name: 'set17', dir: join(repoRoot, 'eval', 'compaction-set17'), label: 'held-out set 17 (eval/compaction-set17)' },
  { name: 'set18', dir: join(repoRoot, 'eval', 'compaction-set18'), label: 'held-out set 18 (eval/compaction-set18)' },
];

function parseArgs(argv) {
  const options = {
    /** @type {Record<string, string>} each corpus's directory, by name */
    dirs: Object.fromEntries(CORPORA.map((c) => [c.name, c.dir])),
    scorePy: false,
    /** @type {false | 'prompt' | 'said'} */
    questions: false,
    cmd: null,
    rustExample: false,
    json: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`missing value for ${arg}`);
      return argv[++i];
    };
    const corpus = CORPORA.find((c) => arg === `--${c.name}`);
    if (corpus) {
      options.dirs[corpus.name] = resolve(value());
      continue;
    }
    switch (arg) {
      case '--score-py': options.scorePy = true; break;
      case '--cmd': options.cmd = value(); break;
      case '--questions': options.questions = 'prompt'; break;
      case '--said': options.questions = 'said'; break;
      case '--rust-example': options.rustExample = true; break;
      case '--json': options.json = resolve(value()); break;
      case '--views': options.views = resolve(value()); break;
      case '-h':
      case '--help':
        console.log(`usage: node scripts/eval-compaction.mjs [--rust-example] [--cmd "TOOL {in}"] ${CORPORA.map((c) => `[--${c.name} DIR]`).join(' ')} [--json FILE] [--views DIR] [--score-py] [--questions] [--said]`);
        process.exit(0);
        break;
      default: throw new Error(`unknown argument ${arg}`);
    }
  }
  return options;
}

function shellQuote(text) {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function compactorCommand(options) {
  if (options.cmd) return options.cmd;
  if (options.rustExample) {
    const binary = join(repoRoot, 'target', 'release', 'examples', 'compact');
    if (!existsSync(binary)) {
      throw new Error(`${binary} not found; build it with: cargo build --release -p lean-core --example compact`);
    }
    return `${shellQuote(binary)} --tool {tool} --path {in} {in}`;
  }
  return `${shellQuote(process.execPath)} ${shellQuote(join(repoRoot, 'bin', 'pi-lean.js'))} compact --tool {tool} {in}`;
}

const CACHE = join(homedir(), '.cache', 'pi-lean');
// tiktoken caches a BPE file under the sha1 of its download URL; this is o200k_base's.
const O200K_CACHE_NAME = 'fb374d419588a4632f3f557e76b4b70aebbca790';
const TIKTOKEN_RS = 'tiktoken-rs-0.12.1';

/** Finds o200k_base.tiktoken in the local cargo registry, fetching tiktoken-rs once if needed. */
function findO200kBpe() {
  const registry = join(homedir(), '.cargo', 'registry', 'src');
  const look = () => {
    if (!existsSync(registry)) return null;
    for (const index of readdirSync(registry)) {
      const file = join(registry, index, TIKTOKEN_RS, 'assets', 'o200k_base.tiktoken');
      if (existsSync(file)) return file;
    }
    return null;
  };
  let found = look();
  if (found) return found;
  const project = mkdtempSync(join(tmpdir(), 'pi-lean-bpe-'));
  try {
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src', 'lib.rs'), '');
    writeFileSync(join(project, 'Cargo.toml'), `[package]\nname = "bpe-fetch"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\ntiktoken-rs = "=0.12.1"\n`);
    spawnSync('cargo', ['fetch', '--quiet'], { cwd: project, stdio: 'inherit' });
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  found = look();
  return found;
}

/** Returns a python3 with tiktoken and the env that lets it count o200k offline, or plain python3. */
function prepareTokenizer() {
  if (process.env.TIKTOKEN_CACHE_DIR) return { python: 'python3', env: process.env };
  const cacheDir = join(CACHE, 'tiktoken');
  const bpe = join(cacheDir, O200K_CACHE_NAME);
  if (!existsSync(bpe)) {
    const source = findO200kBpe();
    if (!source) return { python: 'python3', env: process.env };
    mkdirSync(cacheDir, { recursive: true });
    copyFileSync(source, bpe);
  }
  let python = 'python3';
  if (spawnSync('python3', ['-c', 'import tiktoken']).status !== 0) {
    const venv = join(CACHE, 'tiktoken-venv');
    python = join(venv, 'bin', 'python3');
    if (spawnSync(python, ['-c', 'import tiktoken']).status !== 0) {
      spawnSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
      spawnSync(join(venv, 'bin', 'pip'), ['install', '--quiet', 'tiktoken'], { stdio: 'inherit' });
    }
  }
  return { python, env: { ...process.env, TIKTOKEN_CACHE_DIR: cacheDir } };
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(String(error.message ?? error));
    process.exit(2);
  }
  let command;
  try {
    command = compactorCommand(options);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  console.log(`compactor: ${command}`);
  let status = 0;
  if (options.scorePy) {
    const scorer = join(options.dirs.shared, 'score.py');
    if (!existsSync(scorer)) {
      console.error(`score.py not found in ${options.dirs.shared}; pass --shared DIR`);
      process.exit(2);
    }
    console.log(`\n== shared corpus, score.py (${options.dirs.shared}) ==`);
    const { python, env } = prepareTokenizer();
    // score.py knows no {tool}: its files are scored as the compactor sees them without one.
    const run = spawnSync(python, [scorer, '--cmd', command.replaceAll(' --tool {tool}', '').replaceAll('{tool}', 'bash')], { stdio: 'inherit', cwd: repoRoot, env });
    if (run.error) {
      console.error(`cannot run python3: ${run.error.message}`);
      process.exit(1);
    }
    status ||= run.status ?? 1;
  }
  const rows = [];
  const totals = [];
  for (const { label, name } of CORPORA) {
    const dir = options.dirs[name];
    let result;
    try {
      result = await scoreCorpus(label, dir, command, options.questions, options.views);
    } catch (error) {
      console.error(String(error instanceof Error ? error.message : error));
      process.exit(2);
    }
    if (!result) continue;
    rows.push(...result.rows);
    totals.push(result.total);
    if (result.total.overCut > 0 || result.total.dominance > 0) status ||= 1;
  }
  console.log('\n== summary ==');
  console.log(`${'corpus'.padEnd(22)} ${'files'.padStart(5)} ${'pass'.padStart(7)} ${'gated%'.padStart(7)} ${'ceiling%'.padStart(8)} ${'stock pass'.padStart(10)} ${'dominance violations'.padStart(20)}`);
  for (const t of totals) {
    console.log(`${t.corpus.padEnd(22)} ${String(t.files).padStart(5)} ${`${t.passed}/${t.files}`.padStart(7)} ${t.gated.toFixed(1).padStart(7)} ${t.ceiling.toFixed(1).padStart(8)} ${`${t.stockPassed}/${t.files}`.padStart(10)} ${String(t.dominance).padStart(20)}`);
  }
  console.log('ceiling%: the gated reduction if every file the compactor changed cost nothing, while the files it leaves whole');
  console.log('(outputs under the lossless threshold, reads of data and docs) reach the model as Pi sends them.');
  if (options.json) writeFileSync(options.json, JSON.stringify(rows, null, 1));
  process.exit(status);
}

/** What stock Pi sends of `text` from `tool` (without its notice line): Pi's own cut. */
function piCut(truncate, text, tool) {
  return tool === 'read' ? truncate.truncateHead(text).content : truncate.truncateTail(text).content;
}

/**
 * The query the extension would pass for each file's question (QUESTIONS.md rows `| file | ... |
 * question |`), by file name and by name without extension; files whose question yields no query
 * words are left out.
 * @returns {Promise<Map<string, string>>}
 */
async function readQuestions(dir, as) {
  const file = join(dir, 'QUESTIONS.md');
  const map = new Map();
  if (!existsSync(file)) return map;
  const { queryHint } = await import(join(repoRoot, 'extension', 'token-saver', 'compaction.js'));
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim()).slice(1, -1);
    if (cells.length < 2 || cells[0] === 'file' || /^-+$/.test(cells[0])) continue;
    const question = cells[cells.length - 1];
    const query = as === 'said' ? queryHint(undefined, question) : queryHint(question);
    if (query) map.set(cells[0], query);
  }
  return map;
}

/**
 * Scores one corpus directory (must_keep.json, optional tools.json) and prints a row per file.
 * Returns null when the directory has no must_keep.json.
 */
async function scoreCorpus(label, dir, command, withQuestions, viewsDir) {
  const keysFile = join(dir, 'must_keep.json');
  if (!existsSync(keysFile)) {
    console.log(`\n(${label} not found at ${dir})`);
    return null;
  }
  const { encode } = await import('gpt-tokenizer/encoding/o200k_base');
  const truncate = await import(join(repoRoot, 'node_modules', '@earendil-works', 'pi-coding-agent', 'dist', 'core', 'tools', 'truncate.js'));
  const count = (text) => encode(text, { allowedSpecial: 'all' }).length;
  const mustKeep = JSON.parse(readFileSync(keysFile, 'utf8'));
  const toolsFile = join(dir, 'tools.json');
  const tools = existsSync(toolsFile) ? JSON.parse(readFileSync(toolsFile, 'utf8')) : {};
  const corpus = basename(dir) === 'compaction' ? 'shared' : basename(dir);
  const questions = withQuestions ? await readQuestions(dir, withQuestions) : new Map();
  const as = withQuestions === 'said' ? "what the assistant said before the call" : 'prompts';
  console.log(`\n== ${label} (${dir})${withQuestions ? `, ${questions.size} questions as ${as}` : ''} ==`);
  console.log(`${'file'.padEnd(40)} ${'tool'.padEnd(4)} ${'tok_in'.padStart(8)} ${'tok_out'.padStart(8)} ${'red%'.padStart(6)} ${'view B'.padStart(8)} ${'Pi cut B'.padStart(9)} ${'keep'.padStart(5)} ${'stock'.padStart(5)} dom`);
  let tokensIn = 0;
  let tokensOut = 0;
  let saved = 0;
  let passed = 0;
  let stockPassed = 0;
  let overCut = 0;
  let dominance = 0;
  let wholeTokens = 0;
  let largest = { file: '', bytes: 0, cut: 0 };
  const rows = [];
  for (const file of Object.keys(mustKeep).sort()) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    const tool = tools[file] ?? (file.includes('_read_') ? 'read' : 'bash');
    const query = questions.get(file) ?? questions.get(file.replace(/\.[^.]+$/, ''));
    const withQuery = query ? `${command} --query=${shellQuote(query)}` : command;
    const run = spawnSync('bash', ['-c', withQuery.replaceAll('{in}', shellQuote(path)).replaceAll('{tool}', tool)], { encoding: 'utf8', maxBuffer: 1 << 30 });
    // A compactor that fails is an error of the run, not a view that lost every fact.
    if (run.status !== 0) throw new Error(`the compactor failed on ${file} (exit ${run.status}): ${(run.stderr ?? '').trim().split('\n')[0]}`);
    const printed = run.stdout ?? '';
    if (viewsDir) {
      mkdirSync(join(viewsDir, corpus), { recursive: true });
      writeFileSync(join(viewsDir, corpus, withQuestions ? `${file}.q` : file), printed);
    }
    const cutText = piCut(truncate, text, tool);
    // An output the compactor left unchanged reaches the model as stock Pi sends it: its cut.
    const out = printed === text ? cutText : printed;
    const isJson = file.endsWith('.json');
    const keeps = (view) => {
      const squeezed = isJson ? view.replace(/\s+/g, '') : null;
      return (k) => view.includes(k) || squeezed?.includes(k.replace(/\s+/g, '')) === true;
    };
    const inView = keeps(out);
    const inCut = keeps(cutText);
    const missing = mustKeep[file].filter((k) => !inView(k));
    const stockKept = mustKeep[file].filter(inCut);
    // Fact dominance: a string stock Pi's cut shows that the view does not.
    const lostVsStock = stockKept.filter((k) => !inView(k));
    const [a, b] = [count(text), count(out)];
    const viewBytes = Buffer.byteLength(out);
    const cut = Buffer.byteLength(cutText);
    const ok = missing.length === 0;
    tokensIn += a;
    tokensOut += b;
    if (printed === text) wholeTokens += b;
    if (ok) {
      saved += a - b;
      passed += 1;
    }
    if (stockKept.length === mustKeep[file].length) stockPassed += 1;
    dominance += lostVsStock.length;
    // Unchanged output smaller than Pi's limits is what Pi sends too. A line longer than Pi's whole
    // byte limit is one Pi cannot show any of (it stops before it, or sends only a notice); the
    // view may then show an excerpt of it and the lines after it, within that limit.
    const lineTooLongForPi = text.split("\n").some((line) => Buffer.byteLength(line) > truncate.DEFAULT_MAX_BYTES);
    const overPi = viewBytes > cut && !(viewBytes > Buffer.byteLength(text) - 1) && !(lineTooLongForPi && viewBytes <= truncate.DEFAULT_MAX_BYTES);
    if (overPi) overCut += 1;
    if (viewBytes > largest.bytes) largest = { file, bytes: viewBytes, cut };
    const flag = (ok ? '' : `  FAIL missing ${JSON.stringify(missing)}`) + (lostVsStock.length ? `  STOCK KEEPS ${JSON.stringify(lostVsStock)}` : '');
    console.log(`${file.padEnd(40)} ${tool.padEnd(4)} ${String(a).padStart(8)} ${String(b).padStart(8)} ${(100 * (1 - b / Math.max(a, 1))).toFixed(1).padStart(6)} ${String(viewBytes).padStart(8)} ${String(cut).padStart(9)} ${`${mustKeep[file].length - missing.length}/${mustKeep[file].length}`.padStart(5)} ${`${stockKept.length}`.padStart(5)} ${lostVsStock.length}${flag}`);
    rows.push({ corpus, file, tool, tokens_in: a, tokens_out: b, view_bytes: viewBytes, pi_cut_bytes: cut, kept: mustKeep[file].length - missing.length, must: mustKeep[file].length, missing, stock_kept: stockKept.length, dominance_violations: lostVsStock });
  }
  const files = Object.keys(mustKeep).length;
  const gated = (100 * saved) / Math.max(tokensIn, 1);
  console.log(`tokenizer=o200k_base files=${files} pass_rate=${passed}/${files} raw_reduction=${(100 * (1 - tokensOut / Math.max(tokensIn, 1))).toFixed(1)}% gated_reduction=${gated.toFixed(1)}%`);
  console.log(`stock Pi's cut: pass_rate=${stockPassed}/${files}; dominance violations (facts Pi's cut keeps, the view loses): ${dominance}`);
  console.log(`views larger than Pi's cut: ${overCut}; largest view ${largest.bytes} B (${largest.file}; Pi's cut ${largest.cut} B)`);
  const ceiling = 100 * (1 - wholeTokens / Math.max(tokensIn, 1));
  console.log(`ceiling: ${ceiling.toFixed(1)}% (the gated reduction if every changed file cost nothing; the unchanged ones cost ${wholeTokens} tokens)`);
  return { rows, total: { corpus, files, passed, gated, ceiling, stockPassed, dominance, overCut } };
}

await main();
