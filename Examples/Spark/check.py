#!/usr/bin/env python3
"""Check size_feed.py's output against one non-streaming cellfit run on the same rows.

Runs `cellfit heights --template T --data rows.json --width w --format json` once per
width on the rows as a JSON array (the same rows size_feed.py read as NDJSON or
Parquet), reads the Spark job's output (Parquet or JSON part files, through Spark),
and compares them id by id and width by width: every id of the rows must have
exactly one height at every width, equal to the reference height exactly (the
heights are on the pixel grid; no tolerance). Prints a short summary -- rows,
widths, partitions, seconds, mismatches -- and the first few differences.

    python3 Examples/Spark/check.py --cellfit .build/release/cellfit \\
        --template Examples/Templates/MessageCells.json --rows rows.json \\
        --spark-output heights --width 375,414 --summary summary.json

Exit status: 0 when every height matches; 1 for any mismatch, missing, extra or
duplicate height, or an error row; 2 when an input cannot be read or cellfit fails.
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ in Examples/Spark
import size_feed  # noqa: E402  (its Spark start-up and id keys)

SHOWN = 5


class CheckError(Exception):
    """An input that cannot be read or a reference run that fails (exit status 2)."""


def parse_options(argv):
    p = size_feed.Options(prog="check.py", description="Compare size_feed.py's output with one cellfit run.")
    p.add_argument("--cellfit", required=True, help="the cellfit binary")
    p.add_argument("--template", required=True, help="the template file")
    p.add_argument("--rows", required=True, help="the rows as a JSON array, each with an \"id\"")
    p.add_argument("--spark-output", required=True, help="size_feed.py's --output directory")
    p.add_argument("--output-format", choices=["parquet", "json"], default="parquet")
    p.add_argument("--width", required=True, help="the widths size_feed.py was given: 375 or 375,414")
    p.add_argument("--scale", choices=["1", "2", "3"], default="2")
    p.add_argument("--summary", help="size_feed.py's --summary file, for its partitions and seconds")
    p.add_argument("--master", default="local[1]", help="Spark master for reading the output")
    o = p.parse_args(argv)
    try:
        o.widths = [float(w) for w in o.width.split(",")]
    except ValueError:
        p.error(f"--width: '{o.width}' is not a comma-separated list of numbers")
    return o


def reference(o):
    """{(id key, width): height} from one non-streaming cellfit run per width, the rows' count and the seconds.

    - Throws: CheckError when the rows cannot be read, lack ids, or cellfit fails.
    """
    try:
        with open(o.rows) as f:
            rows = json.load(f)
    except (OSError, ValueError) as e:
        raise CheckError(f"--rows {o.rows}: {e}")
    if not isinstance(rows, list) or not all(isinstance(r, dict) and "id" in r for r in rows):
        raise CheckError(f"--rows {o.rows}: not a JSON array of objects each with an \"id\"")
    keys = [size_feed.id_key(r["id"]) for r in rows]
    if len(set(keys)) != len(keys):
        raise CheckError(f"--rows {o.rows}: ids repeat; the check joins by id")
    heights, started = {}, time.monotonic()
    for width in o.widths:
        command = [o.cellfit, "heights", "--template", o.template, "--data", o.rows, "--width", f"{width:g}",
                   "--scale", o.scale, "--format", "json"]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise CheckError(f"{' '.join(command)} exited with status {done.returncode}: {done.stderr.strip()}")
        got = json.loads(done.stdout)["heights"]
        if len(got) != len(rows):
            raise CheckError(f"cellfit gave {len(got)} heights for {len(rows)} rows at width {width:g}")
        heights.update(((key, width), float(h)) for key, h in zip(keys, got))
    return heights, len(rows), time.monotonic() - started


def spark_heights(o):
    """The Spark job's output: {(id key, width): [(height, error), ...]}."""
    spark = size_feed.start_spark(o.master, "ERROR", app_name="cellfit size_feed check")
    try:
        reader = spark.read.parquet if o.output_format == "parquet" else spark.read.json
        df = reader(o.spark_output)
        columns = set(df.columns)
        if not {"id", "height"} <= columns:
            raise CheckError(f"--spark-output {o.spark_output}: no id and height columns (has {sorted(columns)})")
        if len(o.widths) > 1 and "width" not in columns:
            raise CheckError(f"--spark-output {o.spark_output}: no width column for {len(o.widths)} widths")
        found = {}
        for r in df.collect():
            width = float(r["width"]) if "width" in columns else o.widths[0]
            error = r["error"] if "error" in columns else None
            height = None if r["height"] is None else float(r["height"])
            found.setdefault((size_feed.id_key(r["id"]), width), []).append((height, error))
        return found
    except CheckError:
        raise
    except Exception as e:  # Spark's AnalysisException for a missing path, and the like
        raise CheckError(f"--spark-output {o.spark_output}: {size_feed.failure_message(e)}")
    finally:
        spark.stop()


def compare(expected, found):
    """The differences, by kind: lists of (key, width, detail)."""
    problems = {"mismatch": [], "missing": [], "extra": [], "duplicate": [], "error": []}
    for (key, width), height in expected.items():
        got = found.get((key, width))
        if not got:
            problems["missing"].append((key, width, f"expected {height:g}"))
        elif len(got) > 1:
            problems["duplicate"].append((key, width, f"{len(got)} results"))
        elif got[0][1] is not None:
            problems["error"].append((key, width, got[0][1]))
        elif got[0][0] != height:
            problems["mismatch"].append((key, width, f"spark {got[0][0]!r}, cellfit {height!r}"))
    for key, width in found.keys() - expected.keys():
        problems["extra"].append((key, width, "no such row"))
    return problems


def main(argv):
    o = parse_options(argv)
    try:
        expected, rows, reference_seconds = reference(o)
        found = spark_heights(o)
    except CheckError as e:
        print(f"check: error: {e}", file=sys.stderr)
        return 2
    problems = compare(expected, found)
    job = {}
    if o.summary:
        with open(o.summary) as f:
            job = json.load(f)
    widths = ", ".join(f"{w:g}" for w in o.widths)
    where = f", {job['partitions']} partitions on {job['master']}" if job else ""
    print(f"check: {rows} rows x {len(o.widths)} width{'s' if len(o.widths) > 1 else ''} ({widths}){where}")
    if job:
        print(f"check: spark job {job['seconds']:.1f} s (cellfit stage {job['sizing_seconds']:.1f} s); "
              f"one non-streaming cellfit run per width {reference_seconds:.1f} s")
    counts = ", ".join(f"{len(v)} {k}" for k, v in problems.items())
    total = sum(len(v) for v in problems.values())
    print(f"check: {len(expected)} heights compared: {counts}")
    for kind, items in problems.items():
        for key, width, detail in sorted(items)[:SHOWN]:
            print(f"  {kind}: id {key} width {width:g}: {detail}")
    if total:
        print(f"check: FAILED ({total} differences)")
        return 1
    print("check: every height matches")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
