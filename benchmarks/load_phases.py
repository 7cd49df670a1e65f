"""Many sessions (benchmarks/load_session.py) at once: steady for a while, or a burst of
a class opening the link; a Phase holds what they did."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from websockets.exceptions import ConnectionClosed

from benchmarks.load_client import Action, LoadError
from benchmarks.load_session import Session


@dataclass
class Phase:
    """What the sessions of one phase did."""

    sessions: int
    actions: list[Action] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def timed(self) -> list[float]:
        return [a.seconds for a in self.actions if a.kind != "load" and not a.error]

    def loads(self) -> list[float]:
        return [a.seconds for a in self.actions if a.kind == "load" and not a.error]


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (share in 0..1); nan when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


async def warm_up(session: Session, rng: random.Random) -> list[Action]:
    """Visit every page once, then time 12 actions alone (grades and page changes)."""
    await session.connect()
    first = await session.load()
    actions = [first]
    if session.button_page():
        for _ in range(16):
            await asyncio.sleep(rng.uniform(0.1, 0.3))
            actions.append(await session.click())
        return actions
    for page_hash in [*list(session.pages), session.playground_hash()]:
        actions.append(await session.go_to(page_hash))
    for number in range(12):
        await asyncio.sleep(rng.uniform(0.1, 0.3))
        if number % 3 == 2:
            actions.append(await session.go_to(rng.choice(list(session.pages))))
            actions.append(await session.go_to(session.playground_hash()))
        else:
            actions.append(await session.type_grades())
    return actions


async def _connect(session: Session, phase: Phase) -> bool:
    """Open the session's connection; a failure is the phase's error, not an exception."""
    try:
        await session.connect()
    except (OSError, TimeoutError, LoadError, ConnectionClosed) as error:
        phase.errors.append(f"connect: {type(error).__name__}: {error}")
        return False
    return True


async def _run_phase(
    make: Callable[[random.Random], Session],
    sessions: int,
    seed: int,
    one: Callable[[int, Session, Phase], Awaitable[None]],
    while_connected: Callable[[], None] | None = None,
) -> Phase:
    """Make `sessions` sessions, run `one` for each (its number, the session, the phase) at
    once, close them all; the phase holds their actions and every action's error."""
    rng = random.Random(seed)
    phase = Phase(sessions)
    opened = [make(random.Random(rng.random())) for _ in range(sessions)]
    try:
        await asyncio.gather(*(one(n, s, phase) for n, s in enumerate(opened)))
        if while_connected is not None:
            while_connected()
    finally:
        await asyncio.gather(*(s.close() for s in opened), return_exceptions=True)
    for session in opened:
        phase.actions.extend(session.actions)
    phase.errors.extend(f"{a.kind} {a.page}: {a.error}" for a in phase.actions if a.error)
    return phase


async def run_sessions(
    make: Callable[[random.Random], Session],
    sessions: int,
    seconds: float,
    pause: float,
    seed: int,
    while_connected: Callable[[], None] | None = None,
) -> Phase:
    """Open `sessions` sessions at once, let them act until `seconds` have passed, close them.

    `while_connected` runs after the last action, while every session is still connected.
    """
    deadline = time.monotonic() + seconds

    async def person(number: int, session: Session, phase: Phase) -> None:
        await asyncio.sleep(session.rng.uniform(0, pause))
        if not await _connect(session, phase):
            return
        await session.load()
        while True:
            await asyncio.sleep(session.rng.uniform(0.5 * pause, 1.5 * pause))
            if time.monotonic() >= deadline:
                return
            await session.act()

    return await _run_phase(make, sessions, seed, person, while_connected)


async def run_burst(
    make: Callable[[random.Random], Session], sessions: int, over: float, seed: int
) -> Phase:
    """A class opening the link: `sessions` sessions start evenly spread over `over` seconds;
    each opens the app, makes one change and leaves. A "load" action's seconds run from the
    session's first HTTP request to its first script_finished (connect-to-first-run)."""

    async def student(number: int, session: Session, phase: Phase) -> None:
        await asyncio.sleep(number * over / sessions)
        started = time.perf_counter()
        if not await _connect(session, phase):
            return
        first = await session.load()
        first.seconds = time.perf_counter() - started
        if not first.error:
            await session.change()
        await session.close()

    return await _run_phase(make, sessions, seed, student)
