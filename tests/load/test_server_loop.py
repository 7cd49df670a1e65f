"""The server's event loop: why the app ships uvloop, and that `streamlit run` uses it.

Streamlit binds its listening socket as ``socket.socket(family)``, so the socket's protocol
number is 0. The standard asyncio loop only turns Nagle's algorithm off (``TCP_NODELAY``) on
sockets whose protocol is ``IPPROTO_TCP``; on the connections such a socket accepts it stays
on. A rerun writes one websocket frame per message, and after the first frame the rest waited
for the browser's delayed ACK: about 40 ms of dead time on most page visits (measured in
docs/performance.md, "Nagle"). uvloop sets ``TCP_NODELAY`` on every TCP connection, and
Streamlit's own start-up picks uvloop when it is installed.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from pathlib import Path

import uvloop

from scripts.serve import StreamlitProcess
from tests.load.support import run_async


def accepted_nodelay(new_loop: Callable[[], asyncio.AbstractEventLoop]) -> int:
    """TCP_NODELAY on a connection accepted by a listening socket made the way Streamlit
    makes it (``socket.socket(family=AF_INET)``, protocol 0), served by ``new_loop()``."""

    async def scenario() -> int:
        listener = socket.socket(family=socket.AF_INET)
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        listener.setblocking(False)
        accepted: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        class Record(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                sock = transport.get_extra_info("socket")
                accepted.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        server = await asyncio.get_running_loop().create_server(Record, sock=listener)
        _reader, writer = await asyncio.open_connection(*listener.getsockname())
        try:
            return await asyncio.wait_for(accepted, 10)
        finally:
            writer.close()
            server.close()

    return run_async(scenario, new_loop)


def test_the_stdlib_loop_leaves_nagle_on_for_streamlits_socket() -> None:
    # Why uvloop: if this ever fails, Python sets TCP_NODELAY itself and uvloop is optional.
    assert accepted_nodelay(asyncio.new_event_loop) == 0


def test_uvloop_turns_nagle_off_on_each_connection() -> None:
    assert accepted_nodelay(uvloop.new_event_loop) != 0


def test_the_shipped_server_runs_on_uvloop(app_server: StreamlitProcess) -> None:
    # `streamlit run asgi.py` as `make run` starts it: uvloop's extension is loaded in the
    # server process (Streamlit chose it as the event loop at start-up).
    maps = Path(f"/proc/{app_server.pid}/maps").read_text(encoding="utf-8")
    assert "/uvloop/loop." in maps
