"""The wheel's extras bring what they need: the ``spark`` extra brings pandas (which
pyspark's ``mapInArrow`` imports) within the versions pyspark supports, and CI tries each
extra alone in a fresh venv (``extra_smoke.py``), where no other extra can hide a lack."""

from __future__ import annotations

import re

import pytest

from conftest import REPO

tomllib = pytest.importorskip("tomllib")


def extras() -> dict:
    with open(REPO / "crates/python/pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["optional-dependencies"]


def test_the_spark_extra_brings_pandas_in_the_versions_pyspark_supports():
    spark = extras()["spark"]
    assert any(r.startswith("pyspark") for r in spark), spark
    pandas = [r for r in spark if re.match(r"pandas\b", r)]
    assert pandas, f"the spark extra does not bring pandas: {spark}"
    # pyspark needs pandas >= 2.2 for mapInArrow, and warns on pandas 3.
    assert ">=2.2" in pandas[0] and "<3" in pandas[0], pandas


def test_ci_tries_each_extra_alone_in_a_fresh_venv():
    ci = (REPO / ".ci/run").read_text(encoding="utf-8")
    for extra in ["base", *sorted(extras())]:
        if extra == "test":
            continue
        assert f"extra_smoke.py {extra}" in ci or re.search(
            r"for extra in [^;\n]*\b" + extra + r"\b", ci
        ), f"CI does not try the {extra} extra alone"
