#!/usr/bin/env python3
"""Size the rows of a large table with cellfit on Apache Spark.

What it does
------------
Reads rows -- NDJSON (one JSON object per line), Parquet, or a directory of
either -- and turns each row into one JSON line (NDJSON lines are kept as they
are; a Parquet row becomes its `DataFrame.toJSON()` line). Each partition is
piped through one `cellfit heights --data - --format ndjson` process with
`RDD.pipe`; the cellfit binary and the template reach the workers through
`SparkContext.addFile`, and are found there with `SparkFiles.get` (a one-task
probe asks a worker where they are and runs cellfit there once on no rows, so
a binary that cannot start on the workers fails fast, with its own message).

cellfit writes one line per row and width, in input order. Every partition's
output is checked against its input: as many lines as rows times widths, each
naming the row and width it should; a partition whose process died or lost
lines fails the job. The heights are then joined back to the rows' ids by
(partition, row), checking that the id cellfit echoed is the row's own, and
written as (id, [width,] height[, error]) to Parquet or JSON (`width` when
several widths are given, `error` under --on-error report).

Every row needs an "id" (a string or a number, unique or not): the output is
joined back to it. Rows without one, and lines that are not JSON objects, are
refused before cellfit runs, with the first few shown; so are blank lines in
NDJSON input (cellfit never skips a line, and neither does this job).

How to run
----------
With pyspark installed (`pip install pyspark==4.0.1`; Java 17 or 21):

    python3 Examples/Spark/size_feed.py --cellfit .build/release/cellfit \\
        --template Examples/Templates/MessageCells.json \\
        --input rows.ndjson --output heights --width 375,414 \\
        --partitions 8 --master 'local[2]'

On a cluster, submit it as any PySpark job; the binary and the template are
shipped by the job itself, but the workers need the shared libraries cellfit
links: Pango, GLPK and libxml2 from Debian's packages, and the Swift runtime,
which --ship can put beside the binary (Docs/Scale.md):

    spark-submit --master yarn Examples/Spark/size_feed.py --cellfit ./cellfit \\
        --template MessageCells.json --input hdfs:///feeds/rows.parquet \\
        --output hdfs:///feeds/heights --width 375 --partitions 400 \\
        --ship $(ldd ./cellfit | awk '/swift/ {print $3}')

`make spark-check` runs it on 20,000 generated rows and checks every height
against one non-streaming cellfit run (Examples/Spark/check.py).

Exit status: 0 on success; 1 when the job fails (cellfit exited non-zero, a
partition's output does not match its input, an id does not join back);
2 for input that cannot be used (rows without ids, unreadable files, an
output that already exists); 64 for bad options.
"""

import argparse
import itertools
import json
import os
import re
import shlex
import sys
import time

# The id kinds a column can hold; a float id makes the column double, a string id and a
# number in one input are refused (the output column has one type).
ID_INTEGER, ID_NUMBER, ID_STRING = "integer", "number", "string"
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
# How many offending lines an error message shows, and how much of each.
EXAMPLES_SHOWN, EXAMPLE_CHARS = 3, 120


class FeedError(Exception):
    """A failure with a message a person can act on, and the exit status it gives."""

    def __init__(self, message, status=1):
        super().__init__(message)
        self.status = status


