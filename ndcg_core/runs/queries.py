"""Mean nDCG over several queries, as in seed 001's NDCG(Q, k)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choice_labels import choice_label
from ndcg_core.metric.choices import IdealSource, ZeroIdeal
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.measures import MEASURES
from ndcg_core.metric.metrics import evaluate, ndcg
from ndcg_core.metric.notes import evaluation_notes
from ndcg_core.metric.parsing import check_visible, parse_grades
from ndcg_core.text.formatting import format_real
from ndcg_core.text.quoting import quoted


@dataclass(frozen=True)
class Query:
    """One query's ranked grades and, optionally, the grades of all its judged documents."""

    grades: tuple[float, ...]
    judged_grades: tuple[float, ...] | None = None
    name: str = ""


@dataclass(frozen=True)
class MeanNdcg:
    """Per-query nDCG@k and their mean; ``excluded`` queries had a zero ideal and were left out."""

    per_query: tuple[float, ...]
    mean: float
    counted: int
    excluded: int


def mean_ndcg(queries: Sequence[Query], convention: Convention | None = None) -> MeanNdcg:
    """NDCG(Q, k) = (1/|Q|) * sum_j Z_kj * sum_{m<=k} gain(R(j, m)) / discount(m).

    A query with k' < k results is summed to k' (seed 001). Under the ``exclude``
    zero-ideal policy, queries whose ideal DCG is 0 are left out of |Q|; under ``nan``
    they make the mean NaN.

    >>> mean_ndcg([Query((3, 2, 3, 0, 1, 2)), Query((0, 1))]).per_query[1]
    0.6309297535714575
    """
    convention = convention or Convention()
    if not queries:
        msg = "Add at least one query to average over."
        raise NdcgError(msg)
    scores = tuple(ndcg(q.grades, convention, judged_grades=q.judged_grades) for q in queries)
    if convention.zero_ideal is ZeroIdeal.EXCLUDE:
        kept = [s for s in scores if not math.isnan(s)]
    else:
        kept = list(scores)
    mean = math.fsum(kept) / len(kept) if kept else math.nan
    return MeanNdcg(scores, mean, len(kept), len(scores) - len(kept))


MAX_QUERIES = 200
MAX_QUERY_NAME_LENGTH = 40  # as a document label: a name is a table cell, not a paragraph


def parse_queries(text: str) -> tuple[Query, ...]:
    r"""One query a line: ``name: grades`` (labels as ``D1=3``) and optionally ``| grades of judged documents that
    were not retrieved``. Errors name the line.

    >>> [q.name for q in parse_queries("q1: 3, 2, 0\nq2: 1 | 3")]
    ['q1', 'q2']
    >>> parse_queries("q1: 3, 2, 0\nq2: 1 | 3")[1].judged_grades
    (1.0, 3.0)
    >>> parse_queries("q1: x")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Line 1 (“q1”): Item 1 (“x”) is not a number.
    >>> parse_queries("q" * 41 + ": 1")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Line 1: the query name is 41 characters (“qqqqqqqqqqqqqqqqqqq…”); at most 40.
    """
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)]
    lines = [(number, line) for number, line in lines if line]
    if not lines:
        msg = "Enter at least one query, one a line, e.g.  q1: 3, 2, 0, 1"
        raise NdcgError(msg)
    if len(lines) > MAX_QUERIES:
        msg = f"Got {len(lines)} queries; at most {MAX_QUERIES} are accepted here."
        raise NdcgError(msg)
    queries = []
    names: set[str] = set()
    for number, line in lines:
        # The first ':' ends the name; label documents with '=' here ("q1: D1=3, D2=0").
        name, _, rest = line.partition(":") if ":" in line.split("|")[0] else ("", "", line)
        name = name.strip() or f"q{number}"
        if len(name) > MAX_QUERY_NAME_LENGTH:
            msg = (
                f"Line {number}: the query name is {len(name):,} characters "
                f"({quoted(name, 20)}); at most {MAX_QUERY_NAME_LENGTH}."
            )
            raise NdcgError(msg, item=number)
        check_visible(name, f"Line {number}: the query name", item=number)
        if name in names:
            msg = f"Line {number}: the query name {quoted(name)} is used twice."
            raise NdcgError(msg, item=number)
        names.add(name)
        shown_text, _, unretrieved_text = rest.partition("|")
        try:
            shown = parse_grades(shown_text).grades
            unretrieved = parse_grades(unretrieved_text).grades if unretrieved_text.strip() else ()
        except NdcgError as error:
            msg = f"Line {number} ({quoted(name, 20)}): {error}"
            raise NdcgError(msg, item=number) from None
        queries.append(Query(shown, shown + unretrieved, name))
    return tuple(queries)


