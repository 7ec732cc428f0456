#!/usr/bin/env bash
# Instructions per solver build (callgrind), averaged over 10 builds.
#
#   Benchmarks/scripts/solver_instructions.sh BINARY [WORKLOAD ...]
#
# BINARY is a release `cellfit`; each WORKLOAD names a file in
# ../shared/workloads (default: cells-1000 enaml-like-1). Only the workload
# solver's `build` is counted (`--toggle-collect`), on a copy stripped of
# debug info. Instruction counts do not move with the machine's load, so
# two binaries can be compared in separate runs.
set -euo pipefail
binary=$1
shift
workloads=${*:-cells-1000 enaml-like-1}
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$binary" "$dir/cellfit"
strip --strip-debug "$dir/cellfit"
build='$s15CellFitWorkload09CassowaryC6SolverV5buildyyAA0C5ErrorVYKF'
for w in $workloads; do
  valgrind --tool=callgrind --callgrind-out-file="$dir/out" --toggle-collect="$build" \
    "$dir/cellfit" solve --json --repeat 10 "$root/../shared/workloads/$w.json" >/dev/null 2>&1
  total=$(callgrind_annotate "$dir/out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
  echo "$w instructions_per_build=$((total / 10))"
done
