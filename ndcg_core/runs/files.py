"""Reading evaluation files: TREC qrels and runs (or CSV), checked line by line.

qrels: ``qid 0 docid grade``; run: ``qid Q0 docid rank score tag`` (whitespace separated).
CSV files need a header naming the columns: ``qid, docid, grade`` or ``qid, docid, score``.

:func:`read_qrels` and :func:`read_run` give pandas frames (a clean TREC file is read by
Arrow, any other by the careful reader); :mod:`ndcg_core.runs.coded_files` reads a file once
for batch scoring without pandas, and :mod:`ndcg_core.runs.rows` gives its rows back as
frames. Errors name the first bad line.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv

from ndcg_core.errors import NdcgError
from ndcg_core.runs.limits import MAX_ID_CHARS, check_id_lengths, decode_text
from ndcg_core.text.quoting import quoted

if TYPE_CHECKING:
    import pandas as pd


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


def arrow_table(
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
    if not np.isfinite(column_numbers(table.column(keep[-1]), np.float64)).all():
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


def column_numbers(column: pa.ChunkedArray | pa.Array, dtype: type[np.generic]) -> np.ndarray:
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
    table = arrow_table(data, trec_columns, wanted, [pa.string(), pa.string()])
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
