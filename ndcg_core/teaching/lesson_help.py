"""Help with the lesson's guesses: the slip table and the help ladder for a number asked about
the reader's order of a story's cards, named by the cards' titles."""

from __future__ import annotations

from collections.abc import Sequence

from ndcg_core.teaching.help_ladder import HelpLadder, help_ladder
from ndcg_core.teaching.lesson_steps import TEXTBOOK
from ndcg_core.teaching.slips import Quantity, SlipTable, slip_table
from ndcg_core.teaching.stories import Story


def guess_help(
    story: Story, order: Sequence[str], quantity: Quantity
) -> tuple[SlipTable, HelpLadder]:
    """The slips and the help for a guess at ``quantity`` of ``order`` (textbook nDCG).

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> table, ladder = guess_help(story, story.shown_order, Quantity.NDCG)
    >>> round(table.right, 3), ladder.one_position.split(":")[0]
    (0.961, 'Position 2 (Slice Corner)')
    """
    cards = story.ordered(order)
    table = slip_table(
        [card.grade for card in cards],
        TEXTBOOK,
        quantity=quantity,
        labels=[card.title for card in cards],
        tolerance=quantity.tolerance,
    )
    return table, help_ladder(table.worked, quantity)
