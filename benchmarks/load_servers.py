"""The scenarios of benchmarks/load.py and their servers: each is started with exactly the
settings `make run` uses, listens on 127.0.0.1 on a free port and is stopped by its own pid;
and what a server process uses (resident memory, CPU time), read from /proc.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from scripts.serve import StreamlitProcess, child_command

ROOT = Path(__file__).resolve().parents[1]
LOG_DIR = ROOT / "benchmarks" / ".logs"


def rss_kib(pid: int) -> int:
    """Resident memory of one process (VmRSS), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    msg = f"no VmRSS for pid {pid}"
    raise RuntimeError(msg)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time one process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Scenario:
    label: str
    script: str
    processes: int
    check: str
    env: tuple[tuple[str, str], ...] = ()  # settings for the server processes
    start: str = ""  # the page a session's link names; "" for the app's default page
    click: str = ""  # the button a burst's change presses where there is no grade box


# Streamlit's default, which .streamlit/config.toml turns off: a full gc.collect after
# every script run (see docs/performance.md, Load).
STREAMLIT_GC = (("STREAMLIT_RUNNER_POST_SCRIPT_GC", "true"),)


SCENARIOS = {
    "button": Scenario(
        "one-button page, 1 process", "benchmarks/empty_app.py", 1, "none", click="bench_click"
    ),
    "shell": Scenario(
        "app shell, blank page", "benchmarks/shell_asgi.py", 1, "none", click="bench_click"
    ),
    "floor": Scenario(
        "the live view alone in a fragment", "benchmarks/drop_floor_app.py", 1, "none"
    ),
    "app": Scenario("nDCG Lab (lesson), 1 process", "asgi.py", 1, "ndcg", click="lesson_next"),
    "playground": Scenario(
        "nDCG Lab Playground, 1 process", "asgi.py", 1, "ndcg", start="playground"
    ),
    "empty": Scenario("empty app, 1 process", "benchmarks/empty_nav_app.py", 1, "echo"),
    "app-2proc": Scenario(
        "nDCG Lab Playground, 2 processes + HAProxy", "asgi.py", 2, "ndcg", start="playground"
    ),
    "empty-2proc": Scenario(
        "empty app, 2 processes + HAProxy", "benchmarks/empty_nav_app.py", 2, "echo"
    ),
    "empty-gc": Scenario(
        "empty app, GC after runs", "benchmarks/empty_nav_app.py", 1, "echo", STREAMLIT_GC
    ),
    "app-gc": Scenario("nDCG Lab, GC after runs", "asgi.py", 1, "ndcg", STREAMLIT_GC),
}


@dataclass
class Servers:
    """The server processes of a scenario: their public URL, pids and logs."""

    url: str
    pids: list[int]
    logs: list[Path]
    balancer_pid: int | None = None  # HAProxy's, behind scripts/serve.py


@contextlib.contextmanager
def start_servers(scenario: Scenario, name: str) -> Iterator[Servers]:
    """One `streamlit run`, or scripts/serve.py (N processes behind HAProxy); stopped by pid."""
    if scenario.processes == 1:
        server = StreamlitProcess(
            scenario.script, LOG_DIR / f"load_{name}.log", env=dict(scenario.env)
        )
        try:
            server.wait_until_healthy()
            yield Servers(server.url, [server.pid], [server.log_path])
        finally:
            server.stop()
        return
    log_dir = LOG_DIR / f"load_{name}"
    command = child_command(
        *(sys.executable, "scripts/serve.py", "--port", "0", "--script", scenario.script),
        *("--processes", str(scenario.processes), "--log-dir", str(log_dir)),
    )
    env = {**os.environ, **dict(scenario.env)}
    serve = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, env=env)
    backend_pids: list[int] = []
    try:
        assert serve.stdout is not None
        ready = next((json.loads(line) for line in serve.stdout if line.startswith("{")), None)
        if ready is None:
            msg = f"scripts/serve.py exited ({serve.wait()}) before it was ready"
            raise RuntimeError(msg)
        backend_pids = [b["pid"] for b in ready["backends"]]
        logs = [log_dir / f"streamlit_{b['name']}.log" for b in ready["backends"]]
        yield Servers(ready["url"], backend_pids, logs, ready["haproxy_pid"])
    finally:
        if serve.poll() is None:
            os.kill(serve.pid, signal.SIGTERM)
            try:
                serve.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.kill(serve.pid, signal.SIGKILL)
                serve.wait(timeout=5)
        if serve.stdout is not None:
            serve.stdout.close()
        for pid in backend_pids:  # serve.py stops them; make sure
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
