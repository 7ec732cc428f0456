#!/usr/bin/env python3
"""The leave-repositories-out split of issue 30 for ../shared/xib/eval.py.

The repositories of ../shared/xib2, sorted, at positions 3, 6, 9, ... (1-based) are held
out: rules are developed on the others (and on ../shared/xib) and the held-out figure is
reported beside theirs. Prints the repositories of one side, one per line.

  Benchmarks/scripts/xib_split.py heldout|develop [--shared ../shared]
  ../shared/xib/eval.py .build/release/cellfit --repos $(Benchmarks/scripts/xib_split.py develop)
"""
import argparse, json, os

ap = argparse.ArgumentParser()
ap.add_argument("side", choices=["heldout", "develop"])
ap.add_argument("--shared", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared"))
a = ap.parse_args()
xib2 = sorted({c["repo"] for c in json.load(open(os.path.join(a.shared, "xib2/cells.json")))})
held = {r for i, r in enumerate(xib2, 1) if i % 3 == 0}
if a.side == "heldout":
    print("\n".join(sorted(held)))
else:
    xib = {c["repo"] for c in json.load(open(os.path.join(a.shared, "xib/cells.json")))}
    print("\n".join(sorted((xib | set(xib2)) - held)))
