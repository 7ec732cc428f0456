#!/usr/bin/env bash
# kiwi's C++ core against `cellfit solve`, interleaved, on shared workloads (by name) or
# workload files of our own (by path, such as reseed_rounds.py's and random_dense.py's):
#   Benchmarks/scripts/kiwi.sh cells-1000 enaml-like-1 random-dense-50-3   (from the repository root)
#   Benchmarks/scripts/kiwi.sh "$(Benchmarks/scripts/reseed_rounds.py enaml-like-1 2)"
# Environment: REPS (default 7). Prints medians of build and per-round times and their ratios.
set -euo pipefail
shared=${SHARED:-../shared}; bin=${BIN:-.build/release/cellfit}; reps=${REPS:-7}
raw=$(mktemp); trap 'rm -f "$raw"' EXIT
for _ in $(seq "$reps"); do
  for f in "$@"; do
    file=$f; [ -f "$file" ] || file=$shared/workloads/$f.json
    "$shared/bench/kiwi_cpp/run.sh" --runs 5 "$file" 2>/dev/null \
      | python3 -c "import sys,json; d=json.loads(sys.stdin.read()); print('kiwi', d['name'], d['build_s']*1e6, d['per_round_us'])" >> "$raw"
    "$bin" solve --json --repeat 5 "$file" 2>/dev/null \
      | python3 -c "import sys,json; d=json.loads(sys.stdin.read()); print('cellfit', d['name'], d['build_us'], d['per_round_us'])" >> "$raw"
  done
done
python3 - "$raw" <<'PY'
import sys, statistics as st, collections
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    b, n, build, rnd = line.split(); d[(b, n)].append((float(build), float(rnd)))
for n in sorted({n for _, n in d}):
    kb, kr = (st.median(x[i] for x in d[('kiwi', n)]) for i in (0, 1))
    cb, cr = (st.median(x[i] for x in d[('cellfit', n)]) for i in (0, 1))
    print(f"{n}: build kiwi {kb:.1f} µs, CellFit {cb:.1f} µs, ratio {cb/kb:.2f}; round kiwi {kr:.3f} µs, CellFit {cr:.3f} µs, ratio {cr/kr:.2f}")
PY
