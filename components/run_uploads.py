"""Your run's uploads and what is made from them, held for the session's connection only.

Two things kept a closed browser's upload in the server's memory (issue 20):

- Streamlit deep-copies a widget's value on every script run (``SessionState.
  register_widget``), so an ``st.file_uploader`` holding a 200 MB file copied it on every
  rerun, and its upload stays in Streamlit's upload store (``MemoryUploadedFileManager``)
  until the session is shut down. So once a file is read, a fresh, empty uploader (a new
  key) takes its place in the same run, and the file's name is shown under it. Not with an
  ``st.rerun`` (an upload under way into another uploader was lost one time in four in
  Chromium), nor from the next rerun only (a file put into the old uploader meanwhile was
  dropped). Until that run ends, Streamlit keeps the spent uploader mounted but hidden:
  a person cannot reach it, but a test that counts uploaders by position can (the browser
  tests pick the one a person sees, by its label).
- The files read, their scores and the per-query table lived in ``st.session_state``,
  which Streamlit keeps for ``server.disconnectedSessionTTL`` after the browser goes and
  then drops only when another session writes to its session store. Here they live in
  session-scoped resource caches (``st.cache_resource(scope="session")``), which Streamlit
  clears as soon as the session disconnects. A connection that drops and comes back
  finds them gone and asks for the file again.

Streamlit 1.67 itself held the upload's bytes after a disconnect: a session that expires is
never shut down, so its uploads stayed until the server restarted. The page lets go of them
once read (:func:`_let_go_of_upload`; docs/deployment.md, "Memory for uploads").

Memory freed is not memory given back: Arrow's default pool (mimalloc) and glibc's heaps
kept most of a closed session's 400 MB (tests/load/test_upload_memory.py). Arrow allocates
through glibc here, which maps large blocks on their own (:func:`_give_back_freed_memory`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import numpy as np
import pyarrow as pa
import streamlit as st

from components.cache import vega_lite_spec
from components.chrome import error_box, plain
from ndcg_core import NdcgError
from ndcg_core.metric.conventions import Convention
from ndcg_core.pictures.export import per_query_csv
from ndcg_core.pictures.score_charts import histogram_chart
from ndcg_core.runs.coded_files import EvaluationFile, read_evaluation_file
from ndcg_core.runs.scoring import RunScores, evaluate_files
from ndcg_core.runs.significance import MeanInterval, RunComparison, compare_runs, mean_interval
from ndcg_core.runs.table import QueryTable

ASSETS = Path(__file__).resolve().parent.parent / "assets"
# glibc's mallopt: blocks from this size are mapped and unmapped on their own, so a freed
# array goes back to the system at once. By default the threshold rises (up to 32 MB) as
# large blocks are freed, and later ones stay in heaps that grow apart: two people reading
# 77 MB each peaked 1,040 MB over idle that way, 545 to 820 MB with the threshold fixed.
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD_BYTES = 128 * 1024  # glibc's own starting value
FILES_KEPT = 3  # qrels, run A and run B: a new upload lets the file it replaces go


def _give_back_freed_memory() -> None:
    """Arrow allocates through the system's malloc (its default pool, mimalloc, held on to
    freed pages), and glibc maps every block from :data:`MMAP_THRESHOLD_BYTES` on its own.
    Process settings, not state: set once, when this module is first imported."""
    pa.set_memory_pool(pa.system_memory_pool())
    libc_name = ctypes.util.find_library("c")
    if libc_name and "libc.so" in libc_name:  # glibc (musl has no mallopt)
        ctypes.CDLL(libc_name).mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)


_give_back_freed_memory()


class _RemovesFiles(Protocol):
    def remove_file(self, session_id: str, file_id: str) -> None: ...


def _let_go_of_upload(file_id: str) -> None:
    """Drop a read upload's bytes from Streamlit's upload store, which keeps a session's
    files until the session is shut down, and a closed browser's session never is
    (streamlit/streamlit#9218): every upload stayed in memory until the server restarted.

    A private Streamlit name (the app's other is in ``components.navigation``), for want of
    a public one: no public call deletes an upload (the uploader's own × button asks the
    server over HTTP). The script run context gives this session's id and its upload store;
    the file's id is public (``UploadedFile.file_id``). Without a context (a bare script)
    nothing is held."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    context = get_script_run_ctx(suppress_warning=True)
    if context is not None:
        # The runtime's store (MemoryUploadedFileManager) has remove_file; the protocol it is
        # typed as does not declare it.
        store = cast(_RemovesFiles, context.uploaded_file_mgr)
        store.remove_file(context.session_id, file_id)


class UploadGone(LookupError):
    """The session's copy of an upload was let go (its connection dropped)."""


@st.cache_resource(scope="session", max_entries=FILES_KEPT, show_spinner=False)
def session_file(file_id: str, what: str, _data: bytes | None) -> EvaluationFile:
    """The file read from ``_data``, once per upload (``file_id``); ``_data`` None asks for
    the copy read before, raising :class:`UploadGone` if there is none."""
    if _data is None:
        raise UploadGone(file_id)  # exceptions are not cached
    return read_evaluation_file(_data, what)


@dataclass(frozen=True)
class RunView:
    """A run's scores and what the page shows of them, made once per scoring."""

    scores: RunScores
    values: np.ndarray  # nDCG per query, float64
    interval: MeanInterval
    table: QueryTable
    histogram: dict[str, Any]


@st.cache_resource(scope="session", max_entries=4, show_spinner=False)
def run_view(
    files: tuple[str, str],
    convention: Convention,
    missing_zero: bool,
    _run: EvaluationFile,
    _qrels: EvaluationFile,
) -> RunView:
    """The run's scores (named by its and the qrels' upload ids), interval, table and
    histogram: too large for the shared caches, too slow to make again on every rerun."""
    scores = evaluate_files(_run, _qrels, convention, score_missing_as_zero=missing_zero)
    values = scores.ndcg.astype(np.float64)
    chart = histogram_chart(values, title=f"{convention.label} per query")
    return RunView(scores, values, mean_interval(values), QueryTable(scores), vega_lite_spec(chart))


@st.cache_resource(scope="session", max_entries=2, show_spinner=False)
def comparison(
    files: tuple[str, str, str],
    convention: Convention,
    missing_zero: bool,
    _first: RunScores,
    _second: RunScores,
) -> RunComparison:
    """Run B against run A (named by the three files' ids), once per scoring."""
    return compare_runs(_first, _second)


@st.cache_data(show_spinner=False)
def example_file(name: str, what: str) -> EvaluationFile:
    """One of the example files in assets/, read once for every session."""
    return read_evaluation_file((ASSETS / name).read_bytes(), what)


def first_table_page() -> None:
    """A new search or order starts at the table's top (a widget's on_change)."""
    st.session_state["runs_table_page"] = 1


def per_query_csv_later(scores: RunScores) -> Callable[[], str]:
    """The per-query CSV, made when the download is asked for. Streamlit keeps a download's
    callable until the session is shut down, which a closed browser's session never is:
    so the callable holds the scores weakly, and they go with the session's caches."""
    held = weakref.ref(scores)

    def csv() -> str:
        scores = held()
        return "" if scores is None else per_query_csv(scores)

    return csv


def evaluation_file(
    label: str, *, key: str, what: str, example: str | None
) -> tuple[EvaluationFile | None, str, str]:
    """An uploader whose file the core reads once; the example stands in until one is given.

    Returns the file in use (None if neither), where it came from, and a name for this very
    file (an upload's id) to remember its scores by. Once read, an empty uploader (a new
    key) takes the uploader's place, and the file's name is shown under it. A bad file stays in the
    uploader with its error right under it, and the last good file stays in use.
    """
    cap = st.get_option("server.maxUploadSize")  # megabytes; the server refuses bigger files
    generation = int(st.session_state.get(f"{key}_generation", 0))
    slot = st.empty()  # the uploader's place: a fresh one takes it once its file is read
    helped = f"TREC format or CSV with a header: plain text (UTF-8), at most {cap} MB."
    uploader_key = key if generation == 0 else f"{key}_{generation}"
    uploaded = slot.file_uploader(label, key=uploader_key, type=None, help=helped)
    loaded_key, problem_key = f"{key}_loaded", f"{key}_problem"
    problem = st.session_state.get(problem_key, ("", ""))
    if uploaded is not None and uploaded.file_id != problem[0]:  # each upload read once
        name = plain(uploaded.name)  # as shown; the raw name is what is returned
        try:
            with st.spinner(f"Reading {name}…"):
                file = session_file(uploaded.file_id, what, uploaded.getvalue())
        except NdcgError as error:
            # The bad file stays in its uploader, its message right under it.
            problem = (uploaded.file_id, f"{uploaded.name}: {error}")
            st.session_state[problem_key] = problem
        else:
            _let_go_of_upload(uploaded.file_id)
            # The spent uploader's value holds its own copy of the file's bytes, and a closed
            # browser's session keeps its widget values: 35-45 MB a file stayed after close.
            del st.session_state[uploader_key]
            st.session_state[loaded_key] = (uploaded.file_id, uploaded.name, file.rows)
            st.session_state[f"{key}_generation"] = generation + 1
            slot.file_uploader(label, key=f"{key}_{generation + 1}", type=None, help=helped)
    if uploaded is not None and uploaded.file_id == problem[0]:
        error_box(problem[1])
    if loaded := st.session_state.get(loaded_key):
        file_id, name, rows = loaded
        try:
            file = session_file(file_id, what, None)
        except UploadGone:
            del st.session_state[loaded_key]
            st.warning(
                f"{plain(name)} was let go when the connection dropped: upload it again.",
                icon=":material/refresh:",
            )
        else:
            st.caption(f"Read {plain(name)}: {rows:,} lines")
            return file, name, file_id
    if example is None:
        return None, "", ""
    return example_file(example, what), f"example: {example}", example
