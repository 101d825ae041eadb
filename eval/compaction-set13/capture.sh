#!/usr/bin/env bash
# Captures the thirteenth held-out set on this machine (Debian 12, gcc 12, Go 1.19, Rust stable and
# nightly, Python 3.11 via pyenv, Node 20, Ruby 3.1, PHP 8.2, PostgreSQL 15, Redis 7). Run from the
# repository root. Organic like sets 9 to 12: real commands on real projects and real files, from
# tools and file kinds no earlier set covers. Sections were run one by one during the capture
# session, in this order. The work directory is a fixed path so paths in the outputs are stable;
# timings, PIDs and addresses differ on every run, so the committed files are the record.
set -u
out=$(realpath eval/compaction-set13)
S=${S:-/tmp/set13-scratch}
mkdir -p "$S"
say() { echo "$1 $(wc -c < "$out/$1")"; }
export NO_COLOR=1 TERM=dumb
unset CARGO_TARGET_DIR

## setup (run once, by hand, before the sections below): a Python 3.11 venv with the PyPI tools;
## everything else (gcc, Go 1.19, Rust stable and nightly, Ruby, PHP, PostgreSQL 15, Redis, valgrind,
## perf, vim, Node 20 with npm) was already on the machine.
py=$S/venv/bin
[ -x $py/python ] || ~/.pyenv/versions/3.11.7/bin/python -m venv $S/venv
$py/pip install -q 'django<6' 'psycopg[binary]' py-spy > $S/pip.log 2>&1

## Go: a copy of Go 1.19's encoding/xml as a module "set13/xml" (its tests need no internal
## packages), with one planted edit: marshal_test.go line 633 (the Port case of the marshal table)
## expects `<port type="tls">443</port>` where the value has Type "ssl" (a typo in a test table).
## go test -json, coverage by function, a CPU profile of strconv's benchmarks, go doc, a dry-run
## build of a small program; later (25, 26, 42) escape analysis, gofmt -d and the race detector.
export GOFLAGS=-mod=mod GOCACHE=$S/gocache GOPATH=$S/gopath GOPROXY=off
gx=$S/goxml; rm -rf $gx; mkdir -p $gx; cp -a /usr/lib/go-1.19/src/encoding/xml/. $gx/
(cd $gx && printf 'module set13/xml\n\ngo 1.19\n' > go.mod && sed -i 's#"encoding/xml"#"set13/xml"#' *_test.go)
sed -i '633s#<port type="ssl">443</port>#<port type="tls">443</port>#' $gx/marshal_test.go
# 01: go test -json (test2json events) of the copy.
(cd $gx && go test -json ./...) > $out/01_go_test_json_xml_1fail.txt 2>&1; say 01_go_test_json_xml_1fail.txt
# 02: coverage by function (go tool cover -func) of the same tests (the profile is written even
# though a test fails).
(cd $gx && go test -coverprofile=$S/xml.cover ./... > /dev/null 2>&1; go tool cover -func=$S/xml.cover) > $out/02_go_tool_cover_func_xml.txt 2>&1; say 02_go_tool_cover_func_xml.txt
# 03: CPU profile of strconv's benchmarks, then pprof's top table (cumulative order).
(cd $S && go test -run '^$' -bench . -benchtime 100ms -cpuprofile $S/strconv.cpu -o $S/strconv.test strconv > $S/strconv-bench.log 2>&1;
 go tool pprof -top -cum -nodecount=400 $S/strconv.test $S/strconv.cpu) > $out/03_go_pprof_top_cum_strconv.txt 2>&1; say 03_go_pprof_top_cum_strconv.txt
