"""Scoring evaluation files: nDCG@k of every query of a run, vectorised with NumPy.

Per query, nDCG@k follows the same conventions as :func:`ndcg_core.evaluate` (the ideal is
built from the qrels when the convention says "judged", else from the run's own grades).

:func:`evaluate_run` scores the frames of :func:`~ndcg_core.runs.files.read_qrels` and
:func:`~ndcg_core.runs.files.read_run`; :func:`evaluate_run_files` scores the files' bytes with
Arrow and NumPy only (pandas is imported only when a frame is asked for), for batch use. Both
score with the same code, on integer codes of the ids. Comparing two runs' scores is in
:mod:`ndcg_core.runs.significance`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from ndcg_core.errors import NdcgError
from ndcg_core.metric import kernel, rules
from ndcg_core.metric.choices import IdealSource, NegativeGrades, TiePolicy
from ndcg_core.metric.conventions import Convention
from ndcg_core.runs.coded_files import EvaluationFile, Rows, read_coded, read_evaluation_file
from ndcg_core.runs.query_arrays import (
    order_ties,
    query_blocks,
    query_ideal_dcgs,
    tie_means,
)
from ndcg_core.runs.rows import evaluation_frame

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class RunScores:
    """Per-query scores, in qid order, and what happened to the other queries.

    ``per_query`` is the same as a frame: qid, dcg, ideal_dcg, ndcg, retrieved, relevant.
    """

    qids: np.ndarray  # str objects
    dcg: np.ndarray
    ideal_dcg: np.ndarray  # NaN for a judged query missing from the run
    ndcg: np.ndarray
    retrieved: np.ndarray
    relevant: np.ndarray
    missing_from_run: int
    missing_scored_zero: bool
    not_judged: int

    @cached_property
    def per_query(self) -> pd.DataFrame:
        """One row per query (built on first use: batch scoring needs no pandas)."""
        import pandas as pd

        return pd.DataFrame(
            {
                "qid": self.qids,
                "dcg": self.dcg,
                "ideal_dcg": self.ideal_dcg,
                "ndcg": self.ndcg,
                "retrieved": self.retrieved,
                "relevant": self.relevant,
            }
        )

    @property
    def mean(self) -> float:
        """Mean nDCG over the scored queries (NaN ones, under ``exclude``, left out)."""
        values = self.ndcg.astype(np.float64)
        kept = values[~np.isnan(values)]
        return float(kept.mean()) if kept.size else math.nan


def _clip(grades: np.ndarray, policy: NegativeGrades, what: str) -> np.ndarray:
    if rules.rejected(grades, policy) is not None:
        msg = f"The {what} has negative grades, which this convention rejects."
        raise NdcgError(msg)
    return rules.used_grades(grades, policy)


def evaluate_run(
    run: pd.DataFrame,
    qrels: pd.DataFrame,
    convention: Convention | None = None,
    *,
    score_missing_as_zero: bool = True,
) -> RunScores:
    """nDCG@k of every query, vectorised over the whole run.

    Unjudged documents count as grade 0. Queries judged but absent from the run score 0
    (``score_missing_as_zero``) or are left out; queries without judgements are skipped, as
    trec_eval does. The average tie policy gives tied documents their group's mean gain.
    """
    import pandas as pd

    # Work on integer codes: ids sorted as strings, so code order is trec_eval's docno order.
    qid_codes, qid_names = pd.factorize(
        pd.concat([run["qid"], qrels["qid"]], ignore_index=True), sort=True
    )
    doc_codes, doc_names = pd.factorize(
        pd.concat([run["docid"], qrels["docid"]], ignore_index=True), sort=True
    )
    n_run = len(run)
    return _score_codes(
        (qid_codes[:n_run], doc_codes[:n_run], run["score"].to_numpy(np.float64)),
        (qid_codes[n_run:], doc_codes[n_run:], qrels["grade"].to_numpy(np.float64)),
        np.asarray(qid_names, dtype=object),
        max(len(doc_names), 1),
        convention or Convention(),
        score_missing_as_zero=score_missing_as_zero,
    )


def evaluate_run_files(
    run: bytes,
    qrels: bytes,
    convention: Convention | None = None,
    *,
    score_missing_as_zero: bool = True,
) -> RunScores:
    r""":func:`evaluate_run` of :func:`read_run` and :func:`read_qrels`, from the files' bytes:
    the same scores and the same errors (naming the first bad line), without pandas.

    Clean TREC files (single-space or tab separated) are read by Arrow's multithreaded
    reader (query ids dictionary-encoded as they are parsed, document ids matched by 64-bit
    keys) and scored on integer codes. Anything else (CSV, a bad line, a repeated document)
    goes through :func:`read_qrels` and :func:`read_run`, which read it or say what is wrong.

    >>> scores = evaluate_run_files(b"q Q0 a 1 2 t\nq Q0 b 2 1 t\n", b"q 0 b 1\n")
    >>> scores.qids.tolist(), scores.ndcg.round(4).tolist()
    (['q'], [0.6309])
    """
    qrels_file = read_evaluation_file(qrels, "qrels")  # qrels first, as the Runs page reads them
    return evaluate_files(
        read_evaluation_file(run, "run"),
        qrels_file,
        convention,
        score_missing_as_zero=score_missing_as_zero,
    )


def evaluate_files(
    run: EvaluationFile,
    qrels: EvaluationFile,
    convention: Convention | None = None,
    *,
    score_missing_as_zero: bool = True,
) -> RunScores:
    r""":func:`evaluate_run_files` of files already read by
    :func:`~ndcg_core.runs.coded_files.read_evaluation_file` (once per upload, scored as often as
    the convention changes).

    >>> run = read_evaluation_file(b"q Q0 a 1 2 t\nq Q0 b 2 1 t\n", "run")
    >>> evaluate_files(run, read_evaluation_file(b"q 0 b 1\n", "qrels")).ndcg.round(4).tolist()
    [0.6309]
    """
    convention = convention or Convention()
    coded = read_coded(run, qrels)
    if coded is not None:
        return _score_codes(
            coded.run,
            coded.judged,
            coded.qid_names,
            coded.n_docs,
            convention,
            score_missing_as_zero=score_missing_as_zero,
            qids_sorted=False,
            doc_ranks=coded.doc_ranks,
            grades_of_rows=coded.grades_of,
        )
    frames = evaluation_frame(run), evaluation_frame(qrels)
    return evaluate_run(*frames, convention, score_missing_as_zero=score_missing_as_zero)


def _keys(queries: np.ndarray, docs: np.ndarray, n_docs: int) -> np.ndarray:
    keys: np.ndarray = queries.astype(np.int64) * n_docs + docs
    return keys


def _direct(cells: int, rows: int) -> bool:
    """Whether a table with a cell per (query, document) is no bigger than the data."""
    return cells <= 4 * rows + 1024


def _grades_of(
    queries: np.ndarray, docs: np.ndarray, judged: Rows, n_queries: int, n_docs: int
) -> np.ndarray:
    """The grade of each (query, document), 0 when unjudged (the first if judged twice)."""
    rel_q, rel_d, rel_grades = judged
    keys, rel_keys = _keys(queries, docs, n_docs), _keys(rel_q, rel_d, n_docs)
    if len(rel_keys) == 0:
        return np.zeros(len(keys))
    if _direct(n_queries * n_docs, len(keys) + len(rel_keys)):
        index_type = np.int32 if len(rel_keys) < 2**31 - 1 else np.int64
        row_of = np.zeros(n_queries * n_docs, dtype=index_type)
        row_of[rel_keys] = np.arange(1, len(rel_keys) + 1)
        if int(np.count_nonzero(row_of)) == len(rel_keys):  # no pair judged twice
            grades: np.ndarray = np.concatenate(([0.0], rel_grades))[row_of[keys]]
            return grades
    by_key = np.argsort(rel_keys, kind="stable")
    sorted_keys = rel_keys[by_key]
    at = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
    found = sorted_keys[at] == keys
    return np.where(found, rel_grades[by_key][at], 0.0)


def _score_codes(
    run: Rows,
    judged: Rows,
    qid_names: np.ndarray,
    n_docs: int,
    convention: Convention,
    *,
    score_missing_as_zero: bool,
    qids_sorted: bool = True,
    doc_ranks: Callable[[np.ndarray], np.ndarray] | None = None,
    grades_of_rows: Callable[[np.ndarray], np.ndarray] | None = None,
) -> RunScores:
    """Scores from integer codes: query codes index ``qid_names``; document codes are in
    string order unless ``doc_ranks`` ranks them (only ties whose grades differ ask). With
    ``grades_of_rows``, the run's document codes are row numbers and it gives their grades."""
    run_q, run_d, run_scores = run
    rel_q, _, rel_grades = judged
    n_queries = len(qid_names)
    judged_query = np.bincount(rel_q, minlength=n_queries) > 0
    starts, lengths = query_blocks(run_q)
    retrieved = np.bincount(run_q[starts], weights=lengths, minlength=n_queries).astype(np.int64)
    in_run = retrieved > 0
    scored = in_run & judged_query
    not_judged = int(np.count_nonzero(in_run & ~judged_query))
    if not_judged:  # skipped, as trec_eval does
        keep = judged_query[run_q]
        run_q, run_d, run_scores = run_q[keep], run_d[keep], run_scores[keep]
        starts, lengths = query_blocks(run_q)
    if not _ranked(run_scores, starts, int(np.count_nonzero(scored))):
        order = np.lexsort((-run_scores, run_q))
        run_q, run_d, run_scores = run_q[order], run_d[order], run_scores[order]
        starts, lengths = query_blocks(run_q)
    # Rows are now grouped by query, scores descending. With a cutoff and the ideal from the
    # qrels, only the top k rows of each query and the rest of a tie that crosses k can
    # count: the others need no grade. (Rejecting negative grades looks at every retrieved
    # document, and an ideal from the run needs them all.)
    k = convention.cutoff_k
    if (
        k is not None
        and convention.ideal is IdealSource.JUDGED
        and convention.negative_grades is not NegativeGrades.REJECT
    ):
        lengths = _counting_rows(run_scores, starts, lengths, k)
        firsts = np.cumsum(lengths) - lengths
        position = np.arange(int(lengths.sum())) - np.repeat(firsts, lengths)
        rows = position + np.repeat(starts, lengths)
        run_q, run_d, run_scores = run_q[rows], run_d[rows], run_scores[rows]
    else:
        position = None  # made after the grades: the lookup's working arrays come first
    if grades_of_rows is None:
        grades = _grades_of(run_q, run_d, judged, n_queries, n_docs)
    else:
        grades = grades_of_rows(run_d)
    grades = _clip(grades, convention.negative_grades, "run")
    if position is None:  # in 32 bits when they fit: a 200 MB run has 3.8 million rows
        index_type = np.int32 if len(run_q) < 2**31 else np.int64
        position = np.arange(len(run_q), dtype=index_type)
        position -= np.repeat(starts.astype(index_type), lengths)
    # A tie: consecutive rows of a query with one score.
    tie_start = position == 0
    tie_start[1:] |= run_scores[1:] != run_scores[:-1]
    tie_firsts = np.flatnonzero(tie_start)
    tie_sizes = np.empty_like(tie_firsts)
    np.subtract(tie_firsts[1:], tie_firsts[:-1], out=tie_sizes[:-1])
    tie_sizes[-1:] = len(tie_start) - tie_firsts[-1:]
    del tie_firsts, tie_start

    ties = convention.ties
    if ties is not TiePolicy.AVERAGE:
        grades = order_ties(grades, run_d, tie_sizes, ties, doc_ranks)
    del tie_sizes
    gains = rules.gain_values(grades, convention.gain)
    if ties is TiePolicy.AVERAGE:  # each tied position gets the tie's mean gain
        gains = tie_means(gains, run_q, run_scores)
    dcg = kernel.sums_by_query(run_q, position, gains, n_queries, convention)
    del position, gains  # the largest arrays, no longer needed

    if convention.ideal is IdealSource.JUDGED:
        pool_q = rel_q[in_run[rel_q]]
        pool_g = _clip(rel_grades[in_run[rel_q]], convention.negative_grades, "qrels")
    else:
        pool_q, pool_g = run_q, grades
    pool_g = rules.ideal_pool(pool_g, convention.negative_grades)
    ideal_dcg = query_ideal_dcgs(pool_q, pool_g, n_queries, convention)

    ndcg = rules.normalised(dcg, ideal_dcg, convention.zero_ideal)
    relevant = np.bincount(rel_q[rel_grades > 0], minlength=n_queries)

    missing = judged_query & ~in_run
    if score_missing_as_zero:
        ndcg = np.where(missing, 0.0, ndcg)
        shown = scored | missing
    else:
        shown = scored
    index = np.flatnonzero(shown)
    if not qids_sorted:
        index = index[np.argsort(qid_names[index], kind="stable")]
    return RunScores(
        qids=qid_names[index],
        dcg=dcg[index],
        ideal_dcg=np.where(missing[index], np.nan, ideal_dcg[index]),
        ndcg=ndcg[index],
        retrieved=retrieved[index],
        relevant=np.where(missing[index], 0, relevant[index]),
        missing_from_run=int(missing.sum()),
        missing_scored_zero=score_missing_as_zero,
        not_judged=not_judged,
    )


