"""Hypothesis strategies shared by the core's tests."""

from __future__ import annotations

import math

from hypothesis import strategies as st

from ndcg_core import Convention


def conventions(*, ideals: tuple[str, ...] = ("list", "judged")) -> st.SearchStrategy[Convention]:
    """Any convention (ties left at their default: these lists carry no scores)."""
    return st.builds(
        Convention,
        gain=st.sampled_from(["linear", "exponential"]),
        discount=st.sampled_from(["log", "jk"]),
        log_base=st.sampled_from([2.0, math.e, 10.0, 1.5, 1.25]),
        cutoff_k=st.none() | st.integers(1, 14),
        ideal=st.sampled_from(ideals),
        zero_ideal=st.sampled_from(["zero", "one", "nan", "exclude"]),
        negative_grades=st.sampled_from(["keep", "as_zero", "penalise"]),
    )
