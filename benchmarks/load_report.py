"""The tables benchmarks/load.py prints: per scenario, the latency of its actions (or, in a
burst, of the first run and of the one change) beside the one-button page's and the app
shell's in the same run, memory per session and CPU.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from benchmarks.load_client import Action
from benchmarks.load_phases import Phase, percentile
from benchmarks.load_servers import Scenario
from benchmarks.load_session import PLAYGROUND


@dataclass
class Result:
    scenario: Scenario
    alone: list[float]
    phase: Phase
    rss_before_kib: int
    rss_after_kib: int
    server_cpu: float  # server CPU seconds per wall second during the load, summed
    balancer_cpu: float
    client_cpu: float
    wall: float
    log_errors: list[str]

    @property
    def errors(self) -> list[str]:
        return self.phase.errors + self.log_errors

    @property
    def mb_per_session(self) -> float:
        return (self.rss_after_kib - self.rss_before_kib) / 1024 / self.phase.sessions


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


KINDS = ("load", "grades", "drag", "page", "sidebar", "click")


def _by_kind(actions: Sequence[Action]) -> Iterator[tuple[str, list[float]]]:
    """Each kind's seconds (no errors); a sidebar choice on the Playground apart from one on
    another page: the Playground reruns only what follows it, another page all of it."""
    for kind in KINDS:
        done = [a for a in actions if a.kind == kind and not a.error]
        if kind != "sidebar":
            yield kind, [a.seconds for a in done]
            continue
        yield "sidebar on the Playground", [a.seconds for a in done if a.page == PLAYGROUND]
        yield "sidebar elsewhere", [a.seconds for a in done if a.page != PLAYGROUND]


def _baselines(results: list[Result], r: Result) -> tuple[Result | None, Result | None]:
    """The one-button page and the app's shell around a blank page (1 process), if run; for a
    run without them, the empty app with as many processes as ``r`` stands for the first."""
    by_script = {e.scenario.script: e for e in results if e.scenario.processes == 1}
    button = by_script.get("benchmarks/empty_app.py")
    shell = by_script.get("benchmarks/shell_asgi.py")
    if button is None:
        empties = [e for e in results if e.scenario.script.endswith("empty_nav_app.py")]
        same = [e for e in empties if e.scenario.processes == r.scenario.processes]
        button = (same or empties or [None])[0]
    return button, shell


def _ratio(value: float, base: Result | None, loads: bool = False) -> str:
    """``value`` over the p95 of ``base``'s timed actions (``loads``: of its first runs)."""
    if base is None:
        return "-"
    values = base.phase.loads() if loads else base.phase.timed()
    return f"{value / percentile(values, 0.95):.2f}x"


def _cpu(r: Result) -> str:
    cpu = f"server CPU {r.server_cpu:.0%} of a core"
    if r.scenario.processes > 1:
        cpu += f", HAProxy {r.balancer_cpu:.0%}"
    return cpu


def _print_errors(r: Result) -> None:
    for error in r.errors[:5]:
        print(f"  error: {error}")


def report(results: list[Result]) -> None:
    header = (
        f"{'scenario':<33}{'sessions':>9}{'actions':>8}{'errors':>7}{'1 session':>11}"
        f"{'median':>10}{'p95':>10}{'vs button':>10}{'vs shell':>10}{'MB/session':>11}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        timed = r.phase.timed()
        p95 = percentile(timed, 0.95)
        button, shell = _baselines(results, r)
        print(
            f"{r.scenario.label:<33}{r.phase.sessions:>9}{len(timed):>8}{len(r.errors):>7}"
            f"{_ms(_median(r.alone)):>11}{_ms(_median(timed)):>10}{_ms(p95):>10}"
            f"{_ratio(p95, button):>10}{_ratio(p95, shell):>10}"
            f"{r.mb_per_session:>11.2f}"
        )
    print()
    for r in results:
        button, shell = _baselines(results, r)
        parts = []
        for kind, values in _by_kind(r.phase.actions):
            if values:
                p95 = percentile(values, 0.95)
                parts.append(
                    f"{kind} {len(values)} x median {_ms(_median(values))} p95 {_ms(p95)} "
                    f"({_ratio(p95, button)} the button's click p95, "
                    f"{_ratio(p95, shell)} the shell's)"
                )
        print(f"{r.scenario.label}:")
        for part in parts:
            print(f"  {part}")
        actions = len(r.phase.actions) or 1
        cpu = f"{_cpu(r)} ({r.server_cpu * r.wall / actions * 1000:.0f} ms per action)"
        print(
            f"  {cpu}, load client {r.client_cpu:.0%}; RSS {r.rss_before_kib / 1024:.0f} MB "
            f"-> {r.rss_after_kib / 1024:.0f} MB; {r.wall:.0f} s"
        )
        _print_errors(r)
    print(
        "\nTargets (issue 14): 0 errors; p95 of any action at most 3x the one-button page's "
        "click p95 in this run, or within 1.5x of the app shell's (a blank page in the app's "
        "own sidebar and navigation); at most 2 MB of server memory per session."
    )


def report_burst(results: list[Result]) -> None:
    header = (
        f"{'scenario':<33}{'sessions':>9}{'errors':>7}{'first run p50':>15}{'p95':>10}"
        f"{'vs button':>10}{'vs shell':>10}{'change p50':>12}{'p95':>10}{'vs button':>10}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        button, shell = _baselines(results, r)
        first, change = r.phase.loads(), r.phase.timed()
        first_95, change_95 = percentile(first, 0.95), percentile(change, 0.95)
        print(
            f"{r.scenario.label:<33}{r.phase.sessions:>9}{len(r.errors):>7}"
            f"{_ms(_median(first)):>15}{_ms(first_95):>10}"
            f"{_ratio(first_95, button, loads=True):>10}{_ratio(first_95, shell, loads=True):>10}"
            f"{_ms(_median(change)):>12}{_ms(change_95):>10}{_ratio(change_95, button):>10}"
        )
    print()
    for r in results:
        per_session = r.server_cpu * r.wall / r.phase.sessions
        print(
            f"{r.scenario.label}: {_cpu(r)} ({per_session * 1000:.0f} ms of server CPU per "
            f"session), load client {r.client_cpu:.0%}; {r.wall:.0f} s"
        )
        _print_errors(r)
    print(
        "\nFirst run: from a session's first HTTP request to its first script_finished. "
        "'vs button': against the one-button page (benchmarks/empty_app.py), 'vs shell': "
        "against the app's shell around a blank page (benchmarks/shell_asgi.py), both served "
        "with the same shipped settings in this run. Targets (issue 14): first run p95 at "
        "most 5x the button's, or within 1.5x of the shell's; 0 errors."
    )
