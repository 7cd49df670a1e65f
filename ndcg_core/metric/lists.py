"""Reordering a labelled list of grades: what the drag list and its buttons do."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ndcg_core.errors import NdcgError
from ndcg_core.metric.kernel import best_first
from ndcg_core.metric.parsing import GradeList
from ndcg_core.text.quoting import quoted


def ideal_order(grade_list: GradeList) -> GradeList:
    """Best grade first; equal grades keep their current order
    (:func:`ndcg_core.metric.kernel.best_first`, the one home of the ideal order).

    >>> ideal_order(GradeList((1.0, 3.0, 2.0), ("a", "b", "c"))).labels
    ('b', 'c', 'a')
    """
    return _take(grade_list, best_first(grade_list.grades).tolist())


def reversed_order(grade_list: GradeList) -> GradeList:
    """The list upside down.

    >>> reversed_order(GradeList((1.0, 3.0), ("a", "b"))).grades
    (3.0, 1.0)
    """
    return _take(grade_list, range(len(grade_list.grades) - 1, -1, -1))


def shuffled(grade_list: GradeList, seed: int | None = None) -> GradeList:
    """A random order (a fresh generator per call, so sessions never share one)."""
    order = list(range(len(grade_list.grades)))
    random.Random(seed).shuffle(order)
    return _take(grade_list, order)


def moved(grade_list: GradeList, label: str, steps: int) -> GradeList:
    """Move one document ``steps`` places (negative is up), stopping at either end.

    >>> moved(GradeList((1.0, 2.0, 3.0), ("a", "b", "c")), "c", -1).labels
    ('a', 'c', 'b')
    """
    order = list(range(len(grade_list.grades)))
    try:
        start = grade_list.labels.index(label)
    except ValueError:
        msg = f"There is no document {quoted(label)} in the list."
        raise NdcgError(msg) from None
    end = min(max(start + steps, 0), len(order) - 1)
    order.insert(end, order.pop(start))
    return _take(grade_list, order)


def reordered(grade_list: GradeList, labels: Sequence[str]) -> GradeList:
    """The same documents in the order the labels give (as a drag list reports it).

    >>> reordered(GradeList((1.0, 2.0), ("a", "b")), ["b", "a"]).grades
    (2.0, 1.0)
    """
    if sorted(labels) != sorted(grade_list.labels):
        msg = "The new order does not hold exactly the documents of the list."
        raise NdcgError(msg)
    position = {label: i for i, label in enumerate(grade_list.labels)}
    return _take(grade_list, [position[label] for label in labels])


def natural_key(label: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts "D2" before "D10".

    >>> sorted(["D10", "D2", "a"], key=natural_key)
    ['D2', 'D10', 'a']
    """
    parts = re.split(r"(\d+)", label)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts if p)


def _take(grade_list: GradeList, order: Sequence[int] | range) -> GradeList:
    return GradeList(
        tuple(grade_list.grades[i] for i in order), tuple(grade_list.labels[i] for i in order)
    )


@dataclass(frozen=True)
class OrderWords:
    """How messages about an order name its problems. Each is a :meth:`str.format` template:
    ``{position}`` (from 1), ``{item}`` and ``{shown}`` (the item as the message shows an
    unknown one) in ``unknown`` and ``repeated``; ``{missing}`` in ``missing``."""

    unknown: str
    repeated: str
    missing: str
    most_missing: int | None = None  # name at most this many missing items, then "…"


def check_permutation(
    order: Sequence[str],
    items: Sequence[str],
    words: OrderWords,
    *,
    show: Callable[[str], str] = str,
) -> tuple[str, ...]:
    """``order`` as a tuple if it names each of ``items`` exactly once; else the first
    problem, in ``words``, as :class:`NdcgError` (pointing at the position where it can).

    >>> words = OrderWords("{item} at {position}?", "{item} again at {position}", "No {missing}")
    >>> check_permutation(["b", "a"], ["a", "b"], words)
    ('b', 'a')
    >>> check_permutation(["a", "a"], ["a", "b"], words)
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: a again at 2
    >>> check_permutation(["a"], ["a", "b", "c"], OrderWords("", "", "No {missing}", 1))
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: No b…
    """
    known = set(items)
    seen: set[str] = set()
    for position, item in enumerate(order, start=1):
        if item not in known or item in seen:
            template = words.unknown if item not in known else words.repeated
            msg = template.format(position=position, item=item, shown=show(item))
            raise NdcgError(msg, item=position)
        seen.add(item)
    missing = [item for item in items if item not in seen]
    if missing:
        named = missing if words.most_missing is None else missing[: words.most_missing]
        more = "…" if len(named) < len(missing) else ""
        msg = words.missing.format(missing=", ".join(named) + more)
        raise NdcgError(msg)
    return tuple(order)
