"""Reading evaluation files: TREC qrels and runs (or CSV), checked line by line.

qrels: ``qid 0 docid grade``; run: ``qid Q0 docid rank score tag`` (whitespace separated).
CSV files need a header naming the columns: ``qid, docid, grade`` or ``qid, docid, score``.

:func:`read_qrels` and :func:`read_run` give pandas frames; :func:`read_evaluation_file`
reads a file's bytes with Arrow, and :func:`read_coded` turns a run and its qrels into
integer codes, for batch scoring without pandas (:func:`ndcg_core.runs.scoring.evaluate_files`);
:mod:`ndcg_core.runs.rows` gives a read file's rows back as frames. Errors name the first
bad line.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv

from ndcg_core.errors import NdcgError
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
from ndcg_core.runs.limits import MAX_FILE_BYTES, MAX_ID_CHARS, check_id_lengths, decode_text
from ndcg_core.text.quoting import quoted

if TYPE_CHECKING:
    import pandas as pd

Rows = tuple[np.ndarray, np.ndarray, np.ndarray]  # query codes, document codes, numbers


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
                f"The {what} CSV has no column {quoted(missing[0])}; its header must name "
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
            f"{quoted(frame[number_column].iloc[row])} is not a finite number."
        )
        raise NdcgError(msg, item=line_of(row))
    frame[number_column] = values.astype(np.float64)
    ids = [(c, frame[c].str.len().to_numpy()) for c in ("qid", "docid")]
    check_id_lengths(ids, what, line_of)
    duplicated = frame.duplicated(["qid", "docid"])
    if duplicated.any():
        row = int(np.flatnonzero(duplicated.to_numpy())[0])
        msg = (
            f"Line {line_of(row)} of the {what} file repeats document "
            f"{quoted(frame['docid'].iloc[row])} for query {quoted(frame['qid'].iloc[row])}."
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
    data: bytes, trec_columns: list[str], wanted: list[str], text_types: list[pa.DataType]
) -> pa.Table | None:
    """Arrow's multithreaded reader for clean single-space or tab separated files; None
    when anything is off (a bad line, an empty field, a number that is not finite), so the
    careful reader can say exactly what and where. The callers have checked that the data
    is UTF-8, so Arrow does not check again; it reads the bytes in place."""
    first = data[: data.find(b"\n")] if b"\n" in data else data
    delimiter = "\t" if b"\t" in first else " "
    names = [f"c{i}" for i in range(len(trec_columns))]
    keep = [names[trec_columns.index(c)] for c in wanted]
    types = dict(zip(keep[:-1], text_types, strict=True)) | {keep[-1]: pa.float64()}
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
            # The C library's allocator gives the parser's scratch memory back when it is
            # freed; Arrow's default pool keeps it, which a 200 MB file's peak feels.
            memory_pool=pa.system_memory_pool(),
        )
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return None
    if table.num_rows == 0 or any(column.null_count for column in table.columns):
        return None
    if any(_longest(table.column(c)) > MAX_ID_CHARS for c in keep[:-1]):
        return None  # the careful reader names the line
    if not np.isfinite(_numbers(table.column(keep[-1]), np.float64)).all():
        return None
    renamed: pa.Table = table.rename_columns(wanted)
    return renamed


def _longest(column: pa.ChunkedArray) -> int:
    """The most characters of any id in the column (of its dictionaries, when encoded)."""
    longest = 0
    for chunk in column.chunks:
        strings = chunk.dictionary if pa.types.is_dictionary(chunk.type) else chunk
        if len(strings):
            longest = max(longest, pc.max(pc.utf8_length(strings)).as_py() or 0)
    return longest


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
    table = _arrow_table(data, trec_columns, wanted, [pa.string(), pa.string()])
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
    text = decode_text(data, "qrels")
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
    text = decode_text(data, "run")
    columns, wanted = ["qid", "q0", "docid", "rank", "score", "tag"], ["qid", "docid", "score"]
    if "," not in text[: text.find("\n") % 4096 + 1]:
        fast = _read_trec_fast(data, columns, wanted)
        if fast is not None:
            return fast
    return _read_table(text, "run", columns, wanted)


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
            if not has_repeats(keys, queries):
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
        judged, rel_keys, queries = _keyed(qrels.table)
        if has_repeats(rel_keys, queries):  # ids told apart by codes, not by their keys
            return None
    by_key = bucket_order(rel_keys)
    sorted_keys = rel_keys[by_key]
    qids, qid_names = _codes([ranked.column("qid"), judged.column("qid")])
    run_q, rel_q = qids[: ranked.num_rows], qids[ranked.num_rows :]
    run_ids, rel_ids = ranked.column("docid"), judged.column("docid")
    rel_grades = _numbers(judged.column("grade"), np.float64)

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
        run=(run_q, _row_numbers(ranked.num_rows), _numbers(ranked.column("score"), np.float64)),
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
        run=(qids[:n_run], docs[:n_run], _numbers(ranked.column("score"), np.float64)),
        judged=(qids[n_run:], docs[n_run:], _numbers(judged.column("grade"), np.float64)),
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
    return _arrow_table(data, trec_columns, wanted, text_types)


def _codes(columns: list[pa.ChunkedArray]) -> tuple[np.ndarray, pa.Array]:
    """One set of integer codes for dictionary-encoded columns (Arrow gives each block of a
    file its own dictionary): the codes, row after row, and their shared dictionary."""
    chunks = [chunk for column in columns for chunk in column.chunks]
    table = pa.Table.from_arrays([pa.chunked_array(chunks)], names=["id"])
    unified = table.unify_dictionaries().column(0)
    codes = np.concatenate([_numbers(chunk.indices, np.int32) for chunk in unified.chunks])
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
