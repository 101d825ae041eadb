"""Capability statements for the embedding fit: short "does X" sentences like skill descriptions.

Skill descriptions say what a tool does in one or two sentences; docstrings and README prose do
not read like that, and a table fitted only on prose ranks paraphrased requests poorly. These
sources are all on the machine that runs the fit (no registry is asked for anything), and each
keeps only what its own metadata declares under a permissive licence:
  * man page NAME lines and the first DESCRIPTION sentence, with the licence of the Debian
    package that owns the page (its DEP-5 copyright file: every License field permissive);
  * Debian package synopses, same licence rule;
  * `description` of every npm package.json under node_modules trees here (license field);
  * PyPI `Summary` of every installed distribution (License-Expression, License or classifiers);
  * crate `description` of the local cargo registry (Cargo.toml license);
  * the summary line of Python (stdlib: PSF) and Rust (rustdoc) item docs, and JSDoc in .d.ts files.
Never the routing evaluation data.
"""

import ast
import glob
import gzip
import json
import os
import re
import subprocess
import sysconfig
from pathlib import Path

from corpus import permissive

WORDS = re.compile(r"[A-Za-z][A-Za-z'-]*")
TROFF = re.compile(r"\\f[A-Z0-9]|\\f\(..|\\\*\(..|\\[&|^]|\\s[-+]?\d")
PER_PACKAGE = 2500
# The gcloud man pages (Apache-2.0) and the stdlib's item docs are large, varied and clean.
PER_PACKAGE_LARGE = {"google-cloud-cli": 8000, "python-stdlib": 6000}


def statement(text):
    """A cleaned one-line statement, or None when it does not read as short English."""
    text = " ".join(text.replace("`", "").replace("**", "").replace("*/", "").split()).strip(" -:;,")
    if not text or text.lower().startswith(("(unknown", "todo", "deprecated", "http")):
        return None
    words = text.split()
    if not 3 <= len(words) <= 40 or len(text) > 320:
        return None
    letters = sum(c.isalpha() or c == " " for c in text)
    if letters < 0.75 * len(text) or not text.isascii():
        return None
    if len(WORDS.findall(text)) < 3:
        return None
    return text[0].upper() + text[1:]


def debian_licences():
    """{package: licence string} for the installed Debian packages whose copyright is permissive."""
    out = {}
    for path in sorted(glob.glob("/usr/share/doc/*/copyright")):
        package = path.split("/")[-2]
        try:
            text = Path(path).read_text("utf-8", "replace")
        except OSError:
            continue
        licences = sorted({m.strip() for m in re.findall(r"^License:\s*(.+)$", text, flags=re.M)})
        if licences:
            if all(permissive(l) for l in licences):
                out[package] = " / ".join(licences)
        elif permissive(text[:3000]) and not re.search(r"\bGPL|General Public", text):
            if re.search(r"Apache\s+License,?\s+(v\.\s+|Version\s+)?2\.0", text[:3000]):
                out[package] = "Apache-2.0 (copyright text)"
            else:
                found = re.search(r"\b(MIT|Apache[- ]2\.0|BSD|ISC|Expat)", text[:3000])
                out[package] = f"{found.group(1) if found else 'permissive'} (copyright text)"
    return out


def troff_text(line):
    line = TROFF.sub("", line).replace("\\-", "-").replace("\\(em", "-").replace("\\ ", " ")
    return re.sub(r"\\.", "", line)


