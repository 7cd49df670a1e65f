"""Server CPU per first page load and per change, one session after another (no queueing).

Run: .venv/bin/python benchmarks/session_cpu.py [--sessions 60] [--scenarios button,shell,playground,app]
     (add ``playground+drag``: the Playground's change is a drop in its list, not typed grades;
     ``playground+gain``: a switch of the sidebar's gain)
     .venv/bin/python benchmarks/session_cpu.py --pages [--visits 15]
     .venv/bin/python benchmarks/session_cpu.py --paired [--rounds 8] [--sessions 100] [--scenarios ...]
     (``--before DIR``: another checkout's Playground, DIR/asgi.py or DIR/app.py, as the
     scenarios ``before``, ``before+drag`` and ``before+gain``, to measure a change against
     the code before it in the same run; e.g. ``git worktree add /tmp/before <commit>``)

Latency under load swings with whatever else the machine runs; the server's own CPU time per
operation does not, so this is the figure to compare before and after a change to a page. For
each scenario of benchmarks/load.py (same servers, same shipped settings), five sessions warm
the server up, then ``--sessions`` sessions open the page one after another (connect and first
run), then each makes the burst's change (types a new list on the Playground, presses the
button or the lesson's Next elsewhere), then all close. The server's CPU time
(/proc/<pid>/stat, 10 ms ticks) is read around each phase and divided by the sessions; so
are the bytes the server sent the sessions during their changes (the websocket's messages).

``--paired``: the same figures as ratios, for ``--scenarios`` (default: the one-button page,
the shell, the Playground's typed list and its drop) against the first one, all servers up at
once and measured in turns, ``--rounds`` times: each round opens ``--sessions`` sessions on
each server, makes each session's change, then closes them, one server after another. This
machine's speed drifts by a third between runs a minute apart; a ratio of phases seconds
apart does not: the table prints the ratio of the sums and each round's range.

``--pages``: one session of app.py visits each page ``--visits`` times back to back; per
page, the server CPU per visit and the median wall time of a visit. Wall time well above
CPU time is time nobody works: before uvloop, Nagle's algorithm held most visits ~40 ms
(docs/performance.md, "Third pass").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load_servers import SCENARIOS, cpu_seconds, start_servers
from benchmarks.load_session import Session

WARM_UP = 5
# A scenario name's suffix: its change is a drop in the Playground's list, or a switch of the
# sidebar's gain (without one: typed grades on the Playground, a button elsewhere).
CHANGES = {"+drag": ("drop", Session.drag), "+gain": ("sidebar gain", Session.change_gain)}
DEFAULT_SCENARIOS = "button,shell,playground,app"
PAIRED_SCENARIOS = "button,shell,playground,playground+drag"


def scenario_name(name: str) -> str:
    """The scenario of ``name`` without its change's suffix."""
    return next((name.removesuffix(s) for s in CHANGES if name.endswith(s)), name)


async def make_change(name: str, session: Session) -> None:
    """Scenario ``name``'s change, by its suffix."""
    suffix = next((s for s in CHANGES if name.endswith(s)), "")
    await (CHANGES[suffix][1](session) if suffix else session.change())


def new_session(name: str, url: str, rng: random.Random) -> Session:
    """A load client's session of scenario ``name`` on the server at ``url``."""
    scenario = SCENARIOS[scenario_name(name)]
    return Session(url, scenario.check, random.Random(rng.random()), scenario.start, scenario.click)


async def measure(name: str, sessions: int, seed: int) -> tuple[float, float, float, float]:
    """Milliseconds of server CPU per first load, per change and per close; and the bytes the
    server sent per change."""
    scenario = SCENARIOS[scenario_name(name)]
    rng = random.Random(seed)
    with start_servers(scenario, name) as servers:
        pid = servers.pids[0]

        def make() -> Session:
            return new_session(name, servers.url, rng)

        for _ in range(WARM_UP):
            session = make()
            await session.connect()
            await session.load()
            await session.change()
            await session.close()
        await asyncio.sleep(0.5)
        opened = [make() for _ in range(sessions)]
        before = cpu_seconds(pid)
        for session in opened:
            await session.connect()
            await session.load()
        loaded = cpu_seconds(pid)
        received = sum(session.received for session in opened)
        for session in opened:
            await make_change(name, session)
        changed = cpu_seconds(pid)
        sent = (sum(session.received for session in opened) - received) / sessions
        for session in opened:
            await session.close()
        await asyncio.sleep(0.5)
        closed = cpu_seconds(pid)
        errors = [a.error for s in opened for a in s.actions if a.error]
        if errors:
            msg = f"{name}: {len(errors)} errors, first: {errors[0]}"
            raise RuntimeError(msg)
    per = 1000 / sessions
    return (loaded - before) * per, (changed - loaded) * per, (closed - changed) * per, sent


Phases = dict[str, list[float]]  # per scenario, per round: ms of CPU per session in a phase


