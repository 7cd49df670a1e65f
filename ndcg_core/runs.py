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
import pyarrow as pa
import pyarrow.csv as pa_csv

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
        try:
            frame = pd.read_csv(
                io.StringIO(text),
                dtype=str,
                skipinitialspace=True,
                keep_default_na=False,  # "nan" or "NA" is a bad number to report, not a gap
                na_values=[""],
            )
        except pd.errors.ParserError as error:
            raise _column_count_error(error, what, "as many as the header names") from None
        except pd.errors.EmptyDataError:
            msg = f"The {what} file has no rows."
            raise NdcgError(msg) from None
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
        # A first line with more fields than names would silently become pandas' index
        # (a 5-column qrels line read as qid=docid, docid=grade...): refuse it instead.
        seen = len(re.split(r"[ \t]+", first.strip(" \t\r")))
        if seen > len(trec_columns):
            number = _line_number(text, 0)
            msg = (
                f"Line {number} of the {what} file has {seen} columns; expected "
                f"{len(trec_columns)}: {' '.join(trec_columns)}."
            )
            raise NdcgError(msg, item=number)
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
            expected = f"{len(trec_columns)}: {' '.join(trec_columns)}"
            raise _column_count_error(error, what, expected) from None
        except pd.errors.EmptyDataError:
            msg = f"The {what} file has no rows."
            raise NdcgError(msg) from None
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


def _column_count_error(error: Exception, what: str, expected: str) -> NdcgError:
    """The C parser's "Expected 6 fields in line 7, saw 8" (lines count from 1, blank ones
    included), said for people."""
    found = re.search(r"line (\d+), saw (\d+)", str(error))
    number, seen = (int(found.group(1)), found.group(2)) if found else (0, "more")
    where = f"Line {number}" if number else "A line"
    msg = f"{where} of the {what} file has {seen} columns; expected {expected}."
    return NdcgError(msg, item=number or None)


def _line_number(text: str, row: int) -> int:
    """The 1-based line of the row-th non-blank line (only on the error path)."""
    seen = -1
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            seen += 1
            if seen == row:
                return number
    return row + 1


def _read_trec_fast(data: bytes, trec_columns: list[str], wanted: list[str]) -> pd.DataFrame | None:
    """Arrow's multithreaded reader for clean single-space or tab separated files; None
    when anything is off, so the careful reader can say exactly what and where."""
    first = data[: data.find(b"\n")] if b"\n" in data else data
    delimiter = "\t" if b"\t" in first else " "
    names = [f"c{i}" for i in range(len(trec_columns))]
    keep = [names[trec_columns.index(c)] for c in wanted]
    types = {name: pa.string() for name in keep[:-1]} | {keep[-1]: pa.float64()}
    try:
        table = pa_csv.read_csv(
            io.BytesIO(data),
            read_options=pa_csv.ReadOptions(column_names=names),
            parse_options=pa_csv.ParseOptions(delimiter=delimiter),
            convert_options=pa_csv.ConvertOptions(
                column_types=types, include_columns=keep, strings_can_be_null=True
            ),
        )
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return None
    frame: pd.DataFrame = table.to_pandas()
    frame.columns = pd.Index(wanted)
    numbers = frame[wanted[-1]].to_numpy(np.float64)
    if frame.isna().to_numpy().any() or not np.isfinite(numbers).all():
        return None
    if frame.duplicated(["qid", "docid"]).any():
        return None
    return frame


def read_qrels(data: bytes) -> pd.DataFrame:
    """Judgements as a frame (qid, docid, grade); errors name the first bad line.

    >>> read_qrels(b"q1 0 d1 2\\nq1 0 d2 0\\n").to_dict("list")
    {'qid': ['q1', 'q1'], 'docid': ['d1', 'd2'], 'grade': [2.0, 0.0]}
    """
    text = _decode(data, "qrels")
    columns, wanted = ["qid", "iter", "docid", "grade"], ["qid", "docid", "grade"]
    if "," not in text[: text.find("\n") % 4096 + 1]:
        fast = _read_trec_fast(data, columns, wanted)
        if fast is not None:
            return fast
    return _read_table(text, "qrels", columns, wanted)


