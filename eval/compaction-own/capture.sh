#!/usr/bin/env bash
# Captures the held-out compaction corpus from real tools on this machine (see MANIFEST.md).
# Usage: bash eval/compaction-own/capture.sh OUTDIR   (needs cargo, node/npm, python3 venv with
# pytest/mypy/ruff/flake8, gcc/make, git, rg, tree, sqlite3, postgresql). Outputs vary with
# versions and time, so the committed files are the record; this script documents how.
set -u
OUT=$(realpath "${1:?outdir}")
REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d /tmp/own-corpus-XXXX)
PY=${PY:-$HOME/.cache/pi-lean/own-corpus-venv/bin}
REG=$(ls -d "$HOME"/.cargo/registry/src/*/ | head -1)
cap() { local name=$1; shift; (cd "$WORK" && bash -c "$*") > "$OUT/$name" 2>&1; echo "$name $(wc -c < "$OUT/$name")"; }

# ---- Rust: a crate with deps from the local registry, a type error, failing tests, lints
mkdir -p "$WORK/app/src" "$WORK/app/tests"
cat > "$WORK/app/Cargo.toml" <<'T'
[package]
name = "app"
version = "0.1.0"
edition = "2021"
[dependencies]
regex = "1"
serde_json = "1"
memchr = "2"
tiktoken-rs = "=0.12.1"
criterion = { version = "0.8", default-features = false }
T
cat > "$WORK/app/src/lib.rs" <<'T'
pub fn parse_port(s: &str) -> Option<u16> { s.trim().parse().ok() }
pub fn mean(xs: &[f64]) -> f64 { xs.iter().sum::<f64>() / xs.len() as f64 }
pub fn count_words(s: &str) -> usize { s.split_whitespace().count() }
pub fn find_all(hay: &str, pat: &str) -> Vec<usize> { regex::Regex::new(pat).unwrap().find_iter(hay).map(|m| m.start()).collect() }
pub fn newline_count(b: &[u8]) -> usize { memchr::memchr_iter(b'\n', b).count() }
pub fn get_field(json: &str, key: &str) -> Option<String> { let v: serde_json::Value = serde_json::from_str(json).ok()?; v.get(key).map(|x| x.to_string()) }
pub fn clamp_percent(x: i64) -> i64 { if x < 0 { 0 } else if x > 100 { 100 } else { x } }
T
{ echo 'use app::*;'
  for i in $(seq 1 60); do echo "#[test] fn port_$i() { assert_eq!(parse_port(\"$((i+1000))\"), Some($((i+1000)))); }"; done
  echo '#[test] fn mean_of_empty_is_zero() { assert_eq!(mean(&[]), 0.0); }'
  echo '#[test] fn words_in_sentence() { assert_eq!(count_words("the quick  brown fox"), 5, "word count of a four-word sentence"); }'
  for i in $(seq 1 40); do echo "#[test] fn clamp_$i() { assert_eq!(clamp_percent($i), $i); }"; done
  echo '#[test] fn json_field() { assert_eq!(get_field("{\"a\": 1}", "b").unwrap(), "1"); }'
} > "$WORK/app/tests/api.rs"
cap 01_cargo_build_v_deps.txt "cd app && cargo build -v --offline --color never"
cap 02_cargo_test_3fail.txt "cd app && cargo test --offline --color never -- --test-threads 1"
cat >> "$WORK/app/src/lib.rs" <<'T'
pub fn broken_total(xs: &[u32]) -> u64 { let mut t: u64 = 0; for x in xs { t += x; } t }
pub fn broken_name(n: usize) -> String { n }
T
cap 03_cargo_build_type_errors.txt "cd app && cargo build --offline --color never"
git -C "$WORK/app" init -q 2>/dev/null
sed -i '/broken_/d' "$WORK/app/src/lib.rs"
{ for i in $(seq 1 120); do
    echo "pub fn loop_$i(v: &Vec<u32>) -> u32 { let mut s = 0; for j in 0..v.len() { s += v[j].clone(); } if s == 0 { return 0; } else { return s; } }"
  done; } >> "$WORK/app/src/lib.rs"
cap 04_cargo_clippy_many_warnings.txt "cd app && cargo clippy --offline --color never"
cap 05_cargo_tree.txt "cd app && cargo tree --offline --color never -e normal,build,dev"

# ---- Node
mkdir -p "$WORK/nodeproj"
{ echo 'import test from "node:test"; import assert from "node:assert/strict";'
  for i in $(seq 1 80); do echo "test('adds $i', () => assert.equal($i + 1, $((i+1))));"; done
  echo "test('parses config', () => assert.deepEqual(JSON.parse('{\"port\":8080,\"host\":\"a\"}'), { port: 8081, host: 'a' }));"
  echo "test('rejects bad input', async () => { await assert.rejects(Promise.resolve(1), /invalid input/); });"
  echo "test('reads missing file', () => { const fs = require('node:fs'); fs.readFileSync('/nonexistent/config.json'); });"
} > "$WORK/nodeproj/app.test.mjs"
cap 06_node_test_3fail.txt "cd nodeproj && node --test app.test.mjs"
cap 07_npm_ls_all.txt "cd '$REPO' && npm ls --all"
cap 08_npm_install_verbose.txt "mkdir -p npmi && cd npmi && npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel verbose semver@7.6.3 commander@12.1.0 picocolors@1.1.1 nonexistent-pkg-pi-lean-xyz@1.0.0"
cat > "$WORK/nodeproj/server.mjs" <<'T'
const log = (lvl, msg) => console.log(`${new Date(Date.UTC(2026, 10, 30, 12, 0, 0, 0) + (globalThis.t = (globalThis.t ?? 0) + 137)).toISOString()} ${lvl} ${msg}`);
for (let i = 0; i < 900; i++) log("INFO", `GET /api/items/${i % 37} 200 ${(i * 7) % 40 + 2}ms worker=${i % 4}`);
log("WARN", "pool nearly exhausted: 19/20 connections in use");
function connect() { throw new Error("connect ECONNREFUSED 127.0.0.1:5432"); }
function loadUser(id) { try { connect(); } catch (e) { throw new Error(`failed to load user ${id}`, { cause: e }); } }
try { loadUser(42); } catch (e) { log("ERROR", e.stack + "\nCaused by: " + e.cause.stack); }
for (let i = 0; i < 300; i++) log("INFO", `GET /health 200 1ms worker=${i % 4}`);
T
cap 09_node_service_log_cause.txt "node nodeproj/server.mjs"
mkdir -p "$WORK/tsproj"
{ echo 'export interface User { id: number; name: string; email?: string }'
  for i in $(seq 1 30); do echo "export function f$i(u: User): string { return u.name + $i; }"; done
  echo 'export const bad1: number = "text";'
  echo 'export function bad2(u: User) { return u.mail.toLowerCase(); }'
  echo 'f1({ id: "7", name: "x" });'
  echo 'import { missing } from "./nowhere";'
} > "$WORK/tsproj/index.ts"
cap 10_tsc_errors.txt "cd tsproj && '$REPO/node_modules/.bin/tsc' --strict --noEmit --pretty false index.ts"

# ---- Python
mkdir -p "$WORK/pyproj"
{ echo 'import pytest, json'
  for i in $(seq 1 90); do echo "def test_square_$i(): assert $i * $i == $((i*i))"; done
  echo 'def test_json_roundtrip(): assert json.loads(json.dumps({"a": 1.5})) == {"a": 1.25}'
  echo 'def test_division(): assert 1 / 0 == 0'
  echo '@pytest.mark.parametrize("n", range(20))'
  echo 'def test_param(n): assert n != 13, f"unlucky {n}"'
  echo '@pytest.mark.skip(reason="needs network")'
  echo 'def test_network(): pass'
} > "$WORK/pyproj/test_math.py"
cap 11_pytest_v_3fail.txt "cd pyproj && '$PY/pytest' -v -p no:cacheprovider test_math.py"
SITE=$("$PY/python" -c 'import more_itertools,os;print(os.path.dirname(more_itertools.__file__))')
cp -r "$SITE" "$WORK/mi" && rm -f "$WORK/mi/"*.pyi
cap 12_mypy_strict.txt "cd mi && '$PY/mypy' --strict --no-incremental --cache-dir /dev/null more.py recipes.py"
cap 13_ruff_check_all.txt "cd '$SITE/..' && '$PY/ruff' check --no-cache --select ALL --output-format concise more_itertools"
cap 14_flake8.txt "cd '$SITE/..' && '$PY/flake8' --max-line-length 60 more_itertools"
cap 15_pip_install_v.txt "'$PY/pip' install -v --no-cache-dir --target '$WORK/piptarget' six==1.16.0 no-such-package-pi-lean-zz==0.1"
cat > "$WORK/pyproj/chain.py" <<'T'
import logging, sys
logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO, stream=sys.stdout)
log = logging.getLogger("sync")
for i in range(400):
    log.info("synced batch %d (%d records)", i, 100 + i % 17)
def read_config(path):
    with open(path) as f:
        return f.read()
def start():
    try:
        read_config("/etc/app/missing.toml")
    except FileNotFoundError as e:
        raise RuntimeError("configuration could not be loaded") from e
try:
    start()
except RuntimeError:
    log.exception("worker crashed")
for i in range(200):
    log.info("retrying in %ds", 5)
T
cap 16_python_chained_traceback_log.txt "cd pyproj && '$PY/python' chain.py"

# ---- C / make
mkdir -p "$WORK/cproj"
for i in $(seq 1 60); do
  printf '#include <stdio.h>\nint unit_%d(int a, int b) { int unused_%d; unsigned u = a; if (u < b) return %d; return a; }\n' $i $i $i > "$WORK/cproj/u$i.c"
done
printf '#include <stdio.h>\nint main(void) { undeclared_fn(3); struct point p; p.z = 1; return 0; }\n' > "$WORK/cproj/main.c"
printf 'CFLAGS=-O2 -Wall -Wextra -Wsign-compare -fno-common -DNDEBUG -D_FORTIFY_SOURCE=2 -I./include -I/usr/local/include -fPIC -pipe\nOBJS=$(patsubst %%.c,%%.o,$(wildcard u*.c)) main.o\nall: app\napp: $(OBJS)\n\t$(CC) -o $@ $^\n%%.o: %%.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n' > "$WORK/cproj/Makefile"
cap 17_make_gcc_warnings_error.txt "cd cproj && make -k -j1"
cap 18_make_verbose_commands.txt "cd cproj && make clean >/dev/null 2>&1; rm -f *.o; sed -i 's/undeclared_fn(3); struct point p; p.z = 1;//' main.c; make -j1 CFLAGS='-O2 -g -Wall -fno-common -fstack-protector-strong -DNDEBUG -DVERSION=\"1.4.2\" -DBUILD_ID=0x7f3a -I./include -I/usr/local/include -I/opt/vendor/include -fPIC -pipe -march=x86-64 -mtune=generic'"

# ---- git
cap 19_git_log_stat.txt "cd '$REPO' && git log --stat -n 60 --no-color"
cap 20_git_diff_range.txt "cd '$REPO' && git diff --no-color HEAD~25 HEAD~5 -- crates extension scripts"
mkdir -p "$WORK/gitst" && (cd "$WORK/gitst" && git init -q && for d in src docs build/cache; do mkdir -p $d; done && for i in $(seq 1 40); do echo x > src/f$i.rs; done && git add src && git -c user.email=a@b -c user.name=a commit -qm init && for i in $(seq 1 10); do echo y >> src/f$i.rs; done && git rm -q src/f40.rs && git mv src/f39.rs src/renamed.rs && for i in $(seq 1 300); do echo z > build/cache/obj$i.o; done && echo d > docs/new.md)
cap 21_git_status_untracked.txt "cd gitst && git status -uall"
cap 22_git_blame.txt "cd '$REPO' && git blame --date=short extension/token-saver-compaction.js"

# ---- searches
cap 23_rg_unsafe_registry.txt "cd '$REG' && rg -n -w unsafe --sort path regex-automata-0.4.19/src memchr-2.8.3/src"
cap 24_grep_rn_todo.txt "cd '$REG' && grep -rn -E 'TODO|FIXME|XXX' --include=*.rs ."
cap 25_rg_fn_new_context.txt "cd '$REG' && rg -n -C1 'pub fn new\(' --sort path serde_json-1.0.154 regex-1.13.2 clap_builder-4.6.7"

# ---- trees
cap 26_tree_registry.txt "cd '$REG' && tree -L 3 --noreport regex-automata-0.4.19 clap_builder-4.6.7 proptest-1.12.0"
cap 27_find_usr_include.txt "find /usr/include -name '*.h' | sort"
cap 28_du_node_modules.txt "cd '$REPO' && du -ah node_modules/@earendil-works | sort -k2"

# ---- service logs, tables, configs
cap 29_postgres_log.txt "service postgresql start >/dev/null 2>&1; sleep 2; for i in \$(seq 1 40); do su postgres -c \"psql -qc 'select 1/0'\" ; su postgres -c \"psql -qc 'select * from missing_table_\$i'\"; su postgres -c \"psql -qc 'select count(*) from pg_class'\" >/dev/null; done; tail -n 400 /var/log/postgresql/postgresql-15-main.log"
cap 30_dpkg_list_table.txt "dpkg -l"
cap 31_pip_list_table.txt "'$PY/pip' list -v"
sqlite3 "$WORK/t.db" "create table runs(id integer primary key, suite text, status text, ms integer, host text); with recursive c(x) as (select 1 union all select x+1 from c where x<1500) insert into runs select x, 'suite_'||(x%23), case when x in (77,812,1440) then 'FAILED' else 'ok' end, case when x=999 then 98123 else 40+(x*37)%300 end, 'ci-'||(x%5) from c;"
cap 32_sqlite_table.txt "sqlite3 -header -column t.db 'select * from runs'"
cap 33_openssl_cnf_config.txt "cat /etc/ssl/openssl.cnf"
cap 34_postgresql_conf.txt "cat /etc/postgresql/15/main/postgresql.conf"
cap 35_cargo_lock_toml.txt "cat '$REPO/Cargo.lock'"
cap 36_apt_history_log.txt "cat /var/log/apt/history.log"
rm -rf "$WORK"
# Post-capture edit (the only one): package-registry host names become *.invalid names.
sed -i -e 's/index\.crates\.io/index.crates.invalid/g; s/static\.crates\.io/static.crates.invalid/g; s/crates\.io/crates.invalid/g' \
  -e 's/registry\.npmjs\.org/registry.npm.invalid/g; s/npmjs\.org/npm.invalid/g; s/npmjs\.com/npm.invalid/g' \
  -e 's/files\.pythonhosted\.org/files.pythonhosted.invalid/g; s/pypi\.org/pypi.invalid/g' \
  -e 's/deb\.debian\.org/deb.debian.invalid/g' "$OUT"/*.txt
