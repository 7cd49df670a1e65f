"""How many examples a property test tries: its own budget, or a few under `make check`.

Hypothesis lets an explicit ``@settings(max_examples=...)`` win over the loaded profile, so a
test with a budget of its own would ignore the quick profile of `make check`
(``NDCG_QUICK_CHECK=1``, tests/conftest.py). Such tests ask here instead:
``@settings(max_examples=examples(300))``. `make test` and CI keep every budget.
"""

from __future__ import annotations

import os

QUICK_EXAMPLES = 10


def quick_check() -> bool:
    """Whether this is `make check`'s quick run."""
    return bool(os.environ.get("NDCG_QUICK_CHECK"))


def examples(budget: int, *, quick: int = QUICK_EXAMPLES) -> int:
    """``budget``, or at most ``quick`` (:data:`QUICK_EXAMPLES` unless a test whose every
    example takes a second asks for fewer) in the quick check.

    >>> examples(300) == (QUICK_EXAMPLES if quick_check() else 300)
    True
    >>> examples(12, quick=2) == (2 if quick_check() else 12)
    True
    """
    return min(budget, quick) if quick_check() else budget
