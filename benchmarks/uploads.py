"""Your run in Chromium: from uploading a run to a usable page, at 10,000, 100,000 and
1,000,000 queries, with the server's memory (issue 20: at a million queries the tab never
finished; 100,000 took 109 s).

Run: .venv/bin/python benchmarks/uploads.py [queries ...]  (default 10000 100000 1000000)
     [--files DIR]  keep the generated files in DIR and reuse them (they take minutes)
     [--profile DIR]  record the server with py-spy (``pip install py-spy``) while it works,
                      one raw flame graph a size in DIR, and print where the time went

For each size it writes (seeded, once, kept in a temporary folder for the run) a run shaped
like a TREC run and its qrels: ids from a large web crawl (``clueweb09-en0003-47-01234``),
as many documents per query as keep the run under the 200 MB upload cap (at most 1,000:
10,000 queries get about 400 each, a million 4), scores descending, and 3 to 10 judged
documents a query (grades 0-3, some never retrieved). Then, on a fresh ``streamlit run``
server (the project's own settings) and a fresh Chromium page at 1366x768:

- uploads the qrels and waits until they are read;
- starts the clock, uploads the run, and stops it when the page is usable: the run is
  read (its name under its uploader) and scored (no judged query missing, the "Queries
  scored" card shows the count), a search for the last query id shows it in the table,
  and the next page of the table shows queries 51-100;
- reads the server's memory (VmRSS, and its peak VmHWM, from /proc), closes the browser,
  and reads VmRSS again 30 s later (the session's parsed files and scores go when it
  disconnects; Streamlit keeps the uploads' bytes, see docs/deployment.md).

Prints one line of figures a size, and a Markdown table at the end.
"""

from __future__ import annotations

import collections
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CAP_BYTES = 190 * 2**20  # under the 200 MB upload cap, with room for longer lines
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]


