"""Training text for the static embedding fit: general technical English under permissive licences.

Three sources, each pinned by something in this repository or the interpreter, so the same
checkout on the same Python gives the same text:
  * docstrings of the Python standard library (PSF-2.0) of the interpreter running the fit;
  * README and docs/*.md of the npm packages in node_modules (pinned by package-lock.json);
  * README and rustdoc comments of the crates Cargo.lock names, from the local cargo registry.
A package is used only if its declared licence is permissive (MIT, Apache-2.0, BSD, ISC, ...).
The routing evaluation data (catalogs and queries under shared/eval) is never read.
"""

import ast
import hashlib
import json
import re
import sys
import sysconfig
from pathlib import Path

PERMISSIVE = re.compile(r"\b(MIT|Apache|BSD|ISC|0BSD|Unlicense|Zlib|CC0|PSF|Python|BlueOak)", re.I)
COPYLEFT = re.compile(r"\b(GPL|AGPL|LGPL|SSPL|EUPL)", re.I)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(])")
MAX_BYTES_PER_FILE = 200_000
MAX_SEGMENTS_PER_FILE = 400
# No one package may dominate the corpus (scipy's docstrings alone would be a fifth of it).
MAX_SEGMENTS_PER_PACKAGE = 4000


def text_hash(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def permissive(licence):
    return bool(licence) and bool(PERMISSIVE.search(licence)) and not COPYLEFT.search(licence)


def clean_markdown(text):
    """Prose of a Markdown file: code blocks, tables, HTML, link targets and badges dropped."""
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<[^>\n]{0,200}>", " ", text)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", text)
    lines = []
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith(("|", "    ", "\t", "[", "$ ", "> ")) or line.startswith(("    ", "\t")):
            lines.append("")
            continue
        stripped = re.sub(r"^#+\s*", "", stripped)
        stripped = re.sub(r"^[-*+]\s+", "", stripped)
        stripped = re.sub(r"^\d+\.\s+", "", stripped)
        lines.append(stripped)
    return "\n".join(lines)


def segments(prose):
    """Sentences of 4 to 60 words that read as English prose."""
    out = []
    for paragraph in re.split(r"\n\s*\n", prose):
        paragraph = " ".join(paragraph.split())
        paragraph = paragraph.replace("`", "").replace("**", "").replace("__", "")
        for sentence in SENTENCE_END.split(paragraph):
            words = sentence.split()
            if not 4 <= len(words) <= 60:
                continue
            letters = sum(c.isalpha() or c == " " for c in sentence)
            if letters < 0.8 * len(sentence):
                continue
            out.append(sentence)
            if len(out) >= MAX_SEGMENTS_PER_FILE:
                return out
    return out


def python_docstrings():
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    skip = {"site-packages", "dist-packages", "test", "tests", "idlelib", "lib2to3", "__pycache__"}
    for path in sorted(stdlib.rglob("*.py")):
        if skip & set(path.relative_to(stdlib).parts):
            continue
        try:
            tree = ast.parse(path.read_bytes()[:MAX_BYTES_PER_FILE * 5])
        except (SyntaxError, ValueError):
            continue
        docs = []
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if doc:
                    docs.append(doc)
        yield f"python:{path.relative_to(stdlib)}", "PSF-2.0", "\n\n".join(docs)
    # The language and library reference topics pydoc shows (the Python documentation, PSF).
    try:
        from pydoc_data.topics import topics

        for name in sorted(topics):
            yield f"python:pydoc_data/{name}", "PSF-2.0", topics[name]
    except ImportError:
        pass


