"""The rounds: each starts a browser of its own with a new profile, makes its visits and
records what it measured into `samples` (one list per row and page)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .memory import (
    AFTER_CHECK_S, BLANK_SETTLE_S, DetachableBrowser, MemoryProbe, add_memory, first_visit_memory, hidden_memory,
    idle_memory,
)
from .pages import (
    BARE_CONFIG, CELL1, CELL1_OUTPUT, DRAWING_LESSON, LESSON, LOOPS, PACKAGES_CONFIG, PACKAGES_LESSON,
    SETTLE_S, SITE_CONFIG, SNAPSHOT_BYTES, TURNS, check, launch, new_tab, recovery, replace_code, timed_click,
    timed_picture, two_visits, visit, wait_idle, wait_kept, wait_settled,
)
from .serving import Served


STEP_NAMES = {"bare": "bare Pyodide", "site": "lesson page, cross-origin isolated",
              "plain": "lesson page, not isolated", "slow": "lesson page, CPU 4× slower",
              "packages": "lesson with packages", "nosw": "lesson page, service worker blocked",
              "cold": "more first visits", "network": "first visits over throttled networks"}


def bare_round(playwright, served: Served, profile: Path, samples: dict, idle_s: float,
               pause: bool = True) -> None:
    probe = MemoryProbe(BLANK_SETTLE_S if pause else 0)
    browser = DetachableBrowser(playwright, profile, BARE_CONFIG, probe.args)
    try:
        memory = {"blank": browser.blank(probe)}
        context = browser.connect()
        page = context.pages[0] if context.pages else context.new_page()
        cold = visit(page, served.url, served, site=False)
        readings, page = first_visit_memory(browser, page, probe, idle_s, since=cold["first"])
        memory.update(readings)
        time.sleep(SETTLE_S if pause else 0)
        page = new_tab(page.context, page)
        warm = visit(page, served.url, served, site=False)
        memory["idle"], page = idle_memory(browser, page, probe, idle_s)
    finally:
        browser.close()
    add(samples, "bare", cold, warm)
    add_memory(samples, "bare", memory)


def site_round(playwright, served: Served, profile: Path, samples: dict, solution: str, reps: int,
               idle_s: float, pause: bool = True) -> None:
    probe = MemoryProbe(BLANK_SETTLE_S if pause else 0)
    browser = DetachableBrowser(playwright, profile, SITE_CONFIG, probe.args)
    try:
        memory = {"blank": browser.blank(probe)}
        context = browser.connect()
        page = context.pages[0] if context.pages else context.new_page()
        first_visit = lambda page, cold: first_visit_memory(browser, page, probe, idle_s, since=cold["first"])
        cold, warm, page = two_visits(context, page, served.url + LESSON, served, between=first_visit,
                                      pause=pause)
        memory.update(cold.pop("memory"))
        add(samples, "site", cold, warm)
        memory["idle"], page = idle_memory(browser, page, probe, idle_s)
        memory["hidden"], page = hidden_memory(browser, page, probe, idle_s)
        # Hidden that long, the tab let its cells' interpreter go, and a new one started
        # when it came back: one untimed run first, so that the reruns find it warm.
        wait_settled(page)
        timed_click(page, f"{CELL1} [data-action=run]", "rewarm", CELL1_OUTPUT, TURNS)
        for _ in range(reps):
            wait_settled(page)
            samples["rerun"]["site"].append(timed_click(page, f"{CELL1} [data-action=run]", "rerun",
                                                        CELL1_OUTPUT, TURNS))
        challenge = page.get_by_role("region", name="Desafío")
        replace_code(page, challenge.get_by_role("textbox"), solution)
        for _ in range(max(1, reps - 1)):
            wait_idle(page)  # a grade takes the spare interpreter: let the next one start
            samples["check"]["site"].append(check(page))
        samples["check_again"]["site"].append(check(page))
        wait_idle(page)  # the grade took the spare: measure once the next one has started
        memory["check"], page = idle_memory(browser, page, probe, min(idle_s, AFTER_CHECK_S))
        for name, loop in LOOPS.items():
            samples[f"recover_iso_{name}"]["site"].append(recovery(page, loop))
    finally:
        browser.close()
    add_memory(samples, "site", memory)


THROTTLE = 4
COLD_PAIRS = 2
# --quick proves every row is produced, and the rounds before produce them all: the extra
# first visits (three browsers started cold) would only add samples.
QUICK_COLD_PAIRS = 0


def throttled(context, page=None):
    """A tab of `context` whose CPU runs THROTTLE times slower, set before it navigates."""
    page = page or context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    return page


def throttled_round(playwright, served: Served, profile: Path, samples: dict, pause: bool = True) -> None:
    context = launch(playwright, profile, SITE_CONFIG)
    try:
        page = throttled(context, context.pages[0] if context.pages else None)
        cold = visit(page, served.url + LESSON, served, site=True)
        wait_kept(page)
        time.sleep(SETTLE_S if pause else 0)
        old, page = page, throttled(context)
        old.close()
        warm = visit(page, served.url + LESSON, served, site=True)
    finally:
        context.close()
    for name, result in (("cold", cold), ("warm", warm)):
        add_slow(samples, name, result)
        samples[f"slow_longtask_editor_{name}"]["site"].append(result["longest_editor"])
    samples["detail"].setdefault("slow", []).append({"cold": cold, "warm": warm})


def add_slow(samples: dict, name: str, result: dict) -> None:
    """A visit with the CPU 4× slower: its first run, its longest task and its first paint."""
    samples[f"slow_first_{name}"]["site"].append(result["first"])
    samples[f"slow_longtask_{name}"]["site"].append(result["longest"])
    if result["paint"] is not None:
        samples[f"slow_paint_{name}"]["site"].append(result["paint"])


def cold_round(playwright, servers: dict[str, Served], profile: Path, samples: dict, pairs: int,
               lesson_first: bool) -> None:
    """More first visits for the rows a single load cannot settle (see the module's docstring)."""
    for n in range(pairs):
        order = ["site", "bare"] if lesson_first == (n % 2 == 0) else ["bare", "site"]
        for who in order + ["slow"]:
            bare = who == "bare"
            served = servers["bare" if bare else "site"]
            context = launch(playwright, profile / f"{who}-{n}", BARE_CONFIG if bare else SITE_CONFIG)
            try:
                page = context.pages[0] if context.pages else context.new_page()
                if who == "slow":
                    page = throttled(context, page)
                result = visit(page, served.url + ("" if bare else LESSON), served, site=not bare)
            finally:
                context.close()
            if who == "slow":
                add_slow(samples, "cold", result)
            else:
                samples["cold"][who].append(result["first"])


def plain_round(playwright, served: Served, profile: Path, samples: dict) -> None:
    context = launch(playwright, profile, SITE_CONFIG)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, served.url + LESSON, served, site=True)
        for name, loop in LOOPS.items():
            samples[f"recover_plain_{name}"]["site"].append(recovery(page, loop))
    finally:
        context.close()


