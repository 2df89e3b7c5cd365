#!/usr/bin/env python3
"""Checks the real-text sets against their own promises, with python-chess (never escriba):

- every row of each set's `cases.tsv` names a text and a reference that exist;
- the reference game it names replays legal from its start (its FEN tag, if any);
- the plies the row says the text prints do not exceed the reference game's length;
- (corpus/real) every `*.text` has a row, and a section in PROVENANCE.md.

Usage: python3 xtask/real/check_refs.py [SET_DIR ...]   (default: corpus/real)
Needs `pip install chess`. Exits 1 on any problem, listing each.
"""
import io
import pathlib
import sys

import chess
import chess.pgn


def games(path):
    """The games of a PGN file, each as (tags, number of plies, error or None)."""
    out = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    stream = io.StringIO(text)
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            return out
        error = None
        if game.errors:
            error = "; ".join(str(e) for e in game.errors)
        board = game.board()
        plies = 0
        for move in game.mainline_moves():
            if not board.is_legal(move):
                error = f"illegal move {move} at ply {plies + 1}"
                break
            board.push(move)
            plies += 1
        out.append((dict(game.headers), plies, error))


def check_set(root):
    problems = []
    rows = []
    for n, line in enumerate((root / "cases.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if len(f) < 4:
            problems.append(f"cases.tsv:{n}: fewer than 4 columns")
            continue
        rows.append((n, f))
    cache = {}
    for n, f in rows:
        text, ref, index, plies = f[0], f[1], int(f[2]), int(f[3])
        if not (root / text).is_file():
            problems.append(f"cases.tsv:{n}: no text {text}")
        if ref not in cache:
            if not (root / ref).is_file():
                problems.append(f"cases.tsv:{n}: no reference {ref}")
                cache[ref] = []
            else:
                cache[ref] = games(root / ref)
        gs = cache[ref]
        if not 1 <= index <= len(gs):
            problems.append(f"cases.tsv:{n}: {ref} has no game {index}")
            continue
        _, length, error = gs[index - 1]
        if error:
            problems.append(f"cases.tsv:{n}: {ref} game {index}: {error}")
        if plies > length:
            problems.append(f"cases.tsv:{n}: {plies} plies printed, the reference has {length}")
        if plies <= 0:
            problems.append(f"cases.tsv:{n}: no plies printed")
    provenance = root / "PROVENANCE.md"
    if provenance.is_file():
        listed = {f[0] for _, f in rows}
        sections = provenance.read_text(encoding="utf-8")
        for t in sorted(root.rglob("*.text")):
            rel = t.relative_to(root).as_posix()
            if rel not in listed:
                problems.append(f"{rel}: no row in cases.tsv")
            if f"## {rel}\n" not in sections:
                problems.append(f"{rel}: no section in PROVENANCE.md")
    return problems, len(rows)


def main(argv):
    dirs = [pathlib.Path(a) for a in argv] or [pathlib.Path(__file__).resolve().parents[2] / "corpus/real"]
    bad = 0
    for d in dirs:
        problems, n = check_set(d)
        for p in problems:
            print(f"{d}: {p}")
        bad += len(problems)
        print(f"{d}: {n} reference games checked, {len(problems)} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
