#!/usr/bin/env bash
# Captures the seventh held-out set on this machine (Debian 12, gcc 12, OpenJDK 17, Python 3.11
# via pyenv, Node 20, Rust stable, the pi-lean repository at the commit this set was written on).
# Run from the repository root. Every output is a real tool output; the generated inputs (Rust
# crates, a pytest project, Node and Java programs, a C program, git repositories, a CSV, two
# nginx configs, a shell script) are made here and run by the real tools. The work directory is a
# fixed path (/tmp/set7) so that paths in the outputs do not change between runs; timings,
# addresses and PIDs still do, so the committed files are the record. Needs network access to
# PyPI (pytest, into a venv of its own).
set -u
out=$(realpath eval/compaction-set7)
repo=$(pwd)
work=/tmp/set7
rm -rf "$work"
mkdir -p "$work"
say() { echo "$1 $(wc -c < "$out/$1")"; }
unset CARGO_TARGET_DIR
git_id=(-c user.name=Set7 -c user.email=set7@example.com -c init.defaultBranch=main -c advice.detachedHead=false)

# 01: three digests, one second per block size.
openssl speed -seconds 1 md5 sha256 sha512 > $out/01_openssl_speed.txt 2>&1
say 01_openssl_speed.txt

# 02: 400 tests in 8 modules; test_billing.py::test_invoice_rounding_17 logs a warning and fails,
# test_sync.py::test_full_resync takes 1.3 s.
python3 -m venv $work/venv && $work/venv/bin/pip install -q pytest==8.3.4 > /dev/null 2>&1
mkdir -p $work/pyproj/tests
python3 - "$work/pyproj/tests" <<'P'
import sys, pathlib
root = pathlib.Path(sys.argv[1])
areas = ["accounts", "billing", "catalog", "checkout", "inventory", "reports", "shipping", "sync"]
for area in areas:
    lines = ["import logging", "import time", "", f"log = logging.getLogger('{area}')", "",
             "def total_cents(items):", "    return sum(round(price * 100) * qty for price, qty in items)", ""]
    for n in range(1, 51):
        if area == "billing" and n == 17:
            lines += [f"def test_invoice_rounding_{n}():",
                      f"    log.info('invoice {n}: 3 items')",
                      f"    log.warning('invoice {n}: rounding drift of 1 cent on line 2 (19.995 EUR)')",
                      "    items = [(10.005, 1), (19.995, 1), (0.0, 3)]",
                      "    assert total_cents(items) == 3000", ""]
        elif area == "sync" and n == 33:
            lines += ["def test_full_resync():", "    log.info('resync: 12000 rows')", "    time.sleep(1.3)",
                      "    assert True", ""]
        else:
            lines += [f"def test_{area}_case_{n:02d}():", f"    log.debug('{area} case {n}')",
                      f"    assert total_cents([({n}.25, 2)]) == {n * 200 + 50}", ""]
    (root / f"test_{area}.py").write_text("\n".join(lines))
P
(cd $work/pyproj && $work/venv/bin/python -m pytest -v --durations=10 -p no:cacheprovider) > $out/02_pytest_durations_1fail.txt 2>&1
say 02_pytest_durations_1fail.txt

# 03: 3,000 progress lines; at batch 1500, eleven listeners on one event (Node's limit is ten).
mkdir -p $work/node
cat > $work/node/sync.mjs <<'J'
import { EventEmitter } from 'node:events';
import { setImmediate as tick } from 'node:timers/promises';
const bus = new EventEmitter();
function subscribeAuditors(n) {
  for (let i = 0; i < n; i++) bus.on('batch', () => {});
}
for (let b = 1; b <= 3000; b++) {
  console.log(`[sync] batch ${b}: ${(b * 13) % 97} rows upserted, ${(b * 7) % 5} conflicts`);
  if (b === 1500) subscribeAuditors(11);
  if (b % 100 === 0) await tick();
}
console.log('[sync] done: 3000 batches');
J
(cd $work/node && node --trace-warnings sync.mjs) > $out/03_node_trace_warnings.txt 2>&1
say 03_node_trace_warnings.txt

# 04: Node's diagnostic report, with an empty environment and without network interfaces.
(cd $work/node && env -i PATH=/usr/bin:/bin HOME=/nonexistent node -e 'process.report.excludeNetwork = true; console.log(JSON.stringify(process.report.getReport(), null, 2))') > $out/04_node_report.json 2>&1
say 04_node_report.json

