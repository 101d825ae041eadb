#!/usr/bin/env node
// Skill-routing evaluation: recall@k, MRR, per-kind recall@5, lenient recall and none-query
// separability AUC, exactly as defined in shared/eval/routing/README.md, for our ranker side by
// side with a plain-BM25 baseline as the README defines it (R@5 0.632 on the scientific set),
// scored by the `bm25` crate (crates/lean-core/examples/plain_bm25.rs); the script's own
// implementation below stands in only when cargo is missing.
//
// Usage:
//   node scripts/eval-routing.mjs [--catalog FILE]... [--queries FILE] [--ranked FILE]
//                                 [--rust-example] [--tune knob=value]... [--limit 8] [--json]
//   node scripts/eval-routing.mjs --all-sets [--json]
// --all-sets (what `npm run eval:routing` runs) reports every set: the visible scientific set and
// the own held-out sets in eval/routing-own/ (written before any run, never tuned on), each for
// plain BM25, our BM25F alone, static embeddings alone and the two fused (the default).
// Without --ranked, our ranker is run as `node bin/pi-lean.js search ... --json`; with
// --rust-example, as `cargo run --release -p lean-core --example rank`.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(repoRoot, '..', 'shared', 'eval', 'routing');
const K_VALUES = [1, 3, 5, 8];
// The README's baseline MRR (0.626) corresponds to ranking the top 20 of plain BM25; recall@k
// only needs the top 8, so this depth reproduces every published baseline number.
const BASELINE_DEPTH = 20;

function parseArgs(argv) {
  const options = { catalogs: [], queries: null, ranked: null, rustExample: false, limit: 8, json: false, tune: [], allSets: false };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
      i += 1;
      return argv[i];
    };
    if (flag === '--catalog') options.catalogs.push(resolve(value()));
    else if (flag === '--queries') options.queries = resolve(value());
    else if (flag === '--ranked') options.ranked = resolve(value());
    else if (flag === '--limit') options.limit = Number(value());
    else if (flag === '--rust-example') options.rustExample = true;
    else if (flag === '--json') options.json = true;
    else if (flag === '--tune') options.tune.push(value());
    else if (flag === '--all-sets') options.allSets = true;
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: eval-routing.mjs [--catalog FILE]... [--queries FILE] [--ranked FILE] [--rust-example] [--tune knob=value]... [--limit N] [--json] | --all-sets [--json]');
      process.exit(0);
    } else throw new Error(`unknown argument ${flag}`);
  }
  if (options.catalogs.length === 0) options.catalogs.push(resolve(dataDir, 'catalog-scientific.jsonl'));
  if (!options.queries) options.queries = resolve(dataDir, 'queries-scientific.jsonl');
  return options;
}

