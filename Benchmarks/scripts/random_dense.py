#!/usr/bin/env python3
# A system of the shared `random-dense` family (../shared/workloads/random-dense-500-1.json's description),
# from a seed of our own, for holding the solver to other seeds of that family:
#   Benchmarks/scripts/random_dense.py SEED [VARIABLES]   -> /tmp/my-dense-VARIABLES-SEED.json
# A hidden point satisfies every required constraint; soft targets are perturbed.
import json, random, sys
seed = int(sys.argv[1]); n = int(sys.argv[2]) if len(sys.argv) > 2 else 500
r = random.Random(seed)
V = [f"x{i}" for i in range(n)]
p = [r.randrange(0, 1001) / 2 for _ in range(n)]
coefs = [1, -1, 2, -2, 0.5, -0.5]
def terms(k):
    base = r.randrange(n)
    idx = set()
    while len(idx) < k:
        if r.random() < 0.05: idx.add(r.randrange(n))
        else: idx.add(min(n - 1, max(0, base + r.randrange(-8, 9))))
    return [[r.choice(coefs), V[i]] for i in sorted(idx)]
def val(t): return sum(c * p[int(v[1:])] for c, v in t)
cs = []
for _ in range(n // 5):
    t = terms(r.choice([2, 3, 4])); cs.append({"terms": t, "constant": -val(t), "op": "==", "strength": "required"})
for _ in range(n):
    t = terms(r.choice([2, 3, 4])); s = r.randrange(0, 101) / 2
    if r.random() < 0.5: cs.append({"terms": t, "constant": s - val(t), "op": ">=", "strength": "required"})
    else: cs.append({"terms": t, "constant": -s - val(t), "op": "<=", "strength": "required"})
for strength, count in (("strong", n // 2), ("medium", n // 2), (999, n // 20), (100, n // 20)):
    for _ in range(count):
        t = terms(r.choice([1, 2, 3, 4])); noise = r.randrange(-100, 101) / 2
        c = {"terms": t, "constant": noise - val(t), "op": r.choice(["==", "==", ">=", "<="]), "strength": strength}
        w = r.random()
        if w < 0.15: c["weight"] = 2.0
        elif w < 0.3: c["weight"] = 0.5
        cs.append(c)
for i in range(n // 2):
    v = r.randrange(n); cs.append({"terms": [[1.0, V[v]]], "constant": -r.randrange(0, 1001) / 2, "op": "==", "strength": "weak"})
r.shuffle(cs)
edits = sorted(r.sample(range(n), 20))
rounds = [{V[e]: r.randrange(-20, 1001) / 2 for e in edits} for _ in range(20)]
json.dump({"format": "cassowary-workload/1", "name": f"my-dense-{n}-{seed}", "description": "own generator, family of random-dense", "variables": V,
           "constraints": cs, "edits": [{"variable": V[e], "strength": "strong"} for e in edits], "rounds": rounds}, open(f"/tmp/my-dense-{n}-{seed}.json", "w"))