# 05: a build script probing 400 libc symbols (from nm) plus strlcpy, which glibc 2.36 lacks.
mkdir -p $work/probe/src
nm -D --defined-only /lib/x86_64-linux-gnu/libc.so.6 | awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' | sort -u > $work/probe/symbols.txt
grep -v '^_' $work/probe/symbols.txt > $work/probe/public.txt
{ sed -n '1,249p' $work/probe/public.txt; echo strlcpy; sed -n '250,400p' $work/probe/public.txt; } > $work/probe/wanted.txt
cat > $work/probe/Cargo.toml <<'T'
[package]
name = "probe"
version = "0.1.0"
edition = "2021"
build = "build.rs"
T
cat > $work/probe/build.rs <<'R'
use std::collections::HashSet;
use std::fs;

fn main() {
    let have: HashSet<String> = fs::read_to_string("symbols.txt").unwrap().lines().map(String::from).collect();
    for name in fs::read_to_string("wanted.txt").unwrap().lines() {
        if have.contains(name) {
            eprintln!("checking for {name}... yes");
            println!("cargo:rustc-cfg=have_{name}");
        } else {
            eprintln!("checking for {name}... no");
            println!("cargo:warning={name} not found in libc; using the bundled fallback");
        }
    }
    println!("cargo:rerun-if-changed=wanted.txt");
}
R
echo 'pub fn probed() -> bool { true }' > $work/probe/src/lib.rs
(cd $work/probe && CARGO_TARGET_DIR=$work/probe/target cargo build -vv) > $out/05_cargo_build_vv_probe.txt 2>&1
say 05_cargo_build_vv_probe.txt

