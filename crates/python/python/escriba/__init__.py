"""escriba: chess games printed in old books, transcribed into PGN and Arrow tables.

The same pipeline as the ``escriba transcribe`` command line, with the same options and
the same results (the PGN is byte for byte the command line's)::

    import escriba
    run = escriba.transcribe(["book.txt"], book=True)
    run.games          # pyarrow.Table, the columns of games.csv, typed
    run.plies          # pyarrow.Table, the columns of plies.csv, typed
    run.report         # dict, what --report writes
    run.pgn            # str, what -o writes
    for game in run:   # each game as a dict, with its plies under "plies"
        ...

A game that stops early is data (``status`` ``partial`` or ``failed``, a ``failed`` ply
row, ``run.exit_code == 1``), never an exception; an unreadable input or a bad option
raises :class:`EscribaError` (or :class:`ValueError` for a bad value) with the message the
command line prints. ``escriba.spark`` runs the transcriber on Spark executors.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

import pyarrow as pa
import pyarrow.ipc

from ._native import EscribaError, __version__
from ._native import transcribe as _transcribe

__all__ = ["EscribaError", "Run", "transcribe", "transcribe_text", "__version__"]

#: One input: a path (file or folder, as on the command line: ``str``, ``bytes`` or
#: ``os.PathLike``), or a ``(name, text)`` pair whose text (``str`` or bytes-like) is read
#: as a file of that name would be.
Item = Union[str, bytes, "os.PathLike[str]", Tuple[str, Union[str, bytes]]]


class Run:
    """The outcome of one run.

    Attributes:
        games: one row per game, the columns of ``games.csv`` in order: ``source``,
            ``game`` (int64, 1-based across the run), ``line`` (int32), ``event``,
            ``site``, ``date``, ``round``, ``white``, ``black``, ``result``
            (dictionary), ``notation`` (dictionary), ``plies``, ``flagged`` (int32),
            ``status`` (dictionary: complete, partial, failed, empty), ``first_issue``,
            ``end_line`` (int32), ``kind`` (dictionary: game, fragment).
        plies: one row per ply (plus a ``failed`` row where a game stopped), the columns
            of ``plies.csv``: ``source``, ``game`` (int64), ``ply``, ``move_number``
            (int32), ``side`` (dictionary), ``input``, ``san``, ``uci``, ``status``
            (dictionary: exact, inferred, repaired, ambiguous, failed, corrected),
            ``cost`` (int64, null on a failed row), ``line``, ``column`` (int32),
            ``note``, ``page``, ``box_x0``, ``box_y0``, ``box_x1``, ``box_y1`` (int64,
            the page and word box of a source read from an OCR file or a page image,
            null for text).
        report: the QA summary that ``--report`` writes, as a dict.
        pgn: the PGN that ``-o`` writes.
        warnings: what the command line would print as ``warning: correction …``.
        exit_code: the command line's exit status (0 every game complete, 1 otherwise).
    """

    games: pa.Table
    plies: pa.Table
    report: Dict[str, Any]
    pgn: str
    warnings: List[str]
    exit_code: int

    def __init__(
        self,
        games: pa.Table,
        plies: pa.Table,
        report: Dict[str, Any],
        pgn: str,
        warnings: List[str],
        exit_code: int,
    ) -> None:
        self.games = games
        self.plies = plies
        self.report = report
        self.pgn = pgn
        self.warnings = warnings
        self.exit_code = exit_code

    def __len__(self) -> int:
        """The number of games."""
        return self.games.num_rows

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        """Each game as a dict of its ``games`` columns, its plies (dicts of the ``plies``
        columns) under ``"plies"``."""
        by_game: Dict[int, List[Dict[str, Any]]] = {}
        for p in self.plies.to_pylist():
            by_game.setdefault(p["game"], []).append(p)
        for g in self.games.to_pylist():
            g["plies"] = by_game.get(g["game"], [])
            yield g

    def __repr__(self) -> str:
        return (
            f"<escriba.Run: {self.games.num_rows} games, {self.plies.num_rows} ply rows, "
            f"exit code {self.exit_code}>"
        )


def _path(p: Any, what: str) -> str:
    """A path given as ``str``, ``bytes`` or ``os.PathLike``, as a ``str``."""
    if isinstance(p, (str, bytes, os.PathLike)):
        return os.fsdecode(os.fspath(p))
    raise TypeError(f"{what} is a str, bytes or os.PathLike path, not {type(p).__name__}")


def _text(text: Any) -> bytes:
    """A text given as ``str`` (written as UTF-8) or bytes-like, as ``bytes``."""
    if isinstance(text, str):
        return text.encode("utf-8")
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError(f"a text is a str or bytes, not {type(text).__name__}")


def _items(paths_or_texts: Union[Item, Iterable[Item]]) -> List[Tuple[str, Optional[bytes]]]:
    if isinstance(paths_or_texts, (str, bytes, os.PathLike, tuple)):
        paths_or_texts = [paths_or_texts]  # type: ignore[list-item]
    elif not isinstance(paths_or_texts, Iterable):
        raise TypeError(
            "the inputs are a path, a (name, text) pair, or a list of them, not "
            f"{type(paths_or_texts).__name__}"
        )
    out: List[Tuple[str, Optional[bytes]]] = []
    for x in paths_or_texts:
        if isinstance(x, tuple):
            if len(x) != 2:
                raise TypeError("a text is given as a (name, text) pair")
            name, text = x
            out.append((_path(name, "a text's name"), _text(text)))
        elif isinstance(x, (str, bytes, os.PathLike)):
            out.append((_path(x, "an input"), None))
        else:
            raise TypeError(
                f"an input is a path or a (name, text) pair, not {type(x).__name__}"
            )
    return out


def _globs(glob: Union[str, Sequence[str]]) -> List[str]:
    """``glob`` as a list of patterns: one ``str`` is one pattern (not its characters)."""
    if isinstance(glob, str):
        return [glob]
    if isinstance(glob, (bytes, bytearray)) or not isinstance(glob, Iterable):
        raise TypeError(f"glob is a pattern (str) or a sequence of them, not {type(glob).__name__}")
    patterns = list(glob)
    for g in patterns:
        if not isinstance(g, str):
            raise TypeError(f"each glob pattern is a str, not {type(g).__name__}")
    return patterns


def _table(ipc: bytes) -> pa.Table:
    return pa.ipc.open_stream(ipc).read_all()


def transcribe(
    paths_or_texts: Union[Item, Iterable[Item]],
    *,
    notation: str = "auto",
    book: Optional[bool] = None,
    jobs: Optional[int] = None,
    corrections: Union[str, "os.PathLike[str]", None] = None,
    glob: Union[str, Sequence[str]] = (),
    drop_broken: bool = False,
    annotate_flags: bool = False,
    piece_letters: Optional[str] = None,
    figurine: bool = False,
    no_fragments: bool = False,
    shard: Optional[str] = None,
) -> Run:
    """Transcribe games as ``escriba transcribe`` does, and return a :class:`Run`.

    Args:
        paths_or_texts: what to read, in order: a path or a list of them (a file is read
            whatever its name; a folder is walked recursively, sorted by path, hidden
            entries skipped, for its ``.txt`` and ``.pgn`` files except ``*.snap.pgn``
            and ``*.reference.pgn``), and/or ``(name, text)`` pairs, the text a ``str`` or
            ``bytes`` read as a file called ``name`` would be (bytes in any encoding the
            command line reads). A plain ``str`` is always a path: give texts as pairs,
            or use :func:`transcribe_text`.
        notation: ``"auto"`` (pick per game by replay) or a dialect id such as
            ``"en-descriptive"``, ``"es-descriptive"``, ``"de-algebraic"`` (``--notation``).
            A game's own ``[Notation]`` tag wins over ``"auto"``.
        book: ``True`` reads every input as a whole book (``--book``), ``False`` never
            (``--no-book``), ``None`` detects books (the default).
        jobs: worker threads (``--jobs``); ``None`` uses every core. At most 1024.
        corrections: a ``corrections.toml`` to apply (``--corrections``); corrections
            that are not applied are listed in ``Run.warnings``.
        glob: also read the files of input folders whose name matches this pattern, or
            these patterns (``--glob``, e.g. ``"*.md"`` or ``["*.md", "*.tex"]``).
        drop_broken: leave games that stop early out of the PGN (``--drop-broken``); they
            stay in the tables and the report.
        annotate_flags: also write flagged plies' notes into PGN comments
            (``--annotate-flags``).
        piece_letters: SAN piece letters in the order K Q R B N, e.g. ``"RDTAC"``
            (``--piece-letters``): the PGN's SAN only; the tables' ``san`` is English, as
            in the CSV files.
        figurine: SAN with figurines in the PGN (``--figurine``).
        no_fragments: leave a book's fragments out (``--no-fragments``).
        shard: ``"I/N"``: only the games whose index g has (g-1) mod N = I-1
            (``--shard``).

    Returns:
        A :class:`Run`. A game that stops early is in it, as data.

    Raises:
        EscribaError: an input that cannot be read, a bad corrections file, too many
            jobs: the command line's message (what it prints after ``escriba: error:``).
        ValueError: an unknown notation, bad piece letters or shard.
        TypeError: an input that is neither a path (``str``, ``bytes``, ``os.PathLike``)
            nor a ``(name, text)`` pair with a ``str`` or bytes-like text, or a glob that
            is neither a ``str`` nor a sequence of them.

    The GIL is released while the games are transcribed, so other threads run meanwhile.
    """
    pgn, games, plies, report, warnings, code = _transcribe(
        _items(paths_or_texts),
        notation=notation,
        book=book,
        jobs=jobs,
        corrections=None if corrections is None else _path(corrections, "corrections"),
        glob=_globs(glob),
        drop_broken=drop_broken,
        annotate_flags=annotate_flags,
        piece_letters=piece_letters,
        figurine=figurine,
        no_fragments=no_fragments,
        shard=shard,
    )
    return Run(_table(games), _table(plies), json.loads(report), pgn, list(warnings), code)


def transcribe_text(text: Union[str, bytes], *, name: str = "-", **options: Any) -> Run:
    """Transcribe one text (``str``, or bytes in any encoding the command line reads),
    named ``name`` in the outputs (``"-"``, as the command line names stdin, by default),
    with the options of :func:`transcribe`. Raises ``TypeError`` for a text of another
    type."""
    return transcribe([(name, _text(text))], **options)
