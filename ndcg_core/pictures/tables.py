"""The per-position table as people read it: formatted text with named columns."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import pandas as pd

from ndcg_core.metric.choices import Discount, Gain
from ndcg_core.metric.exact_ratio import shown_ndcg_column
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.text.formatting import format_real

# Characters that Markdown (GitHub-flavoured, as Streamlit renders it) gives a meaning to.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~:$&])")


def escape_markdown(text: str) -> str:
    """Backslash-escape text so a Markdown renderer shows it literally, HTML included.

    >>> escape_markdown("<img src=x onerror=alert(1)>")
    '\\\\<img src=x onerror=alert\\\\(1\\\\)\\\\>'
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def column_names(evaluation: Evaluation) -> dict[str, str]:
    """Column headers in the field's vocabulary, with the discount as the convention writes it."""
    convention = evaluation.convention
    divisor = convention.discount_label if convention.discount is Discount.LOG else "discount"
    gain = "gain" if convention.gain is Gain.LINEAR else "gain 2^rel-1"
    return {
        "position": "i",
        "label": "document",
        "grade": "grade",
        "gain": gain,
        "discount": divisor,
        "contribution": f"gain / {divisor}",
        "running_dcg": "running DCG",
        "ideal_grade": "ideal grade",
        "ideal_contribution": "ideal gain / " + divisor,
        "running_ideal_dcg": "running ideal DCG",
        "ndcg_at_i": "nDCG@i",
    }


def display_table(
    evaluation: Evaluation,
    *,
    first: int = 0,
    rows: int | None = None,
    digits: int = 3,
    titles: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """:func:`display_columns` as a frame.

    >>> from ndcg_core import evaluate
    >>> display_table(evaluate([3, 2])).iloc[1].tolist()
    ['2', 'D2', '2', '2', '1.585', '1.262', '4.262', '2', '1.262', '4.262', '1']
    """
    columns = display_columns(evaluation, first=first, rows=rows, digits=digits, titles=titles)
    # One constructor call: adding the columns one by one costs pandas far more.
    return pd.DataFrame(columns, index=range(len(next(iter(columns.values())))))


def display_columns(
    evaluation: Evaluation,
    *,
    first: int = 0,
    rows: int | None = None,
    digits: int = 3,
    titles: Mapping[str, str] | None = None,
) -> dict[str, list[str]]:
    """Rows ``first .. first+rows`` of the table as text columns, labels escaped for
    Markdown (a page hands them to Arrow as they are, without a frame).

    With ``titles`` (label -> title), a title column follows the document's label.

    Positions past the cutoff k are marked "not counted"; positions past the end of the
    shown list (an ideal from judged documents can be longer) show "missing".

    >>> from ndcg_core import evaluate
    >>> display_columns(evaluate([3, 2]), titles={"D1": "Forno *Rosso*"})["title"]
    ['Forno \\\\*Rosso\\\\*', '']
    """
    end = evaluation.rows if rows is None else min(evaluation.rows, first + rows)

    def part(name: str) -> list[Any]:
        return evaluation.column(name, first, end)

    names = column_names(evaluation)
    labels = part("label")
    columns: dict[str, list[str]] = {
        names["position"]: [str(p) for p in part("position")],
        names["label"]: [escape_markdown(label) if label else "—" for label in labels],
    }
    if titles:
        columns["title"] = [escape_markdown(titles.get(label, "")) for label in labels]
    columns[names["grade"]] = [_grade(g) for g in part("grade")]
    for column in (
        "gain",
        "discount",
        "contribution",
        "running_dcg",
        "ideal_grade",
        "ideal_contribution",
        "running_ideal_dcg",
        "ndcg_at_i",
    ):
        values = part(column)
        if column == "ndcg_at_i":  # exact where the float underflowed to 0
            values = shown_ndcg_column(
                part("running_dcg"), part("running_ideal_dcg"), part("ndcg_at_i")
            )
        if column == "ideal_grade":
            columns[names[column]] = [_grade(g) for g in values]
        else:
            columns[names[column]] = [format_real(v, digits) for v in values]
    if evaluation.convention.cutoff_k is not None:
        columns[f"in top {evaluation.convention.cutoff_k}"] = [
            "yes" if c else "no" for c in part("counted")
        ]
    return columns


def _grade(value: float) -> str:
    return "missing" if math.isnan(value) else format_real(value, 3)


def format_frame(frame: pd.DataFrame, digits: int = 3) -> pd.DataFrame:
    """Every float column as text the way the app writes numbers (``format_real``).

    >>> format_frame(pd.DataFrame({"k": [1], "nDCG": [0.96081]}))["nDCG"].tolist()
    ['0.961']
    """
    out = frame.copy()
    for column in out.columns:
        if pd.api.types.is_float_dtype(out[column]):
            out[column] = [format_real(v, digits) for v in out[column]]
    return out
