"""A person's session on the app, on top of the protocol (benchmarks/load_client.py): open a
page, type grades, press a button, switch the gain, go to another page, each checked against
what the page should show (benchmarks/load_checks.py). Many such sessions at once, steady
or in a burst, are benchmarks/load_phases.py.

The method, and what counts as an error, is in benchmarks/load.py's docstring.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from streamlit.proto.Element_pb2 import Element
from streamlit.proto.WidgetStates_pb2 import WidgetState

from benchmarks.load_checks import CHECKS, acknowledged, component_data, fetched_files, texts
from benchmarks.load_client import Action, Client, http_request

PLAYGROUND = "Playground"
TEXT_KEY = "lab_text"  # the empty app's text area (benchmarks/empty_nav_app.py)
BOX_KEY = "lab_text_box"  # app.py's grade box, a components.v2 component (components/grade_box.py)
# The Playground's reorderable list: the live view (components/live_view.py) or, before it,
# the drag list (components/sortable_list.py); either reports a drop as the trigger "order".
LIST_KEYS = ("lab_live", "lab_sort")
BLANK_BUTTON = "bench_click"  # the button of the one-button page and of the shell's blank page
# Streamlit's id for a components.v2 component's triggers: its own id, "__", "events".
TRIGGERS = "$$STREAMLIT_INTERNAL_KEY_{}__events"
DEFAULT_GRADES = (3, 2, 3, 0, 1, 2)  # the list a fresh session shows
GAINS = ("linear", "exponential")
GAIN_KEY = "conv_gain"  # the sidebar's gain radio (components/convention_picker.py)


class Session(Client):
    """One browser tab's worth of actions against one app URL, each checked."""

    def __init__(
        self, url: str, check: str, rng: random.Random, start: str = "", click: str = ""
    ) -> None:
        super().__init__(url)
        self.check = CHECKS[check]
        self.rng = rng
        self.start = start  # the page the link names ("playground"), or "" for the default
        self.click_key = click  # the button a change clicks, where there is no grade box
        self._buttons: dict[str, tuple[str, str]] = {}  # key -> (widget id, fragment id)
        self._radios: dict[str, tuple[str, str, list[str]]] = {}  # key -> id, fragment, options
        self._inputs: dict[str, tuple[str, str]] = {}  # a text input's key -> id, fragment
        self.grades: tuple[int, ...] = DEFAULT_GRADES
        self.gain = GAINS[0]
        self.actions: list[Action] = []
        self._text_id = ""
        self._text_fragment = ""
        self._text_box = False  # the grade box is app.py's component, not a text area
        self._typed = 0  # texts typed into the grade box (each gets a nonce of its own)
        self._list_id = ""  # the reorderable list's component, and its fragment
        self._list_fragment = ""
        self._list_takes_typed = False  # it sends a list typed into the grade box (live_view.js)
        self.labels: tuple[str, ...] = tuple(f"D{i}" for i in range(1, len(DEFAULT_GRADES) + 1))

    def _on_widget(self, element: Element, widget_id: str, fragment_id: str) -> None:
        kind = element.WhichOneof("type")
        if kind == "button":
            self._buttons[widget_id.rsplit("-", 1)[-1]] = (widget_id, fragment_id)
        key = widget_id.rsplit("-", 1)[-1]
        if kind == "radio":  # options as shown: "linear: rel", ...
            self._radios[key] = (widget_id, fragment_id, list(element.radio.options))
        if kind == "text_input":
            self._inputs[key] = (widget_id, fragment_id)
        if kind == "bidi_component" and widget_id.endswith(tuple(f"-{k}" for k in LIST_KEYS)):
            self._list_id, self._list_fragment = widget_id, fragment_id
            data = component_data(element)
            self._list_takes_typed = isinstance(data, dict) and data.get("takes_typed") is True
        if kind == "bidi_component" and widget_id.endswith(f"-{BOX_KEY}"):
            self._text_id, self._text_fragment, self._text_box = widget_id, fragment_id, True
        if widget_id.endswith(f"-{TEXT_KEY}") and kind == "text_area":
            self._text_id = widget_id
            self._text_fragment = fragment_id
            if element.text_area.set_value:  # the script set the value: the box shows it
                state = WidgetState(id=widget_id, string_value=element.text_area.value)
                self._widget_states[widget_id] = state

    def _page_error(self, page_hash: str) -> str:
        if len(self.pages) <= 1:  # an app of one page: no menu, no header to check
            return ""
        title = self.pages.get(page_hash, "?")
        if self.page_hash != page_hash:
            return f"asked for {title}, got {self.pages.get(self.page_hash, '?')}"
        headings = [e.heading.body for e in self.elements if e.WhichOneof("type") == "heading"]
        return "" if title in headings else f"{title}: no header {title!r} in {headings}"

    async def load(self) -> Action:
        """The first page load: the app's root URL, or the page ``start`` names."""
        action = await self._rerun("load", "", "", [], page_name=self.start)
        action.error = action.error or self._page_error(self.page_hash)
        action.error = action.error or await self._fetch_library()
        if not action.error and self.start and self.pages.get(self.page_hash) != PLAYGROUND:
            action.error = f"asked for {self.start}, got {self.pages.get(self.page_hash)}"
        self.actions.append(action)
        return action

    async def _fetch_library(self) -> str:
        """GET the files the page has a new browser fetch (components/lab_files.py): the
        live view's library where the page loads one, and the charts' template the live
        view names (components/chart_files.py). Their bytes are the server's work too."""
        for src in (address for element in self.elements for address in fetched_files(element)):
            status = await http_request(self.host, self.port, "GET", src, self.cookies)
            if status != 200:
                return f"GET {src}: HTTP {status}"
        return ""

    async def go_to(self, page_hash: str) -> Action:
        """Click a page in the sidebar: keep only the states of widgets drawn by app.py."""
        states = [
            s
            for k, s in self._widget_states.items()
            if self._widget_script.get(k) == self._main_hash
        ]
        action = await self._rerun("page", page_hash, "", states)
        action.error = action.error or self._page_error(page_hash)
        self.actions.append(action)
        return action

    async def type_grades(self, grades: Sequence[int] | None = None) -> Action:
        """Type a new list into the grade box and leave it (the widget's value changes)."""
        if grades is None:
            grades = [self.rng.randint(0, 3) for _ in range(self.rng.randint(4, 10))]
            if max(grades) == 0:
                grades[self.rng.randrange(len(grades))] = self.rng.randint(1, 3)
        action = await self.type_text(", ".join(map(str, grades)))
        action.error = action.error or self.check(self.elements, grades, self.gain)
        self.grades = tuple(grades)
        self.labels = tuple(f"D{i}" for i in range(1, len(grades) + 1))
        self.actions.append(action)
        return action

    async def type_text(self, text: str) -> Action:
        """Type ``text`` into the grade box and leave it; the run is not checked here."""
        if self._list_takes_typed and self._list_id in self.shown:
            # grade_box.js hands it to the live view it follows, which sends it (its trigger)
            return await self._list_event("grades", "typed", text)
        if self._text_box:  # what grade_box.js sends at Ctrl+Enter: its state, a new nonce
            self._typed += 1
            typed = {"typed": {"text": text, "nonce": f"{id(self)}-{self._typed}"}}
            state = WidgetState(id=self._text_id, json_value=json.dumps(typed))
        else:
            state = WidgetState(id=self._text_id, string_value=text)
        self._widget_states[self._text_id] = state
        states = list(self._widget_states.values())
        return await self._rerun("grades", self.page_hash, self._text_fragment, states)

    async def drag(self) -> Action:
        """Drop a document of the Playground's list one place up or down, as a person drags
        (the component's "order" trigger, the whole new order), and check the new nDCG."""
        if not self._list_id:
            action = Action("drag", 0.0, "no reorderable list on the page")
            self.actions.append(action)
            return action
        at = self.rng.randrange(len(self.labels) - 1)
        swap = [*range(at), at + 1, at, *range(at + 2, len(self.labels))]
        labels = tuple(self.labels[i] for i in swap)
        grades = tuple(self.grades[i] for i in swap)
        action = await self._list_event("drag", "order", list(labels))
        acked = acknowledged(self.elements)
        if acked is not None:  # the live view repainted this order itself: the server agrees
            if not action.error and acked != list(labels):
                action.error = f"the server holds {acked}, the browser {list(labels)}"
        else:
            action.error = action.error or self.check(self.elements, grades, self.gain)
        self.labels, self.grades = labels, grades
        self.actions.append(action)
        return action

    async def _list_event(self, kind: str, event: str, value: object) -> Action:
        """A rerun of the list's fragment with the list component's trigger ``event``."""
        trigger = json.dumps([{"event": event, "value": value}])
        states = [
            *self._widget_states.values(),
            WidgetState(id=TRIGGERS.format(self._list_id), json_trigger_value=trigger),
        ]
        return await self._rerun(kind, self.page_hash, self._list_fragment, states)

    async def ask_for_everything(self) -> Action:
        """The live view's refresh trigger: what a view drawn anew sends when it lacks what
        the server's answer assumes (an acknowledgement's numbers, the charts' template)."""
        action = await self._list_event("refresh", "refresh", True)
        self.actions.append(action)
        return action

    async def click(self) -> Action:
        """Press the button ``click_key`` (the one-button page's, the lesson's Next)."""
        widget_id, fragment_id = self._buttons.get(self.click_key, ("", ""))
        if not widget_id:
            action = Action("click", 0.0, f"no button {self.click_key!r} on the page")
            self.actions.append(action)
            return action
        states = [*self._widget_states.values(), WidgetState(id=widget_id, trigger_value=True)]
        before = texts(self.elements)
        action = await self._rerun("click", self.page_hash, fragment_id, states)
        if not action.error and texts(self.elements) == before:
            action.error = f"{self.click_key}: the page did not change"
        self.actions.append(action)
        return action

    async def choose(self, key: str, option: int) -> Action:
        """Pick the ``option``-th choice of the radio keyed ``key`` (a sidebar choice), in
        the run the browser would ask for (its fragment's); the run is not checked here."""
        widget_id, fragment_id, options = self._radios[key]
        state = WidgetState(id=widget_id, string_value=options[option])  # the text shown
        self._widget_states[widget_id] = state
        states = list(self._widget_states.values())
        return await self._rerun("sidebar", self.page_hash, fragment_id, states)

    async def enter_text(self, key: str, text: str) -> Action:
        """Type ``text`` into the text input keyed ``key`` and leave it; not checked here."""
        widget_id, fragment_id = self._inputs[key]
        self._widget_states[widget_id] = WidgetState(id=widget_id, string_value=text)
        states = list(self._widget_states.values())
        return await self._rerun("text", self.page_hash, fragment_id, states)

    async def change_gain(self) -> Action:
        """Switch the sidebar's gain (linear <-> exponential): the app reruns what the page
        said follows it, or all of it."""
        self.gain = GAINS[1 - GAINS.index(self.gain)]
        action = await self.choose(GAIN_KEY, GAINS.index(self.gain))
        if self.pages.get(self.page_hash) == PLAYGROUND:  # its numbers (its header is not run)
            action.error = action.error or self.check(self.elements, self.grades, self.gain)
        else:
            action.error = action.error or self._page_error(self.page_hash)
        self.actions.append(action)
        return action

    async def change(self) -> Action:
        """A burst's one change: type grades where there is a grade box, else click."""
        if self._text_id and self.pages.get(self.page_hash) == PLAYGROUND:
            return await self.type_grades()
        return await self.click()

    def button_page(self) -> bool:
        """Whether a person here only presses the page's button: the one-button page, and the
        shell's blank page (whose menu is the app's, benchmarks/shell_app.py)."""
        return len(self.pages) <= 1 or self.click_key == BLANK_BUTTON

    def playground_hash(self) -> str:
        return next((h for h, title in self.pages.items() if title == PLAYGROUND), "")

    async def act(self) -> Action:
        """One action a person might take next."""
        if self.button_page():
            return await self.click()
        gain_id = self._radios.get(GAIN_KEY, ("",))[0]
        if gain_id in self.shown and self.rng.random() < 0.15:
            return await self.change_gain()
        on_playground = self.pages.get(self.page_hash) == PLAYGROUND
        if on_playground and self._text_id and self.rng.random() < 0.6:
            # Half of a person's changes on the Playground are drops, half typed grades.
            if self._list_id and self.rng.random() < 0.5:
                return await self.drag()
            return await self.type_grades()
        others = [h for h in self.pages if h != self.page_hash]
        if not on_playground and self.rng.random() < 0.5:
            return await self.go_to(self.playground_hash())
        return await self.go_to(self.rng.choice(others))
