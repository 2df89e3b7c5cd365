"""escriba on Spark: one task per batch of books, the transcriber inside ``mapInArrow``.

::

    from pyspark.sql import SparkSession
    import escriba.spark

    spark = SparkSession.builder.master("local[2]").getOrCreate()
    books = escriba.spark.read_texts(spark, "books/")        # path, text (bytes)
    games, plies = escriba.spark.transcribe(books, book=True)
    games.write.parquet("out/games")
    plies.write.parquet("out/plies")

Each row of the input DataFrame is one text (a book, an article, a PGN file) with its
path. Each is transcribed on an executor with the options of :func:`escriba.transcribe`,
alone, as ``escriba transcribe PATH`` would: so ``game`` is the game's index within its
source (1-based), and the games and plies of a source are those of the command line run
on that file. Executors need the ``escriba`` package installed (the same wheel).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, List, Tuple

import pyarrow as pa
import pyarrow.compute as pc

import escriba

if TYPE_CHECKING:  # pragma: no cover
    from pyspark.sql import DataFrame, SparkSession

__all__ = ["read_texts", "transcribe", "games_schema", "plies_schema"]


def _plain(schema: pa.Schema) -> pa.Schema:
    """The schema with dictionary columns as plain strings (what Spark takes)."""
    return pa.schema(
        [
            pa.field(f.name, pa.string() if pa.types.is_dictionary(f.type) else f.type, f.nullable)
            for f in schema
        ]
    )


def _schemas() -> Tuple[pa.Schema, pa.Schema]:
    empty = escriba.transcribe([])
    return _plain(empty.games.schema), _plain(empty.plies.schema)


def _spark_type(t: pa.DataType) -> Any:
    from pyspark.sql import types as T

    if pa.types.is_int32(t):
        return T.IntegerType()
    if pa.types.is_int64(t):
        return T.LongType()
    if pa.types.is_string(t):
        return T.StringType()
    raise TypeError(f"no Spark type for {t}")  # pragma: no cover


def _struct(schema: pa.Schema) -> Any:
    from pyspark.sql import types as T

    return T.StructType(
        [T.StructField(f.name, _spark_type(f.type), f.nullable) for f in schema]
    )


def games_schema() -> Any:
    """The Spark schema of the games DataFrame (the ``games.csv`` columns, typed)."""
    return _struct(_schemas()[0])


def plies_schema() -> Any:
    """The Spark schema of the plies DataFrame (the ``plies.csv`` columns, typed)."""
    return _struct(_schemas()[1])


def read_texts(spark: "SparkSession", path: str, glob: str = "*.txt") -> "DataFrame":
    """Every file under ``path`` (recursively) whose name matches ``glob``, as a DataFrame
    of ``path`` (string) and ``text`` (binary: escriba decodes it as it decodes a file)."""
    df = (
        spark.read.format("binaryFile")
        .option("pathGlobFilter", glob)
        .option("recursiveFileLookup", "true")
        .load(path)
    )
    return df.selectExpr("path", "content AS text")


def _nested_schema(games: pa.Schema, plies: pa.Schema) -> pa.Schema:
    return pa.schema(
        [
            pa.field("game", pa.struct(list(games)), False),
            pa.field("plies", pa.list_(pa.field("item", pa.struct(list(plies)), False)), False),
        ]
    )


def _transcribe_batches(
    batches: Iterator[pa.RecordBatch], text_col: str, path_col: str, options: dict
) -> Iterator[pa.RecordBatch]:
    games_schema, plies_schema = _schemas()
    out_schema = _nested_schema(games_schema, plies_schema)
    for batch in batches:
        texts = batch.column(text_col).to_pylist()
        paths = batch.column(path_col).to_pylist()
        game_tables: List[pa.Table] = []
        ply_tables: List[pa.Table] = []
        counts: List[int] = []
        for path, text in zip(paths, texts):
            if text is None:
                continue
            run = escriba.transcribe([(str(path), text)], jobs=1, **options)
            games = run.games.cast(games_schema)
            plies = run.plies.cast(plies_schema)
            vc = pc.value_counts(plies.column("game")) if plies.num_rows else None
            per_game = (
                dict(zip(vc.field("values").to_pylist(), vc.field("counts").to_pylist()))
                if vc is not None
                else {}
            )
            counts.extend(per_game.get(g, 0) for g in games.column("game").to_pylist())
            game_tables.append(games)
            ply_tables.append(plies)
        if not counts:
            continue
        games = pa.concat_tables(game_tables).combine_chunks()
        plies = pa.concat_tables(ply_tables).combine_chunks()
        offsets = [0]
        for c in counts:
            offsets.append(offsets[-1] + c)
        game_struct = pa.StructArray.from_arrays(
            [games.column(i).chunk(0) if games.num_rows else pa.array([], f.type)
             for i, f in enumerate(games_schema)],
            fields=list(games_schema),
        )
        ply_struct = pa.StructArray.from_arrays(
            [plies.column(i).chunk(0) if plies.num_rows else pa.array([], f.type)
             for i, f in enumerate(plies_schema)],
            fields=list(plies_schema),
        )
        nested = pa.ListArray.from_arrays(
            pa.array(offsets, pa.int32()), ply_struct,
            type=out_schema.field("plies").type,
        )
        yield pa.RecordBatch.from_arrays([game_struct, nested], schema=out_schema)


def transcribe(
    df: "DataFrame",
    text_col: str = "text",
    path_col: str = "path",
    persist: bool = True,
    **options: Any,
) -> Tuple["DataFrame", "DataFrame"]:
    """Transcribe every text of ``df`` on the executors; return ``(games, plies)``.

    Args:
        df: one row per text: ``text_col`` (string or binary) and ``path_col`` (the name
            the outputs give the source).
        text_col, path_col: the columns to read.
        persist: keep the transcriptions (one nested row per game) in memory and on disk,
            so that using both DataFrames transcribes each text once.
        **options: the options of :func:`escriba.transcribe` (``notation``, ``book``,
            ``corrections``, ``drop_broken``, ``no_fragments``, …); ``jobs`` is 1 per
            task: Spark runs one task per core.

    Returns:
        ``games`` and ``plies``: the columns of ``games.csv`` and ``plies.csv`` with their
        types (statuses and other categories as strings); ``game`` is the game's index
        within its source.
    """
    from pyspark import StorageLevel
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    if "jobs" in options:
        raise TypeError("jobs is set by Spark: one task per core")
    games_schema, plies_schema = _schemas()
    schema = T.StructType(
        [
            T.StructField("game", _struct(games_schema), False),
            T.StructField("plies", T.ArrayType(_struct(plies_schema), False), False),
        ]
    )
    opts = dict(options)

    def run(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        return _transcribe_batches(batches, text_col, path_col, opts)

    nested = df.select(text_col, path_col).mapInArrow(run, schema)
    if persist:
        nested = nested.persist(StorageLevel.MEMORY_AND_DISK)
    games = nested.select("game.*")
    plies = nested.select(F.explode("plies").alias("p")).select("p.*")
    return games, plies
