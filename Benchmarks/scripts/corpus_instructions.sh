#!/usr/bin/env bash
# Instructions per measurement of the test corpus's texts, kind by kind, with the fast
# paths (--measurer pango) and with a full layout of every text (pango-layout):
#
#   Benchmarks/scripts/corpus_instructions.sh [kind ...]     (default: every kind, and past-ascii)
#
# from the repository root, after `swift build -c release --product cellfit`. Each
# figure is callgrind's count for TEXTS and 2×TEXTS corpus texts (default 400) taken
# apart, over the measurements made in between, so the process's start and its fonts'
# first loads cancel out. A kind's texts are every 13th of the corpus. SKIP_TRUNCATION=1
# leaves out the requests in the truncating style. SEED=n measures another seed's corpus
# (the default is the one the tests and the proof benchmark use; others are held out).
set -euo pipefail
texts=${TEXTS:-400}
kinds=${*:-english punctuated longWords cjk emoji rightToLeft combiningMarks whitespace chineseSentences japaneseSentences koreanSentences rightToLeftSentences emojiSentences past-ascii}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp .build/release/cellfit "$dir/cellfit"
strip --strip-debug "$dir/cellfit"
count() {  # instructions and measurements for $1 texts of kind $2 with measurer $3
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file="$dir/out" "$dir/cellfit" corpus --texts "$1" --kinds "$2" --measurer "$3" ${SKIP_TRUNCATION:+--skip-truncation} ${SEED:+--seed "$SEED"} 2>/dev/null)
  echo "$(callgrind_annotate "$dir/out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }') $(echo "$out" | awk 'NR == 1 { gsub(",", "", $2); print $2 + $4 }')"
}
for kind in $kinds; do
  read -r f1 n1 < <(count "$texts" "$kind" pango); read -r f2 n2 < <(count $((2 * texts)) "$kind" pango)
  read -r l1 _ < <(count "$texts" "$kind" pango-layout); read -r l2 _ < <(count $((2 * texts)) "$kind" pango-layout)
  python3 -c "import sys; f, l, n = (int(sys.argv[2]) - int(sys.argv[1])), (int(sys.argv[4]) - int(sys.argv[3])), int(sys.argv[6]) - int(sys.argv[5]); print(f'{sys.argv[7]:22} pango {f // n:>9,} a measurement, pango-layout {l // n:>9,}, speed-up {l / f:.2f}')" \
    "$f1" "$f2" "$l1" "$l2" "$n1" "$n2" "$kind"
done
