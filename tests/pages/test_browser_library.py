"""The live view's browser library: published once as a gzipped file in the app's static
folder and fetched by a loader, or inline where it cannot be (components/browser_library.py);
and the live view's payload, made once per server for a class opening one link."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest

import components.live_view as live_view_module
from components.browser_library import (
    APP_STATIC,
    INLINE_LIBRARY_JS,
    INLINE_NAME,
    LIBRARY_JS,
    LOADER_NAME,
    VEGA_JS,
    library_file,
    library_file_name,
    library_url,
    publish,
)
from components.lab_files import ROUTE_ENV, route_url
from components.static_files import static_text
from components.view_charts import vega_libraries_js
from tests.pages.conftest import open_app, sent_data

PLAYGROUND = "pages/playground.py"
DEMO_APP = Path(__file__).resolve().parents[1] / "browser" / "demo_live_view_app.py"


def _library_elements(at: Any) -> list[Any]:
    named = (LOADER_NAME, INLINE_NAME)  # a component's name may carry its module's before a dot
    return [e for e in at.get("bidi_component") if e.proto.component_name.split(".")[-1] in named]


def _companion(at: Any) -> Any:
    """The page's companion the shell draws after every page (components/screen.py)."""
    (element,) = [e for e in at.get("bidi_component") if e.key == "lab_screen"]
    return element


def _asked(at: Any) -> Any:
    """The library loader's data the page handed its companion (None: it asked nothing)."""
    return sent_data(_companion(at).proto)["library"]


def test_the_library_is_published_gzipped_under_its_hash(tmp_path: Path) -> None:
    parts = ("const answer = 42;", "const vega = 1;")
    name = publish(tmp_path, parts)
    assert name == library_file_name(parts)
    body, split = library_file(parts)
    assert (tmp_path / name).read_bytes() == body
    # Two gzip members: the library's, where the loader splits, then Vega's.
    assert gzip.decompress(body[:split]) == b"const answer = 42;"
    assert gzip.decompress(body[split:]) == b"const vega = 1;"
    # A new library is a new name, and the old file goes.
    newer = publish(tmp_path, ("const answer = 43;", "const vega = 1;"))
    assert newer not in (None, name)
    assert sorted(p.name for p in tmp_path.iterdir()) == [newer]


def test_a_damaged_library_file_is_written_again(tmp_path: Path) -> None:
    parts = ("const damaged = 1;",)
    name = library_file_name(parts)
    (tmp_path / name).write_bytes(library_file(parts)[0][:-3])  # cut short
    with pytest.raises(EOFError):  # what a file cut short does to gzip
        gzip.decompress((tmp_path / name).read_bytes())
    assert publish(tmp_path, parts) == name
    assert gzip.decompress((tmp_path / name).read_bytes()) == b"const damaged = 1;"


def test_a_folder_that_cannot_be_made_publishes_nothing(tmp_path: Path) -> None:
    taken = tmp_path / "static"
    taken.write_text("a file where the folder would be")  # root may write anywhere else
    assert publish(taken, ("const nowhere = 1;",)) is None


def test_the_url_keeps_the_base_path() -> None:
    config.set_option("server.baseUrlPath", "/lab/")
    try:
        assert library_url("library-x.js.gz") == "/lab/app/static/library-x.js.gz"
        assert route_url("library-x.js.gz") == "/lab/lab-files/library-x.js.gz"
    finally:
        config.set_option("server.baseUrlPath", "")


def test_on_the_apps_own_entry_the_library_comes_from_its_route(monkeypatch: Any) -> None:
    # asgi.py says so in its process (components/file_route.py): the library is then sent
    # from memory on that route, and the static folder is not needed.
    monkeypatch.setenv(ROUTE_ENV, "1")
    at = open_app(page=PLAYGROUND)
    assert _asked(at)["src"] == f"/lab-files/{library_file_name()}"


def test_the_playground_has_the_published_file_loaded_not_the_library_sent() -> None:
    at = open_app(page=PLAYGROUND)
    # The companion loads it: the page sends no loader of its own, one component fewer in
    # every new session's first run.
    assert _library_elements(at) == []
    name = library_file_name()
    assert _asked(at)["src"] == f"/app/static/{name}"
    body = (APP_STATIC / name).read_bytes()
    split = _asked(at)["split"]  # where the loader cuts the file
    assert gzip.decompress(body[:split]) == LIBRARY_JS.encode()
    assert gzip.decompress(body[split:]) == VEGA_JS.encode()
    script = _companion(at).proto.js_content
    assert "function loadLibrary(" in script
    assert len(script) < 12_000 < len(LIBRARY_JS)


