"""Evaluation files: TREC qrels and runs (or CSV), read and scored with vectorised pandas.

qrels: ``qid 0 docid grade``; run: ``qid Q0 docid rank score tag`` (whitespace separated).
CSV files need a header naming the columns: ``qid, docid, grade`` or ``qid, docid, score``.
Per query, nDCG@k follows the same conventions as :func:`ndcg_core.evaluate` (the ideal is
built from the qrels when the convention says "judged", else from the run's own grades).
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ndcg_core.conventions import (
    Convention,
    Discount,
    Gain,
    IdealSource,
    NegativeGrades,
    TiePolicy,
    ZeroIdeal,
)
from ndcg_core.errors import NdcgError

MAX_FILE_BYTES = 200 * 1024 * 1024


def _decode(data: bytes, what: str) -> str:
    if not data.strip():
        msg = f"The {what} file is empty."
        raise NdcgError(msg)
    if len(data) > MAX_FILE_BYTES:
        msg = f"The {what} file is {len(data) / 2**20:.0f} MB; at most 200 MB are read."
        raise NdcgError(msg)
    if b"\x00" in data[:8192]:
        msg = f"The {what} file looks binary (it holds NUL bytes); expected plain text."
        raise NdcgError(msg)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        msg = f"The {what} file is not UTF-8 text (line {line} has a byte it cannot read)."
        raise NdcgError(msg) from None


def _read_table(text: str, what: str, trec_columns: list[str], wanted: list[str]) -> pd.DataFrame:
    first = text.lstrip().split("\n", 1)[0]
    if "," in first:
        frame = pd.read_csv(
            io.StringIO(text),
            dtype=str,
            skipinitialspace=True,
            keep_default_na=False,  # "nan" or "NA" is a bad number to report, not a gap
            na_values=[""],
        )
        frame.columns = [c.strip().lower() for c in frame.columns]
        aliases = {"query": "qid", "query_id": "qid", "doc": "docid", "doc_id": "docid"}
        aliases |= {"relevance": "grade", "rel": "grade", "label": "grade"}
        frame = frame.rename(columns=aliases)
        missing = [c for c in wanted if c not in frame.columns]
        if missing:
            msg = (
                f"The {what} CSV has no column {missing[0]!r}; its header must name "
                f"{', '.join(wanted)}."
            )
            raise NdcgError(msg)
        frame = frame[wanted]

        def line_of(row: int) -> int:
            return row + 2  # the header is line 1
    else:
        try:
            frame = pd.read_csv(
                io.StringIO(text),
                sep=r"\s+",
                header=None,
                names=trec_columns,
                dtype=str,
                engine="c",
                keep_default_na=False,  # "nan" or "NA" is a bad number to report, not a gap
                na_values=[""],
            )
        except pd.errors.ParserError as error:
            # The C parser says "Expected 6 fields in line 7, saw 8" (lines count from 1,
            # blank ones included).
            found = re.search(r"line (\d+), saw (\d+)", str(error))
            number, seen = (int(found.group(1)), found.group(2)) if found else (0, "more")
            msg = (
                f"Line {number} of the {what} file has {seen} columns; expected "
                f"{len(trec_columns)}: {' '.join(trec_columns)}."
            )
            raise NdcgError(msg, item=number or None) from None
        short = frame.isna().any(axis=1)
        if short.any():
            row = int(np.flatnonzero(short.to_numpy())[0])
            number = _line_number(text, row)
            columns = int(frame.iloc[row].notna().sum())
            msg = (
                f"Line {number} of the {what} file has {columns} columns; expected "
                f"{len(trec_columns)}: {' '.join(trec_columns)}."
            )
            raise NdcgError(msg, item=number)
        frame = frame[wanted]

        def line_of(row: int) -> int:
            return _line_number(text, row)

    empty = frame.isna().any(axis=1)
    if empty.any():
        number = line_of(int(np.flatnonzero(empty.to_numpy())[0]))
        msg = f"Line {number} of the {what} file has an empty field."
        raise NdcgError(msg, item=number)
    number_column = wanted[-1]
    values = pd.to_numeric(frame[number_column], errors="coerce")
    bad_numbers = values.isna() | ~np.isfinite(values)
    if bad_numbers.any():
        row = int(np.flatnonzero(bad_numbers.to_numpy())[0])
        msg = (
            f"Line {line_of(row)} of the {what} file: the {number_column} "
            f"{frame[number_column].iloc[row]!r} is not a finite number."
        )
        raise NdcgError(msg, item=line_of(row))
    frame[number_column] = values.astype(np.float64)
    duplicated = frame.duplicated(["qid", "docid"])
    if duplicated.any():
        row = int(np.flatnonzero(duplicated.to_numpy())[0])
        msg = (
            f"Line {line_of(row)} of the {what} file repeats document "
            f"{frame['docid'].iloc[row]!r} for query {frame['qid'].iloc[row]!r}."
        )
        raise NdcgError(msg, item=line_of(row))
    return frame.reset_index(drop=True)


def _line_number(text: str, row: int) -> int:
    """The 1-based line of the row-th non-blank line (only on the error path)."""
    seen = -1
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            seen += 1
            if seen == row:
                return number
    return row + 1


def read_qrels(data: bytes) -> pd.DataFrame:
    """Judgements as a frame (qid, docid, grade); errors name the first bad line.

    >>> read_qrels(b"q1 0 d1 2\\nq1 0 d2 0\\n").to_dict("list")
    {'qid': ['q1', 'q1'], 'docid': ['d1', 'd2'], 'grade': [2.0, 0.0]}
    """
    text = _decode(data, "qrels")
    return _read_table(text, "qrels", ["qid", "iter", "docid", "grade"], ["qid", "docid", "grade"])


def read_run(data: bytes) -> pd.DataFrame:
    """A run as a frame (qid, docid, score); errors name the first bad line.

    >>> read_run(b"q1 Q0 d1 1 9.5 sys\\n").to_dict("list")
    {'qid': ['q1'], 'docid': ['d1'], 'score': [9.5]}
    """
    text = _decode(data, "run")
    return _read_table(
        text,
        "run",
        ["qid", "q0", "docid", "rank", "score", "tag"],
        ["qid", "docid", "score"],
    )


@dataclass(frozen=True)
class RunScores:
    """Per-query nDCG (qid, ndcg, retrieved, relevant) and what happened to other queries."""

    per_query: pd.DataFrame
    missing_from_run: int
    missing_scored_zero: bool
    not_judged: int

    @property
    def mean(self) -> float:
        """Mean nDCG over the scored queries (NaN ones, under ``exclude``, left out)."""
        values = self.per_query["ndcg"].to_numpy(dtype=np.float64)
        kept = values[~np.isnan(values)]
        return float(kept.mean()) if kept.size else math.nan


def _gains(grades: np.ndarray, gain: Gain) -> np.ndarray:
    if gain is Gain.LINEAR:
        return grades
    with np.errstate(over="ignore"):
        exponential: np.ndarray = np.exp2(grades) - 1.0
    return exponential


def _divisors(ranks: np.ndarray, convention: Convention) -> np.ndarray:
    base = math.log(convention.log_base)
    if convention.discount is Discount.LOG:
        divisors: np.ndarray = np.log(ranks + 1.0) / base
    else:
        divisors = np.where(ranks < convention.log_base, 1.0, np.log(ranks) / base)
    return divisors


def _clip(grades: np.ndarray, policy: NegativeGrades, what: str) -> np.ndarray:
    if policy is NegativeGrades.REJECT and (grades < 0).any():
        msg = f"The {what} has negative grades, which this convention rejects."
        raise NdcgError(msg)
    if policy is NegativeGrades.AS_ZERO:
        clipped: np.ndarray = np.maximum(grades, 0.0)
        return clipped
    return grades


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
    convention = convention or Convention()
    judged = qrels[qrels["qid"].isin(run["qid"].unique())]
    merged = run.merge(qrels, on=["qid", "docid"], how="left")
    merged = merged[merged["qid"].isin(qrels["qid"].unique())]
    not_judged = int(run["qid"].nunique() - merged["qid"].nunique())
    grades = _clip(
        merged["grade"].fillna(0.0).to_numpy(np.float64), convention.negative_grades, "run"
    )
    merged = merged.assign(grade=grades)

    ties = convention.ties
    if ties is TiePolicy.PESSIMISTIC:
        keys, ascending = ["qid", "score", "grade"], [True, False, True]
    elif ties is TiePolicy.OPTIMISTIC:
        keys, ascending = ["qid", "score", "grade"], [True, False, False]
    else:  # trec_eval and average: score then docid descending (average then pools ties)
        keys, ascending = ["qid", "score", "docid"], [True, False, False]
    ranked = merged.sort_values(keys, ascending=ascending, kind="mergesort")
    ranks = ranked.groupby("qid", sort=False).cumcount().to_numpy() + 1.0
    gains = _gains(ranked["grade"].to_numpy(np.float64), convention.gain)
    if ties is TiePolicy.AVERAGE:
        gains = (
            pd.Series(gains)
            .groupby([ranked["qid"].to_numpy(), ranked["score"].to_numpy()], sort=False)
            .transform("mean")
            .to_numpy()
        )
    k = convention.cutoff_k
    counted = ranks <= k if k is not None else np.ones(len(ranks), dtype=bool)
    contributions = np.where(counted, gains / _divisors(ranks, convention), 0.0)
    dcg = pd.Series(contributions).groupby(ranked["qid"].to_numpy()).sum()

    if convention.ideal is IdealSource.JUDGED:
        pool = judged.assign(
            grade=_clip(judged["grade"].to_numpy(np.float64), convention.negative_grades, "qrels")
        )
    else:
        pool = ranked[["qid", "grade"]]
    if convention.negative_grades is NegativeGrades.PENALISE:
        pool = pool.assign(grade=np.maximum(pool["grade"].to_numpy(np.float64), 0.0))
    ideal = pool.sort_values(["qid", "grade"], ascending=[True, False], kind="mergesort")
    ideal_ranks = ideal.groupby("qid", sort=False).cumcount().to_numpy() + 1.0
    ideal_gains = _gains(ideal["grade"].to_numpy(np.float64), convention.gain)
    ideal_counted = ideal_ranks <= k if k is not None else np.ones(len(ideal_ranks), dtype=bool)
    ideal_contributions = np.where(
        ideal_counted, ideal_gains / _divisors(ideal_ranks, convention), 0.0
    )
    ideal_dcg = pd.Series(ideal_contributions).groupby(ideal["qid"].to_numpy()).sum()

    per_query = pd.DataFrame({"dcg": dcg}).join(pd.DataFrame({"ideal_dcg": ideal_dcg}), how="left")
    per_query["ideal_dcg"] = per_query["ideal_dcg"].fillna(0.0)
    fallback = {ZeroIdeal.ZERO: 0.0, ZeroIdeal.ONE: 1.0}.get(convention.zero_ideal, math.nan)
    positive = per_query["ideal_dcg"].to_numpy() > 0
    ndcg = np.full(len(per_query), fallback)
    np.divide(
        per_query["dcg"].to_numpy(), per_query["ideal_dcg"].to_numpy(), out=ndcg, where=positive
    )
    per_query["ndcg"] = ndcg
    per_query["retrieved"] = ranked.groupby("qid").size()
    per_query["relevant"] = qrels[qrels["grade"] > 0].groupby("qid").size()
    per_query["relevant"] = per_query["relevant"].fillna(0).astype(int)

    missing = sorted(set(qrels["qid"]) - set(run["qid"]))
    if missing and score_missing_as_zero:
        extra = pd.DataFrame(
            {"dcg": 0.0, "ideal_dcg": np.nan, "ndcg": 0.0, "retrieved": 0, "relevant": 0},
            index=pd.Index(missing, name="qid"),
        )
        per_query = pd.concat([per_query, extra])
    per_query.index.name = "qid"
    per_query = per_query.reset_index().sort_values("qid", kind="mergesort").reset_index(drop=True)
    return RunScores(per_query, len(missing), score_missing_as_zero, not_judged)


def bootstrap_interval(
    values: np.ndarray, *, confidence: float = 0.95, resamples: int = 2_000, seed: int = 0
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean (queries resampled with replacement).

    >>> low, high = bootstrap_interval(np.array([0.5, 0.6, 0.7, 0.8]))
    >>> 0.5 <= low < high <= 0.8
    True
    """
    values = values[~np.isnan(values)]
    if values.size == 0:
        return math.nan, math.nan
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, values.size, size=(resamples, values.size))].mean(axis=1)
    tail = (1 - confidence) / 2
    return float(np.quantile(means, tail)), float(np.quantile(means, 1 - tail))


