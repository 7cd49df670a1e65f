"""Server CPU per first page load and per change, one session after another (no queueing).

Run: .venv/bin/python benchmarks/session_cpu.py [--sessions 60] [--scenarios button,shell,playground,app]

Latency under load swings with whatever else the machine runs; the server's own CPU time per
operation does not, so this is the figure to compare before and after a change to a page. For
each scenario of benchmarks/load.py (same servers, same shipped settings), five sessions warm
the server up, then ``--sessions`` sessions open the page one after another (connect and first
run), then each makes the burst's change (types a new list on the Playground, presses the
button or the lesson's Next elsewhere), then all close. The server's CPU time
(/proc/<pid>/stat, 10 ms ticks) is read around each phase and divided by the sessions.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load_servers import SCENARIOS, cpu_seconds, start_servers
from benchmarks.load_session import Session

WARM_UP = 5


async def measure(name: str, sessions: int, seed: int) -> tuple[float, float, float]:
    """Milliseconds of server CPU per first load, per change and per close."""
    scenario = SCENARIOS[name]
    rng = random.Random(seed)
    with start_servers(scenario, name) as servers:
        pid = servers.pids[0]

        def make() -> Session:
            return Session(
                servers.url,
                scenario.check,
                random.Random(rng.random()),
                scenario.start,
                scenario.click,
            )

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
        for session in opened:
            await session.change()
        changed = cpu_seconds(pid)
        for session in opened:
            await session.close()
        await asyncio.sleep(0.5)
        closed = cpu_seconds(pid)
        errors = [a.error for s in opened for a in s.actions if a.error]
        if errors:
            msg = f"{name}: {len(errors)} errors, first: {errors[0]}"
            raise RuntimeError(msg)
    per = 1000 / sessions
    return (loaded - before) * per, (changed - loaded) * per, (closed - changed) * per


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=60)
    parser.add_argument("--scenarios", default="button,shell,playground,app")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.scenarios.split(",")
    print(f"server CPU per operation, {args.sessions} sessions one after another:")
    print(f"{'scenario':34} {'first load':>11} {'change':>9} {'close':>7} {'total':>8}")
    for name in names:
        load, change, close = asyncio.run(measure(name, args.sessions, args.seed))
        total = load + change + close
        print(
            f"{SCENARIOS[name].label:34} {load:8.1f} ms {change:6.1f} ms "
            f"{close:4.1f} ms {total:5.1f} ms"
        )


if __name__ == "__main__":
    main()
