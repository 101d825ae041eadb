#!/usr/bin/env bash
# Captures the fourteenth held-out set on this machine (Debian 12, gcc 12, Go 1.19, Rust stable and
# nightly, Python 3.11 via pyenv, Node 22 with npm 11, Ruby 3.1, PostgreSQL 15, Redis 7). Run from the
# repository root. Organic like sets 9 to 13: real commands on real projects and real files, from
# tools and file kinds no earlier set covers. Sections were run one by one during the capture
# session, in this order. The work directory is a fixed path so paths in the outputs are stable;
# timings, PIDs and addresses differ on every run, so the committed files are the record.
set -u
out=$(realpath eval/compaction-set14)
S=${S:-/tmp/set14-scratch}
mkdir -p "$S"
say() { echo "$1 $(wc -c < "$out/$1")"; }
export NO_COLOR=1 TERM=dumb
unset CARGO_TARGET_DIR

## setup (run once): a Python 3.11 venv with the PyPI tools, a scratch npm project with the npm
## tools; everything else was already on the machine.
py=$S/venv/bin
[ -x $py/python ] || ~/.pyenv/versions/3.11.7/bin/python -m venv $S/venv
$py/pip install -q flawfinder lizard cpplint > $S/pip.log 2>&1
mkdir -p $S/js && (cd $S/js && [ -f package.json ] || npm init -y > /dev/null; npm install --no-audit --no-fund mocha c8 license-checker jscpd cspell semver express > $S/js/npm.log 2>&1)

## C: Brotli 1.2.1's C sources from the PyPI sdist and a driver written for the capture: four threads
## each compress a quarter of the input (Python 3.11's email package, concatenated) with
## BrotliEncoderCompress at quality 6, decompress it, check the round trip, and add to a shared byte
## counter without a lock (the data race DRD reports).
[ -d $S/sdists/brotli-1.2.1 ] || { $py/pip download -q --no-deps --no-binary :all: brotli==1.2.1 -d $S/sdists && tar xzf $S/sdists/brotli-1.2.1.tar.gz -C $S/sdists; }
B=$S/sdists/brotli-1.2.1/c; D=$S/brdrv; mkdir -p $D
cat ~/.pyenv/versions/3.11.7/lib/python3.11/email/*.py > $D/input.bin
cat > $D/driver.c <<'CEOF'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <brotli/encode.h>
#include <brotli/decode.h>

static unsigned char *data; static size_t size;
static size_t total_compressed; /* shared by the workers */

static void *worker(void *arg) {
    long id = (long)arg; size_t chunk = size / 4;
    const unsigned char *src = data + id * chunk;
    size_t bound = BrotliEncoderMaxCompressedSize(chunk);
    unsigned char *dst = malloc(bound), *back = malloc(chunk);
    size_t clen = bound, dlen = chunk;
    if (!BrotliEncoderCompress(6, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, chunk, src, &clen, dst)) { fprintf(stderr, "worker %ld: compress failed\n", id); exit(1); }
    if (BrotliDecoderDecompress(clen, dst, &dlen, back) != BROTLI_DECODER_RESULT_SUCCESS || dlen != chunk || memcmp(src, back, chunk)) { fprintf(stderr, "worker %ld: round trip failed\n", id); exit(1); }
    total_compressed += clen;
    printf("worker %ld: %zu -> %zu\n", id, chunk, clen);
    free(dst); free(back); return NULL;
}

