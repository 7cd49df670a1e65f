"""What leaves the app: the table and a run's scores as CSV, charts as images, and Python
code (a saved view, the JSON file, is :mod:`ndcg_core.links.view_files`).

Every export is built from an :class:`~ndcg_core.metric.metrics.Evaluation`, so a downloaded
file holds the same numbers as the page.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, SupportsFloat, cast

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.metric.choices import Discount, Gain, IdealSource, ZeroIdeal
from ndcg_core.metric.measures import MEASURES
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.runs.scoring import RunScores
from ndcg_core.text.quoting import FORMULA_STARTS, short_number

# --------------------------------------------------------------------------- CSV


def spreadsheet_safe(text: str) -> str:
    """Text that a spreadsheet shows as text: a leading ``= + - @`` (or tab, CR) gets a ``'``.

    >>> spreadsheet_safe("=HYPERLINK(1)"), spreadsheet_safe("D1")
    ("'=HYPERLINK(1)", 'D1')
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(columns: Mapping[str, Sequence[object] | np.ndarray]) -> str:
    """Columns (header -> values) as CSV: the one writer every CSV download goes through.

    Text cells are made :func:`spreadsheet_safe` (ids, labels and titles are the user's
    text). Numbers are written as numbers, the shortest text that reads back as the same
    float; NaN and ``None`` as empty cells; ``True``/``False`` as yes/no. A NumPy column of
    numbers is formatted by Arrow in one pass, not cell by cell: a run may have a million
    queries (``benchmarks/csv_download.py``).

    >>> qids = np.array(["=cmd|' /C calc'!A0", "-2"], dtype=object)
    >>> print(csv_text({"qid": qids, "nDCG": np.array([0.5, np.nan])}), end="")
    qid,nDCG
    '=cmd|' /C calc'!A0,0.5
    '-2,
    """
    cells = [[_csv_value(name), *_column_cells(values)] for name, values in columns.items()]
    return "".join(",".join(row) + "\n" for row in zip(*cells, strict=True))


def _column_cells(values: Sequence[object] | np.ndarray) -> list[str]:
    if isinstance(values, np.ndarray):
        if values.dtype.kind in "iuf":
            written = pc.cast(pa.array(values, from_pandas=True), pa.string())  # NaN: null
            return cast("list[str]", written.fill_null("").to_pylist())
        values = values.tolist()  # NumPy scalars to Python's (a numpy.bool_ is no bool)
    return [_csv_value(value) for value in values]


def table_csv(evaluation: Evaluation, titles: Mapping[str, str] | None = None) -> str:
    """The whole per-position table as CSV, full precision, headers as the page names them.

    Labels (and titles, a column after the label when ``titles`` names any document's) are
    written by :func:`csv_text`. Positions past the shown list (a longer judged ideal) have
    an empty label.

    >>> from ndcg_core import evaluate
    >>> print(table_csv(evaluate([3, 2], labels=["=1+1", "b"])).splitlines()[1])
    1,'=1+1,3,3,1,3,3,3,3,3,1
    >>> table_csv(evaluate([3, 2]), {"D2": "@A1"}).splitlines()[2].split(",")[:4]
    ['2', 'D2', "'@A1", '2']
    """
    table = evaluation.table
    labels = table["label"].tolist()
    named = dict(titles or {})
    titled = any(label in named for label in labels)
    columns: dict[str, Sequence[object] | np.ndarray] = {}
    for column, name in _csv_columns(evaluation).items():
        columns[name] = table[column].to_numpy()
        if column == "label" and titled:
            columns["title"] = [named.get(label, "") for label in labels]
    return csv_text(columns)


def per_query_csv(scores: RunScores) -> str:
    """A run's scores, one line per query, full precision, ids made :func:`spreadsheet_safe`.

    >>> scores = RunScores(np.array(["@q1"], dtype=object), np.array([1.5]), np.array([2.0]),
    ...     np.array([0.75]), np.array([10]), np.array([3]), 0, True, 0)
    >>> print(per_query_csv(scores), end="")
    qid,DCG,ideal DCG,nDCG,retrieved,relevant
    '@q1,1.5,2,0.75,10,3
    """
    return csv_text(
        {
            "qid": scores.qids,
            "DCG": scores.dcg,
            "ideal DCG": scores.ideal_dcg,
            MEASURES["nDCG"].label(None): scores.ndcg,
            "retrieved": scores.retrieved,
            "relevant": scores.relevant,
        }
    )


def _csv_columns(evaluation: Evaluation) -> dict[str, str]:
    from ndcg_core.pictures.tables import column_names

    names = column_names(evaluation)
    if evaluation.convention.cutoff_k is not None:
        names["counted"] = f"in top {evaluation.convention.cutoff_k}"
    return names


