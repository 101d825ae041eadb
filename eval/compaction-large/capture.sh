#!/usr/bin/env bash
# Captures the third held-out compaction set (large outputs: the size where the Token Saver
# actually folds). Written, with QUESTIONS.md, before any capture; run once. Each file is the
# tool's combined stdout+stderr as an agent's bash call (or Pi's read) would return it.
set -u
OUT=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d /tmp/large-XXXX)
cd "$W"

# 01 dynamic symbols of the C library
readelf -W --dyn-syms /usr/lib/x86_64-linux-gnu/libc.so.6 > "$OUT/01_readelf_dynsym_libc.txt" 2>&1
# 02 Python's build configuration
python3 -m sysconfig > "$OUT/02_python_sysconfig.txt" 2>&1
# 03 which files a Python import opens
strace -f -e trace=openat python3 -I -S -c 'import ssl, sqlite3, json, decimal' > "$OUT/03_strace_python_imports.txt" 2>&1
# 04 valgrind leak check, every leak kind
cat > leak.c <<'C'
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
static char *cache[400];
static char *intern(const char *s, int i) { cache[i] = malloc(strlen(s) + 16); sprintf(cache[i], "%s-%d", s, i); return cache[i]; }
static char *parse_header(const char *line) { char *copy = malloc(strlen(line) + 1); strcpy(copy, line); return copy; }
static void load_table(int n) { for (int i = 0; i < n; i++) intern(i % 2 ? "row" : "col", i); }
int main(void) {
  load_table(400);
  char *h = parse_header("Content-Type: text/plain");
  h = parse_header("Content-Length: 42");
  printf("%s\n", h);
  free(h);
  return 0;
}
C
gcc -g -O0 -o leak leak.c
valgrind --leak-check=full --show-leak-kinds=all ./leak > "$OUT/04_valgrind_leak_kinds.txt" 2>&1
# 05 gdb backtrace of every thread after one crashes
cat > threads.c <<'C'
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
static pthread_barrier_t ready;
static int table[16][64];
static long worker_checksum(int id) { int *row = id == 13 ? (int *)0 : table[id]; long sum = 0; for (int i = 0; i < 64; i++) sum += row[i]; return sum; }
static void *worker(void *arg) { int id = (int)(long)arg; pthread_barrier_wait(&ready); if (id == 13) usleep(200000); else sleep(5); printf("%ld\n", worker_checksum(id)); return 0; }
int main(void) {
  pthread_t t[24];
  pthread_barrier_init(&ready, 0, 25);
  for (long i = 0; i < 24; i++) pthread_create(&t[i], 0, worker, (void *)i);
  pthread_barrier_wait(&ready);
  for (int i = 0; i < 24; i++) pthread_join(t[i], 0);
  return 0;
}
C
gcc -g -O0 -pthread -o threads threads.c
gdb -q -batch -ex run -ex 'thread apply all bt' ./threads > "$OUT/05_gdb_thread_apply_all_bt.txt" 2>&1
# 06 a query over an orders table, one refunded order
python3 - <<'PY'
import sqlite3, random
random.seed(7)
db = sqlite3.connect("shop.db")
db.execute("create table orders(id integer primary key, customer text, placed text, total_cents integer, status text)")
for i in range(1, 3001):
    status = "refunded" if i == 2214 else random.choice(["paid", "shipped"])
    db.execute("insert into orders values(?,?,?,?,?)", (100000 + i, f"c{random.randint(1000, 9999)}", f"2026-11-{1 + i % 28:02d}", random.randint(500, 20000), status))
db.commit()
PY
sqlite3 -header -column shop.db 'select * from orders order by id' > "$OUT/06_sqlite_orders_column.txt" 2>&1
# 07 make's database dump for a small project
cat > Makefile <<'MK'
APP_VERSION := 4.7.1
CFLAGS = -O2 -g -Wall -DAPP_VERSION=\"$(APP_VERSION)\"
SRCS := main.c util.c net.c
OBJS := $(SRCS:.c=.o)
app: $(OBJS)
	$(CC) $(CFLAGS) -o $@ $^
