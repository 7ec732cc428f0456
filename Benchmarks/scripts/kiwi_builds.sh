#!/usr/bin/env bash
# The best build of many fresh solvers, kiwi's C++ core against `cellfit solve`,
# interleaved: less noise than kiwi.sh's median of five for builds of a few µs.
#
#   Benchmarks/scripts/kiwi_builds.sh WORKLOAD BINARY...
#
# WORKLOAD names a file in ../shared/workloads or is a path; its rounds are
# dropped, so each run is a build alone. Environment: ROUNDS (default 5)
# interleaved rounds, N (default 200) fresh solvers per run. Prints the best
# build time over all rounds for kiwi and each binary, and each one's ratio.
set -euo pipefail
shared=${SHARED:-../shared}; rounds=${ROUNDS:-5}; n=${N:-200}
file=$1; shift
[ -f "$file" ] || file=$shared/workloads/$file.json
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
python3 - "$file" "$dir/w.json" <<'PY'
import json, sys
w = json.load(open(sys.argv[1])); w['rounds'] = []; w.pop('expect', None)
json.dump(w, open(sys.argv[2], 'w'))
PY
kiwi=/tmp/kiwi_bench_shared
[ -x "$kiwi" ] || "$shared/bench/kiwi_cpp/run.sh" --runs 1 "$dir/w.json" > /dev/null
python3 "$shared/bench/kiwi_cpp/to_text.py" "$dir/w.json" > "$dir/w.txt"
for _ in $(seq "$rounds"); do
  "$kiwi" "$n" w < "$dir/w.txt" | python3 -c "import sys,json; print('kiwi', json.loads(sys.stdin.read())['build_s'] * 1e6)" >> "$dir/times"
  for b in "$@"; do
    "$b" solve --json --repeat "$n" "$dir/w.json" | python3 -c "import sys,json; print('$b', json.loads(sys.stdin.read())['build_us'])" >> "$dir/times"
  done
done
python3 - "$dir/times" "$(basename "$file" .json)" <<'PY'
import sys
best = {}
for line in open(sys.argv[1]):
    name, t = line.rsplit(' ', 1); best[name] = min(best.get(name, float('inf')), float(t))
print(f"{sys.argv[2]}: kiwi {best['kiwi']:.1f} µs")
for name, t in best.items():
    if name != 'kiwi': print(f"  {name} {t:.1f} µs, ratio {t / best['kiwi']:.2f}")
PY
