"""Serve nDCG Lab from several Streamlit processes behind HAProxy, on loopback only.

Run (from the project folder; `make serve` does this):

    .venv/bin/python scripts/serve.py                       # 2 processes, http://127.0.0.1:8501
    .venv/bin/python scripts/serve.py --processes 3 --port 0 --script benchmarks/empty_nav_app.py

Why: one `streamlit run` process runs every session's script in one Python interpreter, so
busy sessions queue behind each other on one core. N processes use N cores.

What it does: starts ``--processes`` `streamlit run <script>` servers on free 127.0.0.1
ports, each with the settings `make run` uses (.streamlit/config.toml; only the port and
address are given here) and one shared random cookie secret (so a browser's XSRF token is
valid on every process); waits until each answers /_stcore/health; then starts HAProxy with
deploy/haproxy.cfg plus one `server` line per process, listening on 127.0.0.1:``--port``
(``--port 0``: a free port). When ready it prints the URL, then one JSON line for scripts:
{"url", "pid", "haproxy_pid", "cookie", "log_dir", "backends": [{"name", "pid", "port"}]};
a backend's name is also the value of the stickiness cookie that sends a browser to it.

Ctrl-C, SIGTERM or SIGHUP stops HAProxy and every Streamlit process, each by its own pid.
Every child also asks Linux to send it SIGTERM should this script die first (parent-death
signal), so nothing outlives it. A Streamlit process that dies is not restarted: HAProxy's
health check takes it out and sends its browsers to the others; the script ends when
HAProxy or the last Streamlit process has gone.

Standard library only, so it runs with the app's own environment.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HAPROXY_CONFIG = ROOT / "deploy" / "haproxy.cfg"
COOKIE = "ndcg_lab_backend"  # the stickiness cookie named in deploy/haproxy.cfg
LOOPBACK = "127.0.0.1"
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def free_port() -> int:
    """A loopback port nothing listens on now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


# Asks Linux for SIGTERM when the parent dies (and exits if the parent is already gone), then
# becomes the real command: the setting survives exec, and the pid stays the same.
_LAUNCH = """import ctypes, os, signal, sys
if sys.platform.startswith("linux"):
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    if os.getppid() != int(sys.argv[1]):
        sys.exit(1)
os.execvp(sys.argv[2], sys.argv[2:])
"""


def child_command(*command: str) -> list[str]:
    """`command`, wrapped so that it dies with this process (works from threaded callers)."""
    return [sys.executable, "-c", _LAUNCH, str(os.getpid()), *command]


