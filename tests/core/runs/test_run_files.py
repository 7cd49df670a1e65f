"""Scoring run files straight from their bytes (Arrow and NumPy, no pandas) gives what
reading them into frames and scoring those gives: the same numbers, the same errors; and
both agree with pytrec_eval on the orders trec_eval cares about."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ndcg_core
from ndcg_core import PRESETS, Convention, NdcgError
from ndcg_core.metric import kernel
from ndcg_core.metric.choices import Gain, IdealSource, NegativeGrades, TiePolicy, ZeroIdeal
from ndcg_core.runs import coded_files as coded_files_module
from ndcg_core.runs import query_arrays
from ndcg_core.runs import rows as run_rows_module
from ndcg_core.runs import scoring as runs_module
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run, evaluate_run_files
from tests.core.trec import trec_eval
from tests.examples import examples

ROOT = Path(__file__).resolve().parents[3]

# Ids whose string order is not their "natural" one: d10 < d9, Z < a, a < ab, z < é.
DOC_IDS = ["d1", "d2", "d9", "d10", "D3", "a", "ab", "Z", "z", "é", "doc-7", "d1x"]


@st.composite
def run_files(draw, *, negative_grades: bool = True):
    """A run and its qrels as TREC text: ties, unjudged and never retrieved documents,
    queries without judgements and judged queries the run lacks, rows ranked by score (as
    run files come) or not, queries interleaved or not, space or tab separated."""
    low = -1 if negative_grades else 0
    run_rows, qrels_rows = [], []
    for q in range(draw(st.integers(1, 4))):
        qid = draw(st.sampled_from(["q", "Q", "10", "9", "é"])) + str(q)
        docs = draw(st.lists(st.sampled_from(DOC_IDS), min_size=1, max_size=8, unique=True))
        scores = draw(st.lists(st.integers(0, 3), min_size=len(docs), max_size=len(docs)))
        rows = [(qid, d, s) for d, s in zip(docs, scores, strict=True)]
        if draw(st.booleans()):
            rows.sort(key=lambda row: -row[2])
        if draw(st.integers(0, 5)) > 0:  # most queries are judged
            judged = draw(st.lists(st.sampled_from(DOC_IDS), max_size=6, unique=True))
            qrels_rows += [(qid, d, draw(st.integers(low, 3))) for d in judged]
        run_rows += rows
    if draw(st.booleans()):  # a judged query that is not in the run
        qrels_rows.append(("absent", "d1", draw(st.integers(0, 3))))
    if not qrels_rows:
        qrels_rows.append(("x", "d1", 1))
    if draw(st.booleans()):
        draw(st.randoms()).shuffle(run_rows)
    tab = draw(st.booleans())
    sep = "\t" if tab else " "
    # A score written as 2, 2.0 or 2e0 is the same number: the same tie.
    spelled = st.sampled_from(["{}", "{}.0", "{}e0"])
    run_text = "".join(
        f"{q}{sep}Q0{sep}{d}{sep}{rank}{sep}{draw(spelled).format(s)}{sep}tag\n"
        for rank, (q, d, s) in enumerate(run_rows, start=1)
    )
    qrels_text = "".join(f"{q}{sep}0{sep}{d}{sep}{g}\n" for q, d, g in qrels_rows)
    return run_text.encode(), qrels_text.encode()


conventions = st.builds(
    Convention,
    gain=st.sampled_from(list(Gain)),
    cutoff_k=st.sampled_from([None, 1, 2, 3, 5]),
    ideal=st.sampled_from(list(IdealSource)),
    ties=st.sampled_from(list(TiePolicy)),
    zero_ideal=st.sampled_from(list(ZeroIdeal)),
    negative_grades=st.sampled_from(list(NegativeGrades)),
)


def _outcome(score) -> tuple[object, ...]:
    try:
        scores = score()
    except NdcgError as error:
        return ("error", str(error))
    return ("scores", scores)


def _assert_same(first, second) -> None:
    assert first[0] == second[0]
    if first[0] == "error":
        assert first[1] == second[1]
        return
    a, b = first[1], second[1]
    pd.testing.assert_frame_equal(a.per_query, b.per_query, check_exact=True)
    assert (a.missing_from_run, a.missing_scored_zero, a.not_judged) == (
        b.missing_from_run,
        b.missing_scored_zero,
        b.not_judged,
    )
    assert a.mean == b.mean or (math.isnan(a.mean) and math.isnan(b.mean))


@settings(max_examples=examples(300))
@given(run_files(), conventions, st.booleans())
def test_files_score_as_their_frames_do(files, convention, missing_zero) -> None:
    run, qrels = files
    from_files = _outcome(
        lambda: evaluate_run_files(run, qrels, convention, score_missing_as_zero=missing_zero)
    )

    def from_frames_scores():
        qrels_frame = read_qrels(qrels)  # read first, as evaluate_run_files does
        return evaluate_run(
            read_run(run), qrels_frame, convention, score_missing_as_zero=missing_zero
        )

    from_frames = _outcome(from_frames_scores)
    _assert_same(from_files, from_frames)


@settings(max_examples=examples(150))
@given(run_files(), conventions)
def test_sorted_lookups_agree_with_direct_tables(files, convention) -> None:
    """Frames with small id sets use a table with a cell per (query, document); large ones
    sort keys."""
    run, qrels = files

    def from_frames():
        return evaluate_run(read_run(run), read_qrels(qrels), convention)

    direct = _outcome(from_frames)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(runs_module, "_direct", lambda cells, rows: False)
        by_sorting = _outcome(from_frames)
    _assert_same(direct, by_sorting)


def _pytrec(run: bytes, qrels: bytes, measure: str) -> dict[str, float]:
    with_grades: dict[str, dict[str, int]] = {}
    for line in qrels.decode().splitlines():
        qid, _, docid, grade = line.split()
        with_grades.setdefault(qid, {})[docid] = int(grade)
    with_scores: dict[str, dict[str, float]] = {}
    for line in run.decode().splitlines():
        qid, _, docid, _, score, _ = line.split()
        with_scores.setdefault(qid, {})[docid] = float(score)
    return trec_eval(with_grades, with_scores, measure.replace(".", "_"))


@settings(max_examples=examples(150))
@given(run_files(negative_grades=False), st.sampled_from([None, 1, 2, 3, 10]))
def test_files_agree_with_pytrec_eval(files, k) -> None:
    run, qrels = files
    preset = "trec_eval_ndcg" if k is None else "trec_eval_ndcg_cut"
    convention = PRESETS[preset].convention.with_changes(cutoff_k=k)
    ours = evaluate_run_files(run, qrels, convention, score_missing_as_zero=False)
    theirs = _pytrec(run, qrels, "ndcg" if k is None else f"ndcg_cut.{k}")
    assert dict(zip(ours.qids, ours.ndcg.tolist(), strict=True)) == pytest.approx(theirs, abs=1e-9)


def _benchmark_files(queries: int, shared_ids: bool) -> tuple[bytes, bytes]:
    """benchmarks/batch.py's shape, smaller: 100 documents a query, scores with two
    decimals (many ties), 30 judged (10 never retrieved); ids shared across queries or not."""
    rng = np.random.default_rng(7)
    run_lines, qrels_lines = [], []
    for q in range(queries):
        # Distinct: ids from a web crawl's numbering, longer than two 8-byte words.
        name = (
            (lambda d: f"d{d}") if shared_ids else (lambda d, q=q: f"clueweb09-en{q:04d}-{d:02d}-0")
        )
        judged = rng.choice(110, size=30, replace=False)
        grades = rng.choice([0, 0, 1, 1, 2, 3], size=30)
        qrels_lines += [f"q{q} 0 {name(d)} {g}\n" for d, g in zip(judged, grades, strict=True)]
        scores = np.round(rng.random(100), 2)
        order = np.argsort(-scores, kind="stable")
        run_lines += [
            f"q{q} Q0 {name(d)} {rank} {scores[d]:.2f} bench\n"
            for rank, d in enumerate(order, start=1)
        ]
    return "".join(run_lines).encode(), "".join(qrels_lines).encode()


@pytest.mark.parametrize("shared_ids", [True, False])
def test_a_benchmark_shaped_run_agrees_with_pytrec_eval(shared_ids) -> None:
    run, qrels = _benchmark_files(300, shared_ids)
    convention = PRESETS["trec_eval_ndcg_cut"].convention
    ours = evaluate_run_files(run, qrels, convention, score_missing_as_zero=False)
    theirs = _pytrec(run, qrels, "ndcg_cut.10")
    assert len(ours.qids) == 300
    assert dict(zip(ours.qids, ours.ndcg.tolist(), strict=True)) == pytest.approx(theirs, abs=1e-12)
    frames = evaluate_run(read_run(run), read_qrels(qrels), convention, score_missing_as_zero=False)
    pd.testing.assert_frame_equal(ours.per_query, frames.per_query, check_exact=True)


@pytest.mark.parametrize(
    ("run", "qrels", "message"),
    [
        (b"q1 Q0 d1 1 2 t\n", b"", "qrels file is empty"),
        (b"", b"q1 0 d1 1\n", "run file is empty"),
        (b"q1 Q0 d1 1 2 t\n", b"q1 0 d1\n", "Line 1 of the qrels file has 3 columns"),
        (b"q1 Q0 d1 1 2 t\n", b"q1 0 d1 1\nq1 0 d1 2\n", r"Line 2 .* repeats document “d1”"),
        (b"q1 Q0 d1 1 2 t\n\nq1 Q0 d1 2 1 t\n", b"q1 0 d1 1\n", r"Line 3 .* repeats document"),
        (b"q1 Q0 d1 1 nan t\n", b"q1 0 d1 1\n", "the score “nan” is not a finite number"),
        (b"q1 Q0 d\xff 1 2 t\n", b"q1 0 d1 1\n", "run file is not UTF-8 text"),
        (b"q1 Q0 d1 1 2 t\xff\n", b"q1 0 d1 1\n", "run file is not UTF-8 text"),
        (b"\x00\x01binary", b"q1 0 d1 1\n", "looks binary"),
        (b"q1 Q0 d1 1 2 t\n", b"q1 0 d1 x\n", r"the grade “x” is not a finite number"),
        (b"q1 Q0 d1 1 -1 t\n", b"q1 0 d1 -2\n", "The run has negative grades"),
        (b"q1 Q0 d1 1 1 t\nq1 Q0 d2 2 0 t\n", b"q1 0 d2 -2\n", "The run has negative grades"),
        (b"q1 Q0 d1 1 1 t\n", b"q1 0 d1 1\nq1 0 d2 -2\n", "The qrels has negative grades"),
    ],
)
def test_bad_files_raise_what_the_readers_raise(run, qrels, message) -> None:
    convention = Convention(negative_grades="reject", cutoff_k=1, ideal="judged")
    with pytest.raises(NdcgError, match=message):
        evaluate_run_files(run, qrels, convention)


def test_csv_and_irregular_spacing_take_the_careful_reader() -> None:
    expected = evaluate_run_files(b"q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n", b"q1 0 d2 1\n")
    for run, qrels in [
        (b"qid,docid,score\nq1,d1,2\nq1,d2,1\n", b"q1 0 d2 1\n"),
        (b"q1  Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n", b"q1 0 d2 1\n"),
        (b"\xef\xbb\xbfq1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n", b"q1 0 d2 1\r\n"),
        (b"q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n", b"query,doc,relevance\nq1,d2,1\n"),
    ]:
        scores = evaluate_run_files(run, qrels)
        pd.testing.assert_frame_equal(scores.per_query, expected.per_query, check_exact=True)
    assert expected.ndcg.tolist() == [pytest.approx(1 / math.log2(3), abs=1e-15)]


@settings(max_examples=examples(200))
@given(
    st.lists(st.integers(0, 5), max_size=40).flatmap(
        lambda queries: st.tuples(
            st.just(queries),
            st.lists(
                st.one_of(st.integers(-3, 3).map(float), st.sampled_from([0.5, 2.25, -0.5])),
                min_size=len(queries),
                max_size=len(queries),
            ),
        )
    )
)
def test_best_first_is_the_lexsort_it_replaces(case) -> None:
    queries, grades = np.array(case[0], dtype=np.int64), np.array(case[1], dtype=np.float64)
    expected = np.lexsort((-grades, queries))
    assert kernel.best_first(grades, queries).tolist() == expected.tolist()


def test_run_files_are_scored_without_pandas() -> None:
    code = (
        "import sys\n"
        "from ndcg_core import PRESETS\n"
        "from ndcg_core.runs.scoring import evaluate_run_files\n"
        "scores = evaluate_run_files(b'q Q0 a 1 2 t\\nq Q0 b 2 2 t\\n', b'q 0 a 1\\n',"
        " PRESETS['trec_eval_ndcg_cut'].convention)\n"
        "print(scores.mean, sorted(m for m in ('pandas', 'altair') if m in sys.modules))\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    mean, loaded = output.split()
    assert float(mean) == pytest.approx(1 / math.log2(3), abs=1e-15)
    assert loaded == "[]"


def test_every_exported_name_resolves_lazily() -> None:
    for name in ndcg_core.__all__:
        assert getattr(ndcg_core, name) is not None
        assert name in dir(ndcg_core)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = ndcg_core.nothing


@settings(max_examples=examples(200))
@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(-1, 3)), min_size=6, max_size=30),
    st.sampled_from([None, 1, 2, 3]),
    st.sampled_from(list(Gain)),
)
def test_ideal_from_counts_is_the_sorted_ideal(rows, k, gain) -> None:
    # 3 queries x 5 grade levels x k <= 3 stay within 8 cells a row: the counting path
    queries = np.array([q for q, _ in rows], dtype=np.int64)
    grades = np.array([g for _, g in rows], dtype=np.float64)
    convention = Convention(cutoff_k=k, gain=gain)
    counted = query_arrays.query_ideal_dcgs(queries, grades, 3, convention)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernel, "whole_levels", lambda grades: None)  # lexsort, as before
        sorted_ = query_arrays.query_ideal_dcgs(queries, grades, 3, convention)
    assert counted.tolist() == sorted_.tolist()


@settings(max_examples=examples(100))
@given(run_files(), st.booleans())
def test_one_querys_rows_are_the_whole_files_rows_of_it(files, as_csv) -> None:
    """The drill-down reads only the chosen query's lines; it must find exactly the rows
    reading the whole file finds, however the file is spelled (tabs, CSV, a byte-order mark)."""
    run, qrels = files
    if as_csv:
        run = b"qid,docid,score\n" + b"".join(
            b",".join(line.split()[i] for i in (0, 2, 4)) + b"\n" for line in run.splitlines()
        )
    run = b"\xef\xbb\xbf" + run
    run_file = coded_files_module.read_evaluation_file(run, "run")
    qrels_file = coded_files_module.read_evaluation_file(qrels, "qrels")
    whole_run, whole_qrels = read_run(run), read_qrels(qrels)
    for qid in {*whole_run["qid"], *whole_qrels["qid"], "not there"}:
        ranked, judged = run_rows_module.query_rows(run_file, qrels_file, qid)
        for found, whole in ((ranked, whole_run), (judged, whole_qrels)):
            expected = whole[whole["qid"] == qid].reset_index(drop=True)
            assert found.to_dict("list") == expected.to_dict("list")


@settings(max_examples=examples(200))
@given(
    st.lists(st.tuples(st.integers(0, 5), st.integers(-1, 3)), min_size=1, max_size=40),
    st.integers(1, 8),
    st.sampled_from([None, 1, 2, 5]),
    st.sampled_from(list(Gain)),
    st.booleans(),
)
def test_ideal_by_blocks_of_queries_is_the_ideal_at_once(rows, block, k, gain, whole) -> None:
    """A run's ideal is computed a block of whole queries at a time (a 200 MB run's peak
    memory): to the bit what all rows at once give, whether the queries' rows are together
    (blocks) or not (at once)."""
    queries = np.array([q for q, _ in sorted(rows) if whole] or [q for q, _ in rows])
    grades = np.array([g + 0.5 * (not whole) for _, g in (sorted(rows) if whole else rows)])
    convention = Convention(cutoff_k=k, gain=gain)
    at_once = query_arrays.query_ideal_dcgs(queries, grades, 6, convention)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(query_arrays, "IDEAL_BLOCK", block)
        by_blocks = query_arrays.query_ideal_dcgs(queries, grades, 6, convention)
    assert by_blocks.tobytes() == at_once.tobytes()
