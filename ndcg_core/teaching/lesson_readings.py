"""The lesson's formulas read aloud with the story's names, and what a cutoff takes away.

:mod:`ndcg_core.teaching.readings` writes the sentences for any list; here they get the
story's titles and grade names ("Luigi's Pizzeria, in place 3, is perfect (3)"), for the
reader's order under the lesson's one convention (:data:`lesson_steps.TEXTBOOK`), and step 7
gets :func:`cutoff_change`: which results leave the sum at k, and why nDCG@k moves.

>>> from ndcg_core.teaching.stories import load_story
>>> story = load_story("pizza")
>>> print(lesson_readings(story, story.shown_order)["DCG"].numbers)
rel_i is the grade of the result in place i: Luigi's Pizzeria, in place 3, is perfect (3) and keeps 3 / log2(3+1) = 3 / 2 = 1.500; the 6 terms add up to DCG = 6.861.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ndcg_core.metric.metrics import Evaluation, evaluate
from ndcg_core.teaching.lesson_steps import TEXTBOOK
from ndcg_core.teaching.readings import (
    EXAMPLE_PLACE,
    Names,
    Readings,
    kept_reading,
    worked_readings,
)
from ndcg_core.teaching.stories import Story
from ndcg_core.text.formatting import format_real


def story_names(story: Story, order: Sequence[str]) -> Names:
    """The cards' titles in ``order``, and the story's grade names."""
    return Names(
        tuple(card.title for card in story.ordered(order)),
        tuple((float(level.grade), level.name) for level in story.grade_scale),
    )


def story_evaluation(story: Story, order: Sequence[str], cutoff_k: int | None = None) -> Evaluation:
    """The core's evaluation of the cards in ``order`` under the lesson's convention."""
    cards = story.ordered(order)
    convention = TEXTBOOK if cutoff_k is None else TEXTBOOK.with_changes(cutoff_k=cutoff_k)
    return evaluate([card.grade for card in cards], convention, labels=[card.id for card in cards])


def lesson_readings(story: Story, order: Sequence[str], cutoff_k: int | None = None) -> Readings:
    """The sentences under the CG, DCG, IDCG and nDCG formulas, by the formula's name."""
    return worked_readings(story_evaluation(story, order, cutoff_k), story_names(story, order))


def lesson_kept(story: Story, order: Sequence[str]) -> str:
    """Step 3's sentence: the discount at the third place, with the card there.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> print(lesson_kept(story, story.shown_order))
    i is the place: Luigi's Pizzeria, in place 3, keeps 1 / log2(3+1) = 1 / 2 = 0.500 of its gain, so its 3 counts as 1.500.
    """
    return kept_reading(story_evaluation(story, order), story_names(story, order), EXAMPLE_PLACE)


@dataclass(frozen=True)
class CutoffChange:
    """What cutting the list at k takes away: the places past k (``leaving``, 1-based), what
    they brought to DCG and to IDCG, and the two sentences that say it."""

    cutoff_k: int
    leaving: tuple[int, ...]
    ndcg_whole: float
    ndcg_at_k: float
    leaves: str  # what leaves the two sums
    why: str  # why nDCG@k is higher, lower or the same


def _share(part: float, whole: float) -> str:
    return f"{part / whole:.1%}"


