"""The question a predict exercise asks, in Practice and in class: the measure and the whole
convention it is computed under, since the sidebar does not apply to exercises."""

from __future__ import annotations

from ndcg_core.metric.conventions import Convention
from ndcg_core.text.formatting import format_real


def predict_prompt(convention: Convention, tolerance: float) -> str:
    """The question: "What is nDCG@k of this ranking (its whole convention, as
    :meth:`Convention.__str__` writes it)?", and how close an answer must be.

    >>> from ndcg_core.metric.choices import Gain
    >>> predict_prompt(Convention(cutoff_k=3, gain=Gain.EXPONENTIAL), 0.01)
    'What is nDCG@3 of this ranking (nDCG@3, exponential gain (2^rel-1), log2(i+1), ideal from the list)? Answer to within 0.010.'
    """
    return (
        f"What is {convention.label} of this ranking ({convention})? Answer to within "
        f"{format_real(tolerance)}."
    )
