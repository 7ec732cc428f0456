#!/usr/bin/env bash
# The Pango fast path (--measurer pango) against a full layout of every text (--measurer
# pango-layout) in the example programs, text measured on every row, interleaved:
#   Benchmarks/scripts/measurers.sh [Example...]     (from the repository root, after `swift build -c release`)
# Environment: ROWS (default 2000), REPS (default 5), ENGINE (default constraints),
# VOCABULARY (default english; chinese, japanese, cjk or emoji: the rows' words).
# Prints the median µs per row of each measurer and the ratio of their rows per second.
set -euo pipefail
bin=${BIN:-.build/release}; reps=${REPS:-5}; rows=${ROWS:-2000}; engine=${ENGINE:-constraints}; vocabulary=${VOCABULARY:-english}
examples=${*:-MessageCells DynamicHeights ExpandableMovies ChatFeed EstimatedHeights}
ms() { "$bin/$1" --rows "$rows" --cache none --engine "$engine" --vocabulary "$vocabulary" --measurer "$2" 2>&1 | grep -m1 " ms," | sed -E 's/.*time +([0-9.]+) ms.*/\1/'; }
for ex in $examples; do
  f=""; l=""
  for _ in $(seq "$reps"); do f="$f $(ms "$ex" pango)"; l="$l $(ms "$ex" pango-layout)"; done
  python3 - "$ex" "$rows" "$f" "$l" "$vocabulary" <<'PY'
import sys, statistics as s
ex, rows = sys.argv[1], int(sys.argv[2])
f, l = ([float(x) for x in a.split()] for a in sys.argv[3:5])
print(f"{ex} ({rows} rows, {sys.argv[5]}): pango {s.median(f)*1000/rows:.2f} µs/row, pango-layout {s.median(l)*1000/rows:.2f}, rows/s ratio {s.median(l)/s.median(f):.2f}")
PY
done