def paired_randomization_test(
    first: np.ndarray, second: np.ndarray, *, resamples: int = 10_000, seed: int = 0
) -> float:
    """Two-sided p-value that the mean difference is this large by chance: each query's
    two scores are swapped at random (the runs are the same system if it is chance).

    >>> paired_randomization_test(np.array([0.9, 0.8, 0.7]), np.array([0.9, 0.8, 0.7]))
    1.0
    """
    differences = first - second
    differences = differences[~np.isnan(differences)]
    if differences.size == 0:
        return math.nan
    observed = abs(differences.mean())
    rng = np.random.default_rng(seed)
    signs = rng.choice([-1.0, 1.0], size=(resamples, differences.size))
    means = np.abs((signs * differences).mean(axis=1))
    return float((np.count_nonzero(means >= observed - 1e-12) + 1) / (resamples + 1))


def query_ranking(
    run: pd.DataFrame, qrels: pd.DataFrame, qid: str, ties: TiePolicy = TiePolicy.TREC_EVAL
) -> tuple[tuple[float, ...], tuple[str, ...], tuple[float, ...]]:
    r"""One query of a run as the Playground takes it: grades in ranked order, document ids,
    and the grades of judged documents the run did not retrieve.

    >>> run = read_run(b"q Q0 a 1 1 t\nq Q0 b 2 2 t\n")
    >>> query_ranking(run, read_qrels(b"q 0 a 1\nq 0 c 3\n"), "q")
    ((0.0, 1.0), ('b', 'a'), (3.0,))
    """
    from ndcg_core.ranking import rank_by_scores

    docs = run[run["qid"] == qid]
    judged = qrels[qrels["qid"] == qid]
    grade_of = dict(zip(judged["docid"], judged["grade"], strict=True))
    grades = [float(grade_of.get(d, 0.0)) for d in docs["docid"]]
    ranking = rank_by_scores(
        grades, docs["score"].tolist(), ties=ties, doc_ids=docs["docid"].tolist()
    )
    retrieved = set(docs["docid"])
    unretrieved = tuple(float(g) for d, g in grade_of.items() if d not in retrieved)
    return ranking.grades, ranking.doc_ids, unretrieved


def compare_runs(first: RunScores, second: RunScores) -> pd.DataFrame:
    """Per query: both nDCGs and their difference, queries present in both runs' scores."""
    both = first.per_query[["qid", "ndcg"]].merge(
        second.per_query[["qid", "ndcg"]], on="qid", suffixes=("_a", "_b")
    )
    return both.assign(difference=both["ndcg_b"] - both["ndcg_a"])