# 04: go doc -all for net/http's client and server API.
(cd $S && go doc -all net/http) > $out/04_go_doc_all_net_http.txt 2>&1; say 04_go_doc_all_net_http.txt
# 05: go build -n -a of a small program (the commands the build would run, nothing executed).
mkdir -p $S/gohello && (cd $S/gohello && printf 'module hello\n\ngo 1.19\n' > go.mod && printf 'package main\n\nimport (\n\t"encoding/json"\n\t"fmt"\n\t"os"\n)\n\nfunc main() {\n\tb, _ := json.Marshal(os.Args)\n\tfmt.Println(string(b))\n}\n' > main.go)
(cd $S/gohello && go build -n -a .) > $out/05_go_build_n_a_hello.txt 2>&1; say 05_go_build_n_a_hello.txt
# 25: the compiler's escape-analysis and inlining decisions for the encoding/xml copy.
(cd $gx && go build -gcflags=-m ./...) > $out/25_go_build_gcflags_m_xml.txt 2>&1; say 25_go_build_gcflags_m_xml.txt
# 26: gofmt -d over go/printer's unformatted test inputs (Go 1.19 sources).
(cd /usr/lib/go-1.19/src/go/printer/testdata && gofmt -d *.input) > $out/26_gofmt_d_printer_testdata.txt 2>&1; say 26_gofmt_d_printer_testdata.txt
# 42: go test -race on a small word-count module written for the capture: its workers add to a
# shared map without a lock (the race detector's report).
mkdir -p $S/wc13 && (cd $S/wc13 && printf 'module wc13\n\ngo 1.19\n' > go.mod && cat > count.go <<'GOEOF'
package wc13

import (
	"bufio"
	"os"
	"strings"
	"sync"
)

// CountWords counts the words of every file, one goroutine per file.
func CountWords(paths []string) (map[string]int, error) {
	counts := make(map[string]int)
	var wg sync.WaitGroup
	errs := make(chan error, len(paths))
	for _, p := range paths {
		wg.Add(1)
		go func(p string) {
			defer wg.Done()
			f, err := os.Open(p)
			if err != nil {
				errs <- err
				return
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Split(bufio.ScanWords)
			for sc.Scan() {
				counts[strings.ToLower(sc.Text())]++
			}
		}(p)
	}
	wg.Wait()
	close(errs)
	return counts, <-errs
}
GOEOF
cat > count_test.go <<'GOEOF'
package wc13

import (
	"path/filepath"
	"testing"
)

func TestCountWords(t *testing.T) {
	paths, _ := filepath.Glob("/usr/lib/go-1.19/src/net/http/*.go")
	counts, err := CountWords(paths[:4])
	if err != nil {
		t.Fatal(err)
	}
	if counts["func"] == 0 {
		t.Errorf("no func keyword counted")
	}
}
GOEOF
)
(cd $S/wc13 && go test -race -v ./...) > $out/42_go_test_race_wordcount.txt 2>&1; say 42_go_test_race_wordcount.txt

## Rust and Zig toolchains.
# 06: the nightly compiler's unstable options.
rustc +nightly -Z help > $out/06_rustc_nightly_Z_help.txt 2>&1; say 06_rustc_nightly_Z_help.txt
## C and C++: g++'s include tree for a file using the standard library's heavy headers.
mkdir -p $S/cxx && printf '#include <bits/stdc++.h>\n#include <regex>\n#include <filesystem>\n#include <iostream>\n#include <thread>\n\nint main() { std::regex r("a+"); std::cout << std::regex_match("aaa", r) << std::endl; }\n' > $S/cxx/main.cpp
# 07: g++ -H (each header with its depth in dots, then the guard report).
(cd $S/cxx && g++ -std=c++17 -H -fsyntax-only main.cpp) > $out/07_gpp_H_include_tree.txt 2>&1; say 07_gpp_H_include_tree.txt

## C: lz4's sources from the python-lz4 4.4.5 sdist (PyPI) and a driver written for the capture:
## four threads compress chunks of Go's source tree with LZ4 (fast, HC and frame APIs), verify the
## round trip, and add to a shared byte counter without a lock (a data race a developer would write).
[ -d $S/sdists/lz4-4.4.5 ] || { $S/venv/bin/pip download -q --no-deps --no-binary :all: lz4==4.4.5 -d $S/sdists && tar xzf $S/sdists/lz4-4.4.5.tar.gz -C $S/sdists; }
L=$S/sdists/lz4-4.4.5/lz4libs; C=$S/lz4drv; mkdir -p $C
cat /usr/lib/go-1.19/src/net/http/*.go > $C/input.bin
cat > $C/driver.c <<'CEOF'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lz4.h"
#include "lz4hc.h"
#include "lz4frame.h"

static char *data; static size_t size;
static size_t total_compressed; /* shared, updated by every worker */

static void *worker(void *arg) {
    long id = (long)arg; size_t chunk = size / 4, off = id * chunk;
    const char *src = data + off; int n = (int)chunk;
    char *dst = malloc(LZ4_compressBound(n)), *back = malloc(n);
    int c = id % 2 ? LZ4_compress_HC(src, dst, n, LZ4_compressBound(n), 9)
                   : LZ4_compress_default(src, dst, n, LZ4_compressBound(n));
    int d = LZ4_decompress_safe(dst, back, c, n);
    if (d != n || memcmp(src, back, n)) { fprintf(stderr, "worker %ld: round trip failed\n", id); exit(1); }
    size_t fb = LZ4F_compressFrameBound(n, NULL); char *frame = malloc(fb);
    size_t fc = LZ4F_compressFrame(frame, fb, src, n, NULL);
    total_compressed += (size_t)c + fc;
    printf("worker %ld: %d -> block %d, frame %zu\n", id, n, c, fc);
    free(dst); free(back); free(frame); return NULL;
}

int main(int argc, char **argv) {
    FILE *f = fopen(argc > 1 ? argv[1] : "input.bin", "rb"); if (!f) return 2;
    fseek(f, 0, SEEK_END); size = ftell(f); rewind(f); data = malloc(size);
    if (fread(data, 1, size, f) != size) return 3; fclose(f);
    pthread_t t[4]; for (long i = 0; i < 4; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    printf("total: %zu bytes in, %zu bytes compressed\n", size, total_compressed);
    return 0;
}
CEOF
srcs="$L/lz4.c $L/lz4hc.c $L/lz4frame.c $L/xxhash.c"
# 08: the link map of the static-ish build (gcc -Wl,--print-map), printed to stdout.
(cd $C && gcc -O2 -g -pthread -I$L -o drv driver.c $srcs -Wl,--print-map) > $out/08_gcc_ld_print_map_lz4.txt 2>&1; say 08_gcc_ld_print_map_lz4.txt
# 09: gcov -b -f after one run of a --coverage build (per-function and per-file branch summaries).
(cd $C && rm -rf cov && mkdir cov && cd cov && cp $srcs ../driver.c . && for s in driver.c lz4.c lz4hc.c lz4frame.c xxhash.c; do gcc -O0 --coverage -I$L -c $s; done && gcc --coverage -pthread -o drv *.o && ./drv ../input.bin > /dev/null && gcov -b -f driver.c lz4.c lz4hc.c lz4frame.c xxhash.c) > $out/09_gcov_b_f_lz4.txt 2>&1; say 09_gcov_b_f_lz4.txt
# 10: valgrind --tool=helgrind on the driver (the unlocked counter).
(cd $C && gcc -O1 -g -pthread -I$L -o drv-g driver.c $srcs && valgrind --tool=helgrind ./drv-g input.bin) > $out/10_valgrind_helgrind_race_lz4.txt 2>&1; say 10_valgrind_helgrind_race_lz4.txt
# 11: perf record -g of the driver, then perf report --stdio (children, call graphs).
(cd $C && perf record -q -g -F 4999 -o $S/perf.data ./drv input.bin > /dev/null 2>&1; perf report --stdio -i $S/perf.data) > $out/11_perf_report_stdio_lz4.txt 2>&1; say 11_perf_report_stdio_lz4.txt
# 41: gcc -O3 -fopt-info-vec-all (the vectorizer's notes, misses and successes) for xxhash.c.
(cd $C && gcc -O3 -fopt-info-vec-all -I$L -c $L/xxhash.c -o /dev/null) > $out/41_gcc_fopt_info_vec_all_xxhash.txt 2>&1; say 41_gcc_fopt_info_vec_all_xxhash.txt

## Rust: bytes 1.12.2 from ~/.cargo/registry (crates.io) copied into the work directory, with one
## planted edit: test_bytes.rs's `slice` test expects a.slice(3..5) of "hello world" to be "llo".
R=$(ls -d ~/.cargo/registry/src/index.crates.io-*/ | head -1)
rb=$S/bytes; rm -rf $rb; cp -a $R/bytes-1.12.2 $rb; sed -i '126s/b"lo"/b"llo"/' $rb/tests/test_bytes.rs
(cd $rb && cargo +nightly test --no-run -q > $S/bytes-build.log 2>&1)
# 24: libtest's JSON event stream (nightly) for every test binary of the crate.
(cd $rb && cargo +nightly test -q --no-fail-fast -- -Z unstable-options --format json --report-time) > $out/24_cargo_test_libtest_json_bytes_1fail.txt 2>&1; say 24_cargo_test_libtest_json_bytes_1fail.txt

## PHP and Ruby (Debian packages php-cli 8.2 and ruby 3.1).
# 12: php --re (reflection export) of the SPL extension.
php --re spl > $out/12_php_re_spl.txt 2>&1; say 12_php_re_spl.txt
# 13: ruby -wc (syntax check with warnings) over the standard library (not RubyGems or bundler), one file at a time.
(cd /usr/lib/ruby/3.1.0 && find . -path ./rubygems -prune -o -path ./bundler -prune -o -name '*.rb' -print | sort | while read -r f; do echo "== $f"; ruby -wc "$f" 2>&1; done) > $out/13_ruby_wc_stdlib.txt 2>&1; say 13_ruby_wc_stdlib.txt
# 14: rdoc's coverage report (undocumented items, with parameters) for net/http and friends.
(cd /usr/lib/ruby/3.1.0 && rdoc -C1 net/http.rb net/http uri.rb uri) > $out/14_rdoc_coverage_report_net_http.txt 2>&1; say 14_rdoc_coverage_report_net_http.txt
# 27: ruby --dump=insns (YARV instruction sequences) of the standard library's set.rb.
ruby --dump=insns /usr/lib/ruby/3.1.0/set.rb > $out/27_ruby_dump_insns_set.txt 2>&1; say 27_ruby_dump_insns_set.txt

## Python 3.11 (pyenv).
P=$(~/.pyenv/versions/3.11.7/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
# 15: python -m compileall -f over part of the standard library, bytecode to a scratch prefix so
# the installation is untouched (lib2to3's test data holds Python 2 files).
(cd $P && PYTHONPYCACHEPREFIX=$S/pycache ~/.pyenv/versions/3.11.7/bin/python -m compileall -f email json http xml lib2to3 logging urllib asyncio concurrent importlib unittest idlelib multiprocessing distutils tkinter ctypes sqlite3 dbm curses wsgiref xmlrpc html zoneinfo tomllib pydoc_data ensurepip venv) > $out/15_python_compileall_stdlib.txt 2>&1; say 15_python_compileall_stdlib.txt
# 16: python -m ast (the indented AST dump) of the standard library's textwrap.py.
~/.pyenv/versions/3.11.7/bin/python -m ast $P/textwrap.py > $out/16_python_m_ast_textwrap.txt 2>&1; say 16_python_m_ast_textwrap.txt

## py-spy (PyPI) on a hung Python 3.11 program written for the capture: a small job queue whose
## two workers take two locks in opposite order (a deadlock), while a third thread keeps hashing.
mkdir -p $S/hang && cat > $S/hang/jobs.py <<'PYEOF'
import hashlib
import queue
import threading
import time

index_lock = threading.Lock()
stats_lock = threading.Lock()
jobs: "queue.Queue[str]" = queue.Queue()
stats = {"done": 0}
index: dict[str, str] = {}


def record(name: str, digest: str) -> None:
    with index_lock:
        time.sleep(0.05)
        with stats_lock:
            index[name] = digest
            stats["done"] += 1


def report() -> None:
    with stats_lock:
        time.sleep(0.05)
        with index_lock:
            print(f"{stats['done']} jobs, {len(index)} indexed")


def worker() -> None:
    while True:
        name = jobs.get()
        record(name, hashlib.sha256(name.encode()).hexdigest())
        jobs.task_done()


def reporter() -> None:
    while True:
        report()
        time.sleep(0.01)


def hasher() -> None:
    data = b"x" * 1_000_000
    while True:
        data = hashlib.sha256(data).digest() * 31250


if __name__ == "__main__":
    for i in range(200):
        jobs.put(f"job-{i}")
    for target in (worker, reporter, hasher):
        threading.Thread(target=target, name=target.__name__, daemon=True).start()
    jobs.join()
PYEOF
# 28: py-spy dump --locals of the hung process (root, so ptrace is allowed).
(cd $S/hang; ~/.pyenv/versions/3.11.7/bin/python jobs.py & pid=$!; sleep 3; $S/venv/bin/py-spy dump --locals --pid $pid; kill $pid) > $out/28_py_spy_dump_locals_deadlock.txt 2>&1; say 28_py_spy_dump_locals_deadlock.txt

## PostgreSQL 15: a scratch cluster (port 54313, run as the postgres user) holding the schema Django
## 5's contrib apps create (auth, admin, contenttypes, sessions, sites, flatpages, redirects), made
## by `manage.py migrate` of a project started with `django-admin startproject` (PyPI django 5,
## psycopg 3 in the capture's venv).
B=/usr/lib/postgresql/15/bin; PG=$S/pg; export PGPORT=54313 PGHOST=/tmp
if [ ! -d $PG/data ]; then mkdir -p $PG && chown postgres $PG && su postgres -c "$B/initdb -D $PG/data -A trust -U postgres" > $S/pg-init.log 2>&1; fi
su postgres -c "$B/pg_ctl -D $PG/data -o '-p 54313 -k /tmp -c wal_level=replica' -l $PG/log start -w" > /dev/null
psql -U postgres -qc 'DROP DATABASE IF EXISTS site13' -c 'CREATE DATABASE site13'
dj=$S/djsite; rm -rf $dj; mkdir -p $dj && (cd $dj && $S/venv/bin/django-admin startproject site13 . && cat >> site13/settings.py <<'PYEOF'
INSTALLED_APPS += ["django.contrib.sites", "django.contrib.flatpages", "django.contrib.redirects"]
SITE_ID = 1
DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "site13", "USER": "postgres", "HOST": "/tmp", "PORT": "54313"}}
PYEOF
$S/venv/bin/python manage.py migrate > $S/migrate.log 2>&1)
# 17: pg_dump --schema-only of the database.
pg_dump -U postgres --schema-only site13 > $out/17_pg_dump_schema_only_django.txt 2>&1; say 17_pg_dump_schema_only_django.txt
# 18: psql \d+ of every table (columns, storage, indexes, constraints, references).
psql -U postgres -d site13 -c '\d+ public.*' > $out/18_psql_describe_plus_django.txt 2>&1; say 18_psql_describe_plus_django.txt
# 19: pg_waldump --stats=record over the WAL written since initdb (the migration's records).
(cd $PG/data/pg_wal && su postgres -c "$B/pg_waldump --stats=record -p $PG/data/pg_wal $(ls $PG/data/pg_wal | grep -E '^[0-9A-F]{24}$' | head -1)") > $out/19_pg_waldump_stats_record.txt 2>&1; say 19_pg_waldump_stats_record.txt
su postgres -c "$B/pg_ctl -D $PG/data stop -m fast" > /dev/null

## Redis 7.0 (Debian): a scratch server on port 6413; MONITOR while redis-benchmark runs a short
## mixed workload, twice; between the two runs another client flushes the database (the kind of
## stray FLUSHALL one looks for with MONITOR).
mkdir -p $S/redis && redis-server --port 6413 --daemonize yes --dir $S/redis --save '' --logfile $S/redis/log --pidfile $S/redis/pid && sleep 1
# 20: redis-cli MONITOR during two runs of redis-benchmark -t set,get,incr,lpush,hset -n 200, with
# redis-cli FLUSHALL between them (timeout ends MONITOR).
(timeout 10 redis-cli -p 6413 MONITOR & sleep 1; for i in 1 2; do redis-benchmark -p 6413 -q -c 4 -n 200 -r 1000 -t set,get,incr,lpush,hset >> $S/redis/bench.log 2>&1; [ $i = 1 ] && redis-cli -p 6413 DBSIZE > /dev/null && redis-cli -p 6413 FLUSHALL > /dev/null; done; wait) > $out/20_redis_cli_monitor_benchmark.txt 2>&1; say 20_redis_cli_monitor_benchmark.txt
redis-cli -p 6413 shutdown nosave > /dev/null 2>&1
## OpenSSL: every certificate in the system trust store, by subject and issuer.
# 21: openssl crl2pkcs7 | openssl pkcs7 -print_certs -noout over /etc/ssl/certs/ca-certificates.crt.
(openssl crl2pkcs7 -nocrl -certfile /etc/ssl/certs/ca-certificates.crt | openssl pkcs7 -print_certs -noout) > $out/21_openssl_pkcs7_print_certs_ca_bundle.txt 2>&1; say 21_openssl_pkcs7_print_certs_ca_bundle.txt

## JS/TS: a zod config module (written for the capture) in a project with typescript 5,
## express, @types/express, zod, vite and lodash-es from npm.
mkdir -p $S/js && (cd $S/js && { [ -f package.json ] || npm init -y > /dev/null; } && npm install --no-audit --no-fund typescript@5 @types/express express zod vite lodash-es > npm.log 2>&1)
mkdir -p $S/js/src && rm -f $S/js/src/server.ts && cat > $S/js/src/config.ts <<'TSEOF'
import { z } from "zod";

export const Config = z.object({
  port: z.coerce.number().int().min(1).max(65535).default(3000),
  databaseUrl: z.string().url(),
  logLevel: z.enum(["debug", "info", "warn", "error"]).default("info"),
  features: z.array(z.string()).default([]),
});
export type Config = z.infer<typeof Config>;

export function loadConfig(env: Record<string, string | undefined>): Config {
  return Config.parse({ port: env.PORT, databaseUrl: env.DATABASE_URL, logLevel: env.LOG_LEVEL, features: env.FEATURES?.split(",") });
}
TSEOF
printf '{ "compilerOptions": { "target": "es2022", "lib": ["es2022"], "types": [], "module": "nodenext", "moduleResolution": "nodenext", "strict": true, "noEmit": true, "esModuleInterop": true }, "include": ["src"] }\n' > $S/js/tsconfig.json
# 22: tsc --traceResolution (every module and type-reference resolution step).
(cd $S/js && npx tsc -p . --traceResolution) > $out/22_tsc_trace_resolution_zod.txt 2>&1; say 22_tsc_trace_resolution_zod.txt
# 23: vite build of a small browser entry (lodash-es helpers and the zod config module), with
# rollup's preserveModules so every module is listed with its size (vite 8 from npm).
mkdir -p $S/js/web && cat > $S/js/web/main.js <<'JSEOF'
import { debounce, groupBy, sortBy, uniqBy, merge, cloneDeep, template } from "lodash-es";
import { z } from "zod";

const Row = z.object({ id: z.number(), group: z.string(), score: z.number() });
const rows = z.array(Row).parse(JSON.parse(document.getElementById("data").textContent));
const render = template("<li><%- group %>: <%- count %></li>");
const update = debounce(() => {
  const groups = groupBy(uniqBy(sortBy(rows, "score"), "id"), "group");
  const state = merge(cloneDeep(window.__STATE__ ?? {}), { groups });
  document.getElementById("out").innerHTML = Object.entries(state.groups).map(([group, r]) => render({ group, count: r.length })).join("");
}, 100);
window.addEventListener("resize", update);
update();
JSEOF
printf '<!doctype html><html><body><script id="data" type="application/json">[]</script><ul id="out"></ul><script type="module" src="./main.js"></script></body></html>\n' > $S/js/web/index.html
printf 'export default { root: "web", build: { outDir: "../dist", emptyOutDir: true, rollupOptions: { output: { preserveModules: true } } } };\n' > $S/js/vite.config.mjs
(cd $S/js && NO_COLOR=1 npx vite build) > $out/23_vite_build_preserve_modules.txt 2>&1; say 23_vite_build_preserve_modules.txt

## Reads (the file as the agent's read tool returns it; copied byte for byte).
[ -d $S/sphinxwhl/sphinx ] || { $S/venv/bin/pip download -q --no-deps sphinx==9.0.4 -d $S/wheels && mkdir -p $S/sphinxwhl && (cd $S/sphinxwhl && unzip -qo $S/wheels/sphinx-9.0.4-py3-none-any.whl); }
# The Zig standard library of the ziglang wheel (PyPI) already installed in a venv on this machine.
Z=$(ls -d ~/.cache/pi-lean/zig-venv/lib/python3.11/site-packages/ziglang)
cp /usr/lib/go-1.19/src/runtime/asm_amd64.s $out/29_read_go_runtime_asm_amd64.s
cp /usr/share/vim/vim90/autoload/tar.vim $out/30_read_vim_autoload_tar.vim
cp $Z/lib/std/json/Scanner.zig $out/31_read_zig_std_json_Scanner.zig
cp /usr/include/node/common.gypi $out/32_read_node_common.gypi
cp /usr/share/X11/locale/el_GR.UTF-8/Compose $out/33_read_x11_el_GR_Compose
cp /usr/share/i18n/locales/translit_combining $out/34_read_glibc_locale_translit_combining
cp /usr/lib/node_modules/npm/man/man7/config.7 $out/35_read_npm_config.7
cp /usr/share/doc/libldap-2.5-0/copyright $out/36_read_debian_copyright_libldap
cp $S/sphinxwhl/sphinx/texinputs/sphinx.sty $out/37_read_sphinx.sty
cp /usr/libexec/valgrind/default.supp $out/38_read_valgrind_default.supp
cp /usr/share/zoneinfo/tzdata.zi $out/39_read_tzdata.zi
cp /usr/lib/go-1.19/api/go1.10.txt $out/40_read_go_api_go1.10.txt
for f in $out/[23][0-9]_read_* $out/40_read_*; do say $(basename $f); done
