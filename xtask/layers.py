"""`cargo xtask bench --layers`, the Python half: plies/s of the Python API (jobs=2) and of
escriba.spark in local[2] mode on the texts named in argv (each a path relative to the
repository root). Prints one JSON object: {"python": {...}, "spark": {...}}."""

import json
import os
import sys
import time

import escriba
import escriba.spark


def main() -> None:
    reps = int(sys.argv[1])
    paths = sys.argv[2:]
    texts = [(p, open(p, "rb").read()) for p in paths]
    out = {}

    best = None
    for _ in range(3):
        t = time.perf_counter()
        run = escriba.transcribe(paths * reps, jobs=2)
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    out["python"] = {"plies": run.report["plies"], "games": len(run), "seconds": best}

    # The executors' Python workers run this interpreter, where escriba is installed.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    t0 = time.perf_counter()
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    startup = time.perf_counter() - t0
    # One row per text, `reps` times over, in as many partitions as rows allow: one task
    # per book, as a real library would run.
    rows = [(text, f"{path}#{k}") for k in range(reps) for path, text in texts]
    df = spark.createDataFrame(rows, "text binary, path string").repartition(8)
    df.cache().count()
    best = None
    for _ in range(2):
        t = time.perf_counter()
        _, plies = escriba.spark.transcribe(df, persist=False)
        # The plies transcribed (a `failed` row is where a game stopped, not a ply).
        n = plies.where("status <> 'failed'").count()
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    out["spark"] = {"plies": n, "seconds": best, "startup": startup}
    spark.stop()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
