"""escriba.spark on pyspark in local[2] mode: the shared books and the corpus give the
games and plies of the command line."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from conftest import IN_CI, REPO, cli, csv_rows, need, shared_books


@pytest.fixture(scope="module")
def spark():
    if not IN_CI:
        pytest.importorskip("pyspark")
    need("java (a JRE for Spark)", shutil.which("java") is not None)
    from pyspark.sql import SparkSession

    # The executors' Python workers must be this interpreter, where escriba is installed.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    s = (
        SparkSession.builder.master("local[2]")
        .appName("escriba-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


def test_spark_gives_the_command_lines_games_and_plies(spark, tmp_path: Path):
    import escriba.spark

    corpus = sorted(str(p.relative_to(REPO)) for p in (REPO / "corpus").rglob("*.txt"))
    sources = [*shared_books(), *corpus]
    df = spark.createDataFrame(
        [((REPO / s).read_bytes(), s) for s in sources], "text binary, path string"
    ).repartition(2)
    games, plies = escriba.spark.transcribe(df)
    out = tmp_path / "dataset"
    games.write.parquet(str(out / "games"))
    plies.write.parquet(str(out / "plies"))
    got_games = spark.read.parquet(str(out / "games")).collect()
    got_plies = spark.read.parquet(str(out / "plies")).collect()

    # Spark numbers the games within each source: the command line run on that file alone.
    want_games, want_plies = [], []
    for k, src in enumerate(sources):
        g, p = tmp_path / f"g{k}.csv", tmp_path / f"p{k}.csv"
        cli("transcribe", "-q", src, "-o", str(tmp_path / "x.pgn"),
            "--games-csv", str(g), "--plies-csv", str(p))
        g_rows, p_rows = csv_rows(g), csv_rows(p)
        want_games += g_rows[1:]
        want_plies += p_rows[1:]
    want_games.sort()
    want_plies.sort()

    def cells(row, names):
        return [("" if row[n] is None else str(row[n])) for n in names]

    have_games = sorted(cells(r, g_rows[0]) for r in got_games)
    have_plies = sorted(cells(r, p_rows[0]) for r in got_plies)
    assert len(have_games) == len(want_games) > 100
    assert have_games == want_games
    assert len(have_plies) == len(want_plies) > 5000
    assert have_plies == want_plies


def test_a_folder_of_books_becomes_one_dataset(spark, tmp_path: Path):
    import escriba.spark

    books = shared_books()
    folder = REPO / Path(books[0]).parent
    df = escriba.spark.read_texts(spark, str(folder))
    games, plies = escriba.spark.transcribe(df, book=True)
    assert sorted(games.columns) == sorted(escriba.spark.games_schema().fieldNames())
    counts = {r["source"].rsplit("/", 1)[-1]: r["count"]
              for r in games.groupBy("source").count().collect()}
    for b in books:
        run = escriba.transcribe(b, book=True)
        assert counts[Path(b).name] == len(run)
    assert plies.where("status = 'failed'").count() == sum(
        escriba.transcribe(b, book=True).report["failed"] for b in books)


def test_spark_reads_the_command_lines_parquet(spark, tmp_path: Path):
    pq = tmp_path / "pq"
    cli("transcribe", "-q", "corpus", "-o", str(tmp_path / "a.pgn"),
        "--plies-csv", str(tmp_path / "p.csv"), "--parquet", str(pq))
    plies = spark.read.parquet(str(pq / "plies.parquet"))
    assert plies.count() == len(csv_rows(tmp_path / "p.csv")) - 1
    types = dict(plies.dtypes)
    assert (types["game"], types["ply"], types["status"]) == ("bigint", "int", "string")
    exact = plies.where("status = 'exact'").count()
    assert exact == sum(1 for r in csv_rows(tmp_path / "p.csv")[1:] if r[8] == "exact")