class Options(argparse.ArgumentParser):
    """argparse, exiting 64 (EX_USAGE, as cellfit does) for a bad option instead of 2."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(64, f"{self.prog}: error: {message}\n")


def parse_options(argv):
    p = Options(
        prog="size_feed.py",
        description="Size every row of a table with cellfit, one cellfit process per Spark partition.",
    )
    p.add_argument("--cellfit", required=True, help="the cellfit binary (shipped to the workers)")
    p.add_argument("--template", required=True, help="the template file (shipped to the workers)")
    p.add_argument("--ship", action="extend", nargs="+", default=[], metavar="FILE",
                   help="more files to put beside the binary on the workers: the Swift runtime libraries "
                        "it loads, for workers without the toolchain (its RUNPATH has $ORIGIN)")
    p.add_argument("--input", required=True, help="rows: .ndjson/.jsonl file, .parquet, or a directory of either")
    p.add_argument("--input-format", choices=["auto", "ndjson", "parquet"], default="auto",
                   help="how to read --input (default: from its name, or the files in the directory)")
    p.add_argument("--output", required=True, help="the output directory (Spark writes part files)")
    p.add_argument("--output-format", choices=["parquet", "json"], default="parquet")
    p.add_argument("--overwrite", action="store_true", help="replace --output if it exists")
    p.add_argument("--width", required=True, help="content width(s) in points, comma-separated: 375 or 375,414")
    p.add_argument("--scale", choices=["1", "2", "3"], default="2", help="pixel grid (default 2)")
    p.add_argument("--on-error", choices=["throw", "recover", "report"], default="throw",
                   help="cellfit's --on-error: throw fails the job at the first row that cannot be laid out; "
                        "report writes that row's error instead of a height (default throw)")
    p.add_argument("--partitions", type=int, help="repartition the rows into N partitions (N cellfit processes)")
    p.add_argument("--workers", type=int, default=1,
                   help="worker threads of each cellfit process (default 1: Spark runs one task per core)")
    p.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                   help="an environment variable for cellfit on the workers (it gets no other)")
    p.add_argument("--master", help="Spark master, e.g. local[2] (default: spark-submit's, or local[*])")
    p.add_argument("--log-level", default="WARN", choices=["ERROR", "WARN", "INFO"], help="Spark's log level")
    p.add_argument("--summary", help="also write the run's figures to this JSON file")
    o = p.parse_args(argv)
    try:
        o.widths = [float(w) for w in o.width.split(",")]
    except ValueError:
        p.error(f"--width: '{o.width}' is not a comma-separated list of numbers")
    if not all(0 < w < float("inf") for w in o.widths):
        p.error(f"--width: '{o.width}': every width must be above 0")
    if len(set(o.widths)) != len(o.widths):
        p.error(f"--width: '{o.width}' names a width twice")
    if o.partitions is not None and o.partitions < 1:
        p.error("--partitions must be at least 1")
    if o.workers < 1:
        p.error("--workers must be at least 1")
    o.env_vars = {}
    for item in o.env:
        name, eq, value = item.partition("=")
        if not eq or not name:
            p.error(f"--env: '{item}' is not NAME=VALUE")
        o.env_vars[name] = value
    return o


# MARK: - Input


def is_local(path):
    return "://" not in path or path.startswith("file://")


def local_path(path):
    return path[len("file://"):] if path.startswith("file://") else path


def input_format(path, given):
    """The format to read `path` with: the one given, else from the name or the directory's files.

    - Throws: FeedError (status 2) when it cannot tell, or for a file that is a JSON array.
    """
    if given != "auto":
        return given
    name = path.rstrip("/")
    if name.endswith(".parquet"):
        return "parquet"
    if name.endswith((".ndjson", ".jsonl")):
        return "ndjson"
    if is_local(path) and os.path.isdir(local_path(path)):
        names = [n for n in os.listdir(local_path(path)) if not n.startswith(("_", "."))]
        if names and all(n.endswith(".parquet") for n in names):
            return "parquet"
        if names and all(n.endswith((".json", ".ndjson", ".jsonl")) for n in names):
            return "ndjson"
    if name.endswith(".json"):
        if is_local(path) and os.path.isfile(local_path(path)):
            with open(local_path(path), "rb") as f:
                if f.read(4096).lstrip().startswith(b"["):
                    raise FeedError(f"{path} is a JSON array; size_feed reads NDJSON (one object a line) "
                                    "or Parquet", status=2)
        return "ndjson"
    raise FeedError(f"cannot tell how to read {path}: name it .ndjson or .parquet, or give --input-format",
                    status=2)


def read_lines(spark, path, fmt, partitions):
    """The rows as one JSON text line each, in `partitions` partitions if given.

    NDJSON lines are kept byte for byte (cellfit carries the id's text verbatim); a
    Parquet row becomes its `toJSON()` line. `DataFrame.repartition` sorts before it
    deals rows out, so a partition recomputed after a lost block holds the same rows
    in the same order: the join by (partition, row) relies on that.
    """
    if fmt == "parquet":
        df = spark.read.parquet(path)
        if partitions:
            df = df.repartition(partitions)
        return df.toJSON()
    df = spark.read.text(path)
    if partitions:
        df = df.repartition(partitions)
    # Blank lines are kept: the scan refuses them, as cellfit does, rather than skip them.
    return df.rdd.map(lambda r: r.value)


def id_kind(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return ID_INTEGER if INT64_MIN <= value <= INT64_MAX else ID_NUMBER
    if isinstance(value, float):
        return ID_NUMBER
    if isinstance(value, str):
        return ID_STRING
    return None


def id_key(value):
    """The id's text after a parse, so `1.50` and `1.5` or `"\\u0041"` and `"A"` compare equal."""
    return json.dumps(value, ensure_ascii=False)


def scan_partition(index, lines):
    """One partition's row count, rows refused (no id, not an object, not JSON) and id kinds."""
    count, refused, examples, kinds = 0, 0, [], set()
    for line in lines:
        problem = None
        try:
            row = json.loads(line)
        except ValueError as e:
            problem = "a blank line" if line.strip() == "" else f"not JSON ({e})"
        else:
            if not isinstance(row, dict):
                problem = "not a JSON object"
            elif "id" not in row:
                problem = 'no "id"'
            elif id_kind(row["id"]) is None:
                problem = f'"id" is {json.dumps(row["id"])[:40]}, not a string or a number'
            else:
                kinds.add(id_kind(row["id"]))
        if problem:
            refused += 1
            if len(examples) < EXAMPLES_SHOWN:
                examples.append((index, count, problem, line[:EXAMPLE_CHARS]))
        count += 1
    yield index, count, refused, examples, sorted(kinds)


def scan(lines):
    """Per-partition row counts, and the id column's kind.

    - Throws: FeedError (status 2) for rows without a usable id, or ids of mixed kinds.
    """
    parts = sorted(lines.mapPartitionsWithIndex(scan_partition).collect())
    counts = [count for _, count, _, _, _ in parts]
    refused = sum(r for _, _, r, _, _ in parts)
    if refused:
        shown = [e for _, _, _, examples, _ in parts for e in examples][:EXAMPLES_SHOWN]
        lines_shown = "\n".join(f"  partition {p} row {r}: {why}: {text}" for p, r, why, text in shown)
        raise FeedError(f"{refused} of {sum(counts)} rows have no usable id; every row needs an \"id\" "
                        f"(a string or a number) for its height to be joined back to it:\n{lines_shown}",
                        status=2)
    kinds = set(k for _, _, _, _, ks in parts for k in ks)
    if ID_STRING in kinds and len(kinds) > 1:
        raise FeedError("the ids mix strings and numbers; the output's id column needs one type", status=2)
    kind = ID_STRING if ID_STRING in kinds else ID_NUMBER if ID_NUMBER in kinds else ID_INTEGER
    return counts, kind


def ids_of_partition(index, lines):
    for row, line in enumerate(lines):
        value = json.loads(line)["id"]
        yield index, row, id_key(value), value


# MARK: - cellfit on the workers


def cellfit_command(binary, template, o):
    return [binary, "heights", "--template", template, "--data", "-", "--format", "ndjson",
            "--width", o.width, "--scale", o.scale, "--on-error", o.on_error, "--workers", str(o.workers)]


def probe_workers(sc, binary_name, template_name, o):
    """Where a worker finds the shipped binary and template, after running cellfit there once on no rows.

    SparkFiles.get answers where the worker runs: in local mode a directory under the
    driver's temporary directory, on an executor its working directory. Executors of one
    application all answer alike, so one task's answer holds for all of them.

    - Throws: FeedError (status 1) when cellfit cannot run on the worker, with its message.
    """
    env = o.env_vars

    def probe(_):
        import subprocess
        from pyspark import SparkFiles

        binary, template = SparkFiles.get(binary_name), SparkFiles.get(template_name)
        if not os.access(binary, os.X_OK):
            return binary, template, None, f"{binary} is not an executable file on the worker"
        try:
            done = subprocess.run(cellfit_command(binary, template, o), input=b"", capture_output=True,
                                  env=env, timeout=120)
        except (OSError, subprocess.SubprocessError) as e:
            return binary, template, None, str(e)
        return binary, template, done.returncode, done.stderr.decode("utf-8", "replace").strip()

    binary, template, status, message = sc.parallelize([0], 1).map(probe).first()
    if status != 0:
        how = "cannot start" if status is None else f"fails (status {status}, run on no rows)"
        raise FeedError(f"cellfit {how} on the worker ({binary}): {message}\n"
                        "  The workers need the libraries it links (check with `ldd cellfit` there; "
                        "Docs/Scale.md)")
    return binary, template


# How a FeedError names the row cellfit stopped at, so that the driver can add its id.
FAILED_ROW = "the next row is row {row} of the partition"
FAILED_ROW_PATTERN = re.compile(r"^partition (\d+) .*the next row is row (\d+) of the partition")


def exit_message(error):
    """What RDD.pipe's error says of cellfit's exit (PIPE_FUNCTION_EXITED), in a few words."""
    parameters = getattr(error, "getMessageParameters", lambda: None)() or {}
    if "error_code" not in parameters:
        return f"cellfit's output could not be read ({error})"
    status = int(parameters["error_code"])
    return f"cellfit was killed by signal {-status}" if status < 0 else f"cellfit exited with status {status}"


def parse_partition(widths, counts):
    """A function checking and parsing one partition's cellfit output, yielding one record a row.

    Line k of a partition must be row k // W at width k % W (W widths) and carry exactly
    one of height (with the row's id) and error (with the id when cellfit could read
    it); the partition must have counts[p] * W lines.
    An error line without "width" when there are several widths stands for every width
    of its row. Anything else raises FeedError, failing the task and so the job. The
    records, (partition, row, id key or None, [(width, height, error)] in width order),
    are as many as the partition's rows, in its order, so they zip with the rows.
    """
    several = len(widths) > 1

    def parse(index, output):
        expected_rows = counts[index]
        row, lines, key, sized = 0, 0, None, []
        where = f"partition {index} ({expected_rows} rows)"
        try:
            for line in output:
                lines += 1
                try:
                    obj = json.loads(line)
                except ValueError:
                    raise FeedError(f"{where}: cellfit line {lines} is not JSON: {line[:EXAMPLE_CHARS]}")
                if not isinstance(obj, dict) or ("height" in obj) == ("error" in obj) or \
                        ("height" in obj and "id" not in obj):
                    raise FeedError(f"{where}: cellfit line {lines} is neither a height with the row's id "
                                    f"nor an error: {line[:EXAMPLE_CHARS]}")
                if row >= expected_rows or obj.get("row") != row:
                    raise FeedError(f"{where}: cellfit line {lines} is for row {obj.get('row')}, "
                                    f"expected row {row}: {line[:EXAMPLE_CHARS]}")
                slot = len(sized)
                if several and "width" not in obj and "error" in obj and slot == 0:
                    covered = widths
                else:
                    width = float(obj["width"]) if "width" in obj else widths[0]
                    if width != widths[slot] or several != ("width" in obj):
                        raise FeedError(f"{where}: cellfit line {lines} is for width {obj.get('width')}, "
                                        f"expected {widths[slot]:g}: {line[:EXAMPLE_CHARS]}")
                    covered = [width]
                if slot == 0:  # an error line for a row cellfit could not read has no id
                    key = id_key(obj["id"]) if "id" in obj else None
                height = float(obj["height"]) if "height" in obj else None
                sized.extend((width, height, obj.get("error")) for width in covered)
                if len(sized) == len(widths):
                    yield index, row, key, sized
                    row, sized = row + 1, []
        except FeedError:
            raise
        except Exception as e:
            raise FeedError(f"{where}: {exit_message(e)} after heights for {row} rows ({lines} lines); "
                            f"{FAILED_ROW.format(row=row)}") from None
        if row != expected_rows:
            raise FeedError(f"{where}: cellfit wrote {lines} lines, heights for {row} of {expected_rows} rows "
                            f"at {len(widths)} width(s): the process died or lost lines")

    return parse


def with_row_id(message, lines):
    """`message`, with the id of the row it names when it names one (a small job over that partition)."""
    found = FAILED_ROW_PATTERN.search(message)
    if not found:
        return message
    partition, row = int(found.group(1)), int(found.group(2))

    def pick(index, rows):
        return [json.loads(line)["id"] for line in itertools.islice(rows, row, row + 1)] if index == partition else []

    ids = lines.mapPartitionsWithIndex(pick).collect()
    if not ids:
        return message
    return f"{message} (id {id_key(ids[0])}); cellfit's own message is on the worker's standard error"


def joined_to_id(pair):
    """One row's output records, with the row's own id, from (row's id, cellfit's records of it).

    - Throws: FeedError when the id cellfit echoed is not the row's (an error line
      without an id, for a row cellfit could not read, is the row's by its position).
    """
    (p, row, key, value), (out_p, out_row, out_key, sized) = pair
    if (p, row) != (out_p, out_row) or out_key not in (key, None):
        raise FeedError(f"partition {p} row {row}: the row's id is {key}, but cellfit's line for it "
                        f"(partition {out_p} row {out_row}) has id {out_key}")
    return [(value, width, height, error) for width, height, error in sized]


# MARK: - The job


def start_spark(master, log_level, app_name="cellfit size_feed"):
    """A Spark session on `master` (None: spark-submit's, or local[*]), logging at `log_level`."""
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app_name).config("spark.ui.showConsoleProgress", "false")
    if master:
        builder = builder.master(master)
    # Started by spark-submit, this process finds the JVM running (the gateway's port in its
    # environment) and a cluster's settings in place; started by python3 in local mode, it
    # starts the JVM itself, so it can quieten Spark before its first line, keep Spark on
    # the loopback interface and run the workers on this same interpreter.
    if "PYSPARK_GATEWAY_PORT" not in os.environ and (not master or master.startswith("local")):
        log4j = os.path.join(os.path.dirname(os.path.abspath(__file__)), "log4j2.properties")
        builder = builder.config("spark.driver.extraJavaOptions", f"-Dlog4j2.configurationFile=file:{log4j}")
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel(log_level)
    return spark


