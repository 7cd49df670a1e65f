"""Exports: CSV equals the table and is safe in spreadsheets, images open, views round-trip,
and every generated Python snippet prints the core's numbers when run."""

from __future__ import annotations

import contextlib
import csv
import io
import math
import re
import subprocess
import sys
from decimal import Context, Decimal, localcontext
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from ndcg_core import PRESETS, Convention, evaluate, parse_grades
from ndcg_core.pictures.charts import chart_spec
from ndcg_core.pictures.export import (
    chart_image,
    python_snippet,
    spreadsheet_safe,
    table_csv,
)
from tests.core.strategies import conventions as any_convention

grade_lists = st.lists(st.integers(0, 4).map(float), min_size=1, max_size=12)
conventions = any_convention()


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


# --------------------------------------------------------------------------- CSV


def test_csv_holds_the_table_at_full_precision() -> None:
    evaluation = evaluate([3, 2, 3, 0, 1, 2], Convention(cutoff_k=3))
    rows = _rows(table_csv(evaluation))
    header, body = rows[0], rows[1:]
    assert header[:3] == ["i", "document", "grade"]
    assert header[-1] == "in top 3"
    assert len(body) == 6
    running = header.index("running DCG")
    assert [float(r[running]) for r in body] == evaluation.table["running_dcg"].tolist()
    assert [r[-1] for r in body] == ["yes"] * 3 + ["no"] * 3


@given(
    st.lists(
        st.text(alphabet=st.sampled_from([*"=+-@\t\rab c\"'|!"]), min_size=1, max_size=10),
        min_size=1,
        max_size=5,
        unique=True,
    )
)
def test_no_label_cell_can_start_a_formula(labels) -> None:
    labels = [label.strip() or f"x{i}" for i, label in enumerate(labels)]
    evaluation = evaluate([1.0] * len(labels), labels=labels)
    for row in _rows(table_csv(evaluation))[1:]:
        assert not row[1].startswith(("=", "+", "-", "@", "\t", "\r")), row
        assert row[1] in labels or (row[1][:1] == "'" and row[1][1:] in labels)


def test_spreadsheet_safe_leaves_ordinary_text_alone() -> None:
    assert spreadsheet_safe("doc 1") == "doc 1"
    assert spreadsheet_safe("-1") == "'-1"


def test_csv_of_an_exact_evaluation_keeps_huge_numbers() -> None:
    evaluation = evaluate([1100, 0, 5], Convention(gain="exponential"))
    assert evaluation.exact
    rows = _rows(table_csv(evaluation))
    # The gain 2^1100 - 1 has 332 digits; the CSV keeps the exact arithmetic's 50 of them
    # (a float column would have written inf, or 1.358e+331 with 4).
    with localcontext(Context(prec=50)):
        exact_gain = +(Decimal(2) ** 1100 - 1)
    assert Decimal(rows[1][3]) == exact_gain
    assert Decimal(rows[1][6]) == exact_gain  # running DCG at rank 1


# --------------------------------------------------------------------------- images


def test_chart_png_opens_and_svg_parses() -> None:
    spec = chart_spec(evaluate([3, 2, 3, 0, 1, 2]))
    png = chart_image(spec, "png")
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        assert image.width > 400
        assert image.height > 300
    svg = chart_image(spec, "svg")
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    assert b"running DCG" in svg or b"DCG" in svg


# --------------------------------------------------------------------------- Python snippets

_PRINTED = re.compile(r"DCG = (\S+), ideal DCG = (\S+), nDCG = (\S+)")


def _run(code: str) -> tuple[float, float, float]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<snippet>", "exec"), {})  # noqa: S102 (running it is the test)
    match = _PRINTED.fullmatch(out.getvalue().strip())
    assert match, out.getvalue()
    dcg, ideal_dcg, ndcg = (float(x) for x in match.groups())
    return dcg, ideal_dcg, ndcg


def _close(printed: float, value: object) -> bool:
    expected = float(value)  # type: ignore[arg-type]
    if math.isnan(expected):
        return math.isnan(printed)
    return math.isclose(printed, expected, rel_tol=1e-5, abs_tol=1e-12)


@settings(max_examples=60)
@given(
    st.lists(st.integers(-1, 4).map(float), min_size=1, max_size=12),
    conventions,
    st.lists(st.integers(0, 4).map(float), max_size=3),
)
def test_each_snippet_prints_the_core_numbers(grades, convention, unretrieved) -> None:
    judged = grades + unretrieved if convention.ideal == "judged" else None
    evaluation = evaluate(grades, convention, judged_grades=judged)
    snippet = python_snippet(evaluation, unretrieved)
    dcg, ideal_dcg, ndcg = _run(snippet.code)
    assert _close(dcg, evaluation.dcg)
    assert _close(ideal_dcg, evaluation.ideal_dcg)
    assert _close(ndcg, evaluation.ndcg)
    assert (snippet.library == "scikit-learn") == (snippet.why_not_sklearn == "")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_gets_a_snippet_that_reproduces_it(preset) -> None:
    grades = parse_grades("3, 2, 3, 0, 1, 2").grades
    convention = PRESETS[preset].convention
    judged = (*grades, 3.0) if convention.ideal == "judged" else None
    evaluation = evaluate(grades, convention, judged_grades=judged)
    snippet = python_snippet(evaluation, (3.0,) if judged else ())
    dcg, ideal_dcg, ndcg = _run(snippet.code)
    assert _close(ndcg, evaluation.ndcg)
    assert _close(dcg, evaluation.dcg)
    assert _close(ideal_dcg, evaluation.ideal_dcg)


def test_scikit_learn_is_used_where_it_can_be_and_not_where_it_cannot() -> None:
    assert python_snippet(evaluate([3, 2, 0])).library == "scikit-learn"
    jk = python_snippet(evaluate([3, 2, 0], Convention(discount="jk")))
    assert jk.library == "ndcg_core"
    assert "Järvelin" in jk.why_not_sklearn
    negative = python_snippet(evaluate([3, -1, 0]))
    assert negative.library == "ndcg_core"
    assert "negative" in negative.why_not_sklearn


@pytest.mark.slow  # starts an interpreter that imports scikit-learn
def test_a_snippet_runs_alone_in_a_fresh_interpreter() -> None:
    evaluation = evaluate([3, 2, 3, 0, 1, 2], Convention(gain="exponential", cutoff_k=5))
    code = python_snippet(evaluation).code
    printed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    match = _PRINTED.fullmatch(printed.strip())
    assert match
    assert _close(float(match.group(3)), evaluation.ndcg)
