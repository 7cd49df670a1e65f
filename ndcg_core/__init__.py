"""nDCG Lab's core: CG, DCG and nDCG under every named convention. Pure Python, no Streamlit.

Names are imported when first used (PEP 562), so ``from ndcg_core import PRESETS`` loads the
conventions alone, not the metrics with pandas behind them: a batch script that scores run
files (:mod:`ndcg_core.runs.scoring`) then needs NumPy and pyarrow only.

The core is rooms by job; each imports only the rooms below it (and :mod:`ndcg_core.errors`):

- ``questions/``  class questions, what class mode accepts, the reveal
- ``pictures/``   chart specs, tables, the stakeholder page, exports
- ``links/``      the view and its link/file codec, link length, secret parameters
- ``teaching/``   the guided lesson, lessons, practice, worked formulas, slips
- ``runs/``       run and qrels files, batch scoring, significance, typed queries
- ``metric/``     conventions, rules, evaluation, ranking and ties, two rankings compared
- ``text/``       numbers read and written, titles, quoting, the JSON reader
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ndcg_core.errors import NdcgError
    from ndcg_core.metric.choices import (
        CONVENTION_FIELDS,
        Discount,
        Gain,
        IdealSource,
        NegativeGrades,
        TiePolicy,
        ZeroIdeal,
    )
    from ndcg_core.metric.conventions import PRESETS, Convention, Preset
    from ndcg_core.metric.metrics import Evaluation, cg, dcg, evaluate, ndcg
    from ndcg_core.metric.parsing import GradeList, format_grades, parse_grades
    from ndcg_core.metric.ranking import Ranking, evaluate_scores, rank_by_scores
    from ndcg_core.metric.terms import discounts, gains
    from ndcg_core.runs.files import read_qrels, read_run
    from ndcg_core.runs.queries import MeanNdcg, Query, mean_ndcg
    from ndcg_core.runs.scoring import RunScores, evaluate_run, evaluate_run_files, query_ranking
    from ndcg_core.runs.significance import (
        RunComparison,
        bootstrap_interval,
        compare_runs,
        paired_randomization_test,
    )
    from ndcg_core.text.formatting import format_real

_MODULE_OF: Mapping[str, str] = MappingProxyType(
    {
        "CONVENTION_FIELDS": "metric.choices",
        "PRESETS": "metric.conventions",
        "Convention": "metric.conventions",
        "Discount": "metric.choices",
        "Gain": "metric.choices",
        "IdealSource": "metric.choices",
        "NegativeGrades": "metric.choices",
        "Preset": "metric.conventions",
        "TiePolicy": "metric.choices",
        "ZeroIdeal": "metric.choices",
        "NdcgError": "errors",
        "Evaluation": "metric.metrics",
        "cg": "metric.metrics",
        "dcg": "metric.metrics",
        "discounts": "metric.terms",
        "evaluate": "metric.metrics",
        "format_real": "text.formatting",
        "gains": "metric.terms",
        "ndcg": "metric.metrics",
        "GradeList": "metric.parsing",
        "format_grades": "metric.parsing",
        "parse_grades": "metric.parsing",
        "MeanNdcg": "runs.queries",
        "Query": "runs.queries",
        "mean_ndcg": "runs.queries",
        "Ranking": "metric.ranking",
        "evaluate_scores": "metric.ranking",
        "rank_by_scores": "metric.ranking",
        "read_qrels": "runs.files",
        "read_run": "runs.files",
        "RunScores": "runs.scoring",
        "evaluate_run": "runs.scoring",
        "evaluate_run_files": "runs.scoring",
        "query_ranking": "runs.scoring",
        "RunComparison": "runs.significance",
        "bootstrap_interval": "runs.significance",
        "compare_runs": "runs.significance",
        "paired_randomization_test": "runs.significance",
    }
)

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
    "RunComparison",
    "RunScores",
    "TiePolicy",
    "ZeroIdeal",
    "bootstrap_interval",
    "cg",
    "compare_runs",
    "dcg",
    "discounts",
    "evaluate",
    "evaluate_run",
    "evaluate_run_files",
    "evaluate_scores",
    "format_grades",
    "format_real",
    "gains",
    "mean_ndcg",
    "ndcg",
    "paired_randomization_test",
    "parse_grades",
    "query_ranking",
    "rank_by_scores",
    "read_qrels",
    "read_run",
]


def __getattr__(name: str) -> object:
    """Import the module that defines ``name`` on first use, then keep the name here."""
    module = _MODULE_OF.get(name)
    if module is None:
        msg = f"module 'ndcg_core' has no attribute {name!r}"
        raise AttributeError(msg)
    value: object = getattr(importlib.import_module(f"ndcg_core.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
