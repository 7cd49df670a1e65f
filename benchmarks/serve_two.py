"""Serve a Streamlit app from two processes behind a sticky load balancer, on loopback only.

Run (from the project folder):

    .venv/bin/python benchmarks/serve_two.py                # app.py at http://127.0.0.1:8501
    .venv/bin/python benchmarks/serve_two.py --port 0 --script benchmarks/empty_nav_app.py

Ctrl-C, or SIGTERM to this process, stops the balancer and both servers. When ready it prints
one JSON line: {"url": ..., "pid": ..., "backends": [{"pid": ..., "url": ...}, ...]}.

Why: one `streamlit run` process runs every session's script in one Python interpreter, so
busy sessions queue behind each other on one core. Two processes use two cores.

What it does: starts ``--processes`` (default 2) `streamlit run <script>` servers on free
127.0.0.1 ports, all with one random cookie secret, then listens on 127.0.0.1:``--port`` and
forwards every connection to one of them. Each server is stopped by its own pid when this
script ends, and on Linux the kernel sends it SIGTERM should this process die first.

Sticky sessions, by cookie: a Streamlit session lives in one process (its websocket and
session state, files uploaded to /_stcore/upload_file/<session id>, media under /media/, the
old session id a reconnecting tab asks for), so a browser must keep talking to the process
that served it first. A request without a valid ``ndcg_lab_backend`` cookie is sent to the
next server in turn, and the response sets that cookie (path /, HttpOnly, SameSite=Lax, for
the browser session); later requests and the websocket handshake carry it and go to the same
server. Plain HTTP requests are forwarded one per connection (the request goes on with
``Connection: close``); a websocket is piped both ways until either side closes. A request
for a server that is down gets 502, not another server: its sessions are gone with it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COOKIE = "ndcg_lab_backend"
HEAD_LIMIT = 64 * 1024
LOOPBACK = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


# `python -m <module> <args>` that first asks Linux for SIGTERM when its parent dies (and
# exits if the parent is already gone), so nothing outlives whoever started it.
_LAUNCH = """import ctypes, os, runpy, signal, sys
if sys.platform.startswith("linux"):
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    if os.getppid() != int(sys.argv[1]):
        sys.exit(1)
