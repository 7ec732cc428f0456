#!/usr/bin/env bash
# Allocations (calls of malloc and posix_memalign, counted by callgrind) per build
# and per round of `cellfit solve`.
#
#   Benchmarks/scripts/solver_allocations.sh BINARY WORKLOAD...
#
# Per build: `--repeat 11` less `--repeat 1` on the workload without its rounds,
# over 10; each repeat also makes a fresh system of variables and constraints,
# so that is counted with the build. Per round: a repeat with the rounds less
# one without, over the rounds (the first rounds grow rows and columns, so a
# workload of few rounds is not a steady state).
set -euo pipefail
binary=$1; shift
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
cp "$binary" "$dir/cellfit"; strip --strip-debug "$dir/cellfit"
count() {
  valgrind --tool=callgrind --callgrind-out-file="$dir/out" "$dir/cellfit" solve --json "$@" > /dev/null 2>&1
  python3 - "$dir/out" <<'PY'
import re, sys
names, total, callee = {}, 0, None
for line in open(sys.argv[1]):
    m = re.match(r'(fn|cfn)=\((\d+)\)(?: (.*))?', line.strip())
    if m:
        kind, i, name = m.groups()
        if name: names[i] = name
        callee = names.get(i) if kind == 'cfn' else None
        continue
    m = re.match(r'calls=(\d+)', line)
    if m and callee in ('malloc', 'posix_memalign'): total += int(m.group(1))
    if m: callee = None
print(total)
PY
}
for w in "$@"; do
  file=$w; [ -f "$file" ] || file=$root/../shared/workloads/$w.json
  python3 - "$file" "$dir/bare.json" <<'PY'
import json, sys
w = json.load(open(sys.argv[1])); w['rounds'] = []; w.pop('expect', None)
json.dump(w, open(sys.argv[2], 'w'))
PY
  rounds=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['rounds']))" "$file")
  b1=$(count --repeat 1 "$dir/bare.json"); b11=$(count --repeat 11 "$dir/bare.json")
  r1=$(count --repeat 1 "$file"); r3=$(count --repeat 3 "$file")
  python3 -c "
build = ($b11 - $b1) / 10; rounds = max($rounds, 1)
print(f'$(basename "$file" .json): {build:.0f} allocations a build, {(($r3 - $r1) / 2 - build) / rounds:.3f} a round')"
done
