#!/usr/bin/env bash
# Captures the second held-out compaction corpus (see MANIFEST.md) from real tools on this
# machine. Usage: bash eval/compaction-heldout/capture.sh OUTDIR
# Needs: javac/java/mvn (OpenJDK 17), gcc/g++ 12, valgrind, gdb, perl, python3, strace, objdump,
# openssl, docker (client), psql, apt-cache, jq, node + this repo's node_modules, git, tar.
# Timings, addresses and PIDs differ on every run, so the committed files are the record.
set -u
OUT=$(realpath "${1:?outdir}")
REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d /tmp/heldout-XXXX)
export LC_ALL=C
cap() { local name=$1; shift; (cd "$WORK" && bash -c "$*") > "$OUT/$name" 2>&1; echo "$name $(wc -c < "$OUT/$name")"; }
# A read: the file's bytes as Pi's read tool returns them.
rd() { cp "$2" "$OUT/$1"; echo "$1 $(wc -c < "$OUT/$1")"; }

# ---- Java
mkdir -p "$WORK/java"
{ echo 'import java.util.*;'
  echo 'public class Inventory {'
  for i in $(seq 1 70); do echo "  static List items$i() { List l = new ArrayList(); l.add(\"sku-$i\"); return l; }"; done
  echo '  static Integer boxed() { return new Integer(5); }'
  echo '  static int total(int[] xs) { int t = 0; for (int x : xs) t += x; return totl; }'
  echo '}'
} > "$WORK/java/Inventory.java"
cap 01_javac_xlint_warnings_error.txt "cd java && javac -Xlint:all -Xmaxwarns 1000 Inventory.java"
cat > "$WORK/java/Main.java" <<'J'
import java.io.*;
public class Main {
  static void work(int i) { System.out.println("[worker-" + (i % 4) + "] processed batch " + i + " ok (" + (i * 37 % 500) + " rows)"); }
  static java.util.Properties loadConfig(String path) throws IOException {
    try (FileInputStream in = new FileInputStream(path)) { java.util.Properties p = new java.util.Properties(); p.load(in); return p; }
  }
  static void start() {
    try { loadConfig("/etc/app/missing.properties"); }
    catch (IOException e) { throw new IllegalStateException("config load failed", e); }
  }
  public static void main(String[] args) {
    for (int i = 0; i < 600; i++) work(i);
    start();
  }
}
J
cap 02_java_nested_exception.txt "cd java && java Main.java"
mkdir -p "$WORK/mvnproj/src/main/java/demo"
cat > "$WORK/mvnproj/pom.xml" <<'P'
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>demo</groupId><artifactId>heldout-app</artifactId><version>1.4.0-SNAPSHOT</version>
<dependencies><dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId><version>33.2.1-jre</version></dependency></dependencies>
</project>
P
echo 'package demo; public class App { public static void main(String[] a) { System.out.println("hi"); } }' > "$WORK/mvnproj/src/main/java/demo/App.java"
cap 03_mvn_offline_build.txt "cd mvnproj && mvn -o -B -Dmaven.repo.local=$WORK/m2 package"
cat > "$WORK/java/Codec.java" <<'J'
public class Codec {
  static int checksum(byte[] b) { int s = 0; for (byte x : b) s = Math.floorMod(s * 31 + x, 65521); return s; }
  static String hex(byte[] b) { StringBuilder sb = new StringBuilder(); for (byte x : b) sb.append(String.format("%02x", x)); return sb.toString(); }
  static long mix(long a, long b) { return Long.rotateLeft(a ^ b, 17) * 0x9E3779B97F4A7C15L; }
  static byte[] pad(byte[] b, int n) { byte[] r = new byte[n]; System.arraycopy(b, 0, r, 0, Math.min(n, b.length)); return r; }
  public static void main(String[] a) { System.out.println(checksum(pad(hex(new byte[]{1,2}).getBytes(), 64)) + mix(1, 2)); }
}
J
cap 04_javap_bytecode.txt "cd java && javac Codec.java && javap -c -p Codec.class"

