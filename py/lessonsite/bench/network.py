"""First visits over a throttled network: the lesson page and bare Pyodide, side by side in
the same round, with Chromium's network emulation (DevTools' Network.emulateNetworkConditions)
set on the tab before it navigates. The emulation holds for the tab's own requests and for its
dedicated workers' (where the lesson's interpreter downloads Pyodide); a service worker's
requests are not throttled, and the lesson's registers only once Python has started.

Each visit is a new browser with a new profile: empty HTTP and code caches, no service worker.
What each row measures (see web/docs/performance-network.md):
- at once: from navigation start to Celda 1's output, Ejecutar pressed the moment the page is
  ready (as the unthrottled first visit's row); bare Pyodide: to loadPyodide() + runPython("1").
- after reading, Celda 1 in view: the learner brings Celda 1 on screen once the page is ready,
  reads, and presses Ejecutar READING_S after navigation start: from the click to the output.
  Bare Pyodide has no button: its figure is how long after READING_S it was still starting
  (0 when it was ready by then), from its "at once" visit.
- after reading above it: the learner reads the prose above Celda 1 for READING_S, then
  scrolls to it and presses Ejecutar at once: from the click to the output.
- bytes before the first output: what the server wrote for the requests it had finished when
  the "at once" visit's output appeared (the spare interpreter's, or the service worker's,
  that come later are not counted).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .pages import (
    BARE_CONFIG, CELL1, CELL1_OUTPUT, LESSON, SITE_CONFIG, START_TIMEOUT_MS, TURNS, launch, timed_click,
    wait_mark,
)
from .serving import Served


@dataclass(frozen=True)
class Network:
    key: str
    label: str
    short: str  # in the labels of its rows after the first
    down_kbps: float
    up_kbps: float
    rtt_ms: float

    def conditions(self) -> dict[str, Any]:
        """Network.emulateNetworkConditions' parameters: throughputs in bytes a second."""
        return {"offline": False, "latency": self.rtt_ms,
                "downloadThroughput": self.down_kbps * 1000 / 8, "uploadThroughput": self.up_kbps * 1000 / 8}


NETWORKS = [
    # Lighthouse's mobile profile ("slow 4G"): 1.6 × 1024 kbps down, 750 kbps up, 150 ms.
    Network("mobile", "mobile network (1.6 Mbps, 150 ms)", "mobile", 1638.4, 750, 150),
    Network("fast", "10 Mbps, 40 ms", "10 Mbps", 10_000, 5_000, 40),
]
READING_S = 20.0
QUICK_READING_S = 2.0  # --quick: the rows are produced, the pause is not a reader's
NETWORK_STEPS = ("bare", "site", "read", "jump")

READY = "() => document.documentElement.dataset.lessonReady === 'true'"
SCROLL_TO_CELL1 = f"() => document.querySelector('{CELL1}').scrollIntoView({{block: 'start'}})"
# The learner reads: the bench waits on the page's own clock, from navigation start.
UNTIL = "ms => new Promise((done) => setTimeout(done, Math.max(0, ms - performance.now())))"
WATCH_NOTHING = {"autoRun": None, "watch": []}


def throttled_tab(context, network: Network):
    """The browser's first tab, its network emulated before it navigates. The DevTools session
    stays open for the visit: the emulation ends with it."""
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", network.conditions())
    return page


def network_visit(playwright, served: Served, profile: Path, network: Network, who: str,
                  reading_s: float) -> dict[str, Any]:
    """One first visit of `who` ("bare", or the lesson: "site" at once, "read" with Celda 1 in
    view while reading, "jump" scrolled to it at the click) over `network`."""
    config = {"bare": BARE_CONFIG, "site": SITE_CONFIG}.get(who, WATCH_NOTHING)
    context = launch(playwright, profile, config)
    try:
        page = throttled_tab(context, network)
        served.tally.take()
        page.goto(served.url + ("" if who == "bare" else LESSON), wait_until="commit")
        if who in ("bare", "site"):
            first = wait_mark(page, "first", START_TIMEOUT_MS)
            sent = sum(r["sent"] for r in served.tally.take())
            return {"first": first, "bytes": sent}
        page.wait_for_function(READY, polling=100, timeout=START_TIMEOUT_MS)
        if who == "read":
            page.evaluate(SCROLL_TO_CELL1)
        page.evaluate(UNTIL, reading_s * 1000)
        # Playwright scrolls the button into view, then clicks: the "jump" learner's move.
        ms = timed_click(page, f"{CELL1} [data-action=run]", "first", CELL1_OUTPUT, TURNS)
        workers = page.evaluate("() => __bench.workers.map((w) => w.spawned)")
        return {"click_to_output": ms, "worker_spawned": workers[0] if workers else None}
    finally:
        context.close()
        served.tally.take()


def network_round(playwright, servers: dict[str, Served], profile: Path, samples: dict, reading_s: float,
                  log=lambda message: None, bare_first: bool = False) -> None:
    """Every network's four visits, bare Pyodide's and the lesson's in turn."""
    for network in NETWORKS:
        results = {}
        order = NETWORK_STEPS if bare_first else NETWORK_STEPS[1:] + NETWORK_STEPS[:1]
        for who in order:
            log(f"  {network.label}: {who}")
            served = servers["bare" if who == "bare" else "site"]
            results[who] = network_visit(playwright, served, profile / f"{network.key}-{who}", network, who,
                                         reading_s)
        add_network(samples, network, results, reading_s)


def add_network(samples: dict, network: Network, results: dict[str, dict], reading_s: float) -> None:
    key = f"net_{network.key}"
    for who in ("site", "bare"):
        samples[f"{key}_once"][who].append(results[who]["first"])
        samples[f"{key}_bytes"][who].append(results[who]["bytes"])
    samples[f"{key}_read"]["site"].append(results["read"]["click_to_output"])
    samples[f"{key}_jump"]["site"].append(results["jump"]["click_to_output"])
    # Bare Pyodide after the same pause: how long it was still starting, if it was.
    waiting = max(0.0, results["bare"]["first"] - reading_s * 1000)
    samples[f"{key}_read"]["bare"].append(waiting)
    samples[f"{key}_jump"]["bare"].append(waiting)
    samples["detail"].setdefault("network", []).append({"network": network.key, "reading_s": reading_s,
                                                        **results})
