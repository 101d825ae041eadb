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
// Real o200k token counts need tiktoken with its BPE file available offline; set
// TIKTOKEN_CACHE_DIR (see the corpus MANIFEST.md). Without it score.py falls back to chars/4 and
// says so in its last line.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  const run = spawnSync('python3', args, { stdio: 'inherit', cwd: repoRoot });
  if (run.error) {
    console.error(`cannot run python3: ${run.error.message}`);
    process.exit(1);
  }
  process.exit(run.status ?? 1);
}

main();
