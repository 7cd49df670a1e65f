"""The cases the Drawbacks page shows, side by side: lists nDCG scores alike though one is
worse (a bad document, a missing one, equally good lists), and seed 004's ties under each
tie policy. Each function returns plain data computed with the core; the page lays it out."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

import pandas as pd

from ndcg_core.metric.choice_labels import choice_label
from ndcg_core.metric.choices import (
    IdealSource,
    NegativeGrades,
    TiePolicy,
)
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import Evaluation, evaluate
from ndcg_core.metric.ranking import evaluate_scores, rank_by_scores
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
