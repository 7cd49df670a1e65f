"""The cases the lesson pages show: drawbacks side by side, and one list under every convention.

Each function returns plain data (dataclasses, DataFrames) computed with the core; the
pages only lay them out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

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
from ndcg_core.metric.metrics import Evaluation, evaluate
from ndcg_core.metric.ranking import evaluate_scores, rank_by_scores
from ndcg_core.runs.queries import Query, mean_ndcg
from ndcg_core.text.formatting import format_real


@dataclass(frozen=True)
class Side:
    """One list of a side-by-side comparison."""

    name: str
    grades: tuple[float, ...]
    judged_grades: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Pair:
    """Two lists judged under one convention."""

    left: Side
    right: Side
    convention: Convention

    def evaluate(self) -> tuple[Evaluation, Evaluation]:
        """Both sides' evaluations, left first."""
        return tuple(  # type: ignore[return-value]
            evaluate(side.grades, self.convention, judged_grades=side.judged_grades)
            for side in (self.left, self.right)
        )


# ------------------------------------------------------------------ drawback 1: bad documents

BAD_DOCUMENT_PAIRS = MappingProxyType(
    {
        "seed004": ((3.0,), (3.0, 0.0, 0.0)),
        "seed000": ((2.0, 2.0, 2.0), (2.0, 2.0, 2.0, 0.0)),
    }
)


def bad_documents(pair: str, *, fixed: bool) -> Pair:
    """A short list against the same list with irrelevant documents added.

    Fixed: every grade moves down one step (Good/Fair/Bad = 2/1/0 becomes 1/0/-1, or 3..0
    becomes 2..-1), and the ideal may leave a place empty rather than show a bad document.

    >>> left, right = bad_documents("seed004", fixed=False).evaluate()
    >>> left.ndcg == right.ndcg == 1.0
    True
    >>> left, right = bad_documents("seed004", fixed=True).evaluate()
    >>> round(right.ndcg, 3)
    0.435
    """
    short, long = BAD_DOCUMENT_PAIRS[pair]
    if not fixed:
        return Pair(Side("short list", short), Side("with bad documents", long), Convention())
    shift = tuple(g - 1 for g in short), tuple(g - 1 for g in long)
    convention = Convention(negative_grades=NegativeGrades.PENALISE)
    return Pair(Side("short list", shift[0]), Side("with bad documents", shift[1]), convention)


# ------------------------------------------------------------------ drawback 2: missing documents

MISSING_DOCUMENT_PAIRS = MappingProxyType(
    {
        "seed004": ((3.0, 3.0, 3.0), (3.0, 3.0, 3.0, 3.0)),
        "seed000": ((1.0, 1.0, 1.0), (1.0, 1.0, 1.0, 1.0, 1.0)),
    }
)


def missing_documents(pair: str, *, pad_to_k: bool, ideal_from_judged: bool) -> Pair:
    """A list that stops early against one that shows every relevant document.

    Padding fixes k to the longer list's length (missing places count 0); the judged ideal
    knows every relevant document, shown or not.

    >>> [e.ndcg for e in missing_documents("seed000", pad_to_k=True, ideal_from_judged=False)
    ...  .evaluate()]
    [1.0, 1.0]
    >>> left, _ = missing_documents("seed000", pad_to_k=True, ideal_from_judged=True).evaluate()
    >>> round(left.ndcg, 3)
    0.723
    """
    short, long = MISSING_DOCUMENT_PAIRS[pair]
    judged = long if ideal_from_judged else None
    convention = Convention(
        cutoff_k=len(long) if pad_to_k else None,
        ideal=IdealSource.JUDGED if ideal_from_judged else IdealSource.LIST,
    )
    return Pair(
        Side("stops early", short, judged), Side("shows them all", long, judged), convention
    )


# ------------------------------------------------------------------ drawback 3: equally good results


def equally_good(*, ideal_from_judged: bool) -> tuple[pd.DataFrame, Pair]:
    """One good restaurant and four misses against five good ones: nDCG@k for k = 1..5.

    >>> curve, _ = equally_good(ideal_from_judged=False)
    >>> curve["one good result"].tolist()
    [1.0, 1.0, 1.0, 1.0, 1.0]
    """
    judged = (1.0,) * 5 if ideal_from_judged else None
    convention = Convention(ideal=IdealSource.JUDGED if ideal_from_judged else IdealSource.LIST)
    pair = Pair(
        Side("one good result", (1.0, 0.0, 0.0, 0.0, 0.0), judged),
        Side("five good results", (1.0,) * 5, judged),
        convention,
    )
    left, right = pair.evaluate()
    curve = pd.DataFrame(
        {
            "k": range(1, 6),
            pair.left.name: left.ndcg_at_each_k,
            pair.right.name: right.ndcg_at_each_k,
        }
    )
    return curve, pair


# ------------------------------------------------------------------ drawback 4: seed 004's numbers

SEED004_TRUE_GRADES = (3.0, 2.0, 1.0, 0.0, 0.0)
SEED004_SCORES = (3.0, 2.0, 0.0, 0.0, 1.0)
SEED004_SHOWN = (3.0, 2.0, 0.0, 0.0, 1.0)


def seed004_by_tie_policy() -> pd.DataFrame:
    """What seed 004's library call computes under each tie policy, beside the text's list.

    >>> table = seed004_by_tie_policy()
    >>> table.loc[table["tie policy"] == "average over the tie", "DCG"].item()
    '4.6706'
    """
    rows = [
        {
            "ranking": "the text: grades 3, 2, 0, 0, 1 in that order",
            "tie policy": "(no ties)",
            "order of grades": "3, 2, 0, 0, 1",
            "DCG": format_real(evaluate(SEED004_SHOWN).dcg, 4),
            "ideal DCG": format_real(evaluate(SEED004_SHOWN).ideal_dcg, 4),
            "nDCG": format_real(evaluate(SEED004_SHOWN).ndcg, 4),
        }
    ]
    for policy in TiePolicy:
        convention = Convention(ties=policy)
        result = evaluate_scores(SEED004_TRUE_GRADES, SEED004_SCORES, convention)
        ranking = rank_by_scores(SEED004_TRUE_GRADES, SEED004_SCORES, ties=policy)
        order = ", ".join(format_real(g) for g in ranking.grades)
        if ranking.tie_groups is not None:
            order += " (last two tied: each counts as 0.5)"
        rows.append(
            {
                "ranking": "the library call: grades [3, 2, 1, 0, 0], scores [3, 2, 0, 0, 1]",
                "tie policy": choice_label(policy),
                "order of grades": order,
                "DCG": format_real(result.dcg, 4),
                "ideal DCG": format_real(result.ideal_dcg, 4),
                "nDCG": format_real(result.ndcg, 4),
            }
        )
    return pd.DataFrame(rows)


def seed004_pair(policy: TiePolicy) -> tuple[Evaluation, Evaluation]:
    """The text's list, and the library call's ranking under one tie policy.

    >>> text, library = seed004_pair(TiePolicy.AVERAGE)
    >>> round(text.dcg, 4), round(library.dcg, 4), round(library.ideal_dcg, 4)
    (4.6487, 4.6706, 4.7619)
    """
    text = evaluate(SEED004_SHOWN)
    library = evaluate_scores(SEED004_TRUE_GRADES, SEED004_SCORES, Convention(ties=policy))
    return text, library


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
