#!/usr/bin/env python3
# Another seed of a shared layout workload whose system is fixed and whose rounds are random
# (../shared/workloads/cells-1000.json and enaml-like-1.json, from their descriptions), for
# holding the solver's speed to rounds it was not tuned on:
#   Benchmarks/scripts/reseed_rounds.py cells-1000 SEED     -> /tmp/cells-1000-sSEED.json
#   Benchmarks/scripts/reseed_rounds.py enaml-like-1 SEED   -> /tmp/enaml-like-1-sSEED.json
# The constraints and edits are the shared file's; the rounds are drawn again:
# - cells: one round per row; the username and timestamp lines keep their one height, the
#   body is 1 to 23 lines of 17 pt over an 18 pt first line, and a row has the 16 x 16 media
#   icon with probability 0.3 (the shared file: 23 heights, 292 of 1000 rows with media);
# - enaml: the kiwi benchmark's 6 (width, height) pairs, then 54 sizes drawn uniformly,
#   widths 300..1599 and heights 300..1199 (the shared file's lie in 310..1549 and 347..1182).
# `expect` is dropped: the answers are not known in advance; `cellfit solve --compare` holds
# them against GLPK.
import json, os, random, sys
name, seed = sys.argv[1], int(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
shared = os.environ.get("SHARED", os.path.join(here, "..", "..", "..", "shared"))
w = json.load(open(os.path.join(shared, "workloads", name + ".json")))
r = random.Random(seed)
if name == "cells-1000":
    rounds = []
    for _ in range(len(w["rounds"])):
        media = 16.0 if r.random() < 0.3 else 0.0
        rounds.append({"username_height": 18.0, "body_height": 18.0 + 17.0 * r.randrange(23),
                       "timestamp_height": 14.0, "media_width": media, "media_height": media})
elif name == "enaml-like-1":
    rounds = w["rounds"][:6] + [{"width": float(r.randrange(300, 1600)), "height": float(r.randrange(300, 1200))}
                                for _ in range(len(w["rounds"]) - 6)]
else:
    sys.exit(f"no generator for {name}: cells-1000 or enaml-like-1")
w["rounds"] = rounds
w.pop("expect", None)
w["name"] = f"{name}-s{seed}"
w["description"] = f"{name}'s system with rounds drawn again, seed {seed} (Benchmarks/scripts/reseed_rounds.py)"
out = f"/tmp/{name}-s{seed}.json"
json.dump(w, open(out, "w"))
print(out)