def man_statements(licences):
    owners = {}
    for listing in glob.glob("/var/lib/dpkg/info/*.list"):
        package = os.path.basename(listing)[:-5].split(":")[0]
        for line in open(listing, errors="replace"):
            if re.match(r"/usr/share/man/man[1-8]/", line):
                owners[line.strip()] = package
    for path in sorted(owners):
        package = owners[path]
        if package not in licences or not os.path.isfile(path):
            continue
        try:
            raw = gzip.open(path).read(60000).decode("utf-8", "replace") if path.endswith(".gz") else Path(path).read_text("utf-8", "replace")[:60000]
        except (OSError, EOFError, gzip.BadGzipFile):
            continue
        lines = raw.split("\n")
        found = []
        for i, line in enumerate(lines):
            if re.match(r'\.S[Hh]\s+"?NAME"?', line):
                body = " ".join(troff_text(l) for l in lines[i + 1 : i + 4] if not l.startswith((".S", ".\\\"")) and not l.startswith(".HP") or l.strip() == "")
                if " - " in body:
                    found.append(body.split(" - ", 1)[1])
            elif re.match(r'\.S[Hh]\s+"?DESCRIPTION"?', line):
                para = []
                for l in lines[i + 1 : i + 12]:
                    if l.startswith(".S"):
                        break
                    if l.strip() == "" or l.startswith((".PP", ".P", ".LP")):
                        if para:
                            break
                        continue
                    if not l.startswith("."):
                        para.append(troff_text(l))
                first = re.split(r"(?<=[.!?])\s", " ".join(para))[0] if para else ""
                found.append(first)
                break
        yield package, licences[package], found


def debian_synopses(licences):
    output = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${binary:Summary}\n"], capture_output=True, text=True).stdout
    for line in sorted(set(output.splitlines())):
        package, _, summary = line.partition("\t")
        if package in licences:
            yield package, licences[package], [summary]


def package_jsons(roots):
    """package.json of every package directory (node_modules/NAME or node_modules/@scope/NAME)."""
    found = []
    for root in roots:
        if not os.path.isdir(root):
            continue
        listing = subprocess.run(["find", root, "-name", "package.json", "-path", "*node_modules*"], capture_output=True, text=True).stdout
        for path in listing.split("\n"):
            parts = path.split("/")
            if len(parts) > 3 and (parts[-3] == "node_modules" or (parts[-3].startswith("@") and parts[-4] == "node_modules")):
                found.append(path)
    return sorted(found)


def npm_descriptions(roots):
    seen = set()
    for path in package_jsons(roots):
        if True:
            try:
                meta = json.loads(Path(path).read_text("utf-8"))
            except (OSError, ValueError):
                continue
            name, licence, description = meta.get("name"), meta.get("license"), meta.get("description")
            if not isinstance(name, str) or not isinstance(description, str) or name in seen:
                continue
            if not isinstance(licence, str) or not permissive(licence):
                continue
            seen.add(name)
            yield name, licence, [description]


def pypi_summaries(site_dirs):
    seen = set()
    for site in site_dirs:
        for path in sorted(glob.glob(f"{site}/*.dist-info/METADATA")):
            text = Path(path).read_text("utf-8", "replace").split("\n\n", 1)[0]
            fields = {}
            for m in re.finditer(r"^([A-Za-z-]+): (.*)$", text, flags=re.M):
                fields.setdefault(m.group(1), []).append(m.group(2))
            name = (fields.get("Name") or [""])[0]
            if not name or name.lower() in seen:
                continue
            licence = (fields.get("License-Expression") or fields.get("License") or [""])[0]
            if len(licence) > 80 or not permissive(licence):
                licence = " ".join(c for c in fields.get("Classifier", []) if c.startswith("License"))
            if not permissive(licence):
                continue
            seen.add(name.lower())
            yield name, licence.strip(), fields.get("Summary", [])


def cargo_descriptions():
    for manifest in sorted(glob.glob(str(Path.home() / ".cargo/registry/src/*/*/Cargo.toml"))):
        text = Path(manifest).read_text("utf-8", "replace")
        licence = re.search(r'^license\s*=\s*"([^"]+)"', text, flags=re.M)
        description = re.search(r'^description\s*=\s*"""(.*?)"""|^description\s*=\s*"((?:[^"\\]|\\.)*)"', text, flags=re.M | re.S)
        if licence and description and permissive(licence.group(1)):
            crate = Path(manifest).parent.name
            yield crate, licence.group(1), [description.group(1) or description.group(2)]