def _ranked(scores: np.ndarray, starts: np.ndarray, n_queries: int) -> bool:
    """Whether the rows are grouped by query (one block each) with scores descending within
    each, as a run file usually is: then it needs no sorting."""
    if len(starts) != n_queries:
        return False
    rises = np.flatnonzero(scores[1:] > scores[:-1]) + 1
    return bool(np.isin(rises, starts, assume_unique=True).all()) if len(rises) else True


def _counting_rows(
    scores: np.ndarray, starts: np.ndarray, lengths: np.ndarray, k: int
) -> np.ndarray:
    """How many leading rows of each query (scores descending) can count at cutoff k: k,
    or more when a tie crosses k (its order decides which of its rows come first), or all
    when there are fewer. One binary search per query, all queries at once."""
    low = starts + np.minimum(lengths, k) - 1  # the k-th row, or the last
    high = starts + lengths  # the first row scored below it, as far as is known
    tied = scores[low]
    while (searching := high - low > 1).any():
        middle = np.where(searching, (low + high) // 2, low)
        same = scores[middle] == tied
        low = np.where(searching & same, middle, low)
        high = np.where(searching & ~same, middle, high)
    counting: np.ndarray = high - starts
    return counting


def query_ranking(
    run: pd.DataFrame, qrels: pd.DataFrame, qid: str, ties: TiePolicy = TiePolicy.TREC_EVAL
) -> tuple[tuple[float, ...], tuple[str, ...], tuple[float, ...]]:
    r"""One query of a run as the Playground takes it: grades in ranked order, document ids
    (as labels the Playground's list can hold: :func:`~ndcg_core.metric.parsing.playground_labels`),
    and the grades of judged documents the run did not retrieve.

    >>> from ndcg_core.runs.files import read_qrels, read_run
    >>> run = read_run(b"q Q0 a 1 1 t\nq Q0 b 2 2 t\n")
    >>> query_ranking(run, read_qrels(b"q 0 a 1\nq 0 c 3\n"), "q")
    ((0.0, 1.0), ('b', 'a'), (3.0,))
    """
    from ndcg_core.metric.parsing import playground_labels
    from ndcg_core.metric.ranking import rank_by_scores

    docs = run[run["qid"] == qid]
    judged = qrels[qrels["qid"] == qid]
    grade_of = dict(zip(judged["docid"], judged["grade"], strict=True))
    grades = [float(grade_of.get(d, 0.0)) for d in docs["docid"]]
    ranking = rank_by_scores(
        grades, docs["score"].tolist(), ties=ties, doc_ids=docs["docid"].tolist()
    )
    retrieved = set(docs["docid"])
    unretrieved = tuple(float(g) for d, g in grade_of.items() if d not in retrieved)
    return ranking.grades, playground_labels(ranking.doc_ids), unretrieved
