"""How wide this browser's page is, so that charts are drawn to fit it: a phone, a tablet, a
laptop or a projector.

Vega-Lite sizes a chart of several panels in pixels (``width="container"`` works for one
panel only), so the server must know the width to draw for. A small ``st.components.v2``
component (JavaScript, no iframe, draws nothing; ``static/screen.js``) measures the width of
the page's content and of the window and reports them when they differ from what Python draws
for: a report is a rerun. It also keeps them in the cookie ``ndcg_lab_screen`` (two numbers,
nothing about the person), so that a reload or a new tab starts at the right width, and a
browser whose width suits :data:`ASSUMED` (a laptop with the sidebar open) does not report at
all on its first visit; nor does a phone that says so in its User-Agent and is about as wide as
:data:`PHONE_ASSUMED`, whose first run is drawn in a phone's order.

The same script closes the sidebar on a phone when a page is chosen in it: there it covers the
page it has just opened. And it loads the live view's library where the page asks for it
(:func:`companion_loads`): a page that draws a live view would otherwise send a loader of
its own, one more component in each new session's first run (0.3 ms of the page's script,
docs/performance.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import streamlit as st

from components.state import view_mode
from components.static_files import static_text
from ndcg_core.pictures.style import PROJECTOR_FONT_SIZE

COOKIE = "ndcg_lab_screen"
REPORTED = "screen_size"
_KEY = "lab_screen"  # the component's own state  # the last size this session's browser reported: its one owner
# What the page of this run of app.py asked the companion to load (a library loader's data),
# None until it asks; not there when no companion comes after the page (an app without the
# shell). Its one owner: this module.
_LIBRARY_KEY = "lab_screen_library"
_COOKIE_VALUE = re.compile(r"(\d{2,5})x(\d{2,5})")
#: Below this window width Streamlit puts columns under each other (1.67: 640 px).
STACKS_BELOW = 640
#: Room left for a scrollbar that may come (a report ignores changes smaller than this + 8).
SCROLLBAR = 16
#: A column gap of ``gap="large"``, in pixels (4 rem).
LARGE_GAP = 64
#: Content narrower than this (a portrait tablet, a laptop with a wide sidebar) is narrow.
NARROW_CONTENT = 860
#: Text in a chart on a narrow screen: at least this many pixels, to be read on a phone.
PHONE_FONT_SIZE = 12
PROJECTOR_WIDTH = 1600  # a window this wide is a projector's (1920), not a laptop's (1366)


@dataclass(frozen=True)
class ScreenSize:
    """The page content's width and the window's, in CSS pixels."""

    content: int
    viewport: int

    @property
    def narrow(self) -> bool:
        """A phone or a portrait tablet: the layout's columns are under each other, or the
        page is too narrow for a chart's panels side by side."""
        return self.viewport <= STACKS_BELOW or self.content < NARROW_CONTENT

    def column(self, share: float, *, gap: int = LARGE_GAP) -> int:
        """The width of a column taking ``share`` of a row of columns ``gap`` apart (the
        whole content when the columns are under each other).

        >>> ScreenSize(906, 1366).column(0.56)
        462
        >>> ScreenSize(358, 390).column(0.56)
        342
        """
        room = self.content - SCROLLBAR
        if self.viewport <= STACKS_BELOW:
            return room
        return int((room - gap) * share)


#: What the server draws for before a browser has said: a 1366 px laptop, sidebar open.
ASSUMED = ScreenSize(content=906, viewport=1366)
#: ... or, for a browser that calls itself a phone (:func:`_phone_assumed`), a 390 px phone:
#: its first run is then drawn in a phone's order (a phone drawn as a laptop was redrawn in
#: its own order a second later, when it reported its width, under a finger about to tap).
PHONE_ASSUMED = ScreenSize(content=358, viewport=390)
MOBILE = "Mobi"  # in a phone browser's User-Agent (MDN's advice for telling phones apart)
# Content widths at which the charts drawn for ASSUMED fit their columns: a first visit
# within them (a 1366 px laptop, also presenting) need not report. A report is a rerun, and
# a rerun while a person types into a box that has just appeared drops what they typed.
_FITS = (880, 1180)

_JS = "\n".join([static_text("library_loader.js"), static_text("screen.js")])
_COMPONENT = st.components.v2.component("ndcg_lab_screen", js=_JS)


def _parse(value: object) -> ScreenSize | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        content, viewport = value
        if isinstance(content, int) and isinstance(viewport, int) and content > 0 < viewport:
            return ScreenSize(content, viewport)
        return None
    if isinstance(value, str) and (match := _COOKIE_VALUE.fullmatch(value)):
        return ScreenSize(int(match[1]), int(match[2]))
    return None


def _known() -> ScreenSize | None:
    return _parse(st.session_state.get(REPORTED)) or _parse(st.context.cookies.get(COOKIE))


def _phone_assumed() -> ScreenSize | None:
    """:data:`PHONE_ASSUMED` for a browser whose User-Agent says it is a phone, else None
    (a laptop: :data:`ASSUMED`)."""
    agent = st.context.headers.get("User-Agent") or ""
    return PHONE_ASSUMED if MOBILE in agent else None


def screen_size() -> ScreenSize:
    """The size this browser reported, or until it has, the size assumed for it: a phone's
    (:data:`PHONE_ASSUMED`) where it says it is one, else a laptop's (:data:`ASSUMED`)."""
    return _known() or _phone_assumed() or ASSUMED


def chart_font_size() -> int | None:
    """Chart text size for this screen: a projector's in presenter view, at least 12 px on a
    narrow screen, else the charts' own (None)."""
    if view_mode() == "present":
        return PROJECTOR_FONT_SIZE
    return PHONE_FONT_SIZE if screen_size().narrow else None


def expect_page_asks() -> None:
    """Before app.py runs the page: the companion drawn after it takes what it asks to load
    (:func:`companion_loads`)."""
    st.session_state[_LIBRARY_KEY] = None


def companion_loads(library: Mapping[str, Any]) -> bool:
    """Have the companion that app.py draws after this page load the live view's library
    (``library``: the loader's data, ``loadLibrary`` in library_loader.js); False where none
    comes after the page in this run (an app without the shell), and the caller loads it."""
    if _LIBRARY_KEY not in st.session_state:
        return False
    st.session_state[_LIBRARY_KEY] = dict(library)
    return True


def keep_screen_size() -> None:
    """Mount the measuring component (app.py, once a run, after the page; it draws
    nothing), with the library the page asked it to load."""
    known = _known() or _phone_assumed()  # what this run drew for: a report compares to it
    result = _COMPONENT(
        key=_KEY,
        data={
            "cookie": COOKIE,
            "known": None if known is None else [known.content, known.viewport],
            "fits": list(_FITS),
            "stacks_below": STACKS_BELOW,
            "slack": SCROLLBAR + 8,
            "library": st.session_state.pop(_LIBRARY_KEY, None),
        },
        on_size_change=_reported,
    )
    _adopt(result.get("size"))


def _adopt(value: object) -> None:
    size = _parse(value)
    if size is not None:
        st.session_state[REPORTED] = [size.content, size.viewport]


def _reported() -> None:
    """Adopt a report before the rerun it causes, so the page it reruns draws for it (the
    mount comes last in app.py, after the page)."""
    reported = st.session_state.get(_KEY)
    _adopt(reported.get("size") if isinstance(reported, Mapping) else None)
