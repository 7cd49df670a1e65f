"""The shell benchmark (benchmarks/shell_app.py), the floor a page's cost is measured
against, is the app's own shell: around its blank page, a new session gets the sidebar, the
menu and the parts outside the page that the Playground's gets (components/app_shell.py).
Seen on real servers, as the benchmarks start them."""

from __future__ import annotations

import random
from pathlib import Path

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from benchmarks.load_phases import warm_up
from benchmarks.load_session import Session
from tests.load.conftest import serving
from tests.load.support import run_async

MAIN = 0  # the delta path's first step for the page's own container


class _Recorder(Session):
    """A session that notes each element outside the page's container, in order."""

    def __init__(self, url: str, start: str) -> None:
        super().__init__(url, "none", random.Random(1), start=start)
        self.outside: list[tuple[int, str, str]] = []

    def _on_message(self, msg: ForwardMsg) -> None:
        super()._on_message(msg)
        if msg.WhichOneof("type") == "delta" and msg.delta.WhichOneof("type") == "new_element":
            root = msg.metadata.delta_path[0]
            element = msg.delta.new_element
            kind = element.WhichOneof("type") or ""
            inner = getattr(element, kind)
            name = getattr(inner, "label", "") or getattr(inner, "component_name", "")
            if root != MAIN:
                self.outside.append((root, kind, name.split("-")[-1]))


def _first_load(url: str, start: str = "") -> tuple[list[tuple[int, str, str]], int]:
    async def scenario() -> tuple[list[tuple[int, str, str]], int]:
        session = _Recorder(url, start)
        await session.connect()
        try:
            assert (await session.load()).error == ""
            return session.outside, len(session.pages)
        finally:
            await session.close()

    return run_async(scenario)


def test_the_shell_benchmark_draws_what_the_app_draws_around_a_page(tmp_path: Path) -> None:
    with serving("asgi.py", tmp_path / "app.log") as app:
        app_outside, app_pages = _first_load(app.url, "playground")
    with serving("benchmarks/shell_asgi.py", tmp_path / "shell.log") as shell:
        shell_outside, shell_pages = _first_load(shell.url)
    assert shell_pages == app_pages  # the app's menu, the blank page in the Playground's place
    assert shell_outside == app_outside
    # The sidebar's convention picker and the screen's measure are among them.
    assert any(kind == "bidi_component" for _, kind, _ in shell_outside)
    assert any(name == "Gain" for _, _, name in shell_outside)


def test_a_load_session_on_the_shell_presses_its_button(tmp_path: Path) -> None:
    # Its menu has the app's pages, but the benchmarks' sessions only press the blank page's
    # button there (the warm-up asked for the Playground, which the shell does not have).
    with serving("benchmarks/shell_asgi.py", tmp_path / "shell.log") as shell:

        async def scenario() -> list[tuple[str, str]]:
            session = Session(shell.url, "none", random.Random(2), click="bench_click")
            try:
                actions = await warm_up(session, random.Random(3))
                actions.append(await session.act())
            finally:
                await session.close()
            return [(action.kind, action.error) for action in actions]

        done = run_async(scenario)
    assert done[0] == ("load", "")
    assert done[1:] == [("click", "")] * (len(done) - 1)