# ---- C / C++
mkdir -p "$WORK/c"
cat > "$WORK/c/main.cpp" <<'C'
#include <map>
#include <set>
#include <string>
#include <vector>
struct Key { int id; std::string name; };
int main() {
  std::vector<int> v{3, 1, 2};
  std::map<Key, int> counts;
  counts[Key{1, "a"}] = 1;
  std::set<Key> seen;
  seen.insert(Key{2, "b"});
  return static_cast<int>(v.size());
}
C
cap 05_gpp_template_error.txt "cd c && g++ -std=c++17 -c main.cpp -o main.o"
cat > "$WORK/c/buf.c" <<'C'
#include <stdlib.h>
#include <string.h>
int fill(int n) {
  char *buf = malloc(64);
  if (!buf) return -1;
  memset(buf, 'x', 64);
  if (n > 3) { free(buf); }
  int r = buf[0];
  free(buf);
  return r;
}
C
cap 06_gcc_fanalyzer.txt "cd c && gcc -fanalyzer -c buf.c -o buf.o"
cap 07_gcc_v_search_paths.txt "echo | gcc -E -v -x c - -o /dev/null"
cat > "$WORK/c/leak.c" <<'C'
#include <stdlib.h>
#include <stdio.h>
static int *make(int n) { int *p = malloc(sizeof(int) * (size_t)n); for (int i = 0; i < n; i++) p[i] = i; return p; }
int main(void) {
  for (int i = 0; i < 200; i++) { int *t = make(16); printf("round %d sum %d\n", i, t[0] + t[15]); free(t); }
  int *keep = make(1024);
  int *small = make(4);
  printf("read past end: %d\n", small[4]);
  free(small);
  return keep[1] - 1;
}
C
cap 08_valgrind_memcheck.txt "cd c && gcc -g -O0 leak.c -o leak && valgrind --leak-check=full ./leak"
cat > "$WORK/c/crash.c" <<'C'
#include <stdio.h>
static int deref(int *p) { return *p; }
static int descend(int n, int *p) { if (n == 0) return deref(p); return descend(n - 1, p) + 1; }
int main(void) { printf("%d\n", descend(150, NULL)); return 0; }
C
cap 09_gdb_batch_backtrace.txt "cd c && gcc -g -O0 crash.c -o crash && gdb -batch -ex run -ex bt ./crash"

# ---- Perl, Python
cat > "$WORK/warn.pl" <<'P'
use strict; use warnings;
my @rows = map { $_ % 3 ? $_ : undef } 1 .. 400;
my $sum = 0;
for my $r (@rows) { $sum += $r; }
my $qty = "abc";
my $n = $qty + 1;
print "sum=$sum n=$n\n";
open(my $fh, '<', '/nonexistent/data.txt') or die "Cannot open /nonexistent/data.txt: $!";
P
cap 10_perl_warnings_die.txt "perl warn.pl"
mkdir -p "$WORK/py"
{ echo 'import unittest'
  echo 'class ShopTests(unittest.TestCase):'
  for i in $(seq 1 150); do echo "    def test_price_$i(self): self.assertEqual(round($i * 1.1, 2), round($i * 1.1, 2))"; done
  echo '    def test_discount_rounding(self): self.assertEqual(round(2.675, 2), 2.68)'
  echo '    def test_currency_symbol(self): self.assertEqual("EUR".lower(), "EUR")'
  echo '    def test_tax_table(self): {"de": 0.19}["fr"]'
} > "$WORK/py/test_shop.py"
cap 11_python_unittest_verbose.txt "cd py && python3 -m unittest -v test_shop"
{ echo 'import hashlib, time'
  for i in $(seq 1 80); do echo "def step_$i(x): return (x * $i) % 1000003"; done
  echo 'def slow_checksum(data):'
  echo '    h = 0'
  echo '    for _ in range(200): h ^= int(hashlib.sha256(data).hexdigest()[:8], 16)'
  echo '    return h'
  echo 'x = 1'
  echo 'for r in range(3000):'
  for i in $(seq 1 80 | awk 'NR%8==1'); do echo "    x = step_$i(x)"; done
  echo 'print(slow_checksum(b"a" * 200000), x)'
} > "$WORK/py/prof.py"
cap 12_python_cprofile_by_name.txt "cd py && python3 -m cProfile -s name prof.py"
cat > "$WORK/py/bench.py" <<'P'
import timeit
def make(n):
    def f(): return sum(range(n))
    return f
cases = [(f"sum_range_{n:05d}", make(n)) for n in range(100, 6100, 100)]
def slow_join_quadratic():
    s = ""
    for i in range(3000): s = s + str(i)
    return s
cases.insert(37, ("slow_join_quadratic", slow_join_quadratic))
print(f"{'case':<24} {'best_us':>10} {'runs':>6}")
for name, fn in cases:
    best = min(timeit.repeat(fn, number=20, repeat=3)) / 20 * 1e6
    print(f"{name:<24} {best:>10.2f} {60:>6}")