def site_docstrings():
    """Docstrings of the Python packages installed beside the fit (numpy, scipy, ...) whose
    distribution metadata declares a permissive licence."""
    from importlib import metadata

    for dist in sorted(metadata.distributions(), key=lambda d: d.metadata["Name"].lower()):
        meta = dist.metadata
        licence = meta.get("License-Expression") or meta.get("License") or ""
        classifiers = " ".join(c for c in (meta.get_all("Classifier") or []) if c.startswith("License"))
        if len(licence) > 80:
            licence = ""
        licence = licence or classifiers
        if not permissive(licence) or not dist.files:
            continue
        for file in sorted(str(f) for f in dist.files if str(f).endswith(".py") and "/tests/" not in str(f)):
            path = Path(dist.locate_file(file))
            try:
                tree = ast.parse(path.read_bytes()[:MAX_BYTES_PER_FILE * 5])
            except (OSError, SyntaxError, ValueError):
                continue
            docs = [ast.get_docstring(n) for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
            yield f"pypi:{meta['Name']}@{meta['Version']}/{file}", licence.strip(), "\n\n".join(d for d in docs if d)


def npm_docs(repo):
    root = repo / "node_modules"
    for package_json in sorted(root.glob("*/package.json")) + sorted(root.glob("@*/*/package.json")):
        try:
            meta = json.loads(package_json.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        licence = meta.get("license") if isinstance(meta.get("license"), str) else None
        if not permissive(licence):
            continue
        base = package_json.parent
        files = sorted(base.glob("[Rr][Ee][Aa][Dd][Mm][Ee]*.md")) + sorted(base.glob("docs/**/*.md"))
        for path in files:
            yield f"npm:{meta.get('name')}@{meta.get('version')}/{path.relative_to(base)}", licence, clean_markdown(path.read_text("utf-8", "replace")[:MAX_BYTES_PER_FILE])


def locked_crates(repo):
    lock = (repo / "Cargo.lock").read_text("utf-8")
    for name, version, source in re.findall(r'\[\[package\]\]\nname = "([^"]+)"\nversion = "([^"]+)"\n(source = [^\n]+)?', lock):
        if source:
            yield name, version


def rustdoc(source):
    lines = [m.group(1) for m in re.finditer(r"^\s*//[/!] ?(.*)$", source, flags=re.M)]
    return clean_markdown("\n".join(lines))


def cargo_docs(repo):
    registries = sorted((Path.home() / ".cargo/registry/src").glob("*"))
    for name, version in sorted(set(locked_crates(repo))):
        base = next((r / f"{name}-{version}" for r in registries if (r / f"{name}-{version}").is_dir()), None)
        if base is None:
            continue
        manifest = (base / "Cargo.toml").read_text("utf-8", "replace")
        match = re.search(r'^license\s*=\s*"([^"]+)"', manifest, flags=re.M)
        licence = match.group(1) if match else None
        if not permissive(licence):
            continue
        for path in sorted(base.glob("[Rr][Ee][Aa][Dd][Mm][Ee]*.md")):
            yield f"crate:{name}@{version}/{path.name}", licence, clean_markdown(path.read_text("utf-8", "replace")[:MAX_BYTES_PER_FILE])
        docs = [rustdoc(p.read_text("utf-8", "replace")[:MAX_BYTES_PER_FILE]) for p in sorted(base.glob("src/**/*.rs"))]
        yield f"crate:{name}@{version}/src", licence, "\n\n".join(docs)


def collect(repo):
    """(texts, manifest): unique segments in a fixed order, and per-source counts and licences."""
    seen = set()
    texts = []
    manifest = {"python-stdlib": {"licence": "PSF-2.0", "python": sys.version.split()[0], "files": 0, "segments": 0}, "pypi": {}, "npm": {}, "cargo": {}}
    sources = (("python", python_docstrings()), ("pypi", site_docstrings()), ("npm", npm_docs(repo)), ("cargo", cargo_docs(repo)))
    for kind, source in sources:
        for name, licence, prose in source:
            found = 0
            package = name.split("/")[0].split(":", 1)[1]
            budget = MAX_SEGMENTS_PER_PACKAGE - (manifest[kind].get(package, {}).get("segments", 0) if kind != "python" else 0)
            for segment in segments(prose)[: max(budget, 0)]:
                key = segment.lower()
                if key in seen:
                    continue
                seen.add(key)
                texts.append(segment)
                found += 1
            if kind == "python":
                manifest["python-stdlib"]["files"] += 1
                manifest["python-stdlib"]["segments"] += found
            elif found:
                entry = manifest[kind].setdefault(package, {"licence": licence, "segments": 0})
                entry["segments"] += found
    return texts, manifest


WORDNET = Path("/usr/share/wordnet")


def wordnet_glosses():
    """(texts, manifest) from Princeton WordNet 3.0 (Debian `wordnet-base`, licence WordNet3.0:
    use, copy, modify and distribute for any purpose, without fee): one "words: definition"
    line per synset, and each usage example as a sentence of its own. Everyday words ("dull",
    "stance", "burning money") are rare in capability statements; glosses tie each to plain
    words the teacher knows, which is how users word requests. Only senses that occur in
    WordNet's sense-tagged corpus. Empty when not installed."""
    texts, seen = [], set()
    for part in ("noun", "verb", "adj", "adv"):
        path = WORDNET / f"data.{part}"
        if not path.is_file():
            continue
        # Only senses seen in WordNet's tagged corpus (the index lists them first and counts
        # them): everyday senses, not the long tail of genus names and rare terms.
        common = set()
        for line in (WORDNET / f"index.{part}").read_text("utf-8", "replace").splitlines():
            if line.startswith(" "):
                continue
            tokens = line.split()
            pointers = int(tokens[3])
            tagged = int(tokens[5 + pointers])
            common.update(tokens[6 + pointers : 6 + pointers + tagged])
        for line in path.read_text("utf-8", "replace").splitlines():
            if line.startswith(" ") or "|" not in line:
                continue
            fields, gloss = line.split("|", 1)
            tokens = fields.split()
            if tokens[0] not in common:
                continue
            count = int(tokens[3], 16)
            words = [tokens[4 + 2 * i].replace("_", " ") for i in range(count)]
            words = [re.sub(r"\(\w+\)$", "", w) for w in words][:3]
            pieces = [p.strip() for p in gloss.strip().split(";")]
            definition = pieces[0]
            examples = [p.strip('"') for p in pieces[1:] if p.startswith('"') and len(p) > 12]
            for text in [f"{', '.join(words)}: {definition}"] + examples:
                if text.lower() not in seen:
                    seen.add(text.lower())
                    texts.append(text)
    manifest = {"wordnet-base": {"licence": "WordNet3.0 (Princeton; permissive, no fee)", "segments": len(texts)}} if texts else {}
    return texts, manifest


def subsample(texts, limit):
    """The `limit` texts with the smallest hashes, in their original order: deterministic."""
    if len(texts) <= limit:
        return texts
    keep = set(sorted(range(len(texts)), key=lambda i: (text_hash(texts[i]), i))[:limit])
    return [t for i, t in enumerate(texts) if i in keep]
