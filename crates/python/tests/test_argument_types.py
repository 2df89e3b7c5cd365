"""Arguments of the wrong type raise TypeError, and the right ones in every form Python
gives them are read: a path is ``str``, ``os.PathLike`` or ``bytes``; a glob is one
pattern (``str``) or a sequence of them; a text is ``str`` or bytes-like."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import escriba

BOOK = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"


def folder(tmp_path: Path) -> Path:
    (tmp_path / "book.txt").write_text(BOOK, encoding="utf-8")
    (tmp_path / "notes.md").write_text(BOOK, encoding="utf-8")
    (tmp_path / "other.xyz").write_text(BOOK, encoding="utf-8")
    return tmp_path


def test_a_glob_given_as_one_string_is_one_pattern(tmp_path: Path):
    d = folder(tmp_path)
    one = escriba.transcribe(d, glob="*.md")
    assert sorted(Path(s).name for s in one.games.column("source").to_pylist()) == [
        "book.txt",
        "notes.md",
    ]
    assert one.report["files_skipped"] == 1
    # A single "*" read character by character would match every file: as one pattern it
    # does too, and as a list it is the same.
    assert len(escriba.transcribe(d, glob=["*.md"])) == len(one)
    with pytest.raises(TypeError, match="glob"):
        escriba.transcribe(d, glob=5)
    with pytest.raises(TypeError, match="glob"):
        escriba.transcribe(d, glob=[b"*.md"])


def test_a_path_may_be_str_pathlike_or_bytes(tmp_path: Path):
    d = folder(tmp_path)
    book = d / "book.txt"
    for p in (str(book), book, os.fsencode(book), [os.fsencode(book)]):
        run = escriba.transcribe(p)
        assert len(run) == 1 and run.exit_code == 0, repr(p)


def test_a_text_that_is_not_text_nor_bytes_is_a_type_error():
    for bad in (5, 2.5, None, ["1. e4 *"], object()):
        with pytest.raises(TypeError, match="text"):
            escriba.transcribe_text(bad)
    with pytest.raises(TypeError):
        escriba.transcribe([("name.txt", 5)])
    with pytest.raises(TypeError):
        escriba.transcribe([(5, "1. e4 *")])
    with pytest.raises(TypeError):
        escriba.transcribe(5)
    assert len(escriba.transcribe_text(BOOK.encode("utf-8"))) == 1
    assert len(escriba.transcribe_text(bytearray(BOOK.encode("utf-8")))) == 1