def check_paths(o):
    """- Throws: FeedError (status 2) for a missing binary, template or input, or an existing output."""
    if not (os.path.isfile(o.cellfit) and os.access(o.cellfit, os.X_OK)):
        raise FeedError(f"--cellfit {o.cellfit}: not an executable file", status=2)
    if not os.path.isfile(o.template):
        raise FeedError(f"--template {o.template}: no such file", status=2)
    for path in o.ship:
        if not os.path.isfile(path):
            raise FeedError(f"--ship {path}: no such file", status=2)
    names = [os.path.basename(p) for p in [o.cellfit, o.template] + o.ship]
    if len(set(names)) != len(names):
        raise FeedError("--cellfit, --template and --ship name two files of the same name; "
                        "the workers see them in one directory", status=2)
    if is_local(o.input) and not os.path.exists(local_path(o.input)):
        raise FeedError(f"--input {o.input}: no such file or directory", status=2)
    if is_local(o.output) and os.path.exists(local_path(o.output)) and not o.overwrite:
        raise FeedError(f"--output {o.output} exists (--overwrite replaces it)", status=2)


def run(spark, o):
    """The job: returns the figures of the summary."""
    from pyspark import StorageLevel
    from pyspark.sql import types as T

    sc = spark.sparkContext
    started = time.monotonic()
    for path in [o.cellfit, o.template] + o.ship:
        sc.addFile(os.path.abspath(path))
    binary_name, template_name = os.path.basename(o.cellfit), os.path.basename(o.template)

    fmt = input_format(o.input, o.input_format)
    lines = read_lines(spark, o.input, fmt, o.partitions).persist(StorageLevel.MEMORY_AND_DISK)
    counts, kind = scan(lines)
    rows = sum(counts)
    if rows == 0:
        raise FeedError(f"--input {o.input} has no rows", status=2)

    binary, template = probe_workers(sc, binary_name, template_name, o)
    command = shlex.join(cellfit_command(binary, template, o))
    sizing_started = time.monotonic()
    records = (lines.pipe(command, env=o.env_vars, checkCode=True)
               .mapPartitionsWithIndex(parse_partition(o.widths, counts))
               .persist(StorageLevel.MEMORY_AND_DISK))
    # Runs cellfit on every partition (the parse checks each one) and counts the rows with an error.
    try:
        errors = records.map(lambda r: sum(1 for _, _, error in r[3] if error is not None)).sum()
    except Exception as e:  # a task failed: Py4JJavaError, carrying its FeedError's text
        raise FeedError(with_row_id(failure_message(e), lines)) from None
    sizing_seconds = time.monotonic() - sizing_started

    # The join back to the ids: the records of a partition are its rows, in order, so they
    # zip with the rows' ids (a narrow dependency: no shuffle), each pair checked.
    ids = lines.mapPartitionsWithIndex(ids_of_partition)
    if kind == ID_NUMBER:
        ids = ids.map(lambda r: (r[0], r[1], r[2], float(r[3])))
    results = ids.zip(records).flatMap(joined_to_id).persist(StorageLevel.MEMORY_AND_DISK)
    try:
        results.count()  # checks every id before anything is written
    except Exception as e:
        raise FeedError(failure_message(e)) from None
    id_type = {ID_INTEGER: T.LongType(), ID_NUMBER: T.DoubleType(), ID_STRING: T.StringType()}[kind]
    df = spark.createDataFrame(results, T.StructType([
        T.StructField("id", id_type, False), T.StructField("width", T.DoubleType(), False),
        T.StructField("height", T.DoubleType(), True), T.StructField("error", T.StringType(), True)]))
    columns = ["id"] + (["width"] if len(o.widths) > 1 else []) + ["height"]
    if o.on_error == "report":
        columns.append("error")
    writer = df.select(*columns).write.mode("overwrite" if o.overwrite else "errorifexists")
    if o.output_format == "parquet":
        writer.parquet(o.output)
    else:
        writer.json(o.output)
    heights = rows * len(o.widths) - errors
    return {
        "rows": rows, "widths": o.widths, "partitions": len(counts), "heights": heights,
        "errors": errors, "input": o.input, "input_format": fmt, "output": o.output,
        "output_format": o.output_format, "seconds": round(time.monotonic() - started, 3),
        "sizing_seconds": round(sizing_seconds, 3), "master": sc.master,
    }


