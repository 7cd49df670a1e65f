"""Evaluation files: TREC qrels and runs (or CSV), read and scored with vectorised NumPy.

qrels: ``qid 0 docid grade``; run: ``qid Q0 docid rank score tag`` (whitespace separated).
CSV files need a header naming the columns: ``qid, docid, grade`` or ``qid, docid, score``.
Per query, nDCG@k follows the same conventions as :func:`ndcg_core.evaluate` (the ideal is
built from the qrels when the convention says "judged", else from the run's own grades).

:func:`read_qrels` and :func:`read_run` give pandas frames and :func:`evaluate_run` scores
them; :func:`evaluate_run_files` does both from the files' bytes with Arrow and NumPy only
(pandas is imported only when a frame is asked for), for batch use. Both score with the same
code, on integer codes of the ids.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
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

if TYPE_CHECKING:
    import pandas as pd

MAX_FILE_BYTES = 200 * 1024 * 1024

_Rows = tuple[np.ndarray, np.ndarray, np.ndarray]  # query codes, document codes, numbers


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
    import pandas as pd

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


def _arrow_table(
    data: bytes, trec_columns: list[str], wanted: list[str], text_type: pa.DataType
) -> pa.Table | None:
    """Arrow's multithreaded reader for clean single-space or tab separated files; None
    when anything is off (a bad line, an empty field, a number that is not finite), so the
    careful reader can say exactly what and where. The callers have checked that the data
    is UTF-8, so Arrow does not check again; it reads the bytes in place."""
    first = data[: data.find(b"\n")] if b"\n" in data else data
    delimiter = "\t" if b"\t" in first else " "
    names = [f"c{i}" for i in range(len(trec_columns))]
    keep = [names[trec_columns.index(c)] for c in wanted]
    types = dict.fromkeys(keep[:-1], text_type) | {keep[-1]: pa.float64()}
    try:
        table = pa_csv.read_csv(
            pa.BufferReader(data),
            read_options=pa_csv.ReadOptions(column_names=names),
            parse_options=pa_csv.ParseOptions(delimiter=delimiter),
            convert_options=pa_csv.ConvertOptions(
                column_types=types,
                include_columns=keep,
                strings_can_be_null=True,
                check_utf8=False,
            ),
        )
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return None
    if table.num_rows == 0 or any(column.null_count for column in table.columns):
        return None
    if not np.isfinite(_numbers(table.column(keep[-1]), np.float64)).all():
        return None
    renamed: pa.Table = table.rename_columns(wanted)
    return renamed


def _numbers(column: pa.ChunkedArray | pa.Array, dtype: type[np.generic]) -> np.ndarray:
    """A null-free numeric Arrow column as NumPy, straight from its buffers (Arrow's own
    ``to_numpy`` goes through its pandas conversion, which imports pandas)."""
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    size = np.dtype(dtype).itemsize
    parts = [
        np.frombuffer(c.buffers()[1], dtype=dtype, count=len(c), offset=c.offset * size)
        for c in chunks
        if len(c)
    ]
    if len(parts) == 1:
        return parts[0]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=dtype)


def _read_trec_fast(data: bytes, trec_columns: list[str], wanted: list[str]) -> pd.DataFrame | None:
    """The frame of a clean TREC file, read by Arrow; None when the careful reader must look."""
    table = _arrow_table(data, trec_columns, wanted, pa.string())
    if table is None:
        return None
    frame: pd.DataFrame = table.to_pandas()
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
    reader with their ids dictionary-encoded as they are parsed, and scored on the codes.
    Anything else (CSV, a bad line, a repeated document) goes through :func:`read_qrels`
    and :func:`read_run`, which read it or say what is wrong.

    >>> scores = evaluate_run_files(b"q Q0 a 1 2 t\nq Q0 b 2 1 t\n", b"q 0 b 1\n")
    >>> scores.qids.tolist(), scores.ndcg.round(4).tolist()
    (['q'], [0.6309])
    """
    convention = convention or Convention()
    judged = _coded_table(qrels, ["qid", "iter", "docid", "grade"], ["qid", "docid", "grade"])
    run_columns = ["qid", "q0", "docid", "rank", "score", "tag"]
    ranked = None if judged is None else _coded_table(run, run_columns, ["qid", "docid", "score"])
    if judged is not None and ranked is not None:
        scores = _score_tables(ranked, judged, convention, score_missing_as_zero)
        if scores is not None:
            return scores
    qrels_frame = read_qrels(qrels)  # qrels first, as the Runs page reads them
    return evaluate_run(
        read_run(run), qrels_frame, convention, score_missing_as_zero=score_missing_as_zero
    )


