#!/usr/bin/env bash
# `cellfit check` over every shared cell, in the matrix issue 52 names: 6 widths × 12 text
# sizes × 2 directions.
#   Benchmarks/scripts/check_corpus.sh      (from the repository root, after `swift build -c release`)
# Environment: WORKERS (default: 1 and every core, each timed), REPS (default 3),
# CORPORA (default the three shared xib folders).
# Prints, per worker count, the layouts, the best wall time of REPS runs and layouts per second.
set -euo pipefail
bin=${BIN:-.build/release}; reps=${REPS:-3}
cores=$(nproc)
workers=${WORKERS:-"1 $cores"}
corpora=${CORPORA:-"../shared/xib/files ../shared/xib2/files ../shared/xib3/files"}
matrix=(--widths 320,375,393,402,430,440 --content-size all --direction ltr,rtl)
for w in $workers; do
  best=""; summary=""
  for _ in $(seq "$reps"); do
    start=$(date +%s.%N)
    # Exit 1 means failing findings, which the corpora have; 2 or 3 is a broken run.
    summary=$("$bin/cellfit" check $corpora "${matrix[@]}" --workers "$w" --format ndjson --output /dev/null 2>&1 | tail -1) || true
    end=$(date +%s.%N)
    t=$(python3 -c "print($end - $start)")
    best=$(python3 -c "print(min(float(x) for x in '$best $t'.split()))")
  done
  python3 - "$w" "$best" "$summary" <<'PY'
import re, sys
workers, seconds, summary = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
m = re.search(r"([\d,]+) files, ([\d,]+) cells, ([\d,]+) layouts", summary)
if not m:
    sys.exit(f"no summary line in: {summary!r}")
files, cells, layouts = (int(g.replace(",", "")) for g in m.groups())
print(f"workers {workers}: {files} files, {cells} cells, {layouts} layouts in {seconds:.1f} s: {layouts / seconds:,.0f} layouts/s")
PY
done
