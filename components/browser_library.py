"""The live view's scripts, sent to the browser once per page.

The live view (:mod:`components.live_view`) is redrawn with every run of its fragment, and an
inline component's script goes with each drawing. Its scripts (SortableJS and the chips
shared with the drag list; the repaint; the charts; the view itself and its style sheet;
compare mode's chart of both rankings) live in this library instead, which a page draws
once, outside any fragment a drop reruns. Vega and Vega-Lite (about 770 KB) come after it in
the same file, and the first chart drawn imports them, so that the list and the cards do not
wait for them. The library's script publishes the entry points as
``globalThis.ndcgLabLibrary.liveView`` and ``.compareView`` and says so with the
:data:`LOADED` event; each component's own script, a few lines, waits.

How the library reaches the browser: gzipped and named by its content's hash, which the
browser fetches, unzips (``DecompressionStream``) and imports. A new session's websocket
then carries the file's address, not 800 KB the server had to hash and send to every
student of a class: the page's companion in the sidebar, which the app's shell draws after
every page, loads it (components/screen.py); an app without the shell draws a loader. The
app's own entry (asgi.py) sends it from memory on a route of its own
(:mod:`components.file_route`): a static file cost the server 3.3 ms of CPU per request,
the route 0.5-0.65 ms, and the route says the file never changes, so a browser that has it
does not ask again. Under ``streamlit run app.py`` (tests, demo apps) it is a
file in the app's static folder (Streamlit's ``server.enableStaticServing``,
``/app/static/``), written the first time a page draws it; the server sends its bytes as
they are (a gzip file is not compressed again). Where the folder cannot be written or
static serving is off, the library goes inline, as the component's own script (Streamlit
then sends it whole to each new page), with Vega in it as a string. A library that does not
arrive is said where the view would be, and Vega that does not where the charts would be;
reloading the page fetches the file again.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
from pathlib import Path

import streamlit as st

from components.lab_files import gzipped, hashed_name, route_serving, route_url
from components.screen import companion_loads
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
# The window event the grade box sends when a list is typed into it (detail: the name of the
# live view it follows, and the text): that view, if its server takes typed lists, sends it.
LIST_TYPED = "ndcg-lab-list-typed"
NOT_LOADED = (
    "The list, its numbers and its charts could not be loaded. Reload the page to try again."
)
APP_STATIC = Path(__file__).resolve().parents[1] / "static"  # next to app.py, as Streamlit wants
STATIC_ROUTE = "app/static"  # where Streamlit serves that folder, under the base URL path
PREFIX, SUFFIX = "library-", ".js.gz"  # a published library's file name, its hash between


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
            f"const LIST_TYPED = {json.dumps(LIST_TYPED)};",
            static_text("compare_view.js"),
            f"const LIVE_VIEW_CSS = {json.dumps(static_text('live_view.css'))};",
            static_text("live_table.js"),
            static_text("live_charts.js"),
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


LIBRARY_JS = library_js(VEGA_FROM_FILE)
VEGA_JS = vega_module_js()
# The published file: the library's script gzipped, then Vega's (about 770 KB) gzipped after
# it, a second member of the same gzip file. The loader imports the library as soon as its
# bytes are in, so the list and cards wait for 117 KB of script, not 905 KB (in Chromium the
# library was ready 18 ms after its fetch began, not 38), and keeps the rest for the first
# chart drawn: one request, where a file of Vega's own cost the server a second, 1.2 ms per
# new session (docs/performance.md).
LIBRARY_PARTS = (LIBRARY_JS, VEGA_JS)
INLINE_LIBRARY_JS = library_js(vega_later_js())  # no file to fetch: Vega goes as text
_CSS = ":host { display: none; }"  # it draws nothing
INLINE_NAME, LOADER_NAME = "ndcg_lab_library", "ndcg_lab_library_loader"  # the components
_INLINE = st.components.v2.component(INLINE_NAME, css=_CSS, js=INLINE_LIBRARY_JS)
# In an app without the shell (a demo app): a loader of its own, where the shell's companion
# would load it (components/screen.py).
_LOADER_JS = "\n".join(
    [static_text("library_loader.js"), "export default ({ data }) => loadLibrary(data);"]
)
_LOADER = st.components.v2.component(LOADER_NAME, css=_CSS, js=_LOADER_JS)


# Memoized, as the names below: hashing the 800 KB script took 1.1 ms of each page's run.
@functools.cache
def library_file(parts: tuple[str, ...] = LIBRARY_PARTS) -> tuple[bytes, int]:
    """The file's bytes, each part gzipped after the one before (a gzip file of several
    members, which unzips to the parts one after the other), and the first part's length in
    them, where the loader splits them.

    >>> import gzip
    >>> body, first = library_file(("a", "b"))
    >>> gzip.decompress(body), gzip.decompress(body[:first])
    (b'ab', b'a')
    """
    members = [gzipped(part.encode()) for part in parts]
    return b"".join(members), len(members[0])


@functools.cache
def library_file_name(parts: tuple[str, ...] = LIBRARY_PARTS) -> str:
    """The published file's name: its parts' hash, so that a new library is a new URL
    (a browser never runs an old one from its cache).

    >>> library_file_name(("x",))
    'library-2d711642b726.js.gz'
    """
    return hashed_name(PREFIX, SUFFIX, "\0".join(parts).encode())


# A process-wide memo of a pure step (its result is a file for every session, no session's
# data): Streamlit's resource cache would hash the 800 KB script on every page.
@functools.cache
def publish(static_dir: Path, parts: tuple[str, ...] = LIBRARY_PARTS) -> str | None:
    """Write the file of ``parts`` (:func:`library_file`) into ``static_dir`` (once per
    process; an up-to-date file is kept) and return its name, or None where the folder
    cannot be written. Older libraries there are removed. The write is atomic: another
    server process may be writing the same file."""
    name = library_file_name(parts)
    target = static_dir / name
    body = library_file(parts)[0]
    if _holds(target, body):
        return name
    try:
        static_dir.mkdir(exist_ok=True)
        part = static_dir / f".{name}.{os.getpid()}.part"
        part.write_bytes(body)
        part.replace(target)
    except OSError:
        return None
    for old in static_dir.glob(f"{PREFIX}*{SUFFIX}"):
        if old.name != name:
            with contextlib.suppress(OSError):
                old.unlink()
    return name


def _holds(path: Path, body: bytes) -> bool:
    """Whether the file at ``path`` is ``body`` (not missing, cut short or other)."""
    try:
        return path.read_bytes() == body
    except OSError:
        return False


def library_url(name: str) -> str:
    """The path the browser fetches a published library from (under the base URL path).

    >>> library_url("library-x.js.gz")
    '/app/static/library-x.js.gz'
    """
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    return "/".join(["", *([base] if base else []), STATIC_ROUTE, name])


def library_body() -> tuple[str, bytes]:
    """The library's file name and its bytes, for the entry's route to send."""
    return library_file_name(), library_file()[0]


def browser_library(static_dir: Path = APP_STATIC) -> None:
    """Have the scripts loaded (once per page, outside any fragment a drop reruns): the
    library on the entry's route, or else the file published in ``static_dir`` (the app's
    static folder: a test app's own), with where Vega's part starts in it, by the shell's
    companion (:func:`components.screen.companion_loads`) or else a loader of its own; or
    else the library inline, Vega in it as text."""
    if route_serving():
        src: str | None = route_url(library_file_name())
    else:
        name = publish(static_dir) if st.get_option("server.enableStaticServing") else None
        src = None if name is None else library_url(name)
    if src is None:
        _INLINE()
        return
    loader = {"src": src, "split": library_file()[1], "failed": FAILED}
    # The shell's companion, drawn after the page, loads it: no component of its own. Else
    # one with no key: it keeps no state, and a keyed component is read (about 50 us) each
    # time any widget of the run asks Streamlit for the session's state.
    if not companion_loads(loader):
        _LOADER(data=loader)


def library_user_js(entry: str = "liveView") -> str:
    """A component script that hands its mount to the library's ``entry`` (``liveView`` or
    ``compareView``) once the library is there (at once, or at its :data:`LOADED` event), and
    says :data:`NOT_LOADED` where the view would be if the file did not arrive (:data:`FAILED`,
    or, for a view mounted after it, the failure the loader keeps).
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
            "  if (globalThis.ndcgLabLibraryFailed) failed();",  # failed before this mounted
            "  return () => {",
            "    gone = true;",
            f"    window.removeEventListener({json.dumps(LOADED)}, start);",
            f"    window.removeEventListener({json.dumps(FAILED)}, failed);",
            "    if (cleanup) cleanup();",
            "  };",
            "}",
        ]
    )