def read_run(data: bytes) -> pd.DataFrame:
    """A run as a frame (qid, docid, score); errors name the first bad line.

    >>> read_run(b"q1 Q0 d1 1 9.5 sys\\n").to_dict("list")
    {'qid': ['q1'], 'docid': ['d1'], 'score': [9.5]}
    """
    text = _decode(data, "run")
    columns, wanted = ["qid", "q0", "docid", "rank", "score", "tag"], ["qid", "docid", "score"]
    if "," not in text[: text.find("\n") % 4096 + 1]:
        fast = _read_trec_fast(data, columns, wanted)
        if fast is not None:
            return fast
    return _read_table(text, "run", columns, wanted)


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
    # Work on integer codes: ids sorted as strings, so code order is trec_eval's docno order.
    qid_codes, qid_names = pd.factorize(
        pd.concat([run["qid"], qrels["qid"]], ignore_index=True), sort=True
    )
    doc_codes, doc_names = pd.factorize(
        pd.concat([run["docid"], qrels["docid"]], ignore_index=True), sort=True
    )
    n_run, n_queries, n_docs = len(run), len(qid_names), max(len(doc_names), 1)
    run_q, rel_q = qid_codes[:n_run].astype(np.int64), qid_codes[n_run:].astype(np.int64)
    run_d, rel_d = doc_codes[:n_run].astype(np.int64), doc_codes[n_run:].astype(np.int64)
    rel_grades = qrels["grade"].to_numpy(np.float64)
    run_scores = run["score"].to_numpy(np.float64)

    # Grade of each retrieved document (unjudged: 0), by binary search on (qid, docid) keys.
    rel_keys = rel_q * n_docs + rel_d
    by_key = np.argsort(rel_keys, kind="stable")
    sorted_keys = rel_keys[by_key]
    run_keys = run_q * n_docs + run_d
    at = np.minimum(np.searchsorted(sorted_keys, run_keys), max(len(sorted_keys) - 1, 0))
    found = (sorted_keys[at] == run_keys) if len(sorted_keys) else np.zeros(n_run, dtype=bool)
    grades = np.where(found, rel_grades[by_key][at] if len(sorted_keys) else 0.0, 0.0)

    judged_query = np.zeros(n_queries, dtype=bool)
    judged_query[rel_q] = True
    in_run = np.zeros(n_queries, dtype=bool)
    in_run[run_q] = True
    keep = judged_query[run_q]
    not_judged = int((in_run & ~judged_query).sum())
    run_q, run_d, run_scores = run_q[keep], run_d[keep], run_scores[keep]
    grades = _clip(grades[keep], convention.negative_grades, "run")

    ties = convention.ties
    if ties is TiePolicy.PESSIMISTIC:
        order = np.lexsort((grades, -run_scores, run_q))
    elif ties is TiePolicy.OPTIMISTIC:
        order = np.lexsort((-grades, -run_scores, run_q))
    else:  # trec_eval and average: score then docid descending (average then pools ties)
        order = np.lexsort((-run_d, -run_scores, run_q))
    q_sorted, scores_sorted = run_q[order], run_scores[order]
    ranks = _ranks_within(q_sorted)
    gains = _gains(grades[order], convention.gain)
    if ties is TiePolicy.AVERAGE:
        gains = _tie_means(gains, q_sorted, scores_sorted)
    k = convention.cutoff_k
    counted = ranks <= k if k is not None else np.ones(len(ranks), dtype=bool)
    contributions = np.where(counted, gains / _divisors(ranks, convention), 0.0)
    dcg = np.bincount(q_sorted, weights=contributions, minlength=n_queries)

    if convention.ideal is IdealSource.JUDGED:
        pool_q = rel_q[in_run[rel_q]]
        pool_g = _clip(rel_grades[in_run[rel_q]], convention.negative_grades, "qrels")
    else:
        pool_q, pool_g = q_sorted, grades[order]
    if convention.negative_grades is NegativeGrades.PENALISE:
        pool_g = np.maximum(pool_g, 0.0)
    ideal_order = np.lexsort((-pool_g, pool_q))
    ideal_q = pool_q[ideal_order]
    ideal_ranks = _ranks_within(ideal_q)
    ideal_gains = _gains(pool_g[ideal_order], convention.gain)
    ideal_counted = ideal_ranks <= k if k is not None else np.ones(len(ideal_ranks), dtype=bool)
    ideal_contributions = np.where(
        ideal_counted, ideal_gains / _divisors(ideal_ranks, convention), 0.0
    )
    ideal_dcg = np.bincount(ideal_q, weights=ideal_contributions, minlength=n_queries)

    fallback = {ZeroIdeal.ZERO: 0.0, ZeroIdeal.ONE: 1.0}.get(convention.zero_ideal, math.nan)
    ndcg = np.full(n_queries, fallback)
    np.divide(dcg, ideal_dcg, out=ndcg, where=ideal_dcg > 0)
    retrieved = np.bincount(run_q, minlength=n_queries)
    relevant = np.bincount(rel_q[rel_grades > 0], minlength=n_queries)

    scored = in_run & judged_query
    missing = judged_query & ~in_run
    if score_missing_as_zero:
        ndcg = np.where(missing, 0.0, ndcg)
        shown = scored | missing
    else:
        shown = scored
    names = np.asarray(qid_names, dtype=object)
    per_query = pd.DataFrame(
        {
            "qid": names[shown],
            "dcg": dcg[shown],
            "ideal_dcg": np.where(missing[shown], np.nan, ideal_dcg[shown]),
            "ndcg": ndcg[shown],
            "retrieved": retrieved[shown],
            "relevant": np.where(missing[shown], 0, relevant[shown]),
        }
    )
    return RunScores(per_query, int(missing.sum()), score_missing_as_zero, not_judged)


