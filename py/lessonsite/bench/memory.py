"""Memory: the Pss of a browser's processes, read with no DevTools session attached
(DetachableBrowser), at the moments the module docstring of lessonsite.bench names (idle,
hidden tab, after Comprobar), and the one-line breakdown under the table."""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from .pages import BLOCK_SERVICE_WORKERS, INIT_SCRIPT, STEP_TIMEOUT_MS, VIEWPORT, fit_window, launch


_playwright_switches: list[str] | None = None


def playwright_switches(playwright) -> list[str]:
    """The browser's command line as Playwright's launch() makes it (its own switches with
    CHROMIUM_ARGS), read once from a browser it launches, without the profile and the pipe."""
    global _playwright_switches
    if _playwright_switches is None:
        marker = f"--lessonrt-switches={uuid.uuid4().hex}"
        with tempfile.TemporaryDirectory() as profile:
            context = launch(playwright, Path(profile), None, [marker])
            try:
                main = [c for c in browser_processes(marker).values() if not _switch(c, "type")][0]
            finally:
                context.close()
        _playwright_switches = [a for a in main if a != marker and a != "--remote-debugging-pipe"
                                and not a.startswith("--user-data-dir=")]
    return list(_playwright_switches)


class DetachableBrowser:
    """Chromium with Playwright's switches, started by the bench itself and driven over a
    DevTools connection that the bench can drop while it reads memory.

    Playwright keeps a DevTools session on every page and worker, and each session keeps a
    copy of the response bodies it sees (up to 10 MB each, base64-encoded in the renderer):
    with Pyodide's module and standard library, about 25 MB that no learner's browser holds.
    Disconnected, the browser and its pages run on with no session attached (the pages'
    own state, the bench's marks included, stays); reconnected, the bench finds its tab by
    its URL."""

    def __init__(self, playwright, profile: Path, config: dict[str, Any] | None,
                 extra_args: list[str] | None = None, block_service_workers: bool = False):
        self.playwright = playwright
        self.browser = self.context = None
        self.scripts = ([INIT_SCRIPT.replace("$CONFIG", json.dumps(config))] if config is not None else []) \
            + ([BLOCK_SERVICE_WORKERS] if block_service_workers else [])
        profile.mkdir(parents=True, exist_ok=True)
        port_file = profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)  # a profile used before: its browser's port is gone
        switches = playwright_switches(playwright)
        self.process = subprocess.Popen(
            [*switches[:1], *(extra_args or []), f"--user-data-dir={profile}", "--remote-debugging-port=0",
             # Playwright's launch() gives each page this viewport through DevTools, which
             # would go with the connection: here it is the window's own size.
             f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}",
             *switches[1:]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        until = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            if self.process.poll() is not None or time.monotonic() > until:
                self.close()
                raise RuntimeError(f"Chromium did not open its DevTools port (exit code {self.process.returncode})")
            time.sleep(0.05)
        self.endpoint = f"http://127.0.0.1:{port_file.read_text().split()[0]}"

    def blank(self, probe: MemoryProbe) -> dict[str, Any]:
        """The blank figure: connected once (the window sized, what a first connection starts
        started), then disconnected, as at every later reading. Every round takes it first."""
        context = self.connect()
        fit_window(context, context.pages[0] if context.pages else context.new_page())
        self.disconnect()
        return probe.blank()

    def connect(self):
        self.browser = self.playwright.chromium.connect_over_cdp(self.endpoint)
        self.context = self.browser.contexts[0]
        for script in self.scripts:
            self.context.add_init_script(script)
        return self.context

    def disconnect(self) -> None:
        if self.browser is not None:
            self.browser.close()  # connected over CDP: only the connection ends
        self.browser = self.context = None

    def dedicated_workers(self, page) -> int:
        """How many dedicated workers the browser runs (the bench's memory rounds have one page
        that starts any): Playwright lists only the workers started while it is connected."""
        return self.targets(page).get("worker", 0)

    def targets(self, page) -> dict[str, int]:
        """How many of each kind of target the browser runs: pages, dedicated workers, service
        workers (the browser's own list, read over DevTools)."""
        cdp = self.context.new_cdp_session(page)
        try:
            kinds: dict[str, int] = {}
            for target in cdp.send("Target.getTargets")["targetInfos"]:
                kinds[target["type"]] = kinds.get(target["type"], 0) + 1
            return kinds
        finally:
            cdp.detach()

    def page(self, url: str):
        """After connect(): the tab that shows `url`."""
        for page in self.context.pages:
            if page.url == url:
                return page
        raise RuntimeError(f"no tab shows {url} after reconnecting (tabs: {[p.url for p in self.context.pages]})")

    def close(self) -> None:
        try:
            self.disconnect()
        except Exception:  # the browser may be gone already; it is stopped below either way
            pass
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# Seconds a tab idles before its memory is taken (see the module's docstring).
IDLE_S = 12.0
QUICK_IDLE_S = 2.0  # --quick: its one round only proves that every row is produced
# The first visit is read again this long after its first output, once whatever only a
# first visit does has had time to end: 30 s in a full run, 5 s with --quick.
FIRST_IDLE_S = 30.0


def first_idle_s(idle_s: float) -> float:
    return idle_s * FIRST_IDLE_S / IDLE_S
AFTER_CHECK_S = 5.0
BLANK_SETTLE_S = 2.0  # a browser starts some of its processes, and settles, just after it is up

# Without it, measureUserAgentSpecificMemory() waits for the next garbage collection, up to 20 s.
EAGER_MEMORY = "--enable-blink-features=ForceEagerMeasureMemory"

HIDE = """hidden => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""

JS_MEMORY = """async () => {
  if (!performance.measureUserAgentSpecificMemory) return { error: "measureUserAgentSpecificMemory is not available" };
  if (!crossOriginIsolated) return { error: "the page is not cross-origin isolated" };
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error("no answer in 60 s")), 60_000));
  try {
    return await Promise.race([performance.measureUserAgentSpecificMemory(), late]);
  } catch (error) {
    return { error: String(error) };
  }
}"""


def _processes() -> dict[int, tuple[int, list[str]]]:
    """Every process in /proc: pid → (parent's pid, command line)."""
    table = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
            cmdline = Path(entry.path, "cmdline").read_bytes()
        except OSError:  # it ended while we looked
            continue
        # The command name, in parentheses, may itself hold spaces and parentheses.
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        args = [a.decode(errors="replace") for a in cmdline.split(b"\0") if a]
        # Chromium's child processes rewrite their command line as one space-separated string.
        if len(args) == 1:
            args = args[0].split(" ")
        table[int(entry.name)] = (ppid, args)
    return table


def _switch(cmdline: list[str], name: str) -> str | None:
    return next((a.split("=", 1)[1] for a in cmdline if a.startswith(f"--{name}=")), None)


def browser_processes(marker: str) -> dict[int, list[str]]:
    """The browser launched with `marker` and all its descendants: pid → command line."""
    table = _processes()
    mains = {pid for pid, (_, cmdline) in table.items() if marker in cmdline and not _switch(cmdline, "type")}
    if not mains:
        raise RuntimeError(f"no browser process with {marker} on its command line in /proc")
    # /usr/bin/chromium is a script that execs the browser; had it forked instead, both would
    # carry the marker, and the browser is among the script's descendants.
    roots = [pid for pid in mains if table[pid][0] not in mains]
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = {}, list(roots)
    while todo:
        pid = todo.pop()
        found[pid] = table[pid][1]
        todo += children.get(pid, [])
    return found


def pss_kb(pid: int) -> int | None:
    """The process's proportional set size; None if it is gone or unreadable."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    match = re.search(r"^Pss:\s+(\d+) kB", text, re.MULTILINE)
    return int(match[1]) if match else None


def process_kind(cmdline: list[str]) -> str:
    kind = _switch(cmdline, "type")
    if kind is None:
        return Path(cmdline[0]).name if cmdline else "?"
    sub = _switch(cmdline, "utility-sub-type")
    return f"{kind} ({sub})" if sub else kind


class MemoryProbe:
    """The memory of one browser's processes. Playwright does not tell the browser's pid, so
    the browser is launched with a switch of its own (`args`) and found by it in /proc."""

    def __init__(self, settle_s: float = BLANK_SETTLE_S) -> None:
        self.marker = f"--lessonrt-bench={uuid.uuid4().hex}"
        self.blank_mb: float | None = None
        self.settle_s = settle_s

    @property
    def args(self) -> list[str]:
        return [self.marker, EAGER_MEMORY]

    def pss(self) -> dict[str, Any]:
        """Pss summed over the browser's processes, in MB, with each process's share."""
        processes = []
        for pid, cmdline in sorted(browser_processes(self.marker).items()):
            kb = pss_kb(pid)
            processes.append({"pid": pid, "kind": process_kind(cmdline),
                              "pss_mb": None if kb is None else kb * 1024 / 1e6})
        if not any(p["pss_mb"] for p in processes):
            raise RuntimeError(f"could not read the Pss of any of the browser's processes: {processes}")
        return {"pss_mb": sum(p["pss_mb"] or 0 for p in processes), "processes": processes}

    def blank(self) -> dict[str, Any]:
        """The baseline: the browser just launched, with its one about:blank tab."""
        time.sleep(self.settle_s)
        sample = self.pss()
        self.blank_mb = sample["pss_mb"]
        return sample

    def moment(self, page, sample: dict[str, Any], workers: int, js: bool = True) -> dict[str, Any]:
        """`sample`, the Pss taken first (measureUserAgentSpecificMemory() collects garbage),
        with what the page says of itself and `workers`, how many dedicated workers run; and,
        if `js`, the page's JavaScript memory."""
        sample["extra_mb"] = sample["pss_mb"] - self.blank_mb
        sample["visibility"] = page.evaluate("() => document.visibilityState")
        sample["workers"] = workers
        sample["js"] = page.evaluate(JS_MEMORY) if js else {"error": "not measured at this moment"}
        return sample


def idle_memory(browser: DetachableBrowser, page, probe: MemoryProbe, seconds: float, since: float | None = None,
                js: bool = True):
    """The browser's memory after `page` has idled `seconds` with the bench disconnected, or
    `seconds` after `since` (a moment on the page's clock) when given; returns it and the page
    as found again once reconnected. `js`: also the JavaScript memory, which collects garbage
    in every realm of the page, so a later reading of the same tab would find less."""
    url = page.url
    elapsed = 0.0 if since is None else (page.evaluate("() => performance.now()") - since) / 1000
    wait = max(0.0, seconds - elapsed)
    browser.disconnect()
    time.sleep(wait)
    pss = probe.pss()
    browser.connect()
    page = browser.page(url)
    targets = browser.targets(page)
    sample = probe.moment(page, pss, targets.get("worker", 0), js)
    sample["targets"] = targets
    sample["after_s"] = elapsed + wait  # a first visit settles before the wait: it may pass `seconds`
    return sample, page


def first_visit_memory(browser: DetachableBrowser, page, probe: MemoryProbe, idle_s: float, since: float):
    """The first visit's two readings, `idle_s` and first_idle_s(idle_s) after `since` (its first
    output): the JavaScript memory is taken at the second only, as its garbage collection would
    make the second reading one no learner's browser was made to give. Returns
    {"first": ..., "first_idle": ...} and the page as found again."""
    first, page = idle_memory(browser, page, probe, idle_s, since=since, js=False)
    late, page = idle_memory(browser, page, probe, first_idle_s(idle_s), since=since)
    return {"first": first, "first_idle": late}, page


def hide(context, page):
    """Hide `page`'s tab; return the tab brought in front of it, or None if the page was only
    told it is hidden (see the module's docstring)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    front = context.new_page()
    front.bring_to_front()
    try:
        # Polled by a timer: a hidden page runs no animation frames.
        page.wait_for_function("() => document.visibilityState === 'hidden'", polling=100, timeout=5_000)
        return front
    except PlaywrightTimeoutError:
        front.close()
        page.evaluate(HIDE, True)
        return None


def show(page, front) -> None:
    if front is not None:
        page.bring_to_front()
        front.close()
    else:
        page.evaluate(HIDE, False)
    page.wait_for_function("() => document.visibilityState === 'visible'", polling=100, timeout=STEP_TIMEOUT_MS)


def hidden_memory(browser: DetachableBrowser, page, probe: MemoryProbe, seconds: float):
    """The browser's memory `seconds` after `page`'s tab was hidden; the tab is shown again.
    Returns it and the page as found again."""
    front = hide(browser.context, page)
    front_url = front.url if front is not None else None
    try:
        sample, page = idle_memory(browser, page, probe, seconds)
    finally:
        if front is not None:
            front = next(p for p in browser.context.pages if p.url == front_url and p != page)
        show(page, front)
    sample["hidden_by"] = "another tab in front" if front is not None else "visibilityState overridden"
    if sample["visibility"] != "hidden":
        raise RuntimeError(f"the lesson's tab was not hidden: its visibilityState is {sample['visibility']!r}")
    return sample, page


MEMORY_ROWS = {"first": "mem_first", "first_idle": "mem_first_idle", "idle": "mem_idle", "hidden": "mem_hidden",
               "check": "mem_check"}


def add_memory(samples: dict, who: str, memory: dict[str, Any]) -> None:
    for moment, key in MEMORY_ROWS.items():
        if moment in memory:
            samples[key][who].append(memory[moment]["extra_mb"])
    samples.setdefault("memory", {}).setdefault(who, []).append(memory)


def js_breakdown(js: dict) -> str:
    """measureUserAgentSpecificMemory()'s answer in a few words: its total and its parts by
    realm, e.g. "31.2 MB (page 4.1, workers 13.6 + 13.5)"."""
    if "bytes" not in js:
        return js.get("error", "not measured")
    parts: dict[str, list[float]] = {}
    for entry in js["breakdown"]:
        if not entry["bytes"]:
            continue
        scopes = {a.get("scope") for a in entry["attribution"]}
        name = {"Window": "page", "DedicatedWorkerGlobalScope": "workers"}.get(scopes.pop(), "other") \
            if len(scopes) == 1 else ("shared" if scopes else "unattributed")
        parts.setdefault(name, []).append(entry["bytes"] / 1e6)
    text = ", ".join(f"{name} {' + '.join(f'{mb:.1f}' for mb in sorted(mbs, reverse=True))}"
                     for name, mbs in parts.items())
    return f"{js['bytes'] / 1e6:.1f} MB ({text})"


def memory_breakdown(samples: dict) -> str | None:
    """One line: the lesson's workers and JS memory at each moment, and bare Pyodide's, in
    the round whose idle figure is the median."""
    rounds = {who: samples.get("memory", {}).get(who) for who in ("site", "bare")}
    if not any(rounds.values()):
        return None
    median = lambda memory: sorted(memory, key=lambda m: m["idle"]["extra_mb"])[(len(memory) - 1) // 2]
    pages = []
    if rounds["site"]:
        memory, moments = median(rounds["site"]), []
        for moment, label in (("idle", "idle"), ("hidden", "hidden"), ("check", "after Comprobar")):
            if moment in memory:
                m = memory[moment]
                how = f" ({m['hidden_by']})" if "hidden_by" in m else ""
                moments.append(f"{label}{how} {m['workers']} worker{'s' * (m['workers'] != 1)}, "
                               f"JS {js_breakdown(m['js'])}")
        pages.append("lesson: " + "; ".join(moments))
    if rounds["bare"]:
        m = median(rounds["bare"])["idle"]
        pages.append(f"bare Pyodide: idle {m['workers']} workers, JS {js_breakdown(m['js'])}")
    return ("Memory breakdown, median round (workers: dedicated workers running; JS: measureUserAgentSpecificMemory): "
            + ". ".join(pages) + ".")


def first_visit_breakdown(samples: dict) -> str | None:
    """One line: on the first visit, what each of the browser's processes holds, for the
    lesson and for bare Pyodide, in the round whose figure is the median."""
    rounds = {who: [m for m in samples.get("memory", {}).get(who) or [] if "first" in m] for who in ("site", "bare")}
    pages = []
    for who, label in (("site", "lesson"), ("bare", "bare Pyodide")):
        if not rounds[who]:
            continue
        memory = sorted(rounds[who], key=lambda m: m["first"]["extra_mb"])[(len(rounds[who]) - 1) // 2]
        blank = memory["blank"]
        blank_kinds: dict[str, float] = {}
        for process in blank["processes"]:
            blank_kinds[process["kind"]] = blank_kinds.get(process["kind"], 0) + (process["pss_mb"] or 0)
        moments = []
        for moment in ("first", "first_idle"):
            if moment not in memory:
                continue
            sample = memory[moment]
            kinds: dict[str, list[float]] = {}
            for process in sample["processes"]:
                kinds.setdefault(process["kind"], []).append(process["pss_mb"] or 0)
            parts = ", ".join(f"{kind} {' + '.join(f'{mb:.0f}' for mb in sorted(mbs, reverse=True))}"
                              f" ({sum(mbs) - blank_kinds.get(kind, 0):+.0f})"
                              for kind, mbs in sorted(kinds.items(), key=lambda item: -sum(item[1])))
            targets = ", ".join(f"{n} {kind}" for kind, n in sorted(sample.get("targets", {}).items()))
            js = f"; JS {js_breakdown(sample['js'])}" if "bytes" in sample["js"] else ""
            moments.append(f"{sample['extra_mb']:.0f} MB {sample['after_s']:.0f} s after the first output: {parts}; "
                           f"targets {targets}{js}")
        pages.append(f"{label} " + "; then ".join(moments))
    if not pages:
        return None
    return ("Memory on the first visit, median round (Pss by process kind in MB, each process, "
            "and in brackets the change from the blank browser): " + ". ".join(pages) + ".")