print(f"{len(cases)} cases timed")
P
cap 13_python_timeit_table.txt "cd py && python3 bench.py"
cap 14_python_importtime.txt "python3 -X importtime -c 'import json, email.message, http.client, decimal, argparse'"
mkdir -p "$WORK/du/data"
for i in $(seq -w 1 150); do truncate -s $((4096 * (10#$i % 7 + 1))) "$WORK/du/data/shard_$i.bin"; done
cap 15_du_rerun_changed.txt "cd du && echo '$ du -ab data | sort -k2' && du -ab data | sort -k2 && truncate -s 5000000 data/shard_077.bin && echo '$ du -ab data | sort -k2' && du -ab data | sort -k2"
(cd "$WORK/du" && for f in data/*.bin; do head -c 3000 /dev/urandom > "$f"; done && sha256sum data/*.bin > SHA256SUMS && printf 'x' >> data/shard_131.bin)
cap 16_sha256sum_check.txt "cd du && sha256sum -c SHA256SUMS"
cap 17_strace_openat.txt "strace -f -e trace=openat python3 -I -S -c \"import json, csv; open('/nonexistent/cfg.ini')\""
cap 18_objdump_disasm.txt "cd c && objdump -d --no-show-raw-insn leak crash"

# ---- System tools
# A process tree of our own (the machine's other processes are not ours to record): 80 look-alike
# sleepers and one with another argument.
cap 19_ps_forest.txt 'for i in $(seq 1 40); do sleep 86400 & done; sleep 4242 & for i in $(seq 1 40); do sleep 86400 & done; ps -o pid,ppid,stat,args --forest --ppid $$; kill $(jobs -p)'
cap 20_df_ht.txt "df -hT / /dev/shm /dev"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$WORK/key.pem" -out "$WORK/cert.pem" -days 365 -subj "/CN=api.example.test" \
  -addext "subjectAltName=$(for i in $(seq 1 150); do printf 'DNS:node%03d.svc.example.test,' $i; done)IP:10.20.30.40" 2>/dev/null
cap 21_openssl_x509_text.txt "openssl x509 -in cert.pem -text -noout"
cap 22_docker_help.txt "docker --help"
cap 23_psql_help.txt "psql --help"
cap 24_apt_cache_show.txt "apt-cache show gcc-12 libssl3 openssl perl-base"

# ---- JSON
python3 -m venv --system-site-packages "$WORK/venv" >/dev/null
mkdir -p "$WORK/localpkg/heldout_widget"
echo '__version__ = "0.3.0"' > "$WORK/localpkg/heldout_widget/__init__.py"
printf 'from setuptools import setup\nsetup(name="heldout-widget", version="0.3.0", packages=["heldout_widget"])\n' > "$WORK/localpkg/setup.py"
# An editable (develop) install without network: no wheel package is needed this way.
(cd "$WORK/localpkg" && "$WORK/venv/bin/python" setup.py -q develop >/dev/null 2>&1)
cap 25_pip_list_json.json "venv/bin/pip list --format=json"
python3 - "$WORK/users.json" <<'P'
import json, sys
users = [{"id": i, "name": f"user{i:03d}", "role": "member", "active": True, "team": f"team-{i % 9}"} for i in range(1, 401)]
users[286] = {"id": 287, "name": "user287", "role": "admin", "active": True, "team": "team-8", "mfa": False}
json.dump(users, open(sys.argv[1], "w"))
P
cap 26_jq_users_array.json "jq . users.json"
node -e '
const ev = [];
for (let i = 1; i <= 300; i++) ev.push({ seq: i, event: i === 1 ? "boot" : i === 300 ? "shutdown" : "heartbeat", at: `2026-12-01T10:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}Z`, load: Number(((i * 7) % 100 / 100).toFixed(2)) });
console.log(JSON.stringify({ host: "build-7", version: "4.2.0", events: ev }, null, 2));' > "$OUT/27_node_events_json.json"; echo "27_node_events_json.json $(wc -c < "$OUT/27_node_events_json.json")"
cap 28_grep_manifest_versions.txt "cd '$REPO' && grep -H '\"version\":' node_modules/*/package.json"

# ---- Node, git, listings
mkdir -p "$WORK/nt"
{ echo 'import test from "node:test"; import assert from "node:assert/strict";'
  for i in $(seq 1 140); do echo "test('formats amount $i', () => assert.equal((${i}.5).toFixed(1), '${i}.5'));"; done
  echo "test('rounds half to even', () => assert.equal(Math.round(2.5), 2));"
} > "$WORK/nt/fmt.test.mjs"
cap 29_node_test_tap.txt "cd nt && node --test --test-reporter=tap fmt.test.mjs"
mkdir -p "$WORK/bio"
{ for i in $(seq 1 120); do echo "var total$i = $i; if (total$i == '$i') { console.log(total$i); }"; done
  echo 'function pay(amount) { debugger; return amount; }'
} > "$WORK/bio/app.js"
cap 30_biome_lint.txt "cd bio && '$REPO/node_modules/.bin/biome' lint --max-diagnostics=1000 app.js"
cap 31_git_log_graph.txt "cd '$REPO' && git log --graph --oneline --decorate=no -n 500"
cap 32_tar_tvzf_listing.txt "cd '$REPO/node_modules' && tar -czf '$WORK/mods.tgz' typescript/lib semver && tar -tvzf '$WORK/mods.tgz'"
cap 33_wc_l_sources.txt "cd '$REPO' && wc -l crates/lean-core/src/*.rs crates/lean-core/src/*/*.rs extension/*.js extension/*/*.js"

# ---- Reads of files (Pi's read tool: the file's bytes)
rd 34_read_package.json "$REPO/node_modules/typescript/package.json"
rd 35_read_es_toolkit_CHANGELOG.md "$REPO/node_modules/es-toolkit/CHANGELOG.md"
rd 36_read_protobuf.min.js "$REPO/node_modules/protobufjs/dist/protobuf.min.js"
python3 - "$OUT/37_read_orders.csv" <<'P'
import sys
rows = ["order_id,customer,sku,qty,amount_eur,status"]
for i in range(1, 1001):
    rows.append(f"{100000 + i},cust-{i % 211:03d},SKU-{i % 37:02d},{i % 5 + 1},{(i * 13) % 400 + 10}.00,paid")
rows[418] = "100418,cust-207,SKU-11,2,-35.00,refunded"
rows[777] = "100777,cust-140,SKU-00,1,999999.00,paid"
open(sys.argv[1], "w").write("\n".join(rows) + "\n")
P
echo "37_read_orders.csv $(wc -c < "$OUT/37_read_orders.csv")"
python3 - "$OUT/38_read_compose.yaml" <<'P'
import sys
out = ["services:"]
for i in range(1, 41):
    out += [f"  worker-{i:02d}:", f"    image: registry.example.test/worker:2.4.1", "    restart: always",
            "    environment:", f"      QUEUE: jobs-{i % 5}", "      LOG_LEVEL: info", "    deploy:", "      resources:",
            "        limits:", "          memory: 512M"]
out[out.index("  worker-23:") + 1] = "    image: registry.example.test/worker:2.3.0"
out[out.index("  worker-31:") + 6] = "      LOG_LEVEL: debug"
open(sys.argv[1], "w").write("\n".join(out) + "\n")
P
echo "38_read_compose.yaml $(wc -c < "$OUT/38_read_compose.yaml")"
rd 39_read_regex_Cargo.toml "$(ls -d "$HOME"/.cargo/registry/src/*/regex-1.13.2 | head -1)/Cargo.toml"
python3 - "$OUT/40_read_mypy.ini" <<'P'
import sys
out = ["[mypy]", "python_version = 3.11", "warn_unused_configs = True", "strict = True", ""]
for i in range(1, 91):
    out += [f"[mypy-vendor.module_{i:02d}.*]", "ignore_missing_imports = True", "follow_imports = skip", ""]
out[out.index("[mypy-vendor.module_58.*]") + 2] = "follow_imports = error"
open(sys.argv[1], "w").write("\n".join(out))
P
echo "40_read_mypy.ini $(wc -c < "$OUT/40_read_mypy.ini")"
python3 - "$OUT/41_read_pom.xml" <<'P'
import sys
out = ['<?xml version="1.0" encoding="UTF-8"?>', '<project xmlns="http://maven.apache.org/POM/4.0.0">', '  <modelVersion>4.0.0</modelVersion>',
       '  <groupId>com.example</groupId>', '  <artifactId>billing-service</artifactId>', '  <version>3.8.0</version>', '  <dependencies>']
for i in range(1, 81):
    gid, aid, ver = "com.example.libs", f"lib-{i:02d}", "5.2.0"
    if i == 53: gid, aid, ver = "log4j", "log4j", "1.2.17"
    out += ["    <dependency>", f"      <groupId>{gid}</groupId>", f"      <artifactId>{aid}</artifactId>", f"      <version>{ver}</version>", "    </dependency>"]
out += ["  </dependencies>", "</project>"]
open(sys.argv[1], "w").write("\n".join(out) + "\n")
P
echo "41_read_pom.xml $(wc -c < "$OUT/41_read_pom.xml")"
rd 42_read_undici_README.md "$REPO/node_modules/undici/README.md"
rd 43_read_java.security "$(ls -d /usr/lib/jvm/java-17-openjdk-amd64)/conf/security/java.security"
rd 44_read_logging.properties "$(ls -d /usr/lib/jvm/java-17-openjdk-amd64)/conf/logging.properties"
rm -rf "$WORK"
