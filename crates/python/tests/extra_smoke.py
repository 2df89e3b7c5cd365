"""What an extra of the wheel must run with nothing else installed: CI installs
``escriba-….whl[EXTRA]`` alone in a fresh venv and runs ``python extra_smoke.py EXTRA``
(``base`` for the wheel without extras), so that a dependency another extra happens to
bring cannot hide one this extra lacks.

Not a pytest module (its name does not start with ``test_``): it needs a venv of its own.
"""

from __future__ import annotations

import os
import sys

BOOK = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"


def base() -> None:
    import escriba

    run = escriba.transcribe_text(BOOK)
    assert run.exit_code == 0 and len(run) == 1, run


def spark() -> None:
    from pyspark.sql import SparkSession

    import escriba.spark

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    s = (
        SparkSession.builder.master("local[1]")
        .appName("escriba-extra-smoke")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    try:
        df = s.createDataFrame([(BOOK.encode("utf-8"), "book.txt")], "text binary, path string")
        games, plies = escriba.spark.transcribe(df)
        assert games.count() == 1, games.collect()
        assert plies.count() == 4, plies.collect()
    finally:
        s.stop()


if __name__ == "__main__":
    {"base": base, "spark": spark}[sys.argv[1]]()
    print(f"extra {sys.argv[1]}: ok")