function readJsonl(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

// ---- Plain BM25 in the script, as the README describes: the stand-in when cargo is missing. ----

function tokenize(text) {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

function plainBm25(catalog, queries, limit) {
  const k1 = 1.2;
  const b = 0.75;
  const docs = catalog.map((skill) => tokenize(`${skill.name} ${skill.description}`));
  const n = docs.length;
  const avgLength = docs.reduce((sum, doc) => sum + doc.length, 0) / n;
  const termFrequencies = docs.map((doc) => {
    const tf = new Map();
    for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const documentFrequency = new Map();
  for (const tf of termFrequencies) {
    for (const term of tf.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const idf = (term) => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  return queries.map((query) => {
    const terms = [...new Set(tokenize(query.prompt))];
    const scored = docs.map((doc, index) => {
      const tf = termFrequencies[index];
      let score = 0;
      for (const term of terms) {
        const f = tf.get(term) ?? 0;
        if (f === 0) continue;
        score += (idf(term) * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * doc.length) / avgLength));
      }
      return { index, score };
    });
    // Stable sort keeps catalog order among ties, as Python's sorted() does.
    scored.sort((x, y) => y.score - x.score);
    const top = scored.filter((entry) => entry.score > 0).slice(0, limit ?? Infinity);
    return {
      id: query.id,
      ranked: top.map((entry) => catalog[entry.index].name),
      scores: top.map((entry) => entry.score),
      topScore: scored[0]?.score ?? 0,
    };
  });
}

// ---- Plain BM25 from the `bm25` crate (crates.io), the baseline every table reports. ----

// Runs crates/lean-core/examples/plain_bm25.rs: the same documents, tokens and parameters as
// plainBm25 above, scored by the crate. Without cargo, the script's own implementation stands in
// and says so on stderr. Returns { rows, source }.
function plainBaseline(catalog, queries) {
  const input = JSON.stringify({
    catalog: catalog.map((skill) => ({ name: skill.name, description: skill.description })),
    queries: queries.map((query) => ({ id: query.id, prompt: query.prompt })),
    limit: BASELINE_DEPTH,
  });
  try {
    const output = execFileSync('cargo', ['run', '--quiet', '--release', '-p', 'lean-core', '--example', 'plain_bm25'], {
      cwd: repoRoot, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['pipe', 'pipe', 'inherit'],
    });
    const rows = output.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
    return { rows, source: 'bm25 crate' };
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    console.error('eval-routing: cargo not found, so the plain-BM25 baseline comes from this script, not the bm25 crate; install Rust (rustup) for the crate baseline.');
    return { rows: plainBm25(catalog, queries, BASELINE_DEPTH), source: 'script' };
  }
}

// ---- Our ranker. ----

function runOurs(options) {
  if (options.ranked) return readJsonl(options.ranked);
  const catalogArgs = options.catalogs.flatMap((catalog) => ['--catalog', catalog]);
  let command;
  let args;
  if (options.rustExample) {
    command = 'cargo';
    args = ['run', '--quiet', '--release', '-p', 'lean-core', '--example', 'rank', '--', ...catalogArgs,
      '--queries', options.queries, '--limit', String(options.limit), ...options.tune.flatMap((t) => ['--tune', t])];
  } else {
    command = process.execPath;
    args = [resolve(repoRoot, 'bin', 'pi-lean.js'), 'search', ...catalogArgs, '--queries', options.queries,
      '--limit', String(options.limit), '--json'];
  }
  let output;
  try {
    output = execFileSync(command, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (error) {
    if (error.code === 'ENOENT' && options.rustExample) {
      throw new Error('CARGO_NOT_FOUND: the ranker variants run through `cargo run --example rank`; install Rust (rustup), or run without --all-sets/--rust-example to rank through the built addon');
    }
    throw error;
  }
  return output.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
}

// ---- Metrics, per the README. ----

function topScoreOf(row) {
  if (typeof row.topScore === 'number') return row.topScore;
  return Array.isArray(row.scores) && row.scores.length > 0 ? Number(row.scores[0]) : 0;
}

function evaluate(queries, rankedRows) {
  const byId = new Map(rankedRows.map((row) => [row.id, row]));
  const answerable = queries.filter((query) => query.kind !== 'none');
  const noneQueries = queries.filter((query) => query.kind === 'none');
  const rankedFor = (query) => byId.get(query.id)?.ranked ?? [];

  const strictHit = (query, k) => {
    const top = rankedFor(query).slice(0, k);
    return query.expected.every((name) => top.includes(name));
  };
  const lenientHit = (query, k) => {
    const top = rankedFor(query).slice(0, k);
    if (query.acceptable_groups) return query.acceptable_groups.every((group) => group.some((name) => top.includes(name)));
    if (query.acceptable && query.expected.length === 1) return query.acceptable.some((name) => top.includes(name));
    return query.expected.every((name) => top.includes(name));
  };
  const share = (list, predicate) => (list.length === 0 ? 0 : list.filter(predicate).length / list.length);

  const recall = {};
  const lenient = {};
  for (const k of K_VALUES) {
    recall[k] = share(answerable, (query) => strictHit(query, k));
    lenient[k] = share(answerable, (query) => lenientHit(query, k));
  }
  const mrr = answerable.length === 0 ? 0 : answerable.reduce((sum, query) => {
    const ranked = rankedFor(query);
    const ranks = query.expected.map((name) => ranked.indexOf(name)).filter((rank) => rank >= 0);
    return sum + (ranks.length === 0 ? 0 : 1 / (Math.min(...ranks) + 1));
  }, 0) / answerable.length;

  const perKind = {};
  for (const kind of [...new Set(answerable.map((query) => query.kind))]) {
    const ofKind = answerable.filter((query) => query.kind === kind);
    perKind[kind] = { recall5: share(ofKind, (query) => strictHit(query, 5)), n: ofKind.length };
  }

  // Separability AUC: P(random answerable top score > random none top score), ties count half.
  const topScores = (list) => list.map((query) => topScoreOf(byId.get(query.id) ?? {}));
  const positives = topScores(answerable);
  const negatives = topScores(noneQueries);
  let auc = null;
  if (positives.length > 0 && negatives.length > 0) {
    let wins = 0;
    for (const positive of positives) {
      for (const negative of negatives) wins += positive > negative ? 1 : positive === negative ? 0.5 : 0;
    }
    auc = wins / (positives.length * negatives.length);
  }
  const result = { answerable: answerable.length, none: noneQueries.length, recall, mrr, perKind, lenient, auc,
    noneTopScores: negatives };
  // Confidence-based separability when the ranker reports one (ours does).
  if (rankedRows.some((row) => typeof row.confidence === 'number')) {
    const confidenceOf = (query) => Number(byId.get(query.id)?.confidence ?? 0);
    const pos = answerable.map(confidenceOf);
    const neg = noneQueries.map(confidenceOf);
    let wins = 0;
    for (const p of pos) for (const q of neg) wins += p > q ? 1 : p === q ? 0.5 : 0;
    result.confidenceAuc = pos.length && neg.length ? wins / (pos.length * neg.length) : null;
    if (rankedRows.some((row) => typeof row.topCosine === 'number')) {
      const cosineOf = (query) => Number(byId.get(query.id)?.topCosine ?? -1);
      const cp = answerable.map(cosineOf);
      const cn = noneQueries.map(cosineOf);
      let cw = 0;
      for (const p of cp) for (const q of cn) cw += p > q ? 1 : p === q ? 0.5 : 0;
      result.cosineAuc = cp.length && cn.length ? cw / (cp.length * cn.length) : null;
    }
    const strongOf = (query) => Boolean(byId.get(query.id)?.strong);
    result.noneRejection = share(noneQueries, (query) => !strongOf(query));
    result.falseRejection = share(answerable, (query) => !strongOf(query));
  }
  return result;
}

function formatTable(ours, baseline) {
  const fmt = (value) => (value === null || value === undefined ? '-' : value.toFixed(3));
  const rows = [];
  for (const k of K_VALUES) rows.push([`recall@${k}`, ours.recall[k], baseline.recall[k]]);
  rows.push(['MRR', ours.mrr, baseline.mrr]);
  for (const kind of Object.keys(baseline.perKind)) {
    rows.push([`recall@5 ${kind} (n=${baseline.perKind[kind].n})`, ours.perKind[kind]?.recall5, baseline.perKind[kind].recall5]);
  }
  for (const k of K_VALUES) rows.push([`lenient recall@${k}`, ours.lenient[k], baseline.lenient[k]]);
  rows.push(['none AUC (top score)', ours.auc, baseline.auc]);
  if (ours.confidenceAuc !== undefined) {
    rows.push(['none AUC (confidence)', ours.confidenceAuc, null]);
    rows.push(['none rejected (strong=false)', ours.noneRejection, null]);
    rows.push(['answerable rejected', ours.falseRejection, null]);
  }
  const width = Math.max(...rows.map((row) => row[0].length));
  const lines = [`${'metric'.padEnd(width)}  ours    plain-bm25`, `${'-'.repeat(width)}  ------  ----------`];
  for (const [label, a, b] of rows) lines.push(`${label.padEnd(width)}  ${fmt(a).padEnd(6)}  ${fmt(b)}`);
  lines.push('', `answerable ${ours.answerable}, none ${ours.none}; baseline none top scores: ${baseline.noneTopScores.map((s) => s.toFixed(1)).join(', ')}`);
  return lines.join('\n');
}

// ---- Every set, every ranker. ----

const ownDir = resolve(repoRoot, 'eval', 'routing-own');
const heldDir = resolve(repoRoot, 'eval', 'routing-heldout');
const heldOut = (catalog, split) => ({
  name: `${catalog} (held out, ${split})`, pool: `held-out ${split}`, catalogs: [resolve(heldDir, `catalog-${catalog}.jsonl`)],
  queries: resolve(heldDir, `queries-${catalog}-${split}.jsonl`),
});
const SETS = [
  { name: 'scientific (visible)', catalogs: ['catalog-scientific.jsonl'].map((f) => resolve(dataDir, f)), queries: resolve(dataDir, 'queries-scientific.jsonl') },
  { name: 'devflow (own, held out)', catalogs: ['catalog-mattpocock.jsonl', 'catalog-superpowers.jsonl'].map((f) => resolve(dataDir, f)), queries: resolve(ownDir, 'queries-devflow.jsonl') },
  { name: 'composio (own, held out)', catalogs: ['catalog-composio.jsonl'].map((f) => resolve(dataDir, f)), queries: resolve(ownDir, 'queries-composio.jsonl') },
  // Issue 32's sets: catalogs the embedding fit never saw, fusion chosen on `tune` only.
  heldOut('azure', 'tune'), heldOut('media', 'tune'), heldOut('azure', 'test'), heldOut('media', 'test'),
];
const VARIANTS = [
  { name: 'BM25F alone', tune: ['embedding_weight=0'] },
  { name: 'embeddings alone', tune: ['lexical_weight=0'] },
  { name: 'fused (default)', tune: [] },
];

function allSets(json) {
  const results = [];
  const agreement = [];
  // Pooled rows per split: every query of the split's catalogs, each ranked against its own catalog.
  const pools = new Map();
  for (const set of SETS) {
    const catalog = set.catalogs.flatMap(readJsonl);
    const queries = readJsonl(set.queries);
    const baseline = plainBaseline(catalog, queries);
    if (baseline.source === 'bm25 crate') {
      // Cross-check: the crate must rank exactly as the README's definition (the script) does.
      const script = plainBm25(catalog, queries, BASELINE_DEPTH);
      const differ = script.filter((row, i) => row.ranked.join('\n') !== (baseline.rows[i]?.ranked ?? []).join('\n')).length;
      agreement.push(`${set.name}: ${differ === 0 ? 'identical' : `${differ} of ${queries.length} rankings differ`}`);
    }
    const baselineName = `plain BM25 (${baseline.source})`;
    const row = { set: set.name, queries: queries.length, rankers: { [baselineName]: evaluate(queries, baseline.rows) } };
    const pool = set.pool ? pools.get(set.pool) ?? { queries: [], rankers: {} } : null;
    if (pool) {
      pools.set(set.pool, pool);
      pool.queries.push(...queries);
      (pool.rankers[baselineName] ??= []).push(...baseline.rows);
    }
    for (const variant of VARIANTS) {
      const ranked = runOurs({ catalogs: set.catalogs, queries: set.queries, ranked: null, rustExample: true, limit: 8, tune: variant.tune });
      row.rankers[variant.name] = evaluate(queries, ranked);
      if (pool) (pool.rankers[variant.name] ??= []).push(...ranked);
    }
    results.push(row);
  }
  for (const [name, pool] of pools) {
    const rankers = Object.fromEntries(Object.entries(pool.rankers).map(([ranker, rows]) => [ranker, evaluate(pool.queries, rows)]));
    results.push({ set: `${name} (pooled)`, queries: pool.queries.length, rankers });
  }
  if (json) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  const fmt = (value) => (value === null || value === undefined ? '  -  ' : value.toFixed(3));
  const lines = [];
  for (const row of results) {
    const first = Object.values(row.rankers)[0];
    const kinds = [...new Set(Object.values(row.rankers).flatMap((r) => Object.keys(r.perKind)))];
    lines.push(`${row.set}: ${first.answerable} answerable + ${first.none} none queries`);
    const header = ['ranker', 'R@1', 'R@3', 'R@5', 'R@8', 'MRR', ...kinds.map((k) => `R@5 ${k}`), 'none AUC', 'none AUC cos'];
    lines.push(`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`);
    for (const [name, r] of Object.entries(row.rankers)) {
      const auc = r.confidenceAuc ?? r.auc;
      lines.push(`| ${[name, ...K_VALUES.map((k) => fmt(r.recall[k])), fmt(r.mrr), ...kinds.map((k) => fmt(r.perKind[k]?.recall5)), fmt(auc), fmt(r.cosineAuc)].join(' | ')} |`);
    }
    lines.push('');
  }
  lines.push('none AUC: by confidence for our rankers (BM25F alone: lexical confidence; the other variants: lexical and top cosine averaged, as search reports it), by top score for plain BM25; none AUC cos: by the top static-embedding cosine alone (same in every variant).');
  if (agreement.length > 0) lines.push(`plain BM25, bm25 crate vs the README's definition in this script, top-${BASELINE_DEPTH} rankings: ${agreement.join('; ')}.`);
  console.log(lines.join('\n'));
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.allSets) {
    allSets(options.json);
    return;
  }
  const catalog = options.catalogs.flatMap(readJsonl);
  const queries = readJsonl(options.queries);
  const baseline = evaluate(queries, plainBaseline(catalog, queries).rows);
  const ours = evaluate(queries, runOurs(options));
  if (options.json) console.log(JSON.stringify({ ours, plainBm25: baseline }, null, 2));
  else console.log(formatTable(ours, baseline));
}

try {
  main();
} catch (error) {
  console.error(`eval-routing: ${error.message}`);
  process.exit(1);
}
