"""64-bit keys of document ids: equal ids give equal keys however Arrow chunks them, and
the exact checks (same_ids, find, has_repeats) answer what plain Python answers."""

from __future__ import annotations

import itertools

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core.runs.id_keys import find, has_repeats, id_hashes, padded_ids, same_ids
from tests.examples import examples

# Short and long ids, ids that share a prefix or a suffix, bytes above 127 (UTF-8).
ids = st.lists(
    st.one_of(
        st.sampled_from(["", "a", "d1", "d10", "clueweb09-en0003-47-01234", "clueweb09-en0003"]),
        st.text(alphabet="ab-é0", max_size=30),
    ),
    min_size=1,
    max_size=40,
)


def _chunked(values: list[str], cuts: list[int], offset: int) -> pa.ChunkedArray:
    """The values split into chunks at ``cuts``, each a slice of a larger array (Arrow's
    reader gives chunks whose buffers do not start at 0)."""
    bounds = sorted({0, len(values), *(c % (len(values) + 1) for c in cuts)})
    chunks = []
    for low, high in itertools.pairwise(bounds):
        padding = ["x" * offset] * offset
        chunks.append(pa.array(padding + values[low:high]).slice(offset))
    return pa.chunked_array(chunks, type=pa.string())


@settings(max_examples=examples(200))
@given(ids, st.lists(st.integers(0, 40), max_size=4), st.integers(0, 3))
def test_equal_ids_give_equal_hashes_however_chunked(values, cuts, offset) -> None:
    whole = id_hashes(pa.array(values))
    chunked = id_hashes(_chunked(values, cuts, offset))
    assert whole.tolist() == chunked.tolist()
    by_id: dict[str, int] = {}
    for value, key in zip(values, whole.tolist(), strict=True):
        assert by_id.setdefault(value, key) == key


def test_ids_that_differ_in_any_byte_hash_apart() -> None:
    base = "clueweb09-en0003-47-01234"
    variants = [base] + [base[:i] + "#" + base[i + 1 :] for i in range(len(base))]
    variants += [base[:n] for n in range(len(base))] + [base + "\x01", "d1\x00"[:2]]
    assert len(set(id_hashes(pa.array(variants)).tolist())) == len(set(variants))


@settings(max_examples=examples(200))
@given(ids, ids, st.data())
def test_same_ids_is_string_equality(first, second, data) -> None:
    pairs = data.draw(
        st.lists(st.tuples(st.integers(0, len(first) - 1), st.integers(0, len(second) - 1)))
    )
    left = np.array([a for a, _ in pairs], dtype=np.int64)
    right = np.array([b for _, b in pairs], dtype=np.int64)
    found = same_ids(_chunked(first, [3, 7], 1), left, _chunked(second, [5], 2), right)
    assert found.tolist() == [first[a] == second[b] for a, b in pairs]


@settings(max_examples=examples(200))
@given(st.lists(st.integers(0, 2**64 - 1), unique=True), st.lists(st.integers(0, 2**64 - 1)))
def test_find_is_a_dictionary_lookup(stored, asked) -> None:
    stored.sort()
    asked += stored[::2]
    where = {key: i for i, key in enumerate(stored)}
    found = find(np.array(stored, dtype=np.uint64), np.array(asked, dtype=np.uint64))
    assert found.tolist() == [where.get(key, -1) for key in asked]


@settings(max_examples=examples(200))
@given(st.lists(st.integers(0, 2**64 - 1)), st.integers(0, 3))
def test_has_repeats_is_a_set_check(keys, near) -> None:
    keys += [k ^ near for k in keys[:2]]  # equal, or differing in the lowest bits only
    assert has_repeats(np.array(keys, dtype=np.uint64)) == (len(set(keys)) < len(keys))


def test_padded_ids_are_the_ids_bytes() -> None:
    values = ["d9", "é", "clueweb09-en0003-47-01234", ""]
    cells = padded_ids(_chunked(values, [2], 1), np.array([2, 0, 1, 3]), 25)
    assert [bytes(row).rstrip(b"\0").decode() for row in cells] == [values[i] for i in [2, 0, 1, 3]]


@pytest.mark.parametrize("size", [0, 1, 7, 8, 9])
def test_tiny_chunks_are_read_within_their_buffer(size) -> None:
    values = ["x" * size, "y" * min(size, 3)]
    keys = id_hashes(pa.array(values))
    assert keys.tolist() == [id_hashes(pa.array([v])).tolist()[0] for v in values]


@settings(max_examples=examples(200))
@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 6)), min_size=2, max_size=30),
    st.booleans(),
)
def test_repeats_within_groups_are_a_set_check(rows, grouped) -> None:
    """Keys of (group, value) rows; grouped or not, the answer is the set check's."""
    if grouped:
        rows.sort(key=lambda row: row[0])
    groups = np.array([g for g, _ in rows], dtype=np.uint64)
    keys = np.array([g * 1000 + v + 1 for g, v in rows], dtype=np.uint64)
    assert has_repeats(keys, groups) == (len(set(rows)) < len(rows))


@settings(max_examples=examples(100))
@given(
    st.integers(8, 40),
    st.lists(st.text(alphabet="ab-é0", min_size=40, max_size=40), min_size=1, max_size=20),
    st.integers(0, 3),
)
def test_ids_of_one_length_are_read_as_strided_words(length, texts, offset) -> None:
    """A chunk whose ids all have one length (crawl ids) is read word by word as strided
    views of Arrow's buffer, not gathered: the hashes are those of the same ids read one by
    one (in a chunk with an id of another length)."""
    values = [text.encode()[:length].ljust(length, b"x") for text in texts]
    chunk = pa.array([b"y" * offset] * offset + values, type=pa.binary()).slice(offset)
    from ndcg_core.runs.id_keys import _chunk_words

    assert all(word.strides == (length,) for _, word in _chunk_words(chunk))
    mixed = id_hashes(pa.array([*values, b"short"], type=pa.binary()))[:-1]
    assert id_hashes(chunk).tolist() == mixed.tolist()


@settings(max_examples=examples(200))
@given(
    st.lists(st.integers(0, 2**64 - 1), unique=True, max_size=300),
    st.lists(st.integers(0, 2**64 - 1)),
)
def test_find_in_keys_grouped_by_bucket_order(stored, asked) -> None:
    """find needs its keys grouped by bucket only (the order two radix passes give), not
    sorted: every stored key is found where it is, every other key is not."""
    from ndcg_core.runs.id_keys import bucket_order

    keys = np.array(stored, dtype=np.uint64)
    grouped = keys[bucket_order(keys)]
    asked += stored[::2]
    where = {key: i for i, key in enumerate(grouped.tolist())}
    assert find(grouped, np.array(asked, dtype=np.uint64)).tolist() == [
        where.get(key, -1) for key in asked
    ]
    assert sorted(grouped.tolist()) == sorted(stored)


def test_bucket_order_of_many_keys_takes_two_radix_passes() -> None:
    """150,000 keys read 18 bits as their bucket: more than one 16-bit pass sorts."""
    from ndcg_core.runs.id_keys import bucket_order

    keys = np.random.default_rng(5).integers(0, 2**64, 150_000, dtype=np.uint64)
    grouped = keys[bucket_order(keys)]
    buckets = grouped >> np.uint64(64 - 18)
    assert (buckets[1:] >= buckets[:-1]).all()
    found = find(grouped, keys[::7])
    assert (found >= 0).all()
    assert (grouped[found] == keys[::7]).all()
    assert (find(grouped, keys[::7] ^ np.uint64(1)) == -1).sum() >= len(keys[::7]) - 2
