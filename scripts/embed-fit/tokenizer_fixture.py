#!/usr/bin/env python3
"""Writes the WordPiece parity fixture: strings and the teacher tokenizer's ids for them.

The Rust tokenizer in crates/lean-core/src/skills/embed.rs must give exactly these ids (its
test reads the file). Strings: 2,500 sentences of the fit corpus (chosen by hash) and 700
generated ones that probe the normalizer's edges (accents, CJK, control and format characters,
combining marks, Unicode punctuation, very long words, case mappings that change length).

    ~/.cache/pi-lean/embedfit-venv/bin/python scripts/embed-fit/tokenizer_fixture.py
"""

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402
import fit  # noqa: E402

EDGE_PIECES = [
    "café", "naïve", "Ångström", "ÉCOLE", "straße", "İstanbul", "ΟΔΥΣΣΕΥΣ", "σοφός", "Привет", "日本語のテキスト",
    "中文分词", "한국어", "emoji 🚀🔥", "zero\u200bwidth", "soft\u00adhyphen", "tab\tand\nnewline", "nul\x00byte", "bell\x07",
    "e\u0301", "a\u0308\u0304", "ﬁne ligature", "full－width", "“quoted”", "«guillemets»", "em—dash", "ellipsis…",
    "¿qué?", "¡sí!", "x²+y³", "½ cup", "€100", "\ufffd", "\ue000private", "rtl\u200fmark", "ok\u2028line",
    "snake_case_name", "kebab-case-name", "CamelCaseWord", "file.name.ext", "a/b\\c", "path/to/file.py", "user@example.com",
    "https://example.com/x?y=1", "C++", "C#", "node.js", "v1.2.3-rc.1", "$HOME", "#123", "100%", "(parens)", "[brackets]",
]


def edge_strings(count, rng):
    out = []
    for _ in range(count):
        parts = [rng.choice(EDGE_PIECES) for _ in range(rng.randint(1, 5))]
        if rng.random() < 0.1:
            parts.append(rng.choice("abcdefghij") * rng.randint(90, 130))
        if rng.random() < 0.1:
            parts.append("".join(chr(rng.randint(0x20, 0x2FFF)) for _ in range(rng.randint(1, 12))))
        out.append(rng.choice([" ", "", "  ", "-"]).join(parts))
    return out


def main():
    from tokenizers import Tokenizer

    repo = Path(__file__).resolve().parents[2]
    tokenizer = Tokenizer.from_str(fit.find_tokenizer_json(None).decode("utf-8"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    texts, _ = corpus.collect(repo)
    picked = sorted(texts, key=lambda t: (corpus.text_hash("fixture" + t), t))[:2500]
    picked += edge_strings(700, random.Random(15))
    special = {101, 102}
    out = repo / "crates/lean-core/tests/fixtures/wordpiece.jsonl"
    with out.open("w", encoding="utf-8") as f:
        for text in picked:
            ids = [i for i in tokenizer.encode(text).ids if i not in special]
            f.write(json.dumps({"text": text, "ids": ids[:126]}, ensure_ascii=False) + "\n")
    print(f"wrote {len(picked)} strings to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
