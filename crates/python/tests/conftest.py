"""Shared helpers of the escriba Python tests.

What a test needs from outside (``../shared`` beside the repository, the ``escriba``
binary, Java for Spark) makes it fail when ``CI=true`` and it is missing, and skip with a
notice otherwise.
"""

from __future__ import annotations

import csv

import os
import shutil
import subprocess
from pathlib import Path
from typing import List, Optional

import pytest

REPO = Path(__file__).resolve().parents[3]
IN_CI = os.environ.get("CI") == "true"


def need(what: str, ok: bool) -> None:
    """Fails under CI, skips elsewhere, when ``what`` is missing."""
    if ok:
        return
    if IN_CI:
        pytest.fail(f"{what} is missing, and CI=true")
    pytest.skip(f"notice: {what} is missing; skipping")


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs from the repository root, as the command line's tests do, so that
    source names are the same relative paths."""
    monkeypatch.chdir(REPO)


def shared_books() -> List[str]:
    """The shared books, as paths relative to the repository root."""
    books = REPO.parent / "shared" / "corpus" / "books"
    need(str(books), books.is_dir())
    found = sorted(p.name for p in books.glob("*.txt"))
    need(f"books in {books}", bool(found))
    return [f"../shared/corpus/books/{name}" for name in found]


def escriba_bin() -> str:
    """The command line to compare with: $ESCRIBA_BIN, or the one cargo built."""
    env = os.environ.get("ESCRIBA_BIN")
    if env:
        return env
    for profile in ("release", "debug"):
        p = REPO / "target" / profile / "escriba"
        if p.is_file():
            return str(p)
    found = shutil.which("escriba")
    need("the escriba binary (set ESCRIBA_BIN, or cargo build -p escriba)", found is not None)
    return str(found)


def cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs the command line from the repository root."""
    out = subprocess.run(
        [escriba_bin(), *args], cwd=REPO, capture_output=True, text=True, check=False
    )
    if check and out.returncode not in (0, 1):
        raise AssertionError(f"escriba {' '.join(args)}: exit {out.returncode}: {out.stderr}")
    return out


def csv_rows(path: Path) -> List[List[str]]:
    """A CSV file's rows, header first."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def table_rows(table) -> List[List[str]]:
    """A table's rows as the CSV writes them (null as an empty field), header first."""
    cols = [table.column(i).to_pylist() for i in range(table.num_columns)]
    rows = [list(table.column_names)]
    for i in range(table.num_rows):
        rows.append(["" if c[i] is None else str(c[i]) for c in cols])
    return rows


def first_difference(a: List[List[str]], b: List[List[str]]) -> Optional[str]:
    """Where two row lists first differ, for a readable assertion."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"row {i}: {x} != {y}"
    if len(a) != len(b):
        return f"{len(a)} rows != {len(b)} rows"
    return None


