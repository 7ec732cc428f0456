#!/usr/bin/env bash
# Instructions per row of an example program with each Pango measurer (callgrind),
# the fast paths (--measurer pango) against a full layout of every text
# (--measurer pango-layout), text measured on every row (--cache none):
#
#   Benchmarks/scripts/measurer_instructions.sh [Example] [vocabulary...]
#
# from the repository root, after `swift build -c release --product Example`.
# Each figure is the difference between ROWS and 2×ROWS rows (default 1000), so
# the process's start and its fonts' first loads cancel out. Instruction counts do
# not move with the machine's load, unlike the timings of measurers.sh.
set -euo pipefail
example=${1:-MessageCells}
shift || true
vocabularies=${*:-english chinese japanese}
rows=${ROWS:-1000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp ".build/release/$example" "$dir/example"
strip --strip-debug "$dir/example"
total() {
  valgrind --tool=callgrind --callgrind-out-file="$dir/out" "$dir/example" --rows "$1" --cache none \
    --vocabulary "$2" --measurer "$3" >/dev/null 2>&1
  callgrind_annotate "$dir/out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
for vocabulary in $vocabularies; do
  declare -A per=()
  for measurer in pango pango-layout; do
    one=$(total "$rows" "$vocabulary" "$measurer")
    two=$(total $((2 * rows)) "$vocabulary" "$measurer")
    per[$measurer]=$(((two - one) / rows))
  done
  python3 -c "import sys; f, l = int(sys.argv[2]), int(sys.argv[3]); print(f'$example $vocabulary: pango {f:,} instructions a row, pango-layout {l:,}, ratio {l / f:.2f}')" \
    x "${per[pango]}" "${per[pango-layout]}"
done
