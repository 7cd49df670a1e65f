"""The choices behind an nDCG number, each named and described as data.

One enum per choice (gain, discount, ideal, ties, a zero ideal, negative grades), and
``CONVENTION_FIELDS``, which describes each field of a
:class:`~ndcg_core.metric.conventions.Convention` (label, help text, choices and which library
uses each choice) so the app can build its widgets and tooltips from it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from ndcg_core.text.quoting import short_number


class Gain(StrEnum):
    """How a grade becomes a gain: ``rel`` or ``2**rel - 1``."""

    LINEAR = "linear"
    EXPONENTIAL = "exponential"

    def latex(self, rel: str = "rel_i") -> str:
        """The gain of grade ``rel`` in LaTeX.

        >>> Gain.EXPONENTIAL.latex()
        '(2^{rel_i} - 1)'
        """
        return rel if self is Gain.LINEAR else f"(2^{{{rel}}} - 1)"


class Discount(StrEnum):
    """How a gain is divided by its rank ``i`` (1-based), for a log base ``b``."""

    LOG = "log"  # divide by log_b(i + 1)
    JARVELIN_KEKALAINEN = "jk"  # no discount while i < b, then divide by log_b(i)

    def formula(self, log_base: float) -> str:
        """The divisor at rank i as text: ``log2(i+1)``, or ``1 if i < 2 else log2(i)``
        (Järvelin-Kekäläinen); ``ln`` for base e. It is the formula
        :func:`ndcg_core.metric.rules.divisors` computes (a test evaluates it).

        >>> Discount.LOG.formula(2.0), Discount.JARVELIN_KEKALAINEN.formula(math.e)
        ('log2(i+1)', '1 if i < e else ln(i)')
        """
        base = format_base(log_base)
        log = "ln" if base == "e" else f"log{base}"
        if self is Discount.LOG:
            return f"{log}(i+1)"
        return f"1 if i < {base} else {log}(i)"

    def at(self, rank: int, log_base: float, *, spelled: bool = False) -> str:
        """The divisor at one rank as text, :meth:`formula` with ``i`` filled in: what a
        sentence says ("2 / log2(3)"); ``1`` where Järvelin-Kekäläinen does not divide.
        ``spelled`` keeps the ``+1`` in sight, as a first reading of the formula wants.

        >>> Discount.LOG.at(2, 2.0), Discount.JARVELIN_KEKALAINEN.at(1, 2.0)
        ('log2(3)', '1')
        >>> Discount.JARVELIN_KEKALAINEN.at(3, 2.0), Discount.LOG.at(3, 2.0, spelled=True)
        ('log2(3)', 'log2(3+1)')
        """
        base = format_base(log_base)
        log = "ln" if base == "e" else f"log{base}"
        if self is Discount.LOG:
            return f"{log}({rank}+1)" if spelled else f"{log}({rank + 1})"
        return "1" if rank < log_base else f"{log}({rank})"

    def latex(self, log_base: float) -> str:
        r"""The divisor at rank i in LaTeX, the same formula as :meth:`formula`.

        >>> Discount.LOG.latex(2.0), Discount.JARVELIN_KEKALAINEN.latex(10.0)
        ('\\log_{2}(i+1)', '\\max(1, \\log_{10} i)')
        """
        base = format_base(log_base)
        log = r"\ln" if base == "e" else rf"\log_{{{base}}}"
        if self is Discount.LOG:
            return f"{log}(i+1)"
        return rf"\max(1, {log} i)"  # 1 while i < b, where log_b(i) < 1


class IdealSource(StrEnum):
    """Which grades the ideal ranking is built from."""

    LIST = "list"  # the shown list, re-sorted (scikit-learn)
    JUDGED = "judged"  # every judged document of the query, retrieved or not (trec_eval)


class TiePolicy(StrEnum):
    """How documents with equal predicted scores are ordered."""

    AVERAGE = "average"  # McSherry-Najork: each tied position gets the group's mean gain
    PESSIMISTIC = "pessimistic"  # lowest grade first within a tie
    OPTIMISTIC = "optimistic"  # highest grade first within a tie
    TREC_EVAL = "trec_eval"  # score descending, then document id descending


class ZeroIdeal(StrEnum):
    """What nDCG is when the ideal DCG is 0 (no document has a positive gain)."""

    ZERO = "zero"
    ONE = "one"
    NAN = "nan"  # undefined; a mean over queries becomes NaN too
    EXCLUDE = "exclude"  # undefined for the query, left out of a mean over queries


class NegativeGrades(StrEnum):
    """What happens to grades below 0."""

    KEEP = "keep"  # used literally, in the list and in the ideal
    PENALISE = "penalise"  # used literally in the list; the ideal counts them as 0
    AS_ZERO = "as_zero"  # counted as 0, so they add nothing to DCG or the ideal
    REJECT = "reject"  # an error


@dataclass(frozen=True)
class Choice:
    """One value of a convention field, as a person reads it."""

    value: str
    label: str
    used_by: str


@dataclass(frozen=True)
class FieldInfo:
    """A convention field described as data: drives widgets, help text, links and docs.

    ``enum`` is the field's type when it is a choice (its values are the choices'),
    ``url_key`` its short name in a link's query string.
    """

    label: str
    help: str
    url_key: str
    enum: type[StrEnum] | None = None
    choices: tuple[Choice, ...] = ()


CONVENTION_FIELDS: Mapping[str, FieldInfo] = MappingProxyType(
    {
        "gain": FieldInfo(
            "Gain",
            "How a relevance grade becomes a gain. Exponential gain rewards highly relevant "
            "documents much more; for grades 0 and 1 both give the same gain.",
            url_key="gain",
            enum=Gain,
            choices=(
                Choice("linear", "linear: rel", "scikit-learn, trec_eval, ranx ndcg, 2002 paper"),
                Choice(
                    "exponential",
                    "exponential: 2^rel - 1",
                    "ranx ndcg_burges, Burges 2005; common in industry and on Kaggle",
                ),
            ),
        ),
        "discount": FieldInfo(
            "Discount",
            "What the gain at rank i is divided by. The log base b scales every DCG but "
            "cancels out of nDCG when the discount is log_b(i+1).",
            url_key="disc",
            enum=Discount,
            choices=(
                Choice("log", "log_b(i+1)", "scikit-learn, trec_eval, ranx (b = 2)"),
                Choice(
                    "jk",
                    "Järvelin-Kekäläinen: 1 while i < b, then log_b(i)",
                    "Järvelin & Kekäläinen 2002, LensKit option",
                ),
            ),
        ),
        "log_base": FieldInfo(
            "Log base b", "The base b of the logarithm in the discount (b > 1).", url_key="base"
        ),
        "cutoff_k": FieldInfo(
            "Cutoff k",
            "Only the top k positions count (nDCG@k). Empty means the whole list; a k larger "
            "than the list counts the whole list.",
            url_key="k",
        ),
        "ideal": FieldInfo(
            "Ideal ranking from",
            "The ideal DCG sorts these grades from best to worst. Judged documents that were "
            "never retrieved can only count when the ideal comes from all judged documents.",
            url_key="ideal",
            enum=IdealSource,
            choices=(
                Choice("list", "the shown list", "scikit-learn"),
                Choice("judged", "all judged documents", "trec_eval, ranx"),
            ),
        ),
        "ties": FieldInfo(
            "Tied scores",
            "When documents are ranked by predicted scores, how equal scores are ordered.",
            url_key="ties",
            enum=TiePolicy,
            choices=(
                Choice("average", "average over the tie", "scikit-learn (McSherry & Najork 2008)"),
                Choice("pessimistic", "worst grade first", "a lower bound"),
                Choice("optimistic", "best grade first", "an upper bound"),
                Choice("trec_eval", "by doc id, descending", "trec_eval"),
            ),
        ),
        "zero_ideal": FieldInfo(
            "If no document is relevant",
            "When the ideal DCG is 0, nDCG divides 0 by 0. Libraries disagree on the answer.",
            url_key="zero",
            enum=ZeroIdeal,
            choices=(
                Choice("zero", "score 0", "scikit-learn, trec_eval, ranx"),
                Choice("one", "score 1", "some learning-to-rank toolkits (e.g. LightGBM)"),
                Choice("nan", "undefined (NaN)", "LensKit (with a warning)"),
                Choice("exclude", "leave out of the mean", "a common evaluation practice"),
            ),
        ),
        "negative_grades": FieldInfo(
            "Negative grades",
            "Grades below 0 (for example Bad = -1) can penalise bad documents, but nDCG may "
            "then leave the range [0, 1].",
            url_key="neg",
            enum=NegativeGrades,
            choices=(
                Choice("keep", "keep in list and ideal", "textbook formula"),
                Choice(
                    "penalise",
                    "keep in list, 0 in ideal",
                    "seed 000's Good/Fair/Bad = 1/0/-1 fix",
                ),
                Choice("as_zero", "count as 0", "trec_eval, ranx"),
                Choice("reject", "reject", "scikit-learn (raises an error)"),
            ),
        ),
    }
)


def format_base(base: float) -> str:
    """A log base as short text that reads back to the same float ('e' for Euler's number)."""
    return "e" if base == math.e else short_number(base)
