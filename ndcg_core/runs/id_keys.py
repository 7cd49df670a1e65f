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

from collections.abc import Iterator

import numpy as np
import pyarrow as pa

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # 2**64 / golden ratio, odd: spreads small numbers
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)  # splitmix64's finaliser
_MIX_2 = np.uint64(0x94D049BB133111EB)
_WORD = 8
_TABLE_CELLS = 1 << 16  # keys sorted at once by has_repeats, a table of groups at a time


def _mix(keys: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, in place: every input bit moves about half the output bits."""
    with np.errstate(over="ignore"):
        keys ^= keys >> np.uint64(30)
        keys *= _MIX_1
        keys ^= keys >> np.uint64(27)
        keys *= _MIX_2
        keys ^= keys >> np.uint64(31)
    return keys


def _offsets(chunk: pa.Array) -> np.ndarray:
    offsets: np.ndarray = np.frombuffer(
        chunk.buffers()[1], dtype=np.int32, count=len(chunk) + 1, offset=chunk.offset * 4
    )
    return offsets


def _chunk_words(
    chunk: pa.Array, rows: np.ndarray | None = None
) -> Iterator[tuple[np.ndarray | None, np.ndarray]]:
    """The 8-byte words of the ids at ``rows`` of a binary or string chunk (all when None),
    word by word: which of those rows have this word (None: all), and the word.

    An id of 8 bytes or more is read at bytes 0, 8, 16... and its last word ends at its last
    byte (overlapping the word before); a shorter id is one word, zero-padded. So equal ids
    give equal words, and ids of one length with equal words are equal. Words are read in
    place from Arrow's buffer (NumPy reads them unaligned), nothing is copied.
    """
    offsets = _offsets(chunk).astype(np.int64)
    starts, ends = (
        (offsets[:-1], offsets[1:]) if rows is None else (offsets[rows], offsets[rows + 1])
    )
    lengths = ends - starts
    data = chunk.buffers()[2]
    size = 0 if data is None else data.size
    if size >= _WORD:
        words = np.ndarray(shape=(size - _WORD + 1,), dtype="<u8", buffer=data, strides=(1,))
    else:  # a tiny chunk: pad a copy
        padded = np.zeros(2 * _WORD, dtype=np.uint8)
        padded[:size] = np.frombuffer(data, dtype=np.uint8, count=size) if size else 0
        words = np.ndarray(shape=(_WORD + 1,), dtype="<u8", buffer=padded, strides=(1,))
    last = len(words) - 1
    longest = int(lengths.max(initial=0))
    shortest = int(lengths.min()) if len(lengths) else 0
    if rows is None and shortest == longest >= _WORD:  # ids of one length, back to back:
        first_byte = int(starts[0]) if len(starts) else 0  # each word a strided view
        for j in [*range(0, longest - _WORD, _WORD), longest - _WORD]:
            yield (
                None,
                np.ndarray(
                    shape=(len(starts),),
                    dtype="<u8",
                    buffer=data,
                    offset=first_byte + j,
                    strides=(longest,),
                ),
            )
        return
    short = lengths < _WORD
    if short.any():
        first = np.where(short, 0, words[np.minimum(starts, last)])
        at = starts[short]
        beyond = np.maximum(at - last, 0).astype(np.uint64) * np.uint64(8)  # near the end
        bits = lengths[short].astype(np.uint64) * np.uint64(8)
        word = words[np.minimum(at, last)] >> np.minimum(beyond, np.uint64(63))
        first[short] = word & ((np.uint64(1) << bits) - np.uint64(1))
        yield None, first
    else:
        yield None, words[starts]
    for j in range(_WORD, longest, _WORD):
        if j < shortest:
            yield None, words[np.minimum(starts + j, ends - _WORD)]
        else:
            live = np.flatnonzero(lengths > j)
            yield live, words[np.minimum(starts[live] + j, ends[live] - _WORD)]


def _chunk_hashes(chunk: pa.Array) -> np.ndarray:
    """Each id's length, then its words, folded in by a multiply (``h = (h ^ word) * K``: a
    bijection of h for each word, so ids that differ in one word differ after it), mixed
    once at the end. Two operations a word where mixing after each word took ten."""
    lengths = np.diff(_offsets(chunk)).astype(np.uint64)
    with np.errstate(over="ignore"):
        hashes: np.ndarray = lengths * _GOLDEN
        for live, word in _chunk_words(chunk):
            if live is None:
                hashes ^= word
                hashes *= _MIX_1
            else:  # only ids still going: a hash must not depend on the other ids' lengths
                hashes[live] = (hashes[live] ^ word) * _MIX_1
    return _mix(hashes)


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


def bucket_order(keys: np.ndarray) -> np.ndarray:
    """An order that groups the keys by the top bits :func:`find` reads as their bucket
    (within a bucket, any order): two passes of NumPy's radix sort on 16-bit digits, a
    fraction of a full sort's time for a million keys.

    >>> keys = np.array([2**63 + 5, 7, 2**62, 2**63], dtype=np.uint64)
    >>> (keys[bucket_order(keys)] >> np.uint64(62)).tolist()
    [0, 1, 2, 2]
    """
    bits = _bucket_bits(len(keys))
    if bits > 32:
        return np.argsort(keys)
    buckets = keys >> np.uint64(64 - bits)
    if bits <= 16:
        return np.argsort(buckets.astype(np.uint16), kind="stable")
    order = np.argsort((buckets & np.uint64(0xFFFF)).astype(np.uint16), kind="stable")
    high = (buckets[order] >> np.uint64(16)).astype(np.uint16)
    ordered: np.ndarray = order[np.argsort(high, kind="stable")]
    return ordered


def find(sorted_keys: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Where each key is in ``sorted_keys`` (no repeats; ascending, or grouped by
    :func:`bucket_order`), or -1.

    A binary search per key jumps about a large array; here the top bits of a key name its
    bucket (one to two buckets a sorted key: fewer buckets cost more compares, more cost
    a larger table of bounds), so most keys are settled with two or three lookups.

    >>> find(np.array([3, 9, 2**63], dtype=np.uint64), np.array([9, 4, 2**63], dtype=np.uint64))
    array([ 1, -1,  2])
    """
    found = np.full(len(keys), -1, dtype=np.int64)
    if len(sorted_keys) == 0 or len(keys) == 0:
        return found
    bits = _bucket_bits(len(sorted_keys))
    shift = np.uint64(64 - bits)
    counts = np.bincount((sorted_keys >> shift).astype(np.intp), minlength=1 << bits)
    bounds = np.zeros(len(counts) + 1, dtype=np.int32)  # every key's bucket is inside
    np.cumsum(counts, out=bounds[1:])
    buckets = (keys >> shift).astype(np.intp)
    at, end = bounds[buckets], bounds[buckets + 1]
    rows = np.flatnonzero(at < end)  # most misses end here: an empty bucket
    at, end = at[rows], end[rows]
    while len(rows):
        hit = sorted_keys[at] == keys[rows]
        found[rows[hit]] = at[hit]
        miss = ~hit
        rows, at, end = rows[miss], at[miss] + 1, end[miss]
        live = at < end
        rows, at, end = rows[live], at[live], end[live]
    return found


