#!/usr/bin/env bash
# Captures the tenth held-out set on this machine (Debian 12, OpenJDK 17 with Debian's Maven,
# Python 3.11 via pyenv, Node 20 with npm, Rust stable). Run from the repository root.
# Like set 9, this set is organic: real commands on real projects and real files, with no generated
# look-alike input, and it uses only tools and file kinds that no earlier set covers (npm outdated,
# an npm peer-dependency conflict, TypeScript's checkJs, Dart Sass, Prettier, stylelint, doc8,
# pip list --outdated, pip-licenses, coverage, isort, codespell, vulture, pydocstyle, interrogate, python -m
# trace, cargo tree -d, cargo update --dry-run, jcmd, jstack, jdeps; reads of SCSS, CSS, a .po
# catalogue, HTML, a notebook, an SVG sprite, Lua, tox.ini and Maven's settings.xml).
# Real projects used: express 4.16.0, bootstrap 5.3, @fortawesome/fontawesome-free 6 (npm);
# jinja2 3.1.6, sphinx 9.0.4, nbconvert, lupa and coverage sdists (PyPI); criterion 0.8.2 from
# ~/.cargo/registry; a running jshell; Debian's Maven jars; the machine's pyenv Python.
# The work directory is a fixed path (/tmp/set10) so that paths in the outputs do not change between
# runs; timings, PIDs and addresses still do, so the committed files are the record.
# Needs network access to PyPI, the npm registry and crates.io.
set -u
out=$(realpath eval/compaction-set10)
work=/tmp/set10
reg=$(ls -d ~/.cargo/registry/src/index.crates.io-*/ | head -1)
rm -rf "$work"
mkdir -p "$work"
say() { echo "$1 $(wc -c < "$out/$1")"; }
unset CARGO_TARGET_DIR

# Python tools from PyPI, in a venv of their own; sources from PyPI.
python3 -m venv $work/venv
py=$work/venv/bin
$py/pip install -q pytest coverage markupsafe trio pip-licenses isort codespell vulture pydocstyle interrogate doc8 > $work/pip.log 2>&1
$py/pip freeze > $work/freeze.txt
(cd $work && $py/pip download -q --no-deps --no-binary :all: jinja2==3.1.6 sphinx==9.0.4 nbconvert lupa coverage >> $work/pip.log 2>&1; \
  for f in *.tar.gz; do tar xzf "$f"; done)

# JS tools and sources from npm.
jst=$work/jstools
mkdir -p $jst && (cd $jst && npm init -y > /dev/null && npm install --no-audit --no-fund sass prettier stylelint stylelint-config-standard typescript @fortawesome/fontawesome-free@6 > $work/npm.log 2>&1)
(cd $work && npm pack -q bootstrap@5.3 > /dev/null 2>&1 && mkdir bootstrap && tar xzf bootstrap-5.3.*.tgz -C bootstrap --strip-components=1)
(cd $work && npm pack -q express@4.16.0 > /dev/null 2>&1 && mkdir express && tar xzf express-4.16.0.tgz -C express --strip-components=1)
(cd $work/express && npm install --omit=dev --ignore-scripts --no-audit --no-fund >> $work/npm.log 2>&1)

# 01: which of express 4.16.0's (exactly pinned) dependencies, direct or not, are behind.
(cd $work/express && npm outdated --all --long) > $out/01_npm_outdated_express.txt 2>&1
say 01_npm_outdated_express.txt

# 02: TypeScript's checker over bootstrap's JavaScript (checkJs), listing the files of the program
# with extended diagnostics. (Replaces `npm audit`, whose endpoint this registry does not serve.)
(cd $work/bootstrap && $jst/node_modules/.bin/tsc --allowJs --checkJs --noEmit --target es2020 --module esnext --moduleResolution bundler --listFiles --extendedDiagnostics js/index.esm.js) > $out/02_tsc_checkjs_bootstrap.txt 2>&1
say 02_tsc_checkjs_bootstrap.txt

# 03: an app that asks for react 17 with react-dom 18 (whose peer dependency is react ^18).
mkdir -p $work/app && (cd $work/app && npm init -y > /dev/null && npm install --no-audit --no-fund --loglevel verbose react@17 react-dom@18) > $out/03_npm_install_eresolve.txt 2>&1
say 03_npm_install_eresolve.txt

# 04: compiling bootstrap's SCSS with the current Dart Sass.
(cd $work/bootstrap && $jst/node_modules/.bin/sass --no-source-map scss/bootstrap.scss $work/bootstrap-out.css) > $out/04_sass_bootstrap.txt 2>&1
say 04_sass_bootstrap.txt

# 05: Prettier's default style over the whole bootstrap package.
(cd $work/bootstrap && $jst/node_modules/.bin/prettier --check .) > $out/05_prettier_check_bootstrap.txt 2>&1
say 05_prettier_check_bootstrap.txt

# 06: stylelint-config-standard over bootstrap's built grid CSS (the full bootstrap.css gives 690 KB).
echo '{ "extends": "stylelint-config-standard" }' > $work/bootstrap/.stylelintrc.json
(cd $work/bootstrap && $jst/node_modules/.bin/stylelint --config-basedir $jst --config .stylelintrc.json dist/css/bootstrap-grid.css) > $out/06_stylelint_bootstrap_grid_css.txt 2>&1
say 06_stylelint_bootstrap_grid_css.txt

# 07: outdated packages of the machine's own (pyenv) Python.
python3 -m pip list --outdated > $out/07_pip_list_outdated.txt 2>&1
say 07_pip_list_outdated.txt

