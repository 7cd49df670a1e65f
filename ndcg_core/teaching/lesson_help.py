"""Help with the lesson's guesses: the slip table and the help ladder for a number asked about
the reader's order of a story's cards, named by the cards' titles."""

from __future__ import annotations

from collections.abc import Sequence

from ndcg_core.teaching.help_ladder import HelpLadder, help_ladder
from ndcg_core.teaching.lesson_steps import TEXTBOOK, discount_formula
from ndcg_core.teaching.slips import Quantity, SlipTable, slip_table
from ndcg_core.teaching.stories import Story
from ndcg_core.teaching.worked import WorkedStep
from ndcg_core.text.formatting import format_real


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


def share_help(story: Story, order: Sequence[str], position: int) -> tuple[SlipTable, HelpLadder]:
    """The slips and the help for "what share of its gain does position ``position`` keep?".

    The share is the DCG of a list whose only gain, 1, sits at ``position``: so the list
    slips apply as they are (dividing by log2(i) gives 1/log2(i); no discount gives 1).

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> table, ladder = share_help(story, story.shown_order, 3)
    >>> round(table.right, 3), [round(g.value, 3) for g in table.groups]
    (0.5, [0.631, 1.0])
    >>> ladder.one_position
    'log2(4) = 2, as 2 x 2 = 4: so position 3 keeps 1 / 2 = 0.500 of its gain.'
    """
    cards = story.ordered(order)[:position]
    table = slip_table(
        [0.0] * (position - 1) + [1.0],
        TEXTBOOK,
        quantity=Quantity.DCG,
        labels=[card.title for card in cards],
        tolerance=Quantity.NDCG.tolerance,  # a share is typed like nDCG, to two decimals
    )
    worked = table.worked
    divisor = float(worked.table["discount"].iloc[position - 1])
    rank = TEXTBOOK.discount.at(position, TEXTBOOK.log_base)
    hint = (
        f"Position i keeps 1 / {TEXTBOOK.discount_label} of its gain: put i = {position} "
        "and divide 1 by the discount."
    )
    power = f", as 2 x 2 = {position + 1}" if position + 1 == 4 else ""
    one = (
        f"{rank} = {format_real(divisor)}{power}: so position {position} keeps "
        f"1 / {format_real(divisor)} = {format_real(1 / divisor)} of its gain."
    )
    share = WorkedStep(
        "share", r"\frac{1}{\log_2(i+1)}", discount_formula(position), (), 1 / divisor
    )
    return table, HelpLadder(hint, one, (share,))
