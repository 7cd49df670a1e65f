"""A convention: every choice behind an nDCG number in one frozen record, read from and
written to a link's parameters, and ``PRESETS``, named conventions that reproduce well-known
libraries. The choices themselves are described as data in :mod:`ndcg_core.metric.choices`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choices import (
    CONVENTION_FIELDS,
    Discount,
    Gain,
    IdealSource,
    NegativeGrades,
    TiePolicy,
    ZeroIdeal,
    format_base,
)
from ndcg_core.text.quoting import quoted


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
        is named (:func:`read_params`), in one error.

        >>> Convention.from_params({"k": "5", "base": "10"}).label
        'nDCG@5'
        """
        convention, problems = read_params(params)
        if problems:
            raise NdcgError(" ".join(problems))
        return convention


_FIELD_ENUMS: Mapping[str, type[StrEnum]] = MappingProxyType(
    {name: info.enum for name, info in CONVENTION_FIELDS.items() if info.enum is not None}
)
# Convention field -> URL parameter name.
_PARAM_KEYS: Mapping[str, str] = MappingProxyType(
    {name: info.url_key for name, info in CONVENTION_FIELDS.items()}
)

# A link is typed or pasted by hand as often as it is made by the app: when two settings
# are wrong, the reader is told both, not the first and then, once it is fixed, the second.
MAX_VALUE_LENGTH = 40


def read_params(params: Mapping[str, str]) -> tuple[Convention, tuple[str, ...]]:
    """The convention of a link's good settings (a bad one keeps its default), and a
    sentence for each bad one. Unknown keys are ignored.

    >>> convention, problems = read_params({"k": "five", "base": "x", "gain": "exponential"})
    >>> convention.gain.value
    'exponential'
    >>> for problem in problems:
    ...     print(problem)
    The link's log base must be a number; got “x”.
    The link's cutoff k must be a whole number; got “five”.
    """
    fields: dict[str, object] = {}
    problems: list[str] = []
    for name, info in CONVENTION_FIELDS.items():
        if info.url_key not in params:
            continue
        try:
            value = _read_value(name, info.url_key, str(params[info.url_key]).strip())
            if value is None:
                continue
            Convention(**{name: value})  # type: ignore[arg-type]  # checks this field alone
        except NdcgError as error:
            problems.append(str(error))
        else:
            fields[name] = value
    return Convention(**fields), tuple(problems)  # type: ignore[arg-type]


def _read_value(name: str, key: str, raw: str) -> object:
    if len(raw) > MAX_VALUE_LENGTH:
        msg = f"The link's {quoted(key)} value is too long."
        raise NdcgError(msg)
    if name == "cutoff_k":
        if raw in ("", "all"):
            return None
        if not raw.isascii() or not raw.isdigit():
            msg = f"The link's cutoff k must be a whole number; got {quoted(raw)}."
            raise NdcgError(msg)
        return int(raw)
    if name == "log_base":
        try:
            return float(raw) if raw.lower() != "e" else math.e
        except ValueError:
            msg = f"The link's log base must be a number; got {quoted(raw)}."
            raise NdcgError(msg) from None
    return raw


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
