#!/usr/bin/env bash
# Captures the eighth held-out set on this machine (Debian 12, gcc 12, Temurin 25's src.zip,
# Python 3.11 via pyenv, Node 20 with npm 11, Rust stable with cargo-nextest and the nightly
# rust-src, Perl 5.36, Tcl 8.6, the pi-lean repository at the commit this set was written on).
# Run from the repository root. Every output is a real tool output; the generated inputs (Rust
# crates, Python packages, JavaScript modules, a C project built by CMake and Ninja, Perl tests,
# git repositories, a small socket server) are made here and run by the real tools. The work
# directory is a fixed path (/tmp/set8) so that paths in the outputs do not change between runs;
# timings, addresses, PIDs, inode numbers and hashes of the git repositories still do, so the
# committed files are the record. Needs network access to PyPI (pylint, yamllint, pytest,
# pytest-cov, cmake, ninja, into a venv of its own) and to the npm registry (eslint, esbuild,
# pyright, commander, into a folder of their own).
set -u
out=$(realpath eval/compaction-set8)
repo=$(pwd)
work=/tmp/set8
rm -rf "$work"
mkdir -p "$work"
say() { echo "$1 $(wc -c < "$out/$1")"; }
unset CARGO_TARGET_DIR
git_id=(-c user.name=Set8 -c user.email=set8@example.com -c init.defaultBranch=main -c advice.detachedHead=false)
export GIT_AUTHOR_NAME=Set8 GIT_AUTHOR_EMAIL=set8@example.com GIT_COMMITTER_NAME=Set8 GIT_COMMITTER_EMAIL=set8@example.com

# Tools from PyPI and npm, each in a folder of its own.
python3 -m venv $work/venv
$work/venv/bin/pip install -q pylint==4.1.5 yamllint==1.38.0 pytest==8.3.4 pytest-cov==7.1.0 cmake==4.4.5 ninja==1.13.2 > $work/pip.log 2>&1
mkdir -p $work/npm && (cd $work/npm && npm init -y > /dev/null && npm install --no-audit --no-fund eslint@9 esbuild@0.28.2 pyright@1.1.414 commander@14 > $work/npm.log 2>&1)
nbin=$work/npm/node_modules/.bin