sys.argv = sys.argv[2:]
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
"""


def child_command(module: str, *args: str) -> list[str]:
    """The command for `python -m module args` in a child that dies with this process."""
    return [sys.executable, "-c", _LAUNCH, str(os.getpid()), module, *args]


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


class StreamlitProcess:
    """`streamlit run <script>` on a free loopback port, stopped by its own pid."""

    def __init__(self, script: str, log_path: Path, env: dict[str, str] | None = None) -> None:
        self.script = script
        self.port = free_port()
        self.url = f"http://{LOOPBACK}:{self.port}"
        self.log_path = log_path
        log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = log_path.open("w", encoding="utf-8")
        self.process = subprocess.Popen(
            child_command(
                *("streamlit", "run", script),
                *("--server.port", str(self.port), "--server.address", LOOPBACK),
                *("--server.headless", "true", "--browser.gatherUsageStats", "false"),
                *("--server.fileWatcherType", "none"),
            ),
            cwd=ROOT,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        )
        self.pid = self.process.pid

    def wait_until_healthy(self, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                msg = f"{self.script} exited early:\n{self.log()}"
                raise RuntimeError(msg)
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as reply:
                    if reply.read().strip() == b"ok":
                        return
            except OSError:
                time.sleep(0.2)
        msg = f"{self.script} did not answer on {self.url} within {timeout:.0f} s"
        raise RuntimeError(msg)

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(self.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        self._log.close()


# --------------------------------------------------------------------------- the balancer


def _headers(head: bytes) -> list[tuple[str, str]]:
    lines = head.decode("latin-1").split("\r\n")[1:]
    pairs = [line.partition(":") for line in lines if ":" in line]
    return [(name.strip().lower(), value.strip()) for name, _, value in pairs]


def _cookie(headers: list[tuple[str, str]], name: str) -> str | None:
    for header, value in headers:
        if header == "cookie":
            for part in value.split(";"):
                key, _, cookie_value = part.strip().partition("=")
                if key == name:
                    return cookie_value
    return None


def _with_connection_close(head: bytes) -> bytes:
    lines = head.decode("latin-1").split("\r\n")
    kept = [
        line
        for line in lines[1:]
        if line and line.partition(":")[0].strip().lower() not in {"connection", "keep-alive"}
    ]
    return "\r\n".join([lines[0], *kept, "Connection: close", "", ""]).encode("latin-1")


def _with_cookie(head: bytes, index: int) -> bytes:
    cookie = f"Set-Cookie: {COOKIE}={index}; Path=/; HttpOnly; SameSite=Lax\r\n"
    return head[:-2] + cookie.encode("latin-1") + b"\r\n"


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
        if writer.can_write_eof():
            writer.write_eof()
    except (ConnectionError, OSError):
        pass  # either side hung up: that ends the pipe, as it should


async def _close(writer: asyncio.StreamWriter) -> None:
    writer.close()
    with contextlib.suppress(ConnectionError, OSError):
        await writer.wait_closed()


class StickyBalancer:
    """Forwards each connection to the backend its cookie names, or to the next in turn."""

    def __init__(self, backends: list[tuple[str, int]]) -> None:
        self.backends = backends
        self._turn = itertools.cycle(range(len(backends)))
        self.assigned = [0] * len(backends)  # new clients sent to each backend

    def _choose(self, headers: list[tuple[str, str]]) -> tuple[int, bool]:
        value = _cookie(headers, COOKIE)
        if value is not None and value.isdigit() and int(value) < len(self.backends):
            return int(value), False
        index = next(self._turn)
        self.assigned[index] += 1
        return index, True

    async def handle(
        self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter
    ) -> None:
        try:
            head = await client_in.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            await _close(client_out)
            return
        headers = _headers(head)
        index, new_client = self._choose(headers)
        upgrade = any(k == "upgrade" and v.lower() == "websocket" for k, v in headers)
        if not upgrade:
            head = _with_connection_close(head)
        try:
            backend_in, backend_out = await asyncio.open_connection(*self.backends[index])
        except OSError:
            client_out.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            await _close(client_out)
            return
        backend_out.write(head)
        upstream = asyncio.create_task(_pipe(client_in, backend_out))
        try:
            reply = await backend_in.readuntil(b"\r\n\r\n")
            client_out.write(_with_cookie(reply, index) if new_client else reply)
            await _pipe(backend_in, client_out)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            pass  # the backend closed or sent no full header: close the client's side below
        finally:
            upstream.cancel()
            await _close(backend_out)
            await _close(client_out)


async def serve(backends: list[StreamlitProcess], port: int, ready: Callable[[str], None]) -> None:
    """Run the balancer on 127.0.0.1:port until SIGTERM or SIGINT."""
    balancer = StickyBalancer([(LOOPBACK, b.port) for b in backends])
    server = await asyncio.start_server(balancer.handle, LOOPBACK, port, limit=HEAD_LIMIT)
    bound = server.sockets[0].getsockname()[1]
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    ready(f"http://{LOOPBACK}:{bound}")
    async with server:
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--script", default="app.py", help="the Streamlit script to serve")
    parser.add_argument("--port", type=int, default=8501, help="balancer port (0: a free one)")
    parser.add_argument("--processes", type=int, default=2, help="how many servers")
    parser.add_argument("--log-dir", type=Path, default=ROOT / "benchmarks" / ".logs")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))  # run `finally`
    env = {"STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(32)}
    backends: list[StreamlitProcess] = []
    try:
        for number in range(args.processes):
            log = args.log_dir / f"serve_two_{number}.log"
            backends.append(StreamlitProcess(args.script, log, env))
        for backend in backends:
            backend.wait_until_healthy()

        def ready(url: str) -> None:
            listing = [{"pid": b.pid, "url": b.url} for b in backends]
            print(json.dumps({"url": url, "pid": os.getpid(), "backends": listing}), flush=True)

        asyncio.run(serve(backends, args.port, ready))
    finally:
        for backend in backends:
            backend.stop()


if __name__ == "__main__":
    main()