def _ranks_within(sorted_groups: np.ndarray) -> np.ndarray:
    """1-based position of each row within its run of equal group ids (input sorted)."""
    if len(sorted_groups) == 0:
        return np.zeros(0)
    starts = np.flatnonzero(np.r_[True, sorted_groups[1:] != sorted_groups[:-1]])
    lengths = np.diff(np.r_[starts, len(sorted_groups)])
    ranks: np.ndarray = np.arange(len(sorted_groups)) - np.repeat(starts, lengths) + 1.0
    return ranks


def _tie_means(gains: np.ndarray, groups: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Each gain replaced by the mean over its run of equal (query, score) rows."""
    if len(gains) == 0:
        return gains
    new = np.r_[True, (groups[1:] != groups[:-1]) | (scores[1:] != scores[:-1])]
    starts = np.flatnonzero(new)
    lengths = np.diff(np.r_[starts, len(gains)])
    means: np.ndarray = np.repeat(np.add.reduceat(gains, starts) / lengths, lengths)
    return means


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


@dataclass(frozen=True)
class RunComparison:
    """Run B against run A on the queries both scored: per query, and in summary."""

    per_query: pd.DataFrame  # qid, ndcg_a, ndcg_b, difference (B - A)
    better: int
    worse: int
    mean_difference: float
    p_value: float


def compare_runs(first: RunScores, second: RunScores, *, seed: int = 0) -> RunComparison:
    """Per-query differences, how many queries got better or worse, and the paired
    randomisation test's p-value for the mean difference.

    >>> a = RunScores(pd.DataFrame({"qid": ["x", "y"], "ndcg": [0.5, 0.5]}), 0, True, 0)
    >>> b = RunScores(pd.DataFrame({"qid": ["x", "y"], "ndcg": [0.7, 0.4]}), 0, True, 0)
    >>> result = compare_runs(a, b)
    >>> result.better, result.worse, round(result.mean_difference, 3)
    (1, 1, 0.05)
    """
    both = first.per_query[["qid", "ndcg"]].merge(
        second.per_query[["qid", "ndcg"]], on="qid", suffixes=("_a", "_b")
    )
    both = both.assign(difference=both["ndcg_b"] - both["ndcg_a"])
    differences = both["difference"].to_numpy(np.float64)
    return RunComparison(
        per_query=both,
        better=int((differences > 1e-12).sum()),
        worse=int((differences < -1e-12).sum()),
        mean_difference=float(np.nanmean(differences)) if len(differences) else math.nan,
        p_value=paired_randomization_test(
            both["ndcg_b"].to_numpy(np.float64), both["ndcg_a"].to_numpy(np.float64), seed=seed
        ),
    )