# 01: 800 tests of a tariff table under cargo-nextest; zone_613's expected rate is off by one.
mkdir -p $work/tariff/src
printf '[package]\nname = "tariff"\nversion = "0.1.0"\nedition = "2021"\n' > $work/tariff/Cargo.toml
{
  echo 'pub fn rate(zone: u32) -> u32 { 100 + zone % 37 }'
  echo
  echo '#[cfg(test)]'
  echo 'mod tests {'
  echo '    use super::*;'
  for i in $(seq -w 1 800); do
    n=$((10#$i)); want=$((100 + n % 37)); [ "$n" = 613 ] && want=$((want + 1))
    echo "    #[test]"
    echo "    fn zone_$i() { assert_eq!(rate($n), $want); }"
  done
  echo '}'
} > $work/tariff/src/lib.rs
(cd $work/tariff && CARGO_TARGET_DIR=$work/tariff/target cargo nextest run --no-fail-fast --color never) > $out/01_cargo_nextest_1fail.txt 2>&1
say 01_cargo_nextest_1fail.txt

# 02: a route table whose routes 150 and 151 alias each other; resolving route 150 recurses until
# the depth check panics. Debug build, full backtrace.
mkdir -p $work/routes/src
printf '[package]\nname = "routes"\nversion = "0.1.0"\nedition = "2021"\n' > $work/routes/Cargo.toml
cat > $work/routes/src/main.rs <<'R'
struct Route {
    name: String,
    alias_of: Option<usize>,
}

fn resolve(routes: &[Route], i: usize, depth: u32) -> &str {
    if depth > 40 {
        panic!("alias loop while resolving {}: depth {} exceeded", routes[i].name, depth);
    }
    match routes[i].alias_of {
        Some(j) => resolve(routes, j, depth + 1),
        None => &routes[i].name,
    }
}

fn main() {
    let routes: Vec<Route> = (0..200)
        .map(|i| Route {
            name: format!("route-{i:03}"),
            alias_of: match i {
                150 => Some(151),
                151 => Some(150),
                i if i % 10 == 5 => Some(i - 1),
                _ => None,
            },
        })
        .collect();
    for i in 0..routes.len() {
        println!("{} -> {}", routes[i].name, resolve(&routes, i, 0));
    }
}
R
(cd $work/routes && CARGO_TARGET_DIR=$work/routes/target RUST_BACKTRACE=full cargo run) > $out/02_cargo_run_backtrace_full.txt 2>&1
say 02_cargo_run_backtrace_full.txt

# 03: a package of 300 undocumented modules, each with an unused variable; pricing_177 uses a
# name it never defines.
mkdir -p $work/pylint/shop
touch $work/pylint/shop/__init__.py
for i in $(seq -w 1 300); do
  ret="total"; [ "$i" = 177 ] && ret="total * discount_rate"
  printf 'import os\n\n\ndef price_%s(amount, qty):\n    total = amount * qty + %d\n    unused = os.getcwd()\n    return %s\n' $i $((10#$i)) "$ret" > $work/pylint/shop/pricing_$i.py
done
(cd $work/pylint && $work/venv/bin/pylint --persistent=n shop) > $out/03_pylint_package.txt 2>&1
say 03_pylint_package.txt

# 04: 300 widget modules, each with an unused variable and a let that could be const; w137 calls
# a function it never imports.
mkdir -p $work/eslint/src/widgets $work/eslint/src/lib
cat > $work/eslint/eslint.config.mjs <<'J'
export default [
  {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: { 'no-unused-vars': 'warn', 'no-undef': 'error', 'prefer-const': 'warn' },
  },
];
J
echo 'export function render(label, props) { return { label, props }; }' > $work/eslint/src/lib/render.js
for i in $(seq -w 1 300); do
  arg="props"; [ "$i" = 137 ] && arg="fetchJson(props.url)"
  printf "import { render } from '../lib/render.js';\n\nexport function widget_%s(props) {\n  let label = 'widget %s';\n  const unused%s = props.size;\n  return render(label, %s);\n}\n" $i $i $i "$arg" > $work/eslint/src/widgets/w$i.js
done
(cd $work/eslint && $nbin/eslint src) > $out/04_eslint_stylish.txt 2>&1
say 04_eslint_stylish.txt

# 05: 150 untyped modules under pyright's strict mode; stock_088 passes a str where an int goes.
mkdir -p $work/pyright/inventory
touch $work/pyright/inventory/__init__.py
printf '{\n  "include": ["inventory"],\n  "typeCheckingMode": "strict",\n  "pythonVersion": "3.11"\n}\n' > $work/pyright/pyrightconfig.json
for i in $(seq -w 1 150); do
  {
    printf 'def restock_%s(items, qty):\n    result = []\n    for item in items:\n        result.append((item, qty))\n    return result\n' $i
    if [ "$i" = 088 ]; then
      printf '\n\ndef reserve(sku: str, qty: int) -> int:\n    return len(sku) + qty\n\n\nreserve("A-1", "12")\n'
    fi
  } > $work/pyright/inventory/stock_$i.py
done
(cd $work/pyright && $nbin/pyright) > $out/05_pyright_strict.txt 2>&1
say 05_pyright_strict.txt

# 06: 150 Deployment manifests without a document start, with a long image line and a `yes`;
# svc-097 sets replicas twice.
mkdir -p $work/yaml/deploy
printf 'extends: default\nrules:\n  line-length:\n    max: 80\n    level: warning\n' > $work/yaml/.yamllint
for i in $(seq -w 1 150); do
  {
    printf 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: svc-%s\nspec:\n  replicas: 2\n' $i
    [ "$i" = 097 ] && printf '  replicas: 3\n'
    printf '  template:\n    spec:\n      containers:\n        - name: svc-%s\n          image: registry.example.com/platform/services/svc-%s:2026.12.01-build.%d\n          tty: yes\n' $i $i $((10#$i * 7))
  } > $work/yaml/deploy/svc-$i.yaml
done
(cd $work/yaml && $work/venv/bin/yamllint deploy) > $out/06_yamllint_manifests.txt 2>&1
say 06_yamllint_manifests.txt

# 07: 200 rate modules, all tested on both branches, but rate_131 has a cap branch no test reaches.
mkdir -p $work/cov/calc $work/cov/tests
touch $work/cov/calc/__init__.py
for i in $(seq -w 1 200); do
  if [ "$i" = 131 ]; then
    printf 'def rate_%s(x):\n    if x < 0:\n        raise ValueError("negative")\n    if x > 10000:\n        cap = 10000 * %d\n        return cap\n    return x * %d\n' $i $((10#$i)) $((10#$i)) > $work/cov/calc/rate_$i.py
  else
    printf 'def rate_%s(x):\n    if x < 0:\n        raise ValueError("negative")\n    return x * %d\n' $i $((10#$i)) > $work/cov/calc/rate_$i.py
  fi
done
{
  echo 'import importlib'
  echo 'import pytest'
  echo
  echo '@pytest.mark.parametrize("n", range(1, 201))'
  echo 'def test_rate(n):'
  echo '    mod = importlib.import_module(f"calc.rate_{n:03d}")'
  echo '    assert getattr(mod, f"rate_{n:03d}")(3) == 3 * n'
  echo
  echo '@pytest.mark.parametrize("n", range(1, 201))'
  echo 'def test_negative(n):'
  echo '    mod = importlib.import_module(f"calc.rate_{n:03d}")'
  echo '    with pytest.raises(ValueError):'
  echo '        getattr(mod, f"rate_{n:03d}")(-1)'
} > $work/cov/tests/test_rates.py
(cd $work/cov && $work/venv/bin/python -m pytest -q -p no:cacheprovider --cov=calc --cov-report=term-missing tests) > $out/07_pytest_cov_term_missing.txt 2>&1
say 07_pytest_cov_term_missing.txt

# 08: a C library of 150 sources configured by CMake for Ninja, built verbosely with -k 0; ten
# sources have an unused variable, codec_093.c uses a macro nobody defines.
mkdir -p $work/codec/src $work/codec/include $work/codec/tool
cat > $work/codec/CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.20)
project(codec C)
add_compile_options(-Wall)
file(GLOB SRCS ${CMAKE_SOURCE_DIR}/src/*.c)
add_library(codec STATIC ${SRCS})
target_include_directories(codec PUBLIC include)
add_executable(codec_tool tool/main.c)
target_link_libraries(codec_tool codec)
C
echo 'int codec_001(int x);' > $work/codec/include/codec.h
for i in $(seq -w 1 150); do
  body="return x * $((10#$i));"
  [ $((10#$i % 15)) = 0 ] && body="int scratch_$i = x; return x * $((10#$i));"
  [ "$i" = 093 ] && body="return x % FRAME_MAX;"
  printf '#include "codec.h"\n\nint codec_%s(int x) {\n    %s\n}\n' $i "$body" > $work/codec/src/codec_$i.c
done
printf '#include <stdio.h>\n#include "codec.h"\n\nint main(void) {\n    printf("%%d\\n", codec_001(2));\n    return 0;\n}\n' > $work/codec/tool/main.c
(cd $work/codec && PATH=$work/venv/bin:$PATH && cmake -S . -B build -G Ninja && cmake --build build -v -- -k 0) > $out/08_cmake_ninja_build_error.txt 2>&1
say 08_cmake_ninja_build_error.txt

# 09: an app of 300 components bundled by esbuild with a verbose analysis; c_211 alone imports a
# large data module.
mkdir -p $work/bundle/src/components $work/bundle/src/data
python3 - "$work/bundle/src/data/zones.js" <<'P'
import sys
rows = [f'  {{ id: {i}, name: "zone-{i:05d}", offset: {(i * 37) % 1440 - 720}, dst: {str(i % 3 == 0).lower()} }},' for i in range(1, 6001)]
open(sys.argv[1], "w").write("export const zones = [\n" + "\n".join(rows) + "\n];\n")
P
for i in $(seq -w 1 300); do
  if [ "$i" = 211 ]; then
    printf "import { zones } from '../data/zones.js';\n\nexport function c_%s(q) {\n  return zones.filter((z) => z.name.includes(q)).length;\n}\n" $i > $work/bundle/src/components/c_$i.js
  else
    printf "export function c_%s(x) {\n  const label = 'component %s';\n  return label.length + x * %d;\n}\n" $i $i $((10#$i)) > $work/bundle/src/components/c_$i.js
  fi
done
{
  for i in $(seq -w 1 300); do echo "import { c_$i } from './components/c_$i.js';"; done
  echo
  printf 'console.log(['; for i in $(seq -w 1 300); do printf 'c_%s, ' $i; done; echo '].map((f) => f(1)));'
} > $work/bundle/src/index.js
(cd $work/bundle && $nbin/esbuild src/index.js --bundle --outfile=dist/app.js --analyze=verbose) > $out/09_esbuild_analyze_verbose.txt 2>&1
say 09_esbuild_analyze_verbose.txt

# 10: 40 Perl test files of 60 invoice checks each, run by prove -v; test 42 of t/17 is off by one.
mkdir -p $work/prove/t
for f in $(seq -w 1 40); do
  {
    echo 'use strict;'
    echo 'use warnings;'
    echo 'use Test::More tests => 60;'
    echo
    echo 'sub total { my ($n) = @_; return $n * 25 + 0; }'
    echo
    for t in $(seq 1 60); do
      want=$((t * 25)); [ "$f" = 17 ] && [ "$t" = 42 ] && want=$((want + 1))
      echo "is(total($t), $want, 'invoice $f-$t total');"
    done
  } > $work/prove/t/$f-invoice.t
done
(cd $work/prove && prove -v t) > $out/10_prove_v_perl.txt 2>&1
say 10_prove_v_perl.txt

# 11: npm's whole configuration with a user config of its own that raises fetch-retries.
mkdir -p $work/npmhome
(cd $work && env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=$work/npmhome npm config set fetch-retries 5 && env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=$work/npmhome npm config ls -l) > $out/11_npm_config_ls_l.txt 2>&1
say 11_npm_config_ls_l.txt

# 12: 400 commits, each adding a note; commit 287 also lowers max_batch from 500 to 50, which the
# check script (a 40-line self-test) rejects. git bisect run finds it.
mkdir -p $work/bisect && cd $work/bisect && git "${git_id[@]}" init -q
mkdir -p config notes
printf '[limits]\nmax_batch = 500\nmax_retries = 5\n' > config/limits.ini
git add -A && git "${git_id[@]}" commit -q -m 'initial limits'
for i in $(seq -w 1 400); do
  echo "note $i" > notes/change_$i.md
  msg="notes: change $i"
  if [ "$i" = 287 ]; then sed -i 's/max_batch = 500/max_batch = 50/' config/limits.ini; msg="limits: tune batch size for change 287"; fi
  git add -A && git "${git_id[@]}" commit -q -m "$msg"
done
cat > $work/check-limits.sh <<'S'
#!/usr/bin/env bash
batch=$(sed -n 's/^max_batch = //p' config/limits.ini)
for t in $(seq 1 40); do echo "selftest limits_$t: batch=$batch ok"; done
if [ "$batch" -lt 100 ]; then echo "FAIL: max_batch=$batch is below the minimum of 100"; exit 1; fi
echo "PASS: max_batch=$batch"
S
chmod +x $work/check-limits.sh
{ git "${git_id[@]}" bisect start HEAD "$(git rev-list --max-parents=0 HEAD)" && git "${git_id[@]}" bisect run $work/check-limits.sh; git "${git_id[@]}" bisect log; } > $out/12_git_bisect_run.txt 2>&1
git bisect reset -q > /dev/null 2>&1
cd "$repo"
say 12_git_bisect_run.txt

# 13: a topic of 150 commits, written again on a newer main: commit 12 dropped, commit 37's retry
# count changed from 3 to 5; git range-diff compares the two versions.
mkdir -p $work/rdiff && cd $work/rdiff && git "${git_id[@]}" init -q
echo 'base' > README && git add -A && git "${git_id[@]}" commit -q -m 'base'
git branch old-base
write_topic() {
  for i in $(seq -w 1 150); do
    [ "$1" = v2 ] && [ "$i" = 012 ] && continue
    r=3; [ "$1" = v2 ] && [ "$i" = 037 ] && r=5
    mkdir -p lib
    {
      printf 'STEP = %d\nRETRIES = %d\n\n\ndef step_%s(x):\n    return x + STEP\n' $((10#$i)) $r $i
      for k in $(seq 1 20); do printf '\n\ndef step_%s_stage_%d(x):\n    return step_%s(x) * %d\n' $i $k $i $k; done
    } > lib/step_$i.py
    git add -A && git "${git_id[@]}" commit -q -m "lib: add step $i"
  done
}
git checkout -q -b v1 old-base && write_topic v1
git checkout -q main && echo 'newer base' >> README && git "${git_id[@]}" commit -q -am 'base: newer'
git checkout -q -b v2 main && write_topic v2
git -c core.pager=cat range-diff --no-color old-base..v1 main..v2 > $out/13_git_range_diff.txt 2>&1
cd "$repo"
say 13_git_range_diff.txt

# 14: a clone with 400 tracking branches; feature/search-140 was deleted on the remote,
# feature/billing-273 has three local commits and one new remote commit.
git "${git_id[@]}" init -q --bare $work/branches-origin.git
mkdir -p $work/branches-seed && cd $work/branches-seed && git "${git_id[@]}" init -q
echo seed > README && git add -A && git "${git_id[@]}" commit -q -m 'seed'
areas=(search billing auth catalog)
for i in $(seq -w 1 400); do
  a=${areas[$((10#$i % 4))]}
  git branch feature/$a-$i
done
git remote add origin $work/branches-origin.git && git push -q origin --all 2>/dev/null
git "${git_id[@]}" clone -q $work/branches-origin.git $work/branches 2>/dev/null
cd $work/branches
for b in $(git for-each-ref --format='%(refname:lstrip=3)' refs/remotes/origin | grep feature/); do git branch -q --track $b origin/$b; done
for i in $(seq -w 1 400); do
  a=${areas[$((10#$i % 4))]}
  git checkout -q feature/$a-$i && echo "work $i" > work.txt && git add work.txt && git "${git_id[@]}" commit -q -m "$a $i: first draft"
done
git push -q origin --all 2>/dev/null
git checkout -q feature/billing-273
for n in 1 2 3; do echo "local $n" >> work.txt && git "${git_id[@]}" commit -q -am "billing 273: local change $n"; done
cd $work/branches-seed && git fetch -q origin && git checkout -q -b upd origin/feature/billing-273 && echo remote > remote.txt && git add remote.txt && git "${git_id[@]}" commit -q -m 'billing 273: remote fix' && git push -q origin upd:feature/billing-273 2>/dev/null
git push -q origin --delete feature/search-140 2>/dev/null
cd $work/branches && git checkout -q main 2>/dev/null || git checkout -q feature/auth-001
git fetch -q --prune origin 2>/dev/null
git branch -vv > $out/14_git_branch_vv.txt 2>&1
cd "$repo"
say 14_git_branch_vv.txt

# 15: a topic of 301 commits; upstream applied the same changes as its own commits, all but
# commit 214.
mkdir -p $work/cherry && cd $work/cherry && git "${git_id[@]}" init -q
echo base > README && git add -A && git "${git_id[@]}" commit -q -m 'base'
git branch upstream
git checkout -q -b topic
for i in $(seq -w 1 301); do
  mkdir -p handlers && printf 'def handle_%s(event):\n    return {"handler": %d, "event": event}\n' $i $((10#$i)) > handlers/h_$i.py
  git add -A && git "${git_id[@]}" commit -q -m "handlers: add handler $i"
done
git checkout -q upstream
for i in $(seq -w 1 301); do
  [ "$i" = 214 ] && continue
  mkdir -p handlers && git show topic:handlers/h_$i.py > handlers/h_$i.py
  git add -A && git "${git_id[@]}" commit -q -m "Merge handler $i from the topic (applied upstream)"
done
git cherry -v upstream topic > $out/15_git_cherry_v.txt 2>&1
cd "$repo"
say 15_git_cherry_v.txt

# 16-18: a socket server holding 150 client connections, 300 open log files (one deleted after
# opening) and a 64 MiB buffer; the client closed connection 77, which the server never closes.
mkdir -p $work/net/data
cat > $work/net/server.py <<'P'
import os, socket, sys, time
root = sys.argv[1]
files = [open(os.path.join(root, f"file_{i:03d}.log"), "w") for i in range(1, 301)]
os.unlink(os.path.join(root, "file_173.log"))
buf = bytearray(64 * 1024 * 1024)
for i in range(0, len(buf), 4096):
    buf[i] = 1
srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 18080))
srv.listen(256)
conns = [srv.accept()[0] for _ in range(150)]
open(os.path.join(root, "ready"), "w").close()
time.sleep(120)
P
cat > $work/net/client.py <<'P'
import socket, time
conns = []
for i in range(150):
    for _ in range(50):
        try:
            conns.append(socket.create_connection(("127.0.0.1", 18080)))
            break
        except ConnectionRefusedError:
            time.sleep(0.1)
conns[76].close()
time.sleep(120)
P
python3 $work/net/server.py $work/net/data & spid=$!
python3 $work/net/client.py & cpid=$!
for _ in $(seq 1 100); do [ -e $work/net/data/ready ] && break; sleep 0.1; done
sleep 1
lsof -p $spid > $out/16_lsof_p_server.txt 2>&1
say 16_lsof_p_server.txt
ss -tanp > $out/17_ss_tanp.txt 2>&1
say 17_ss_tanp.txt
pmap -x $spid > $out/18_pmap_x_server.txt 2>&1
say 18_pmap_x_server.txt
kill $cpid $spid 2>/dev/null
wait $cpid $spid 2>/dev/null

# 19: a record packer built with -pg; compress_block does most of the work, checksum_block is
# called once per block from pack_file.
mkdir -p $work/gprof
cat > $work/gprof/pack.c <<'C'
#include <stdio.h>
#include <string.h>
static unsigned char block[4096];
static unsigned parse_record(int i) {
  unsigned v = 0;
  for (int k = 0; k < 64; k++) v = v * 33 + (unsigned)(i ^ k);
  return v;
}
static unsigned checksum_block(const unsigned char *b, int n) {
  unsigned c = 0;
  for (int k = 0; k < n; k++) c = (c << 5) + c + b[k];
  return c;
}
static int compress_block(unsigned char *b, int n) {
  int out = 0;
  for (int pass = 0; pass < 24; pass++)
    for (int k = 1; k < n; k++) { b[k] ^= (unsigned char)(b[k - 1] + pass); out += b[k] & 1; }
  return out;
}
static void emit(unsigned sum, int bits, FILE *f) { fprintf(f, "%u %d\n", sum, bits); }
static void pack_file(int blocks, FILE *f) {
  for (int i = 0; i < blocks; i++) {
    for (int k = 0; k < 4096; k += 4) { unsigned r = parse_record(i + k); memcpy(block + k, &r, 4); }
    int bits = compress_block(block, 4096);
    emit(checksum_block(block, 4096), bits, f);
  }
}
int main(void) {
  FILE *f = fopen("/dev/null", "w");
  pack_file(1500, f);
  fclose(f);
  return 0;
}
C
(cd $work/gprof && gcc -pg -O0 pack.c -o pack && ./pack && gprof ./pack gmon.out) > $out/19_gprof_flat_callgraph.txt 2>&1
say 19_gprof_flat_callgraph.txt

# 20: a units module of 1,600 functions with ten doctest examples each; scale_0977_miles_km's
# third example expects a rounded value the function does not round to.
mkdir -p $work/doctest
python3 - "$work/doctest/units.py" <<'P'
import sys
out = ['"""Unit conversions, one function per table row."""', ""]
for n in range(1, 1601):
    if n == 977:
        out += [f"def scale_{n:04d}_miles_km(x):",
                '    """Convert miles to kilometres.', ""]
        for k in range(1, 11):
            want = "4.828" if k == 3 else repr(round(k * 1.609344, 6))
            out += [f"    >>> scale_{n:04d}_miles_km({k})", f"    {want}"]
        out += ['    """', "    return round(x * 1.609344, 6)", "", ""]
    else:
        out += [f"def scale_{n:04d}(x):", f'    """Scale by {n}.', ""]
        for k in range(1, 11):
            out += [f"    >>> scale_{n:04d}({k})", f"    {k * n}"]
        out += ['    """', f"    return x * {n}", "", ""]
open(sys.argv[1], "w").write("\n".join(out))
P
(cd $work/doctest && python3 -m doctest -v units.py) > $out/20_python_doctest_v.txt 2>&1
say 20_python_doctest_v.txt

# 21-30: reads, the files' bytes as Pi's read tool gets them.
unzip -p /usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip java.base/java/util/HashMap.java > $out/21_read_HashMap.java; say 21_read_HashMap.java
cp /usr/include/c++/12/bits/basic_string.h $out/22_read_basic_string.h; say 22_read_basic_string.h
cp /usr/share/tcltk/tcl8.6/clock.tcl $out/23_read_clock.tcl; say 23_read_clock.tcl
cp $work/npm/node_modules/pyright/dist/typeshed-fallback/stdlib/builtins.pyi $out/24_read_builtins.pyi; say 24_read_builtins.pyi
cp node_modules/typescript/lib/de/diagnosticMessages.generated.json $out/25_read_ts_diagnosticMessages_de.json; say 25_read_ts_diagnosticMessages_de.json
cp $work/npm/node_modules/commander/lib/command.js $out/26_read_commander_command.js; say 26_read_commander_command.js
cp "$(rustc +nightly --print sysroot)/lib/rustlib/src/rust/library/stdarch/.github/workflows/main.yml" $out/27_read_stdarch_ci.yml; say 27_read_stdarch_ci.yml
cp node_modules/protobufjs/google/protobuf/descriptor.proto $out/28_read_descriptor.proto; say 28_read_descriptor.proto
cp /usr/lib/x86_64-linux-gnu/gconv/gconv-modules.d/gconv-modules-extra.conf $out/29_read_gconv-modules-extra.conf; say 29_read_gconv-modules-extra.conf
cp node_modules/@earendil-works/pi-coding-agent/docs/extensions.md $out/30_read_pi_extensions.md; say 30_read_pi_extensions.md

# Versions of the tools fetched above, for the record.
{ $work/venv/bin/pip list --format=freeze 2>/dev/null | grep -iE '^(pylint|yamllint|pytest|pytest-cov|coverage|cmake|ninja)=='; (cd $work/npm && npm ls --depth=0 2>/dev/null | tail -n +2); cargo nextest --version 2>/dev/null | head -1; } > $work/versions.txt
cat $work/versions.txt

rm -rf "$work"
