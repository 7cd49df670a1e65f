"""The divisor as people read it (text and LaTeX) is the divisor the core computes, and the
convention's fields are described once, in CONVENTION_FIELDS."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from ndcg_core import CONVENTION_FIELDS, Convention, Discount, Gain, evaluate
from ndcg_core.metric.rules import divisors
from ndcg_core.pictures.tables import column_names
from ndcg_core.teaching.worked import dcg_step

BASES = [2.0, math.e, 10.0, 1.5, 3.0, 7.3, 1.01]
RANKS = range(1, 13)


def _log(base: float, value: float) -> float:
    return math.log(value) / math.log(base)


def _from_text(formula: str, i: int) -> float:
    """Evaluate a divisor written as text: ``log2(i+1)``, ``ln(i)``, ``1 if i < e else ...``."""
    expression = re.sub(r"\blog(e|[0-9.]+)\(", r"_log(\1, ", formula)
    expression = expression.replace("ln(", "_log(e, ")
    return float(eval(expression, {"_log": _log, "e": math.e, "i": i}))


def _from_latex(formula: str, i: int) -> float:
    r"""Evaluate a divisor written in LaTeX: ``\log_{2}(i+1)``, ``\max(1, \ln i)``."""
    expression = re.sub(r"\\log_\{([^}]+)\} i", r"_log(\1, i)", formula)
    expression = re.sub(r"\\log_\{([^}]+)\}\(", r"_log(\1, ", expression)
    expression = expression.replace(r"\ln i", "_log(e, i)").replace(r"\ln(", "_log(e, ")
    expression = expression.replace(r"\max", "max")
    return float(eval(expression, {"_log": _log, "e": math.e, "i": i}))


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("discount", list(Discount))
def test_the_shown_divisor_is_the_computed_one(discount, base) -> None:
    convention = Convention(discount=discount, log_base=base)
    computed = divisors(np.array(RANKS, dtype=np.float64), discount, base)
    worked = dcg_step(evaluate([1, 0, 2], convention)).symbolic
    latex_in_worked = re.fullmatch(r".*\\frac\{rel_i\}\{(.*)\}", worked)
    assert latex_in_worked is not None
    for i, expected in zip(RANKS, computed, strict=True):
        assert _from_text(convention.discount_label, i) == pytest.approx(expected, rel=1e-12)
        assert _from_latex(convention.discount_latex, i) == pytest.approx(expected, rel=1e-12)
        assert _from_latex(latex_in_worked.group(1), i) == pytest.approx(expected, rel=1e-12)


def test_the_table_and_the_summary_name_the_divisor_as_the_convention_does() -> None:
    convention = Convention(log_base=math.e)
    assert column_names(evaluate([1, 0], convention))["discount"] == "ln(i+1)"
    assert str(convention) == "nDCG, linear gain, ln(i+1), ideal from the list"


def test_the_gain_in_latex() -> None:
    assert Gain.LINEAR.latex("rel_i") == "rel_i"
    worked = dcg_step(evaluate([2, 1], Convention(gain=Gain.EXPONENTIAL))).symbolic
    assert r"\frac{(2^{rel_i} - 1)}{\log_{2}(i+1)}" in worked


def test_each_choice_field_lists_exactly_its_enums_values() -> None:
    for name, info in CONVENTION_FIELDS.items():
        values = [choice.value for choice in info.choices]
        if info.enum is None:
            assert values == []
        else:
            assert values == [member.value for member in info.enum]
            assert isinstance(getattr(Convention(), name), info.enum)


def test_link_keys_come_from_the_field_descriptions() -> None:
    keys = [info.url_key for info in CONVENTION_FIELDS.values()]
    assert len(set(keys)) == len(keys) == len(CONVENTION_FIELDS)
    changed = Convention(
        gain="exponential",
        discount="jk",
        log_base=10.0,
        cutoff_k=5,
        ideal="judged",
        ties="trec_eval",
        zero_ideal="nan",
        negative_grades="as_zero",
    )
    assert sorted(changed.to_params()) == sorted(keys)


def test_the_divisor_written_at_a_rank_is_the_one_the_rule_computes() -> None:
    """Discount.at is the text a sentence writes ("log2(3)", "1"); read back as arithmetic
    it gives the divisor rules.divisors computes, for each discount, base and rank."""
    import math
    import re

    import numpy as np

    from ndcg_core.metric.choices import Discount
    from ndcg_core.metric.rules import divisors

    def value(text: str, base: float) -> float:
        if text == "1":
            return 1.0
        found = re.fullmatch(r"(?:ln|log[0-9.]+)\(([0-9]+)(?:\+1)?\)", text)
        assert found is not None, text
        argument = int(found.group(1)) + (1 if text.endswith("+1)") else 0)
        return math.log(argument) / math.log(base)

    for discount in Discount:
        for base in (2.0, math.e, 10.0, 1.5):
            ranks = np.arange(1.0, 13.0)
            computed = divisors(ranks, discount, base)
            for rank, divisor in zip(range(1, 13), computed, strict=True):
                for spelled in (False, True):
                    text = discount.at(rank, base, spelled=spelled)
                    assert math.isclose(value(text, base), float(divisor)), (text, divisor)
