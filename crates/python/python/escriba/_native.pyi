"""Type stubs of the native module (Rust, PyO3): see :mod:`escriba` for the public API."""

from typing import List, Optional, Tuple

__version__: str

class EscribaError(Exception):
    """A run that could not be done: a usage or I/O error, with the message the command
    line prints after ``escriba: error:``."""

def transcribe(
    items: List[Tuple[str, Optional[bytes]]],
    *,
    notation: str = "auto",
    book: Optional[bool] = None,
    jobs: Optional[int] = None,
    corrections: Optional[str] = None,
    glob: List[str] = ...,
    drop_broken: bool = False,
    annotate_flags: bool = False,
    piece_letters: Optional[str] = None,
    figurine: bool = False,
    no_fragments: bool = False,
    shard: Optional[str] = None,
) -> Tuple[str, bytes, bytes, str, List[str], int]:
    """Transcribe ``items`` (``(path, None)`` or ``(name, bytes)``); returns ``(pgn,
    games_ipc, plies_ipc, report_json, warnings, exit_code)``, the tables as Arrow IPC
    streams. The GIL is released during the run."""
