#!/usr/bin/env python3
"""A one-off soak of streamed `cellfit heights` with random bad lines (issue 50): not part
of `make test`, run by hand.

Each stream has a random number of MessageCells rows (1 to --max-lines), a random
policy (throw, recover, report), worker count (1, 2, 8) and width list, and bad lines
(malformed, invalid UTF-8, blank, now and then one over the 16 MiB limit) at random
places, clustered half the time around the batch boundaries (2,048 jobs). Every stream
is checked against one clean run of the same rows, line for line:

- throw: the clean lines of every row before the first bad one, then exit 2;
- recover: the clean lines of every good row, in order, one `error:` line per bad line
  (its line number) and the summary, exit 2 (0 when there was no bad line);
- report: one line per row and width, the clean one for good rows, exit 0.

Usage: stream_soak.py --cellfit .build/release/cellfit [--streams 1000] [--max-lines 20000] [--seed 1]
Prints one line per failure and a summary; exits 1 on any lost, extra or wrong line.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TEMPLATE = os.path.join(ROOT, "Examples/Templates/MessageCells.json")
ROWS = os.path.join(ROOT, "Examples/Data/MessageCells.json")
BATCH_JOBS = 2048
LINE_LIMIT = 16 << 20


def bad_line(kind, row):
    if kind == "malformed":
        return b'{"id": "r-%d", "user": oops' % row
    if kind == "utf8":
        return b'{"id":"r-%d","user":"\xff\xc3(","text":"x","timestamp":"t","hasMedia":false}' % row
    if kind == "blank":
        return b""
    return b'{"text": "' + b"w" * LINE_LIMIT + b'"}'


def run(cellfit, widths, workers, policy, data):
    done = subprocess.run([cellfit, "heights", "--template", TEMPLATE, "--data", "-", "--format", "ndjson",
                           "--width", widths, "--workers", str(workers), "--on-error", policy],
                          input=data, capture_output=True, timeout=600)
    return done.returncode, done.stdout.decode().splitlines(), done.stderr.decode("utf-8", "replace").splitlines()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cellfit", required=True)
    p.add_argument("--streams", type=int, default=1000)
    p.add_argument("--max-lines", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    o = p.parse_args()
    rng = random.Random(o.seed)
    base = json.load(open(ROWS))
    good = [json.dumps(dict(base[i % len(base)], id="r-%d" % i), sort_keys=True).encode() for i in range(o.max_lines)]
    clean = {}
    for widths in ("375", "375,414"):
        status, lines, errors = run(o.cellfit, widths, 2, "throw", b"\n".join(good) + b"\n")
        assert status == 0, errors
        clean[widths] = lines
    failures, lines_checked, bad_total = 0, 0, 0
    for stream in range(o.streams):
        count = rng.randint(1, o.max_lines)
        widths = rng.choice(["375", "375,414"])
        per_row = len(widths.split(","))
        workers = rng.choice([1, 2, 8])
        policy = rng.choice(["throw", "recover", "report"])
        bad = {}
        for _ in range(rng.choice([0, 1, 1, 2, 5, 20])):
            if rng.random() < 0.5:
                edge = rng.randrange(0, count + 1, max(1, BATCH_JOBS // per_row))
                row = min(count - 1, max(0, edge + rng.randint(-2, 2)))
            else:
                row = rng.randrange(count)
            bad[row] = rng.choice(["malformed", "utf8", "blank"] + (["long"] if rng.random() < 0.05 else []))
        data = b"".join((bad_line(bad[i], i) if i in bad else good[i]) + b"\n" for i in range(count))
        status, lines, errors = run(o.cellfit, widths, workers, policy, data)
        expected_lines = clean[widths][:count * per_row]
        problem = None
        if policy == "throw":
            first = min(bad) if bad else count
            if status != (2 if bad else 0) or lines != expected_lines[:first * per_row]:
                problem = "throw: status %d, %d lines for %d" % (status, len(lines), first * per_row)
        elif policy == "recover":
            want = [line for k, line in enumerate(expected_lines) if (k // per_row) not in bad]
            reported = [e for e in errors if not e.startswith("error: %d line" % len(bad))]
            if status != (2 if bad else 0) or lines != want or len(reported) != len(bad) or any(
                    not e.startswith("error: <stdin>:%d:" % (row + 1)) for e, row in zip(reported, sorted(bad))):
                problem = "recover: status %d, %d lines for %d, %d errors for %d" % (
                    status, len(lines), len(want), len(reported), len(bad))
        else:
            ok = status == 0 and len(lines) == len(expected_lines) and all(
                (line == expected_lines[k]) if (k // per_row) not in bad else '"error"' in line
                for k, line in enumerate(lines))
            if not ok:
                problem = "report: status %d, %d lines for %d" % (status, len(lines), len(expected_lines))
        lines_checked += len(lines)
        bad_total += len(bad)
        if problem:
            failures += 1
            print("stream %d (%d lines, widths %s, %d workers, bad %s): %s; stderr: %s" % (
                stream, count, widths, workers, sorted(bad.items())[:5], problem, errors[:3]))
    print("soak: %d streams, %d bad lines, %d output lines checked, %d failures" % (
        o.streams, bad_total, lines_checked, failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
