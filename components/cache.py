"""Results kept between reruns: per session (``remember``) and per server (``shared``)."""

from __future__ import annotations

import hashlib
import inspect
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

import altair as alt
import pandas as pd
import pyarrow as pa
import streamlit as st

MEMO_SIZE = 6  # per session: the view on screen and a few recent ones (toggling back is free)
T = TypeVar("T")


def remember(name: str, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, remembered for this session only.

    Not st.cache_data, which unpickles a fresh copy on every rerun (the largest cost of a
    Playground rerun), nor a resource cache, which would hand one object to every session.
    """
    store: dict[Hashable, Any] = st.session_state.setdefault(f"lab_memo_{name}", {})
    if key in store:
        value: T = store.pop(key)
    else:
        value = make()
        while len(store) >= MEMO_SIZE:
            store.pop(next(iter(store)))  # the least recently used
    store[key] = value
    return value


@st.cache_data(max_entries=256, show_spinner=False)
def _shared_result(
    key: str, _function: Callable[..., Any], _args: tuple[Any, ...], _kwargs: dict[str, Any]
) -> Any:
    return _function(*_args, **_kwargs)


@st.cache_data(max_entries=64, show_spinner=False)
def _shared_chart(
    key: str, _builder: Callable[..., alt.Chart], _args: tuple[Any, ...], _kwargs: dict[str, Any]
) -> dict[str, Any]:
    return vega_lite_spec(_builder(*_args, **_kwargs), data_name=f"data-{key[:16]}")


def vega_lite_spec(chart: alt.Chart, *, data_name: str = "values") -> dict[str, Any]:
    """A one-view Altair chart as a Vega-Lite dict for ``st.vega_lite_chart``, its data a
    named Arrow table (Streamlit sends an Arrow table as it is; a DataFrame it converts on
    every run, and Altair's own inlining stops at 5,000 rows)."""
    frame = chart.data
    if not isinstance(frame, pd.DataFrame):
        msg = f"expected a chart of one DataFrame, not of {type(frame).__name__}"
        raise TypeError(msg)
    spec: dict[str, Any] = chart.properties(data=alt.NamedData(name=data_name)).to_dict()
    if chart.config is alt.Undefined:
        # What is left is Altair's default theme (a 300 px view); Streamlit's theme styles
        # the chart instead, as st.altair_chart does.
        spec.pop("config", None)
    spec["datasets"] = {data_name: pa.Table.from_pandas(frame, preserve_index=False)}
    return spec


# Inputs larger than this (an uploaded run, say) are computed for the caller alone: the
# shared caches then hold at most 256 results and 64 charts of small inputs each.
MAX_SHARED_INPUT_BYTES = 512 * 1024


def _call_key(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> str | None:
    """An exact key for a call: a digest of the pickled inputs (Streamlit's own hashing
    samples large frames and arrays, so two different uploads could share a key). None
    when the inputs are too large to share."""
    if not inspect.isfunction(function) or "<" in function.__qualname__:
        msg = f"expected a module-level function, not {function!r}"
        raise TypeError(msg)
    if any(_rough_size(value) > MAX_SHARED_INPUT_BYTES for value in (*args, *kwargs.values())):
        return None  # known too large without pickling it
    name = f"{function.__module__}.{function.__qualname__}"
    pickled = pickle.dumps((name, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
    if len(pickled) > MAX_SHARED_INPUT_BYTES:
        return None
    return hashlib.blake2b(pickled, digest_size=32).hexdigest()


def _rough_size(value: Any) -> int:
    """Bytes held by a frame or an array (0 for anything else), without copying it."""
    if isinstance(value, pd.DataFrame):
        return int(value.memory_usage(index=False).sum())
    return int(getattr(value, "nbytes", 0))


def shared(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` for a pure ndcg_core function, computed once per server
    for each input and copied to each caller (most sessions ask the lesson pages for the
    same inputs). The key is the input itself, so a session only ever receives the result
    of the very input it gave."""
    key = _call_key(function, args, kwargs)
    if key is None:
        return function(*args, **kwargs)
    result: T = _shared_result(key, function, args, kwargs)
    return result


class _SharedStore:
    """Results shared by every session of this server, the least recently used dropped
    first. Lookups take one lock; a value is made outside it (two sessions asking for the
    same new view at once may both make it: the first one stored is kept)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str, make: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                found: T = self._items[key]
                return found
        value = make()
        with self._lock:
            kept: T = self._items.setdefault(key, value)
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return kept

    def peek(self, key: str) -> Any:
        """The value kept for ``key``, or None; never makes one."""
        with self._lock:
            return self._items.get(key)


SHARED_ENTRIES = 256


@dataclass(frozen=True)
class _SharedStores:
    """The server's two stores. ``views`` holds one entry per list or page shown: many, and
    most soon cold. ``layouts`` holds what every list of a kind uses (a charts' template,
    a pure call's result): few, and hot. Apart, a class typing new lists cannot push a
    template out: in one store, 600 typed lists of 4 to 10 grades rebuilt the charts'
    template about every seventh time, 1.7 ms of a typed list's server time (py-spy)."""

    views: _SharedStore
    layouts: _SharedStore


@st.cache_resource(show_spinner=False)
def _shared_store() -> _SharedStores:
    # One pair per server, from Streamlit's resource cache rather than a module global (it
    # is cleared with st.cache_resource.clear()). Not one cache entry per result: Streamlit
    # hashes each call's arguments and inspects the function's signature on every lookup,
    # a tenth of a Playground change's server time (py-spy, issue 14).
    return _SharedStores(_SharedStore(SHARED_ENTRIES), _SharedStore(SHARED_ENTRIES))


def _shared_resource(key: str, make: Callable[[], T]) -> T:
    return _shared_store().views.get(key, make)


def _shared_layout(key: str, make: Callable[[], T]) -> T:
    return _shared_store().layouts.get(key, make)


def shared_view(name: str, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, computed once per server for each ``(name, key)`` and handed to every
    session as the very same object (no copy): a class opening the same page all get the
    first student's results. ``key`` must determine the result exactly (the input itself,
    as for :func:`remember`), and the result must be immutable or never written to: frozen
    dataclasses, tuples, strings, Arrow tables, bytes, an Evaluation (nothing writes to its
    table), a chart spec Streamlit only reads (it copies a spec before changing it).

    Remembered per session too, so a rerun does not even hash the key again.
    """
    digest = hashlib.blake2b(repr((name, key)).encode(), digest_size=32).hexdigest()
    return remember(name, key, lambda: _shared_resource(f"{name}:{digest}", make))


def shared_layout(name: str, key: Hashable, make: Callable[[], T]) -> T:
    """:func:`shared_view` for what every list of one layout uses (a charts' template):
    kept apart from the views, so that new lists do not push it out."""
    digest = hashlib.blake2b(repr((name, key)).encode(), digest_size=32).hexdigest()
    return remember(name, key, lambda: _shared_layout(f"{name}:{digest}", make))


def shelve(name: str, body: bytes) -> None:
    """Keep the file ``name`` for the app's route of files from memory
    (components/file_route.py) in the server's store; each call counts as a use, so a file
    in use is not the least recently used. ``name`` must be the content's hash (the shelf
    is every session's): see :func:`shelved`."""
    _shared_layout(f"file:{name}", lambda: body)


def shelved(name: str) -> bytes | None:
    """The file :func:`shelve` kept as ``name``, or None. Called by the route, outside any
    session's run: the store is the server's, not a session's."""
    found = _shared_store().layouts.peek(f"file:{name}")
    return found if isinstance(found, bytes) else None


def shared_call(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` for a pure ndcg_core function with an immutable result
    (see :func:`shared_view`), computed once per server for each input, never copied.
    Inputs too large to share are computed for the caller alone."""
    key = _call_key(function, args, kwargs)
    if key is None:
        return function(*args, **kwargs)
    result: T = _shared_layout(f"call:{key}", lambda: function(*args, **kwargs))
    return result


def altair_chart(
    where: Any,
    builder: Callable[..., Any],
    *args: Any,
    element_width: Any = None,
    **kwargs: Any,
) -> None:
    """``where.altair_chart(builder(*args, **kwargs), width=element_width)``, with the chart's
    Vega-Lite spec built once per server for each input (an Altair chart costs 10-20 ms)."""
    key = _call_key(builder, args, kwargs)
    if key is None:
        where.altair_chart(builder(*args, **kwargs), width=element_width)
        return
    where.vega_lite_chart(_shared_chart(key, builder, args, kwargs), width=element_width)