def failure_message(error):
    """The message of the exception a task raised, found in the text Spark carries back.

    A FeedError's own message when a task raised one; else the last Python exception
    line of the traceback; else the first line of the error.
    """
    text = str(error)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    ours = [line.split("FeedError: ", 1)[1] for line in lines if "FeedError: " in line]
    if ours:
        return ours[-1]
    python = [line for line in lines if re.match(r"^[A-Za-z_][\w.]*(Error|Exception): ", line)]
    if python:
        return python[-1]
    return lines[0] if lines else type(error).__name__


def main(argv):
    o = parse_options(argv)
    try:
        check_paths(o)
        input_format(o.input, o.input_format)
    except FeedError as e:
        print(f"size_feed: error: {e}", file=sys.stderr)
        return e.status
    try:
        from pyspark.errors import PySparkException
        from py4j.protocol import Py4JJavaError
    except ImportError:
        print("size_feed: error: pyspark is not installed (pip install pyspark==4.0.1)", file=sys.stderr)
        return 2
    spark = start_spark(o.master, o.log_level)
    try:
        figures = run(spark, o)
    except FeedError as e:
        print(f"size_feed: error: {e}", file=sys.stderr)
        return e.status
    except (Py4JJavaError, PySparkException) as e:
        print(f"size_feed: error: {failure_message(e)}", file=sys.stderr)
        return 1
    finally:
        spark.stop()
    widths = ",".join(f"{w:g}" for w in o.widths)
    print(f"size_feed: {figures['rows']} rows at width {widths} in {figures['partitions']} partitions: "
          f"{figures['heights']} heights, {figures['errors']} errors, {figures['seconds']:.1f} s "
          f"(cellfit {figures['sizing_seconds']:.1f} s) -> {o.output} ({o.output_format})")
    if o.summary:
        with open(o.summary, "w") as f:
            json.dump(figures, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
