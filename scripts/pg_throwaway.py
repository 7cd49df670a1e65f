"""A throwaway PostgreSQL cluster for the class-store tests and benchmarks (standard library
only): ``initdb`` in a temporary folder, the server listening on a unix socket in that folder
only (no TCP port), stopped by ``pg_ctl stop`` (then by its own pid) and deleted afterwards.

PostgreSQL refuses to run as root: as root, every command runs as the ``postgres`` user
(``runuser``) in a folder that user owns. Debian's ``postgresql`` package provides both
(``scripts/ensure_postgres.sh`` installs it).

    .venv/bin/python scripts/pg_throwaway.py    # start one, print its URL, stop on Ctrl-C
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

DATABASE = "ndcg_lab"
PORT = 5432  # only names the socket file: the server opens no TCP port
SERVER_USER = "postgres"


class PostgresMissing(RuntimeError):
    """PostgreSQL's programs are not installed (scripts/ensure_postgres.sh installs them)."""


def bin_dir() -> Path:
    """The newest installed ``/usr/lib/postgresql/<version>/bin``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parent.parent.name.split(".")[0]),
    )
    if not found:
        msg = (
            "PostgreSQL is not installed: run scripts/ensure_postgres.sh "
            "(Debian's postgresql package)."
        )
        raise PostgresMissing(msg)
    return Path(found[-1]).parent


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", SERVER_USER, "--", *command]
    return command


def _run(command: list[str]) -> None:
    done = subprocess.run(
        _as_server_user(command), capture_output=True, text=True, check=False, timeout=120
    )
    if done.returncode != 0:
        msg = f"{command[0]} failed ({done.returncode}): {done.stderr.strip() or done.stdout}"
        raise RuntimeError(msg)


def url_for(socket_dir: Path, database: str = DATABASE) -> str:
    return f"postgresql+psycopg://{SERVER_USER}@/{database}?host={socket_dir}&port={PORT}"


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """Start a cluster with one empty database, yield its SQLAlchemy URL, stop and delete it."""
    binaries = bin_dir()
    home = Path(tempfile.mkdtemp(prefix="ndcg-pg-"))
    data = home / "data"
    if os.geteuid() == 0:
        account = pwd.getpwnam(SERVER_USER)
        os.chown(home, account.pw_uid, account.pw_gid)
    started = False
    try:
        _run(
            [
                str(binaries / "initdb"),
                "-D",
                str(data),
                "-U",
                SERVER_USER,
                "-A",
                "trust",  # only the socket in a private folder reaches it
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ]
        )
        _start(binaries, home)
        started = True
        _run(
            [
                str(binaries / "createdb"),
                "-h",
                str(home),
                "-p",
                str(PORT),
                "-U",
                SERVER_USER,
                DATABASE,
            ]
        )
        yield url_for(home)
    finally:
        if started:
            _stop(binaries, data)
        shutil.rmtree(home, ignore_errors=True)


def _start(binaries: Path, home: Path) -> None:
    options = (
        f"-c listen_addresses='' -k {home} -p {PORT} "
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    )
    data = home / "data"
    _run(
        [
            str(binaries / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(home / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        ]
    )


@contextlib.contextmanager
def outage(url: str) -> Iterator[None]:
    """Stop the throwaway cluster behind ``url`` (a fast shutdown: open connections are cut)
    and start it again on leaving: a real outage, for the tests of pages that must wait for
    their database and recover by themselves."""
    home = Path(parse_qs(urlsplit(url).query)["host"][0])
    binaries = bin_dir()
    _stop(binaries, home / "data")
    try:
        yield
    finally:
        _start(binaries, home)


def _stop(binaries: Path, data: Path) -> None:
    pid_file = data / "postmaster.pid"
    pid = int(pid_file.read_text().split()[0]) if pid_file.exists() else None
    with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
        _run([str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"])
    if pid is None:
        return
    # If pg_ctl could not stop it, end this cluster's own server by its pid, and wait.
    for signal_number in (signal.SIGQUIT, signal.SIGKILL):
        try:
            os.kill(pid, signal_number)
        except ProcessLookupError:
            return
        for _ in range(50):
            time.sleep(0.1)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return


if __name__ == "__main__":
    with throwaway_postgres() as url:
        print(url, flush=True)
        try:
            signal.pause()
        except KeyboardInterrupt:
            sys.exit(0)
