"""The registry of question kinds: every kind a class can be asked, and Practice's.

To add a kind, write one module beside these (a subclass of
:class:`~ndcg_core.teaching.kinds.base.QuestionKind` as ``KIND``: its words, its answer
input, parser, checker and reveal, and for Practice how it deals an exercise) and add it to
``_REGISTERED`` below. Nothing else names
a kind: the store keeps ``kind.name``, the pages draw the kind's declared answer input.

>>> [kind.name for kind in KINDS.values()]
['predict', 'compare', 'reorder', 'spot', 'list']
>>> kind_named("spot").title
'Spot the drawback'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ndcg_core.teaching.kinds import about_list, compare, predict, reorder, spot
from ndcg_core.teaching.kinds.base import QuestionKind

_REGISTERED: tuple[QuestionKind, ...] = (
    predict.KIND,
    compare.KIND,
    reorder.KIND,
    spot.KIND,
    about_list.KIND,
)

KINDS: Mapping[str, QuestionKind] = MappingProxyType({kind.name: kind for kind in _REGISTERED})
"""Every registered kind by its name, in the order a teacher's list shows them."""

# Practice's kinds, by name; a set deals them in its own order (teaching/practice.py).
PREDICT = predict.KIND
COMPARE = compare.KIND
REORDER = reorder.KIND
SPOT = spot.KIND
LIST = about_list.KIND


def kind_named(name: str) -> QuestionKind:
    """The registered kind called ``name``; :class:`KeyError` if there is none."""
    return KINDS[name]