def python_item_summaries():
    """First lines of function and class docstrings of the Python standard library (PSF-2.0)."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    skip = {"site-packages", "dist-packages", "test", "tests", "idlelib", "lib2to3", "__pycache__"}
    found = []
    for path in sorted(stdlib.rglob("*.py")):
        if skip & set(path.relative_to(stdlib).parts):
            continue
        try:
            tree = ast.parse(path.read_bytes())
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
                doc = ast.get_docstring(node)
                if doc:
                    found.append(doc.strip().split("\n\n")[0].replace("\n", " "))
    yield "python-stdlib", "PSF-2.0", found


def rust_item_summaries():
    """The summary line of each documented pub item of the permissive crates in the cargo registry."""
    for manifest in sorted(glob.glob(str(Path.home() / ".cargo/registry/src/*/*/Cargo.toml"))):
        text = Path(manifest).read_text("utf-8", "replace")
        licence = re.search(r'^license\s*=\s*"([^"]+)"', text, flags=re.M)
        if not licence or not permissive(licence.group(1)):
            continue
        base = Path(manifest).parent
        found = []
        for source in sorted(base.glob("src/**/*.rs")):
            code = source.read_text("utf-8", "replace")[:400000]
            for m in re.finditer(r"((?:^[ \t]*///[^\n]*\n)+)[ \t]*(?:#\[[^\n]*\n[ \t]*)*pub ", code, flags=re.M):
                first = []
                for l in m.group(1).split("\n"):
                    l = l.strip()[3:].strip()
                    if not l:
                        if first:
                            break
                        continue
                    first.append(l)
                found.append(re.split(r"(?<=\.)\s", " ".join(first))[0])
        yield base.name, licence.group(1), found


def jsdoc_summaries(roots):
    seen = set()
    for package_json in package_jsons(roots):
        if True:
            base = Path(package_json).parent
            try:
                meta = json.loads(Path(package_json).read_text("utf-8"))
            except (OSError, ValueError):
                continue
            name, licence = meta.get("name"), meta.get("license")
            if not isinstance(name, str) or name in seen or not isinstance(licence, str) or not permissive(licence):
                continue
            seen.add(name)
            found = []
            for dts in sorted(base.glob("*.d.ts"))[:20] + sorted(base.glob("dist/**/*.d.ts"))[:40]:
                code = dts.read_text("utf-8", "replace")[:300000]
                for m in re.finditer(r"/\*\*\s*\n?\s*\*?\s*([^@*\n][^\n]*)", code):
                    found.append(m.group(1))
            if found:
                yield name, licence, found


def collect(repo):
    """(texts, manifest) of capability statements: unique, in a fixed order, capped per package."""
    licences = debian_licences()
    home = Path.home()
    node_roots = [str(repo / "node_modules")] + [str(home / ".cache/pi-lean" / d / "node_modules") for d in ("verdaccio", "peers", "node22")]
    node_roots += sorted(glob.glob(str(home / ".cache/pi-lean/peers/*/node_modules")))
    site_dirs = sorted(set(glob.glob("/usr/lib/python3*/*-packages") + glob.glob("/usr/local/lib/python3*/*-packages") + glob.glob(str(home / ".cache/pi-lean/*/lib/python3*/site-packages"))))
    sources = (
        ("man", man_statements(licences)),
        ("debian", debian_synopses(licences)),
        ("npm-description", npm_descriptions(node_roots)),
        ("pypi-summary", pypi_summaries(site_dirs)),
        ("crate-description", cargo_descriptions()),
        ("python-item", python_item_summaries()),
        ("rust-item", rust_item_summaries()),
        ("jsdoc", jsdoc_summaries(node_roots)),
    )
    seen = set()
    texts = []
    manifest = {kind: {} for kind, _ in sources}
    for kind, source in sources:
        for package, licence, raw in source:
            entry = manifest[kind].setdefault(package, {"licence": licence, "statements": 0})
            for text in raw:
                if entry["statements"] >= PER_PACKAGE_LARGE.get(package, PER_PACKAGE):
                    break
                text = statement(text or "")
                if text is None or text.lower() in seen:
                    continue
                seen.add(text.lower())
                texts.append(text)
                entry["statements"] += 1
            if entry["statements"] == 0:
                del manifest[kind][package]
    return texts, manifest


if __name__ == "__main__":
    import random
    import sys

    texts, manifest = collect(Path(__file__).resolve().parents[2])
    for kind, packages in manifest.items():
        print(kind, len(packages), sum(p["statements"] for p in packages.values()), file=sys.stderr)
    print(len(texts), file=sys.stderr)
    for t in random.Random(1).sample(texts, 40):
        print(t)