# 08: doc8 (reStructuredText style) over sphinx's documentation. (Replaces pip-audit, which could
# not look the packages up on this registry.)
(cd $work/sphinx-9.0.4 && $py/doc8 doc) > $out/08_doc8_sphinx_doc.txt 2>&1
say 08_doc8_sphinx_doc.txt

# 09: the licenses of the tools venv.
$py/pip-licenses --python $py/python --with-authors --with-urls > $out/09_pip_licenses_tools.txt 2>&1
say 09_pip_licenses_tools.txt

# 10: jinja2's own test suite under coverage, then the report with missing lines.
j2=$work/jinja2-3.1.6
(cd $j2 && PYTHONPATH=src $py/coverage run --source=src/jinja2 -m pytest -q -p no:cacheprovider tests > $work/jinja2-pytest.log 2>&1; $py/coverage report -m) > $out/10_coverage_report_jinja2.txt 2>&1
say 10_coverage_report_jinja2.txt

# 11: isort's default style over jinja2.
(cd $j2 && $py/isort --check-only --diff src tests) > $out/11_isort_diff_jinja2.txt 2>&1
say 11_isort_diff_jinja2.txt

# 12: codespell over sphinx's sources, docs and tests (translations and bundled JS skipped).
sx=$work/sphinx-9.0.4
(cd $sx && $py/codespell --skip='*.po,*.pot,*.js,*.min.js' sphinx doc tests) > $out/12_codespell_sphinx.txt 2>&1
say 12_codespell_sphinx.txt

# 13: vulture (dead code) over the sphinx package.
(cd $sx && $py/vulture sphinx --min-confidence 60) > $out/13_vulture_sphinx.txt 2>&1
say 13_vulture_sphinx.txt

# 14: pydocstyle over jinja2's package.
(cd $j2 && $py/pydocstyle src/jinja2) > $out/14_pydocstyle_jinja2.txt 2>&1
say 14_pydocstyle_jinja2.txt

# 15-16: criterion 0.8.2 (with its published Cargo.lock): duplicated crates, then what an update
# would change.
cp -r "$reg/criterion-0.8.2" $work/criterion
(cd $work/criterion && cargo tree -d --target all) > $out/15_cargo_tree_duplicates_criterion.txt 2>&1
say 15_cargo_tree_duplicates_criterion.txt
(cd $work/criterion && cargo update --dry-run --verbose) > $out/16_cargo_update_dry_run_criterion.txt 2>&1
say 16_cargo_update_dry_run_criterion.txt

# 17-18: a running jshell: its class histogram and a thread dump.
jshell < <(sleep 90) > $work/jshell.log 2>&1 &
sleep 12
jpid=$(jcmd -l | grep -i JShellToolProvider | head -1 | cut -d' ' -f1)
jcmd $jpid GC.class_histogram > $out/17_jcmd_class_histogram_jshell.txt 2>&1
say 17_jcmd_class_histogram_jshell.txt
jstack -l $jpid > $out/18_jstack_jshell.txt 2>&1
say 18_jstack_jshell.txt
kill $jpid 2>/dev/null

# 19: package-level dependencies of Debian's maven-core jar.
jdeps --multi-release 17 -verbose:package -cp '/usr/share/maven/lib/*' $(ls /usr/share/maven/lib/maven-core*.jar | head -1) > $out/19_jdeps_maven_core.txt 2>&1
say 19_jdeps_maven_core.txt

# 20: pip check of the tools venv, run under the trace module (per-module line counts).
(cd $work && $py/python -m trace --count --summary -C $work/trace --module pip check) > $out/20_python_trace_summary_pip_check.txt 2>&1
say 20_python_trace_summary_pip_check.txt

# 21: interrogate (docstring coverage, per file; -vv per function gives 620 KB) over the sphinx package.
(cd $sx && $py/interrogate -v sphinx) > $out/21_interrogate_sphinx.txt 2>&1
say 21_interrogate_sphinx.txt

# 22-30: reads (tool `read`): real files of kinds no earlier set read.
cp $work/bootstrap/scss/_variables.scss $out/22_read_bootstrap_variables.scss
cp $work/bootstrap/dist/css/bootstrap.css $out/23_read_bootstrap.css
cp $sx/sphinx/locale/de/LC_MESSAGES/sphinx.po $out/24_read_sphinx_de.po
cp ~/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/rustc/platform-support.html $out/25_read_rustc_platform_support.html
nb=$(find $work/nbconvert-* -name '*.ipynb' -size -500k -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2)
echo "26 is $nb"
cp "$nb" $out/26_read_nbconvert_notebook.ipynb
cp $jst/node_modules/@fortawesome/fontawesome-free/sprites/regular.svg $out/27_read_fontawesome_regular.svg
cp "$(find $work/lupa-* -path '*jit/dump.lua' | head -1)" $out/28_read_luajit_dump.lua
cp $work/coverage-*/tox.ini $out/29_read_coverage_tox.ini
cp "$(readlink -f /usr/share/maven/conf/settings.xml)" $out/30_read_maven_settings.xml
for f in 22_read_bootstrap_variables.scss 23_read_bootstrap.css 24_read_sphinx_de.po 25_read_rustc_platform_support.html 26_read_nbconvert_notebook.ipynb 27_read_fontawesome_regular.svg 28_read_luajit_dump.lua 29_read_coverage_tox.ini 30_read_maven_settings.xml; do say $f; done
