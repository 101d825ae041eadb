#!/usr/bin/env python3
"""Chooses the fusion of BM25F and embedding cosine on the held-out TUNING split only.

The rank example's `--dump` gives, per prompt, every skill's BM25F score and cosine with the
table compiled into it (plus the lexical confidence and the pinned names). This script applies
each fusion rule to those inputs exactly as `SearchIndex::search` does (checked against the
rank example's own ranking for the default rule, see --check) and scores pooled strict
recall@5 and MRR over the answerable tuning prompts. The visible scientific set is a
constraint only (recall@5 must stay at or above 0.95); the own sets (devflow, composio) are
printed for information. The test split is read only with `--split test`, to report.

Rule: score mix. BM25F scores scaled to the best skill, times
`min(1, lexical confidence / gate) ^ power` (gate 0 = no gating), plus
`embedding_weight * (cosine - floor) / (best cosine - floor)` for skills at or above the floor.
The choice: best tuning recall@5, then best tuning MRR, among rules that keep the visible set
at or above 0.95.

Usage (after `cargo build --release -p lean-core --example rank`):
    python3 scripts/embed-fit/tune_fusion.py [--split test] [--check]
"""
import itertools
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HELD = REPO / "eval/routing-heldout"
VISIBLE = REPO.parent / "shared/eval/routing"
OWN = REPO / "eval/routing-own"
RANK = REPO / "target/release/examples/rank"
FLOOR = 0.19  # MEANING_FLOOR in crates/lean-core/src/skills/search.rs
VISIBLE_MIN = 0.95


def sets(split):
    """{name: [(catalog files), queries file]}: the split's two held-out catalogs, the visible
    set and the own sets."""
    out = {f"{c}-{split}": ([HELD / f"catalog-{c}.jsonl"], HELD / f"queries-{c}-{split}.jsonl") for c in ("azure", "media")}
    out["visible"] = ([VISIBLE / "catalog-scientific.jsonl"], VISIBLE / "queries-scientific.jsonl")
    out["devflow"] = ([VISIBLE / "catalog-mattpocock.jsonl", VISIBLE / "catalog-superpowers.jsonl"], OWN / "queries-devflow.jsonl")
    out["composio"] = ([VISIBLE / "catalog-composio.jsonl"], OWN / "queries-composio.jsonl")
    return out


def run_rank(catalogs, queries, extra):
    args = [str(RANK), "--queries", str(queries), "--limit", "8", *extra]
    for catalog in catalogs:
        args += ["--catalog", str(catalog)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def load(split):
    data = {}
    for name, (catalogs, queries) in sets(split).items():
        labels = {q["id"]: q for q in map(json.loads, filter(str.strip, open(queries)))}
        rows = run_rank(catalogs, queries, ["--dump"])
        for row in rows:
            row["label"] = labels[row["id"]]
        data[name] = rows
    data[split] = data.pop(f"azure-{split}") + data.pop(f"media-{split}")
    return data


def top_k(scores, k):
    ranked = sorted((i for i, s in enumerate(scores) if s > 0), key=lambda i: (-scores[i], i))
    return ranked[:k]


def fuse(row, rule, limit=8):
    """The ranking `SearchIndex::search` gives for this rule: names, best first."""
    lexical, cosines, pinned = row["lexical"], row["cosines"], row["pinned"]
    weight = rule["embedding_weight"]
    if cosines is None or weight == 0:
        scores = list(lexical)
    else:
        gate = 1.0
        if rule.get("lexical_gate", 0) > 0:
            gate = max(min(1.0, row["lexicalConfidence"] / rule["lexical_gate"]) ** rule["lexical_gate_power"], 1e-6)
        top_lexical = max(lexical)
        scores = [s * rule.get("lexical_weight", 1.0) * gate / top_lexical if top_lexical > 0 else 0.0 for s in lexical]
        meaningful = [(i, c) for i, c in enumerate(cosines) if c >= FLOOR]
        top_cosine = max([FLOOR] + [c for _, c in meaningful])
        if top_cosine > FLOOR:
            for i, c in meaningful:
                scores[i] += weight * (c - FLOOR) / (top_cosine - FLOOR)
    names = row["names"]
    ranked = [names[i] for i in top_k(scores, limit + len(pinned)) if names[i] not in pinned]
    return (list(pinned) + ranked)[:limit]


def score(rows, rule):
    hits = n = 0
    rr = 0.0
    kinds = {}
    for row in rows:
        label = row["label"]
        if label["kind"] == "none":
            continue
        ranked = fuse(row, rule)
        hit = all(e in ranked[:5] for e in label["expected"])
        ranks = [ranked.index(e) for e in label["expected"] if e in ranked]
        n += 1
        hits += hit
        rr += 1 / (min(ranks) + 1) if ranks else 0
        kind = kinds.setdefault(label["kind"], [0, 0])
        kind[0] += hit
        kind[1] += 1
    return {"r5": hits / n, "hits": hits, "n": n, "mrr": rr / n, "kinds": kinds}


def grid():
    for weight, gate, power in itertools.product((0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0), (0, 0.4, 0.5, 0.6, 0.7), (1.0, 2.0, 3.0)):
        if gate == 0 and power != 1.0:
            continue
        yield {"embedding_weight": weight, "lexical_gate": gate, "lexical_gate_power": power}


def check(data):
    """The default rule here must rank exactly as the rank example does."""
    shipped = {"embedding_weight": 0.6, "lexical_gate": 0.7, "lexical_gate_power": 2.0}
    differ = 0
    for name, (catalogs, queries) in sets("tune").items():
        real = {row["id"]: row["ranked"] for row in run_rank(catalogs, queries, [])}
        rows = data["tune"] if name.endswith("-tune") else data[name]
        differ += sum(real[row["id"]] != fuse(row, shipped) for row in rows if row["id"] in real)
    print(f"check: {differ} rankings differ from the rank example's (shipped defaults)")
    return differ == 0


def main():
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else "tune"
    data = load(split)
    if "--check" in sys.argv and split == "tune" and not check(data):
        sys.exit(1)
    results = []
    for rule in grid():
        row = {name: score(data[name], rule) for name in (split, "visible", "devflow", "composio")}
        results.append((rule, row))
        line = " | ".join(f"{name} {r['hits']}/{r['n']} {r['mrr']:.3f}" for name, r in row.items())
        print(f"{json.dumps(rule):75s} {line}")
    allowed = [(rule, row) for rule, row in results if row["visible"]["r5"] >= VISIBLE_MIN]
    best = max(allowed, key=lambda item: (item[1][split]["r5"], item[1][split]["mrr"]))
    print(f"\nbest on {split} (R@5, then MRR; visible >= {VISIBLE_MIN}): {json.dumps(best[0])}")
    for name, r in best[1].items():
        kinds = " ".join(f"{k} {h}/{n}" for k, (h, n) in sorted(r["kinds"].items()))
        print(f"  {name}: R@5 {r['r5']:.3f} ({r['hits']}/{r['n']}), MRR {r['mrr']:.3f}; {kinds}")
    ties = [rule for rule, row in allowed if row[split]["r5"] == best[1][split]["r5"]]
    print(f"  {len(ties)} rules tie on {split} R@5")


if __name__ == "__main__":
    main()
