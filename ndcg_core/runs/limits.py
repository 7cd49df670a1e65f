"""What an evaluation file may be: its size, its encoding, the length of its ids.

One home for each limit; :mod:`ndcg_core.runs.files` calls these as it reads a file, and the
messages say what was wrong, where, and what is accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ndcg_core.errors import NdcgError

MAX_FILE_BYTES = 200 * 1024 * 1024  # the server's upload cap (.streamlit/config.toml)

# Ids in the usual collections are short (TREC docnos, MS MARCO and ClueWeb ids are under
# 40 characters); the longest in real use are URLs and Wikipedia titles (at most 255 bytes)
# used as ids, which stay well under 1,000. A longer "id" is a file whose separators were
# lost: a whole file on one line once became a single 60 MB id.
MAX_ID_CHARS = 1_000

_SAMPLE = 8192  # the bytes looked at to tell an encoding


def wide_encoding(data: bytes) -> str | None:
    r"""``"UTF-16"`` or ``"UTF-32"`` when the file is in one of them (a byte-order mark, or
    text whose every other byte is NUL, as ASCII is in UTF-16), else None.

    >>> wide_encoding("q 0 d 1\n".encode("utf-16")), wide_encoding(b"q 0 d 1\n")
    ('UTF-16', None)
    >>> wide_encoding("q 0 d 1\n".encode("utf-16-be")), wide_encoding("q".encode("utf-32"))
    ('UTF-16', 'UTF-32')
    """
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "UTF-32"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    sample = data[:_SAMPLE]
    for half in (sample[0::2], sample[1::2]):
        if len(half) >= 2 and half.count(0) * 10 >= len(half) * 9:
            return "UTF-16"
    return None


def decode_text(data: bytes, what: str) -> str:
    r"""The file's text, or an error a person can act on: empty, over the cap, UTF-16,
    binary, or not UTF-8 (naming the line).

    >>> decode_text(b"\xef\xbb\xbfq 0 d 1\n", "qrels")
    'q 0 d 1\n'
    >>> decode_text("q 0 d 1\n".encode("utf-16"), "qrels")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The qrels file is UTF-16 text; save it as UTF-8 and upload it again.
    """
    if not data.strip():
        msg = f"The {what} file is empty."
        raise NdcgError(msg)
    if len(data) > MAX_FILE_BYTES:
        msg = (
            f"The {what} file is {len(data) / 2**20:.0f} MB; at most "
            f"{MAX_FILE_BYTES // 2**20} MB are read."
        )
        raise NdcgError(msg)
    encoding = wide_encoding(data)
    if encoding is not None:
        msg = f"The {what} file is {encoding} text; save it as UTF-8 and upload it again."
        raise NdcgError(msg)
    if b"\x00" in data[:_SAMPLE]:
        msg = f"The {what} file looks binary (it holds NUL bytes); expected plain text."
        raise NdcgError(msg)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        msg = f"The {what} file is not UTF-8 text (line {line} has a byte it cannot read)."
        raise NdcgError(msg) from None


def check_id_lengths(
    columns: Sequence[tuple[str, np.ndarray]], what: str, line_of: Callable[[int], int]
) -> None:
    """Refuse an id longer than :data:`MAX_ID_CHARS`, naming the first line that has one.

    ``columns`` pairs a column's name (``"qid"``, ``"docid"``) with each row's id length in
    characters; ``line_of`` turns a row into its line in the file.

    >>> check_id_lengths([("docid", np.array([3, 1_001]))], "run", lambda row: row + 1)
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Line 2 of the run file has a document id of 1,001 characters; ids are at most 1,000 (were the line breaks or spaces lost?).
    """
    names = {"qid": "query id", "docid": "document id"}
    found = [
        (int(rows[0]), column, int(lengths[rows[0]]))
        for column, lengths in columns
        if len(rows := np.flatnonzero(np.asarray(lengths) > MAX_ID_CHARS))
    ]
    if found:
        row, column, length = min(found)
        number = line_of(row)
        msg = (
            f"Line {number} of the {what} file has a {names[column]} of {length:,} "
            f"characters; ids are at most {MAX_ID_CHARS:,} (were the line breaks or spaces "
            "lost?)."
        )
        raise NdcgError(msg, item=number)
