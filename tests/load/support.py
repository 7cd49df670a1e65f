"""What the load tests share: running a coroutine beside Playwright's event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(
    scenario: Callable[[], Coroutine[Any, Any, T]],
    loop_factory: Callable[[], asyncio.AbstractEventLoop] | None = None,
) -> T:
    """``scenario()`` on a new event loop (``loop_factory``'s, or asyncio's) in a thread of
    its own: Playwright's sync API (the browser tests, same pytest session) keeps an event
    loop running in the main thread."""

    def run() -> T:
        with asyncio.Runner(loop_factory=loop_factory) as runner:
            return runner.run(scenario())

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()