# 06: 300 tests that print as they run; entry_187's balance is off by one.
mkdir -p $work/ledger/src
printf '[package]\nname = "ledger"\nversion = "0.1.0"\nedition = "2021"\n' > $work/ledger/Cargo.toml
{
  echo 'pub fn balance(entry: u32) -> u64 { u64::from(entry) * 100 }'
  echo
  echo '#[cfg(test)]'
  echo 'mod tests {'
  echo '    use super::*;'
  for i in $(seq -w 1 300); do
    n=$((10#$i))
    want=$((n * 100)); [ "$n" = 187 ] && want=$((n * 100 + 1))
    echo "    #[test]"
    echo "    fn entry_$i() {"
    echo "        println!(\"ledger entry $i: opening\");"
    echo "        println!(\"ledger entry $i: 4 postings, balance {}\", balance($n));"
    echo "        println!(\"ledger entry $i: closed\");"
    echo "        assert_eq!(balance($n), $want);"
    echo "    }"
  done
  echo '}'
} > $work/ledger/src/lib.rs
(cd $work/ledger && CARGO_TARGET_DIR=$work/ledger/target cargo test -- --nocapture) > $out/06_cargo_test_nocapture_1fail.txt 2>&1
say 06_cargo_test_nocapture_1fail.txt

# 07: 120 functions whose docs link to a type that no longer exists, one with an unclosed HTML tag.
mkdir -p $work/docgen/src
printf '[package]\nname = "docgen"\nversion = "0.1.0"\nedition = "2021"\n' > $work/docgen/Cargo.toml
{
  echo '//! Region configuration builders.'
  for i in $(seq -w 1 120); do
    if [ "$i" = 077 ]; then
      echo "/// Returns the Vec<String> of host names of region $i."
    else
      echo "/// Builds a [\`LegacyConfig\`] for region $i."
    fi
    echo "pub fn region_$i() -> u32 { $((10#$i)) }"
  done
} > $work/docgen/src/lib.rs
(cd $work/docgen && CARGO_TARGET_DIR=$work/docgen/target cargo doc --no-deps) > $out/07_cargo_doc_warnings.txt 2>&1
say 07_cargo_doc_warnings.txt

# 08: 40 modules with one-line functions, and lib.rs with its imports out of order.
mkdir -p $work/fmtcheck/src
printf '[package]\nname = "fmtcheck"\nversion = "0.1.0"\nedition = "2021"\n' > $work/fmtcheck/Cargo.toml
{
  echo 'use std::fmt::Write;'
  echo 'use std::collections::HashMap;'
  echo
  for i in $(seq -w 1 40); do echo "pub mod m$i;"; done
  echo
  echo 'pub fn index() -> HashMap<u32, String> { let mut m = HashMap::new(); let mut s = String::new(); let _ = write!(s, "x"); m.insert(1, s); m }'
} > $work/fmtcheck/src/lib.rs
for i in $(seq -w 1 40); do
  echo "pub fn total_$i(xs: &[u64]) -> u64 { let mut t = 0; for x in xs { if *x > $i { t += x * $i; } else { t += x; } } t }" > $work/fmtcheck/src/m$i.rs
done
(cd $work/fmtcheck && cargo fmt --check) > $out/08_cargo_fmt_check.txt 2>&1
say 08_cargo_fmt_check.txt

# 09: 400 service sections all move to a new data centre; one timeout also changes.
mkdir -p $work/wdiff && cd $work/wdiff && git "${git_id[@]}" init -q
gen_services() {
  for i in $(seq -w 1 400); do
    t=3000; [ "$i" = 237 ] && t=$2
    printf '[service.svc-%s]\nhost = db-%s.%s.internal\nport = %d\ntimeout_ms = %d\nretries = 3\n\n' $i $i $1 $((5000 + 10#$i)) $t
  done
}
gen_services old-dc 3000 > services.conf
git add services.conf && git "${git_id[@]}" commit -q -m 'services'
gen_services new-dc 30000 > services.conf
git -c core.pager=cat diff --word-diff > $out/09_git_diff_word_diff.txt 2>&1
cd "$repo"
say 09_git_diff_word_diff.txt

# 10: a clone mid-merge: config/app.yaml in conflict, two commits ahead and one behind, one
# staged rename, 300 modified files and 200 untracked ones.
git "${git_id[@]}" init -q --bare $work/origin.git
mkdir -p $work/seed && cd $work/seed && git "${git_id[@]}" init -q
mkdir -p src config docs
for i in $(seq -w 1 1200); do printf 'def handler_%s(event):\n    return event\n' $i > src/mod_$i.py; done
printf 'name: app\nreplicas: 3\nimage: app:1.0\n' > config/app.yaml
echo '# app' > docs/README.md
git add -A && git "${git_id[@]}" commit -q -m 'initial' && git remote add origin $work/origin.git && git push -q origin main 2>/dev/null
git "${git_id[@]}" clone -q $work/origin.git $work/app 2>/dev/null
sed -i 's/replicas: 3/replicas: 5/' config/app.yaml && git "${git_id[@]}" commit -q -am 'scale to 5' && git push -q origin main 2>/dev/null
cd $work/app
sed -i 's/replicas: 3/replicas: 4/' config/app.yaml && git "${git_id[@]}" commit -q -am 'scale to 4'
echo 'Deploy with make deploy.' >> docs/README.md && git "${git_id[@]}" commit -q -am 'docs: deploy'
git fetch -q origin && git "${git_id[@]}" merge -q origin/main > /dev/null 2>&1
git mv src/mod_0420.py src/legacy_0420.py
for i in $(seq -w 1 300); do echo '# touched' >> src/mod_$(printf '%04d' $((10#$i * 4 - 1))).py; done
mkdir -p build && for i in $(seq -w 1 200); do echo x > build/chunk_$i.o; done
git status --porcelain=v2 --branch -uall > $out/10_git_status_porcelain_v2.txt 2>&1
cd "$repo"
say 10_git_status_porcelain_v2.txt

# 11
file /usr/bin/* > $out/11_file_usr_bin.txt 2>&1
say 11_file_usr_bin.txt

# 12: a 1,200-row CSV; row 642 ends with CRLF, row 905 has a NUL byte in its sku.
python3 - "$work/orders.csv" <<'P'
import sys
rows = [b"id,sku,qty,price\n"]
for i in range(1, 1201):
    sku = b"SKU-%05d" % (i * 37 % 99991)
    if i == 905:
        sku = b"SKU-\x00" + sku[5:]
    end = b"\r\n" if i == 642 else b"\n"
    rows.append(b"%d,%s,%d,%d.%02d" % (i, sku, i % 9 + 1, i % 300, i % 100) + end)
open(sys.argv[1], "wb").write(b"".join(rows))
P
od -A d -c $work/orders.csv > $out/12_od_c_csv.txt 2>&1
say 12_od_c_csv.txt

# 13: two versions of an nginx config with 150 look-alike locations: one timeout changed, one
# line removed, one added.
mkdir -p $work/nginx
gen_nginx() {
  printf 'worker_processes auto;\nevents {\n    worker_connections 1024;\n}\nhttp {\n    sendfile on;\n'
  [ "$1" = old ] && printf '    gzip_vary on;\n'
  printf '    gzip on;\n'
  for i in $(seq 1 150); do
    t=30s; [ "$1" = new ] && [ "$i" = 117 ] && t=300s
    printf '    location /api/v%d/ {\n        proxy_pass http://backend_%d;\n        proxy_read_timeout %s;\n' $i $i $t
    [ "$1" = new ] && [ "$i" = 64 ] && printf '        client_max_body_size 50m;\n'
    printf '    }\n'
  done
  printf '}\n'
}
gen_nginx old > $work/nginx/old.conf
gen_nginx new > $work/nginx/new.conf
(cd $work/nginx && diff -y -W 150 old.conf new.conf) > $out/13_diff_y_nginx.txt 2>&1
say 13_diff_y_nginx.txt

# 14: a staging script traced with set -x; the manifest it copies last does not exist.
mkdir -p $work/site
for i in $(seq -w 1 300); do echo "<h1>page $i</h1>" > $work/site/page_$i.html; done
cat > $work/stage.sh <<'S'
#!/usr/bin/env bash
set -euo pipefail
set -x
src=/tmp/set7/site
stage=/tmp/set7/stage
mkdir -p "$stage"
n=0
for f in "$src"/*.html; do
  sum=$(cksum < "$f" | cut -d' ' -f1)
  cp "$f" "$stage/"
  n=$((n + 1))
  echo "staged $n: $(basename "$f") ($sum)"
done
cp "$stage/manifest.json" /tmp/set7/release/current/
echo "release done"
S
bash $work/stage.sh > $out/14_bash_x_trace.txt 2>&1
say 14_bash_x_trace.txt

# 15-17: a package of 40 classes, compiled verbosely, run with class loading logged.
mkdir -p $work/java/src/com/example/billing $work/java/out
cd $work/java/src/com/example/billing
for i in $(seq -w 1 38); do
  printf 'package com.example.billing;\n\npublic class Rule%s {\n    public double apply(double amount) {\n        return amount * (1.0 + %s / 1000.0);\n    }\n}\n' $i $((10#$i)) > Rule$i.java
done
cat > Invoice.java <<'JAVA'
package com.example.billing;

import java.util.ArrayList;
import java.util.List;

public class Invoice {
    private final List<Double> lines = new ArrayList<>();

    public void add(double amount) {
        lines.add(amount);
    }

    public double total() {
        return lines.stream().mapToDouble(Double::doubleValue).sum();
    }
}
JAVA
cat > Main.java <<'JAVA'
package com.example.billing;

public class Main {
    public static void main(String[] args) {
        double sum = 0;
        for (int i = 1; i <= 40; i++) {
            Invoice inv = new Invoice();
            inv.add(new Rule01().apply(i * 10.0));
            inv.add(new Rule38().apply(i * 2.5));
            sum += inv.total();
        }
        System.out.printf("billing: 40 invoices, total %.2f%n", sum);
    }
}
JAVA
cd $work/java
javac -verbose -d out $(find src -name '*.java' | sort) > $out/15_javac_verbose.txt 2>&1
say 15_javac_verbose.txt
java -verbose:class -cp out com.example.billing.Main > $out/16_java_verbose_class.txt 2>&1
say 16_java_verbose_class.txt
java -XX:+PrintFlagsFinal -version > $out/17_java_printflagsfinal.txt 2>&1
cd "$repo"
say 17_java_printflagsfinal.txt

# 18: a word-frequency program under callgrind, annotated with its source.
mkdir -p $work/cg
cat > $work/cg/wordfreq.c <<'C'
#include <stdio.h>
#include <string.h>
#define BUCKETS 4096
static unsigned counts[BUCKETS];
static unsigned hash_key(const char *s) {
  unsigned h = 2166136261u;
  while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; }
  return h % BUCKETS;
}
static int next_word(const char **p, char *buf, int cap) {
  const char *s = *p; int n = 0;
  while (*s == ' ') s++;
  if (!*s) return 0;
  while (*s && *s != ' ' && n < cap - 1) buf[n++] = *s++;
  buf[n] = 0; *p = s; return n;
}
static void count_line(const char *line) {
  char word[64]; const char *p = line;
  while (next_word(&p, word, sizeof word)) counts[hash_key(word)]++;
}
static unsigned checksum(void) {
  unsigned c = 0;
  for (int i = 0; i < BUCKETS; i++) c = c * 31 + counts[i];
  return c;
}
int main(void) {
  static const char *words[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};
  char line[512];
  for (int i = 0; i < 20000; i++) {
    line[0] = 0;
    for (int w = 0; w < 12; w++) { strcat(line, words[(i + w * 3) % 8]); strcat(line, " "); }
    count_line(line);
  }
  printf("%u\n", checksum());
  return 0;
}
C
(cd $work/cg && gcc -g -O1 wordfreq.c -o wordfreq && valgrind --tool=callgrind --callgrind-out-file=cg.out ./wordfreq > /dev/null 2>&1 && callgrind_annotate --auto=yes cg.out) > $out/18_callgrind_annotate.txt 2>&1
say 18_callgrind_annotate.txt

# 19
python3 -m pip debug --verbose > $out/19_pip_debug_verbose.txt 2>&1
say 19_pip_debug_verbose.txt

# 20: 120 tests in 8 files with the JUnit reporter; one coupon test fails.
mkdir -p $work/junit
for f in $(seq 1 8); do
  {
    echo "import { test } from 'node:test';"
    echo "import assert from 'node:assert/strict';"
    echo "const applyCoupon = (total, coupon) => (coupon.expires < '2026-01-01' ? total : total - total / 10);"
    for t in $(seq 1 15); do
      if [ "$f" = 5 ] && [ "$t" = 11 ]; then
        echo "test('rejects expired coupon $f-$t', () => { assert.equal(applyCoupon(100, { expires: '2026-06-30' }), 100, 'expired coupon was accepted'); });"
      else
        echo "test('applies coupon $f-$t', () => { assert.equal(applyCoupon($t * 10, { expires: '2027-01-01' }), $t * 9); });"
      fi
    done
  } > $work/junit/coupons_$f.test.mjs
done
(cd $work/junit && node --test --test-reporter=junit) > $out/20_node_test_junit.txt 2>&1
say 20_node_test_junit.txt

# 21: V8's tick profile of a program that spends its time in scoreWords.
mkdir -p $work/prof
cat > $work/prof/app.mjs <<'J'
function tokenize(text) {
  return text.split(/\s+/).filter(Boolean);
}
function scoreWords(words) {
  let score = 0;
  for (const w of words) {
    for (let i = 0; i < w.length; i++) score = (score * 31 + w.charCodeAt(i) * (i + 1)) % 1000003;
  }
  return score;
}
function formatReport(n, score) {
  return `${n} documents, score ${score}`;
}
const doc = Array.from({ length: 2000 }, (_, i) => `word${i % 97} token${i % 13} value${i}`).join(' ');
let total = 0;
for (let n = 0; n < 600; n++) total = (total + scoreWords(tokenize(doc))) % 1000003;
console.log(formatReport(600, total));
J
(cd $work/prof && node --prof app.mjs > /dev/null && node --prof-process isolate-*.log 2>&1) > $out/21_node_prof_process.txt 2>&1
say 21_node_prof_process.txt

# 22-30: reads, the files' bytes as Pi's read tool gets them.
cp /usr/include/sqlite3.h $out/22_read_sqlite3.h; say 22_read_sqlite3.h
cp node_modules/emnapi/src/malloc/dlmalloc/malloc.c $out/23_read_dlmalloc_malloc.c; say 23_read_dlmalloc_malloc.c
cp node_modules/@anthropic-ai/sdk/src/client.ts $out/24_read_anthropic_client.ts; say 24_read_anthropic_client.ts
cp "$(pyenv root 2>/dev/null || echo /root/.pyenv)/plugins/python-build/bin/python-build" $out/25_read_python-build.sh; say 25_read_python-build.sh
cp /usr/share/perl/5.36/File/Find.pm $out/26_read_File_Find.pm; say 26_read_File_Find.pm
cp "$(rustc --print sysroot)/lib/rustlib/multirust-channel-manifest.toml" $out/27_read_rust_channel_manifest.toml; say 27_read_rust_channel_manifest.toml
cp node_modules/@biomejs/biome/configuration_schema.json $out/28_read_biome_schema.json; say 28_read_biome_schema.json
cp /usr/share/xml/iso-codes/iso_4217.xml $out/29_read_iso_4217.xml; say 29_read_iso_4217.xml
cp /usr/share/zoneinfo/zone1970.tab $out/30_read_zone1970.tab; say 30_read_zone1970.tab

rm -rf "$work"
