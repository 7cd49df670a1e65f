"""The Playground's interactive heart in one ``st.components.v2`` component (no iframe): the
list, the four number cards, the three linked charts and the per-position table, repainted
in the browser.

The server sends, with each run, what it shows for the order it has (the cards' and table's
texts, as :func:`~components.results.metric_cards` and
:func:`~ndcg_core.pictures.tables.display_columns` print them, and the charts' Vega-Lite spec)
and the payload of :func:`~ndcg_core.metric.view_numbers.view_numbers`. A drop or an
Alt+Arrow move repaints the cards, every table cell and the charts' points at once with
``repaintView`` (``static/view_repaint.js``, the JavaScript twin of
:func:`~ndcg_core.metric.view_numbers.repaint`), then sends the whole new order once, as a
trigger value; the run it starts answers with an acknowledgement, not the numbers again. No
metric rule is written in JavaScript; without a payload (exact sums) the component keeps the
server's numbers and says it waits for them. Its scripts and its style sheet come from the
page's browser library (:mod:`components.browser_library`).

The list uses the drag list's vendored SortableJS (mouse, Alt+Arrow keys, a finger's long
press), as :mod:`components.sortable_list` does, but draws every document: it has no window,
so a page gives it lists of up to :data:`WHOLE_LIST_UP_TO` documents (:func:`drawn_whole`).
The table (:mod:`components.live_table`) draws up to ``WHOLE_TABLE_UP_TO`` rows, a longer
one a page at a time, turned in the browser (cells from the same repaint, or the server's
texts where the sums are exact). The charts' template goes to a view once (:func:`live_view`)."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from components.browser_library import library_user_js
from components.cache import shared_view
from components.chart_files import template_url
from components.chip_orders import as_order, new_order
from components.drag_order import DOWN, MOVE_LABEL, ORDER_BUTTONS, UP, chip_text
from components.live_table import NO, NO_LABEL, YES, server_table
from components.results import metric_cards
from components.static_files import static_text
from ndcg_core.metric.lists import natural_key
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.metric.view_numbers import view_numbers

# Documents the list draws whole: at 1,000 an Alt+Arrow move repaints the list, cards, charts
# and table within about 50 ms here (benchmarks/playground.py --drops); a longer list is the
# server's, which shows a window of it (components.sortable_list).
WHOLE_LIST_UP_TO = 1_000
# Px the charts leave free of the column they are drawn for: in the browser they take
# Streamlit's theme (components/static/chart_theme.js), whose axis titles are larger than
# the template's allowance for them (a projector's chart was 9 px too wide for its column).
CHART_MARGIN = 24
# A view's payload is made once per server up to this many documents (a class's lists); a
# longer list's is made per session, so that the server's shared store stays small.
SHARED_UP_TO = 100
HELP = "Drag a document, or focus it and press Alt+Arrow keys, to change the ranking."
CARDS = "The numbers"  # what a screen reader calls the group of cards
KEYS = "Reorder the list"  # and the group of reordering buttons
WAITING = "Updating: these sums are done exactly on the server, which sends the new numbers."
PREVIOUS, NEXT, PAGE = "Previous positions", "Next positions", "Table page"  # a long table's
PAGE_OF = "of {pages}: positions {first}-{last} of {total}"  # beside the page's number
CHARTS_SCROLL = "Charts: scroll sideways for more"  # the charts' box, while wider than it
CHARTS_FAILED = "The charts could not be loaded. Reload the page to try again."


@dataclass(frozen=True)
class Parts:
    """Which of its parts a live view shows: the cards named (their keys, as
    :func:`~components.results.metric_cards` gives them; None: all four), the table or not,
    and compact (the cards above the list, every part the column's whole width: a column
    beside another ranking's or a lesson's text); ``names``, a card's own label where a page
    words it its way (key, label), and ``help``, the line above the list; ``keys``, the
    reordering buttons under the list (:func:`reorder_keys`), their picker labelled
    ``move``; ``name``, what the view calls itself when it tells the page the order it shows
    (compare mode's chart follows A's and B's, ``static/compare_view.js``), or none."""

    cards: tuple[str, ...] | None = None
    table: bool = True
    keys: bool = False
    compact: bool = False
    names: tuple[tuple[str, str], ...] = ()
    help: str = HELP
    move: str = MOVE_LABEL
    name: str = ""


#: What a live view of the page's own list calls itself (the Playground's one ranking, compare
#: mode's A): the grade box follows the order it shows (components/grade_box.py).
LIST_VIEW = "ranking A"
# The Playground's one ranking: every card, the charts, the table and the reordering buttons.
WHOLE = Parts(keys=True, name=LIST_VIEW)
# A or B in compare mode: a half column, so a shorter line above the list.
PAIRED = Parts(
    cards=("dcg", "ndcg"),
    table=False,
    keys=True,
    compact=True,
    help="Drag, or Alt+Arrow keys on a document.",
)


# The view's code is the page's browser library's (components/browser_library.py, which a
# page draws once, outside its fragments): this component's own script only waits for it.
_JS = library_user_js()
# The view's style sheet comes with the library (live_view.js adopts it): sent with every
# run, its 9 KB made each drop's acknowledgement eight times its size.
_CSS = static_text("live_view_note.css")
_COMPONENT = st.components.v2.component("ndcg_lab_live_view", css=_CSS, js=_JS)


def with_run(body: bytes, takes_typed: bool = False) -> bytes:
    """A payload (a JSON object) with this run's ``run`` added: it changes every run, so
    the browser re-applies the server's order even when unchanged; and ``takes_typed``,
    whether the view sends a list typed into the grade box that follows it (outside the
    payload, which sessions share). JSON as bytes, which Streamlit sends as they are (a dict
    it would encode twice, once to hash it).

    >>> sent = json.loads(with_run(b'{"ack": ["D1"]}', takes_typed=True))
    >>> sent["ack"], sent["takes_typed"]
    (['D1'], True)
    """
    typed = b"true" if takes_typed else b"false"
    return b'{"run": %d, "takes_typed": %s, ' % (time.monotonic_ns(), typed) + body[1:]


def template_id(chart_key: Hashable) -> str:
    """A short, stable name for the charts' template ``chart_key`` names (the same in every
    server process, unlike ``hash``).

    >>> template_id((6, False, None)) == template_id((6, False, None)) != template_id(None)
    True
    """
    return hashlib.sha256(repr(chart_key).encode()).hexdigest()[:16]


def reorder_keys(
    labels: Sequence[str], titles: Mapping[str, str] | None, move: str = MOVE_LABEL
) -> dict[str, Any]:
    """The reordering buttons the browser draws under the list: a document picker (natural
    order, by title where one is given) with Up and Down, then Ideal order, Reverse and
    Shuffle ([name, label, help] each). Up, Down, Reverse and Shuffle move the chips in the
    browser, as a drop does; Ideal order asks the server, whose core keeps ties in the order
    shown (:func:`~ndcg_core.metric.lists.ideal_order`).

    >>> keys = reorder_keys(["D10", "D2"], {"D2": "Two"})
    >>> keys["choices"], keys["orders"][0][:2]
    ([['D2', 'Two'], ['D10', 'D10']], ['ideal', 'Ideal order'])
    """
    named = titles or {}
    return {
        "group": KEYS,
        "move": move,
        "up": UP,
        "down": DOWN,
        "choices": [
            [label, named.get(label) or label] for label in sorted(labels, key=natural_key)
        ],
        "orders": [[name, label, help_text] for label, _, _, name, help_text in ORDER_BUTTONS],
    }


def drawn_whole(evaluation: Evaluation) -> bool:
    """Whether the live view draws ``evaluation``'s list (see :data:`WHOLE_LIST_UP_TO`).

    >>> from ndcg_core import evaluate
    >>> drawn_whole(evaluate([1.0] * 1000)), drawn_whole(evaluate([1.0] * 1001))
    (True, False)
    """
    return len(evaluation.grades) <= WHOLE_LIST_UP_TO


def live_data(
    evaluation: Evaluation,
    titles: Mapping[str, str] | None = None,
    chart: Callable[[bool, bool], Mapping[str, Any]] | None = None,
    chart_note: str = "",
    parts: Parts = WHOLE,
    chips: Mapping[str, str] | None = None,
    chart_id: str = "",
    reuse: bool = False,
    chart_src: str | None = None,
    list_words: Mapping[str, Any] | None = None,
    footnote: str = "",
) -> dict[str, Any]:
    """What the component is sent for ``evaluation`` (JSON-ready); ``chart(points,
    template)``, the Vega-Lite spec of its three charts with their rows as JSON, the points'
    rows only if ``points`` (none: no charts; without them the browser makes them from the
    numbers, as at a drop, so they are asked for only where there are no numbers), and a line
    under them; ``chart_id``, the name of the charts' template, and ``reuse``, the browser
    holds that template already, so only the rows are sent (``chart_reused``), or
    ``chart_src``, the address of the template's file (:mod:`components.chart_files`);
    ``parts``, which cards it shows, and whether the table; ``chips``, each document's text
    where a page words it its own way (else its title or label, and its grade);
    ``list_words``, the words a grade box that follows this view writes the list with
    (:func:`components.grade_box.box_words`), handed to it with the order shown;
    ``footnote``, a line under the view (plain text).

    >>> from ndcg_core import evaluate
    >>> data = live_data(evaluate([3, 2, 0]))
    >>> data["items"][0], [card["label"] for card in data["cards"]], data["table"]["keys"][:2]
    (['D1', 'D1 · 3'], ['CG', 'DCG', 'Ideal DCG', 'nDCG'], ['position', 'label'])
    >>> paired = live_data(evaluate([3, 2, 0]), parts=PAIRED)
    >>> [card["label"] for card in paired["cards"]], paired["table"], paired["compact"]
    (['DCG', 'nDCG'], None, True)
    """
    numbers = view_numbers(evaluation, titles)
    named = titles or {}
    worded = chips or {}
    renamed = dict(parts.names)
    # Made only for a view that shows it (compare mode's two views redraw every run).
    table = (
        server_table(evaluation, titles, numbers["columns"] if numbers else None)
        if parts.table
        else None
    )
    return {
        "items": [
            [label, worded.get(label) or chip_text(label, grade, named.get(label))]
            for label, grade in zip(evaluation.labels, evaluation.grades, strict=True)
        ],
        "cards": [
            {"key": key, "label": renamed.get(key, label), "value": value, "help": help_text}
            for key, label, value, help_text in metric_cards(evaluation)
            if parts.cards is None or key in parts.cards
        ],
        "table": table,
        "keys": reorder_keys(evaluation.labels, titles, parts.move) if parts.keys else None,
        "compact": parts.compact,
        "name": parts.name,
        "numbers": numbers,
        "chart": chart(numbers is None, not reuse) if chart else None,
        "chart_id": chart_id,
        "chart_reused": reuse,
        "chart_src": chart_src,
        "chart_note": chart_note,
        "list_words": list_words,
        "footnote": footnote,
        "words": {
            "help": parts.help,
            "cards": CARDS,
            "waiting": WAITING,
            "none": NO_LABEL,
            "yes": YES,
            "no": NO,
            "previous": PREVIOUS,
            "next": NEXT,
            "page": PAGE,
            "page_of": PAGE_OF,
            "charts_scroll": CHARTS_SCROLL,
            "charts_failed": CHARTS_FAILED,
        },
    }


def _base(
    evaluation: Evaluation,
    titles: Mapping[str, str] | None,
    chart_key: Hashable,
    chart_note: str,
    parts: Parts,
    chips: Mapping[str, str] | None,
    footnote: str,
) -> tuple[object, ...]:
    """Everything the component shows but the order: the documents with their grades and
    titles, the convention, the ideal, the charts' template. A drop changes none of it."""
    return (
        tuple(sorted(zip(evaluation.labels, evaluation.grades, strict=True))),
        tuple(sorted((titles or {}).items())),
        evaluation.convention,
        tuple(evaluation.ideal_grades),
        chart_key,
        chart_note,
        parts,
        tuple(sorted((chips or {}).items())),
        footnote,
    )


def live_view(
    evaluation: Evaluation,
    *,
    key: str,
    titles: Mapping[str, str] | None = None,
    on_order: Callable[[list[str]], None] | None = None,
    on_ideal: Callable[[list[str]], None] | None = None,
    on_typed: Callable[[str], None] | None = None,
    chart: Callable[[bool, bool], Mapping[str, Any]] | None = None,
    chart_key: Hashable = None,
    chart_note: str = "",
    parts: Parts = WHOLE,
    chips: Mapping[str, str] | None = None,
    list_words: Mapping[str, Any] | None = None,
    footnote: str = "",
) -> list[str] | None:
    """Draw the list, the cards, the charts (``chart(points, template)``, see
    :func:`live_data`; ``chart_key`` names its template: its shape, width and text size) and
    the table of ``evaluation`` (its documents in its order), or the ``parts`` of them named;
    ``chips``, ``list_words`` and ``footnote``, see :func:`live_data` (the words follow from
    the documents, their grades and titles, and the order: the view's key holds them). The
    charts' template goes to the browser when its view does not hold it yet (a new view, a
    new shape, or the browser asked for everything), and otherwise only their rows.

    A drop or an Alt+Arrow move repaints them in the browser at once, then reports the new
    order (the labels, top first) once: ``on_order`` gets it before the next run, which should
    only store it (the caller evaluates the stored order when it draws). That run sends the
    browser only an acknowledgement (``{"ack": order}``) when the browser repainted that very
    order from the numbers it was sent and nothing else changed: it already shows the core's
    numbers for it. Returns the new order in the run right after a move, ``None`` in every
    other run. Ideal order, pressed among the ``parts``' keys, hands ``on_ideal`` the order
    the browser showed then, before the next run (which should put the list in the core's
    ideal order of it). A list typed into the grade box that follows this view (the view's
    ``parts.name``) goes to ``on_typed``, as its text, before the run it starts: this view's
    fragment's, one run, where the box's own would be its fragment's and then this one's.
    """
    labels = list(evaluation.labels)
    if len(set(labels)) != len(labels):
        msg = "live_view needs distinct document labels"
        raise ValueError(msg)
    base = _base(evaluation, titles, chart_key, chart_note, parts, chips, footnote)
    answered = st.session_state.pop(f"{key}_reported", None)  # this run's drop, if any
    held_key = f"{key}_template"  # the charts' template this session's view was sent
    if answered == labels and st.session_state.get(f"{key}_base") == (base, True):
        body = json.dumps({"ack": labels}).encode()
    else:
        # The template as a file the browser fetches once (None: it goes inline, once per
        # view; the view's own state is there only while it stays drawn: a new view holds
        # nothing).
        src = None if chart is None else template_url(chart_key, lambda: chart(False, True))
        reuse = chart is not None and (
            src is not None
            or (key in st.session_state and st.session_state.get(held_key) == chart_key)
        )
        chart_id = template_id(chart_key) if chart is not None else ""

        def payload() -> tuple[bytes, bool]:
            data = live_data(
                evaluation,
                titles,
                chart,
                chart_note,
                parts,
                chips,
                chart_id,
                reuse,
                src,
                list_words,
                footnote,
            )
            return json.dumps(data).encode(), data["numbers"] is not None

        # A class opening one link all get the same view: it is made once per server.
        shareable = len(labels) <= SHARED_UP_TO
        body, numbers = (
            shared_view("live_view", (base, tuple(labels), reuse), payload)
            if shareable
            else payload()
        )
        st.session_state[f"{key}_base"] = (base, numbers)
        if chart is not None:
            st.session_state[held_key] = chart_key

    def reported() -> None:
        # Runs before the script: the caller stores the order, this run draws it.
        state = st.session_state.get(key)
        moved = new_order(state.get("order") if isinstance(state, dict) else None, labels)
        if moved is not None and on_order is not None:
            st.session_state[f"{key}_reported"] = moved
            on_order(moved)

    def ideal() -> None:
        state = st.session_state.get(key)
        shown = as_order(state.get("ideal") if isinstance(state, dict) else None, labels)
        if shown is not None and on_ideal is not None:
            on_ideal(shown)

    def typed() -> None:
        state = st.session_state.get(key)
        text = state.get("typed") if isinstance(state, dict) else None
        if isinstance(text, str) and on_typed is not None:
            on_typed(text)

    result = _COMPONENT(
        key=key,
        data=with_run(body, takes_typed=on_typed is not None),
        on_order_change=reported,
        on_ideal_change=ideal,
        on_typed_change=typed,
        # The browser asks for everything again when it cannot take an acknowledgement or
        # lacks the charts' template (a view drawn anew): the next payload sends it.
        on_refresh_change=lambda: st.session_state.pop(held_key, None),
    )
    return new_order(result.get("order"), labels)
