"""Two rankings A and B of the same documents: :func:`compare` scores both and splits the gap
by position and by document (:mod:`ndcg_core.metric.comparison` says how), with the paragraph of
:mod:`ndcg_core.metric.compare_words`; ranking B travels in a link as positions in A."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choices import IdealSource
from ndcg_core.metric.compare_words import explain
from ndcg_core.metric.comparison import Comparison, DocumentChange, PositionChange, minus
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.kernel import terms_at_k
from ndcg_core.metric.lists import OrderWords, check_permutation
from ndcg_core.metric.metrics import Evaluation, Real, evaluate

#: The URL parameter that holds ranking B as positions in ranking A.
ORDER_PARAM = "b"
MAX_ORDER_TEXT = 100_000


def compare(
    grades: Mapping[str, float],
    order_a: Sequence[str],
    order_b: Sequence[str],
    convention: Convention | None = None,
    *,
    titles: Mapping[str, str] | None = None,
    unretrieved: Sequence[float] = (),
) -> Comparison:
    """Compare ranking A with ranking B of the documents in ``grades`` (label -> grade).

    ``titles`` (label -> title) name documents in the paragraph; ``unretrieved`` are the
    grades of judged documents neither ranking shows, used when the ideal comes from all
    judged documents.

    >>> c = compare({"x": 3, "y": 2, "z": 3}, ["y", "x", "z"], ["z", "x", "y"])
    >>> round(float(c.dcg_gap), 2), [d.label for d in c.documents[:2]]
    (0.5, ['z', 'y'])
    >>> print(c.paragraph)
    B scores higher than A: nDCG 1 against 0.915, a gap of +0.085 (DCG 5.893 against 5.393, +0.500). The biggest changes: z (grade 3) is 1st in B instead of 3rd, +1.500 DCG (+0.255 nDCG); y (grade 2) is 3rd in B instead of 1st, -1 DCG (-0.170 nDCG). Together that is the whole gap.
    """
    convention = convention or Convention()
    first = _check_order(order_a, grades, "A")
    second = _check_order(order_b, grades, "B")
    judged = None
    if convention.ideal is IdealSource.JUDGED:
        judged = [float(grades[label]) for label in first] + [float(g) for g in unretrieved]

    def run(order: tuple[str, ...], exact: bool | None) -> Evaluation:
        ranked = [float(grades[label]) for label in order]
        return evaluate(ranked, convention, labels=order, judged_grades=judged, exact=exact)

    a, b = run(first, None), run(second, None)
    if a.exact != b.exact:  # both in the same arithmetic, so the differences are exact sums
        a, b = run(first, True), run(second, True)
    names = {label: (titles or {}).get(label) or label for label in first}
    a_counted, b_counted = _counted(a), _counted(b)
    positions = tuple(
        PositionChange(
            i + 1,
            first[i],
            second[i],
            a_counted[i],
            b_counted[i],
            minus(b_counted[i], a_counted[i]),
        )
        for i in range(len(first))
    )
    where_a = {label: i for i, label in enumerate(first)}
    where_b = {label: i for i, label in enumerate(second)}
    documents = [
        DocumentChange(
            label,
            names[label],
            float(grades[label]),
            where_a[label] + 1,
            where_b[label] + 1,
            a_counted[where_a[label]],
            b_counted[where_b[label]],
            minus(b_counted[where_b[label]], a_counted[where_a[label]]),
        )
        for label in first
    ]
    documents.sort(key=lambda d: (-abs(Decimal(d.change)), d.position_b, d.label))
    comparison = Comparison(convention, first, second, a, b, positions, tuple(documents), "")
    return Comparison(
        convention, first, second, a, b, positions, tuple(documents), explain(comparison)
    )


def _counted(evaluation: Evaluation) -> list[Real]:
    """What each document of the list adds to DCG@k (0 past the cutoff)."""
    contributions = evaluation.table["contribution"].to_numpy()[: len(evaluation.grades)]
    counted: list[Real] = terms_at_k(contributions, evaluation.convention.cutoff_k).tolist()
    return counted


def _check_order(order: Sequence[str], grades: Mapping[str, float], name: str) -> tuple[str, ...]:
    if not grades:
        msg = "There are no documents to rank: enter at least one grade."
        raise NdcgError(msg)
    words = OrderWords(
        unknown=f"Ranking {name} has {{item}} at position {{position}}, which is not one of the documents.",
        repeated=f"Ranking {name} has {{item}} twice (again at position {{position}}).",
        missing=f"Ranking {name} leaves out {{missing}}: both rankings show every document once.",
        most_missing=5,
    )
    return check_permutation(order, list(grades), words)


# ------------------------------------------------------------------ the URL form


def order_to_param(order_a: Sequence[str], order_b: Sequence[str]) -> str:
    """Ranking B as the 1-based positions of its documents in A; runs of 3 or more as ``i~j``.

    >>> order_to_param("abcdef", "bacdef")
    '2.1.3~6'
    >>> order_to_param("abcdef", "fedcba")
    '6~1'
    """
    where = {label: i + 1 for i, label in enumerate(order_a)}
    numbers = [where[label] for label in order_b]
    parts: list[str] = []
    start = 0
    while start < len(numbers):
        end = start
        step = numbers[start + 1] - numbers[start] if start + 1 < len(numbers) else 0
        if step in (1, -1):
            while end + 1 < len(numbers) and numbers[end + 1] - numbers[end] == step:
                end += 1
        if end - start >= 2:
            parts.append(f"{numbers[start]}~{numbers[end]}")
            start = end + 1
        else:
            parts.append(str(numbers[start]))
            start += 1
    return ".".join(parts)


_ORDER_TEXT = re.compile(r"[0-9]+(?:~[0-9]+)?(?:\.[0-9]+(?:~[0-9]+)?)*")


def order_from_param(text: str, order_a: Sequence[str]) -> tuple[str, ...]:
    """Read :func:`order_to_param` back into ranking B's labels; bad text raises in words.

    >>> order_from_param("2.1.3~6", "abcdef")
    ('b', 'a', 'c', 'd', 'e', 'f')
    >>> order_from_param("2.2", "ab")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The link's ranking B names position 2 twice.
    """
    n = len(order_a)
    if len(text) > MAX_ORDER_TEXT or not _ORDER_TEXT.fullmatch(text):
        msg = "The link's ranking B is not a list of positions such as 3.1.2 (or 1~6 for a run)."
        raise NdcgError(msg)
    numbers: list[int] = []
    for part in text.split("."):
        first, _, last = part.partition("~")
        low, high = int(first), int(last or first)
        if max(low, high) > n or min(low, high) < 1:
            msg = f"The link's ranking B names position {max(low, high) if max(low, high) > n else min(low, high)}, but the list has {n} documents."
            raise NdcgError(msg)
        step = 1 if high >= low else -1
        numbers.extend(range(low, high + step, step))
        if len(numbers) > n:
            break
    seen: set[int] = set()
    for number in numbers:
        if number in seen:
            msg = f"The link's ranking B names position {number} twice."
            raise NdcgError(msg)
        seen.add(number)
    if len(numbers) != n:
        missing = next(i for i in range(1, n + 1) if i not in seen)
        msg = f"The link's ranking B leaves out position {missing}: it must name all {n}."
        raise NdcgError(msg)
    return tuple(order_a[number - 1] for number in numbers)
