"""The numbers a chart of an :class:`~ndcg_core.metric.metrics.Evaluation` draws: long-form rows
for this ranking and the ideal, as frames (for exports and tests) or straight to Arrow (what
a browser receives), the positions a long list plots, and the layout they imply.
"""

from __future__ import annotations

from decimal import Decimal
from types import MappingProxyType
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from ndcg_core.metric.exact_ratio import shown_ratio
from ndcg_core.metric.kernel import best_first
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.metric.rules import ideal_pool, used_grades
from ndcg_core.text.formatting import format_real, vega_format_expr

POSITIONS = "positions"
CUTOFF = "cutoff"
SERIES_THIS = "this ranking"
SERIES_IDEAL = "ideal ranking"


def chart_frame(evaluation: Evaluation) -> tuple[pd.DataFrame, str]:
    """Long-form floats for plotting, and the unit of the DCG axes; tooltip texts where
    the floats cannot give them (:data:`EXACT_TEXTS`).

    When the DCG values are too large to draw (they needed exact arithmetic, or they are
    floats beyond :data:`DRAWABLE_MAGNITUDE`), they are plotted as fractions of the ideal
    DCG's size instead (the unit says so).

    >>> from ndcg_core import evaluate
    >>> frame, unit = chart_frame(evaluate([3, 2]))
    >>> frame.columns.tolist()[:7]
    ['position', 'label', 'series', 'grade', 'contribution', 'running_dcg', 'ndcg_at_i']
    >>> unit
    'DCG'
    """
    table = evaluation.table
    scale = _plot_scale(evaluation)
    unit = chart_unit(evaluation)

    def as_float(values: pd.Series) -> list[float]:
        if scale is None:
            return [float(v) for v in values]
        return [float(Decimal(v) / scale) for v in values]

    this = pd.DataFrame(
        {
            "position": table["position"],
            "label": table["label"],
            "series": SERIES_THIS,
            "grade": table["grade"],
            "contribution": as_float(table["contribution"]),
            "running_dcg": as_float(table["running_dcg"]),
            "ndcg_at_i": table["ndcg_at_i"],
            **_exact_texts(evaluation, SERIES_THIS),
        }
    )
    ideal = pd.DataFrame(
        {
            "position": table["position"],
            "label": ideal_labels(evaluation),
            "series": SERIES_IDEAL,
            "grade": table["ideal_grade"],
            "contribution": as_float(table["ideal_contribution"]),
            "running_dcg": as_float(table["running_ideal_dcg"]),
            "ndcg_at_i": table["ndcg_at_i"],
            **_exact_texts(evaluation, SERIES_IDEAL),
        }
    )
    return pd.concat([this, ideal], ignore_index=True), unit


# Tooltip texts written here, by format_real, where the browser could not write them from
# the plotted floats: the DCG sums when they are plotted as fractions of the ideal's size,
# and nDCG where the float division underflowed (3, 1100, 2 at k=1, exponential gain:
# nDCG@1 = 5.2e-331, a float 0). Elsewhere empty, and the chart formats the float by the
# same rule (vega_format_expr); writing every row here would cost each drag milliseconds.
EXACT_TEXTS = MappingProxyType(
    {
        "contribution": "contribution_exact",
        "running_dcg": "running_dcg_exact",
        "ndcg_at_i": "ndcg_exact",
    }
)


def tooltip_text_expr(field: str) -> str:
    """A Vega expression for a tooltip's text of ``field``: the text the data carries where
    the plotted float cannot give it (:data:`EXACT_TEXTS`), else the float by the same rule.

    >>> tooltip_text_expr("ndcg_at_i").startswith("isValid(datum.ndcg_exact) && ")
    True
    """
    exact = f"datum.{EXACT_TEXTS[field]}"
    return f"isValid({exact}) && {exact} != '' ? {exact} : ({vega_format_expr(f'datum.{field}')})"