def _query_scores(
    queries: Sequence[Query], convention: Convention, threshold: float
) -> list[list[float]]:
    """Per query, every measure of :data:`~ndcg_core.metric.measures.MEASURES` in its order
    (nDCG@k, P@k, R@k, AP, RR; R@k and AP are NaN without a relevant document)."""
    return [
        [m.compute(q.grades, q.judged_grades, convention, threshold) for m in MEASURES.values()]
        for q in queries
    ]


def queries_table(
    queries: Sequence[Query], convention: Convention, *, threshold: float = 1.0
) -> pd.DataFrame:
    """Per query: length, nDCG@k and the binary metrics (their means: :func:`query_means`).

    >>> table = queries_table([Query((3, 2, 3, 0, 1, 2), name="a")], Convention(cutoff_k=5))
    >>> table.columns.tolist()
    ['query', 'shown', 'nDCG@5', 'P@5', 'R@5', 'AP', 'RR']
    """
    labels = [m.label(convention.cutoff_k) for m in MEASURES.values()]
    rows = [
        {
            "query": query.name,
            "shown": str(len(query.grades)),
            **{label: format_real(v) for label, v in zip(labels, numbers, strict=True)},
        }
        for query, numbers in zip(
            queries, _query_scores(queries, convention, threshold), strict=True
        )
    ]
    return pd.DataFrame(rows)


def query_means(
    queries: Sequence[Query], convention: Convention, *, threshold: float = 1.0
) -> pd.DataFrame:
    """Each mean over the queries under its own name (mean nDCG@k, mean P@k, mean R@k, MAP,
    MRR), how many queries it counts, and what it does with a query that has no relevant
    document. Those words come from the definitions themselves: a measure undefined without
    a relevant document (R@k, AP: NaN) leaves the query out; one defined there counts it
    (P@k and RR as 0); nDCG follows the convention's empty-ideal rule.

    >>> means = query_means([Query((3, 0), name="a"), Query((0, 0), name="b")], Convention())
    >>> means[["mean", "value", "queries counted"]].values.tolist()
    [['mean nDCG', '0.500', '2'], ['mean P', '0.250', '2'], ['mean R', '1', '1'], ['MAP', '1', '1'], ['MRR', '0.500', '2']]
    """
    values = _query_scores(queries, convention, threshold)
    ndcg_mean = mean_ndcg(queries, convention)
    nothing = _query_scores([Query((0.0,), (0.0,))], convention, threshold)[0]
    keys = list(MEASURES)
    rows = [
        {
            "mean": MEASURES["nDCG"].mean_label(convention.cutoff_k),
            "value": format_real(ndcg_mean.mean),
            "queries counted": str(ndcg_mean.counted),
            "a query with no relevant document": _ndcg_treatment(
                convention, nothing[keys.index("nDCG")]
            ),
        }
    ]
    for column, measure in enumerate(MEASURES.values()):
        if measure.key == "nDCG":  # its mean follows the convention's empty-ideal rule, above
            continue
        kept = [v[column] for v in values if not math.isnan(v[column])]
        rows.append(
            {
                "mean": measure.mean_label(convention.cutoff_k),
                "value": format_real(math.fsum(kept) / len(kept) if kept else math.nan),
                "queries counted": str(len(kept)),
                "a query with no relevant document": _treatment(nothing[column]),
            }
        )
    return pd.DataFrame(rows)


def _treatment(value: float) -> str:
    if math.isnan(value):
        return "is left out: the measure is undefined (0 / 0) without a relevant document"
    return f"counts, as {format_real(value)}"


