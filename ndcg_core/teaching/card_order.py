"""The guided lesson's cards in a reader's order: dealt shuffled (the same for a seed), and
moved one place or swapped as the page's buttons and drag ask."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ndcg_core.errors import NdcgError
from ndcg_core.teaching.stories import Story


def shuffled(order: Sequence[str], seed: int) -> tuple[str, ...]:
    """``order`` shuffled by a seeded generator, never left as it was when it can move.

    >>> shuffled(["a", "b", "c"], 1) != ("a", "b", "c")
    True
    """
    rng = random.Random(seed)  # the caller owns the seed, so a rerun shows the same shuffle
    moved = list(order)
    for _ in range(20):
        rng.shuffle(moved)
        if tuple(moved) != tuple(order) or len(set(order)) < 2:
            break
    return tuple(moved)


def shuffled_cards(story: Story, order: Sequence[str], seed: int) -> tuple[str, ...]:
    """``order`` shuffled so that the grades, not only the cards, come in a new order.

    Swapping two cards of the same grade would leave every picture of step 2 as it was.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> grades = lambda ids: [story.card(i).grade for i in ids]
    >>> all(grades(shuffled_cards(story, story.shown_order, s)) != [3, 2, 3, 0, 1, 2]
    ...     for s in range(1, 30))
    True
    """
    grades = [story.card(card_id).grade for card_id in order]
    candidate = tuple(order)
    for attempt in range(50):  # only a story whose cards all share one grade runs out
        candidate = shuffled(order, seed * 50 + attempt)
        if [story.card(card_id).grade for card_id in candidate] != grades:
            break
    return candidate


def moved_card(order: Sequence[str], card_id: str, delta: int) -> tuple[str, ...]:
    """``order`` with ``card_id`` moved ``delta`` places (negative is up), kept in the list.

    The keyboard alternative to dragging a card in step 4.

    >>> moved_card(["a", "b", "c"], "c", -1)
    ('a', 'c', 'b')
    >>> moved_card(["a", "b", "c"], "a", -1)
    ('a', 'b', 'c')
    """
    ids = list(order)
    if card_id not in ids:
        msg = f"There is no card called {card_id} in this order."
        raise NdcgError(msg)
    start = ids.index(card_id)
    ids.insert(min(max(start + delta, 0), len(ids) - 1), ids.pop(start))
    return tuple(ids)


def swapped(order: Sequence[str], first: int, second: int) -> tuple[str, ...]:
    """``order`` with the cards at positions ``first`` and ``second`` (from 1) swapped.

    >>> swapped(["a", "b", "c"], 2, 3)
    ('a', 'c', 'b')
    """
    ids = list(order)
    if not (1 <= first <= len(ids) and 1 <= second <= len(ids)):
        msg = f"Positions {first} and {second} are not both between 1 and {len(ids)}."
        raise NdcgError(msg)
    ids[first - 1], ids[second - 1] = ids[second - 1], ids[first - 1]
    return tuple(ids)
