"""The live view's scripts, sent to the browser once per page.

The live view (:mod:`components.live_view`) is redrawn with every run of its fragment, and an
inline component's script goes with each drawing. Its scripts (SortableJS and the chips
shared with the drag list; the repaint; the charts; the view itself and its style sheet;
compare mode's chart of both rankings) live in this library instead, which a page draws
once, outside any fragment a drop reruns. Vega and Vega-Lite (about 770 KB) are a file of
their own, which the first chart drawn imports, so that the list and the cards do not wait
for them. Its script publishes
the entry points as ``globalThis.ndcgLabLibrary.liveView`` and ``.compareView`` and says so
with the :data:`LOADED` event; each component's own script, a few lines, waits.

How the library reaches the browser: gzipped and named by its content's hash, which the
browser fetches, unzips (``DecompressionStream``) and imports. A new session's websocket
then carries a loader of a few hundred bytes, not 800 KB the server had to hash and send to
every student of a class. The app's own entry (asgi.py) sends it from memory on a route of
its own (:mod:`components.file_route`): a static file cost the server 3.3 ms of CPU per
request, the route 0.5-0.65 ms, and the route says the file never changes, so a browser
that has it does not ask again. Under ``streamlit run app.py`` (tests, demo apps) it is a
file in the app's static folder (Streamlit's ``server.enableStaticServing``,
``/app/static/``), written the first time a page draws it; the server sends its bytes as
they are (a gzip file is not compressed again). Where the folder cannot be written or
static serving is off, the library goes inline, as the component's own script (Streamlit
then sends it whole to each new page). The inline library holds Vega as a string. A library that does not arrive
is said where the view would be; reloading the page fetches it again.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import os
from pathlib import Path

import streamlit as st

from components.lab_files import gzipped, hashed_name, route_serving, route_url
from components.static_files import chip_list_js, static_text
from components.view_charts import (
    VEGA_FROM_FILE,
    vega_later_js,
    vega_module_js,
    view_charts_code_js,
)
from components.view_repaint import view_repaint_js

LOADED = "ndcg-lab-library"  # the window event once globalThis.ndcgLabLibrary is set
FAILED = "ndcg-lab-library-failed"  # the window event when the library file did not arrive
# The window event a named live view sends when the order on its screen changes (detail:
# its name and the order, labels top first): compare mode's chart and the grade box follow it.
ORDER_SHOWN = "ndcg-lab-order-shown"
NOT_LOADED = (
    "The list, its numbers and its charts could not be loaded. Reload the page to try again."
)
APP_STATIC = Path(__file__).resolve().parents[1] / "static"  # next to app.py, as Streamlit wants
STATIC_ROUTE = "app/static"  # where Streamlit serves that folder, under the base URL path
PREFIX, SUFFIX = "library-", ".js.gz"  # a published library's file name, its hash between

VEGA_PREFIX = "vega-"  # Vega's file's name, its hash after it (the same suffix)


def library_js(vega_part: str) -> str:
    """The library's script around ``vega_part``, which defines ``vegaLibraries`` and
    ``takeFiles`` (:data:`~components.view_charts.VEGA_FROM_FILE`, or Vega as text for the
    inline library). Its default export takes what the loader hands it (Vega's file)."""
    return "\n".join(
        [
            vega_part,
            chip_list_js(),
            view_repaint_js(),
            view_charts_code_js(),
            static_text("live_keys.js"),
            f"const ORDER_SHOWN = {json.dumps(ORDER_SHOWN)};",
            static_text("compare_view.js"),
            f"const LIVE_VIEW_CSS = {json.dumps(static_text('live_view.css'))};",
            static_text("live_view.js"),
            "export default function (files) {",
            "  takeFiles(files);",
            "  if (!globalThis.ndcgLabLibrary) {",
            "    globalThis.ndcgLabLibrary = { liveView: mountLiveView, compareView: mountCompareView };",
            f"    window.dispatchEvent(new Event({json.dumps(LOADED)}));",
            "  }",
            "}",
        ]
    )


# Vega (about 770 KB) in a file of its own, which the first chart drawn imports: the library
# a first view waits for before its list and cards is then about 120 KB, not 900 KB
# (Chromium took 25 ms from its arrival to the cards, not 61: docs/performance.md).
LIBRARY_JS = library_js(VEGA_FROM_FILE)
VEGA_JS = vega_module_js()
INLINE_LIBRARY_JS = library_js(vega_later_js())  # no file to fetch: Vega goes as text
_CSS = ":host { display: none; }"  # it draws nothing
_INLINE = st.components.v2.component("ndcg_lab_library", css=_CSS, js=INLINE_LIBRARY_JS)
_LOADER_JS = static_text("library_loader.js")
_LOADER = st.components.v2.component("ndcg_lab_library_loader", css=_CSS, js=_LOADER_JS)


# Memoized: hashing the 800 KB script took 1.1 ms of each page's run (py-spy).
@functools.cache
def library_file_name(script: str = LIBRARY_JS, prefix: str = PREFIX) -> str:
    """A published file's name: ``prefix`` and the script's hash, so that a new library is a
    new URL (a browser never runs an old one from its cache).

    >>> library_file_name("x"), library_file_name("x", VEGA_PREFIX)
    ('library-2d711642b726.js.gz', 'vega-2d711642b726.js.gz')
    """
    return hashed_name(prefix, SUFFIX, script.encode())


def vega_file_name() -> str:
    """Vega's file's name (:data:`VEGA_JS`, hashed)."""
    return library_file_name(VEGA_JS, VEGA_PREFIX)


# A process-wide memo of a pure step (its result is a file for every session, no session's
# data): Streamlit's resource cache would hash the 800 KB script on every page.
@functools.cache
def publish(static_dir: Path, script: str = LIBRARY_JS, prefix: str = PREFIX) -> str | None:
    """Write ``script`` gzipped into ``static_dir`` (once per process; an up-to-date file is
    kept) and return its name, or None where the folder cannot be written. Older files of
    the same ``prefix`` there are removed. The write is atomic: another server process may
    be writing the same file."""
    name = library_file_name(script, prefix)
    target = static_dir / name
    if _holds(target, script):
        return name
    try:
        static_dir.mkdir(exist_ok=True)
        part = static_dir / f".{name}.{os.getpid()}.part"
        part.write_bytes(gzipped(script.encode()))
        part.replace(target)
    except OSError:
        return None
    for old in static_dir.glob(f"{prefix}*{SUFFIX}"):
        if old.name != name:
            with contextlib.suppress(OSError):
                old.unlink()
    return name


def _holds(path: Path, script: str) -> bool:
    """Whether the file at ``path`` is ``script`` gzipped (not missing, cut short or other)."""
    try:
        return gzip.decompress(path.read_bytes()) == script.encode()
    except (OSError, EOFError):
        return False


def library_url(name: str) -> str:
    """The path the browser fetches a published library from (under the base URL path).

    >>> library_url("library-x.js.gz")
    '/app/static/library-x.js.gz'
    """
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    return "/".join(["", *([base] if base else []), STATIC_ROUTE, name])


# A process-wide memo of a pure step, as publish() is: the same bytes for every session.
@functools.cache
def library_bodies() -> dict[str, bytes]:
    """The library's and Vega's files, by name, gzipped, for the entry's route to send."""
    return {
        library_file_name(): gzipped(LIBRARY_JS.encode()),
        vega_file_name(): gzipped(VEGA_JS.encode()),
    }


def browser_library(static_dir: Path = APP_STATIC) -> None:
    """Send the scripts (once per page, outside any fragment a drop reruns): the loader of
    the library and of Vega's file on the entry's route, or else of the files published in
    ``static_dir`` (the app's static folder: a test app's own), or else the library inline,
    Vega in it as text."""
    src = vega = ""  # none: the library goes inline
    if route_serving():
        src, vega = route_url(library_file_name()), route_url(vega_file_name())
    elif st.get_option("server.enableStaticServing"):
        published = publish(static_dir), publish(static_dir, VEGA_JS, VEGA_PREFIX)
        if None not in published:
            src, vega = (library_url(str(name)) for name in published)
    # No key: it keeps no state, and a keyed component is read (about 50 us) each time any
    # widget of the run asks Streamlit for the session's state.
    if src and vega:
        _LOADER(data={"src": src, "vega": vega, "failed": FAILED})
    else:
        _INLINE()


def library_user_js(entry: str = "liveView") -> str:
    """A component script that hands its mount to the library's ``entry`` (``liveView`` or
    ``compareView``) once the library is there (at once, or at its :data:`LOADED` event), and
    says :data:`NOT_LOADED` where the view would be if the file did not arrive (:data:`FAILED`).
    """
    return "\n".join(
        [
            "export default function (component) {",
            "  const library = () => globalThis.ndcgLabLibrary;",
            f"  if (library()) return library().{entry}(component);",
            "  let cleanup = null;",
            "  let gone = false;",
            "  const box = component.parentElement;",
            "  const start = () => {",
            "    if (gone || cleanup) return;",
            '    box.querySelector(".lv-load-failed")?.remove();',
            f"    cleanup = library().{entry}(component);",
            "  };",
            "  const failed = () => {",  # said where the list would be, once
            "    if (gone || cleanup || box.querySelector('.lv-load-failed')) return;",
            '    const note = document.createElement("p");',
            '    note.className = "lv-load-failed";',
            '    note.setAttribute("role", "alert");',
            f"    note.textContent = {json.dumps(NOT_LOADED)};",
            "    box.append(note);",
            "  };",
            f"  window.addEventListener({json.dumps(LOADED)}, start, {{ once: true }});",
            f"  window.addEventListener({json.dumps(FAILED)}, failed);",
            "  return () => {",
            "    gone = true;",
            f"    window.removeEventListener({json.dumps(LOADED)}, start);",
            f"    window.removeEventListener({json.dumps(FAILED)}, failed);",
            "    if (cleanup) cleanup();",
            "  };",
            "}",
        ]
    )