def nosw_round(playwright, served: Served, profile: Path, samples: dict, idle_s: float,
               pause: bool = True) -> None:
    """The other side of the service worker's memory: the lesson's page alone, before any
    Python (no click), and the same two visits as site_round's with service workers blocked,
    idle as long; each in a browser of its own, against its own blank."""
    probe = MemoryProbe(BLANK_SETTLE_S if pause else 0)
    browser = DetachableBrowser(playwright, profile / "page", None, probe.args)
    try:
        blank = browser.blank(probe)
        context = browser.connect()
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(served.url + LESSON)
        page.get_by_role("heading", level=1).wait_for()
        samples["mem_page"]["site"].append(idle_memory(browser, page, probe, idle_s)[0]["pss_mb"] - blank["pss_mb"])
    finally:
        browser.close()
    probe = MemoryProbe(BLANK_SETTLE_S if pause else 0)
    browser = DetachableBrowser(playwright, profile / "nosw", SITE_CONFIG, probe.args, block_service_workers=True)
    try:
        blank = browser.blank(probe)
        context = browser.connect()
        page = context.pages[0] if context.pages else context.new_page()
        _, _, page = two_visits(context, page, served.url + LESSON, served, kept=False, pause=pause)
        samples["mem_nosw"]["site"].append(idle_memory(browser, page, probe, idle_s)[0]["pss_mb"] - blank["pss_mb"])
    finally:
        browser.close()


def packages_round(playwright, served: Served, profile: Path, samples: dict, pause: bool = True) -> None:
    """The fixture lesson that loads python-dateutil (and six) before its first cell: its first
    run on a first and a second visit, the part of it spent loading the packages, and the
    size of the memory snapshot its spare saved (what a snapshot per lesson would cost). Then
    the fixture lesson that draws (pygal, pypng): Celda 1's first picture on a warm interpreter."""
    context = launch(playwright, profile, PACKAGES_CONFIG)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        cold, warm, page = two_visits(context, page, served.url + PACKAGES_LESSON, served, pause=pause)
        snapshot = page.evaluate(SNAPSHOT_BYTES)
        # The lesson that draws: its first run (Python from the snapshot, its packages, the
        # imports) goes by, then Celda 1 again on the warm interpreter, to its first picture.
        page = new_tab(context, page)
        page.goto(served.url + DRAWING_LESSON, wait_until="commit")
        wait_settled(page)
        samples["picture_warm"]["site"].append(timed_picture(page))
    finally:
        context.close()
    for name, result in (("cold", cold), ("warm", warm)):
        samples[f"pkg_{name}"]["site"].append(result["first"])
        loading = packages_ms(result["workers"][0]) if result["workers"] else None
        if loading is None:
            raise RuntimeError(f"the lesson with packages never reported loading them ({name} visit)")
        samples[f"pkg_load_{name}"]["site"].append(loading)
    if snapshot:
        samples["snapshot_bytes"]["site"].append(snapshot)
    samples["detail"].setdefault("packages", []).append({"cold": cold, "warm": warm})


def packages_ms(worker: dict) -> float | None:
    """How long the worker's "packages" stage took: from its start to the worker being ready
    (it is the last stage before ready)."""
    marks = worker.get("marks") or {}
    if worker.get("ms") is None or "packages" not in marks:
        return None
    return worker["ms"] - marks["packages"]


def package_files(requests: list[dict[str, Any]]) -> int:
    """How many of `requests` were for the site's packages (wheels, their lock, micropip)."""
    return sum("/packages/" in r["path"] for r in requests)


def add(samples: dict, who: str, cold: dict, warm: dict) -> None:
    samples["cold"][who].append(cold["first"])
    samples["warm"][who].append(warm["first"])
    samples["longtask_cold"][who].append(cold["longest"])
    samples["longtask_warm"][who].append(warm["longest"])
    if who == "site":
        samples["longtask_start_cold"][who].append(cold["longest_starting"])
        samples["longtask_start_warm"][who].append(warm["longest_starting"])
        samples["longtask_editor_cold"][who].append(cold["longest_editor"])
        samples["longtask_editor_warm"][who].append(warm["longest_editor"])
    samples["bytes_first"][who].append(sum(r["sent"] for r in cold["requests"]))
    samples["bytes_second"][who].append(sum(r["sent"] for r in warm["requests"]))
    if who == "site":
        samples["bucle_package_files"][who].append(package_files(cold["requests"] + warm["requests"]))
    samples["detail"].setdefault(who, []).append({"cold": cold, "warm": warm})