def write_files(folder: Path, queries: int) -> tuple[Path, Path, int]:
    """A run and its qrels of ``queries`` queries; returns their paths and the documents a
    query the run ranks."""
    rng = np.random.default_rng(queries)
    line = len("q0000000 Q0 clueweb09-en0000-00-00000 1000 12.345 upload\n")
    per_query = int(min(1000, CAP_BYTES // (queries * line)))
    qrels_path, run_path = folder / f"qrels_{queries}.txt", folder / f"run_{queries}.txt"
    if qrels_path.exists() and run_path.exists():
        return qrels_path, run_path, per_query
    with qrels_path.open("w") as qrels_file, run_path.open("w") as run_file:
        for first in range(0, queries, 10_000):
            qrels_lines, run_lines = [], []
            for q in range(first, min(first + 10_000, queries)):
                qid = f"q{q:07d}"
                segment, part, number = (
                    rng.integers(0, top, per_query + 5) for top in (10_000, 100, 10**5)
                )
                names = [
                    f"clueweb09-en{s:04d}-{f:02d}-{n:05d}"
                    for s, f, n in zip(segment, part, number, strict=True)
                ]
                scores = np.sort(rng.random(per_query) * 30)[::-1]
                run_lines += [
                    f"{qid} Q0 {names[d]} {d + 1} {scores[d]:.3f} upload\n"
                    for d in range(per_query)
                ]
                judged = rng.choice(per_query + 5, size=min(10, per_query + 2), replace=False)
                qrels_lines += [f"{qid} 0 {names[d]} {rng.integers(0, 4)}\n" for d in judged]
            qrels_file.write("".join(qrels_lines))
            run_file.write("".join(run_lines))
    return qrels_path, run_path, per_query


def memory_mb(pid: int) -> dict[str, float]:
    """The process's resident memory now (VmRSS) and at its peak (VmHWM), in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) / 1024
    return fields


def start_profile(pid: int, out: Path) -> subprocess.Popen[bytes]:
    """py-spy recording every thread of the server, until stopped (SIGINT writes the file)."""
    spy = Path(sys.executable).with_name("py-spy")
    command = [str(spy), "record", "-p", str(pid), "-r", "50", "-f", "raw", "-o", str(out)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_profile(spy: subprocess.Popen[bytes], out: Path, top: int = 18) -> None:
    """Stop py-spy and print the seconds of server work by the deepest project frame (or
    the deepest library frame when no project code is on the stack)."""
    spy.send_signal(signal.SIGINT)
    spy.wait(timeout=120)
    seconds: collections.Counter[str] = collections.Counter()
    for line in out.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        ours = [f for f in frames if any(p in f for p in ("ndcg_core/", "pages/", "components/"))]
        seconds[(ours or frames)[-1]] += int(count) / 50
    print(f"  server busy {sum(seconds.values()):.1f} s; by frame:")
    for frame, busy in seconds.most_common(top):
        print(f"  {busy:6.2f} s  {frame[:150]}")


def measure(queries: int, folder: Path, profile: Path | None = None) -> dict[str, float]:
    from playwright.sync_api import expect, sync_playwright

    from scripts.serve import StreamlitProcess

    qrels, run, per_query = write_files(folder, queries)
    server = StreamlitProcess("app.py", folder / f"streamlit_{queries}.log")
    try:
        server.wait_until_healthy()
        figures: dict[str, float] = {"docs_per_query": per_query}
        figures["run_mb"] = run.stat().st_size / 2**20
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.set_default_timeout(600_000)
            expect.set_options(timeout=600_000)
            page.goto(f"{server.url}/runs")
            cards = page.get_by_test_id("stMetric")
            expect(cards.first).to_be_visible()
            figures["rss_idle_mb"] = memory_mb(server.pid)["VmRSS"]
            uploads = page.get_by_test_id("stFileUploader").locator("input[type=file]")
            uploads.nth(0).set_input_files(str(qrels))
            expect(page.get_by_text(f"Read {qrels.name}")).to_be_visible()
            spy = None
            if profile is not None:
                out = profile / f"server_{queries}.txt"
                spy = start_profile(server.pid, out)
                time.sleep(1)  # py-spy attaches
            start = time.perf_counter()

            uploads.nth(1).set_input_files(str(run))

            figures["sent_s"] = time.perf_counter() - start
            # The run's name under its uploader: uploaded and read (until then the example
            # run stands in, and a search or a page turn answers for it).
            expect(page.get_by_text(f"Read {run.name}:")).to_be_visible()
            missing = "0 judged queries were not in the run and scored 0."
            expect(page.get_by_text(missing, exact=True)).to_be_visible()
            scored = cards.filter(has_text="Queries scored").get_by_test_id("stMetricValue")
            expect(scored).to_have_text(f"{queries:,}")
            figures["scored_s"] = time.perf_counter() - start

            last = f"q{queries - 1:07d}"
            search = page.get_by_label("Find a query")

            search.fill(last)
            search.press("Enter")
            expect(page.get_by_text(f"whose id contains “{last}”")).to_be_visible()

            search.fill("")
            search.press("Enter")
            page.get_by_label("Page (of").fill("2")
            page.get_by_label("Page (of").press("Enter")
            expect(page.get_by_text(f"Queries 51-100 of {queries:,}.")).to_be_visible()
            figures["usable_s"] = time.perf_counter() - start

            if spy is not None:
                stop_profile(spy, out)
            memory = memory_mb(server.pid)
            figures["rss_shown_mb"], figures["rss_peak_mb"] = memory["VmRSS"], memory["VmHWM"]
            browser.close()
        time.sleep(30)
        figures["rss_closed_30s_mb"] = memory_mb(server.pid)["VmRSS"]
        return figures
    finally:
        server.stop()


def main() -> None:
    sys.path.insert(0, str(ROOT))
    args = sys.argv[1:]
    options = {}
    for name in ("--files", "--profile"):
        if name in args:
            at = args.index(name)
            options[name] = Path(args[at + 1])
            options[name].mkdir(parents=True, exist_ok=True)
            del args[at : at + 2]
    sizes = [int(a) for a in args] or [10_000, 100_000, 1_000_000]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = options.get("--files", Path(scratch))
        for queries in sizes:
            figures = measure(queries, folder, options.get("--profile"))
            print(queries, {k: round(v, 1) for k, v in figures.items()}, flush=True)
            rows.append((queries, figures))
    print(
        "\n| queries | docs a query | run MB | upload to scored (s) | upload to usable (s) "
        "| server RSS idle / shown / peak / 30 s after close (MB) |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | --- |")
    for queries, f in rows:
        print(
            f"| {queries:,} | {f['docs_per_query']:.0f} | {f['run_mb']:.0f} | "
            f"{f['scored_s']:.1f} | {f['usable_s']:.1f} | {f['rss_idle_mb']:.0f} / "
            f"{f['rss_shown_mb']:.0f} / {f['rss_peak_mb']:.0f} / {f['rss_closed_30s_mb']:.0f} |"
        )


if __name__ == "__main__":
    main()
