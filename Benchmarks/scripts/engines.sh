#!/usr/bin/env bash
# Constraint engine against manual frames in the example programs, interleaved:
#   Benchmarks/scripts/engines.sh [Example...]       (from the repository root, after `swift build -c release`)
# Environment: CACHE=warm|none (default warm), ROWS (default 20000), REPS (default 7),
# EXTRA (more options for the programs, e.g. "--distinct 2000").
# Prints the median µs per row of each engine (timed pass in ms × 1000 / rows) and their ratio.
set -euo pipefail
bin=${BIN:-.build/release}; reps=${REPS:-7}; cache=${CACHE:-warm}; rows=${ROWS:-20000}
examples=${*:-MessageCells DynamicHeights ExpandableMovies ChatFeed EstimatedHeights}
ms() { "$bin/$1" --rows "$rows" --cache "$cache" --engine "$2" ${EXTRA:-} 2>&1 | grep -m1 " ms," | sed -E 's/.*time +([0-9.]+) ms.*/\1/'; }
for ex in $examples; do
  c=""; m=""
  for _ in $(seq "$reps"); do c="$c $(ms "$ex" constraints)"; m="$m $(ms "$ex" manual)"; done
  python3 - "$ex" "$cache" "$rows" "$c" "$m" <<'PY'
import sys, statistics as s
ex, cache, rows = sys.argv[1], sys.argv[2], int(sys.argv[3])
c, m = ([float(x) for x in a.split()] for a in sys.argv[4:6])
print(f"{ex} ({cache}): constraints {s.median(c)*1000/rows:.2f} µs/row, manual {s.median(m)*1000/rows:.2f}, ratio {s.median(c)/s.median(m):.2f}")
PY
done
