"""Load test: many concurrent sessions speaking Streamlit's own websocket protocol.

Run (from the project folder; about 5 minutes with the defaults):

    .venv/bin/python benchmarks/load.py [--sessions 50] [--seconds 60] [--pause 3]
        [--scenarios button,shell,app,playground]
    .venv/bin/python benchmarks/load.py --burst [--sessions 100] [--over 5]
        [--scenarios button,shell,app,playground]

Scenarios, in one run (the default four): ``button`` is benchmarks/empty_app.py, a page with
one button and one line of text, the baseline issue 14 measures against; ``shell`` is
benchmarks/shell_app.py, app.py's own set-up, sidebar and navigation around a blank page with
that button, on the app's server start (benchmarks/shell_asgi.py; the floor the app cannot go
below); ``app`` is the app as `make run` serves it
(asgi.py) opened at its root (the lesson, the default page; a burst's change presses Next);
``playground`` is the same opened at /playground (a burst's change types grades). Not run
unless asked: ``empty``,
benchmarks/empty_nav_app.py (app.py's pages and widgets, no work); ``app-2proc``, the
Playground on two processes behind HAProxy, started by scripts/serve.py as `make serve`
starts them (its own process; deploy/haproxy.cfg); ``empty-2proc``, the empty app
behind the same HAProxy set-up; ``empty-gc`` and ``app-gc``, one process with Streamlit's
default full garbage collection after every script run, which our config turns off. Every
server runs with exactly the settings `make run` uses (.streamlit/config.toml, and uvloop as
Streamlit's event loop, from the app's dependencies; only port and address are given). Everything listens on 127.0.0.1 only, on free ports, and every process
is stopped by its own pid before the script ends.

Two loads. Steady (the default): sessions that act for ``--seconds``, described below.
Burst (``--burst``): a class opening the link at once: ``--sessions`` sessions start over
``--over`` seconds (evenly spaced), each opens the app (HTTP requests, websocket, first
page run) and then makes one change (types a new list into the grade box, or presses the
page's button: the one-button page's, the lesson's Next) and leaves. The
figure is connect-to-first-finished-run: from the session's first HTTP request to the
``script_finished`` of its first page run; the change's latency is reported beside it.

A session is a browser tab reduced to its protocol. It fetches /_stcore/health and
/_stcore/host-config (keeping their cookies: Streamlit's XSRF token, the balancer's
backend), opens ws://…/_stcore/stream offering the subprotocols ["streamlit", <XSRF token>],
and for every action sends a BackMsg ``rerun_script`` whose ClientState carries what the
frontend sends: the query string the server last set, the widget states it holds, the page
hash, the fragment id, the hashes of the ForwardMsgs it has cached (``ref_hash`` replies are
resolved from that cache) and context info. It reads ForwardMsgs (new_session, navigation,
page_info_changed, deltas) until ``script_finished``. Actions, each after a pause of
``--pause`` s ±50% (uniform): where the sidebar's convention is drawn, 15% of the time it
switches the gain (on the Playground the radio's callback reruns the live view's part and
the picker's notes, elsewhere the whole app reruns; checked against the core's nDCG on the
Playground); on the
Playground, 60% of the other times it types a new list of 4-10
grades into the grade box (a real widget change: the text area's widget id and fragment id
come from the last run's deltas, so it reruns the page's fragment, as a browser would), else it
goes to another page, clearing the query string as the frontend does; elsewhere it goes to
the Playground or, half the time, to another page.

An action's latency runs from sending its BackMsg to receiving its script_finished. An error is
any of: a failed connection or closed websocket, no script_finished within 60 s, a status
other than success, an exception element or st.error alert in the deltas, a page other than
the one asked for or without its header, grades whose nDCG (from ndcg_core, the default
convention) the deltas do not show (the empty app: do not echo), or a traceback in a server log.

Per scenario: one warm-up session per server process visits every page, then times 12
actions alone ("1 session"); it stays connected, idle, while ``--sessions`` sessions open
(their first page load spread over the first pause) and act for ``--seconds``. Memory per
session is (server RSS with all sessions connected after the load - RSS with only the
warm-up sessions) / --sessions, over all server processes, from /proc/<pid>/status (VmRSS).

The code: the protocol is benchmarks/load_client.py, a person's session
benchmarks/load_session.py (its checks benchmarks/load_checks.py), many at once
benchmarks/load_phases.py, the scenarios and their servers benchmarks/load_servers.py, the
tables benchmarks/load_report.py; this file runs the scenarios.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.load_client import Action
from benchmarks.load_phases import run_burst, run_sessions, warm_up
from benchmarks.load_report import Result, report, report_burst
from benchmarks.load_servers import SCENARIOS, cpu_seconds, rss_kib, start_servers
from benchmarks.load_session import Session


def run_scenario(name: str, args: argparse.Namespace) -> Result:
    scenario = SCENARIOS[name]
    rng = random.Random(args.seed)
    with start_servers(scenario, name) as servers:

        async def measure() -> Result:
            def make(session_rng: random.Random) -> Session:
                return Session(
                    servers.url, scenario.check, session_rng, scenario.start, scenario.click
                )

            warm = [make(rng) for _ in servers.pids]
            warm_actions: list[Action] = []
            try:
                for session in warm:
                    warm_actions += await warm_up(session, rng)
                await asyncio.sleep(1.0)
                rss_before = sum(rss_kib(pid) for pid in servers.pids)
                rss_after = 0

                def sample() -> None:
                    nonlocal rss_after
                    rss_after = sum(rss_kib(pid) for pid in servers.pids)

                cpu_before = [cpu_seconds(pid) for pid in servers.pids]
                lb_before = cpu_seconds(servers.balancer_pid) if servers.balancer_pid else 0.0
                client_before = _own_cpu()
                started = time.monotonic()
                if args.burst:
                    phase = await run_burst(make, args.sessions, args.over, args.seed)
                else:
                    phase = await run_sessions(
                        make,
                        args.sessions,
                        args.seconds,
                        args.pause,
                        args.seed,
                        while_connected=sample,
                    )
                wall = time.monotonic() - started
                server_cpu = sum(
                    cpu_seconds(pid) - before
                    for pid, before in zip(servers.pids, cpu_before, strict=True)
                )
                lb_cpu = (
                    cpu_seconds(servers.balancer_pid) - lb_before if servers.balancer_pid else 0
                )
            finally:
                await asyncio.gather(*(s.close() for s in warm), return_exceptions=True)
            phase.errors += [
                f"warm-up {a.kind} {a.page}: {a.error}" for a in warm_actions if a.error
            ]
            alone = [a.seconds for a in warm[0].actions[-16:] if a.kind != "load"]
            return Result(
                scenario,
                alone,
                phase,
                rss_before,
                rss_after,
                server_cpu / wall,
                lb_cpu / wall,
                (_own_cpu() - client_before) / wall,
                wall,
                [],
            )

        result = asyncio.run(measure())
    for log in servers.logs:
        text = log.read_text(encoding="utf-8", errors="replace")
        if "Traceback" in text:
            result.log_errors.append(f"{log.name}: {text.count('Traceback')} tracebacks")
    return result


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, help="50 steady, 100 in a burst")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long sessions act")
    parser.add_argument("--pause", type=float, default=3.0, help="mean pause between actions")
    parser.add_argument(
        "--scenarios", default="button,shell,app,playground", help=", ".join(SCENARIOS)
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--burst", action="store_true", help="a class opening the app at once, one change each"
    )
    parser.add_argument("--over", type=float, default=5.0, help="a burst's opening spread (s)")
    args = parser.parse_args()
    if args.sessions is None:
        args.sessions = 100 if args.burst else 50
    names = [n.strip() for n in args.scenarios.split(",") if n.strip()]
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenarios {unknown}; choose from {list(SCENARIOS)}")
    load = (
        f"burst: {args.sessions} sessions opening over {args.over:.0f} s, one change each"
        if args.burst
        else f"{args.sessions} sessions, {args.seconds:.0f} s of actions each, pauses "
        f"{args.pause:.1f} s +-50%"
    )
    print(f"{load}; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}\n", flush=True)
    results = []
    for name in names:
        print(f"running {name} ...", flush=True)
        results.append(run_scenario(name, args))
    print()
    if args.burst:
        report_burst(results)
    else:
        report(results)
    if any(r.errors for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
