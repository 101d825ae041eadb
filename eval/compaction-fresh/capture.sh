#!/usr/bin/env bash
# Captures the fourth held-out compaction set: large outputs of tools no other set covers.
# Written, with QUESTIONS.md, before any capture; run once. Each file is the tool's combined
# stdout+stderr as an agent's bash call would return it.
set -u
OUT=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d /tmp/fresh-XXXX)
cd "$W"

# 01 perl's whole build configuration
perl -V:'.*' > "$OUT/01_perl_config_all.txt" 2>&1
# 02 which warnings gcc enables
gcc -Q --help=warnings > "$OUT/02_gcc_help_warnings.txt" 2>&1
# 03 the symbols of the C++ runtime by size
nm -C -S --size-sort -D /usr/lib/x86_64-linux-gnu/libstdc++.so.6 > "$OUT/03_nm_size_sort_libstdcxx.txt" 2>&1
# 04 the JVM's settings and properties
java -XshowSettings:all -version > "$OUT/04_java_showsettings_all.txt" 2>&1
# 05 cargo's JSON messages for a small crate with one warning
mkdir -p jsonmsg/src && cd jsonmsg
cat > Cargo.toml <<'TOML'
[package]
name = "jsonmsg"
version = "0.1.0"
edition = "2021"

[dependencies]
serde = { version = "1", features = ["derive"] }
serde_json = "1"
TOML
cat > src/main.rs <<'RS'
use serde::Serialize;
#[derive(Serialize)]
struct Point { x: i32, y: i32 }
fn main() {
    let unused_total = 3;
    println!("{}", serde_json::to_string(&Point { x: 1, y: 2 }).unwrap());
}
RS
cargo build --message-format=json > "$OUT/05_cargo_build_message_format_json.txt" 2>&1
cd "$W"
# 06 the npm audit report of a project with one old dependency
mkdir -p auditme && cd auditme
printf '{"name":"auditme","version":"1.0.0","dependencies":{"minimist":"0.0.8","lodash":"4.17.21","semver":"7.6.0"}}\n' > package.json
npm install --package-lock-only --ignore-scripts --no-audit --no-fund > /dev/null 2>&1
npm audit --json > "$OUT/06_npm_audit_json.json" 2>&1
cd "$W"
# 07 every file this repository tracks, with sizes
git -C "$OUT/../.." ls-tree -r -l HEAD > "$OUT/07_git_ls_tree_sizes.txt" 2>&1
# 08 a table as sqlite3 -json, one refunded order
python3 - <<'PY'
import sqlite3, random
random.seed(17)
db = sqlite3.connect("shop.db")
db.execute("create table orders(id integer primary key, customer text, placed text, total_cents integer, status text)")
for i in range(1, 1501):
    status = "refunded" if i == 977 else random.choice(["paid", "shipped"])
    db.execute("insert into orders values(?,?,?,?,?)", (500000 + i, f"c{random.randint(1000, 9999)}", f"2026-10-{1 + i % 28:02d}", random.randint(500, 20000), status))
db.commit()
PY
sqlite3 -json shop.db 'select * from orders order by id' > "$OUT/08_sqlite_json_orders.json" 2>&1
# 09 node's spec reporter: 30 suites of 10 tests, one failing, one skipped
python3 - <<'PY'
lines = ["import { describe, it } from 'node:test';", "import assert from 'node:assert/strict';"]
for s in range(30):
    lines.append(f"describe('parser module {s}', () => {{")
    for t in range(10):
        if (s, t) == (21, 6):
            lines.append(f"  it('parses nested arrays case {t}', () => {{ assert.deepEqual([1, [2, 3]], [1, [2, 4]]); }});")
        elif (s, t) == (8, 2):
            lines.append(f"  it('parses unicode escapes case {t}', {{ skip: 'needs ICU data' }}, () => {{}});")
        else:
            lines.append(f"  it('parses tokens case {t}', () => {{ assert.equal({t} + {s}, {t + s}); }});")
    lines.append("});")
open("parser.test.mjs", "w").write("\n".join(lines) + "\n")
PY
node --test --test-reporter=spec parser.test.mjs > "$OUT/09_node_test_spec_one_failure.txt" 2>&1; echo "exit status $?" >> "$OUT/09_node_test_spec_one_failure.txt"
# 10 warnings printed at every call, and one of another kind
cat > warn.py <<'PY'
import warnings, io
warnings.simplefilter("always")
def legacy_parse(i):
    warnings.warn(f"legacy_parse is deprecated; use parse (call {i})", DeprecationWarning, stacklevel=2)
for i in range(1500):
    legacy_parse(i)
    if i == 1111:
        f = open(__file__)
        del f
print("processed 1500 records")
PY
python3 -X dev warn.py > "$OUT/10_python_warnings_flood.txt" 2>&1
# 11 pip's inventory of the environment (JSON)
python3 -m pip inspect > "$OUT/11_pip_inspect.json" 2>/dev/null
# 12 time zone files, recursively
ls -laR /usr/share/zoneinfo > "$OUT/12_ls_laR_zoneinfo.txt" 2>&1
echo "captured in $W"
