"""How the run file reader codes document ids, and that every way scores alike: ids shared
across queries as dictionary codes, distinct ones as hashed keys, keys that collide checked
byte for byte, repeats found either way, string ranks in byte order."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError
from ndcg_core.runs import coded_files as coded_files_module
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run, evaluate_run_files
from tests.core.runs.test_run_files import (
    _assert_same,
    _benchmark_files,
    _outcome,
    conventions,
    run_files,
)
from tests.examples import examples


def test_string_ranks_are_byte_order() -> None:
    import pyarrow as pa

    names = ["d9", "d10", "é", "z", "Z", "ab", "a", "doc-7", "d1x", "日本"]
    strings = pa.array(names).slice(1)  # an offset into the buffers, as Arrow may give
    codes = np.array([0, 8, 2, 2, 5, 1, 3, 4, 6, 7])
    ranks = coded_files_module._string_ranks(strings, codes)
    wanted = [names[1:][c] for c in codes]
    by_python = {name: rank for rank, name in enumerate(sorted(set(wanted)))}
    assert ranks.tolist() == [by_python[name] for name in wanted]


def test_a_key_shared_by_different_ids_is_not_a_match() -> None:
    """With a hash that only counts bytes, run id 'a' meets qrels id 'c' (grade 3): the
    byte-for-byte check must see they differ and score 'a' unjudged."""
    run, qrels = b"q1 Q0 a 1 2 t\nq1 Q0 bb 2 1 t\n", b"q1 0 c 3\nq1 0 dddd 1\n"
    expected = evaluate_run(read_run(run), read_qrels(qrels))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coded_files_module, "id_hashes", _length_hashes)
        colliding = evaluate_run_files(run, qrels)
    pd.testing.assert_frame_equal(colliding.per_query, expected.per_query, check_exact=True)
    assert colliding.ndcg.tolist() == [0.0]


def _length_hashes(ids):
    import pyarrow.compute as pc

    return np.asarray(pc.binary_length(ids)).astype(np.uint64)


@settings(max_examples=examples(100))
@given(run_files(), conventions)
# Found by hypothesis: every query id has the same length, so (q1, d1) and (q3, d1) share a
# key in the qrels; q3's d1 was scored unjudged (grade 0 instead of 1).
@example(
    (
        b"q0 Q0 d1 1 0 tag\nq1 Q0 d1 2 0 tag\nq2 Q0 d1 3 0 tag\nq3 Q0 d1 4 0 tag\n",
        b"q1 0 d1 0\nq3 0 d1 1\nq3 0 d10 0\n",
    ),
    Convention(),
)
def test_colliding_keys_score_as_distinct_ones(files, convention) -> None:
    """Keys that collide (all ids of one length alike) cost speed, never correctness."""
    run, qrels = files
    expected = _outcome(lambda: evaluate_run_files(run, qrels, convention))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coded_files_module, "id_hashes", _length_hashes)
        colliding = _outcome(lambda: evaluate_run_files(run, qrels, convention))
    _assert_same(colliding, expected)


def test_ids_shared_across_queries_are_coded_by_dictionary_distinct_ones_by_keys() -> None:
    """The reader follows the ids' shape: a few hundred ids shared by every query are
    dictionary-encoded (their repeats and grades found in tables of codes), nearly all
    distinct ids are hashed into keys (a dictionary of them all costs more than the file)."""
    import pyarrow as pa

    for shared_ids in (True, False):
        run, qrels = _benchmark_files(300, shared_ids)
        for data, what in ((run, "run"), (qrels, "qrels")):
            file = coded_files_module.read_evaluation_file(data, what)
            assert file.table is not None
            docs = file.table.column("docid").type
            assert pa.types.is_dictionary(docs) is shared_ids, (what, shared_ids)
            assert (file.keys is None) is shared_ids, (what, shared_ids)


@settings(max_examples=examples(150))
@given(run_files(), conventions, st.sampled_from(["both", "run", "qrels", "many ids"]))
def test_dictionary_codes_and_keys_score_alike(files, convention, coded) -> None:
    """Whichever path the guess picks for each file (both dictionary-encoded, one of them,
    or dictionaries too large to unify, decoded and hashed), the scores and errors are the
    same as with keys for both."""
    run, qrels = files
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coded_files_module, "_ids_repeat", lambda data, column: False)
        keyed = _outcome(lambda: evaluate_run_files(run, qrels, convention))

    def guess(data: bytes, column: int) -> bool:
        return coded in ("both", "many ids") or (data is run) == (coded == "run")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coded_files_module, "_ids_repeat", guess)
        if coded == "many ids":
            patch.setattr(coded_files_module, "_few_ids", lambda column: False)
        other = _outcome(lambda: evaluate_run_files(run, qrels, convention))
    _assert_same(other, keyed)


def test_a_repeat_is_found_on_the_dictionary_path() -> None:
    run = b"q1 Q0 d1 1 3 t\nq2 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d1 3 1 t\n"
    assert coded_files_module._ids_repeat(run, 2)
    with pytest.raises(NdcgError, match=r"Line 4 of the run file repeats document “d1”"):
        coded_files_module.read_evaluation_file(run, "run")
