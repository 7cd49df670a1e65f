"""A drag-to-reorder list: SortableJS in an inline ``st.components.v2`` component (no iframe).

Items are chips in reading order, numbered from 1. A mouse, a finger or the keyboard (focus an
item, then Alt+Arrow keys) moves them. Each drop or key move sends the whole new order once, as a
trigger value: it is seen by exactly one script run and is ``None`` in every other run.

A list longer than ``page_size`` is shown one window of positions at a time, with controls to
move the window: a browser takes seconds to draw 10,000 chips, and nobody drags among them.
Every document stays reachable by moving the window; a drag moves a document within it.

With ``sums``, the list also shows two numbers above it (DCG and nDCG on the Playground) and
redoes them in the browser the moment an item lands, as a dot product of numbers the core
sent (:mod:`ndcg_core.metric.drop_numbers`): the server's update then replaces them. No metric rule
is written in JavaScript; without those numbers (exact sums) the list says it is updating.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import streamlit as st

from ndcg_core.text.formatting import js_format_function

_SORTABLE_JS = (Path(__file__).parent / "static" / "Sortable.min.js").read_text(encoding="utf-8")

_CSS = """
.sl-list {
  list-style: none; margin: 0; padding: 0.5rem;
  display: flex; flex-wrap: wrap; align-content: flex-start; gap: 0.5rem;
  max-height: 20rem; overflow-y: auto; overscroll-behavior: contain;
  font-family: var(--st-font, sans-serif); font-size: var(--st-base-font-size, 1rem);
  color: var(--st-text-color, inherit);
  background: var(--st-background-color, transparent);
  border: 1px solid var(--st-border-color, rgba(128, 128, 128, 0.3));
  border-radius: var(--st-base-radius, 0.5rem);
}
.sl-item {
  counter-increment: rank;
  display: inline-flex; align-items: center; gap: 0.5rem; max-width: 100%;
  padding: 0.3rem 0.8rem 0.3rem 0.3rem; line-height: 1.5;
  background: var(--st-secondary-background-color, rgba(128, 128, 128, 0.1));
  border: 1px solid var(--st-border-color, rgba(128, 128, 128, 0.3));
  border-radius: var(--st-base-radius, 0.5rem);
  cursor: grab; user-select: none; -webkit-user-select: none;
}
.sl-item::before {
  content: counter(rank);
  min-width: 1.7em; padding: 0 0.3em; box-sizing: border-box;
  border-radius: 999px; text-align: center; font-size: 0.85em; font-weight: 600;
  font-variant-numeric: tabular-nums;
  background: var(--st-primary-color, #0072b2); color: var(--st-background-color, #fff);
}
.sl-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.sl-item:hover { border-color: var(--st-primary-color, #0072b2); }
.sl-item:focus-visible { outline: 3px solid var(--st-primary-color, #0072b2); outline-offset: 2px; }
.sl-chosen { border-color: var(--st-primary-color, #0072b2); }
.sl-ghost { opacity: 0.35; }
.sl-sums {
  display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin: 0 0 0.4rem 0;
  font-family: var(--st-font, sans-serif); color: var(--st-text-color, inherit);
}
.sl-sums[hidden] { display: none; }
.sl-sum-value { color: var(--st-text-color, inherit); font-weight: 600; font-variant-numeric: tabular-nums; }
.sl-sums[data-source="waiting"] .sl-sum-value { opacity: 0.6; }
.sl-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
"""

_JS = (
    """
// SortableJS (MIT, see static/SortableJS-LICENSE): its UMD wrapper sees `module`, so no global.
const Sortable = (() => {
  const module = { exports: {} };
  const exports = module.exports;
"""
    + _SORTABLE_JS
    + """
  return module.exports;
})();

"""
    + js_format_function()
    + """

const HELP = "Drag an item, or focus it and press Alt+Arrow keys, to change the ranking.";
const lists = new WeakMap();  // parentElement -> controller: this function runs on every rerun
let refocus = null;  // {id, until}: a keyboard move whose list was re-mounted by the rerun

function focusedIn(ctl) {
  // The chip with focus, if any. The list lives in a shadow root (the component isolates its
  // styles), where document.activeElement is only the root's host: ask the root itself.
  const active = ctl.list.getRootNode().activeElement;
  return active && ctl.list.contains(active) ? active : null;
}

function itemIds(list) {
  return Array.from(list.children, (li) => li.dataset.id);
}

function relabel(ctl) {
  const items = ctl.list.children;
  for (let i = 0; i < items.length; i += 1) {
    const text = items[i].firstChild.textContent;
    items[i].setAttribute("aria-label", `${text}, position ${ctl.first + i + 1} of ${ctl.total}`);
  }
}

function showSums(ctl, values, source) {
  // values: [DCG, nDCG] as text; the labels come from Python with each render.
  const sums = ctl.numbers;
  ctl.sums.hidden = !sums;
  if (!sums) return;
  if (ctl.sums.children.length !== sums.labels.length) {
    ctl.sums.replaceChildren(...sums.labels.map(() => {
      const part = document.createElement("span");
      part.className = "sl-sum";
      part.append(document.createElement("span"), " ", document.createElement("span"));
      part.lastChild.className = "sl-sum-value";
      return part;
    }));
  }
  sums.labels.forEach((label, i) => {
    const [name, value] = ctl.sums.children[i].children;
    if (name.textContent !== label) name.textContent = label;  // never HTML
    value.textContent = values[i];
  });
  ctl.sums.dataset.source = source;
}

function estimate(ctl) {
  // The new DCG and nDCG of the order on screen, before the server's answer.
  const sums = ctl.numbers;
  if (!sums) return;
  const live = sums.live;
  if (!live) {
    showSums(ctl, sums.labels.map(() => "updating…"), "waiting");
    return;
  }
  const ids = itemIds(ctl.list);
  let dcg = live.outside;
  for (let i = 0; i < ids.length; i += 1) dcg += live.weights[i] * live.gains[ids[i]];
  const ndcg = live.ideal_dcg === null ? live.fixed_ndcg : dcg / live.ideal_dcg;
  ctl.sums.dataset.dcg = String(dcg);
  ctl.sums.dataset.ndcg = String(ndcg);
  showSums(ctl, [formatReal(dcg), formatReal(ndcg)], "browser");
}

function create(parent) {
  const root = document.createElement("div");
  const sums = document.createElement("div");
  const list = document.createElement("ul");
  const live = document.createElement("div");
  list.className = "sl-list";
  list.setAttribute("role", "list");
  list.setAttribute("aria-label", HELP);
  live.className = "sl-live";
  live.setAttribute("aria-live", "polite");
  sums.className = "sl-sums";
  sums.hidden = true;
  root.append(sums, list, live);
  parent.append(root);
  const ctl = {
    root, sums, numbers: null, list, live, send: null, dragging: false, deferred: null, sent: [], first: 0, total: 0,
  };

  ctl.report = () => {
    const ids = itemIds(list);
    relabel(ctl);
    ctl.sent = [...ctl.sent.slice(-9), JSON.stringify(ids)];
    ctl.send("order", ids);
  };
  ctl.sortable = Sortable.create(list, {
    animation: 120,
    ghostClass: "sl-ghost",
    chosenClass: "sl-chosen",
    onStart: () => { ctl.dragging = true; },
    onUpdate: () => { ctl.deferred = null; estimate(ctl); ctl.report(); },
    onEnd: () => {
      ctl.dragging = false;
      if (ctl.deferred) { render(ctl, ctl.deferred); }
      ctl.deferred = null;
    },
  });
  list.addEventListener("keydown", (event) => {
    const li = event.target;
    if (li.parentNode !== list) return;
    const back = event.key === "ArrowUp" || event.key === "ArrowLeft";
    const forward = event.key === "ArrowDown" || event.key === "ArrowRight";
    if (!back && !forward) return;
    const neighbour = back ? li.previousElementSibling : li.nextElementSibling;
    event.preventDefault();
    if (!neighbour) return;
    if (!event.altKey) { neighbour.focus(); return; }
    // Move the neighbour, not the focused item, so focus never leaves it.
    if (back) { li.after(neighbour); } else { li.before(neighbour); }
    li.scrollIntoView({ block: "nearest", inline: "nearest" });
    refocus = { id: li.dataset.id, until: performance.now() + 5000 };
    estimate(ctl);
    ctl.report();
    live.textContent = li.getAttribute("aria-label");
  });
  return ctl;
}

function render(ctl, data) {
  if (ctl.dragging) { ctl.deferred = data; return; }
  const items = data.items;
  const ids = items.map(([id]) => id);
  const sent = ctl.sent.indexOf(JSON.stringify(ids));
  if (sent >= 0 && sent < ctl.sent.length - 1) {
    // An answer to an order already superseded. A rerun under way can swallow the event
    // that followed it, so send the newest order once more: a repeat is harmless.
    const latest = ctl.sent[ctl.sent.length - 1];
    if (ctl.resent !== latest) {
      ctl.resent = latest;
      ctl.send("order", JSON.parse(latest));
    }
    return;
  }
  ctl.sent = [];
  ctl.resent = null;
  ctl.numbers = data.sums || null;
  if (ctl.numbers) {
    delete ctl.sums.dataset.dcg;
    delete ctl.sums.dataset.ndcg;
  }
  showSums(ctl, ctl.numbers ? ctl.numbers.values : [], "server");
  const old = new Map(Array.from(ctl.list.children, (li) => [li.dataset.id, li]));
  const wanted = items.map(([id, text]) => {
    let li = old.get(id);
    if (!li) {
      li = document.createElement("li");
      li.className = "sl-item";
      li.tabIndex = 0;
      li.dataset.id = id;
      li.append(document.createElement("span"));
      li.firstChild.className = "sl-text";
    }
    if (li.firstChild.textContent !== text) li.firstChild.textContent = text;  // never HTML
    return li;
  });
  const current = ctl.list.children;
  if (wanted.length !== current.length || wanted.some((li, i) => current[i] !== li)) {
    // Moving a node out of the document blurs it: give focus back to the chip that had it,
    // so a server answer arriving between two Alt+Arrow presses never drops the reader's place.
    const focused = focusedIn(ctl);
    ctl.list.replaceChildren(...wanted);
    if (focused && wanted.includes(focused)) focused.focus({ preventScroll: true });
  }
  // A window of a longer list: its chips count on from the window's first position.
  ctl.first = data.first;
  ctl.total = data.total;
  ctl.list.style.counterReset = `rank ${data.first}`;
  relabel(ctl);
  // A re-mounted list (a new shadow root) leaves focus nowhere: on the page's body.
  const lost = !document.activeElement || document.activeElement === document.body;
  if (refocus && refocus.until > performance.now() && lost) {
    const li = wanted.find((item) => item.dataset.id === refocus.id);
    if (li) { li.focus(); refocus = null; }
  }
}

export default function ({ data, parentElement, setTriggerValue }) {
  let ctl = lists.get(parentElement);
  if (!ctl) {
    ctl = create(parentElement);
    lists.set(parentElement, ctl);
  }
  ctl.send = setTriggerValue;
  render(ctl, data);
  return () => {
    // Only the last call's cleanup runs, and only once the element has left the page.
    if (ctl.root.isConnected) return;
    ctl.sortable.destroy();
    lists.delete(parentElement);
  };
}
"""
)

_COMPONENT = st.components.v2.component("ndcg_lab_sortable_list", css=_CSS, js=_JS)
PAGE_SIZE = 200  # chips drawn at once; 10,000 take seconds in a browser


def _ignore() -> None:
    """A trigger value reaches Python only for events that have an ``on_*_change`` callback."""


def _order_reported(key: str, ids: Sequence[str]) -> list[str] | None:
    """The order the browser just reported for ``key``, if it is a new order of ``ids``."""
    reported = st.session_state.get(key)
    order = reported.get("order") if isinstance(reported, dict) else None
    return _new_order(order, ids)


def _new_order(order: object, ids: Sequence[str]) -> list[str] | None:
    """``order`` as a list of ids, if it is a permutation of ``ids`` other than ``ids``."""
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(ids):
        return None
    new_order = [str(item_id) for item_id in order]
    return None if new_order == list(ids) else new_order


def window_bounds(count: int, page: int, page_size: int) -> tuple[int, int]:
    """Positions ``[start, stop)`` (0-based) of window ``page``, clamped to the list.

    >>> window_bounds(10_000, 2, 200)
    (400, 600)
    >>> window_bounds(450, 9, 200)  # past the end: the last window
    (400, 450)
    """
    pages = max(1, -(-count // page_size))
    start = min(max(page, 0), pages - 1) * page_size
    return start, min(count, start + page_size)


def splice(ids: Sequence[str], start: int, window_order: Sequence[str]) -> list[str]:
    """The whole order after the window starting at ``start`` was reordered to ``window_order``.

    >>> splice(["a", "b", "c", "d", "e"], 1, ["c", "b"])
    ['a', 'c', 'b', 'd', 'e']
    """
    return [*ids[:start], *window_order, *ids[start + len(window_order) :]]


def page_key(key: str) -> str:
    """The session-state key of the window shown by the list with ``key``."""
    return f"{key}_page"


def shown_window(key: str, count: int, page_size: int = PAGE_SIZE) -> tuple[int, int]:
    """Positions ``[start, stop)`` of the ``count`` items that the list with ``key`` shows."""
    page = st.session_state.get(page_key(key), 0)
    return window_bounds(count, page if isinstance(page, int) else 0, page_size)


def show_position(key: str, index: int, page_size: int = PAGE_SIZE) -> None:
    """Move the window of the list with ``key`` to the one holding position ``index`` (from 0).

    Call it from a callback: it sets the window's widget.
    """
    st.session_state[page_key(key)] = index // page_size


def _step(page_key: str, by: int) -> None:
    st.session_state[page_key] = st.session_state.get(page_key, 0) + by


def _window_controls(key: str, count: int, page_size: int) -> int:
    """Previous, a choice of window and Next; returns the chosen window's index."""
    pages = -(-count // page_size)
    window_key = page_key(key)
    page = st.session_state.get(window_key, 0)
    if not isinstance(page, int) or not 0 <= page < pages:  # the list got shorter
        page = min(max(page, 0), pages - 1) if isinstance(page, int) else 0
        st.session_state[window_key] = page

    def positions(index: int) -> str:
        start, stop = window_bounds(count, index, page_size)
        return f"{start + 1:,}-{stop:,}"

    with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
        st.button(
            "Previous",
            icon=":material/chevron_left:",
            key=f"{key}_previous",
            disabled=page == 0,
            on_click=_step,
            args=(window_key, -1),
        )
        st.selectbox(
            f"Positions of {count:,}",
            range(pages),
            format_func=positions,
            key=window_key,
            width=150,
            help=f"A long list is dragged {page_size:,} positions at a time: move this window "
            "to reach any document. The order buttons act on the whole list.",
        )
        st.button(
            "Next",
            icon=":material/chevron_right:",
            key=f"{key}_next",
            disabled=page == pages - 1,
            on_click=_step,
            args=(window_key, 1),
        )
    return page


def sortable_list(
    items: Sequence[tuple[str, str]],
    *,
    key: str,
    on_change: Callable[[list[str]], None] | None = None,
    page_size: int = PAGE_SIZE,
    sums: Callable[[int, int], Mapping[str, Any]] | None = None,
) -> list[str] | None:
    """Show ``items`` (``(item_id, display_text)`` pairs, in order) as a reorderable list.

    Returns the new order of the item ids in the one run right after the user dropped an item or
    moved one with Alt+Arrow keys; ``None`` in every other run, and when the order reported no
    longer fits the current items. Display texts are shown as plain text, never as HTML. The
    list shows the order it is given on every run, so the caller stores the returned order and
    passes it back; ``key`` may stay the same when the items change. With ``on_change``, the
    new order is handed to it before the script runs, so that run already draws it.

    With more than ``page_size`` items, only a window of ``page_size`` positions is drawn, with
    controls (keys ``{key}_page``, ``{key}_previous``, ``{key}_next``) to move it; a move within
    the window still returns, and hands ``on_change``, the order of the whole list.

    ``sums(start, stop)``, for the window of positions ``[start, stop)`` drawn, gives the
    numbers shown above the list: ``labels`` and ``values`` (texts, from the server) and
    ``live`` (:func:`ndcg_core.metric.drop_numbers.drop_numbers` for that window, or ``None`` to wait
    for the server after a drop).
    """
    ids = [item_id for item_id, _ in items]
    if len(set(ids)) != len(ids):
        msg = "sortable_list needs distinct item ids"
        raise ValueError(msg)
    page = _window_controls(key, len(ids), page_size) if len(ids) > page_size else 0
    start, stop = window_bounds(len(ids), page, page_size)
    window = ids[start:stop]
    # Without a callback the caller adopts a reported order only after this call: show it
    # now, or the browser would put the items back where they were for one run.
    reported = None if on_change is not None else _order_reported(key, window)
    texts = dict(items)
    shown = reported if reported is not None else window
    data = {
        "items": [[str(item_id), str(texts[item_id])] for item_id in shown],
        "first": start,
        "total": len(ids),
        # Changes every run, so the browser re-applies Python's order even when it is unchanged
        # (e.g. the app refused a move).
        "run": time.monotonic_ns(),
    }
    if sums is not None:
        data["sums"] = dict(sums(start, stop))
    callback = _ignore
    if on_change is not None:

        def callback() -> None:
            # Runs before the script, so the caller can store the order and every element of
            # this run, the list included, is drawn in it.
            new_window = _order_reported(key, window)
            if new_window is not None:
                on_change(splice(ids, start, new_window))

    result = _COMPONENT(key=key, data=data, on_order_change=callback)
    new_window = _new_order(result.get("order"), window)
    return None if new_window is None else splice(ids, start, new_window)
