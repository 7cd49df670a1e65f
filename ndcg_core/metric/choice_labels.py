"""A convention choice in words: the one label each choice has, wherever a page names it.

The labels are :data:`ndcg_core.metric.conventions.CONVENTION_FIELDS`' (the sidebar's); tables,
notes and captions name a choice through :func:`choice_label`, never by its value.
"""

from __future__ import annotations

from enum import StrEnum

from ndcg_core.metric.choices import CONVENTION_FIELDS


def choice_label(choice: StrEnum) -> str:
    """The label a person reads for one choice of a convention field, as the sidebar shows it.

    >>> from ndcg_core.metric.choices import NegativeGrades, ZeroIdeal
    >>> choice_label(ZeroIdeal.ZERO), choice_label(NegativeGrades.AS_ZERO)
    ('score 0', 'count as 0')
    """
    info = next(info for info in CONVENTION_FIELDS.values() if info.enum is type(choice))
    return next(c.label for c in info.choices if c.value == choice.value)
