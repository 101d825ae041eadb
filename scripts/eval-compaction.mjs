#!/usr/bin/env node
// Scores a compactor on two corpora and prints each separately: the shared corpus (score.py from
// the shared eval data) and pi-lean's own held-out corpus (eval/compaction-own, scored here with
// the same rules: verbatim must-keep strings, gated o200k reduction). For the own corpus it also
// compares every view with Pi's own cut of the same output (Pi's truncateTail: 2,000 lines /
// 50 KB), the size a view must never exceed.
//
// Usage:
//   node scripts/eval-compaction.mjs [--rust-example] [--cmd 'TOOL {in}'] [--shared DIR] [--own DIR] [--json FILE]
//
//   default compactor   node bin/pi-lean.js compact {in}
//   --rust-example      target/release/examples/compact {in} (build: cargo build --release -p lean-core --example compact)
//   --cmd               any command; {in} is replaced by the corpus file path
//   --shared DIR        corpus directory (default ../shared/eval/compaction next to the repo root)
//   --own DIR           held-out corpus directory (default eval/compaction-own)
//   --json FILE         passed through to score.py: per-file rows as JSON
//
// Real o200k token counts need tiktoken with its BPE file available offline. Unless
// TIKTOKEN_CACHE_DIR is set, this script prepares both under ~/.cache/pi-lean: tiktoken in a
// venv (PyPI) and the o200k_base BPE file taken from the tiktoken-rs crate (crates.io), stored
// under the cache name tiktoken expects. If either step fails, score.py falls back to chars/4
// and says so in its last line.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const options = {
    shared: join(repoRoot, '..', 'shared', 'eval', 'compaction'),
    own: join(repoRoot, 'eval', 'compaction-own'),
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
    switch (arg) {
      case '--shared': options.shared = resolve(value()); break;
      case '--own': options.own = resolve(value()); break;
      case '--cmd': options.cmd = value(); break;
      case '--rust-example': options.rustExample = true; break;
      case '--json': options.json = resolve(value()); break;
      case '-h':
      case '--help':
        console.log('usage: node scripts/eval-compaction.mjs [--rust-example] [--cmd "TOOL {in}"] [--shared DIR] [--own DIR] [--json FILE]');
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
    return `${shellQuote(binary)} {in}`;
  }
  return `${shellQuote(process.execPath)} ${shellQuote(join(repoRoot, 'bin', 'pi-lean.js'))} compact {in}`;
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
  const scorer = join(options.shared, 'score.py');
  if (!existsSync(scorer)) {
    console.error(`score.py not found in ${options.shared}; pass --shared DIR`);
    process.exit(2);
  }
  let command;
  try {
    command = compactorCommand(options);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const args = [scorer, '--cmd', command];
  if (options.json) args.push('--json', options.json);
  console.log(`compactor: ${command}`);
  console.log(`\n== shared corpus (${options.shared}) ==`);
  const { python, env } = prepareTokenizer();
  const run = spawnSync(python, args, { stdio: 'inherit', cwd: repoRoot, env });
  if (run.error) {
    console.error(`cannot run python3: ${run.error.message}`);
    process.exit(1);
  }
  const ownStatus = await scoreOwn(options.own, command);
  process.exit(run.status || ownStatus);
}

/**
 * Scores the held-out corpus with the shared rules and reports each view against Pi's cut.
 * Returns a process status: 0, or 1 when a view is larger than Pi's cut.
 */
async function scoreOwn(dir, command) {
  const keysFile = join(dir, 'must_keep.json');
  if (!existsSync(keysFile)) {
    console.log(`\n(own corpus not found at ${dir})`);
    return 0;
  }
  const { encode } = await import('gpt-tokenizer/encoding/o200k_base');
  const truncate = await import(join(repoRoot, 'node_modules', '@earendil-works', 'pi-coding-agent', 'dist', 'core', 'tools', 'truncate.js'));
  const count = (text) => encode(text, { allowedSpecial: 'all' }).length;
  const mustKeep = JSON.parse(readFileSync(keysFile, 'utf8'));
  console.log(`\n== own held-out corpus (${dir}) ==`);
  console.log(`${'file'.padEnd(40)} ${'tok_in'.padStart(8)} ${'tok_out'.padStart(8)} ${'red%'.padStart(6)} ${'view B'.padStart(8)} ${'Pi cut B'.padStart(9)} keep`);
  let tokensIn = 0;
  let tokensOut = 0;
  let saved = 0;
  let passed = 0;
  let overCut = 0;
  let largest = { file: '', bytes: 0, cut: 0 };
  for (const file of Object.keys(mustKeep).sort()) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    const out = spawnSync('bash', ['-c', command.replaceAll('{in}', shellQuote(path))], { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout ?? '';
    const squeezed = file.endsWith('.json') ? out.replace(/\s+/g, '') : null;
    const missing = mustKeep[file].filter((k) => !out.includes(k) && !squeezed?.includes(k.replace(/\s+/g, '')));
    const [a, b] = [count(text), count(out)];
    const viewBytes = Buffer.byteLength(out);
    // What Pi itself would send for this bash output: its tail cut (plus a notice when cut).
    const cut = truncate.truncateTail(text).outputBytes;
    const ok = missing.length === 0;
    tokensIn += a;
    tokensOut += b;
    if (ok) {
      saved += a - b;
      passed += 1;
    }
    if (viewBytes > cut && viewBytes > Buffer.byteLength(text) - 1) {
      // Unchanged output smaller than Pi's limits is what Pi sends too.
    } else if (viewBytes > cut) {
      overCut += 1;
    }
    if (viewBytes > largest.bytes) largest = { file, bytes: viewBytes, cut };
    const flag = ok ? '' : `  FAIL missing ${JSON.stringify(missing)}`;
    console.log(`${file.padEnd(40)} ${String(a).padStart(8)} ${String(b).padStart(8)} ${(100 * (1 - b / Math.max(a, 1))).toFixed(1).padStart(6)} ${String(viewBytes).padStart(8)} ${String(cut).padStart(9)} ${mustKeep[file].length - missing.length}/${mustKeep[file].length}${flag}`);
  }
  const files = Object.keys(mustKeep).length;
  console.log(`tokenizer=o200k_base files=${files} pass_rate=${passed}/${files} raw_reduction=${(100 * (1 - tokensOut / tokensIn)).toFixed(1)}% gated_reduction=${(100 * saved / tokensIn).toFixed(1)}%`);
  console.log(`views larger than Pi's cut: ${overCut}; largest view ${largest.bytes} B (${largest.file}; Pi's cut ${largest.cut} B)`);
  return overCut > 0 ? 1 : 0;
}

await main();
