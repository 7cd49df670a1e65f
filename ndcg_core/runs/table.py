"""The per-query scores of a run, a page at a time: found by id, ordered, counted.

A run can hold a million queries. A browser draws 50 rows and a picker of 50 ids at once
without effort; a table or a picker of every query froze Chromium (issue 20). So a page
shows :data:`QUERY_PAGE_ROWS` queries, the ones whose id contains the text searched for, in
the order asked for, and says which of how many they are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.text.quoting import quoted

if TYPE_CHECKING:
    import pandas as pd

    from ndcg_core.runs.scoring import RunScores

QUERY_PAGE_ROWS = 50


class QueryOrder(Enum):
    """How the table orders the queries (its value is the label a reader sees)."""

    ID = "query id"
    WORST = "lowest nDCG first"
    BEST = "highest nDCG first"


@dataclass(frozen=True)
class QueryPage:
    """One page of the table: its rows (``qid``, ``ndcg``, ``retrieved``, ``relevant``),
    where they start among the queries that match, how many match, of how many in all."""

    rows: pa.Table
    first: int  # 0-based, among the matches
    matches: int
    total: int
    contains: str
    page: int
    pages: int

    @property
    def qids(self) -> list[str]:
        """The ids on this page, top to bottom."""
        ids: list[str] = self.rows.column("qid").to_pylist()
        return ids

    def caption(self) -> str:
        """Which queries are shown, in words.

        >>> from ndcg_core.runs.scoring import evaluate_run_files
        >>> scores = evaluate_run_files(b"a Q0 d 1 1 t\\nb Q0 d 1 1 t\\n", b"a 0 d 1\\nb 0 d 1\\n")
        >>> table = QueryTable(scores)
        >>> table.page(1).caption(), table.page(1, contains="b").caption()
        ('Queries 1-2 of 2.', 'Queries 1-1 of 1 whose id contains “b” (of 2).')
        >>> table.page(1, contains="zz").caption()
        'No query id contains “zz” (of 2).'
        """
        if not self.matches:
            return f"No query id contains {quoted(self.contains)} (of {self.total:,})."
        shown = f"Queries {self.first + 1:,}-{self.first + self.rows.num_rows:,}"
        if not self.contains:
            return f"{shown} of {self.total:,}."
        return (
            f"{shown} of {self.matches:,} whose id contains {quoted(self.contains)} "
            f"(of {self.total:,})."
        )


@dataclass(frozen=True, eq=False)
class QueryTable:
    """A run's per-query scores, ready to be shown a page at a time. The ids (as Arrow
    strings, searched in C) and each order are made once, on first use (the table is
    kept per session, never shared: its orders fill in as they are asked for)."""

    scores: RunScores
    _orders: dict[QueryOrder, np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def total(self) -> int:
        return len(self.scores.qids)

    @cached_property
    def _ids(self) -> pa.Array:
        return pa.array(self.scores.qids, type=pa.string())

    def _order(self, order: QueryOrder) -> np.ndarray:
        if order is QueryOrder.ID:
            return np.arange(self.total)  # the scores come in id order
        if order not in self._orders:
            ndcg = self.scores.ndcg.astype(np.float64)
            # NaN (a query left out under "exclude") last either way; ties by id.
            key = np.where(np.isnan(ndcg), np.inf, ndcg if order is QueryOrder.WORST else -ndcg)
            self._orders[order] = np.argsort(key, kind="stable")
        return self._orders[order]

    def page(
        self, page: int, *, contains: str = "", order: QueryOrder = QueryOrder.ID
    ) -> QueryPage:
        """Page ``page`` (from 1; past the last, the last) of the queries whose id contains
        ``contains`` (anywhere, case as typed), in ``order``.

        >>> from ndcg_core.runs.scoring import evaluate_run_files
        >>> run = b"".join(b"q%d Q0 d 1 1 t\\n" % i for i in range(120))
        >>> qrels = b"".join(b"q%d 0 d %d\\n" % (i, i % 2) for i in range(120))
        >>> last = QueryTable(evaluate_run_files(run, qrels)).page(9)
        >>> last.page, last.pages, last.first, last.rows.num_rows
        (3, 3, 100, 20)
        """
        rows = self._order(order)
        if contains:
            found = pc.match_substring(self._ids, contains).to_numpy(zero_copy_only=False)
            rows = rows[found[rows]]
        matches = len(rows)
        pages = max(1, math.ceil(matches / QUERY_PAGE_ROWS))
        page = min(max(page, 1), pages)
        first = (page - 1) * QUERY_PAGE_ROWS
        shown = rows[first : first + QUERY_PAGE_ROWS]
        scores = self.scores
        table = pa.table(
            {
                "qid": pa.array(scores.qids[shown], type=pa.string()),
                "ndcg": pa.array(scores.ndcg[shown], type=pa.float64()),
                "retrieved": pa.array(scores.retrieved[shown], type=pa.int64()),
                "relevant": pa.array(scores.relevant[shown], type=pa.int64()),
            }
        )
        return QueryPage(table, first, matches, self.total, contains, page, pages)


PLOTTED_QUERIES = 500  # bars a chart of per-query differences draws at most


def plotted_differences(paired: pd.DataFrame, *, limit: int = PLOTTED_QUERIES) -> pd.DataFrame:
    """The rows a chart of per-query differences draws: all of them, or over ``limit``,
    ``limit`` evenly spaced ones of the differences sorted (the largest and the smallest
    among them), so the curve keeps its shape and the browser a few hundred bars.

    >>> import pandas as pd
    >>> paired = pd.DataFrame({"qid": list("abcde"), "difference": [0.1, -0.5, 0.3, 0.0, 0.2]})
    >>> plotted_differences(paired, limit=3)["qid"].tolist()  # 0.3, 0.1, -0.5 of five sorted
    ['c', 'a', 'b']
    """
    if len(paired) <= limit:
        return paired
    ordered = paired.sort_values("difference", ascending=False, kind="stable")
    at = np.unique(np.linspace(0, len(ordered) - 1, limit).round().astype(np.int64))
    return ordered.iloc[at].reset_index(drop=True)