def cutoff_change(whole: Evaluation, at_k: Evaluation, names: Names) -> CutoffChange:
    """What leaves DCG and IDCG at ``at_k``'s cutoff, and why nDCG moves as it does.

    ``whole`` is the same list with no cutoff. Every number is the two evaluations'.

    >>> from ndcg_core import Convention, evaluate
    >>> grades = [3, 2, 3, 0, 1, 2]
    >>> change = cutoff_change(evaluate(grades), evaluate(grades, Convention(cutoff_k=3)),
    ...                        Names(tuple("ABCDEF")))
    >>> print(change.leaves)
    At k = 3, places 4 to 6 leave both sums. From this order: D, grade 0, in place 4, E, grade 1, in place 5 and F, grade 2, in place 6, which brought 0 + 0.387 + 0.712 = 1.099 of DCG's 6.861. From the ideal ranking: the grades 2, 1, 0 in places 4 to 6, which brought 1.248 of IDCG's 7.141.
    >>> print(change.why)
    The first 3 places score 5.762 of the ideal's 5.893 (97.8%), but places 4 to 6 only 1.099 of its 1.248 (88.1%): in place 4, D, grade 0, sits where the ideal ranking has a 2. Leaving out the weaker part raises nDCG from 0.961 to nDCG@3 = 0.978.
    """
    k = at_k.depth
    n = len(whole.grades)
    ndcg_whole, ndcg_at_k = float(whole.ndcg), float(at_k.ndcg)
    leaving = tuple(range(k + 1, n + 1))
    if not leaving:
        same = f"At k = {k} every place still counts: nothing leaves either sum."
        why = f"So nDCG@{k} = nDCG = {format_real(ndcg_at_k)}."
        return CutoffChange(k, leaving, ndcg_whole, ndcg_at_k, same, why)
    table = whole.table
    grades = [float(g) for g in table["grade"].iloc[:n]]
    ideal_grades = [float(g) for g in table["ideal_grade"].iloc[: whole.ideal_depth]]
    kept = [float(c) for c in table["contribution"].iloc[k:n]]
    tail_dcg = float(whole.dcg) - float(at_k.dcg)
    tail_ideal = float(whole.ideal_dcg) - float(at_k.ideal_dcg)
    places = f"place {k + 1}" if len(leaving) == 1 else f"places {k + 1} to {n}"
    results = [f"{names.result(i)}, {names.grade(grades[i - 1])}, in place {i}" for i in leaving]
    listed = results[0] if len(results) == 1 else ", ".join(results[:-1]) + " and " + results[-1]
    terms = " + ".join(format_real(c) for c in kept)
    sum_text = terms if len(kept) == 1 else f"{terms} = {format_real(tail_dcg)}"
    ideal_tail = ", ".join(format_real(g) for g in ideal_grades[k:])
    leaves = (
        f"At k = {k}, {places} {'leaves' if len(leaving) == 1 else 'leave'} both sums. From this order: {listed}, which brought "
        f"{sum_text} of DCG's {format_real(whole.dcg)}. From the ideal ranking: the grades "
        f"{ideal_tail or 'none'} in {places}, which brought {format_real(tail_ideal)} of "
        f"IDCG's {format_real(whole.ideal_dcg)}."
    )
    moved = f"nDCG from {format_real(ndcg_whole)} to nDCG@{k} = {format_real(ndcg_at_k)}"
    if tail_ideal <= 0 or float(at_k.ideal_dcg) <= 0:
        verb = (
            "raises" if ndcg_at_k > ndcg_whole else "lowers" if ndcg_at_k < ndcg_whole else "leaves"
        )
        why = (
            f"The ideal ranking has nothing of value past place {k}, so cutting there {verb} "
            f"{moved}."
        )
        return CutoffChange(k, leaving, ndcg_whole, ndcg_at_k, leaves, why)
    head = (
        f"The first {k} places score {format_real(at_k.dcg)} of the ideal's "
        f"{format_real(at_k.ideal_dcg)} ({_share(float(at_k.dcg), float(at_k.ideal_dcg))})"
    )
    tail = (
        f"{format_real(tail_dcg)} of its {format_real(tail_ideal)} ({_share(tail_dcg, tail_ideal)})"
    )
    if ndcg_at_k > ndcg_whole:
        gaps = [
            (ideal_grades[i - 1] - grades[i - 1], -i) for i in leaving if i <= len(ideal_grades)
        ]
        gap, worst = max(gaps) if gaps else (0.0, 0)
        culprit = (
            f": in place {-worst}, {names.result(-worst)}, {names.grade(grades[-worst - 1])}, "
            f"sits where the ideal ranking has a {format_real(ideal_grades[-worst - 1])}"
            if gap > 0
            else ""
        )
        why = (
            f"{head}, but {places} only {tail}{culprit}. Leaving out the weaker part raises "
            f"{moved}."
        )
    elif ndcg_at_k < ndcg_whole:
        why = (
            f"{head}, and {places} {tail}: the places past k were the better part, so leaving "
            f"them out lowers {moved}."
        )
    else:
        why = f"{head}, and {places} {tail}: the same share, so cutting leaves {moved}."
    return CutoffChange(k, leaving, ndcg_whole, ndcg_at_k, leaves, why)


def lesson_cutoff(story: Story, order: Sequence[str], cutoff_k: int | None = None) -> CutoffChange:
    """Step 7's :class:`CutoffChange` for the reader's order at the story's k (or ``cutoff_k``)."""
    k = story.cutoff_k if cutoff_k is None else cutoff_k
    return cutoff_change(
        story_evaluation(story, order), story_evaluation(story, order, k), story_names(story, order)
    )
