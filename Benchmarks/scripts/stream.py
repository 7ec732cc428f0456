#!/usr/bin/env python3
"""`cellfit heights` streamed (NDJSON on standard input) against the same rows read whole
(a JSON array file), runs alternating, on one machine in one run:

    python3 Benchmarks/scripts/stream.py [--rows 1000000] [--reps 3] [--widths 375]

from the repository root, after `swift build -c release --product cellfit`. The rows are
MessageCells' generated rows (`cellfit example-data --cell MessageCells`), written once
to a scratch directory (--scratch, default /tmp/cellfit-stream). For each run: wall
seconds, rows per second, and peak resident memory (the child's own, from wait4); then
the medians, the ratio of rows per second, and whether every output line is the same.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time


def run(command, stdin_path, stdout_path):
    """Runs `command`; returns (wall seconds, peak resident KiB, exit status)."""
    with open(stdin_path, "rb") as stdin, open(stdout_path, "wb") as stdout:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=stdout)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    return wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--widths", default="375")
    parser.add_argument("--bin", default=".build/release/cellfit")
    parser.add_argument("--scratch", default="/tmp/cellfit-stream")
    parser.add_argument("--template", default="Examples/Templates/MessageCells.json")
    args = parser.parse_args()

    os.makedirs(args.scratch, exist_ok=True)
    ndjson = os.path.join(args.scratch, f"messages-{args.rows}.ndjson")
    array = os.path.join(args.scratch, f"messages-{args.rows}.json")
    for path, form in ((ndjson, "ndjson"), (array, "json")):
        if not os.path.exists(path):
            subprocess.run([args.bin, "example-data", "--cell", "MessageCells", "--rows", str(args.rows),
                            "--format", form, "--out", path], check=True)
    common = [args.bin, "heights", "--template", args.template, "--format", "ndjson", "--width", args.widths]
    commands = {
        "streamed": (common + ["--data", "-"], ndjson),
        "whole": (common + ["--data", array], "/dev/null"),
    }
    results = {name: [] for name in commands}
    outputs = {name: os.path.join(args.scratch, f"{name}.out") for name in commands}
    for rep in range(args.reps):
        for name, (command, stdin_path) in commands.items():
            wall, peak, status = run(command, stdin_path, outputs[name])
            if status != 0:
                sys.exit(f"{name}: exit status {status}")
            results[name].append((wall, peak))
            print(f"rep {rep + 1} {name:8}: {wall:7.2f} s, {args.rows / wall:9.0f} rows/s, peak {peak / 1024:7.1f} MiB",
                  flush=True)
    identical = subprocess.run(["cmp", "-s", outputs["streamed"], outputs["whole"]]).returncode == 0
    widths = len(args.widths.split(","))
    print(f"{args.rows} rows × {widths} width(s), {args.reps} runs each, alternating; medians:")
    medians = {}
    for name, runs in results.items():
        wall = statistics.median(w for w, _ in runs)
        peak = max(p for _, p in runs)
        medians[name] = wall
        print(f"  {name:8}: {wall:7.2f} s, {args.rows / wall:9.0f} rows/s, peak memory {peak / 1024:7.1f} MiB (largest run)")
    print(f"  streamed rows/s ÷ whole rows/s: {medians['whole'] / medians['streamed']:.2f}")
    print(f"  outputs identical: {'yes' if identical else 'NO'}")
    sys.exit(0 if identical else 1)


if __name__ == "__main__":
    main()