int main(int argc, char **argv) {
    FILE *f = fopen(argc > 1 ? argv[1] : "input.bin", "rb");
    if (!f) { perror("input"); return 1; }
    fseek(f, 0, SEEK_END); size = ftell(f); fseek(f, 0, SEEK_SET);
    data = malloc(size); if (fread(data, 1, size, f) != size) return 1; fclose(f);
    pthread_t t[4];
    for (long i = 0; i < 4; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    printf("total: %zu -> %zu bytes\n", size, total_compressed);
    return 0;
}
CEOF
(cd $D && gcc -O2 -g -I$B/include -o brdrv driver.c $B/common/*.c $B/dec/*.c $B/enc/*.c -lpthread -lm) > $S/brdrv-build.log 2>&1
# 01: cachegrind (instruction counts) of one run, then cg_annotate's per-function table and the
# per-line counts of the hottest source file (auto-annotation of every file came out at 1.1 MB).
(cd $D && valgrind --tool=cachegrind --cachegrind-out-file=$S/cachegrind.out ./brdrv input.bin > $S/cachegrind.log 2>&1;
 cg_annotate --auto=no $S/cachegrind.out $B/enc/hash_longest_match_simd_inc.h) > $out/01_cg_annotate_brotli.txt 2>&1; say 01_cg_annotate_brotli.txt
# 02: valgrind's DRD thread checker over the same run (the unlocked counter).
(cd $D && valgrind --tool=drd ./brdrv input.bin) > $out/02_valgrind_drd_race_brotli.txt 2>&1; say 02_valgrind_drd_race_brotli.txt
# 03: a larger input (Python 3.11's top-level standard library modules), perf record, and perf
# annotate of the hottest function (CreateBackwardReferencesNH68 in perf report; perf stat was tried
# and dropped: this VM exposes no hardware counters).
cat ~/.pyenv/versions/3.11.7/lib/python3.11/*.py > $D/big.bin
(cd $D && perf record -o $S/perf.data ./brdrv big.bin > /dev/null 2>&1)
perf annotate -i $S/perf.data --stdio -s CreateBackwardReferencesNH68 > $out/03_perf_annotate_stdio_brotli.txt 2>&1; say 03_perf_annotate_stdio_brotli.txt
# 04: flawfinder (PyPI) over Brotli's C sources: hits by risk level, then the summary.
(cd $S/sdists/brotli-1.2.1 && $py/flawfinder c) > $out/04_flawfinder_brotli.txt 2>&1; say 04_flawfinder_brotli.txt
# 05: lizard (PyPI) over the same sources: per-function complexity table, file totals, warnings.
(cd $S/sdists/brotli-1.2.1 && $py/lizard c) > $out/05_lizard_brotli.txt 2>&1; say 05_lizard_brotli.txt
# 06: cpplint (PyPI) over the encoder sources (Google C++ style; one line per finding, totals last;
# whitespace/comma filtered out: unfiltered it printed 7,650 of those and came out at 683 KB).
(cd $S/sdists/brotli-1.2.1 && $py/cpplint --recursive --filter=-whitespace/comma c/enc) > $out/06_cpplint_brotli_enc.txt 2>&1; say 06_cpplint_brotli_enc.txt
# 07: ldd -v on PostgreSQL 15's server binary (libraries, then the version needs of each).
ldd -v /usr/lib/postgresql/15/bin/postgres > $out/07_ldd_v_postgres.txt 2>&1; say 07_ldd_v_postgres.txt

## Go 1.19: go vet over a copy of cmd/vet's own test packages (code written to trip each analyzer),
## the compiler's bounds-check report for compress/flate, and the assembly listing of a small package.
export GOFLAGS=-mod=mod GOCACHE=$S/gocache GOPATH=$S/gopath GOPROXY=off
gv=$S/vettest; rm -rf $gv; mkdir -p $gv; cp -a /usr/lib/go-1.19/src/cmd/vet/testdata/. $gv/
(cd $gv && printf 'module vettest\n\ngo 1.19\n' > go.mod)
# 08: go vet ./... (every finding as file:line:col: message, grouped by package).
(cd $gv && go vet ./...) > $out/08_go_vet_testdata.txt 2>&1; say 08_go_vet_testdata.txt
# 09: go build -gcflags=-d=ssa/check_bce/debug=1 (each bounds check the compiler kept).
(cd $S && go build -gcflags='-d=ssa/check_bce/debug=1' compress/flate) > $out/09_go_check_bce_flate.txt 2>&1; say 09_go_check_bce_flate.txt
# 10: go build -gcflags=-S (the compiler's assembly listing) for package path (encoding/csv came out at 414 KB).
(cd $S && go build -gcflags=-S path) > $out/10_go_gcflags_S_path.txt 2>&1; say 10_go_gcflags_S_path.txt

## Rust: the nightly compiler's pass timings for regex-syntax 0.8.12 (crates.io, from
## ~/.cargo/registry), and the stable compiler's list of LLVM passes.
rs=$S/regex-syntax; rm -rf $rs; cp -a ~/.cargo/registry/src/index.crates.io-*/regex-syntax-0.8.12 $rs
# 11: cargo +nightly rustc --lib -- -Z time-passes (one line per compiler pass, time and RSS).
(cd $rs && cargo +nightly rustc --lib -- -Z time-passes) > $out/11_rustc_Z_time_passes_regex_syntax.txt 2>&1; say 11_rustc_Z_time_passes_regex_syntax.txt
# 12: rustc -C passes=list (LLVM's available passes, with their one-line descriptions).
rustc -C passes=list > $out/12_rustc_C_passes_list.txt 2>&1; say 12_rustc_C_passes_list.txt

## Python 3.11 (pyenv): the tokenizer's view of a standard-library module, and a pickle disassembly.
P311=~/.pyenv/versions/3.11.7/bin/python3.11
# 13: python -m tokenize -e of shlex.py (one token per line: position, exact type, text).
$P311 -m tokenize -e ~/.pyenv/versions/3.11.7/lib/python3.11/shlex.py > $out/13_python_tokenize_shlex.txt 2>&1; say 13_python_tokenize_shlex.txt
# 14: python -m pickletools of a protocol-2 pickle of the interpreter's sysconfig variables (the
# opcodes with the memo, keys and values).
$P311 -c 'import pickle, sysconfig; pickle.dump(sysconfig.get_config_vars(), open("'$S'/sysconfig.pkl", "wb"), protocol=2)'
$P311 -m pickletools $S/sysconfig.pkl > $out/14_python_pickletools_sysconfig.txt 2>&1; say 14_python_pickletools_sysconfig.txt

## Node 22 / npm 11: a scratch project ($S/js) with mocha, c8, license-checker, jscpd, cspell, semver
## and express (installed in the setup above).
J=$S/js
# 15: mocha (spec reporter) over a table test written for the capture: semver.satisfies for 18
# ranges times 16 versions, expectations recorded from semver 7 and one planted wrong:
# `^0.2.3` is expected to accept 0.3.0 (semver's caret on 0.x does not).
mkdir -p $J/test && cat > $J/gen-table.js <<'JSEOF'
const semver = require('semver');
const ranges = ['^1.2.3', '~1.2.3', '>=1.0.0 <2.0.0', '1.x', '^0.2.3', '~0.2.3', '^0.0.3', '*', '>1.2.3-alpha.1',
  '1.2.3 - 2.3.4', '<=1.2.3 || >=2.5.0', '>=1.2.7 <1.3.0', '~1', '^1.2.3-beta.2', '2.x || 3.x', '!=1.2.3', '=1.2.3', '>=0.0.0'];
const versions = ['0.0.3', '0.0.4', '0.2.3', '0.2.9', '0.3.0', '1.0.0', '1.2.3', '1.2.4-beta.1', '1.2.3-beta.4',
  '1.2.9', '1.3.0', '1.9.9', '2.0.0', '2.3.4', '2.5.0', '3.1.4'];
const table = ranges.map(r => [r, versions.map(v => [v, semver.satisfies(v, r)])]);
console.log(JSON.stringify(table));
JSEOF
(cd $J && node gen-table.js > test/table.json && node -e '
const t = require("./test/table.json");
for (const [r, vs] of t) if (r === "^0.2.3") for (const e of vs) if (e[0] === "0.3.0") e[1] = true;
require("fs").writeFileSync("test/table.json", JSON.stringify(t, null, 1));')
cat > $J/test/satisfies.test.js <<'JSEOF'
const assert = require('node:assert');
const semver = require('semver');
const table = require('./table.json');

for (const [range, cases] of table) {
  describe(`satisfies(v, '${range}')`, () => {
    for (const [version, expected] of cases) {
      it(`${version} -> ${expected}`, () => {
        assert.strictEqual(semver.satisfies(version, range), expected);
      });
    }
  });
}
JSEOF
(cd $J && npx mocha --reporter spec 'test/*.test.js') > $out/15_mocha_spec_semver_1fail.txt 2>&1; say 15_mocha_spec_semver_1fail.txt
# 16: c8's text coverage table for the same run, semver's own files included.
(cd $J && npx c8 --exclude-node-modules=false --include 'node_modules/semver/**' --reporter=text mocha --reporter dot 'test/*.test.js' > /dev/null 2>&1; npx c8 report --exclude-node-modules=false --include 'node_modules/semver/**' --reporter=text) > $out/16_c8_report_text_semver.txt 2>&1; say 16_c8_report_text_semver.txt
# 17: license-checker over the project's 305 installed packages (a tree: licenses, repository, path).
(cd $J && npx license-checker) > $out/17_license_checker_js.txt 2>&1; say 17_license_checker_js.txt
# 18: jscpd (copy/paste detector) over Python 3.11's standard library without its tests and
# site-packages (first over the email package alone: 6 clones, 3.5 KB). It prints ANSI colours even
# into a file.
(cd $S && npx --prefix $J jscpd --reporters console --ignore "**/test/**,**/site-packages/**,**/idlelib/idle_test/**,**/lib2to3/tests/**,**/tkinter/test/**" ~/.pyenv/versions/3.11.7/lib/python3.11) > $out/18_jscpd_python_stdlib.txt 2>&1; say 18_jscpd_python_stdlib.txt
# 19: cspell over regex-syntax's sources (unknown words in code and comments, then the summary).
(cd $rs && npx --prefix $J cspell lint --no-progress 'src/**/*.rs') > $out/19_cspell_regex_syntax.txt 2>&1; say 19_cspell_regex_syntax.txt

## PostgreSQL 15: a scratch cluster (port 54314) with pgbench's tables and a snapshot of the system
## catalogs as ordinary tables (schema catsnap: the catalog tables and views without pseudo-type
## columns, with a comment each and three indexes), dumped in
## custom format; the dump's table of contents and the cluster's control file.
PB=/usr/lib/postgresql/15/bin; PG=$S/pg
if [ ! -d $PG/data ]; then mkdir -p $PG && chown postgres $PG && su postgres -c "$PB/initdb -D $PG/data -A trust -U postgres" > $S/pg-init.log 2>&1; fi
su postgres -c "$PB/pg_ctl -D $PG/data -o '-p 54314 -k /tmp' -l $PG/log start -w" > /dev/null
psql -h /tmp -p 54314 -U postgres -qc 'DROP DATABASE IF EXISTS shop' -c 'CREATE DATABASE shop' > /dev/null
$PB/pgbench -h /tmp -p 54314 -U postgres -i -s 1 --foreign-keys shop > $S/pgbench-init.log 2>&1
psql -h /tmp -p 54314 -U postgres -d shop -q > $S/catsnap.log 2>&1 <<'SQL'
CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS hstore; CREATE EXTENSION IF NOT EXISTS citext;
CREATE SCHEMA catsnap;
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'pg_catalog' AND c.relkind IN ('r', 'v')
             AND NOT EXISTS (SELECT 1 FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
                             WHERE a.attrelid = c.oid AND a.attnum > 0 AND t.typtype = 'p') ORDER BY 1 LOOP
    BEGIN
      EXECUTE format('CREATE TABLE catsnap.%I AS SELECT * FROM pg_catalog.%I', r.relname, r.relname);
      EXECUTE format('COMMENT ON TABLE catsnap.%I IS %L', r.relname, 'snapshot of pg_catalog.' || r.relname);
    EXCEPTION WHEN others THEN RAISE NOTICE 'skipped %: %', r.relname, SQLERRM;
    END;
  END LOOP; END $$;
CREATE INDEX pg_class_relname_idx ON catsnap.pg_class (relname);
CREATE INDEX pg_proc_proname_idx ON catsnap.pg_proc (proname);
CREATE INDEX pg_depend_objid_idx ON catsnap.pg_depend (classid, objid);
CREATE VIEW public.big_accounts AS SELECT aid, abalance FROM public.pgbench_accounts WHERE abalance > 1000;
SQL
pg_dump -h /tmp -p 54314 -U postgres -Fc -f $S/shop.dump shop
# 20: pg_restore -l (the archive's header, then one TOC line per object).
pg_restore -l $S/shop.dump > $out/20_pg_restore_l_shop.txt 2>&1; say 20_pg_restore_l_shop.txt
su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null
# 21: pg_controldata of the stopped cluster.
$PB/pg_controldata $PG/data > $out/21_pg_controldata.txt 2>&1; say 21_pg_controldata.txt

## Rust again: the MIR of itoa 1.0.19 (crates.io, from ~/.cargo/registry) as rustc prints it.
it=$S/itoa; rm -rf $it; cp -a ~/.cargo/registry/src/index.crates.io-*/itoa-1.0.19 $it
# 22: cargo +nightly rustc --lib -- -Zunpretty=mir (every function's MIR, then cargo's status).
(cd $it && cargo +nightly rustc --lib -- -Zunpretty=mir) > $out/22_rustc_unpretty_mir_itoa.txt 2>&1; say 22_rustc_unpretty_mir_itoa.txt

## Python again: tabnanny over the standard library's tests (it stops with a traceback at a test
## file whose coding cookie is misspelt on purpose).
# 23: python -m tabnanny -v (a line per directory and file, then the traceback).
$P311 -m tabnanny -v ~/.pyenv/versions/3.11.7/lib/python3.11/test > $out/23_python_tabnanny_v_test.txt 2>&1; say 23_python_tabnanny_v_test.txt

## Redis 7: a scratch server (port 6414) filled with a shop's keys of every type, one of them large.
mkdir -p $S/redis && redis-server --port 6414 --daemonize yes --dir $S/redis --save '' --logfile $S/redis/log --pidfile $S/redis/pid && sleep 1
$P311 - > $S/redis/fill.txt <<'PYEOF'
import random
random.seed(14)
def cmd(*a):
    a = [str(x) for x in a]
    return "*%d\r\n" % len(a) + "".join("$%d\r\n%s\r\n" % (len(x.encode()), x) for x in a)
out = []
for i in range(3000):
    out.append(cmd("SET", "product:%d:name" % i, "Product %d %s" % (i, "x" * random.randint(5, 60))))
for i in range(400):
    out.append(cmd("RPUSH", "cart:%d" % i, *["sku-%d" % random.randint(1, 3000) for _ in range(random.randint(1, 25))]))
for i in range(500):
    out.append(cmd("HSET", "session:%d" % i, "user", "u%d" % i, "ip", "10.0.%d.%d" % (i // 250, i % 250), "ua", "Mozilla/5.0"))
for i in range(60):
    out.append(cmd("SADD", "tags:%d" % i, *["t%d" % random.randint(1, 500) for _ in range(random.randint(1, 40))]))
for i in range(0, 20000, 500):
    out.append(cmd("ZADD", "leaderboard:season7", *sum([[random.randint(0, 10**6), "player%d" % j] for j in range(i, i + 500)], [])))
out.append(cmd("SET", "cache:homepage", "<html>" + "y" * 400000 + "</html>"))
for i in range(300):
    out.append(cmd("XADD", "events:orders", "*", "order", i, "total", random.randint(100, 90000)))
print("".join(out), end="")
PYEOF
redis-cli -p 6414 --pipe < $S/redis/fill.txt > $S/redis/pipe.log 2>&1
# 24: redis-cli --bigkeys (the scan's progress lines, then the biggest key of each type and totals).
redis-cli -p 6414 --bigkeys > $out/24_redis_cli_bigkeys_shop.txt 2>&1; say 24_redis_cli_bigkeys_shop.txt
redis-cli -p 6414 shutdown nosave > /dev/null 2>&1

## Debian system tools.
# 25: apropos -s 3 . (every installed section-3 man page with its one-line summary).
apropos -s 3 . > $out/25_apropos_s3.txt 2>&1; say 25_apropos_s3.txt
# 26: apt-cache rdepends --installed --recurse libssl3 (installed packages that depend on it, recursively).
apt-cache rdepends --installed --recurse libssl3 > $out/26_apt_cache_rdepends_libssl3.txt 2>&1; say 26_apt_cache_rdepends_libssl3.txt
# 27: ar tv of glibc's static libc.a (mode, owner, size, date, member).
ar tv /usr/lib/x86_64-linux-gnu/libc.a > $out/27_ar_tv_libc_a.txt 2>&1; say 27_ar_tv_libc_a.txt
# 28: size -t over pyenv's static libpython3.11.a (text, data, bss per object, then the totals).
size -t ~/.pyenv/versions/3.11.7/lib/python3.11/config-3.11-x86_64-linux-gnu/libpython3.11.a > $out/28_size_t_libpython.txt 2>&1; say 28_size_t_libpython.txt
# 29: perf list (every event this kernel offers: software, PMU, tracepoints).
perf list > $out/29_perf_list.txt 2>&1; say 29_perf_list.txt
# 30: gem list -d (Ruby 3.1's default and bundled gems with authors, homepage, license, location).
gem list -d > $out/30_gem_list_details.txt 2>&1; say 30_gem_list_details.txt

## Reads (the file as the agent's read tool returns it; copied byte for byte). The two gzipped
## files (Debian changelog, GNU info) are read after zcat into the scratch directory; the LLVM IR
## is what rustc wrote for itoa's release build.
R=~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f
zcat /usr/share/doc/valgrind/changelog.Debian.gz > $S/changelog.Debian
zcat /usr/share/info/gzip.info.gz > $S/gzip.info
(cd $it && cargo rustc --lib --release -- --emit=llvm-ir > $S/ll.log 2>&1)
cp /usr/share/vim/vim90/doc/quickfix.txt $out/31_read_vim_help_quickfix.txt
cp /usr/lib/x86_64-linux-gnu/perl/5.36.0/POSIX.pod $out/32_read_perl_POSIX.pod
cp /usr/lib/ruby/gems/3.1.0/gems/rbs-2.1.0/core/hash.rbs $out/33_read_rbs_core_hash.rbs
cp $S/changelog.Debian $out/34_read_valgrind_changelog.Debian
cp '/var/lib/dpkg/info/libsqlite3-0:amd64.symbols' $out/35_read_dpkg_libsqlite3-0.symbols
cp $(ls $it/target/release/deps/itoa-*.ll | head -1) $out/36_read_itoa_release.ll
cp $S/gzip.info $out/37_read_gzip.info
cp /usr/share/X11/xkb/symbols/ru $out/38_read_xkb_symbols_ru
cp /usr/share/postgresql/15/timezonesets/Default $out/39_read_pg_timezonesets_Default
cp ~/.pyenv/versions/3.11.7/lib/python3.11/test/decimaltestdata/rounding.decTest $out/40_read_decimal_rounding.decTest
cp /usr/lib/go-1.19/src/cmd/go/testdata/script/mod_all.txt $out/41_read_go_script_mod_all.txtar
cp $R/rust-stemmers-1.2.0/algorithms/greek.sbl $out/42_read_snowball_greek.sbl
for f in $out/3[1-9]_read_* $out/4[0-2]_read_*; do say $(basename $f); done
