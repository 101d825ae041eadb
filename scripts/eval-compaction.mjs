#!/usr/bin/env node
// Runs the compaction corpus scorer (score.py from the shared eval data) over a compactor and
// prints its per-file table and totals.
//
// Usage:
//   node scripts/eval-compaction.mjs [--rust-example] [--cmd 'TOOL {in}'] [--shared DIR] [--json FILE]
//
//   default compactor   node bin/pi-lean.js compact {in}
//   --rust-example      target/release/examples/compact {in} (build: cargo build --release -p lean-core --example compact)
//   --cmd               any command; {in} is replaced by the corpus file path
//   --shared DIR        corpus directory (default ../shared/eval/compaction next to the repo root)
//   --json FILE         passed through to score.py: per-file rows as JSON
//
// Real o200k token counts need tiktoken with its BPE file available offline. Unless
// TIKTOKEN_CACHE_DIR is set, this script prepares both under ~/.cache/pi-lean: tiktoken in a
// venv (PyPI) and the o200k_base BPE file taken from the tiktoken-rs crate (crates.io), stored
// under the cache name tiktoken expects. If either step fails, score.py falls back to chars/4
// and says so in its last line.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const options = {
    shared: join(repoRoot, '..', 'shared', 'eval', 'compaction'),
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
      case '--cmd': options.cmd = value(); break;
      case '--rust-example': options.rustExample = true; break;
      case '--json': options.json = resolve(value()); break;
      case '-h':
      case '--help':
        console.log('usage: node scripts/eval-compaction.mjs [--rust-example] [--cmd "TOOL {in}"] [--shared DIR] [--json FILE]');
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

function main() {
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
  const { python, env } = prepareTokenizer();
  const run = spawnSync(python, args, { stdio: 'inherit', cwd: repoRoot, env });
  if (run.error) {
    console.error(`cannot run python3: ${run.error.message}`);
    process.exit(1);
  }
  process.exit(run.status ?? 1);
}

main();