def _exact_texts(evaluation: Evaluation, series: str) -> dict[str, list[str]]:
    """The :data:`EXACT_TEXTS` columns of one series, a text per position of the table
    (written for the positions the chart draws, :func:`plotted_positions`).

    >>> from ndcg_core import Convention, evaluate
    >>> tiny = evaluate([3, 1100, 2], Convention(gain="exponential", cutoff_k=1))
    >>> _exact_texts(tiny, SERIES_THIS)["ndcg_exact"]
    ['5.154e-331', '0.631', '0.631']
    >>> _exact_texts(tiny, SERIES_IDEAL)["contribution_exact"][0]
    '1.358e+331'
    >>> _exact_texts(evaluate([3, 2]), SERIES_THIS)["ndcg_exact"]
    ['', '']
    """
    table = evaluation.table
    n = len(table)
    texts = {column: [""] * n for column in EXACT_TEXTS.values()}
    ndcg = table["ndcg_at_i"].to_numpy(dtype=np.float64)
    # As shown_ratio decides: a 0 from a non-zero DCG over a positive ideal. Over an ideal that
    # is not positive, nDCG is the empty-ideal rule's value, and the float prints it whole.
    underflowed = (
        (ndcg == 0)
        & (table["running_dcg"].to_numpy(dtype=np.float64) != 0)
        & (table["running_ideal_dcg"].to_numpy(dtype=np.float64) > 0)
    )
    if _plot_scale(evaluation) is None and not underflowed.any():
        return texts
    ideal = series == SERIES_IDEAL
    contribution = table["ideal_contribution" if ideal else "contribution"].to_numpy()
    running = table["running_ideal_dcg" if ideal else "running_dcg"].to_numpy()
    dcg, ideal_dcg = table["running_dcg"].to_numpy(), table["running_ideal_dcg"].to_numpy()
    for i in plotted_positions(n, evaluation.convention.cutoff_k) - 1:
        texts[EXACT_TEXTS["contribution"]][i] = format_real(contribution[i])
        texts[EXACT_TEXTS["running_dcg"]][i] = format_real(running[i])
        texts[EXACT_TEXTS["ndcg_at_i"]][i] = format_real(shown_ratio(dcg[i], ideal_dcg[i], ndcg[i]))
    return texts


NOT_RETRIEVED = "(judged, not retrieved)"


def ideal_labels(evaluation: Evaluation) -> np.ndarray:
    """The document at each position of the ideal ranking (one per row of the table).

    The ideal sorts the grades best first (after the negative-grade policy); equal grades
    keep the list's order. A grade of the ideal that no listed document has is a judged
    document the list did not retrieve, :data:`NOT_RETRIEVED`.

    >>> from ndcg_core import Convention, evaluate
    >>> ideal_labels(evaluate([1, 3, 1], labels=["a", "b", "c"])).tolist()
    ['b', 'a', 'c']
    >>> judged = evaluate([1, 3], Convention(ideal="judged"), judged_grades=[1, 3, 3])
    >>> ideal_labels(judged).tolist()
    ['D2', '(judged, not retrieved)', 'D1']
    """
    policy = evaluation.convention.negative_grades
    pool = ideal_pool(used_grades(np.array(evaluation.grades, dtype=np.float64), policy), policy)
    ideal = np.array(evaluation.ideal_grades, dtype=np.float64)
    order = best_first(pool)
    values = pool[order]
    # A listed document with grade g goes to the next place among the ideal's g's.
    ideal_ascending, values_ascending = ideal[::-1], values[::-1]
    ideal_start = len(ideal) - np.searchsorted(ideal_ascending, values, side="right")
    list_start = len(values) - np.searchsorted(values_ascending, values, side="right")
    places = ideal_start + np.arange(len(values)) - list_start
    labels = np.full(evaluation.rows, NOT_RETRIEVED, dtype=object)
    labels[len(ideal) :] = ""
    if not len(ideal):
        return labels
    fits = (places < min(len(ideal), len(labels))) & (
        ideal[np.minimum(places, len(ideal) - 1)] == values
    )
    labels[places[fits]] = np.array(evaluation.labels, dtype=object)[order][fits]
    return labels


DENSE_POSITIONS = 100  # longer lists are drawn as lines, without points, bars or hover


def is_dense(positions: int) -> bool:
    """Whether a chart of this many positions is drawn as lines only (see evaluation_chart).

    >>> is_dense(100), is_dense(101)
    (False, True)
    """
    return positions > DENSE_POSITIONS


