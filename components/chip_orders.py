"""What a list of chips reports back to the server (the drag list,
:mod:`components.sortable_list`; the live view, :mod:`components.live_view`): an order of its
documents, taken only as a permutation of the ones it was sent."""

from __future__ import annotations

from collections.abc import Sequence


def as_order(order: object, labels: Sequence[str]) -> list[str] | None:
    """``order`` as a list of labels, if it is a permutation of ``labels``.

    >>> as_order(["D2", "D1"], ["D1", "D2"]), as_order(["D1", "D9"], ["D1", "D2"])
    (['D2', 'D1'], None)
    """
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(labels):
        return None
    return [str(label) for label in order]


def new_order(order: object, labels: Sequence[str]) -> list[str] | None:
    """``order`` as a list of labels, if it is a permutation of ``labels`` other than them.

    >>> new_order(["D2", "D1"], ["D1", "D2"]), new_order(["D1", "D2"], ["D1", "D2"])
    (['D2', 'D1'], None)
    """
    moved = as_order(order, labels)
    return None if moved == list(labels) else moved
