#!/usr/bin/env python3
"""How `cellfit heights` scales with workers in one process, against as many
single-worker processes each streaming its share of the rows, on this machine:

    python3 Benchmarks/scripts/scaling.py [--rows 200000] [--workers 1,2] [--reps 3]

from the repository root, after `swift build -c release --product cellfit`. The rows are
MessageCells' generated rows as NDJSON (`cellfit example-data`), written once to a
scratch directory and split into as many files as the largest worker count. Every run
streams through `cellfit heights --format ndjson --width 375` (Pango); the processes'
outputs, joined, must equal the one-process output. Prints seconds (median of --reps,
runs interleaved), speed-up over one worker, and peak resident memory.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def run_all(commands):
    """Starts every (command, stdin, stdout) at once; returns wall seconds and peak KiB (max over the processes)."""
    start = time.perf_counter()
    processes = []
    for command, stdin_path, stdout_path in commands:
        stdin, stdout = open(stdin_path, "rb"), open(stdout_path, "wb")
        processes.append((subprocess.Popen(command, stdin=stdin, stdout=stdout), stdin, stdout))
    peak = 0
    for process, stdin, stdout in processes:
        _, status, usage = os.wait4(process.pid, 0)
        stdin.close()
        stdout.close()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{command}: exit status {os.waitstatus_to_exitcode(status)}")
        peak = max(peak, usage.ru_maxrss)
    return time.perf_counter() - start, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--bin", default=".build/release/cellfit",
                        help="the cellfit to run; several, comma-separated, are run interleaved, each with every setup")
    parser.add_argument("--scratch", default="/tmp/cellfit-scaling")
    parser.add_argument("--template", default="Examples/Templates/MessageCells.json")
    parser.add_argument("--vocabulary", default="english")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    most = max(counts)

    os.makedirs(args.scratch, exist_ok=True)
    rows = os.path.join(args.scratch, f"messages-{args.vocabulary}-{args.rows}.ndjson")
    bins = args.bin.split(",")
    if not os.path.exists(rows):
        subprocess.run([bins[-1], "example-data", "--cell", "MessageCells", "--rows", str(args.rows), "--format", "ndjson",
                        "--vocabulary", args.vocabulary, "--out", rows], check=True)
    with open(rows, "rb") as f:
        lines = f.readlines()
    parts = []
    for k in range(most):
        part = os.path.join(args.scratch, f"part-{k}-of-{most}.ndjson")
        with open(part, "wb") as f:
            f.writelines(lines[k * len(lines) // most:(k + 1) * len(lines) // most])
        parts.append(part)

    setups = {}
    for b, binary in enumerate(bins):
        common = [binary, "heights", "--template", args.template, "--format", "ndjson", "--width", "375", "--data", "-"]
        label = f"[{b}] " if len(bins) > 1 else ""
        for n in counts:
            setups[f"{label}1 process x {n} workers"] = [
                (common + ["--workers", str(n)], rows, os.path.join(args.scratch, f"one-{b}-{n}.out"))]
        setups[f"{label}{most} processes x 1 worker"] = [
            (common + ["--workers", "1"], part, f"{part}.{b}.out") for part in parts]
    results = {name: [] for name in setups}
    for _ in range(args.reps):
        for name, commands in setups.items():
            results[name].append(run_all(commands))

    reference = open(os.path.join(args.scratch, f"one-0-{counts[0]}.out"), "rb").read()
    print(f"{len(lines)} MessageCells rows ({args.vocabulary}), width 375, {os.cpu_count()} processors, median of {args.reps}")
    for b, binary in enumerate(bins):
        label = f"[{b}] " if len(bins) > 1 else ""
        if len(bins) > 1:
            print(f"[{b}] {binary}")
        base = statistics.median(s for s, _ in results[f"{label}1 process x {counts[0]} workers"])
        for name, runs in results.items():
            if not name.startswith(label):
                continue
            seconds = statistics.median(s for s, _ in runs)
            peak = max(p for _, p in runs) / 1024
            print(f"  {name[len(label):]:26} {seconds:7.2f} s  {len(lines) / seconds:9.0f} rows/s  speed-up {base / seconds:5.2f}  peak {peak:6.1f} MB")
    same = all(open(c[2], "rb").read() == reference for name, cs in setups.items() if "1 process" in name for c in cs)

    # The split outputs number their rows from 0 in each part: compare the heights alone.
    def heights(text):
        return [line.split(b'"height":')[1] for line in text.splitlines()]
    split_same = all(
        heights(b"".join(open(f"{part}.{b}.out", "rb").read() for part in parts)) == heights(reference)
        for b in range(len(bins)))
    print("  one-process outputs identical:", same, "| the processes' heights identical:", split_same)

if __name__ == "__main__":
    main()
