"""Every choice behind an nDCG number, named, documented and serialisable.

A :class:`Convention` is a frozen record with one field per choice. ``CONVENTION_FIELDS``
describes each field as data (label, help text, choices and which library uses each
choice) so the app can build its widgets and tooltips from it, and ``PRESETS`` holds
named conventions that reproduce well-known libraries.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType

from ndcg_core.errors import NdcgError
from ndcg_core.text.quoting import quoted, short_number


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
                Choice("trec_eval", "score, then doc id descending", "trec_eval"),
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
                Choice("keep", "keep, in the list and the ideal", "textbook formula"),
                Choice(
                    "penalise",
                    "keep in the list, 0 in the ideal",
                    "seed 000's Good/Fair/Bad = 1/0/-1 fix",
                ),
                Choice("as_zero", "count as 0", "trec_eval, ranx"),
                Choice("reject", "reject", "scikit-learn (raises an error)"),
            ),
        ),
    }
)


@dataclass(frozen=True)
class Convention:
    """All the choices that turn a list of grades into an nDCG number.

    >>> str(Convention())
    'nDCG, linear gain, log2(i+1), ideal from the list'
    >>> Convention(cutoff_k=5, gain=Gain.EXPONENTIAL).label
    'nDCG@5'
    """

    gain: Gain = Gain.LINEAR
    discount: Discount = Discount.LOG
    log_base: float = 2.0
    cutoff_k: int | None = None
    ideal: IdealSource = IdealSource.LIST
    ties: TiePolicy = TiePolicy.AVERAGE
    zero_ideal: ZeroIdeal = ZeroIdeal.ZERO
    negative_grades: NegativeGrades = NegativeGrades.KEEP

    def __post_init__(self) -> None:
        # Coerce plain strings so Convention(gain="exponential") works and bad values fail here.
        for name, enum_type in _FIELD_ENUMS.items():
            raw = getattr(self, name)
            try:
                object.__setattr__(self, name, enum_type(raw))
            except ValueError:
                allowed = ", ".join(member.value for member in enum_type)
                msg = f"{CONVENTION_FIELDS[name].label}: {quoted(raw)} is not one of {allowed}."
                raise NdcgError(msg) from None
        base = self.log_base
        if isinstance(base, bool) or not isinstance(base, int | float) or not math.isfinite(base):
            msg = f"The log base must be a finite number greater than 1; got {quoted(base)}."
            raise NdcgError(msg)
        if base <= 1:
            msg = f"The log base must be greater than 1; got {base:g}."
            raise NdcgError(msg)
        object.__setattr__(self, "log_base", float(base))
        k = self.cutoff_k
        if k is not None:
            if isinstance(k, bool) or not isinstance(k, int):
                msg = f"The cutoff k must be a whole number of at least 1; got {quoted(k)}."
                raise NdcgError(msg)
            if k <= 0:
                msg = (
                    f"The cutoff k must be at least 1; got {k}. Leave it empty for the whole list."
                )
                raise NdcgError(msg)

    @property
    def label(self) -> str:
        """The measure's name as papers write it: ``nDCG`` or ``nDCG@k``."""
        return "nDCG" if self.cutoff_k is None else f"nDCG@{self.cutoff_k}"

    @property
    def discount_label(self) -> str:
        """The divisor at rank i, as text (:meth:`Discount.formula`): ``log2(i+1)``, or
        ``1 if i < 2 else log2(i)`` for Järvelin-Kekäläinen."""
        return self.discount.formula(self.log_base)

    @property
    def discount_latex(self) -> str:
        """The divisor at rank i in LaTeX (:meth:`Discount.latex`)."""
        return self.discount.latex(self.log_base)

    def __str__(self) -> str:
        gain = "linear gain" if self.gain is Gain.LINEAR else "exponential gain (2^rel-1)"
        ideal = (
            "ideal from the list" if self.ideal is IdealSource.LIST else "ideal from judged docs"
        )
        return f"{self.label}, {gain}, {self.discount_label}, {ideal}"

    def with_changes(self, **changes: object) -> Convention:
        """A copy with some fields changed (validated like a new one)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def to_params(self) -> dict[str, str]:
        """Only the fields that differ from the default, as short URL parameters.

        >>> Convention(cutoff_k=10, gain=Gain.EXPONENTIAL).to_params()
        {'gain': 'exponential', 'k': '10'}
        """
        default = Convention()
        params: dict[str, str] = {}
        for name, key in _PARAM_KEYS.items():
            value = getattr(self, name)
            if value != getattr(default, name):
                params[key] = format_base(value) if isinstance(value, float) else str(value)
        return params

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> Convention:
        """Read :meth:`to_params` output back; unknown keys are ignored, and every bad value
        is named (:func:`ndcg_core.metric.convention_params.read_params`), in one error.

        >>> Convention.from_params({"k": "5", "base": "10"}).label
        'nDCG@5'
        """
        from ndcg_core.metric.convention_params import read_params  # (it builds Conventions)

        convention, problems = read_params(params)
        if problems:
            raise NdcgError(" ".join(problems))
        return convention


def format_base(base: float) -> str:
    """A log base as short text that reads back to the same float ('e' for Euler's number)."""
    return "e" if base == math.e else short_number(base)


_FIELD_ENUMS: Mapping[str, type[StrEnum]] = MappingProxyType(
    {name: info.enum for name, info in CONVENTION_FIELDS.items() if info.enum is not None}
)
# Convention field -> URL parameter name.
_PARAM_KEYS: Mapping[str, str] = MappingProxyType(
    {name: info.url_key for name, info in CONVENTION_FIELDS.items()}
)


@dataclass(frozen=True)
class Preset:
    """A named convention that reproduces one library's measure."""

    key: str
    name: str
    convention: Convention
    description: str


PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        preset.key: preset
        for preset in (
            Preset(
                "textbook",
                "Textbook (the seed notes)",
                Convention(),
                "rel / log2(i+1), ideal re-sorted from the shown list: the form the worked "
                "examples use.",
            ),
            Preset(
                "sklearn",
                "scikit-learn ndcg_score",
                Convention(negative_grades=NegativeGrades.REJECT),
                "Linear gain, log2(i+1), ideal from the scored list itself, tied scores "
                "averaged (ignore_ties=False), an all-zero row scores 0, negative y_true raises "
                "ValueError, and a single document raises too.",
            ),
            Preset(
                "trec_eval_ndcg",
                "trec_eval ndcg",
                Convention(
                    ideal=IdealSource.JUDGED,
                    ties=TiePolicy.TREC_EVAL,
                    negative_grades=NegativeGrades.AS_ZERO,
                ),
                "Linear gain (the qrels level), log2(rank+1), the whole ranked list, ideal from "
                "every judged document in the qrels; ties by score then document id, both "
                "descending; a query with no relevant document scores 0.",
            ),
            Preset(
                "trec_eval_ndcg_cut",
                "trec_eval ndcg_cut.10",
                Convention(
                    cutoff_k=10,
                    ideal=IdealSource.JUDGED,
                    ties=TiePolicy.TREC_EVAL,
                    negative_grades=NegativeGrades.AS_ZERO,
                ),
                "As trec_eval ndcg, but both the run and the ideal are cut at k (trec_eval "
                "reports k = 5, 10, 15, 20, 30, 100, 200, 500, 1000).",
            ),
            Preset(
                "ranx_ndcg",
                "ranx ndcg",
                Convention(
                    ideal=IdealSource.JUDGED,
                    ties=TiePolicy.TREC_EVAL,
                    negative_grades=NegativeGrades.AS_ZERO,
                ),
                "Järvelin-Kekäläinen's gain (rel) with a log2(rank+1) discount, ideal from the "
                "qrels, grades below 1 ignored, no relevant document scores 0. Ties: ranx orders "
                "equal scores by an unstable sort of its own, which no tie policy reproduces; "
                "this preset uses trec_eval's rule, so runs with tied scores can differ slightly.",
            ),
            Preset(
                "ranx_ndcg_burges",
                "ranx ndcg_burges",
                Convention(
                    gain=Gain.EXPONENTIAL,
                    ideal=IdealSource.JUDGED,
                    ties=TiePolicy.TREC_EVAL,
                    negative_grades=NegativeGrades.AS_ZERO,
                ),
                "Burges et al. 2005: gain 2^rel - 1, log2(rank+1), ideal from the qrels; ties as "
                "for ranx ndcg.",
            ),
            Preset(
                "jk2002",
                "Järvelin & Kekäläinen 2002",
                Convention(
                    discount=Discount.JARVELIN_KEKALAINEN,
                    ideal=IdealSource.JUDGED,
                    zero_ideal=ZeroIdeal.NAN,
                ),
                "The original paper: gain rel, no discount before rank b (b = 2: ranks 1 and 2 "
                "weigh the same), then divide by log_b(rank); the ideal vector comes from the "
                "recall base (all judged documents). The paper leaves 0/0 undefined.",
            ),
        )
    }
)
