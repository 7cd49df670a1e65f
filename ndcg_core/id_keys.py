"""Document ids as 64-bit keys: joining a run with its qrels without a dictionary of every id.

A run draws its document ids from a large collection, so nearly every line holds an id no
other line has. Building one dictionary of them all (Arrow's ``dictionary_encode`` or
``unify_dictionaries``) costs more than reading the file. The join needs less: each
(query, document) pair of the run looks for the same pair in the qrels, and no pair may
occur twice. So each id is hashed, straight from Arrow's buffers, 8 bytes at a time, into a
64-bit number (:func:`id_hashes`); the query's code is mixed in (:func:`pair_keys`); keys
are matched by a bucketed search (:func:`find`). Equal ids always give equal keys, so no
match and no repeat is ever missed; two different ids may (about once in 2**64 pairs) give
one key, so every match is confirmed byte for byte (:func:`same_ids`) and a repeated key
sends the caller to the careful reader, which compares the ids themselves.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # 2**64 / golden ratio, odd: spreads small numbers
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)  # splitmix64's finaliser
_MIX_2 = np.uint64(0x94D049BB133111EB)
_WORD = 8


def _mix(keys: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, in place: every input bit moves about half the output bits."""
    with np.errstate(over="ignore"):
        keys ^= keys >> np.uint64(30)
        keys *= _MIX_1
        keys ^= keys >> np.uint64(27)
        keys *= _MIX_2
        keys ^= keys >> np.uint64(31)
    return keys


def _words(chunk: pa.Array) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A binary or string chunk as (8-byte words starting at every byte, each id's start,
    each id's length). The bytes are copied once with 8 zero bytes after them, so the word
    at an id's last byte can be read."""
    offsets = _offsets(chunk)
    data_buffer = chunk.buffers()[2]
    first, end = int(offsets[0]), int(offsets[-1])
    padded = np.zeros(end - first + _WORD, dtype=np.uint8)
    if data_buffer is not None and end > first:
        padded[: end - first] = np.frombuffer(
            data_buffer, dtype=np.uint8, count=end - first, offset=first
        )
    # Overlapping little-endian words, one starting at each byte (NumPy reads them unaligned).
    words = np.ndarray(shape=(end - first + 1,), dtype="<u8", buffer=padded, strides=(1,))
    starts = (offsets[:-1] - first).astype(np.int64)
    lengths = np.diff(offsets).astype(np.int64)
    return words, starts, lengths


def _word(words: np.ndarray, starts: np.ndarray, lengths: np.ndarray, j: int) -> np.ndarray:
    """The j-th 8-byte word of each id, bytes past its end zeroed (0 once the id is done)."""
    last = len(words) - 1
    word: np.ndarray = words[np.minimum(starts + j, last)]
    left = lengths - j
    short = np.flatnonzero(left < _WORD)
    if len(short):
        bits = np.clip(left[short], 0, _WORD - 1).astype(np.uint64) * np.uint64(8)
        word[short] &= (np.uint64(1) << bits) - np.uint64(1)
    return word


def _chunk_hashes(chunk: pa.Array) -> np.ndarray:
    words, starts, lengths = _words(chunk)
    hashes: np.ndarray = _mix(lengths.astype(np.uint64) * _GOLDEN)
    shortest = int(lengths.min(initial=0))
    for j in range(0, int(lengths.max(initial=0)), _WORD):
        if j < shortest:
            hashes ^= _word(words, starts, lengths, j)
            _mix(hashes)
        else:  # only ids still going: a hash must not depend on the other ids' lengths
            live = np.flatnonzero(lengths > j)
            some = hashes[live] ^ _word(words, starts[live], lengths[live], j)
            hashes[live] = _mix(some)
    return hashes


def id_hashes(ids: pa.ChunkedArray | pa.Array) -> np.ndarray:
    """A 64-bit hash of each id's bytes (a binary or string column without nulls).

    >>> keys = id_hashes(pa.array([b"clueweb09-en0003-47-01234", b"d1", b"d1", b""]))
    >>> keys.dtype.name, bool(keys[1] == keys[2]), len(set(keys.tolist()))
    ('uint64', True, 3)
    """
    chunks = ids.chunks if isinstance(ids, pa.ChunkedArray) else [ids]
    parts = [_chunk_hashes(chunk) for chunk in chunks if len(chunk)]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint64)


def pair_keys(queries: np.ndarray, hashes: np.ndarray) -> np.ndarray:
    """One key per (query code, id hash) pair."""
    with np.errstate(over="ignore"):
        keys = hashes ^ (queries.astype(np.uint64) * _GOLDEN)
    return _mix(keys)


def _bucket_bits(n: int) -> int:
    return max(int(n).bit_length(), 1)


