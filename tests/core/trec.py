"""trec_eval itself, through pytrec_eval, for the tests that check our measures against it."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytrec_eval


def trec_eval(
    judged: Mapping[str, Mapping[str, int]],
    scored: Mapping[str, Mapping[str, float]],
    name: str,
    *,
    relevance_level: int = 1,
) -> dict[str, float]:
    """Each query's value of the measure trec_eval reports as ``name`` (``P_10``, ``map``,
    ``ndcg_cut_3``): a cutoff is asked for as pytrec_eval spells it (``P.10``)."""
    asked = re.sub(r"_(\d+)$", r".\1", name)
    evaluator = pytrec_eval.RelevanceEvaluator(
        {q: dict(docs) for q, docs in judged.items()}, {asked}, relevance_level=relevance_level
    )
    results = evaluator.evaluate({q: dict(docs) for q, docs in scored.items()})
    return {qid: values[name] for qid, values in results.items()}
