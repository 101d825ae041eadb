#!/usr/bin/env bash
# Captures the twelfth held-out set on this machine (Debian 12, Python 3.11 via pyenv, Node with
# npm, Rust stable and nightly, PostgreSQL 15). Run from the repository root. Organic like sets 9
# to 11: real commands on real projects and real files, from tools and file kinds no earlier set
# covers. Sections were run one by one during the capture session, in this order.
# The work directory is a fixed path so paths in the outputs are stable; timings, PIDs and
# addresses differ on every run, so the committed files are the record.
set -u
out=$(realpath eval/compaction-set12)
S=${S:-/tmp/set12-scratch}
mkdir -p "$S"
say() { echo "$1 $(wc -c < "$out/$1")"; }
py=$S/venv/bin
unset CARGO_TARGET_DIR

## setup (tools): Debian packages, a Python venv, npm tools (run once, by hand, before the
## sections below; the apt-get step installs on the system).
apt-get update -qq && apt-get install -y -q redis-server hyperfine ruby golang-go php-cli fd-find ack > $S/apt.log 2>&1
[ -x $py/python ] || python3 -m venv $S/venv
$py/pip install -q pytest pytest-benchmark toolz ty pip-audit sqlfluff csvkit duckdb memray pyinstrument line_profiler vega_datasets build > $S/pip.log 2>&1
mkdir -p $S/js $S/pk && (cd $S/js && { [ -f package.json ] || npm init -y > /dev/null; } && npm install --no-audit --no-fund vitest zod@4 @ast-grep/cli vite > npm.log 2>&1)

