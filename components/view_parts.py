"""Each page's own part of the view, and the opened view's parts waiting for their page.

A page says what it adds to the view as it draws (:func:`set_page_part` through
``page_header``, :func:`add_to_view` from a widget inside it); ``components.state`` puts that
part beside the shared list and convention to make the :class:`~ndcg_core.links.view.View` the
URL mirrors. A view opened from a link or a saved file waits in ``OPENED_KEY`` until each
page takes its own part, once (:func:`from_view`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from ndcg_core.links.view import DEFAULT_PAGE, PagePart, View

PAGE_KEY = "lab_page"  # the name of the page this run draws (set by app.py)
PAGE_PART_KEY = "lab_page_part"  # the page's own part of the view (a PagePart), this run
GO_TO_PAGE_KEY = "lab_go_to_page"  # a page file to show next (a saved view's page)
OPENED_KEY = "lab_opened"  # (View, the (field, widget key) pairs taken) of a link or saved file


def current_page() -> str:
    """The name of the page this run draws (:attr:`DeclaredPage.name`)."""
    name: str = st.session_state.get(PAGE_KEY, DEFAULT_PAGE)
    return name


def go_to_page(path: str) -> None:
    """Show the page file ``path`` next (from a callback, where st.switch_page cannot run):
    the next run of app.py goes there (:func:`take_page_to_go`)."""
    st.session_state[GO_TO_PAGE_KEY] = path


def take_page_to_go() -> str | None:
    """The page file :func:`go_to_page` asked for, once."""
    path: str | None = st.session_state.pop(GO_TO_PAGE_KEY, None)
    return path


def set_page(name: str) -> None:
    """Note the page this run draws (app.py, before the page runs), and start its part of
    the view afresh: the page sets it again as it draws."""
    st.session_state[PAGE_KEY] = name
    st.session_state[PAGE_PART_KEY] = {}


def set_page_part(part: PagePart) -> None:
    """The page's own part of the view (its step, its set and answers...), for this run."""
    st.session_state[PAGE_PART_KEY] = dict(part)


def add_to_view(part: PagePart) -> None:
    """Add to the page's part of the view (a widget drawn inside the page: compare mode,
    a switch); a switch named in ``part`` joins those already on."""
    current: PagePart = st.session_state.get(PAGE_PART_KEY, {})
    merged: PagePart = {**current, **part}
    if "switches" in part:
        merged["switches"] = current.get("switches", frozenset()) | part["switches"]
    st.session_state[PAGE_PART_KEY] = merged


def from_view(key: str, name: str, read: Callable[[Any], Any] = lambda value: value) -> None:
    """Set widget ``key`` from the opened view's field ``name`` (a link's or a saved file's),
    once: a field the view does not give (None) leaves the widget as it is."""
    opened = st.session_state.get(OPENED_KEY)
    if opened is None:
        return
    view, taken = opened
    if (name, key) in taken:
        return
    st.session_state[OPENED_KEY] = (view, taken | {(name, key)})
    value = getattr(view, name)
    if value is not None:
        st.session_state[key] = read(value)


def page_part() -> PagePart:
    """The page's part of the view so far in this run."""
    part: PagePart = st.session_state.get(PAGE_PART_KEY, {})
    return part


def wait_for_pages(view: View) -> None:
    """Keep an opened view's page parts until each page takes its own (:func:`from_view`)."""
    st.session_state[OPENED_KEY] = (view, frozenset())