async def paired(names: list[str], sessions: int, rounds: int, seed: int) -> tuple[Phases, Phases]:
    """Every scenario's servers at once; per round, each phase (first loads, then changes) is
    measured on each server in turn, the order rotating by round. Returns ms of server CPU
    per session: first load and change, per scenario, per round."""
    rng = random.Random(seed)
    loads: Phases = {name: [] for name in names}
    changes: Phases = {name: [] for name in names}
    with contextlib.ExitStack() as stack:
        servers = {
            name: stack.enter_context(start_servers(SCENARIOS[scenario_name(name)], name))
            for name in names
        }

        def make(name: str) -> Session:
            return new_session(name, servers[name].url, rng)

        for name in names:
            for _ in range(WARM_UP):
                session = make(name)
                await session.connect()
                await session.load()
                await make_change(name, session)
                await session.close()
        await asyncio.sleep(0.5)
        for turn in range(rounds):
            order = names[turn % len(names) :] + names[: turn % len(names)]
            opened = {name: [make(name) for _ in range(sessions)] for name in names}
            for name in order:
                before = cpu_seconds(servers[name].pids[0])
                for session in opened[name]:
                    await session.connect()
                    await session.load()
                loads[name].append(1000 * (cpu_seconds(servers[name].pids[0]) - before) / sessions)
            for name in order:
                before = cpu_seconds(servers[name].pids[0])
                for session in opened[name]:
                    await make_change(name, session)
                changes[name].append(
                    1000 * (cpu_seconds(servers[name].pids[0]) - before) / sessions
                )
            for name in order:
                for session in opened[name]:
                    await session.close()
                    errors = [a.error for a in session.actions if a.error]
                    if errors:
                        msg = f"{name}: {len(errors)} errors, first: {errors[0]}"
                        raise RuntimeError(msg)
            await asyncio.sleep(0.3)
    return loads, changes


def print_paired(names: list[str], sessions: int, rounds: int, seed: int) -> None:
    loads, changes = asyncio.run(paired(names, sessions, rounds, seed))
    base = names[0]
    print(
        f"server CPU per session, {rounds} rounds of {sessions} sessions a server, in turns;"
        f" ratios against {label(base)} (each round's range):"
    )
    print(f"{'scenario':40} {'first load':>10} {'ratio':>17} {'change':>8} {'ratio':>17}")
    for name in names:
        cells = []
        for phases in (loads, changes):
            # Each round's ratio for its range; the ratio of the sums for the figure (the
            # CPU clock ticks every 10 ms, a tenth of a round's clicks).
            ratios = [x / b for x, b in zip(phases[name], phases[base], strict=True) if b]
            whole = sum(phases[name]) / sum(phases[base])
            cells.append(
                f"{statistics.mean(phases[name]):7.1f} ms {whole:5.2f}x"
                f" ({min(ratios):.2f}-{max(ratios):.2f})"
            )
        print(f"{label(name):40} {cells[0]:>29} {cells[1]:>29}")


def before_entry(checkout: Path) -> Path:
    """The server entry of another checkout: asgi.py where it has one, else app.py."""
    entry = checkout / "asgi.py"
    return entry if entry.exists() else checkout / "app.py"


def label(name: str) -> str:
    suffix = next((s for s in CHANGES if name.endswith(s)), "")
    return SCENARIOS[scenario_name(name)].label + (f", {CHANGES[suffix][0]}" if suffix else "")


async def page_visits(visits: int, seed: int) -> list[tuple[str, float, float]]:
    """Per page of app.py: (title, ms of server CPU per visit, median ms of wall per visit)."""
    scenario = SCENARIOS["app"]
    rows = []
    with start_servers(scenario, "app") as servers:
        pid = servers.pids[0]
        session = Session(servers.url, scenario.check, random.Random(seed))
        await session.connect()
        await session.load()
        for page_hash in session.pages:  # warm: each page's first run imports its modules
            await session.go_to(page_hash)
        for page_hash, title in session.pages.items():
            before = cpu_seconds(pid)
            walls = [(await session.go_to(page_hash)).seconds for _ in range(visits)]
            cpu = cpu_seconds(pid) - before
            rows.append((title, 1000 * cpu / visits, 1000 * statistics.median(walls)))
        await session.close()
        errors = [a.error for a in session.actions if a.error]
        if errors:
            msg = f"page visits: {len(errors)} errors, first: {errors[0]}"
            raise RuntimeError(msg)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=60)
    parser.add_argument("--scenarios", default=DEFAULT_SCENARIOS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pages", action="store_true", help="app.py's page visits instead")
    parser.add_argument("--visits", type=int, default=15)
    parser.add_argument("--paired", action="store_true", help="ratios, servers measured in turns")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--before", help="a checkout whose Playground is the scenario before")
    args = parser.parse_args()
    if args.before:
        SCENARIOS["before"] = replace(
            SCENARIOS["playground"],
            label=f"Playground at {Path(args.before).name}",
            script=str(before_entry(Path(args.before).resolve())),
        )
    if args.paired:
        scenarios = args.scenarios if args.scenarios != DEFAULT_SCENARIOS else PAIRED_SCENARIOS
        print_paired(scenarios.split(","), args.sessions, args.rounds, args.seed)
        return
    if args.pages:
        print(f"one session, each page of app.py visited {args.visits} times back to back:")
        print(f"{'page':34} {'server CPU':>11} {'wall, median':>13}")
        for title, cpu, wall in asyncio.run(page_visits(args.visits, args.seed)):
            print(f"{title:34} {cpu:8.1f} ms {wall:10.1f} ms")
        return
    names = args.scenarios.split(",")
    print(f"server CPU per operation, {args.sessions} sessions one after another:")
    print(
        f"{'scenario':34} {'first load':>11} {'change':>9} {'close':>7} {'total':>8}"
        f" {'bytes per change':>17}"
    )
    for name in names:
        load, change, close, sent = asyncio.run(measure(name, args.sessions, args.seed))
        total = load + change + close
        print(
            f"{label(name):34} {load:8.1f} ms {change:6.1f} ms "
            f"{close:4.1f} ms {total:5.1f} ms {sent:14,.0f} B"
        )


if __name__ == "__main__":
    main()
