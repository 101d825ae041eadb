#!/usr/bin/env bash
# Captures the ninth held-out set on this machine (Debian 12, gcc 12, OpenJDK 17, PostgreSQL 15,
# Python 3.11 via pyenv, Node 20 with npm, Rust stable and nightly, the pi-lean repository at the
# commit this set was written on). Run from the repository root.
# Unlike sets 2-8, this set is organic: real commands on real projects and real files, with no
# generated look-alike input. Where a test suite passes, one realistic edit (an off-by-one, a
# deleted import, a dropped character) is made first so that the run has a real failure; each edit
# is one line below.
# Real projects used: more-itertools, six, sphinx and pydantic-settings sdists (PyPI); qs and pi-lean's own
# npm dependencies (npm); indexmap, semver and clap_builder from ~/.cargo/registry; CPython's own
# test suite; the pi-lean git history; files of this machine's Debian packages.
# The work directory is a fixed path (/tmp/set9) so that paths in the outputs do not change between
# runs; timings, addresses and PIDs still do, so the committed files are the record.
# Needs network access to PyPI and to the npm registry (and crates.io for indexmap's dev-dependencies).
set -u
out=$(realpath eval/compaction-set9)
repo=$(pwd)
work=/tmp/set9
reg=$(ls -d ~/.cargo/registry/src/index.crates.io-*/ | head -1)
rm -rf "$work"
mkdir -p "$work"
say() { echo "$1 $(wc -c < "$out/$1")"; }
unset CARGO_TARGET_DIR

# Tools from PyPI, in a venv of their own; sources from PyPI and npm.
python3 -m venv $work/venv
py=$work/venv/bin
$py/pip install -q pytest sphinx furo bandit radon black pipdeptree > $work/pip.log 2>&1
$py/pip freeze > $work/freeze.txt
(cd $work && $py/pip download -q --no-deps --no-binary :all: more-itertools==11.2.1 six==1.17.0 sphinx==9.0.4 pydantic-settings==2.16.3 >> $work/pip.log 2>&1; \
  for f in *.tar.gz; do tar xzf "$f"; done)
(cd $work && npm pack -q qs@6.17.1 > /dev/null 2>&1 && mkdir qs && tar xzf qs-6.17.1.tgz -C qs --strip-components=1)

# 01: more-itertools' own test suite (pytest -q), after an off-by-one in windowed(): the padding
# for the last window is `step` fill values instead of `step - 1`.
mit=$work/more_itertools-11.2.1
sed -i 's/padding = (fillvalue,) \* (n - 1 if step >= n else step - 1)/padding = (fillvalue,) * (n - 1 if step >= n else step)/' $mit/more_itertools/more.py
(cd $mit && $py/python -m pytest -q -p no:cacheprovider) > $out/01_pytest_q_more_itertools.txt 2>&1
say 01_pytest_q_more_itertools.txt

# 02: qs's own tape suite, after an off-by-one in parse.js: an array index is accepted up to and
# including arrayLimit. qs's devDependencies name two packages the registry does not serve
# (@ljharb/eslint-config@^22.2.5, evalmd), so the packages its tests require are installed in a
# folder of their own, which qs's node_modules links to.
mkdir -p $work/qs-deps && (cd $work/qs-deps && npm init -y > /dev/null && npm install --no-audit --no-fund tape@5 for-each es-value-fixtures has-bigints has-override-mistake has-property-descriptors has-proto has-symbols iconv-lite mock-property object-inspect safer-buffer es-define-property side-channel > $work/qs-npm.log 2>&1)
ln -s $work/qs-deps/node_modules $work/qs/node_modules
sed -i 's/} else if (isValidArrayIndex \&\& index < options.arrayLimit) {/} else if (isValidArrayIndex \&\& index <= options.arrayLimit) {/' $work/qs/lib/parse.js
(cd $work/qs && node_modules/.bin/tape 'test/**/*.js') > $out/02_tape_qs.txt 2>&1
say 02_tape_qs.txt

