"""Your run's "Scores per query (CSV)": how long ``per_query_csv`` takes at 10,000, 100,000 and
1,000,000 queries, against a baseline in the same run: the same cells written one at a time
(each text cell through ``spreadsheet_safe``, each number by ``repr``) with Python's ``csv``
module, the cell-by-cell way the first version of the download worked.

Run: .venv/bin/python benchmarks/csv_download.py [queries ...]  (default 10000 100000 1000000)

The download is built when clicked, in a server thread, but it holds the GIL while it runs:
every other session's rerun waits behind it.
"""

from __future__ import annotations

import csv
import io
import math
import sys
import time
from collections.abc import Callable

import numpy as np

from ndcg_core.pictures.export import per_query_csv, spreadsheet_safe
from ndcg_core.runs.scoring import RunScores


def scores_of(queries: int) -> RunScores:
    """Seeded per-query scores shaped like a run's: ids, DCGs, some undefined ideal DCGs."""
    rng = np.random.default_rng(20)
    ideal = rng.random(queries) * 8
    ideal[rng.random(queries) < 0.01] = math.nan  # judged queries missing from the run
    dcg = ideal * rng.random(queries)
    return RunScores(
        np.array([f"=q{i}" if i % 97 == 0 else f"q{i}" for i in range(queries)], dtype=object),
        dcg,
        ideal,
        dcg / ideal,
        np.full(queries, 1000),
        rng.integers(0, 20, queries),
        0,
        True,
        0,
    )


def baseline_csv(scores: RunScores) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["qid", "DCG", "ideal DCG", "nDCG", "retrieved", "relevant"])
    columns = (scores.dcg, scores.ideal_dcg, scores.ndcg, scores.retrieved, scores.relevant)
    for qid, *numbers in zip(scores.qids.tolist(), *(c.tolist() for c in columns), strict=True):
        writer.writerow(
            [spreadsheet_safe(qid), *("" if math.isnan(v) else repr(v) for v in numbers)]
        )
    return out.getvalue()


def seconds(build: Callable[[RunScores], str], scores: RunScores) -> tuple[float, int]:
    start = time.perf_counter()
    text = build(scores)
    return time.perf_counter() - start, len(text)


def main(sizes: list[int]) -> None:
    print("| queries | per_query_csv (s) | baseline (s) | ratio | CSV size (MB) |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for queries in sizes:
        scores = scores_of(queries)
        ours, size = seconds(per_query_csv, scores)
        theirs, _ = seconds(baseline_csv, scores)
        print(
            f"| {queries:,} | {ours:.2f} | {theirs:.2f} | {ours / theirs:.2f} | {size / 1e6:.1f} |"
        )


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [10_000, 100_000, 1_000_000])
