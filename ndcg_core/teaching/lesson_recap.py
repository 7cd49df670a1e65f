"""The guided lesson's last step: the reader's order as the Playground's list text ("now
make your own"). What each step taught, one line each, is its entry's recap line in
:mod:`ndcg_core.teaching.lesson_plan`."""

from __future__ import annotations

from collections.abc import Sequence

from ndcg_core.metric.parsing import format_grades
from ndcg_core.teaching.stories import Story


def playground_text(story: Story, order: Sequence[str]) -> str:
    """The cards in ``order`` as the Playground's list text (step 9, "now make your own").

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> playground_text(story, story.shown_order)[:30]
    'forno-rosso=3, slice-corner=2,'
    """
    cards = story.ordered(order)
    return format_grades([float(c.grade) for c in cards], [c.id for c in cards])