class Child:
    """A child process that writes to its own log file and is stopped by its own pid."""

    def __init__(self, command: Sequence[str], log_path: Path, env: dict[str, str]) -> None:
        log_path.parent.mkdir(parents=True, exist_ok=True)
        self.log_path = log_path
        self._log = log_path.open("w", encoding="utf-8")
        # Its own session: a Ctrl-C in the terminal reaches this script, which stops the
        # children in order, rather than every process at once.
        self.process = subprocess.Popen(
            child_command(*command),
            cwd=ROOT,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **env},
            start_new_session=True,
        )
        self.pid = self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self, grace: float = 15.0) -> None:
        if self.alive():
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                os.kill(self.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        self.process.poll()  # reap a child that died on its own
        self._log.close()


def wait_for_health(child: Child, url: str, timeout: float = 90.0) -> None:
    """Wait until `url`/_stcore/health answers "ok"; raise with the child's log if it cannot."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not child.alive():
            msg = f"pid {child.pid} exited early:\n{child.log()}"
            raise RuntimeError(msg)
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.read().strip() == b"ok":
                    return
        except OSError:
            time.sleep(0.2)
    msg = f"nothing answered on {url} within {timeout:.0f} s:\n{child.log()}"
    raise RuntimeError(msg)


class StreamlitProcess(Child):
    """`streamlit run <script>` on a free loopback port, with the project's own settings."""

    def __init__(self, script: str, log_path: Path, env: dict[str, str] | None = None) -> None:
        self.script = script
        self.port = free_port()
        self.url = f"http://{LOOPBACK}:{self.port}"
        command = [sys.executable, "-m", "streamlit", "run", script]
        command += ["--server.port", str(self.port), "--server.address", LOOPBACK]
        super().__init__(command, log_path, {"PYTHONUNBUFFERED": "1", **(env or {})})

    def wait_until_healthy(self, timeout: float = 90.0) -> None:
        wait_for_health(self, self.url, timeout)


def haproxy_config(ports: Sequence[int]) -> str:
    """deploy/haproxy.cfg with one `server` line per port appended to its last section, the
    backend. A server's name is the cookie value that keeps a browser on it."""
    servers = [
        f"    server app{n} {LOOPBACK}:{port} cookie app{n}\n" for n, port in enumerate(ports, 1)
    ]
    return HAPROXY_CONFIG.read_text(encoding="utf-8").rstrip("\n") + "\n" + "".join(servers)


@dataclass
class Cluster:
    """N Streamlit processes and the HAProxy in front of them."""

    url: str
    haproxy: Child
    backends: list[StreamlitProcess]
    log_dir: Path

    def ready_line(self) -> str:
        backends = [
            {"name": f"app{n}", "pid": b.pid, "port": b.port}
            for n, b in enumerate(self.backends, 1)
        ]
        ready = {
            "url": self.url,
            "pid": os.getpid(),
            "haproxy_pid": self.haproxy.pid,
            "cookie": COOKIE,
            "log_dir": str(self.log_dir),
            "backends": backends,
        }
        return json.dumps(ready)


@contextlib.contextmanager
def cluster(script: str, processes: int, port: int, log_dir: Path) -> Iterator[Cluster]:
    """Start the processes and HAProxy; stop every one of them, by pid, on the way out."""
    haproxy_binary = shutil.which("haproxy")
    if haproxy_binary is None:
        msg = "haproxy is not installed: run scripts/ensure_haproxy.sh (make serve does)"
        raise RuntimeError(msg)
    env = {"STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(32)}
    backends: list[StreamlitProcess] = []
    haproxy: Child | None = None
    try:
        for number in range(1, processes + 1):
            backends.append(StreamlitProcess(script, log_dir / f"streamlit_app{number}.log", env))
        for backend in backends:
            backend.wait_until_healthy()
        config = log_dir / "haproxy.cfg"
        config.write_text(haproxy_config([b.port for b in backends]), encoding="utf-8")
        bind_port = port or free_port()
        haproxy = Child(
            [haproxy_binary, "-db", "-f", str(config)],
            log_dir / "haproxy.log",
            {"NDCG_LAB_BIND": f"{LOOPBACK}:{bind_port}"},
        )
        url = f"http://{LOOPBACK}:{bind_port}"
        wait_for_health(haproxy, url, timeout=30)
        yield Cluster(url, haproxy, backends, log_dir)
    finally:
        # The door first, then the rooms: no new request reaches a stopping process.
        for child in [haproxy, *backends]:
            if child is not None:
                child.stop()


class _Stop(Exception):
    """Ctrl-C, SIGTERM or SIGHUP: the stop a person or a supervisor asked for."""


def _stop_on_signal(_signum: int, _frame: object) -> None:
    for other in STOP_SIGNALS:  # a second Ctrl-C must not cut the clean-up short
        signal.signal(other, signal.SIG_IGN)
    raise _Stop  # unwinds through cluster()'s finally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--script", default="asgi.py", help="the Streamlit script to serve")
    parser.add_argument("--processes", type=int, default=2, help="how many Streamlit processes")
    parser.add_argument("--port", type=int, default=8501, help="HAProxy's port (0: a free one)")
    parser.add_argument("--log-dir", type=Path, help="for the logs (default: a new temp folder)")
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    log_dir = args.log_dir or Path(tempfile.mkdtemp(prefix="ndcg-lab-serve-"))
    for signum in STOP_SIGNALS:
        signal.signal(signum, _stop_on_signal)
    try:
        with cluster(args.script, args.processes, args.port, log_dir) as running:
            print(
                f"nDCG Lab: {running.url}  ({args.processes} Streamlit processes behind "
                f"HAProxy; logs in {log_dir}; Ctrl-C stops them all)",
                flush=True,
            )
            print(running.ready_line(), flush=True)
            reported: set[int] = set()
            while running.haproxy.alive() and any(b.alive() for b in running.backends):
                for backend in running.backends:
                    if not backend.alive() and backend.pid not in reported:
                        reported.add(backend.pid)
                        print(
                            f"Streamlit pid {backend.pid} (port {backend.port}) exited; "
                            "HAProxy sends its browsers to the others.",
                            file=sys.stderr,
                            flush=True,
                        )
                time.sleep(0.5)
            print("HAProxy or the last Streamlit process has gone; stopping.", file=sys.stderr)
            return 1
    except _Stop:
        return 0


if __name__ == "__main__":
    sys.exit(main())