def has_repeats(keys: np.ndarray, groups: np.ndarray | None = None) -> bool:
    """Whether some key occurs twice.

    A run file lists each query's rows together, and a key (a query and a document) can
    only repeat within its query: with ``groups`` (a number per row, equal for one query),
    each group's keys are sorted as one row of a table, which is several times faster than
    sorting them all. Otherwise only keys that share a bucket (about four buckets a key)
    are sorted.

    >>> has_repeats(np.array([5, 2**40, 5], dtype=np.uint64)), has_repeats(np.arange(9, dtype=np.uint64))
    (True, False)
    >>> has_repeats(np.array([7, 8, 7], dtype=np.uint64), np.array([1, 1, 2]))
    False
    """
    if len(keys) < 2:
        return False
    if groups is not None:
        found = _repeats_within(keys, groups)
        if found is not None:
            return found
    shift = np.uint64(64 - _bucket_bits(4 * len(keys)))
    buckets = (keys >> shift).astype(np.int64)
    crowded = np.bincount(buckets)[buckets] > 1
    candidates = np.sort(keys[crowded])
    return bool((candidates[1:] == candidates[:-1]).any())


def _repeats_within(keys: np.ndarray, groups: np.ndarray) -> bool | None:
    """has_repeats within each group, one row of a table a group; None when a group's rows
    are not together, the groups' sizes differ too much for a table, or a key is 0 (the
    table's padding)."""
    change = np.empty(len(groups), dtype=bool)
    change[0] = True
    np.not_equal(groups[1:], groups[:-1], out=change[1:])
    starts = np.flatnonzero(change)
    if len(np.unique(groups[starts])) < len(starts):
        return None
    lengths = np.diff(np.append(starts, len(keys)))
    width = int(lengths.max())
    if len(starts) * width > 2 * len(keys) + 1024 or not keys.all():
        return None
    step = max(1, _TABLE_CELLS // width)  # groups a table: small, so memory is reused
    for first in range(0, len(starts), step):
        group_starts, group_lengths = starts[first : first + step], lengths[first : first + step]
        low, high = int(group_starts[0]), int(group_starts[-1] + group_lengths[-1])
        table = np.zeros((len(group_starts), width), dtype=np.uint64)
        table[
            np.repeat(np.arange(len(group_starts)), group_lengths),
            np.arange(low, high) - np.repeat(group_starts, group_lengths),
        ] = keys[low:high]
        table.sort(axis=1)
        if ((table[:, 1:] == table[:, :-1]) & (table[:, 1:] != 0)).any():
            return True
    return False


def _by_chunk(
    ids: pa.ChunkedArray | pa.Array, rows: np.ndarray
) -> Iterator[tuple[pa.Array, np.ndarray, np.ndarray]]:
    """Each chunk holding some of ``rows``: the chunk, which of ``rows`` it holds, and
    their row numbers within it."""
    chunks = ids.chunks if isinstance(ids, pa.ChunkedArray) else [ids]
    first_rows = np.cumsum([0] + [len(chunk) for chunk in chunks])
    which = np.searchsorted(first_rows, rows, side="right") - 1
    by_chunk = np.argsort(which, kind="stable")  # a file has hundreds of chunks: one pass
    bounds = np.searchsorted(which[by_chunk], np.arange(len(chunks) + 1))
    for number, chunk in enumerate(chunks):
        mine = by_chunk[bounds[number] : bounds[number + 1]]
        if len(mine):
            yield chunk, mine, rows[mine] - first_rows[number]


def id_lengths(ids: pa.ChunkedArray | pa.Array, rows: np.ndarray) -> np.ndarray:
    """The byte length of the ids of these rows."""
    lengths = np.zeros(len(rows), dtype=np.int64)
    for chunk, mine, local in _by_chunk(ids, rows):
        offsets = _offsets(chunk)
        lengths[mine] = offsets[local + 1] - offsets[local]
    return lengths


def padded_ids(ids: pa.ChunkedArray | pa.Array, rows: np.ndarray, width: int) -> np.ndarray:
    """The ids of these rows as a (rows, width) array of bytes, zero-padded (ids longer
    than ``width`` are cut)."""
    cells = np.zeros((len(rows), width), dtype=np.uint8)
    for chunk, mine, local in _by_chunk(ids, rows):
        offsets = _offsets(chunk).astype(np.int64)
        data = chunk.buffers()[2]
        raw = np.frombuffer(data, dtype=np.uint8) if data is not None else np.zeros(0, np.uint8)
        starts = offsets[local]
        lengths = np.minimum(offsets[local + 1] - starts, width)
        row = np.repeat(mine, lengths)
        column = np.arange(len(row)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        cells[row, column] = raw[np.repeat(starts, lengths) + column]
    return cells


def _row_words(ids: pa.ChunkedArray | pa.Array, rows: np.ndarray) -> list[np.ndarray]:
    """Word j of the id at each of ``rows`` (0 where it has none), for every j."""
    found: list[np.ndarray] = []
    for chunk, mine, local in _by_chunk(ids, rows):
        for j, (live, word) in enumerate(_chunk_words(chunk, local)):
            if j == len(found):
                found.append(np.zeros(len(rows), dtype=np.uint64))
            found[j][mine if live is None else mine[live]] = word
    return found


def same_ids(
    first: pa.ChunkedArray | pa.Array,
    first_rows: np.ndarray,
    second: pa.ChunkedArray | pa.Array,
    second_rows: np.ndarray,
) -> np.ndarray:
    """Whether the id of ``first`` at each of ``first_rows`` is, byte for byte, the id of
    ``second`` at the matching ``second_rows``.

    >>> ids = pa.array(["d1", "d2", "d1", "clueweb09-en0003-47-01234"])
    >>> same_ids(ids, np.array([0, 1, 3]), ids, np.array([2, 2, 3])).tolist()
    [True, False, True]
    """
    same: np.ndarray = id_lengths(first, first_rows) == id_lengths(second, second_rows)
    for mine, theirs in zip(
        _row_words(first, first_rows), _row_words(second, second_rows), strict=False
    ):
        same &= mine == theirs
    return same