def _coded_table(data: bytes, trec_columns: list[str], wanted: list[str]) -> pa.Table | None:
    """A clean TREC file as Arrow reads it, ids dictionary-encoded; None wherever
    read_qrels or read_run would not take their own Arrow path (or would raise)."""
    if len(data) > MAX_FILE_BYTES or b"\x00" in data[:8192]:
        return None
    if data.isascii():  # cheap, and then valid UTF-8 without a byte-order mark
        tabular = b"," in data[: data.find(b"\n") % 4096 + 1]
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None
        tabular = "," in text[: text.find("\n") % 4096 + 1]
    if tabular:
        return None
    return _arrow_table(data, trec_columns, wanted, pa.dictionary(pa.int32(), pa.string()))


def _codes(columns: list[pa.ChunkedArray]) -> tuple[np.ndarray, pa.Array]:
    """One set of integer codes for dictionary-encoded columns (Arrow gives each block of a
    file its own dictionary): the codes, row after row, and their shared dictionary."""
    chunks = [chunk for column in columns for chunk in column.chunks]
    table = pa.Table.from_arrays([pa.chunked_array(chunks)], names=["id"])
    unified = table.unify_dictionaries().column(0)
    codes = np.concatenate([_numbers(chunk.indices, np.int32) for chunk in unified.chunks])
    dictionary: pa.Array = unified.chunk(0).dictionary
    return codes, dictionary


def _score_tables(
    ranked: pa.Table, judged: pa.Table, convention: Convention, score_missing_as_zero: bool
) -> RunScores | None:
    """Scores of two coded tables; None if either repeats a document for a query."""
    qids, qid_names = _codes([ranked.column("qid"), judged.column("qid")])
    docs, doc_names = _codes([ranked.column("docid"), judged.column("docid")])
    n_run, n_queries, n_docs = ranked.num_rows, len(qid_names), max(len(doc_names), 1)
    run_q, rel_q, run_d, rel_d = qids[:n_run], qids[n_run:], docs[:n_run], docs[n_run:]
    if _repeats(rel_q, rel_d, n_queries, n_docs) or _repeats(run_q, run_d, n_queries, n_docs):
        return None
    return _score_codes(
        (run_q, run_d, _numbers(ranked.column("score"), np.float64)),
        (rel_q, rel_d, _numbers(judged.column("grade"), np.float64)),
        np.array(qid_names.to_pylist(), dtype=object),
        n_docs,
        convention,
        score_missing_as_zero=score_missing_as_zero,
        qids_sorted=False,
        doc_ranks=lambda codes: _string_ranks(doc_names, codes),
    )


def _keys(queries: np.ndarray, docs: np.ndarray, n_docs: int) -> np.ndarray:
    keys: np.ndarray = queries.astype(np.int64) * n_docs + docs
    return keys


def _direct(cells: int, rows: int) -> bool:
    """Whether a table with a cell per (query, document) is no bigger than the data."""
    return cells <= 4 * rows + 1024


def _repeats(queries: np.ndarray, docs: np.ndarray, n_queries: int, n_docs: int) -> bool:
    """Whether some (query, document) pair occurs twice."""
    keys = _keys(queries, docs, n_docs)
    if _direct(n_queries * n_docs, len(keys)):
        seen = np.zeros(n_queries * n_docs, dtype=bool)
        seen[keys] = True
        return int(np.count_nonzero(seen)) < len(keys)
    ordered = np.sort(keys)
    return bool((ordered[1:] == ordered[:-1]).any())


