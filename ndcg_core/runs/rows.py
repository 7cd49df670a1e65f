"""A read evaluation file's rows as frames, as :func:`~ndcg_core.runs.files.read_qrels` and
:func:`~ndcg_core.runs.files.read_run` give them: the whole file, or one query's rows."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.runs.coded_files import EvaluationFile

if TYPE_CHECKING:
    import pandas as pd


def query_rows(
    run: EvaluationFile, qrels: EvaluationFile, qid: str
) -> tuple[pd.DataFrame, pd.DataFrame]:
    r"""One query's rows of a run and of its qrels, as :func:`read_run` and
    :func:`read_qrels` give them (from a TREC file, taken from Arrow's table).

    >>> from ndcg_core.runs.coded_files import read_evaluation_file
    >>> run, qrels = b"q1 Q0 a 1 2 t\nq2 Q0 b 1 1 t\n", b"q2 0 b 1\n"
    >>> ranked, judged = query_rows(
    ...     read_evaluation_file(run, "run"), read_evaluation_file(qrels, "qrels"), "q2"
    ... )
    >>> ranked.to_dict("list"), len(judged)
    ({'qid': ['q2'], 'docid': ['b'], 'score': [1.0]}, 1)
    """
    frames = []
    for file in (run, qrels):
        if file.frame is not None:
            frames.append(file.frame[file.frame["qid"] == qid].reset_index(drop=True))
        else:
            assert file.table is not None  # a file keeps its table or its frame
            qids = file.table.column("qid").cast(pa.string())
            frames.append(_plain_frame(file.table.filter(pc.equal(qids, qid))))
    return frames[0], frames[1]


def evaluation_frame(file: EvaluationFile) -> pd.DataFrame:
    r"""The whole file as :func:`read_qrels` or :func:`read_run` gives it.

    >>> from ndcg_core.runs.coded_files import read_evaluation_file
    >>> evaluation_frame(read_evaluation_file(b"q1 0 d1 2\n", "qrels")).to_dict("list")
    {'qid': ['q1'], 'docid': ['d1'], 'grade': [2.0]}
    """
    if file.frame is not None:
        return file.frame
    assert file.table is not None  # a file keeps its table or its frame
    return _plain_frame(file.table)


def _plain_frame(table: pa.Table) -> pd.DataFrame:
    """Arrow's table with its ids as plain strings, as a frame (as the fast readers give)."""
    columns = [
        column.cast(pa.string()) if pa.types.is_dictionary(column.type) else column
        for column in table.columns
    ]
    frame: pd.DataFrame = pa.table(columns, names=table.column_names).to_pandas()
    return frame
