#!/usr/bin/env python3
"""Grid over the fusion knobs on the held-out TUNING split only (eval/routing-heldout/*-tune):
pooled strict recall@1/5 and MRR over the answerable prompts, per setting, via the rank example
(so the table compiled into it is the one measured). The test split is never read here.

Usage: python3 scripts/embed-fit/tune_fusion.py [--split tune]"""
import itertools
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HELD = REPO / "eval/routing-heldout"
RANK = REPO / "target/release/examples/rank"


def rank(catalog, queries, tune):
    args = [str(RANK), "--catalog", str(catalog), "--queries", str(queries), "--limit", "8"]
    for knob, value in tune.items():
        args += ["--tune", f"{knob}={value}"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return {row["id"]: row for row in map(json.loads, filter(None, out.split("\n")))}


def score(split, tune):
    hits1 = hits5 = rr = n = 0
    for catalog in ("azure", "media"):
        queries = [json.loads(l) for l in open(HELD / f"queries-{catalog}-{split}.jsonl") if l.strip()]
        rows = rank(HELD / f"catalog-{catalog}.jsonl", HELD / f"queries-{catalog}-{split}.jsonl", tune)
        for q in queries:
            if q["kind"] == "none":
                continue
            ranked = rows[q["id"]]["ranked"]
            n += 1
            hits1 += all(e in ranked[:1] for e in q["expected"])
            hits5 += all(e in ranked[:5] for e in q["expected"])
            ranks = [ranked.index(e) for e in q["expected"] if e in ranked]
            rr += 1 / (min(ranks) + 1) if ranks else 0
    return hits1 / n, hits5 / n, rr / n


if __name__ == "__main__":
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else "tune"
    settings = [{"score_mix": 1, "embedding_weight": w} for w in (0.0, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0)]
    settings += [{"score_mix": 0, "embedding_weight": w} for w in (0.5, 1.0, 1.5)]
    settings += [{"score_mix": 1, "lexical_weight": 0}]
    for tune in settings:
        r1, r5, mrr = score(split, tune)
        print(f"{json.dumps(tune):50s} R@1 {r1:.3f}  R@5 {r5:.3f}  MRR {mrr:.3f}")