def _grades_of(
    queries: np.ndarray, docs: np.ndarray, judged: _Rows, n_queries: int, n_docs: int
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


def _string_ranks(strings: pa.Array, codes: np.ndarray) -> np.ndarray:
    """For each code, the rank of its string among those of the codes given, in byte order
    (for UTF-8 that is code point order: trec_eval's strcmp and Python's sort agree). Only
    these strings are compared, as fixed-width NumPy bytes; the dictionary is not sorted."""
    unique, inverse = np.unique(codes, return_inverse=True)
    _, offset_buffer, data_buffer = strings.buffers()
    offsets = np.frombuffer(
        offset_buffer, dtype=np.int32, count=len(strings) + 1, offset=strings.offset * 4
    )
    data = np.frombuffer(data_buffer, dtype=np.uint8) if data_buffer else np.zeros(0, np.uint8)
    starts = offsets[unique].astype(np.int64)
    lengths = offsets[unique + 1] - starts
    width = max(int(lengths.max(initial=0)), 1)
    cells = np.zeros((len(unique), width), dtype=np.uint8)
    row = np.repeat(np.arange(len(unique)), lengths)
    column = np.arange(len(row)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    cells[row, column] = data[np.repeat(starts, lengths) + column]
    _, ranks = np.unique(cells.view(f"S{width}").ravel(), return_inverse=True)
    ranked: np.ndarray = ranks.ravel()[inverse.ravel()]
    return ranked


def _score_codes(
    run: _Rows,
    judged: _Rows,
    qid_names: np.ndarray,
    n_docs: int,
    convention: Convention,
    *,
    score_missing_as_zero: bool,
    qids_sorted: bool = True,
    doc_ranks: Callable[[np.ndarray], np.ndarray] | None = None,
) -> RunScores:
    """Scores from integer codes: query codes index ``qid_names``; document codes are in
    string order unless ``doc_ranks`` ranks them (only ties whose grades differ ask)."""
    run_q, run_d, run_scores = run
    rel_q, _, rel_grades = judged
    n_queries = len(qid_names)
    judged_query = np.bincount(rel_q, minlength=n_queries) > 0
    starts, lengths = _blocks(run_q)
    retrieved = np.bincount(run_q[starts], weights=lengths, minlength=n_queries).astype(np.int64)
    in_run = retrieved > 0
    scored = in_run & judged_query
    not_judged = int(np.count_nonzero(in_run & ~judged_query))
    if not_judged:  # skipped, as trec_eval does
        keep = judged_query[run_q]
        run_q, run_d, run_scores = run_q[keep], run_d[keep], run_scores[keep]
        starts, lengths = _blocks(run_q)
    if not _ranked(run_scores, starts, int(np.count_nonzero(scored))):
        order = np.lexsort((-run_scores, run_q))
        run_q, run_d, run_scores = run_q[order], run_d[order], run_scores[order]
        starts, lengths = _blocks(run_q)
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
        position = np.arange(len(run_q)) - np.repeat(starts, lengths)
    # A tie: consecutive rows of a query with one score.
    tie_start = position == 0
    tie_start[1:] |= run_scores[1:] != run_scores[:-1]
    tie_sizes = np.diff(np.append(np.flatnonzero(tie_start), len(tie_start)))
    grades = _grades_of(run_q, run_d, judged, n_queries, n_docs)
    grades = _clip(grades, convention.negative_grades, "run")

    ties = convention.ties
    if ties is not TiePolicy.AVERAGE:
        grades = _order_ties(grades, run_d, tie_sizes, ties, doc_ranks)
    gains = _gains(grades, convention.gain)
    if ties is TiePolicy.AVERAGE:  # each tied position gets the tie's mean gain
        gains = _tie_means(gains, run_q, run_scores)
    counted = position < k if k is not None else np.ones(len(position), dtype=bool)
    dcg = np.bincount(
        run_q[counted],
        weights=gains[counted] / _divisors(position[counted] + 1.0, convention),
        minlength=n_queries,
    )

    if convention.ideal is IdealSource.JUDGED:
        pool_q = rel_q[in_run[rel_q]]
        pool_g = _clip(rel_grades[in_run[rel_q]], convention.negative_grades, "qrels")
    else:
        pool_q, pool_g = run_q, grades
    if convention.negative_grades is NegativeGrades.PENALISE:
        pool_g = np.maximum(pool_g, 0.0)
    ideal_dcg = _ideal_dcg(pool_q, pool_g, n_queries, convention)

    fallback = {ZeroIdeal.ZERO: 0.0, ZeroIdeal.ONE: 1.0}.get(convention.zero_ideal, math.nan)
    ndcg = np.full(n_queries, fallback)
    np.divide(dcg, ideal_dcg, out=ndcg, where=ideal_dcg > 0)
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


def _blocks(queries: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """First row and length of each run of equal query codes."""
    change = np.empty(len(queries), dtype=bool)
    change[:1] = True
    np.not_equal(queries[1:], queries[:-1], out=change[1:])
    starts = np.flatnonzero(change)
    return starts, np.diff(np.append(starts, len(queries)))


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


def _whole_levels(grades: np.ndarray) -> tuple[float, int] | None:
    """The highest grade and the number of levels down to the lowest, when the grades are
    whole numbers in a modest range (as qrels grades are)."""
    if len(grades) == 0:
        return None
    high, low = float(grades.max()), float(grades.min())
    if not high - low < 2**20 or not (grades == np.floor(grades)).all():
        return None
    return high, int(high - low) + 1


def _best_first(queries: np.ndarray, grades: np.ndarray) -> np.ndarray:
    """The stable order by query, then grade descending: ``np.lexsort((-grades, queries))``,
    done as one sort of integer keys when the grades are whole numbers."""
    levels = _whole_levels(grades)
    if levels is None:
        return np.lexsort((-grades, queries))
    high, span = levels
    keys = queries.astype(np.int64) * span + (high - grades).astype(np.int64)
    order: np.ndarray = np.argsort(keys, kind="stable")
    return order


def _ideal_dcg(
    queries: np.ndarray, grades: np.ndarray, n_queries: int, convention: Convention
) -> np.ndarray:
    """Each query's ideal DCG: its grades best first, cut at k. With a cutoff and whole
    grades, each query's top k come from its counts per grade, with no sort; either way
    the same terms are added in the same order, so the sums are the same."""
    k = convention.cutoff_k
    levels = _whole_levels(grades)
    if k is not None and levels is not None and n_queries * levels[1] * k <= 8 * len(grades):
        high, span = levels
        keys = queries.astype(np.int64) * span + (high - grades).astype(np.int64)
        counts = np.bincount(keys, minlength=n_queries * span).reshape(n_queries, span)
        above = np.cumsum(counts, axis=1)  # rows at this level or better
        positions = np.arange(k)
        level = (above[:, :, np.newaxis] <= positions).sum(axis=1)  # of each top position
        query, position = np.nonzero(positions < above[:, -1:])  # by query, then position
        gains = _gains(high - level[query, position].astype(np.float64), convention.gain)
        ideal: np.ndarray = np.bincount(
            query, weights=gains / _divisors(position + 1.0, convention), minlength=n_queries
        )
        return ideal
    order = _best_first(queries, grades)
    ordered = queries[order]
    ranks = _ranks_within(ordered)
    counted = ranks <= k if k is not None else np.ones(len(ranks), dtype=bool)
    terms = _gains(grades[order], convention.gain) / _divisors(ranks, convention)
    summed: np.ndarray = np.bincount(
        ordered, weights=np.where(counted, terms, 0.0), minlength=n_queries
    )
    return summed


def _order_ties(
    grades: np.ndarray,
    docs: np.ndarray,
    sizes: np.ndarray,
    ties: TiePolicy,
    doc_ranks: Callable[[np.ndarray], np.ndarray] | None,
) -> np.ndarray:
    """Grades with each tie (consecutive rows, ``sizes`` long) in the policy's order:
    document id descending (trec_eval), worst grade first or best first. Only ties whose
    grades differ can change a score, so only their rows are sorted (and ids compared)."""
    if not (sizes > 1).any():
        return grades
    firsts = np.cumsum(sizes) - sizes
    mixed = (sizes > 1) & (
        np.minimum.reduceat(grades, firsts) != np.maximum.reduceat(grades, firsts)
    )
    if not mixed.any():
        return grades
    rows = np.flatnonzero(np.repeat(mixed, sizes))
    tie = np.repeat(np.arange(len(sizes)), sizes)[rows]
    if ties is TiePolicy.TREC_EVAL:
        codes = docs[rows]
        then = -(codes.astype(np.int64) if doc_ranks is None else doc_ranks(codes))
    elif ties is TiePolicy.PESSIMISTIC:
        then = grades[rows]
    else:
        then = -grades[rows]
    ordered = grades.copy()
    ordered[rows] = grades[rows][np.lexsort((then, tie))]
    return ordered


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
    r"""One query of a run as the Playground takes it: grades in ranked order, document ids
    (as labels the Playground's list can hold: :func:`~ndcg_core.parsing.playground_labels`),
    and the grades of judged documents the run did not retrieve.

    >>> run = read_run(b"q Q0 a 1 1 t\nq Q0 b 2 2 t\n")
    >>> query_ranking(run, read_qrels(b"q 0 a 1\nq 0 c 3\n"), "q")
    ((0.0, 1.0), ('b', 'a'), (3.0,))
    """
    from ndcg_core.parsing import playground_labels
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
    return ranking.grades, playground_labels(ranking.doc_ids), unretrieved


@dataclass(frozen=True)
class RunComparison:
    """Run B against run A on the queries both scored: per query, and in summary."""

    per_query: pd.DataFrame  # qid, ndcg_a, ndcg_b, difference (B - A)
    better: int
    worse: int
    mean_difference: float
    p_value: float


def compare_runs(first: RunScores, second: RunScores, *, seed: int = 0) -> RunComparison:
    r"""Per-query differences, how many queries got better or worse, and the paired
    randomisation test's p-value for the mean difference.

    >>> qrels = read_qrels(b"x 0 a 1\ny 0 a 1\n")
    >>> a = evaluate_run(read_run(b"x Q0 a 1 2 t\ny Q0 b 1 2 t\n"), qrels)
    >>> b = evaluate_run(read_run(b"x Q0 b 1 2 t\nx Q0 a 2 1 t\ny Q0 a 1 1 t\n"), qrels)
    >>> a.ndcg.round(3).tolist(), b.ndcg.round(3).tolist()
    ([1.0, 0.0], [0.631, 1.0])
    >>> result = compare_runs(a, b)
    >>> result.better, result.worse, round(result.mean_difference, 3)
    (1, 1, 0.315)
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
