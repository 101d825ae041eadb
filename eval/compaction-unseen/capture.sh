#!/usr/bin/env bash
# Captures the fifth held-out set on this machine (Debian-based, Python 3.11 via pyenv, the
# pi-lean repository at its commit of 2026-12-05). Run from the repository root. Outputs are
# real tool outputs; 09 runs the real TypeScript compiler on a generated project.
set -u
out=eval/compaction-unseen
apt list --installed > $out/01_apt_list_installed.txt 2>&1
sysctl -a > $out/02_sysctl_a.txt 2>&1
MANWIDTH=100 man bash 2>/dev/null | col -b > $out/03_man_bash.txt
cargo tree -e features -p lean-core > $out/04_cargo_tree_features.txt 2>&1
git log --stat -n 120 567ce26 > $out/05_git_log_stat.txt 2>&1
cargo test -q --release -p lean-core -- --list > $out/06_cargo_test_list.txt 2>&1
strace -c -f python3 -c "import json, ssl, sqlite3, decimal" > $out/07_strace_c_summary.txt 2>&1
xxd /usr/bin/xxd | head -n 3000 > $out/08_xxd_binary.txt
# A project of 120 modules: 118 assign a string to a number (TS2322), one calls a function with
# one argument too many (TS2554).
proj=$(mktemp -d)
mkdir -p $proj/src
for i in $(seq 1 120); do
  if [ "$i" = 77 ]; then
    printf 'export function area_%s(w: number, h: number): number { return w * h; }\nexport const a%s = area_%s(2, 3, 4);\n' $i $i $i > $proj/src/mod_$i.ts
  else
    printf 'export const count_%s: number = "%s";\nexport let total_%s: number = "t%s";\n' $i $i $i $i > $proj/src/mod_$i.ts
  fi
done
printf '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2022","module":"nodenext"},"include":["src"]}\n' > $proj/tsconfig.json
(cd $proj && node "$OLDPWD/node_modules/typescript/bin/tsc" -p . --pretty false) > $out/09_tsc_errors.txt 2>&1
rm -rf $proj
getconf -a > $out/10_getconf_a.txt 2>&1
iconv -l > $out/11_iconv_list.txt 2>&1
python3 -m pydoc json > $out/12_pydoc_json.txt 2>&1
ldconfig -p > $out/13_ldconfig_p.txt 2>&1
git diff --stat=120 f9fa060 567ce26 > $out/14_git_diff_stat.txt 2>&1
python3 -m pip show -f pip > $out/15_pip_show_files.txt 2>&1
cp /var/lib/dpkg/status $out/16_read_dpkg_status.txt