## git: a repository made of releases of the tokio crate (crates.io sources), one commit and tag
## per release on main, and a branch "backport" that copies 1.45.0's src/sync, src/time and src/io/util
## onto 1.20.0; merged into main, it conflicts.
mkdir -p $S/crates && (cd $S/crates && for v in 1.20.0 1.28.0 1.35.0 1.38.0 1.45.0; do
  curl -sSfL -o tokio-$v.crate https://static.crates.io/crates/tokio/tokio-$v.crate && tar xzf tokio-$v.crate; done)
g=$S/tokio-git; rm -rf $g; mkdir -p $g
export GIT_AUTHOR_NAME="Set Twelve" GIT_AUTHOR_EMAIL=set12@example.invalid GIT_COMMITTER_NAME="Set Twelve" GIT_COMMITTER_EMAIL=set12@example.invalid
(cd $g && git init -q -b main && for v in 1.20.0 1.28.0 1.35.0 1.38.0; do
  git rm -rqf . > /dev/null 2>&1; cp -a $S/crates/tokio-$v/. . ; rm -f .cargo_vcs_info.json Cargo.toml.orig
  git add -A && git commit -qm "tokio $v" && git tag v$v; done
 git checkout -qb backport v1.20.0 && for d in src/sync src/time src/io/util; do rm -rf $d; cp -a $S/crates/tokio-1.45.0/$d $d; done && git add -A && git commit -qm "Backport sync and io fixes from 1.45.0" && git checkout -q main)
# 01: git diff --stat --summary between two releases.
(cd $g && git diff -M --stat=150 --summary v1.20.0 v1.38.0) > $out/01_git_diff_stat_summary_tokio.txt 2>&1; say 01_git_diff_stat_summary_tokio.txt
# 02: the merge that conflicts, git status, then git diff of the conflicted state (combined diff).
(cd $g && git merge backport; echo "\$ git status"; git status; echo "\$ git diff"; git diff) > $out/02_git_merge_conflict_diff_tokio.txt 2>&1; say 02_git_merge_conflict_diff_tokio.txt
(cd $g && git merge --abort)

## JS: vitest over zod 4.6.7's own classic tests (npm tarball's src/), with one assertion of
## number.test.ts flipped (line 186: 2.04 is not a multiple of 0.07, the test now expects true).
(cd $S/pk && npm pack -q zod@4.6.7 expo-modules-core@58.2.1 primevue@5.0.6 && for t in *.tgz; do d=${t%.tgz}; mkdir -p $d && tar xzf $t -C $d --strip-components=1; done)
(cd $S/js && rm -rf zod-src && cp -a $S/pk/zod-4.6.7/src zod-src && sed -i '186s/toBe(false)/toBe(true)/' zod-src/v4/classic/tests/number.test.ts)
# 03
(cd $S/js && NO_COLOR=1 npx vitest run --root . zod-src/v4/classic/tests) > $out/03_vitest_zod_1fail.txt 2>&1; say 03_vitest_zod_1fail.txt

## Python: toolz 1.2.0 (PyPI sdist) with two edits: test_dicttoolz.py imports a name toolz lacks
## (merge_deep), and test_itertoolz.py's test_frequencies expects "dog": 4.
(cd $S && $py/pip download -q --no-deps --no-binary :all: toolz==1.2.0 pylint==4.1.5 greenlet==3.5.6 lz4==4.4.5 -d sdists && cd sdists && for f in *.tar.gz; do tar xzf $f; done)
t=$S/toolz-work; rm -rf $t; cp -a $S/sdists/toolz-1.2.0 $t
sed -i 's/^from toolz.dicttoolz import (merge, /from toolz.dicttoolz import (merge, merge_deep, /' $t/toolz/tests/test_dicttoolz.py
sed -i '265s/"dog": 3/"dog": 4/' $t/toolz/tests/test_itertoolz.py
# 04: pytest -rA (every result in the summary) with a collection error and one failure.
(cd $t && $py/python -m pytest -rA --continue-on-collection-errors -p no:cacheprovider toolz/tests) > $out/04_pytest_rA_collect_error_toolz.txt 2>&1; say 04_pytest_rA_collect_error_toolz.txt
# 05: ty (Astral's type checker) over toolz's sources.
(cd $S/sdists/toolz-1.2.0 && $py/ty check --python $S/venv toolz) > $out/05_ty_check_toolz.txt 2>&1; say 05_ty_check_toolz.txt
# 06: pytest-benchmark of toolz functions at three input sizes (a benchmark module written for
# this capture).
mkdir -p $S/bench && cat > $S/bench/test_bench_toolz.py <<'PYEOF'
import random
import pytest
import toolz
random.seed(12)
SIZES = [1000, 20000, 100000]
DATA = {n: [random.randrange(1000) for _ in range(n)] for n in SIZES}
WORDS = {n: [str(x) for x in DATA[n]] for n in SIZES}
DICTS = [{i: i * 2 for i in range(50)} for _ in range(200)]
sizes = pytest.mark.parametrize("n", SIZES)
@sizes
def test_groupby(benchmark, n): benchmark(toolz.groupby, lambda x: x % 7, DATA[n])
@sizes
def test_frequencies(benchmark, n): benchmark(toolz.frequencies, DATA[n])
@sizes
def test_countby(benchmark, n): benchmark(toolz.countby, len, WORDS[n])
@sizes
def test_unique(benchmark, n): benchmark(lambda: list(toolz.unique(DATA[n])))
@sizes
def test_sliding_window(benchmark, n): benchmark(lambda: list(toolz.sliding_window(3, DATA[n])))
@sizes
def test_partition_all(benchmark, n): benchmark(lambda: list(toolz.partition_all(64, DATA[n])))
@sizes
def test_merge_sorted(benchmark, n): benchmark(lambda: list(toolz.merge_sorted(sorted(DATA[n][:n // 2]), sorted(DATA[n][n // 2:]))))
@sizes
def test_interleave(benchmark, n): benchmark(lambda: list(toolz.interleave([DATA[n], WORDS[n]])))
@sizes
def test_topk(benchmark, n): benchmark(toolz.topk, 10, DATA[n])
@sizes
def test_diff(benchmark, n): benchmark(lambda: list(toolz.diff(DATA[n], list(reversed(DATA[n])))))
@sizes
def test_accumulate(benchmark, n): benchmark(lambda: list(toolz.accumulate(lambda a, b: a + b, DATA[n])))
@sizes
def test_pipe(benchmark, n): benchmark(toolz.pipe, DATA[n], sorted, reversed, list)
def test_merge(benchmark): benchmark(toolz.merge, *DICTS)
def test_merge_with(benchmark): benchmark(toolz.merge_with, sum, *DICTS)
def test_valmap(benchmark): benchmark(toolz.valmap, str, DICTS[0])
def test_pluck(benchmark): benchmark(lambda: list(toolz.pluck(3, DICTS)))
PYEOF
(cd $S/bench && $py/python -m pytest -p no:cacheprovider --benchmark-max-time=0.25 --benchmark-columns=min,max,mean,stddev,median,iqr,outliers,ops,rounds test_bench_toolz.py) > $out/06_pytest_benchmark_toolz.txt 2>&1; say 06_pytest_benchmark_toolz.txt
# 07: sqlfluff lint (postgres dialect, JSON report) of PostgreSQL 15 extension scripts.
mkdir -p $S/sql && cp /usr/share/postgresql/15/extension/{pgcrypto--1.3,dblink--1.2,pg_trgm--1.3,pageinspect--1.5}.sql $S/sql/
(cd $S/sql && $py/sqlfluff lint --dialect postgres --format json --nofail .) > $out/07_sqlfluff_lint_json_pg_extensions.json 2>&1; say 07_sqlfluff_lint_json_pg_extensions.json
# 08: csvstat (csvkit) of vega_datasets' us-employment.csv (monthly US employment by sector).
vd=$($py/python -c 'import vega_datasets, os; print(os.path.join(os.path.dirname(vega_datasets.__file__), "_data"))')
$py/csvstat $vd/us-employment.csv > $out/08_csvstat_us_employment.txt 2>&1; say 08_csvstat_us_employment.txt
# 09: DuckDB (Python package) over vega_datasets' airports.csv and stocks.csv: a grouped query
# shown as a box table, then EXPLAIN ANALYZE of a join.
cat > $S/duck.py <<PYEOF
import duckdb, os
d = "$vd"
con = duckdb.connect()
con.sql(f"CREATE TABLE airports AS SELECT * FROM read_csv_auto('{d}/airports.csv')")
con.sql(f"CREATE TABLE stocks AS SELECT * , strptime(date, '%b %d %Y')::DATE AS day FROM read_csv_auto('{d}/stocks.csv')")
print("-- airports per state")
con.sql("SELECT state, count(*) AS airports, count(DISTINCT city) AS cities, round(avg(latitude), 3) AS avg_lat, round(min(longitude), 3) AS min_lon, round(max(longitude), 3) AS max_lon FROM airports GROUP BY state ORDER BY airports DESC, state").show(max_rows=200, max_width=200)
print("-- yearly price range per symbol")
con.sql("SELECT symbol, year(day) AS yr, min(price) AS low, max(price) AS high, round(avg(price), 2) AS avg FROM stocks GROUP BY ALL ORDER BY symbol, yr").show(max_rows=200, max_width=200)
print("-- EXPLAIN ANALYZE")
for row in con.sql("EXPLAIN ANALYZE SELECT a.state, s.symbol, count(*) FROM airports a JOIN stocks s ON length(a.city) % 5 = month(s.day) % 5 WHERE a.state IN ('CA','TX','NY') GROUP BY ALL ORDER BY 3 DESC LIMIT 10").fetchall():
    print(row[1])
PYEOF
$py/python $S/duck.py > $out/09_duckdb_airports_stocks.txt 2>&1; say 09_duckdb_airports_stocks.txt
# 10: memray stats -n 40 of csvstat (csvkit) run under memray over us-employment.csv.
rm -f $S/memray-csvstat.bin
$py/python -m memray run -q -o $S/memray-csvstat.bin -m csvkit.utilities.csvstat $vd/us-employment.csv > /dev/null 2>&1
$py/python -m memray stats -n 40 $S/memray-csvstat.bin > $out/10_memray_stats_csvstat.txt 2>&1; say 10_memray_stats_csvstat.txt
# 11: pyinstrument profile of sqlfluff linting one extension script.
(cd $S/sql && $py/pyinstrument --show-all -m sqlfluff lint --dialect postgres pg_trgm--1.3.sql) > $out/11_pyinstrument_sqlfluff_lint.txt 2>&1; say 11_pyinstrument_sqlfluff_lint.txt
# 12: line_profiler over eleven toolz functions (LineProfiler wrapping them, print_stats).
cat > $S/lprof.py <<'PYEOF'
import random
from line_profiler import LineProfiler
import toolz.itertoolz as it, toolz.dicttoolz as dt
random.seed(12)
data = [random.randrange(1000) for _ in range(200000)]
dicts = [{i: i for i in range(40)} for _ in range(2000)]
lp = LineProfiler(it.groupby, it.frequencies, it.sliding_window, it.unique, it.interleave, it.partition_all, it.topk, it.diff, dt.merge_with, dt.valmap, dt.assoc_in)
lp.runcall(it.groupby, lambda x: x % 13, data)
lp.runcall(it.frequencies, data)
lp.runcall(lambda: list(it.sliding_window(4, data)))
lp.runcall(dt.merge_with, sum, *dicts)
lp.runcall(lambda: list(it.unique(data)))
lp.runcall(lambda: list(it.interleave([data, data[::-1]])))
lp.runcall(lambda: list(it.partition_all(100, data)))
lp.runcall(it.topk, 20, data)
lp.runcall(lambda: list(it.diff(data, data[::-1])))
lp.runcall(dt.valmap, str, dicts[0])
for i in range(2000):
    lp.runcall(dt.assoc_in, dicts[i], ['extra', i % 40], i)
lp.print_stats()
PYEOF
$py/python $S/lprof.py > $out/12_line_profiler_toolz.txt 2>&1; say 12_line_profiler_toolz.txt
# 13: python -m build (sdist then wheel) of toolz 1.2.0 from its sdist tree.
rm -rf $S/toolz-build && cp -a $S/sdists/toolz-1.2.0 $S/toolz-build
(cd $S/toolz-build && $py/python -m build) > $out/13_python_build_toolz.txt 2>&1; say 13_python_build_toolz.txt

## Rust (cargo 1.95, nightly 1.97).
# 14: cargo build of a new binary crate depending on cpal 0.15 (audio I/O, ALSA on Linux); the
# machine has no libasound2-dev, so alsa-sys's build script fails at pkg-config.
rm -rf $S/alsa-app && cargo new -q --vcs none $S/alsa-app && (cd $S/alsa-app && cargo add -q cpal@0.15 && cargo build) > $out/14_cargo_build_cpal_alsa_sys_pkg_config.txt 2>&1; say 14_cargo_build_cpal_alsa_sys_pkg_config.txt
# 15: nightly rustc -Zunpretty=expanded of semver 1.0.28 (crates.io source), its macro expansion.
(cd $S/crates && curl -sSfL -o semver-1.0.28.crate https://static.crates.io/crates/semver/semver-1.0.28.crate && tar xzf semver-1.0.28.crate)
rm -rf $S/semver-x && cp -a $S/crates/semver-1.0.28 $S/semver-x
(cd $S/semver-x && cargo +nightly rustc -q --lib -- -Zunpretty=expanded) > $out/15_rustc_unpretty_expanded_semver.txt 2>&1; say 15_rustc_unpretty_expanded_semver.txt
# 16: cargo llvm-lines (installed from crates.io into the work directory) of serde_json 1.0.154.
cargo install -q --root $S/cargo-tools cargo-llvm-lines
rm -rf $S/serde_json-x && cp -a $(ls -d ~/.cargo/registry/src/index.crates.io-*/serde_json-1.0.154 | head -1) $S/serde_json-x
(cd $S/serde_json-x && PATH=$S/cargo-tools/bin:$PATH cargo llvm-lines --lib) > $out/16_cargo_llvm_lines_serde_json.txt 2>&1; say 16_cargo_llvm_lines_serde_json.txt

## Go 1.19 (Debian golang-go). Go module proxy not used: only the standard library.
export GOPROXY=off GOCACHE=$S/gocache
# 17: go test -v of a copy of encoding/csv made into a module, with one expectation of the
# RFC4180test case edited (b"bb expected as b""bb).
rm -rf $S/gocsv && cp -a /usr/lib/go-1.19/src/encoding/csv $S/gocsv && chmod -R u+w $S/gocsv && (cd $S/gocsv && printf 'module set12/csv\n\ngo 1.19\n' > go.mod && sed -i 's/{"a,a", `b"bb`, "ccc"},/{"a,a", `b""bb`, "ccc"},/' reader_test.go && sed -i 's#"encoding/csv"#"set12/csv"#' example_test.go)
(cd $S/gocsv && go test -v .) > $out/17_go_test_v_csv_1fail.txt 2>&1; say 17_go_test_v_csv_1fail.txt
# 18: go test -bench of the standard library's sort and strconv packages (benchmarks only).
(cd /usr/lib/go-1.19/src && go test -run '^$' -bench . -benchmem -benchtime 50ms sort strconv) > $out/18_go_test_bench_sort_strconv.txt 2>&1; say 18_go_test_bench_sort_strconv.txt
# 19: go list -json of net/http and its subpackages (the ... pattern matches nothing: Debian's GOROOT/src is a symlink) (API-like JSON about packages).
(cd $S && go list -json net/http net/http/httptest net/http/httputil net/http/httptrace net/http/cookiejar net/http/pprof net/http/cgi net/http/fcgi) > $out/19_go_list_json_net_http.json 2>&1; say 19_go_list_json_net_http.json

## C: the lz4 library sources bundled in python-lz4 4.4.5's sdist (lz4libs/), and a small driver
## written for this capture, which compresses with LZ4F (frame API) and LZ4 HC, and decompresses
## a block into a destination buffer one byte too small for the safe bound it claims.
l=$S/lz4c; rm -rf $l; mkdir -p $l && cp $S/sdists/lz4-4.4.5/lz4libs/*.[ch] $l/
cat > $l/driver.c <<'CEOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lz4.h"
#include "lz4hc.h"
#include "lz4frame.h"
int main(void) {
  size_t n = 1 << 16;
  char *src = malloc(n);
  for (size_t i = 0; i < n; i++) src[i] = "lorem ipsum dolor sit amet "[i % 27] ^ (char)(i / 4096);
  size_t fcap = LZ4F_compressFrameBound(n, NULL);
  char *frame = malloc(fcap);
  size_t fsz = LZ4F_compressFrame(frame, fcap, src, n, NULL);
  int bound = LZ4_compressBound((int)n);
  char *hc = malloc(bound);
  int hsz = LZ4_compress_HC(src, hc, (int)n, bound, LZ4HC_CLEVEL_MAX);
  printf("frame %zu bytes, hc block %d bytes\n", fsz, hsz);
  char *back = malloc(n - 1);            /* one byte short */
  int got = LZ4_decompress_fast(hc, back, (int)n);   /* trusts n: writes n bytes */
  printf("decompressed %d\n", got);
  free(back); free(hc); free(frame); free(src);
  return 0;
}
CEOF
# 20: AddressSanitizer report of the driver (gcc 12, -fsanitize=address,undefined).
(cd $l && gcc -g -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -o driver-asan driver.c lz4.c lz4hc.c lz4frame.c xxhash.c && ./driver-asan) > $out/20_asan_heap_overflow_lz4.txt 2>&1; say 20_asan_heap_overflow_lz4.txt

## Search and listing tools.
# 21: ast-grep (structural search) over zod 4.6.7's TypeScript sources: every `throw new X(...)`,
# with a line of context.
(cd $S/pk/zod-4.6.7 && $S/js/node_modules/.bin/ast-grep run --lang ts -C 1 -p 'throw new $E($$$ARGS)' src) > $out/21_ast_grep_throw_error_zod.txt 2>&1; say 21_ast_grep_throw_error_zod.txt
# 22: ack (Debian) over Ruby 3.1's standard library: every `def initialize` with its parameters.
(cd /usr/lib/ruby/3.1.0 && ack --ruby -w 'def initialize') > $out/22_ack_def_initialize_ruby_stdlib.txt 2>&1; say 22_ack_def_initialize_ruby_stdlib.txt
# 23: fd (Debian's fdfind) long listing of Go standard library sources over 60 KB, tests excluded.
(cd /usr/lib/go-1.19/src/ && fdfind -L -e go -S +60k -E '*_test.go' -l .) > $out/23_fd_long_listing_go_src.txt 2>&1; say 23_fd_long_listing_go_src.txt

## Servers and benchmarks.
# 24: hyperfine comparing ways to count Go test, benchmark, example and fuzz functions in the
# standard library sources (five commands, four patterns).
(cd /usr/lib/go-1.19/src/ && hyperfine -N -i --warmup 1 --runs 5 --style basic -L kind Test,Benchmark,Example,Fuzz \
  "grep -rc '^func {kind}' --include=*_test.go ." \
  "ack -c --go '^func {kind}'" \
  "fdfind -L -e go -X grep -c '^func {kind}'" \
  "git grep --no-index -c '^func {kind}' -- '*_test.go'" \
  "find -L . -name '*_test.go' -exec grep -c '^func {kind}' {} +") > $out/24_hyperfine_search_tools.txt 2>&1; say 24_hyperfine_search_tools.txt
# 25, 26: a scratch redis-server (Debian) on port 6390: redis-benchmark, then INFO all.
mkdir -p $S/redis && redis-server --port 6390 --dir $S/redis --daemonize yes --logfile $S/redis/redis.log --save '' > /dev/null
sleep 1
redis-benchmark -p 6390 -n 20000 -c 20 -q --csv > /dev/null 2>&1
redis-benchmark -p 6390 -n 20000 -c 20 -d 256 -t set,get,incr,lpush,rpush,lpop,rpop,sadd,hset,spop,zadd,zpopmin,lrange,mset > $out/25_redis_benchmark.txt 2>&1; say 25_redis_benchmark.txt
redis-cli -p 6390 INFO everything > $out/26_redis_cli_info_everything.txt 2>&1; say 26_redis_cli_info_everything.txt
redis-cli -p 6390 shutdown nosave > /dev/null 2>&1
# 27: php -i (PHP 8.2 CLI, Debian): the configuration report.
php -i > $out/27_php_i.txt 2>&1; say 27_php_i.txt
# 28, 29: a scratch PostgreSQL 15 cluster (port 55433, socket in the work directory) with
# vega_datasets' airports and stocks loaded: EXPLAIN (ANALYZE, BUFFERS, VERBOSE) of a report
# query, then psql's expanded display (\x) of pg_stats for the airports table.
pgbin=/usr/lib/postgresql/15/bin
if [ -f $S/pg/data/postmaster.pid ]; then runuser -u postgres -- $pgbin/pg_ctl -D $S/pg/data stop -m fast > /dev/null 2>&1; fi
rm -rf $S/pg && mkdir -p $S/pg && chown postgres $S/pg && chmod 755 $S
runuser -u postgres -- $pgbin/initdb -D $S/pg/data -A trust > $S/pg-init.log 2>&1
runuser -u postgres -- $pgbin/pg_ctl -D $S/pg/data -o "-p 55433 -k $S/pg -c listen_addresses=''" -l $S/pg/server.log -w start >> $S/pg-init.log 2>&1
cp $vd/airports.csv $vd/stocks.csv $S/pg/ && chmod 644 $S/pg/*.csv
psql="runuser -u postgres -- psql -X -h $S/pg -p 55433 -d postgres"
$psql -q -v ON_ERROR_STOP=1 >> $S/pg-init.log 2>&1 <<SQL
CREATE TABLE airports (iata text PRIMARY KEY, name text, city text, state text, country text, latitude float8, longitude float8);
COPY airports FROM '$S/pg/airports.csv' CSV HEADER;
CREATE TABLE stocks (symbol text, date text, price numeric);
COPY stocks FROM '$S/pg/stocks.csv' CSV HEADER;
ALTER TABLE stocks ADD COLUMN day date; UPDATE stocks SET day = to_date(date, 'Mon DD YYYY');
CREATE INDEX ON airports (state);
CREATE INDEX ON stocks (symbol, day);
ANALYZE;
SQL
$psql > $out/28_psql_explain_analyze_buffers.txt 2>&1 <<'SQL'
EXPLAIN (ANALYZE, BUFFERS, VERBOSE, SETTINGS)
WITH monthly AS (
  SELECT symbol, date_trunc('month', day) AS m, avg(price) AS p FROM stocks GROUP BY 1, 2
), ranked AS (
  SELECT symbol, m, p, rank() OVER (PARTITION BY m ORDER BY p DESC) AS r FROM monthly
)
SELECT a.state, r.symbol, count(*) AS pairs, max(r.p) AS top_price
FROM airports a
JOIN ranked r ON r.r = 1 AND extract(month FROM r.m) = (length(a.city) % 12) + 1
WHERE a.state IN (SELECT state FROM airports GROUP BY state HAVING count(*) > 50)
GROUP BY a.state, r.symbol
ORDER BY pairs DESC, a.state
LIMIT 25;
SQL
say 28_psql_explain_analyze_buffers.txt
$psql > $out/29_psql_expanded_pg_stats_airports.txt 2>&1 <<'SQL'
\x on
SELECT * FROM pg_stats WHERE tablename = 'airports' ORDER BY attname;
SQL
say 29_psql_expanded_pg_stats_airports.txt
runuser -u postgres -- $pgbin/pg_ctl -D $S/pg/data -m fast stop >> $S/pg-init.log 2>&1

## A log.
# 30: the last 1,500 lines of dpkg's log (the machine's own package history, this capture
# session's apt-get install at its end).
tail -n 1500 /var/log/dpkg.log > $out/30_tail_dpkg_log.txt 2>&1; say 30_tail_dpkg_log.txt

## Reads (the file as the agent's read tool returns it; copied byte for byte).
cp /usr/lib/ruby/3.1.0/net/http.rb $out/31_read_ruby_net_http.rb
cp $S/pk/expo-modules-core-58.2.1/android/src/main/java/expo/modules/kotlin/objects/ObjectDefinitionBuilder.kt $out/32_read_expo_ObjectDefinitionBuilder.kt
cp $S/pk/expo-modules-core-58.2.1/ios/Core/AppContext.swift $out/33_read_expo_AppContext.swift
cp $S/pk/primevue-5.0.6/datatable/DataTable.vue $out/34_read_primevue_DataTable.vue
cp $S/sdists/greenlet-3.5.6/src/greenlet/TGreenlet.cpp $out/35_read_greenlet_TGreenlet.cpp
cp $S/sdists/pylint-4.1.5/examples/pylintrc $out/36_read_pylint_example_pylintrc
cp $S/venv/lib/python3.11/site-packages/cyclonedx/schema/_res/bom-1.6.SNAPSHOT.xsd $out/37_read_cyclonedx_bom-1.6.xsd
cp $vd/airports.csv $out/38_read_vega_airports.csv
cp /etc/redis/redis.conf $out/39_read_redis.conf
cp /etc/php/8.2/cli/php.ini $out/40_read_php.ini
cp $S/pk/expo-modules-core-58.2.1/android/build.gradle $out/41_read_expo_build.gradle
cp $S/pk/expo-modules-core-58.2.1/ios/Fabric/ExpoFabricViewObjC.mm $out/42_read_expo_ExpoFabricViewObjC.mm
for f in $out/3[1-9]_read_* $out/4[0-2]_read_*; do say $(basename $f); done
