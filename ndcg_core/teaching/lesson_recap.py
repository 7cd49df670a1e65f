"""The guided lesson's last step: what each step taught, in one line each with the reader's
numbers, and the reader's order as the Playground's list text ("now make your own")."""

from __future__ import annotations

from collections.abc import Sequence

from ndcg_core.metric.parsing import format_grades
from ndcg_core.teaching.lesson_steps import step_cg, step_cutoff, step_dcg, step_discount, step_ndcg
from ndcg_core.teaching.stories import Story
from ndcg_core.text.formatting import format_real


def playground_text(story: Story, order: Sequence[str]) -> str:
    """The cards in ``order`` as the Playground's list text (step 9, "now make your own").

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> playground_text(story, story.shown_order)[:30]
    'forno-rosso=3, slice-corner=2,'
    """
    cards = story.ordered(order)
    return format_grades([float(c.grade) for c in cards], [c.id for c in cards])


def recap(story: Story, order: Sequence[str]) -> tuple[str, ...]:
    """What each step taught, one short line each, with the reader's numbers (steps 1 to 8).

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> for line in recap(story, story.shown_order)[1:6]:
    ...     print(line)
    CG adds the grades: 11, in any order.
    Position i keeps 1/log2(i+1) of its gain: the third keeps 0.500.
    DCG adds the kept gains: 6.861 for your order.
    IDCG is the DCG of the best order: 7.141.
    nDCG = DCG / IDCG = 0.961.
    """
    dcg = step_dcg(story, order).formula.result
    ndcg = step_ndcg(story, order)
    cutoff = step_cutoff(story, order)
    names = ", ".join(f"{level.name} = {level.grade}" for level in story.grade_scale)
    return (
        f"A judge grades each result: {names}.",
        f"CG adds the grades: {format_real(step_cg(story, order, order).cg)}, in any order.",
        (
            "Position i keeps 1/log2(i+1) of its gain: the third keeps "
            f"{format_real(step_discount(story, order).rows[2].kept)}."
        ),
        f"DCG adds the kept gains: {format_real(dcg)} for your order.",
        f"IDCG is the DCG of the best order: {format_real(ndcg.ideal_dcg)}.",
        f"nDCG = DCG / IDCG = {format_real(ndcg.ndcg)}.",
        (
            f"nDCG@{cutoff.cutoff_k} counts the first {cutoff.cutoff_k} results only: "
            f"{format_real(cutoff.ndcg.result)}."
        ),
        "nDCG does not punish a useless result at the bottom.",
    )
