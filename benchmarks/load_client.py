"""The Streamlit websocket protocol, as a browser tab speaks it: the HTTP requests before the
websocket, the BackMsg of a rerun, the ForwardMsgs that answer it (the message cache and
``ref_hash``, navigation, widgets, ``script_finished``) and a file upload.

The method, and what counts as an error, is in benchmarks/load.py's docstring; what a person
does on top of this (pages, grades, buttons) is benchmarks/load_session.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin, Subprotocol

ACTION_TIMEOUT = 60.0
HTTP_TIMEOUT = 30.0
XSRF_COOKIE = "_streamlit_xsrf"
ERROR_ALERT = 1  # Alert.Format.ERROR


class LoadError(Exception):
    """Something a person would have seen go wrong."""


@dataclass
class Action:
    kind: str  # "load" (first page load), "grades", "page", "click" or "sidebar"
    seconds: float
    error: str = ""
    page: str = ""


async def http_request(
    host: str,
    port: int,
    method: str,
    path: str,
    cookies: dict[str, str],
    headers: dict[str, str] | None = None,
    body: bytes = b"",
) -> int:
    """One request over a fresh connection; stores the cookies it sets; returns the status."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
        if cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()))
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        writer.write("\r\n".join([*lines, "", ""]).encode("latin-1") + body)
        reply = await reader.read()
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()
    head = reply.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    for line in head[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "set-cookie":
            key, _, cookie_value = value.strip().split(";")[0].partition("=")
            cookies[key] = cookie_value
    return int(head[0].split()[1])


@dataclass
class _Cached:
    msg: ForwardMsg
    last_run: int


class Client:
    """One browser tab's connection to one app URL: what it sends and what it keeps."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.url = url
        self.cookies: dict[str, str] = {}
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._cache: dict[str, _Cached] = {}  # the frontend's ForwardMsg cache
        self._runs = 0
        self._max_cache_age = 2
        self.pages: dict[str, str] = {}  # page hash -> title, from the navigation message
        self.page_hash = ""
        self._main_hash = ""
        self.query_string = ""
        self._widget_states: dict[str, WidgetState] = {}
        self._widget_script: dict[str, str] = {}  # widget id -> script that drew it
        self._run_widgets: set[str] = set()
        self.shown: set[str] = set()  # widgets on screen: the last full run's, and fragments'
        self.cut_short = 0  # runs ended early for another (st.rerun), this session's
        self.elements: list[Element] = []
        self._finished: asyncio.Future[int] | None = None
        self._file_urls: dict[str, asyncio.Future[str]] = {}  # request id -> upload URL
        self._problem = ""
        self.session_id = ""
        self.received = 0  # bytes of the server's websocket messages, all told

    # -- connection

    async def connect(self) -> None:
        for path in ("/_stcore/health", "/_stcore/host-config"):
            status = await asyncio.wait_for(
                http_request(self.host, self.port, "GET", path, self.cookies), HTTP_TIMEOUT
            )
            if status != 200:
                msg = f"GET {path}: HTTP {status}"
                raise LoadError(msg)
        offered = ["streamlit", self.cookies.get(XSRF_COOKIE, "")]
        self._ws = await connect(
            f"ws://{self.host}:{self.port}/_stcore/stream",
            subprotocols=[Subprotocol(p) for p in offered if p],
            origin=Origin(self.url),
            additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())},
            max_size=None,
            open_timeout=HTTP_TIMEOUT,
        )
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for data in self._ws:
                self.received += len(data)
                msg = ForwardMsg()
                msg.ParseFromString(data if isinstance(data, bytes) else data.encode())
                self._on_message(msg)
        except ConnectionClosed as closed:
            self._fail(f"websocket closed: {closed}")
        except Exception as error:  # a bad message must end this session, not hang it
            self._fail(f"{type(error).__name__}: {error}")
            raise
        else:
            self._fail("websocket closed")

    def _fail(self, problem: str) -> None:
        self._problem = self._problem or problem
        if self._finished is not None and not self._finished.done():
            self._finished.set_exception(LoadError(problem))

    # -- ForwardMsgs

    def _on_message(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "ref_hash":
            cached = self._cache.get(msg.ref_hash)
            if cached is None:
                self._fail(f"ref_hash {msg.ref_hash} is not in the cache")
                return
            cached.last_run = self._runs
            full = ForwardMsg()
            full.CopyFrom(cached.msg)
            full.metadata.CopyFrom(msg.metadata)
            msg, kind = full, full.WhichOneof("type")
        elif msg.metadata.cacheable and msg.hash:
            self._cache[msg.hash] = _Cached(msg, self._runs)
        if kind == "new_session":
            self._main_hash = msg.new_session.main_script_hash
            self.session_id = msg.new_session.initialize.session_id
            self._max_cache_age = msg.new_session.config.max_cached_message_age or 2
            self.elements = []
            self._run_widgets = set()
        elif kind == "navigation":
            self.pages = {p.page_script_hash: p.page_name for p in msg.navigation.app_pages}
            self.page_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query_string = msg.page_info_changed.query_string
        elif kind == "page_not_found":
            self._problem = self._problem or "page not found"
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            self._on_element(msg)
        elif kind == "script_finished":
            self._on_finished(msg.script_finished)
        elif kind == "file_urls_response":
            reply = msg.file_urls_response
            waiting = self._file_urls.pop(reply.response_id, None)
            if waiting is not None and not waiting.done():
                urls = reply.file_urls
                waiting.set_result(urls[0].upload_url if urls and not reply.error_msg else "")

    def _on_element(self, msg: ForwardMsg) -> None:
        element = msg.delta.new_element
        self.elements.append(element)
        kind = element.WhichOneof("type")
        inner = getattr(element, kind) if kind else None
        widget_id = str(getattr(inner, "id", "") or "")
        if not widget_id.startswith("$$ID-"):
            return
        self._run_widgets.add(widget_id)
        self._widget_script[widget_id] = msg.metadata.active_script_hash
        self._on_widget(element, widget_id, msg.delta.fragment_id)

    def _on_widget(self, element: Element, widget_id: str, fragment_id: str) -> None:
        """A widget this run drew, for a subclass to note; the protocol needs nothing more."""

    def _on_finished(self, status: int) -> None:
        if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            self.cut_short += 1
            return  # st.rerun(): another run follows
        if status == ForwardMsg.FINISHED_SUCCESSFULLY:
            # A full run: forget widgets it did not draw, age the message cache.
            self._widget_states = {
                k: v for k, v in self._widget_states.items() if k in self._run_widgets
            }
            self.shown = set(self._run_widgets)
            self._runs += 1
            self._cache = {
                k: v
                for k, v in self._cache.items()
                if self._runs - v.last_run <= self._max_cache_age
            }
        elif status == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY:
            self.shown |= self._run_widgets  # a fragment's: the rest stay on screen
        if self._finished is not None and not self._finished.done():
            self._finished.set_result(status)

    # -- a rerun, an upload

    async def _rerun(
        self,
        kind: str,
        page_hash: str,
        fragment_id: str,
        states: list[WidgetState],
        page_name: str = "",
    ) -> Action:
        assert self._ws is not None
        back = BackMsg()
        state = back.rerun_script
        state.query_string = "" if page_hash != self.page_hash else self.query_string
        state.page_script_hash = page_hash
        state.page_name = page_name
        state.fragment_id = fragment_id
        state.widget_states.widgets.extend(states)
        state.cached_message_hashes.extend(self._cache)
        context = state.context_info
        context.timezone, context.timezone_offset, context.locale = "UTC", 0, "en-US"
        context.url, context.color_scheme = self.url, "light"
        self.elements = []
        self._run_widgets = set()
        self._finished = asyncio.get_running_loop().create_future()
        started = time.perf_counter()
        error = ""
        try:
            if self._problem:
                raise LoadError(self._problem)
            await self._ws.send(back.SerializeToString())
            status = await asyncio.wait_for(self._finished, ACTION_TIMEOUT)
        except TimeoutError:
            error = f"no script_finished within {ACTION_TIMEOUT:.0f} s"
        except (LoadError, ConnectionClosed) as problem:
            error = str(problem)
        else:
            if status not in {
                ForwardMsg.FINISHED_SUCCESSFULLY,
                ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
            }:
                error = f"script_finished status {status}"
        seconds = time.perf_counter() - started
        error = error or self._element_errors()
        return Action(kind, seconds, error, self.pages.get(self.page_hash, ""))

    def _element_errors(self) -> str:
        for element in self.elements:
            kind = element.WhichOneof("type")
            if kind == "exception":
                return f"exception on the page: {element.exception.type}"
            if kind == "alert" and element.alert.format == ERROR_ALERT:
                return f"error on the page: {element.alert.body[:80]}"
        return ""

    async def upload(self, name: str, data: bytes) -> int:
        """Upload a file as st.file_uploader does: ask for its URL over the websocket, then
        PUT it there (with the XSRF token). Returns the HTTP status (204: stored)."""
        assert self._ws is not None
        back = BackMsg()
        back.file_urls_request.request_id = request_id = os.urandom(8).hex()
        back.file_urls_request.session_id = self.session_id
        back.file_urls_request.file_names.append(name)
        self._file_urls[request_id] = asyncio.get_running_loop().create_future()
        await self._ws.send(back.SerializeToString())
        url = await asyncio.wait_for(self._file_urls[request_id], HTTP_TIMEOUT)
        if not url:
            msg = "the server gave no upload URL"
            raise LoadError(msg)
        boundary = os.urandom(12).hex()
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
                f"Content-Type: application/octet-stream\r\n\r\n"
            ).encode()
            + data
            + f"\r\n--{boundary}--\r\n".encode()
        )
        headers = {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-Xsrftoken": self.cookies.get(XSRF_COOKIE, ""),
            "Origin": self.url,
        }
        path = urlsplit(url).path
        request = http_request(self.host, self.port, "PUT", path, self.cookies, headers, body)
        return await asyncio.wait_for(request, HTTP_TIMEOUT)