def find(sorted_keys: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Where each key is in ``sorted_keys`` (ascending, no repeats), or -1.

    A binary search per key jumps about a large array; here the top bits of a key name its
    bucket (about one sorted key each), so most keys are settled with two lookups.

    >>> find(np.array([3, 9, 2**63], dtype=np.uint64), np.array([9, 4, 2**63], dtype=np.uint64))
    array([ 1, -1,  2])
    """
    found = np.full(len(keys), -1, dtype=np.int64)
    if len(sorted_keys) == 0 or len(keys) == 0:
        return found
    shift = np.uint64(64 - _bucket_bits(len(sorted_keys)))
    counts = np.bincount((sorted_keys >> shift).astype(np.int64), minlength=1)
    bounds = np.concatenate(([0], np.cumsum(counts)))
    buckets = (keys >> shift).astype(np.int64)
    inside = buckets < len(counts)
    rows = np.flatnonzero(inside)
    at, end = bounds[buckets[rows]], bounds[buckets[rows] + 1]
    while len(rows):
        live = at < end
        rows, at, end = rows[live], at[live], end[live]
        hit = sorted_keys[at] == keys[rows]
        found[rows[hit]] = at[hit]
        rows, at, end = rows[~hit], at[~hit] + 1, end[~hit]
    return found


def has_repeats(keys: np.ndarray) -> bool:
    """Whether some key occurs twice. Only keys that share a bucket (with about four
    buckets a key) can be equal, so only those are sorted.

    >>> has_repeats(np.array([5, 2**40, 5], dtype=np.uint64)), has_repeats(np.arange(9, dtype=np.uint64))
    (True, False)
    """
    if len(keys) < 2:
        return False
    shift = np.uint64(64 - _bucket_bits(4 * len(keys)))
    buckets = (keys >> shift).astype(np.int64)
    crowded = np.bincount(buckets)[buckets] > 1
    candidates = np.sort(keys[crowded])
    return bool((candidates[1:] == candidates[:-1]).any())


def padded_ids(ids: pa.ChunkedArray | pa.Array, rows: np.ndarray, width: int) -> np.ndarray:
    """The ids of these rows as a (rows, width) array of bytes, zero-padded (ids longer
    than ``width`` are cut)."""
    chunks = ids.chunks if isinstance(ids, pa.ChunkedArray) else [ids]
    cells = np.zeros((len(rows), width), dtype=np.uint8)
    first_rows = np.cumsum([0] + [len(chunk) for chunk in chunks])
    which = np.searchsorted(first_rows, rows, side="right") - 1
    for number, chunk in enumerate(chunks):
        mine = np.flatnonzero(which == number)
        if not len(mine):
            continue
        words, starts, lengths = _words(chunk)
        local = rows[mine] - first_rows[number]
        for j in range(0, width, _WORD):
            word = _word(words, starts[local], lengths[local], j)
            part = word.astype("<u8").view(np.uint8).reshape(-1, _WORD)
            cells[mine, j : min(j + _WORD, width)] = part[:, : min(_WORD, width - j)]
    return cells


def _offsets(chunk: pa.Array) -> np.ndarray:
    offsets: np.ndarray = np.frombuffer(
        chunk.buffers()[1], dtype=np.int32, count=len(chunk) + 1, offset=chunk.offset * 4
    )
    return offsets


def id_lengths(ids: pa.ChunkedArray | pa.Array, rows: np.ndarray) -> np.ndarray:
    """The byte length of the ids of these rows."""
    chunks = ids.chunks if isinstance(ids, pa.ChunkedArray) else [ids]
    lengths = [np.diff(_offsets(chunk)) for chunk in chunks if len(chunk)]
    picked: np.ndarray = np.concatenate(lengths or [np.zeros(0, np.int32)])[rows]
    return picked


def same_ids(
    first: pa.ChunkedArray | pa.Array,
    first_rows: np.ndarray,
    second: pa.ChunkedArray | pa.Array,
    second_rows: np.ndarray,
) -> bool:
    """Whether each id of ``first`` at ``first_rows`` is byte for byte the id of ``second``
    at the matching ``second_rows``.

    >>> ids = pa.array(["d1", "d2", "d1"])
    >>> same_ids(ids, np.array([0, 1]), ids, np.array([2, 1])), same_ids(ids, np.array([0]), ids, np.array([1]))
    (True, False)
    """
    lengths = id_lengths(first, first_rows)
    if not np.array_equal(lengths, id_lengths(second, second_rows)):
        return False
    width = max(int(lengths.max(initial=0)), 1)
    return bool(
        np.array_equal(padded_ids(first, first_rows, width), padded_ids(second, second_rows, width))
    )
