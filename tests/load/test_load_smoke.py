"""The load client (benchmarks/load_session.py) and `make serve`'s HAProxy set-up (scripts/serve.py,
deploy/haproxy.cfg) against real servers: a few sessions for a few seconds, every action
checked. About 30 s."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.load_checks import ndcg_cards, ndcg_check
from benchmarks.load_client import Action
from benchmarks.load_phases import Phase, run_sessions
from benchmarks.load_session import Session
from components.navigation import PAGES
from scripts.serve import COOKIE, ROOT, StreamlitProcess, child_command
from tests.load.support import run_async

TITLES = {page.title for page in PAGES}  # the one list of pages app.py declares


def test_sessions_see_their_pages_and_the_ndcg_of_their_grades(
    app_server: StreamlitProcess,
) -> None:
    async def scenario() -> tuple[Action, list[str], str, Phase]:
        probe = Session(app_server.url, "ndcg", random.Random(1))
        await probe.connect()
        try:
            await probe.load()
            await probe.go_to(probe.playground_hash())  # the lesson is the default page
            typed = await probe.type_grades([0, 1, 2, 3])
            shown = ndcg_cards(probe.elements)
            wrong = ndcg_check(probe.elements, [3, 2, 1, 0])
        finally:
            await probe.close()
        phase = await run_sessions(
            lambda rng: Session(app_server.url, "ndcg", rng),
            sessions=3,
            seconds=6,
            pause=0.4,
            seed=7,
        )
        return typed, shown, wrong, phase

    typed, shown, wrong, phase = run_async(scenario)
    # A real widget change reran the Playground's fragment, which shows the nDCG of the list.
    assert typed.error == ""
    assert shown == ["0.614"]
    assert wrong.startswith("nDCG shown ['0.614'], expected ['1']")
    # Three sessions: every action answered by script_finished with the page's content.
    assert phase.errors == []
    kinds = Counter(action.kind for action in phase.actions)
    assert kinds["load"] == 3
    assert kinds["grades"] >= 3
    assert kinds["page"] >= 3
    assert {action.page for action in phase.actions} <= TITLES
    assert all(0 < action.seconds < 60 for action in phase.actions)


def test_haproxy_keeps_each_session_on_the_process_that_holds_it(tmp_path: Path) -> None:
    if shutil.which("haproxy") is None:
        pytest.fail("haproxy is missing: scripts/ensure_haproxy.sh installs it (make test runs it)")
    command = child_command(
        *(sys.executable, "scripts/serve.py", "--port", "0"),
        *("--script", "benchmarks/empty_nav_app.py", "--log-dir", str(tmp_path)),
    )
    serve = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    backends: list[int] = []
    try:
        assert serve.stdout is not None
        ready = next(json.loads(line) for line in serve.stdout if line.startswith("{"))
        backends = [b["pid"] for b in ready["backends"]]
        names = [b["name"] for b in ready["backends"]]

        async def scenario() -> tuple[list[str], list[Action], list[int], int]:
            sessions = [Session(ready["url"], "echo", random.Random(i)) for i in range(4)]
            actions: list[Action] = []
            try:
                for session in sessions:
                    await session.connect()
                    await session.load()
                    await session.type_grades([1, 2, 3])
                    actions += session.actions
                # st.file_uploader's path: a URL over the websocket, then a PUT to it.
                stored = [await s.upload("run.txt", b"1 Q0 D1 1 2.5 bm25\n") for s in sessions]
                cookies = [s.cookies[COOKIE] for s in sessions]
                # The same PUT with the other process's cookie: that process has no such session.
                moved = sessions[0]
                moved.cookies[COOKIE] = next(n for n in names if n != moved.cookies[COOKIE])
                misrouted = await moved.upload("run.txt", b"1 Q0 D1 1 2.5 bm25\n")
                return cookies, actions, stored, misrouted
            finally:
                await asyncio.gather(*(s.close() for s in sessions))

        cookies, actions, stored, misrouted = run_async(scenario)
    finally:
        if serve.poll() is None:
            os.kill(serve.pid, signal.SIGTERM)
        serve.wait(timeout=60)
        if serve.stdout is not None:
            serve.stdout.close()
    assert sorted(cookies) == ["app1", "app1", "app2", "app2"]  # each process in turn
    assert [(a.kind, a.error) for a in actions] == [("load", ""), ("grades", "")] * 4
    assert stored == [204, 204, 204, 204]
    assert misrouted == 400
    for pid in [*backends, ready["haproxy_pid"]]:  # serve.py stopped HAProxy and both servers
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