def _csv_value(value: object) -> str:
    if isinstance(value, str):
        return _csv_cell(spreadsheet_safe(value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return format(value, "g")
    if not isinstance(value, SupportsFloat):  # anything else is written as its text
        return _csv_cell(spreadsheet_safe(str(value)))
    number = float(value)
    if math.isnan(number):
        return ""
    return repr(int(number)) if number.is_integer() and abs(number) < 1e15 else repr(number)


def _csv_cell(text: str) -> str:
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


# --------------------------------------------------------------------------- chart images


def chart_image(spec: Mapping[str, Any], image_format: Literal["png", "svg"]) -> bytes:
    """A Vega-Lite spec drawn offline (vl-convert) as PNG (2x scale) or SVG, on white."""
    import vl_convert

    drawn = {**spec, "background": "white"}
    if image_format == "png":
        return bytes(vl_convert.vegalite_to_png(drawn, scale=2))
    return str(vl_convert.vegalite_to_svg(drawn)).encode("utf-8")


# --------------------------------------------------------------------------- Python code


@dataclass(frozen=True)
class Snippet:
    """Code that recomputes a view's numbers, and which library it uses."""

    code: str
    library: Literal["scikit-learn", "ndcg_core"]
    why_not_sklearn: str = ""


def sklearn_limitation(evaluation: Evaluation, unretrieved: Sequence[float] = ()) -> str:
    """Why scikit-learn's ``ndcg_score`` cannot give this view's numbers ('' when it can)."""
    convention = evaluation.convention
    if convention.discount is not Discount.LOG:
        return "its discount is always log(i+1), never Järvelin and Kekäläinen's log_b(i)"
    if convention.ideal is IdealSource.JUDGED and unretrieved:
        return "it builds the ideal from the ranked list alone, not from all judged documents"
    if any(g < 0 for g in evaluation.grades):
        return "it refuses negative grades"
    if len(evaluation.grades) < 2:
        return "it refuses a list of one document"
    if evaluation.exact:
        return "these gains overflow its 64-bit floats"
    if convention.zero_ideal is not ZeroIdeal.ZERO and evaluation.ideal_dcg == 0:
        return "it scores a list with no relevant document 0"
    return ""


def python_snippet(evaluation: Evaluation, unretrieved: Sequence[float] = ()) -> Snippet:
    """Code that prints this view's DCG, ideal DCG and nDCG: scikit-learn where it can.

    >>> from ndcg_core import evaluate
    >>> python_snippet(evaluate([3, 2, 3, 0, 1, 2])).library
    'scikit-learn'
    """
    reason = sklearn_limitation(evaluation, unretrieved)
    if reason:
        return Snippet(_core_code(evaluation, unretrieved), "ndcg_core", reason)
    return Snippet(_sklearn_code(evaluation), "scikit-learn")


def _numbers(values: Sequence[float]) -> str:
    return "[" + ", ".join(short_number(v) for v in values) + "]"


def _sklearn_code(evaluation: Evaluation) -> str:
    convention = evaluation.convention
    k = "" if convention.cutoff_k is None else f", k={convention.cutoff_k}"
    base = short_number(convention.log_base) if convention.log_base != math.e else "np.e"
    if convention.gain is Gain.EXPONENTIAL:
        gains = "gains = 2.0**grades - 1  # exponential gain: scikit-learn takes gains as given"
    else:
        gains = "gains = grades  # linear gain: the grade is the gain"
    return "\n".join(
        [
            "import numpy as np",
            "from sklearn.metrics import dcg_score, ndcg_score",
            "",
            f"grades = np.array([{_numbers(evaluation.grades)}], dtype=float)  # top first",
            gains,
            "# Any strictly decreasing scores rank the documents in the order shown.",
            "scores = np.arange(grades.shape[1], 0, -1)[np.newaxis]",
            "",
            f"dcg = dcg_score(gains, scores{k}, log_base={base})",
            f"ideal_dcg = dcg_score(gains, gains{k}, log_base={base})",
            f"ndcg = ndcg_score(gains, scores{k})  # the log base cancels in nDCG",
            'print(f"DCG = {dcg:.6g}, ideal DCG = {ideal_dcg:.6g}, nDCG = {ndcg:.6g}")',
        ]
    )


def _core_code(evaluation: Evaluation, unretrieved: Sequence[float]) -> str:
    convention = evaluation.convention
    params = convention.to_params()
    judged = ""
    if convention.ideal is IdealSource.JUDGED:
        judged = f", judged_grades=grades + {_numbers(unretrieved)}"
    return "\n".join(
        [
            "from ndcg_core import Convention, evaluate",
            "",
            "# The settings as the app's links write them; Convention() is the textbook form.",
            f"convention = Convention.from_params({params!r})",
            f"grades = {_numbers(evaluation.grades)}  # top first",
            f"result = evaluate(grades, convention{judged})",
            (
                'print(f"DCG = {result.dcg:.6g}, ideal DCG = {result.ideal_dcg:.6g}, '
                'nDCG = {result.ndcg:.6g}")'
            ),
        ]
    )