def chart_layout(evaluation: Evaluation) -> tuple[int, str, int | None]:
    """What the chart's layout depends on (positions, DCG unit, a visible cutoff k).

    Two evaluations with the same layout have the same spec but for the data, so a page
    can build the costly Altair part once per layout (:func:`chart_spec` ``layout_spec``).

    >>> from ndcg_core import Convention, evaluate
    >>> chart_layout(evaluate([3, 2, 0])) == chart_layout(evaluate([0, 1, 1]))
    True
    >>> chart_layout(evaluate([3, 2, 0], Convention(cutoff_k=2)))
    (3, 'DCG', 2)
    """
    n = max(evaluation.rows, 1)
    k = evaluation.convention.cutoff_k
    unit = chart_unit(evaluation)
    return n, unit, k if k is not None and k < n else None


# Vega draws a value as a pixel position by multiplying it; beyond about 1e300 that overflows
# (an "Invalid SVG path"), and a 15-digit float is past what an axis can label usefully.
DRAWABLE_MAGNITUDE = 1e15


def _plot_scale(evaluation: Evaluation) -> Decimal | None:
    """None when the values can be drawn as they are; else the size of the ideal DCG (or,
    when that is 0, of the first non-zero sum) to divide them by."""
    sums = [Decimal(v) for v in (evaluation.ideal_dcg, evaluation.dcg, evaluation.cg)]
    if not evaluation.exact and all(abs(v) < DRAWABLE_MAGNITUDE for v in sums):
        return None
    return next((abs(v) for v in sums if v != 0), Decimal(1))


def chart_unit(evaluation: Evaluation) -> str:
    """The unit of the DCG axes: DCG, or a fraction of the ideal DCG's size when too large.

    >>> from ndcg_core import evaluate
    >>> chart_unit(evaluate([3, 2])), chart_unit(evaluate([-1e300, 0, 5]))
    ('DCG', 'DCG as a fraction of the size of the ideal DCG')
    """
    if _plot_scale(evaluation) is None:
        return "DCG"
    return "DCG as a fraction of the size of the ideal DCG"


PLOTTED_POSITIONS = 500  # a longer list's charts draw this many positions, about one a pixel


def plotted_positions(n: int, cutoff_k: int | None = None) -> np.ndarray:
    """The positions (from 1) that the charts of an ``n``-position list draw.

    All of them up to :data:`PLOTTED_POSITIONS`. Beyond, that many evenly spaced ones,
    always with the first, the last and the cutoff ``k``: a chart some 400 pixels wide
    cannot show more, and a browser takes seconds to draw 10,000 points of each line.

    >>> plotted_positions(5).tolist()
    [1, 2, 3, 4, 5]
    >>> drawn = plotted_positions(10_000, cutoff_k=333)
    >>> len(drawn) <= PLOTTED_POSITIONS + 1, drawn[:3].tolist(), int(drawn[-1]), 333 in drawn
    (True, [1, 21, 41], 10000, True)
    """
    if n <= PLOTTED_POSITIONS:
        return np.arange(1, n + 1)
    drawn = np.unique(np.linspace(1, n, PLOTTED_POSITIONS).round().astype(int))
    if cutoff_k is not None and 1 <= cutoff_k <= n:
        drawn = np.union1d(drawn, [cutoff_k])
    return drawn


def _cutoff_rows(evaluation: Evaluation) -> list[dict[str, Any]]:
    """The cutoff rule's one row where the chart draws it (k inside the list), else none."""
    _, _, visible_k = chart_layout(evaluation)
    if visible_k is None:
        return []
    return [{"position": visible_k + 0.5, "text": f"cutoff k = {visible_k}"}]


def chart_dataset_frames(evaluation: Evaluation) -> dict[str, pd.DataFrame]:
    """The named datasets the chart reads, as frames: a row per plotted position and
    ranking, and the cutoff rule's one row where the chart draws one.

    >>> from ndcg_core import evaluate
    >>> len(chart_dataset_frames(evaluate([1.0] * 10_000))[POSITIONS])  # two rankings
    1000
    """
    frame, _ = chart_frame(evaluation)
    k = evaluation.convention.cutoff_k
    n = evaluation.rows
    if n > PLOTTED_POSITIONS:
        frame = frame[frame["position"].isin(plotted_positions(n, k))].reset_index(drop=True)
    cutoff = _cutoff_rows(evaluation)
    return {POSITIONS: frame, **({CUTOFF: pd.DataFrame(cutoff)} if cutoff else {})}


