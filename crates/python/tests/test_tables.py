"""`--sqlite` and `--parquet`: the same games and plies as the CSV files, loaded by
sqlite3, DuckDB, polars and pyarrow; and the research queries of docs/outputs.md."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from conftest import IN_CI, cli, csv_rows, first_difference, shared_books, table_rows


def _mod(name: str):
    if IN_CI:
        return __import__(name)
    return pytest.importorskip(name)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("tables")
    inputs = ["corpus", *shared_books()]
    cli("transcribe", "-q", *inputs, "-o", str(d / "all.pgn"),
        "--games-csv", str(d / "games.csv"), "--plies-csv", str(d / "plies.csv"),
        "--sqlite", str(d / "run.sqlite"), "--parquet", str(d / "pq"))
    return d


def test_parquet_holds_the_csv_rows(outputs: Path):
    for name in ("games", "plies"):
        table = pq.read_table(outputs / "pq" / f"{name}.parquet")
        diff = first_difference(table_rows(table), csv_rows(outputs / f"{name}.csv"))
        assert diff is None, f"{name}.parquet: {diff}"


def test_sqlite_holds_the_csv_rows(outputs: Path):
    db = sqlite3.connect(outputs / "run.sqlite")
    for name in ("games", "plies"):
        rows = csv_rows(outputs / f"{name}.csv")
        cols = ", ".join(f'"{c}"' for c in rows[0])
        order = "game" if name == "games" else "game, ply"
        got = [[("" if v is None else str(v)) for v in r]
               for r in db.execute(f"SELECT {cols} FROM {name} ORDER BY {order}")]
        diff = first_difference([rows[0], *got], rows)
        assert diff is None, f"{name} table: {diff}"
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_duckdb_reads_both(outputs: Path):
    duckdb = _mod("duckdb")
    con = duckdb.connect()
    n = con.execute(f"SELECT count(*) FROM '{outputs}/pq/plies.parquet'").fetchone()[0]
    assert n == len(csv_rows(outputs / "plies.csv")) - 1
    by_status = dict(con.execute(
        f"SELECT status, count(*) FROM '{outputs}/pq/plies.parquet' GROUP BY status").fetchall())
    db = sqlite3.connect(outputs / "run.sqlite")
    assert by_status == dict(db.execute("SELECT status, count(*) FROM plies GROUP BY status"))


def test_polars_reads_parquet_with_types(outputs: Path):
    pl = _mod("polars")
    games = pl.read_parquet(outputs / "pq" / "games.parquet")
    assert games.schema["game"] == pl.Int64 and games.schema["status"] == pl.Categorical
    assert games.height == len(csv_rows(outputs / "games.csv")) - 1


def test_pandas_reads_parquet_with_categories(outputs: Path):
    pd = _mod("pandas")
    plies = pd.read_parquet(outputs / "pq" / "plies.parquet")
    assert isinstance(plies["status"].dtype, pd.CategoricalDtype)
    assert len(plies) == len(csv_rows(outputs / "plies.csv")) - 1
    assert plies["cost"].isna().sum() == sum(
        1 for r in csv_rows(outputs / "plies.csv")[1:] if r[9] == "")


def test_the_readmes_queries_answer_the_same(outputs: Path):
    # docs/outputs.md, "Research queries": every game in which a move was repaired, with its line.
    db = sqlite3.connect(outputs / "run.sqlite")
    sql = """
SELECT g.source, g.game, g.white, g.black, p.ply, p.input, p.san, p.line, p."column"
FROM plies p JOIN games g USING (game)
WHERE p.status = 'repaired'
ORDER BY g.game, p.ply;
"""
    repaired = db.execute(sql).fetchall()
    assert repaired, "the corpus has repaired plies"
    expected = [r for r in csv_rows(outputs / "plies.csv")[1:] if r[8] == "repaired"]
    assert [(r[1], r[4]) for r in repaired] == [(int(e[1]), int(e[2])) for e in expected]
    pl = _mod("polars")
    plies = str(outputs / "pq" / "plies.parquet")
    games = str(outputs / "pq" / "games.parquet")
    # The polars line of docs/outputs.md.
    df = (pl.scan_parquet(plies).filter(pl.col("status") == "repaired")
          .join(pl.scan_parquet(games).select("game", "white", "black"), on="game")
          .select("source", "game", "white", "black", "ply", "input", "san", "line")
          .collect())
    assert df.height == len(repaired)
    duckdb = _mod("duckdb")
    n = duckdb.sql(f"SELECT count(DISTINCT game) FROM '{plies}' WHERE status = 'repaired'"
                   ).fetchall()[0][0]
    assert n == len({r[1] for r in repaired})
    # Positions: the FEN after each ply can be searched.
    fen = db.execute("SELECT fen FROM plies WHERE san = 'e4' AND ply = 1 LIMIT 1").fetchone()[0]
    assert fen.startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq")


def test_a_second_run_replaces_the_database_whole(tmp_path: Path):
    db = tmp_path / "run.sqlite"
    cli("transcribe", "-q", "corpus", "-o", str(tmp_path / "a.pgn"), "--sqlite", str(db))
    first = sqlite3.connect(db).execute("SELECT count(*) FROM games").fetchone()[0]
    one = "corpus/es-descriptive/borrell-1975/capablanca-nn-1918.txt"
    cli("transcribe", "-q", one, "-o", str(tmp_path / "a.pgn"), "--sqlite", str(db))
    con = sqlite3.connect(db)
    assert first > 1
    assert con.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    assert con.execute("SELECT path FROM sources").fetchall() == [(one,)]
