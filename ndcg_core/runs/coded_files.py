"""Evaluation files read once for batch scoring: Arrow tables whose ids are dictionary-coded
or keyed by 64-bit hashes (:mod:`ndcg_core.runs.id_keys`), and a run with its qrels as
integer codes (:func:`read_coded`) for :func:`ndcg_core.runs.scoring.evaluate_files`. A file
that is not clean TREC goes to the careful readers of :mod:`ndcg_core.runs.files`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa

from ndcg_core.runs.id_keys import (
    bucket_order,
    find,
    has_repeats,
    id_hashes,
    id_lengths,
    padded_ids,
    pair_keys,
    same_ids,
)
from ndcg_core.runs.limits import MAX_FILE_BYTES

if TYPE_CHECKING:
    import pandas as pd
from ndcg_core.runs.files import arrow_table, column_numbers, read_qrels, read_run

Rows = tuple[np.ndarray, np.ndarray, np.ndarray]  # query codes, document codes, numbers

_LOOKUP_BLOCK = 1 << 19  # rows whose grades are looked up at once (bounds the working arrays)

_COLUMNS = MappingProxyType(
    {
        "qrels": (("qid", "iter", "docid", "grade"), ("qid", "docid", "grade")),
        "run": (("qid", "q0", "docid", "rank", "score", "tag"), ("qid", "docid", "score")),
    }
)


@dataclass(frozen=True, eq=False)
class EvaluationFile:
    """A qrels or run file, read and checked once, to be scored as often as asked.

    A clean TREC file keeps Arrow's table. Its document ids are either dictionary-encoded
    (when they repeat across queries: a few hundred distinct ids, matched by integer codes)
    with ``keys`` None, or plain strings with a 64-bit key of each row's (query, document)
    pair in ``keys`` (when nearly every line has its own id). Any other file (CSV,
    irregular spacing) keeps the careful reader's frame. The file's bytes are not kept: a
    session holds its upload once, compactly (a 200 MB run's bytes would double it).
    """

    what: str  # "qrels" or "run"
    table: pa.Table | None
    keys: np.ndarray | None
    frame: pd.DataFrame | None

    @property
    def rows(self) -> int:
        """How many lines it has (blank ones aside)."""
        if self.table is not None:
            return int(self.table.num_rows)
        return 0 if self.frame is None else len(self.frame)


def read_evaluation_file(data: bytes, what: str) -> EvaluationFile:
    r"""A qrels (``what="qrels"``) or run (``"run"``) file, read and checked: the errors of
    :func:`read_qrels` and :func:`read_run`, naming the first bad line.

    >>> read_evaluation_file(b"q1 Q0 d1 1 2.5 t\nq1 Q0 d2 2 1 t\n", "run").rows
    2
    """
    trec_columns, wanted = _COLUMNS[what]
    docs_repeat = _ids_repeat(data, trec_columns.index("docid"))
    table = _coded_table(data, list(trec_columns), list(wanted), docs_repeat=docs_repeat)
    if table is not None:
        if docs_repeat and _few_ids(table.column("docid")):
            queries, query_names = _codes([table.column("qid")])
            docs, doc_names = _codes([table.column("docid")])
            if not _repeats(queries, docs, len(query_names), max(len(doc_names), 1)):
                return EvaluationFile(what, table, None, None)
        else:
            table, keys, queries = _keyed(table)
            # A run's pair repeats only within its query; a qrels key must be unique across
            # queries too, since find() looks each run row up among them: two queries' pairs
            # whose keys collide would hide one (the lookup confirms the query, then scores 0).
            if not has_repeats(keys, queries if what == "run" else None):
                return EvaluationFile(what, table, keys, None)
        # else a real repeat, for the careful reader to name
    frame = read_run(data) if what == "run" else read_qrels(data)
    return EvaluationFile(what, None, None, frame)


_SAMPLE_BYTES = 1 << 16  # the lines looked at to guess how often document ids repeat


def _ids_repeat(data: bytes, column: int) -> bool:
    r"""Whether the file's first lines name each document id twice or more on average (ids
    shared across queries: Arrow's dictionary encoding is then cheap), judged on a sample.
    The guess only picks the faster path; both give the same scores.

    >>> _ids_repeat(b"q1 Q0 d1 1 2 t\nq2 Q0 d1 1 2 t\n", 2), _ids_repeat(b"q 0 a 1\nq 0 b 1\n", 2)
    (True, False)
    """
    lines = data[:_SAMPLE_BYTES].split(b"\n")
    if len(data) > _SAMPLE_BYTES:
        lines.pop()  # cut short
    ids = [fields[column] for fields in map(bytes.split, lines) if len(fields) > column]
    return len(set(ids)) * 2 <= len(ids)


def _few_ids(column: pa.ChunkedArray) -> bool:
    """Whether the dictionaries Arrow built (one a block) hold few ids for the rows: then
    unifying them is cheap; else the ids are hashed (:func:`_keyed`)."""
    entries = sum(len(chunk.dictionary) for chunk in column.chunks)
    return entries * 4 <= len(column) + 4096


def _keyed(table: pa.Table) -> tuple[pa.Table, np.ndarray, np.ndarray]:
    """The table with its document ids as plain strings, the 64-bit key of each row's
    (query, document) pair, and each row's query code (in this file)."""
    docs = table.column("docid")
    if pa.types.is_dictionary(docs.type):  # ids guessed to repeat but many: decode them
        plain = pa.chunked_array(
            [chunk.dictionary.take(chunk.indices) for chunk in docs.chunks], type=pa.string()
        )
        table = table.set_column(table.schema.get_field_index("docid"), "docid", plain)
    queries, names = _codes([table.column("qid")])
    query_hashes = id_hashes(names)  # the same for a query id in any file
    keys = np.empty(len(queries), dtype=np.uint64)
    first = 0
    for chunk in table.column("docid").chunks:  # a block at a time: small working arrays
        last = first + len(chunk)
        keys[first:last] = pair_keys(query_hashes[queries[first:last]], id_hashes(chunk))
        first = last
    return table, keys, queries


@dataclass(frozen=True)
class CodedFiles:
    """A run and its qrels as integer codes: query codes index ``qid_names``.

    With ids shared across queries, document codes index one dictionary of both files'
    ids (``n_docs`` of them) and ``grades_of`` is None. With ids matched by keys, a run
    row's document code is its row number (a run names a document once per query):
    ``grades_of`` gives the grades of such rows (0 when unjudged), and the qrels' document
    codes are not used (-1). Either way ``doc_ranks`` ranks document codes by id, when a
    tie asks."""

    run: Rows
    judged: Rows
    qid_names: np.ndarray  # str objects
    n_docs: int
    grades_of: Callable[[np.ndarray], np.ndarray] | None
    doc_ranks: Callable[[np.ndarray], np.ndarray]


def read_coded(run: EvaluationFile, qrels: EvaluationFile) -> CodedFiles | None:
    """Both files as codes; None unless both are clean TREC files (then the careful
    readers' frames are scored).

    Query ids are few and dictionary-encoded as Arrow reads them. Document ids shared
    across queries are too, in both files (:func:`_ids_repeat`). Otherwise they are nearly
    all distinct, so they are matched by 64-bit keys (:mod:`ndcg_core.runs.id_keys`): keys that
    repeat in the qrels (a real repeat, or a collision) send the files to the careful
    readers, which compare the ids themselves; each match is confirmed byte for byte.
    """
    if run.table is None or qrels.table is None:
        return None
    if run.keys is None and qrels.keys is None:
        return _dictionary_coded(run.table, qrels.table)
    ranked, run_keys = (run.table, run.keys) if run.keys is not None else _keyed(run.table)[:2]
    if qrels.keys is not None:  # checked for repeats as it was read
        judged, rel_keys = qrels.table, qrels.keys
    else:
        judged, rel_keys, _ = _keyed(qrels.table)
        if has_repeats(rel_keys):  # across queries too (see read_evaluation_file)
            return None
    by_key = bucket_order(rel_keys)
    sorted_keys = rel_keys[by_key]
    qids, qid_names = _codes([ranked.column("qid"), judged.column("qid")])
    run_q, rel_q = qids[: ranked.num_rows], qids[ranked.num_rows :]
    run_ids, rel_ids = ranked.column("docid"), judged.column("docid")
    rel_grades = column_numbers(judged.column("grade"), np.float64)

    def grades_of(rows: np.ndarray) -> np.ndarray:
        """Looked up only for the rows that count (with a cutoff, the top k of each query),
        a block at a time (a search's working arrays stay small). The qrels keys are
        distinct, so a key matching a different (query, id) means the row's own pair is not
        judged: grade 0."""
        grades = np.zeros(len(rows))
        for first in range(0, len(rows), _LOOKUP_BLOCK):
            block = rows[first : first + _LOOKUP_BLOCK]
            at = find(sorted_keys, run_keys[block])
            hits = np.flatnonzero(at >= 0)
            judged_rows, run_rows = by_key[at[hits]], block[hits]
            same = (rel_q[judged_rows] == run_q[run_rows]) & same_ids(
                run_ids, run_rows, rel_ids, judged_rows
            )
            grades[first + hits[same]] = rel_grades[judged_rows[same]]
        return grades

    return CodedFiles(
        run=(
            run_q,
            _row_numbers(ranked.num_rows),
            column_numbers(ranked.column("score"), np.float64),
        ),
        judged=(rel_q, np.full(len(rel_q), -1), rel_grades),
        qid_names=np.array(qid_names.to_pylist(), dtype=object),
        n_docs=ranked.num_rows,
        grades_of=grades_of,
        doc_ranks=lambda rows: _string_ranks(run_ids, rows),
    )


def _row_numbers(rows: int) -> np.ndarray:
    """0, 1, ... rows - 1, in 32 bits when they fit (half the memory of a 200 MB run's)."""
    return np.arange(rows, dtype=np.int32 if rows < 2**31 else np.int64)


def _dictionary_coded(ranked: pa.Table, judged: pa.Table) -> CodedFiles:
    """Both files' ids as codes of one dictionary each (queries, documents): for ids
    shared across queries, unifying Arrow's per-block dictionaries is cheap."""
    qids, qid_names = _codes([ranked.column("qid"), judged.column("qid")])
    docs, doc_names = _codes([ranked.column("docid"), judged.column("docid")])
    n_run = ranked.num_rows
    return CodedFiles(
        run=(qids[:n_run], docs[:n_run], column_numbers(ranked.column("score"), np.float64)),
        judged=(qids[n_run:], docs[n_run:], column_numbers(judged.column("grade"), np.float64)),
        qid_names=np.array(qid_names.to_pylist(), dtype=object),
        n_docs=max(len(doc_names), 1),
        grades_of=None,
        doc_ranks=lambda codes: _string_ranks(doc_names, codes),
    )


def _coded_table(
    data: bytes, trec_columns: list[str], wanted: list[str], *, docs_repeat: bool
) -> pa.Table | None:
    """A clean TREC file as Arrow reads it, query ids dictionary-encoded, document ids too
    when they repeat, else as they are; None wherever read_qrels or read_run would not take
    their own Arrow path (or would raise)."""
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
    dictionary = pa.dictionary(pa.int32(), pa.string())
    text_types = [dictionary, dictionary if docs_repeat else pa.string()]
    return arrow_table(data, trec_columns, wanted, text_types)


def _codes(columns: list[pa.ChunkedArray]) -> tuple[np.ndarray, pa.Array]:
    """One set of integer codes for dictionary-encoded columns (Arrow gives each block of a
    file its own dictionary): the codes, row after row, and their shared dictionary."""
    chunks = [chunk for column in columns for chunk in column.chunks]
    table = pa.Table.from_arrays([pa.chunked_array(chunks)], names=["id"])
    unified = table.unify_dictionaries().column(0)
    codes = np.concatenate([column_numbers(chunk.indices, np.int32) for chunk in unified.chunks])
    dictionary: pa.Array = unified.chunk(0).dictionary
    return codes, dictionary


def _repeats(queries: np.ndarray, docs: np.ndarray, n_queries: int, n_docs: int) -> bool:
    """Whether some (query code, document code) pair occurs twice: a cell per pair when
    that table is no bigger than the data, else one sort.

    >>> _repeats(np.array([0, 0, 1]), np.array([0, 1, 0]), 2, 2)
    False
    """
    keys = queries.astype(np.int64) * n_docs + docs
    if n_queries * n_docs <= 4 * len(keys) + 1024:
        seen = np.zeros(n_queries * n_docs, dtype=bool)
        seen[keys] = True
        return int(np.count_nonzero(seen)) < len(keys)
    ordered = np.sort(keys)
    return bool((ordered[1:] == ordered[:-1]).any())


def _string_ranks(strings: pa.ChunkedArray | pa.Array, rows: np.ndarray) -> np.ndarray:
    """For each row, the rank of its string among those of the rows given, in byte order
    (for UTF-8 that is code point order: trec_eval's strcmp and Python's sort agree). Only
    these strings are compared, as fixed-width NumPy bytes; nothing else is sorted."""
    unique, inverse = np.unique(rows, return_inverse=True)
    width = max(int(id_lengths(strings, unique).max(initial=0)), 1)
    cells = padded_ids(strings, unique, width)
    _, ranks = np.unique(cells.view(f"S{width}").ravel(), return_inverse=True)
    ranked: np.ndarray = ranks.ravel()[inverse.ravel()]
    return ranked