_CUTOFF_SCHEMA = pa.schema([("position", pa.float64()), ("text", pa.large_string())])


def chart_dataset_tables(evaluation: Evaluation) -> dict[str, pa.Table]:
    """:func:`chart_dataset_frames` as Arrow tables, built without pandas (the form a
    browser receives a chart's data in; a third of the time of going through frames).

    >>> from ndcg_core import evaluate
    >>> tables = chart_dataset_tables(evaluate([3, 2, 0]))
    >>> tables[POSITIONS].column_names[:3], tables[POSITIONS].num_rows
    (['position', 'label', 'series'], 6)
    """
    table = evaluation.table
    n = len(table)
    scale = _plot_scale(evaluation)

    def as_float(column: str) -> np.ndarray:
        if scale is None:
            return table[column].to_numpy(dtype=np.float64)
        return np.array([float(Decimal(v) / scale) for v in table[column]], dtype=np.float64)

    shown = (
        np.isin(table["position"].to_numpy(), plotted_positions(n, evaluation.convention.cutoff_k))
        if n > PLOTTED_POSITIONS
        else np.ones(n, dtype=bool)
    )

    def both(this: np.ndarray, ideal: np.ndarray) -> np.ndarray:
        return np.concatenate([this[shown], ideal[shown]])

    count = int(shown.sum())
    labels = [str(label) for label in table["label"].to_numpy()[shown]]
    ndcg_at_i = table["ndcg_at_i"].to_numpy(dtype=np.float64)
    positions = pa.table(
        {
            "position": pa.array(both(*[table["position"].to_numpy(np.int64)] * 2)),
            "label": pa.array(
                [*labels, *ideal_labels(evaluation)[shown].tolist()], type=pa.large_string()
            ),
            "series": pa.array(
                [SERIES_THIS] * count + [SERIES_IDEAL] * count, type=pa.large_string()
            ),
            "grade": pa.concat_arrays(
                [pa.Array.from_pandas(table[column][shown]) for column in ("grade", "ideal_grade")]
            ),
            "contribution": pa.array(
                both(as_float("contribution"), as_float("ideal_contribution"))
            ),
            "running_dcg": pa.array(both(as_float("running_dcg"), as_float("running_ideal_dcg"))),
            "ndcg_at_i": pa.array(both(ndcg_at_i, ndcg_at_i)),
            **{
                column: pa.array(
                    both(np.array(this, dtype=object), np.array(ideal, dtype=object)),
                    type=pa.large_string(),
                )
                for (column, this), ideal in zip(
                    _exact_texts(evaluation, SERIES_THIS).items(),
                    _exact_texts(evaluation, SERIES_IDEAL).values(),
                    strict=True,
                )
            },
        }
    )
    return {POSITIONS: positions, **cutoff_dataset_tables(evaluation)}


def cutoff_dataset_tables(evaluation: Evaluation) -> dict[str, pa.Table]:
    """The datasets of :func:`chart_dataset_tables` that no order changes: the cutoff rule's
    one row where the chart draws it (k inside the list), else none. A page that makes the
    points' rows in the browser sends only these.

    >>> from ndcg_core import Convention, evaluate
    >>> cutoff_dataset_tables(evaluate([3, 2, 0], Convention(cutoff_k=2)))[CUTOFF].to_pylist()
    [{'position': 2.5, 'text': 'cutoff k = 2'}]
    >>> cutoff_dataset_tables(evaluate([3, 2, 0]))
    {}
    """
    cutoff = _cutoff_rows(evaluation)
    return {CUTOFF: pa.Table.from_pylist(cutoff, schema=_CUTOFF_SCHEMA)} if cutoff else {}


def chart_datasets(evaluation: Evaluation) -> dict[str, list[dict[Any, Any]]]:
    """:func:`chart_dataset_frames` as lists of rows (missing values as None), for JSON.

    >>> from ndcg_core import evaluate
    >>> len(chart_datasets(evaluate([1.0] * 10_000))[POSITIONS])  # two rankings
    1000
    """
    return {
        name: frame.astype(object).where(frame.notna(), None).to_dict("records")
        for name, frame in chart_dataset_frames(evaluation).items()
    }