# 03: cargo check of indexmap (all targets) after a cleanup deleted src/map.rs's hash import.
cp -r "$reg/indexmap-2.14.2" $work/indexmap-check
sed -i '/^use core::hash::{BuildHasher, Hash};$/d' $work/indexmap-check/src/map.rs
(cd $work/indexmap-check && CARGO_TARGET_DIR=$work/indexmap-check/target cargo check --all-targets --color never) > $out/03_cargo_check_indexmap.txt 2>&1
say 03_cargo_check_indexmap.txt

# 04: indexmap's own cargo test after an off-by-one in move_index_inner (the indices decremented
# stop one short when moving an entry forward). The quickcheck tests of move_index are skipped: each
# prints its panic again for every shrinking step (4.4 MB on the first run).
cp -r "$reg/indexmap-2.14.2" $work/indexmap-test
sed -i 's/self.decrement_indices(from + 1, to + 1);/self.decrement_indices(from + 1, to);/' $work/indexmap-test/src/inner.rs
(cd $work/indexmap-test && CARGO_TARGET_DIR=$work/indexmap-test/target cargo test --no-fail-fast --color never -- --skip move_index) > $out/04_cargo_test_indexmap.txt 2>&1
say 04_cargo_test_indexmap.txt

# 05: the sizes of semver's types (nightly rustc -Zprint-type-sizes, the library only).
cp -r "$reg/semver-1.0.28" $work/semver
(cd $work/semver && CARGO_TARGET_DIR=$work/semver/target cargo +nightly rustc --lib --color never -- -Zprint-type-sizes) > $out/05_rustc_print_type_sizes_semver.txt 2>&1
say 05_rustc_print_type_sizes_semver.txt

# 06-08: the pi-lean repository's own history, up to the commit this set was written on (main's
# head then), so that neither this set's own commits nor later ones on main show.
base=d40071b
git -C "$repo" log -L:fit_to_limits:crates/lean-core/src/compact/select/priority.rs $base > $out/06_git_log_L_fit_to_limits.txt 2>&1
say 06_git_log_L_fit_to_limits.txt
git -C "$repo" log -S'is_outline_head' --stat -p $base > $out/07_git_log_S_pickaxe.txt 2>&1
say 07_git_log_S_pickaxe.txt
git -C "$repo" rev-list --objects $base | git -C "$repo" cat-file --batch-check='%(objecttype) %(objectname) %(objectsize) %(rest)' | sort -k3,3nr | head -600 > $out/08_git_cat_file_largest_objects.txt 2>&1
say 08_git_cat_file_largest_objects.txt

# 09-10: pi-lean's own npm dependencies (its lockfile, installed in a copy of the repository).
mkdir -p $work/pilean
git -C "$repo" archive HEAD | tar x -C $work/pilean
(cd $work/pilean && npm ci --ignore-scripts --no-audit --no-fund > $work/pilean-npm.log 2>&1)
(cd $work/pilean && npm explain undici-types) > $out/09_npm_explain_undici_types.txt 2>&1
say 09_npm_explain_undici_types.txt
# 10: one script of the repository type-checked with jsconfig.json's options (tsc takes no -p
# together with a file name), explaining why each file is in the program.
(cd $work/pilean && npx tsc --explainFiles --noEmit --allowJs --checkJs --strict --noImplicitAny false --module NodeNext --moduleResolution NodeNext --target ES2022 --lib ES2023 --types node --skipLibCheck scripts/eval-compaction.mjs) > $out/10_tsc_explain_files.txt 2>&1
say 10_tsc_explain_files.txt

