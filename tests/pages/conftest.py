"""AppTest set-up shared by the page tests."""

from __future__ import annotations

import functools
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from streamlit.components.v2 import manifest_scanner
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1 import app_test as app_test_module

from components.formula import OPENING

APP = str(Path(__file__).resolve().parents[2] / "app.py")


class _NavigationPagesManager(PagesManager):
    """AppTest (Streamlit 1.67) resets ``uses_pages_directory`` before every run, so with a
    folder named ``pages/`` beside app.py each rerun after the first executes only the page
    script, skipping app.py (and the sidebar). The real server learns from st.navigation
    that the app declares its pages; tell AppTest the same."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        PagesManager.uses_pages_directory = False


_SCAN = manifest_scanner.scan_component_manifests  # the real scan, before any patch


@functools.cache
def _installed_component_manifests() -> list[tuple[Any, Path]]:
    return _SCAN()


@pytest.fixture(autouse=True)
def _declared_pages(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(app_test_module, "PagesManager", _NavigationPagesManager)
    # Every AppTest scans every installed package's metadata for components.v2 manifests
    # before its first run: 40% of opening a page in a test (py-spy). The installed packages
    # do not change while the tests run, so one scan serves them all. A private Streamlit
    # module, for want of a public way to hand AppTest its component registry; the app's own
    # components are inline (st.components.v2.component) and need no manifest.
    monkeypatch.setattr(
        manifest_scanner, "scan_component_manifests", _installed_component_manifests
    )
    yield
    PagesManager.uses_pages_directory = None


def open_app(query: dict[str, str] | None = None, page: str | None = None) -> AppTest:
    """Run app.py (optionally on one page, optionally with URL parameters) without errors."""
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.run()
    if page is not None:
        at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def formulas(at: AppTest) -> list[str]:
    """The LaTeX of every formula the page shows (components.formula), in order."""
    return [
        element.value.removeprefix(OPENING).removesuffix("$")
        for element in at.markdown
        if element.value.startswith(OPENING)
    ]


def sent_data(proto: Any) -> Any:
    """What a page sent a ``st.components.v2`` component: its JSON, as text or as bytes (the
    live view sends bytes, components/live_view.py); None without data."""
    text = proto.json or (proto.bytes.decode() if proto.bytes else "")
    return json.loads(text) if text else None


def component_data(at: AppTest, key: str) -> dict[str, Any] | None:
    """What the page sent the ``st.components.v2`` component keyed ``key`` (its JSON data),
    or None when the page drew no such component."""
    for element in at.get("bidi_component"):
        if element.key == key:
            data: dict[str, Any] = sent_data(element.proto)
            return data
    return None


def shown_cards(at: AppTest) -> dict[str, str]:
    """Every number card the page shows, label to text: Streamlit's ``st.metric`` and the cards
    the page sends the browser-drawn live view (components.live_view) to draw."""
    cards = {m.label: m.value for m in at.metric}
    for element in at.get("bidi_component"):
        data = sent_data(element.proto)
        if isinstance(data, dict):
            cards.update({card["label"]: card["value"] for card in data.get("cards", [])})
    return cards


def shown_table(at: AppTest, key: str = "lab_live") -> pd.DataFrame:
    """The first page of the per-position table: the one the live view keyed ``key`` is sent
    (its headers and cells), else the page's first ``st.table``."""
    data = component_data(at, key)
    if data is None:
        frame: pd.DataFrame = at.table[0].value
        return frame
    table = data["table"]
    return pd.DataFrame(table["rows"][: table["page_rows"]], columns=table["headers"])


BOX_KEY = "lab_text_box"  # the grade box (components/grade_box.py)


def type_grades(at: AppTest, text: str) -> AppTest:
    """Type ``text`` into the grade box and apply it: what ``grade_box.js`` sends at
    Ctrl+Enter (the box's component state, the text with a nonce of its own). Run it next."""
    at.session_state[BOX_KEY] = {"typed": {"text": text, "nonce": uuid.uuid4().hex}}
    return at


def grade_box_text(at: AppTest) -> str:
    """The text the page sent the grade box to show."""
    data = component_data(at, BOX_KEY)
    assert data is not None, "the page drew no grade box"
    text: str = data["text"]
    return text
