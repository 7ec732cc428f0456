#!/usr/bin/env bash
# Whether two `cellfit` binaries give the same answers, byte for byte:
# the heights of 300 generated rows of every example template at 375 pt,
# and every shared workload's `solve --compare --json` output with its
# times left out (the three largest workloads skipped: minutes each).
#
#   Benchmarks/scripts/same_outputs.sh BINARY_A BINARY_B
#
# Prints one line per template and workload, `same` or `DIFFERENT`; exits 1
# if any differs.
set -eu
a=$1
b=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
report() {
  if [ "$2" = "$3" ]; then echo "$1 same"; else echo "$1 DIFFERENT"; status=1; fi
}
for t in "$root"/Examples/Templates/*.json; do
  n=$(basename "$t" .json)
  "$a" example-data --cell "$n" --rows 300 --format ndjson --out "$dir/$n.ndjson" >/dev/null 2>&1 || continue
  x=$("$a" heights --template "$t" --data "$dir/$n.ndjson" --format ndjson --width 375 2>&1 | md5sum)
  y=$("$b" heights --template "$t" --data "$dir/$n.ndjson" --format ndjson --width 375 2>&1 | md5sum)
  report "$n" "$x" "$y"
done
untimed() { sed -E 's/"[a-z_]*_(us|s)": [0-9.e+-]+//g'; }
for w in "$root"/../shared/workloads/*.json; do
  case $w in *chain-10000*|*5000*|*dense-500*) continue ;; esac
  x=$("$a" solve --compare --json "$w" 2>&1 | untimed | md5sum)
  y=$("$b" solve --compare --json "$w" 2>&1 | untimed | md5sum)
  report "$(basename "$w")" "$x" "$y"
done
exit $status
