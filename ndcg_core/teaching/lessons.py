"""The cases the Conventions and Step-by-step pages show: one list under every convention,
each policy's choice side by side, the libraries' verdicts and the log base. The Drawbacks
page's cases are :mod:`ndcg_core.teaching.drawbacks`.

Each function returns plain data (dataclasses, DataFrames) computed with the core; the
pages only lay them out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choice_labels import choice_label
from ndcg_core.metric.choices import (
    Discount,
    Gain,
    IdealSource,
    NegativeGrades,
    TiePolicy,
    ZeroIdeal,
)
from ndcg_core.metric.conventions import PRESETS, Convention
from ndcg_core.metric.exact_ratio import shown_ndcg
from ndcg_core.metric.metrics import evaluate
from ndcg_core.metric.ranking import evaluate_scores, rank_by_scores
from ndcg_core.runs.queries import Query, mean_ndcg
from ndcg_core.text.formatting import format_real

# ------------------------------------------------------------------ conventions page


def convention_variants(
    grades: Sequence[float],
    *,
    unretrieved: Sequence[float] = (),
    reader_base: float = 3.0,
    cutoff_k: int | None = None,
) -> pd.DataFrame:
    """One list under each gain, discount and ideal choice: DCG, ideal DCG and nDCG.

    A choice that cannot score this list gets "—", and the reason in
    ``table.attrs["not_computed"]`` (choice -> sentence).

    >>> table = convention_variants([3, 2, 3, 0, 1, 2])
    >>> table.loc[0, ["choice", "nDCG"]].tolist()
    ['textbook: rel / log2(i+1), ideal from the list', '0.961']
    >>> table = convention_variants([1e300])
    >>> table.loc[1, "nDCG"], list(table.attrs["not_computed"])
    ('—', ['exponential gain 2^rel - 1'])
    """
    judged = tuple(grades) + tuple(unretrieved)
    variants: list[tuple[str, Convention, tuple[float, ...] | None]] = [
        ("textbook: rel / log2(i+1), ideal from the list", Convention(), None),
        ("exponential gain 2^rel - 1", Convention(gain=Gain.EXPONENTIAL), None),
        ("natural log: rel / ln(i+1)", Convention(log_base=math.e), None),
        ("log base 10", Convention(log_base=10.0), None),
        ("Järvelin-Kekäläinen, b = 2", Convention(discount=Discount.JARVELIN_KEKALAINEN), None),
        (
            f"Järvelin-Kekäläinen, b = {reader_base:g}",
            Convention(discount=Discount.JARVELIN_KEKALAINEN, log_base=reader_base),
            None,
        ),
        (
            "ideal from all judged documents",
            Convention(ideal=IdealSource.JUDGED),
            judged,
        ),
    ]
    rows = []
    not_computed: dict[str, str] = {}
    for name, convention, judged_grades in variants:
        convention = convention.with_changes(cutoff_k=cutoff_k)
        try:
            result = evaluate(grades, convention, judged_grades=judged_grades)
        except NdcgError as error:  # e.g. a grade of 1e300 under exponential gain
            not_computed[name] = str(error)
            rows.append(
                {"choice": name, "DCG": "—", "ideal DCG": "—", "nDCG": "—", "ndcg_value": math.nan}
            )
            continue
        rows.append(
            {
                "choice": name,
                "DCG": format_real(result.dcg),
                "ideal DCG": format_real(result.ideal_dcg),
                # The card's text: 5.2e-331 where the float nDCG underflowed to 0.
                "nDCG": format_real(shown_ndcg(result)),
                "ndcg_value": result.ndcg,
            }
        )
    table = pd.DataFrame(rows)
    table.attrs["not_computed"] = not_computed  # choice -> why, said under the table
    return table


def tie_policies(
    grades: Sequence[float], scores: Sequence[float], *, labels: Sequence[str] | None = None
) -> pd.DataFrame:
    """The same scored documents ranked under each tie policy.

    >>> tie_policies([3, 2, 1, 0, 0], [3, 2, 0, 0, 1])["DCG"].tolist()
    ['4.671', '4.649', '4.693', '4.649']
    """
    rows = []
    for policy in TiePolicy:
        ranking = rank_by_scores(grades, scores, ties=policy, doc_ids=labels)
        result = evaluate_scores(grades, scores, Convention(ties=policy), doc_ids=labels)
        rows.append(
            {
                "tie policy": choice_label(policy),
                "ranked documents": ", ".join(ranking.doc_ids),
                "DCG": format_real(result.dcg),
                "nDCG": format_real(result.ndcg),
            }
        )
    return pd.DataFrame(rows)


def zero_ideal_policies(grades: Sequence[float]) -> pd.DataFrame:
    """An all-zero query under each policy, and the mean it makes with the reader's list.

    >>> zero_ideal_policies([3, 2, 3, 0, 1, 2])["mean with your list"].tolist()
    ['0.480', '0.980', 'undefined', '0.961']
    """
    rows = []
    for policy in ZeroIdeal:
        convention = Convention(zero_ideal=policy)
        zero = evaluate((0.0, 0.0, 0.0), convention).ndcg
        mean = mean_ndcg([Query(tuple(grades)), Query((0.0, 0.0, 0.0))], convention)
        rows.append(
            {
                "policy": choice_label(policy),
                "nDCG of [0, 0, 0]": format_real(zero),
                "mean with your list": format_real(mean.mean),
                "queries in the mean": str(mean.counted),
            }
        )
    return pd.DataFrame(rows)


def negative_grade_policies(grades: Sequence[float]) -> pd.DataFrame:
    """A list with negative grades under each policy (or the error it raises).

    >>> negative_grade_policies([1, 1, 1, -1])["nDCG"].tolist()
    ['1', '0.798', '1', 'error']
    """
    rows = []
    for policy in NegativeGrades:
        try:
            result = evaluate(grades, Convention(negative_grades=policy))
        except NdcgError as error:
            rows.append(
                {
                    "policy": choice_label(policy),
                    "DCG": "",
                    "ideal DCG": "",
                    "nDCG": "error",
                    "note": str(error),
                }
            )
            continue
        rows.append(
            {
                "policy": choice_label(policy),
                "DCG": format_real(result.dcg),
                "ideal DCG": format_real(result.ideal_dcg),
                "nDCG": format_real(result.ndcg),
                "note": "",
            }
        )
    return pd.DataFrame(rows)


def library_verdicts(
    grades: Sequence[float], *, unretrieved: Sequence[float] = (), cutoff_k: int | None = None
) -> pd.DataFrame:
    """What each library would report for the list (shown order, judged set = list + extra),
    computed with our core under its preset, with a note where the library itself would
    raise an error or return nan instead.

    >>> library_verdicts([3, 2, 3, 0, 1, 2]).loc[0, ["library", "nDCG"]].tolist()
    ['scikit-learn ndcg_score', '0.961']
    """
    judged = tuple(grades) + tuple(unretrieved)
    has_negative = any(g < 0 for g in grades) or any(g < 0 for g in unretrieved)
    overflow = any(g >= 1024 for g in grades)
    rows = []
    for key in ("sklearn", "trec_eval_ndcg", "trec_eval_ndcg_cut", "ranx_ndcg", "ranx_ndcg_burges"):
        preset = PRESETS[key]
        convention = preset.convention
        if key != "trec_eval_ndcg_cut" or cutoff_k is not None:
            convention = convention.with_changes(cutoff_k=cutoff_k)
        note = ""
        if key == "sklearn" and has_negative:
            note = "scikit-learn raises ValueError: negative y_true values are not allowed."
        elif key == "sklearn" and len(grades) == 1:
            note = "scikit-learn raises ValueError: it needs more than 1 document."
        elif key == "ranx_ndcg_burges" and overflow:
            note = "2^rel overflows a float for grades of 1024 and more: the library gets nan."
        try:
            result = evaluate(grades, convention, judged_grades=judged)
            value = format_real(result.ndcg)
        except NdcgError as error:
            value, note = "error", note or str(error)
        rows.append(
            {
                "library": preset.name,
                "convention": str(convention),
                "nDCG": value,
                "what the library does": note or "returns this value",
            }
        )
    return pd.DataFrame(rows)


def log_base_comparison(grades: Sequence[float], convention: Convention) -> pd.DataFrame:
    """DCG, ideal DCG and nDCG with log base 2, e and 10: DCG changes, nDCG does not.

    >>> log_base_comparison([3, 2, 3, 0, 1, 2], Convention())["nDCG"].tolist()
    ['0.961', '0.961', '0.961']
    """
    rows = []
    for name, base in (("log2", 2.0), ("ln", math.e), ("log10", 10.0)):
        result = evaluate(grades, convention.with_changes(log_base=base, ideal=IdealSource.LIST))
        rows.append(
            {
                "discount": f"{name}(i+1)",
                "DCG": format_real(result.dcg),
                "ideal DCG": format_real(result.ideal_dcg),
                "nDCG": format_real(result.ndcg),
            }
        )
    return pd.DataFrame(rows)