def test_a_page_without_a_live_view_asks_its_companion_for_nothing() -> None:
    at = open_app(page=PLAYGROUND)
    at.switch_page("pages/step_by_step.py").run()
    assert not at.exception
    assert _asked(at) is None
    assert _library_elements(at) == []


def test_an_app_without_the_shell_draws_a_loader_of_its_own() -> None:
    at = AppTest.from_file(str(DEMO_APP), default_timeout=60)
    at.run()
    assert not at.exception
    (element,) = _library_elements(at)
    assert element.proto.component_name.endswith(LOADER_NAME)
    assert sent_data(element.proto)["src"] == f"/app/static/{library_file_name()}"
    assert "loadLibrary(data)" in element.proto.js_content


def test_each_run_names_the_library_without_hashing_it_again(monkeypatch: Any) -> None:
    # Hashing the 800 KB script took 1.1 ms of every Playground run on the entry's route.
    monkeypatch.setenv(ROUTE_ENV, "1")
    open_app(page=PLAYGROUND)
    hashed = library_file_name.cache_info().misses
    open_app(page=PLAYGROUND)
    assert library_file_name.cache_info().misses == hashed


def test_the_views_style_sheet_comes_with_the_library_not_with_each_run() -> None:
    at = open_app(page=PLAYGROUND)
    (view,) = [e for e in at.get("bidi_component") if e.key == "lab_live"]
    sheet = static_text("live_view.css")
    assert ".lv-list" in sheet
    assert json.dumps(sheet) in LIBRARY_JS
    # The view's own message, sent with every run, holds only the note for a missing library.
    assert ".lv-list" not in view.proto.css_content
    assert view.proto.css_content == static_text("live_view_note.css")
    assert len(view.proto.css_content) < len(sheet) / 5


def test_vega_is_a_part_of_the_file_after_the_library_for_the_first_chart() -> None:
    # In the library's script, even as text, Chromium unzipped and read 900 KB before the
    # list and cards could show: 61 ms from the file's arrival to the cards, 24 ms without
    # it (docs/performance.md).
    version = 't.version="6.4.0"'  # in Vega's code
    assert version in VEGA_JS
    assert version not in LIBRARY_JS
    assert json.dumps(version)[1:-1] not in LIBRARY_JS  # nor as text
    assert VEGA_JS.startswith(vega_libraries_js())
    assert "function vegaLibraries()" in LIBRARY_JS
    assert len(LIBRARY_JS) < len(VEGA_JS) / 4


def test_without_static_serving_the_library_goes_inline() -> None:
    config.set_option("server.enableStaticServing", False)
    try:
        at = open_app(page=PLAYGROUND)
    finally:
        config.set_option("server.enableStaticServing", True)
    (element,) = _library_elements(at)
    assert element.proto.component_name.endswith(INLINE_NAME)
    assert _asked(at) is None
    assert element.proto.js_content == INLINE_LIBRARY_JS
    # No file to fetch Vega from: it goes with the library, as text.
    assert json.dumps(VEGA_JS) in INLINE_LIBRARY_JS


def test_a_class_opening_one_link_gets_the_view_made_once(monkeypatch: Any) -> None:
    made: list[int] = []
    real = live_view_module.live_data

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(live_view_module, "live_data", counted)
    link = {"g": "3,1,4,1,5,9,2,6"}  # a list no other test opens, so not yet made
    first = open_app(link, PLAYGROUND)
    second = open_app(link, PLAYGROUND)
    assert len(made) == 1
    views = [
        sent_data(e.proto)
        for at in (first, second)
        for e in at.get("bidi_component")
        if e.key == "lab_live"
    ]
    assert len(views) == 2
    assert views[0]["run"] != views[1]["run"]  # each run its own
    assert {**views[0], "run": 0} == {**views[1], "run": 0}
    assert [item[0] for item in views[0]["items"]] == [f"D{i}" for i in range(1, 9)]