# 11: CPython's own tests of textwrap and shlex (python -m test -v), run against a copy of
# textwrap.py whose sentence-end pattern lost its `!`.
mkdir -p $work/cpy
cp "$(python3 -c 'import textwrap; print(textwrap.__file__)')" $work/cpy/textwrap.py
python3 -c "import sys; p = sys.argv[1]; s = open(p).read(); open(p, 'w').write(s.replace(r\"r'[\\.\\!\\?]'\", r\"r'[\\.\\?]'\", 1))" $work/cpy/textwrap.py
(cd $work && PYTHONPATH=$work/cpy python3 -m test -v test_textwrap test_shlex) > $out/11_python_m_test_textwrap.txt 2>&1
say 11_python_m_test_textwrap.txt

# 12: more-itertools' Sphinx documentation, built nitpicky (-n) into HTML.
(cd $mit/docs && $py/sphinx-build -n -b html . $work/mit-html) > $out/12_sphinx_build_nitpicky.txt 2>&1
say 12_sphinx_build_nitpicky.txt

# 13: bandit (medium severity and up) over the libraries pip vendors.
$py/bandit -r -ll $work/venv/lib/python3.11/site-packages/pip/_vendor > $out/13_bandit_pip_vendor.txt 2>&1
say 13_bandit_pip_vendor.txt

# 14: radon's cyclomatic complexity of every function of more-itertools, with the average.
(cd $mit && $py/radon cc -s -a more_itertools) > $out/14_radon_cc_more_itertools.txt 2>&1
say 14_radon_cc_more_itertools.txt

# 15: what black would change in six.py.
(cd $work/six-1.17.0 && $py/black --diff six.py) > $out/15_black_diff_six.txt 2>&1
say 15_black_diff_six.txt

# 16: gcc's predefined macros for this machine's CPU.
gcc -march=native -dM -E - < /dev/null | sort > $out/16_gcc_dM_E_native.txt 2>&1
say 16_gcc_dM_E_native.txt

# 17: the JDK's trust store.
keytool -list -cacerts -storepass changeit > $out/17_keytool_list_cacerts.txt 2>&1
say 17_keytool_list_cacerts.txt

# 18: every PostgreSQL 15 setting with its context, default and description.
su postgres -s /bin/sh -c '/usr/lib/postgresql/15/bin/postgres --describe-config' > $out/18_postgres_describe_config.txt 2>&1
say 18_postgres_describe_config.txt

# 19: the files of the installed postgresql-15 package.
dpkg -L postgresql-15 > $out/19_dpkg_L_postgresql.txt 2>&1
say 19_dpkg_L_postgresql.txt

# 20: the dependency tree of the tools venv, reversed (who needs what).
$py/pipdeptree -r > $out/20_pipdeptree_reverse.txt 2>&1
say 20_pipdeptree_reverse.txt

# 21-30: reads (tool `read`): real files of kinds no earlier set read.
cp /usr/share/postgresql/15/system_views.sql $out/21_read_system_views.sql
cp /etc/login.defs $out/22_read_login.defs
cp "$reg/clap_builder-4.6.7/src/builder/command.rs" $out/23_read_clap_command.rs
cp $work/qs/CHANGELOG.md $out/24_read_qs_CHANGELOG.md
cp $work/sphinx-9.0.4/pyproject.toml $out/25_read_sphinx_pyproject.toml
cp "$(git --exec-path)/git-filter-branch" $out/26_read_git-filter-branch.sh
cp $work/pydantic_settings-2.16.3/uv.lock $out/27_read_pydantic_settings_uv.lock
cp /etc/java-17-openjdk/jfr/default.jfc $out/28_read_jfr_default.jfc
cp $work/qs/dist/qs.js $out/29_read_qs_dist_qs.js
cp /etc/X11/rgb.txt $out/30_read_rgb.txt
for f in 21_read_system_views.sql 22_read_login.defs 23_read_clap_command.rs 24_read_qs_CHANGELOG.md 25_read_sphinx_pyproject.toml 26_read_git-filter-branch.sh 27_read_pydantic_settings_uv.lock 28_read_jfr_default.jfc 29_read_qs_dist_qs.js 30_read_rgb.txt; do say $f; done