clean:
	rm -f app $(OBJS)
MK
make -p -n app > "$OUT/07_make_print_database.txt" 2>&1
# 08 npm registry metadata
npm view typescript --json > "$OUT/08_npm_view_typescript.json" 2>&1
# 09 PyPI metadata
curl -s https://pypi.org/pypi/requests/json | python3 -m json.tool > "$OUT/09_pypi_requests.json" 2>&1
# 10 crates.io sparse index entry (one JSON line per version)
curl -s https://index.crates.io/se/rd/serde > "$OUT/10_crates_index_serde.txt" 2>&1
# 11 V8's flags
node --v8-options > "$OUT/11_node_v8_options.txt" 2>&1
# 12 CPython's json test suite, verbose
python3 -m test -v test_json > "$OUT/12_python_test_json_verbose.txt" 2>&1
# 13 what changed between two versions of one crate
# (first capture: only one syn-2 version was on the machine; rerun alone with memchr's two)
MEMCHR=$(ls -d ~/.cargo/registry/src/*/memchr-2.* 2>/dev/null | sort -V | tail -2)
diff -ru $MEMCHR > "$OUT/13_diff_ru_memchr_versions.txt" 2>&1
# 14 a library directory listing
ls -la /usr/lib/x86_64-linux-gnu > "$OUT/14_ls_la_usr_lib.txt" 2>&1
# 15 an asyncio service's log with one task that died
cat > service.py <<'PY'
import asyncio, logging, random, sys
logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO, stream=sys.stdout)
random.seed(11)
log = logging.getLogger("ingest")
async def poll(shard):
    for tick in range(120):
        await asyncio.sleep(0)
        log.info("shard=%02d tick=%03d fetched=%d lag_ms=%d", shard, tick, random.randint(40, 60), random.randint(5, 30))
        if shard == 17 and tick == 71:
            raise KeyError("cursor")
async def main():
    tasks = [asyncio.create_task(poll(s)) for s in range(40)]
    await asyncio.gather(*tasks, return_exceptions=True)
    failed = [t for t in tasks if t.exception()]
    log.info("done: %d shards, %d failed", len(tasks), len(failed))
    for t in failed:
        log.error("shard task failed", exc_info=t.exception())
    return 3 if failed else 0
sys.exit(asyncio.run(main()))
PY
python3 service.py > "$OUT/15_asyncio_ingest_log.txt" 2>&1; echo "exit status $?" >> "$OUT/15_asyncio_ingest_log.txt"
# 16 pip's resolver report for one install (JSON)
python3 -m pip install --dry-run --quiet --ignore-installed --report - requests==2.32.3 > "$OUT/16_pip_install_report.json" 2>/dev/null
# 17 file sizes under /usr/share, largest anywhere in the list
find /usr/share/doc /usr/share/perl5 -type f -printf '%s\t%p\n' > "$OUT/17_find_printf_sizes.txt" 2>&1
# 18 Pi's read of a large TypeScript declaration file (the first 2,000 lines / 50 KB are what Pi shows)
cp "$(npm root -g 2>/dev/null)/../../lib/node_modules/typescript/lib/lib.es5.d.ts" "$OUT/18_read_lib.es5.d.ts" 2>/dev/null || cp /work/main/node_modules/typescript/lib/lib.es5.d.ts "$OUT/18_read_lib.es5.d.ts"
# 19 Pi's read of a lockfile
cp /work/main/package-lock.json "$OUT/19_read_package-lock.json"
# 20 openssl's cipher list
openssl ciphers -v 'ALL:COMPLEMENTOFALL' > "$OUT/20_openssl_ciphers_v.txt" 2>&1
echo "captured in $W"
