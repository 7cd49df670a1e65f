"""nDCG Lab's core: CG, DCG and nDCG under every named convention. Pure Python, no Streamlit."""

from ndcg_core.conventions import (
    CONVENTION_FIELDS,
    PRESETS,
    Convention,
    Discount,
    Gain,
    IdealSource,
    NegativeGrades,
    Preset,
    TiePolicy,
    ZeroIdeal,
)
from ndcg_core.errors import NdcgError
from ndcg_core.metrics import Evaluation, cg, dcg, discounts, evaluate, format_real, gains, ndcg
from ndcg_core.parsing import GradeList, format_grades, parse_grades
from ndcg_core.queries import MeanNdcg, Query, mean_ndcg
from ndcg_core.ranking import Ranking, evaluate_scores, rank_by_scores

__all__ = [
    "CONVENTION_FIELDS",
    "PRESETS",
    "Convention",
    "Discount",
    "Evaluation",
    "Gain",
    "GradeList",
    "IdealSource",
    "MeanNdcg",
    "NdcgError",
    "NegativeGrades",
    "Preset",
    "Query",
    "Ranking",
    "TiePolicy",
    "ZeroIdeal",
    "cg",
    "dcg",
    "discounts",
    "evaluate",
    "evaluate_scores",
    "format_grades",
    "format_real",
    "gains",
    "mean_ndcg",
    "ndcg",
    "parse_grades",
    "rank_by_scores",
]