def _ndcg_treatment(convention: Convention, value: float) -> str:
    if convention.zero_ideal is ZeroIdeal.EXCLUDE:
        return "is left out: its ideal DCG is 0 (the empty-ideal rule: leave out of the mean)"
    if math.isnan(value):
        return "makes the mean undefined: its nDCG is 0 / 0 (the empty-ideal rule: NaN)"
    return f"counts, as {format_real(value)} (the empty-ideal rule: its ideal DCG is 0)"


def query_notes(queries: Sequence[Query], convention: Convention) -> tuple[str, ...]:
    """For each query whose nDCG a reader would not expect (below 0, or set by the empty-ideal
    rule), why: :func:`~ndcg_core.metric.notes.evaluation_notes`, prefixed with the query's name.

    >>> query_notes([Query((3, 1), name="a"), Query((-1, 0, 1), name="b")], Convention())[0][:30]
    '“b”: nDCG is below 0 because n'
    """
    return tuple(
        f"{quoted(query.name)}: {note}"
        for query in queries
        for note in evaluation_notes(
            evaluate(query.grades, convention, judged_grades=query.judged_grades)
        )
    )


def mean_variants(queries: Sequence[Query], convention: Convention) -> pd.DataFrame:
    """The mean nDCG@k when short queries (fewer than k results) are summed to their length
    (seed 001), padded with zeros against an ideal from all judged documents, or dropped.

    >>> qs = [Query((3, 2, 3, 0, 1, 2), name="a"), Query((3,), (3, 3), "b")]
    >>> mean_variants(qs, Convention(cutoff_k=5))["mean nDCG"].tolist()
    ['0.931', '0.737', '0.861']
    """
    k = convention.cutoff_k
    short = [q for q in queries if k is not None and len(q.grades) < k]
    long = [q for q in queries if q not in short]
    judged = convention.with_changes(ideal=IdealSource.JUDGED)
    padded = [Query(q.grades, q.judged_grades or q.grades, q.name) for q in queries]
    rows = [
        ("summed to their own length (seed 001)", mean_ndcg(queries, convention), len(queries)),
        ("padded with zeros, ideal from judged documents", mean_ndcg(padded, judged), len(queries)),
    ]
    dropped = mean_ndcg(long, convention).mean if long else math.nan
    out = [
        {"short queries": name, "mean nDCG": format_real(result.mean), "queries": str(count)}
        for name, result, count in rows
    ]
    out.append(
        {"short queries": "dropped", "mean nDCG": format_real(dropped), "queries": str(len(long))}
    )
    return pd.DataFrame(out)


def zero_ideal_means(queries: Sequence[Query], convention: Convention) -> pd.DataFrame:
    """The mean under each zero-ideal policy, and how many queries it counts.

    >>> zero_ideal_means([Query((1, 0)), Query((0, 0))], Convention())["mean nDCG"].tolist()
    ['0.500', '1', 'undefined', '1']
    """
    rows = []
    for policy in ZeroIdeal:
        result = mean_ndcg(queries, convention.with_changes(zero_ideal=policy))
        rows.append(
            {
                "no relevant document scores": choice_label(policy),
                "mean nDCG": format_real(result.mean),
                "queries counted": str(result.counted),
            }
        )
    return pd.DataFrame(rows)


DISAGREEING_QUERIES = (
    Query((3.0, 0.0, 0.0), (3.0, 0.0, 0.0, 1.0, 1.0, 1.0), "one excellent result first"),
    Query((1.0, 1.0, 1.0), (1.0, 1.0, 1.0, 3.0), "three fair results"),
)


def metrics_disagree(threshold: float = 1.0) -> pd.DataFrame:
    """Two rankings for the same information need on which nDCG and the binary metrics
    disagree: graded gain prefers the excellent document, precision the many fair ones.

    >>> metrics_disagree()[["query", "nDCG@3", "P@3"]].values.tolist()[:2]
    [['one excellent result first', '0.726', '0.333'], ['three fair results', '0.516', '1']]
    """
    return queries_table(
        DISAGREEING_QUERIES, Convention(cutoff_k=3, ideal=IdealSource.JUDGED), threshold=threshold
    )
