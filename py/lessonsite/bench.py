"""Benchmark the lesson page against bare Pyodide in real Chromium.

    python build.py bench [--quick] [--rounds N] [--site DIR] [--out DIR]

Builds the site into a temporary folder (or uses `--site DIR`, an already built one), writes
a minimal bare-Pyodide page next to Pyodide's own npm files in another, serves both with
lessonsite.server's make_server (the server of `python build.py serve`), and drives Debian's Chromium
through both, several rounds each, interleaved. It prints one table (median and min–max
of the rounds, or of every visit for the first visits' rows below, the ratio against bare
Pyodide and the target with how far it is missed) and writes it, with every raw sample, to
bench-results/ (or `--out DIR`).

It is not a test: nothing here asserts a time. tests/test_bench.py only checks that the
quick mode produces every row.

How each row is measured (all times are taken inside the page, on its own clock):
- first run: from navigation start to cell 1's output containing "4 turnos". The bench
  presses Ejecutar the moment the page marks itself ready (html[data-lesson-ready]).
  Bare Pyodide: from navigation start to loadPyodide() + runPython("1") done (on the
  page's main thread, the way Pyodide's docs start it). First visit: a new browser profile
  (empty HTTP and code caches). Second visit: a new tab in the same profile, once the
  service worker has kept Pyodide's files (it registers after the first visit's Python has
  started, so it is still copying them just after the first run).
- rerun, Comprobar: from the click event to the output / the final "N de M pruebas
  superadas", with the interpreter warm (the page is idle) and, for Comprobar, its spare
  started (the bench has typed the solution into the challenge, which asks for one). A grade
  runs in the spare interpreter and throws it away, so "Comprobar again at once" (right
  after the previous one) also shows what waiting for the next spare costs.
- recovery: Celda 2 runs `print("en marcha")` then the runaway loop; from Detener (in
  Celda 2) to Celda 1's output after pressing its Ejecutar in the same instant.
- bytes: what the server wrote to the socket (headers and body) from navigation until the
  page is idle after its first run (the spare interpreter's requests included).
- longest task: PerformanceObserver("longtask") on the page's main thread, while Python
  starts (from the press of Ejecutar to the output: the target's window) and from
  navigation to the output (the page's own loading included), and from the output until
  Celda 1's editor has mounted (the bench scrolls the cell on screen once the page has
  settled: the editor is loaded in idle time, once Python is neither starting nor running,
  and mounted only on screen). Entries exist only for tasks of 50 ms or more.
- CPU 4× slower: the lesson page's first and second visit again, in a browser of its own,
  with DevTools' Emulation.setCPUThrottlingRate at 4 (a mid-range phone) set on each tab
  before it navigates: its longest task from navigation to the output, and its first
  contentful paint (the text is in the page's HTML, so that paint shows it).
- more first visits: a first visit's time swings by 15 % and more from one load to the next
  on a 2-core machine, more than the targets' margins. So each round also makes COLD_PAIRS
  more first visits of bare Pyodide and of the lesson page, in turn (who goes first
  alternates), each in a browser of its own, and one more first visit of the lesson with
  the CPU 4× slower after each pair. The first visit's first run and the CPU 4× slower first
  visit's rows (longest task, paint, first run) take the median over all of them: the
  table's min–max for those rows is over every visit, not over rounds.

Lesson packages (issue: a lesson that needs none must not pay for them):
- package files fetched by «El bucle»: requests under packages/ (wheels, the site's
  pyodide-lock.json, micropip) on its first and second visit; there must be none.
- the lesson with packages: the bench also builds the tests' fixture course
  tests/fixtures/packages and times its lesson «Fechas con dateutil» as above (first and
  second visit, to the cell's output), in a browser of its own. Its ratio is against bare
  Pyodide's start. "Of which loading its packages": from the worker's "packages" stage to its
  ready message (the worker loads a lesson's packages after the memory snapshot, before the
  first cell), which is the most a memory snapshot per lesson could save; the snapshot's
  size in Cache Storage is what each such snapshot would add to the browser's storage.

Memory is measured in the browsers of the lesson page's and bare Pyodide's timed rounds
(above), on the second visit's tab, after its timings are taken:
- the figure: the proportional set size (Pss in /proc/<pid>/smaps_rollup) summed over the
  browser's processes, the browser process and all its descendants (renderers, GPU and
  utility processes, zygotes), in MB (10^6 bytes), minus the same sum taken 2 s after the
  browser was launched, with its one about:blank tab: "MB more than a blank browser".
  Playwright does not tell the browser's pid: the browser is launched with a unique
  `--lessonrt-bench=<id>` switch, and its process is the one whose command line has it and
  no `--type=`.
- no DevTools session is attached while memory is read. Playwright's sessions keep a copy
  of each response body they see (under 10 MB, base64 in the renderer): Pyodide's module and
  standard library come to about 25 MB in the lesson's tab and 16 MB in bare Pyodide's, which
  no learner's browser holds. So the browsers of the memory rounds are started by the bench
  (DetachableBrowser: Playwright's own switches, read from a browser Playwright launches, and
  a DevTools port), driven over a connection (connect_over_cdp), and the connection is
  dropped for the idle wait and the reading of Pss, then made again. The blank figure is
  taken after a first connection (which sizes the window) has been dropped. The page's own
  state (the bench's marks, an overridden visibilityState, a blocked service worker
  registration) stays, as do the windows' sizes, set to Playwright's 1280 × 720 viewport.
- idle: after the first run (and, on the lesson page, once every interpreter the page keeps
  has started: on this cross-origin isolated page's second visit, the cells' one alone, since
  a spare is kept there only once the learner moves into the challenge), idle 12 s. Bare Pyodide: after runPython("1"), idle 12 s.
- the same, service worker blocked: the other side of the service worker's cost. A browser
  of its own whose pages cannot register a service worker (register() is replaced by the
  bench's init script and rejects) makes the same two visits and idles as long; the
  memory snapshot still comes from Cache Storage, so only what the service worker does
  differs (its own global, and Pyodide's files served from its cache, whose compiled
  WebAssembly Chromium keeps with the cache entry).
- the page alone: another browser opens the lesson, runs nothing, and idles as long: what
  the page costs before any Python.
- hidden tab: the bench first opens a second tab (about:blank), brings it to the front and
  checks whether the lesson's document.visibilityState becomes "hidden". In headless
  Chromium 156 as launched here it does not (each Playwright page has a window of its own;
  minimising that window via DevTools does not hide it either), so in practice the second
  tab is closed again and the page is told it is hidden: document.visibilityState and
  document.hidden are overridden in it and a "visibilitychange" is dispatched. The page
  reacts as to a real switch of tab, but Chromium itself does not treat the tab as
  backgrounded, so the figure is what the page lets go of, not what the browser would
  reclaim. The printed breakdown line says which method was used. Measured 12 s later (the
  page lets its idle cells' interpreter go after 5 s hidden); the tab is shown again (the
  same way), and Celda 1 runs once, untimed, in the interpreter that comes back, before the
  timings that follow. Its ratio is against
  bare Pyodide's visible idle figure. (Were the second tab in front, it would be the blank
  tab a blank browser has, so the figure would still be what the hidden lesson adds.)
- after Comprobar: after the last Comprobar, once the interpreter and its spare have both
  started again, idle 5 s; its ratio is against bare Pyodide's visible idle figure.
- at each of these moments the JSON also keeps each process's Pss, the page's dedicated
  workers (the browser's "worker" targets, read over DevTools once reconnected) and, where the page is cross-origin isolated,
  performance.measureUserAgentSpecificMemory()'s breakdown (the browser runs with
  ForceEagerMeasureMemory, so it answers at once; it collects garbage to do so, which is why
  it is taken after the Pss). One line under the table summarises them.
- `--quick` idles 2 s instead of 12 s (idle, hidden tab and after Comprobar: too short for
  the hidden tab to let its cells' interpreter go) and reruns and grades once: its one round
  only proves that every row is produced.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable

from .assets import copy_pyodide, ensure_node_modules
from .builder import build_site
from .compress import precompress
from .layout import ROOT, BuildError, Layout, read_pyodide_version, rel
from .server import SiteHandler, make_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def _first_lesson() -> tuple[str, Path]:
    """The page the bench times: the first lesson of the first course, and the accepted
    solution of its corpus that Comprobar grades (the shortest: the grade's time is the
    grader's, not the learner's loop's)."""
    from .content import load_courses

    lesson = load_courses(ROOT / "web" / "courses")[0].lessons[0]
    accepted = sorted((lesson.folder / "corpus" / "accept").glob("*.py"), key=lambda p: (p.stat().st_size, p.name))
    return f"courses/{lesson.course}/{lesson.slug}/", accepted[0]


LESSON, SOLUTION = _first_lesson()
START_TIMEOUT_MS = 120_000  # a first run on a loaded 2-core machine
STEP_TIMEOUT_MS = 60_000
SETTLE_S = 2.0
"""Pause between a first visit and the second one, for both pages alike: the browser writes
the compiled wasm into its code cache a moment after the start, as it would between two
real visits. It is the only fixed wait; everything else waits on an event in the page."""

CELL1 = '[data-cell="celda1"]'
CELL2 = '[data-cell="celda2"]'
CELL1_OUTPUT = f"{CELL1} .cell-output"
SUMMARY = "section.challenge .challenge-summary"
TURNS = "4 turnos"
STEP_NAMES = {"bare": "bare Pyodide", "site": "lesson page, cross-origin isolated",
              "plain": "lesson page, not isolated", "slow": "lesson page, CPU 4× slower",
              "packages": "lesson with packages", "nosw": "lesson page, service worker blocked",
              "cold": "more first visits"}
LOOPS = {"py": "while True:\n    pass", "c": "sum(range(10**12))"}

# --------------------------------------------------------------------------- pages

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bare Pyodide</title>
<script type="module" src="bare.js"></script>
</head>
<body>
<p id="state">loading</p>
</body>
</html>
"""

BARE_JS = """// The baseline: Pyodide as its docs start it, and nothing else.
import { loadPyodide } from "./pyodide/$VERSION/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/$VERSION/", import.meta.url).href });
pyodide.runPython("1");
document.getElementById("state").textContent = "ready";
"""

INIT_SCRIPT = """(() => {
  if (window.__bench || window.top !== window) return;
  const config = $CONFIG;
  const B = (window.__bench = { marks: {}, longtasks: [], workers: [], clicks: [], waiters: [], fatal: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  // Long animation frames say which scripts a long task ran (for the README's "why").
  B.frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        B.frames.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((s) => ({ invoker: s.invokerType === "classic-script" || s.invokerType === "module-script"
              ? "evaluating " + s.sourceURL.split("/").pop() : s.invoker, source: s.sourceURL.split("/").pop(),
            fn: s.sourceFunctionName, duration: s.duration, layout: s.forcedStyleAndLayoutDuration })) });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {}
  // Follow the runtime's workers without touching its code: it sets the onmessage of
  // its private port, then posts "init" to the worker, and later terminates it.
  const ports = new WeakMap(), workers = new WeakMap();
  let lastPort = null;
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage");
  Object.defineProperty(MessagePort.prototype, "onmessage", {
    configurable: true, enumerable: onmessage.enumerable, get: onmessage.get,
    set(fn) {
      const record = { ready: false, dead: false, ms: null, marks: null };
      ports.set(this, record);
      lastPort = this;
      onmessage.set.call(this, typeof fn !== "function" ? fn : function (event) {
        const data = event.data;
        if (data?.type === "ready") Object.assign(record, { ready: true, at: performance.now(), ms: data.ms, marks: data.marks ?? null, snapshot: data.snapshot ?? null, saving: data.saving === true && !record.saved });
        // The snapshot may be saved before the worker says it is ready, which then still says "saving".
        if (data?.type === "snapshot") Object.assign(record, { saving: false, saved: true });
        if (data?.type === "fatal") B.fatal = data.detail || data.message;
        return fn.call(this, event);
      });
    },
  });
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.type === "init" && lastPort && ports.has(lastPort)) {
      const record = ports.get(lastPort);
      record.spawned = performance.now();
      workers.set(this, record);
      B.workers.push(record);
    }
    return post.call(this, message, ...rest);
  };
  const terminate = Worker.prototype.terminate;
  Worker.prototype.terminate = function () {
    const record = workers.get(this);
    if (record) record.dead = true;
    return terminate.call(this);
  };
  // Idle: the interpreter and its spare are both started, nothing else is starting.
  B.idle = () => {
    const live = B.workers.filter((w) => !w.dead);
    return live.length >= 2 && live.every((w) => w.ready);
  };
  // Settled: every interpreter the page keeps has started and none is saving a
  // snapshot (one that started only to save it is gone by then).
  B.settled = () => {
    const live = B.workers.filter((w) => !w.dead);
    return live.length >= 1 && live.every((w) => w.ready && !w.saving);
  };
  addEventListener("click", () => B.clicks.push(performance.now()), true);
  // A mark is the first moment an element's text matches, after it did not.
  B.watch = (key, selector, pattern) => {
    const re = new RegExp(pattern);
    const el = document.querySelector(selector);
    delete B.marks[key];
    B.waiters.push({ key, selector, re, armed: !(el && re.test(el.textContent)) });
  };
  const check = () => {
    if (config.autoRun && !B.marks.ready && document.documentElement?.dataset.lessonReady === "true") {
      B.marks.ready = performance.now();
      document.querySelector(config.autoRun).click();
    }
    B.waiters = B.waiters.filter((w) => {
      const el = document.querySelector(w.selector);
      const hit = Boolean(el && w.re.test(el.textContent));
      if (hit && w.armed) {
        B.marks[w.key] = performance.now();
        return false;
      }
      if (!hit) w.armed = true;
      return true;
    });
  };
  for (const w of config.watch) B.watch(w.key, w.selector, w.pattern);
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["data-lesson-ready"],
  });
})();
"""

SITE_CONFIG = {"autoRun": f"{CELL1} [data-action=run]",
               "watch": [{"key": "first", "selector": CELL1_OUTPUT, "pattern": TURNS}]}
# The lesson with packages: a fixture course of the tests, built by the bench beside the site.
PACKAGES_FIXTURE = ROOT / "tests" / "fixtures" / "packages"
PACKAGES_LESSON = "courses/paquetes/fechas/"
PACKAGES_CONFIG = {"autoRun": f"{CELL1} [data-action=run]",
                   "watch": [{"key": "first", "selector": CELL1_OUTPUT, "pattern": r"six \d"}]}
SNAPSHOT_BYTES = """async () => {
  const cache = await caches.open("lessonrt-snapshot");
  const sizes = await Promise.all((await cache.keys()).map(async (request) =>
    Number((await cache.match(request)).headers.get("x-snapshot-bytes"))));
  return sizes.length ? Math.max(...sizes) : null;
}"""
BARE_CONFIG = {"autoRun": None, "watch": [{"key": "first", "selector": "#state", "pattern": "^ready$"}]}


# --------------------------------------------------------------------------- serving


class Tally:
    """What one server sent, request by request (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: list[dict[str, Any]] = []

    def add(self, record: dict[str, Any]) -> None:
        with self._lock:
            self._records.append(record)

    def take(self) -> list[dict[str, Any]]:
        """The records since the last take, and start afresh."""
        with self._lock:
            records, self._records = self._records, []
        return records


class _CountingWriter:
    def __init__(self, inner) -> None:
        self.inner, self.sent = inner, 0

    def write(self, data) -> int:
        self.sent += len(data)
        return self.inner.write(data)

    def __getattr__(self, name: str):
        return getattr(self.inner, name)


class CountingHandler(SiteHandler):
    """SiteHandler, counting the bytes it writes to the socket per request."""

    def __init__(self, *args, tally: Tally, **kwargs) -> None:
        self.tally, self.sent_headers = tally, {}
        super().__init__(*args, **kwargs)

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)

    def send_response(self, code, message=None) -> None:
        self.status = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        self.sent_headers[keyword.lower()] = value
        super().send_header(keyword, value)

    def finish(self) -> None:
        super().finish()
        path = getattr(self, "path", None)
        if path is None:
            return
        self.tally.add({"path": path.split("?")[0], "status": getattr(self, "status", 0),
                        "encoding": self.sent_headers.get("content-encoding"),
                        "body": int(self.sent_headers.get("content-length", 0) or 0),
                        "sent": self.wfile.sent, "file": self.translate_path(path)})


@dataclass
class Served:
    url: str
    tally: Tally
    server: Any

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def serve(directory: Path, isolation: bool = True) -> Served:
    """Serve `directory` with make_server, counting bytes per request."""
    server = make_server(directory, 0, isolation=isolation, quiet=True)
    tally = Tally()
    handler = server.RequestHandlerClass  # partial(SiteHandler, directory=..., isolation=..., ...)
    server.RequestHandlerClass = partial(CountingHandler, *handler.args, **handler.keywords, tally=tally)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return Served(f"http://{host}:{port}/", tally, server)


# --------------------------------------------------------------------------- preparing


def prepare(workdir: Path, site: Path | None, log: Callable[[str], None]) -> tuple[Path, Path]:
    """The built site (built here unless given) and the bare page's folder."""
    ensure_node_modules(ROOT, log=log)
    if site is None:
        site = workdir / "site"
        log("building the site (a first build compresses Pyodide with brotli -11: minutes, then cached)")
        build_site(Layout.at(ROOT), site)
    bare = workdir / "bare"
    version = read_pyodide_version()
    copy_pyodide(ROOT / "node_modules", bare, version)
    (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "bare.js").write_text(BARE_JS.replace("$VERSION", version), encoding="utf-8")
    # The same compression as the site.
    precompress(bare, cache=Layout.at(ROOT).node_modules / ".cache" / "lessonrt-precompress")
    return site, bare


# --------------------------------------------------------------------------- browser steps


def launch(playwright, profile: Path, config: dict[str, Any] | None, extra_args: list[str] | None = None):
    """A browser with its own new profile (empty caches) and the measuring script (none if
    `config` is None: the page is left alone)."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS + (extra_args or []), headless=True)
    if config is not None:
        context.add_init_script(INIT_SCRIPT.replace("$CONFIG", json.dumps(config)))
    return context


# A page that may not register a service worker: what Playwright's service_workers="block"
# does, but as the page's own state, so that it holds while the bench is disconnected.
BLOCK_SERVICE_WORKERS = """(() => {
  if (!window.ServiceWorkerContainer) return;
  Object.defineProperty(ServiceWorkerContainer.prototype, "register", {
    configurable: true,
    value: () => Promise.reject(new DOMException("blocked by the bench", "SecurityError")),
  });
})();"""

VIEWPORT = (1280, 720)  # Playwright's default
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


def fit_window(context, page) -> None:
    """Give `page` the viewport VIEWPORT by resizing its window, where it has another (a tab of
    a DetachableBrowser: the headless window counts a frame around the viewport). A window's
    bounds are the browser's own state, not DevTools', so they stay when the bench disconnects."""
    inner = page.evaluate("() => [innerWidth, innerHeight]")
    if tuple(inner) == VIEWPORT:
        return
    cdp = context.new_cdp_session(page)
    try:
        window = cdp.send("Browser.getWindowForTarget")
        bounds = window["bounds"]
        cdp.send("Browser.setWindowBounds", {"windowId": window["windowId"], "bounds": {
            "width": bounds["width"] + VIEWPORT[0] - inner[0], "height": bounds["height"] + VIEWPORT[1] - inner[1]}})
    finally:
        cdp.detach()


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
        cdp = self.context.new_cdp_session(page)
        try:
            return sum(t["type"] == "worker" for t in cdp.send("Target.getTargets")["targetInfos"])
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


def wait_mark(page, key: str, timeout: float = STEP_TIMEOUT_MS) -> float:
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function("k => window.__bench && (window.__bench.marks[k] !== undefined || window.__bench.fatal)",
                               arg=key, polling=100, timeout=timeout)
    except PlaywrightTimeoutError:
        # What the watched elements and the cells' status lines say, so that a miss tells why.
        watched = page.evaluate("""k => (window.__bench?.waiters ?? []).filter((w) => w.key === k)
          .map((w) => [w.selector, String(w.re), w.armed,
                       (document.querySelector(w.selector)?.textContent ?? "(none)").slice(-300)])""", key)
        statuses = page.evaluate("() => [...document.querySelectorAll('[role=status]')].map((e) => e.textContent)")
        raise RuntimeError(f"no {key!r} mark after {timeout / 1000:.0f} s (waiting for {watched}; "
                           f"status lines: {statuses})") from None
    fatal = page.evaluate("() => window.__bench.fatal")
    if fatal:
        raise RuntimeError(f"the page's Python worker failed: {fatal}")
    return page.evaluate("k => window.__bench.marks[k]", key)


def wait_idle(page) -> None:
    """Until the page's interpreter and its spare have both started (see INIT_SCRIPT: the bench
    follows the runtime's workers through MessagePort.onmessage and the "init" message)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function("() => window.__bench.idle() || window.__bench.fatal", polling=100,
                               timeout=START_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        workers = page.evaluate("() => __bench.workers")
        raise RuntimeError(f"the page never had a started interpreter and spare; workers seen: {workers}") from None


def wait_settled(page) -> None:
    """Until Celda 1's run is over and the interpreters the page then keeps (on a cross-origin
    isolated page, none but the cells' once the memory snapshot is saved) have all started."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function("""s => (document.querySelector(s)?.textContent ?? "").includes("terminada")
                                  && (window.__bench.settled() || window.__bench.fatal)""",
                               arg=f"{CELL1} .cell-status", polling=100, timeout=START_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        workers = page.evaluate("() => __bench.workers")
        raise RuntimeError(f"the page never settled after Celda 1's run; workers seen: {workers}") from None


def visit(page, url: str, served: Served, site: bool) -> dict[str, Any]:
    """Open `url` in `page`; return the first run's time, its longest task and the bytes."""
    served.tally.take()
    page.goto(url, wait_until="commit")
    first = wait_mark(page, "first", START_TIMEOUT_MS)
    mounted = None
    if site:
        wait_settled(page)
        mounted = editor_mounted(page)
    state = page.evaluate("() => ({marks: __bench.marks, longtasks: __bench.longtasks, workers: __bench.workers,"
                          " frames: __bench.frames, paint: performance.getEntriesByName('first-contentful-paint')"
                          ".map((e) => e.startTime)[0] ?? null})")
    tasks = [duration for start, duration in state["longtasks"] if start < first]
    # While the interpreter starts: tasks that begin between the press of Ejecutar (the
    # "ready" mark, set at the end of the page's own start-up task) and the output.
    ready = state["marks"].get("ready")
    starting = [duration for start, duration in state["longtasks"]
                if ready is not None and ready <= start < first]
    frames = [f for f in state["frames"] if f["start"] < first]
    # Frames that begin after the press, as the tasks above: the one that ran the press
    # is the page's own start-up, shown as "its longest frame".
    starting_frames = [f for f in frames if ready is not None and f["start"] >= ready]
    # After the output, until Celda 1's editor has mounted: the editor's parts are
    # evaluated in idle time once Python is no longer starting or running.
    editor_tasks = [duration for start, duration in state["longtasks"]
                    if mounted is not None and first <= start < mounted]
    return {"first": first, "longest": max(tasks, default=0.0), "longtasks": tasks,
            "mounted": mounted, "longest_editor": max(editor_tasks, default=0.0),
            "longest_starting": max(starting, default=0.0),
            "longest_frame": max(frames, key=lambda f: f["duration"], default=None),
            "longest_starting_frame": max(starting_frames, key=lambda f: f["blocking"] or 0, default=None),
            "ready": state["marks"].get("ready"), "workers": state["workers"], "paint": state["paint"],
            "requests": served.tally.take()}


def editor_mounted(page) -> float:
    """Bring Celda 1 on screen (boxes mount only there), wait for its editor; return when it
    mounted, in the page's milliseconds from navigation."""
    page.evaluate("""s => {
      const cell = document.querySelector(s);
      const look = (observer) => {
        if (!cell.querySelector(".cm-editor")) return false;
        window.__bench.mounted = performance.now();
        observer?.disconnect();
        return true;
      };
      window.__bench.mounted = null;
      if (!look()) new MutationObserver((_, observer) => look(observer)).observe(cell, { childList: true, subtree: true });
      cell.scrollIntoView({ block: "start" });
    }""", CELL1)
    page.wait_for_function("() => window.__bench.mounted !== null", polling=100, timeout=START_TIMEOUT_MS)
    return page.evaluate("() => window.__bench.mounted")


def timed_click(page, button: str, key: str, selector: str, pattern: str) -> float:
    """Click `button` for real; milliseconds from its click event until `selector` matches."""
    page.evaluate("([k, s, p]) => __bench.watch(k, s, p)", [key, selector, pattern])
    page.locator(button).click()
    end = wait_mark(page, key)
    start = page.evaluate("() => __bench.clicks.at(-1)")
    return end - start


def replace_code(page, textbox, code: str) -> None:
    textbox.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(code)
    from playwright.sync_api import expect

    expect(textbox).to_have_text(code, use_inner_text=True, timeout=STEP_TIMEOUT_MS)


def recovery(page, loop: str) -> float:
    """Milliseconds from Detener on a runaway Celda 2 to Celda 1's next output."""
    cell2 = page.get_by_role("region", name="Celda 2")
    replace_code(page, cell2.get_by_role("textbox"), f'print("en marcha")\n{loop}\n')
    wait_idle(page)
    page.evaluate("([k, s, p]) => __bench.watch(k, s, p)", ["runaway", f"{CELL2} .cell-output", "en marcha"])
    cell2.get_by_role("button", name="Ejecutar").click()
    wait_mark(page, "runaway")
    page.locator(f"{CELL2} [data-action=stop]").wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    page.evaluate("""([output, stop, run, turns]) => {
        __bench.watch("recovered", output, turns);
        __bench.marks.stopAt = performance.now();
        document.querySelector(stop).click();
        document.querySelector(run).click();
    }""", [CELL1_OUTPUT, f"{CELL2} [data-action=stop]", f"{CELL1} [data-action=run]", TURNS])
    end = wait_mark(page, "recovered")
    status = page.locator(f"{CELL2} .cell-status").text_content()
    if "detenida" not in status:
        raise RuntimeError(f"Celda 2 was not stopped: its status reads {status!r}")
    return end - page.evaluate("() => __bench.marks.stopAt")


# What a second visit is served from: the service worker's copy of Pyodide, which it makes
# once Python has started on the first visit (web/src/offline.js registers it only then).
PYODIDE_KEPT = """async ([cacheName, names, ms]) => {
  const until = performance.now() + ms;
  for (;;) {
    const registration = await navigator.serviceWorker?.getRegistration();
    const kept = registration?.active ? (await (await caches.open(cacheName)).keys()).map((r) => r.url) : [];
    if (names.every((name) => kept.some((url) => url.endsWith("/" + name)))) return true;
    if (performance.now() > until) return false;
    await new Promise((next) => setTimeout(next, 100));
  }
}"""
# Pyodide's own pyodide-lock.json is not among them: a lesson with packages loads the site's.
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]


def wait_kept(page) -> None:
    """Until the service worker has kept Pyodide's files, so that the next visit is a
    learner's second visit and not one that overtakes the first one's copying."""
    cache = f"lessonrt-pyodide-{read_pyodide_version()}"
    if not page.evaluate(PYODIDE_KEPT, [cache, PYODIDE_FILES, START_TIMEOUT_MS]):
        raise RuntimeError(f"the service worker did not keep Pyodide's files in {cache}")


def new_tab(context, old):
    page = context.new_page()
    fit_window(context, page)
    old.close()
    return page


def two_visits(context, page, url: str, served: Served, *, kept: bool = True):
    """A first visit in `page`, then a second in a new tab once the first has settled (and,
    unless service workers are blocked, once the service worker has kept Pyodide's files).
    Returns both visits' results and the second tab."""
    cold = visit(page, url, served, site=True)
    if kept:
        wait_kept(page)
    time.sleep(SETTLE_S)
    page = new_tab(context, page)
    return cold, visit(page, url, served, site=True), page


def bare_round(playwright, served: Served, profile: Path, samples: dict, idle_s: float) -> None:
    probe = MemoryProbe()
    browser = DetachableBrowser(playwright, profile, BARE_CONFIG, probe.args)
    try:
        memory = {"blank": browser.blank(probe)}
        context = browser.connect()
        page = context.pages[0] if context.pages else context.new_page()
        cold = visit(page, served.url, served, site=False)
        time.sleep(SETTLE_S)
        page = new_tab(context, page)
        warm = visit(page, served.url, served, site=False)
        memory["idle"], page = idle_memory(browser, page, probe, idle_s)
    finally:
        browser.close()
    add(samples, "bare", cold, warm)
    add_memory(samples, "bare", memory)


def site_round(playwright, served: Served, profile: Path, samples: dict, solution: str, reps: int,
               idle_s: float) -> None:
    probe = MemoryProbe()
    browser = DetachableBrowser(playwright, profile, SITE_CONFIG, probe.args)
    try:
        memory = {"blank": browser.blank(probe)}
        context = browser.connect()
        page = context.pages[0] if context.pages else context.new_page()
        cold, warm, page = two_visits(context, page, served.url + LESSON, served)
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
QUICK_COLD_PAIRS = 1


def throttled(context, page=None):
    """A tab of `context` whose CPU runs THROTTLE times slower, set before it navigates."""
    page = page or context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    return page


def throttled_round(playwright, served: Served, profile: Path, samples: dict) -> None:
    context = launch(playwright, profile, SITE_CONFIG)
    try:
        page = throttled(context, context.pages[0] if context.pages else None)
        cold = visit(page, served.url + LESSON, served, site=True)
        wait_kept(page)
        time.sleep(SETTLE_S)
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


def check(page) -> float:
    """Milliseconds from Comprobar to the final summary; the accepted solution must pass."""
    ms = timed_click(page, "section.challenge [data-action=check]", "check", SUMMARY,
                     r"^\d+ de \d+ pruebas superadas$")
    summary = page.locator(SUMMARY).text_content()
    passed, total = map(int, re.findall(r"\d+", summary)[:2])
    if passed != total:
        raise RuntimeError(f"the accepted solution {SOLUTION.name} did not pass: {summary!r}")
    return ms


def plain_round(playwright, served: Served, profile: Path, samples: dict) -> None:
    context = launch(playwright, profile, SITE_CONFIG)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, served.url + LESSON, served, site=True)
        for name, loop in LOOPS.items():
            samples[f"recover_plain_{name}"]["site"].append(recovery(page, loop))
    finally:
        context.close()


def nosw_round(playwright, served: Served, profile: Path, samples: dict, idle_s: float) -> None:
    """The other side of the service worker's memory: the lesson's page alone, before any
    Python (no click), and the same two visits as site_round's with service workers blocked,
    idle as long; each in a browser of its own, against its own blank."""
    probe = MemoryProbe()
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
    probe = MemoryProbe()
    browser = DetachableBrowser(playwright, profile / "nosw", SITE_CONFIG, probe.args, block_service_workers=True)
    try:
        blank = browser.blank(probe)
        context = browser.connect()
        page = context.pages[0] if context.pages else context.new_page()
        _, _, page = two_visits(context, page, served.url + LESSON, served, kept=False)
        samples["mem_nosw"]["site"].append(idle_memory(browser, page, probe, idle_s)[0]["pss_mb"] - blank["pss_mb"])
    finally:
        browser.close()


def packages_round(playwright, served: Served, profile: Path, samples: dict) -> None:
    """The fixture lesson that loads python-dateutil (and six) before its first cell: its first
    run on a first and a second visit, the part of it spent loading the packages, and the
    size of the memory snapshot its spare saved (what a snapshot per lesson would cost)."""
    context = launch(playwright, profile, PACKAGES_CONFIG)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        cold, warm, page = two_visits(context, page, served.url + PACKAGES_LESSON, served)
        snapshot = page.evaluate(SNAPSHOT_BYTES)
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


# --------------------------------------------------------------------------- memory

# Seconds a tab idles before its memory is taken (see the module's docstring).
IDLE_S = 12.0
QUICK_IDLE_S = 2.0  # --quick: its one round only proves that every row is produced
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

    def __init__(self) -> None:
        self.marker = f"--lessonrt-bench={uuid.uuid4().hex}"
        self.blank_mb: float | None = None

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
        time.sleep(BLANK_SETTLE_S)
        sample = self.pss()
        self.blank_mb = sample["pss_mb"]
        return sample

    def moment(self, page, sample: dict[str, Any], workers: int) -> dict[str, Any]:
        """`sample`, the Pss taken first (measureUserAgentSpecificMemory() collects garbage),
        with what the page says of itself and `workers`, how many dedicated workers run."""
        sample["extra_mb"] = sample["pss_mb"] - self.blank_mb
        sample["visibility"] = page.evaluate("() => document.visibilityState")
        sample["workers"] = workers
        sample["js"] = page.evaluate(JS_MEMORY)
        return sample


def idle_memory(browser: DetachableBrowser, page, probe: MemoryProbe, seconds: float):
    """The browser's memory after `page` has idled `seconds` with the bench disconnected;
    returns it and the page as found again once reconnected."""
    url = page.url
    browser.disconnect()
    time.sleep(seconds)
    pss = probe.pss()
    browser.connect()
    page = browser.page(url)
    return probe.moment(page, pss, browser.dedicated_workers(page)), page


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


MEMORY_ROWS = {"idle": "mem_idle", "hidden": "mem_hidden", "check": "mem_check"}


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


# --------------------------------------------------------------------------- computed sizes


class Encoded:
    """Sizes of a file as a host that compresses on the fly would send it (memoised)."""

    def __init__(self) -> None:
        self.sizes: dict[tuple[str, float], dict[str, int]] = {}
        try:
            import brotli  # type: ignore
        except ImportError:
            brotli = None
        self.brotli = brotli

    def of(self, path: str) -> dict[str, int]:
        file = Path(path)
        if file.is_dir():
            file = file / "index.html"
        key = (str(file), file.stat().st_mtime)
        if key not in self.sizes:
            data = file.read_bytes()
            sizes = {"identity": len(data), "gzip": len(gzip.compress(data, 6, mtime=0))}
            if self.brotli is not None:
                sizes["br"] = len(self.brotli.compress(data, quality=5))
            self.sizes[key] = sizes
        return self.sizes[key]

    def total(self, requests: list[dict[str, Any]], encoding: str) -> int | None:
        """Bytes of `requests` had every 200 body been sent with `encoding` (headers as sent)."""
        total = 0
        for r in requests:
            headers = r["sent"] - r["body"]
            if r["status"] != 200 or not Path(r["file"]).exists():
                total += r["sent"]
                continue
            sizes = self.of(r["file"])
            if encoding not in sizes:
                return None
            total += headers + min(sizes[encoding], sizes["identity"])
        return total


# --------------------------------------------------------------------------- the table


@dataclass
class Row:
    key: str
    label: str
    unit: str  # "ms", "B", "MB" or "n" (a count)
    target: str  # human text
    limit: Callable[[dict], float | None]  # the allowed value, from the medians
    bare: bool = False  # show bare Pyodide's value and the ratio
    worst: bool = False  # the target holds for every round: judge the largest sample, not the median
    against: str | None = None  # the row whose bare Pyodide figure this one is compared with (default: its own)


def _med(samples: dict, key: str, who: str = "site") -> float | None:
    values = samples.get(key, {}).get(who) or []
    return statistics.median(values) if values else None


ROWS = [
    Row("cold", "First run, first visit (cold cache)", "ms", "≤ 1.0 × bare cold start",
        lambda s: 1.0 * _med(s, "cold", "bare"), bare=True),
    Row("warm", "First run, second visit (warm cache)", "ms", "≤ 0.30 × bare warm start",
        lambda s: 0.30 * _med(s, "warm", "bare"), bare=True),
    Row("rerun", "Rerun of Celda 1, interpreter warm", "ms", "≤ 50 ms, every round", lambda s: 50, worst=True),
    Row("check", "Comprobar (accepted solution), warm", "ms", "≤ 300 ms", lambda s: 300),
    Row("check_again", "  Comprobar again at once (spare still starting)", "ms", "≤ 300 ms", lambda s: 300),
    Row("recover_iso_py", "Detener → output, while True: pass, isolated", "ms", "≤ 100 ms", lambda s: 100),
    Row("recover_iso_c", "Detener → output, sum(range(10**12)), isolated", "ms", "≤ 100 ms", lambda s: 100),
    Row("recover_plain_py", "Detener → output, while True: pass, not isolated", "ms",
        "≤ 0.3 × bare warm start", lambda s: 0.3 * _med(s, "warm", "bare")),
    Row("recover_plain_c", "Detener → output, sum(range(10**12)), not isolated", "ms",
        "≤ 0.3 × bare warm start", lambda s: 0.3 * _med(s, "warm", "bare")),
    Row("bytes_first", "Bytes on the wire, first visit (as served)", "B", "≤ 0.85 × bare",
        lambda s: 0.85 * _med(s, "bytes_first", "bare"), bare=True),
    Row("bytes_first_gzip", "  same, host gzips on the fly (-6)", "B", "≤ 0.85 × bare",
        lambda s: 0.85 * _med(s, "bytes_first_gzip", "bare"), bare=True),
    Row("bytes_first_br", "  same, host brotlis on the fly (-5)", "B", "≤ 0.85 × bare",
        lambda s: 0.85 * _med(s, "bytes_first_br", "bare"), bare=True),
    Row("bytes_first_identity", "  same, host sends no compression", "B", "≤ 0.85 × bare",
        lambda s: 0.85 * _med(s, "bytes_first_identity", "bare"), bare=True),
    Row("bytes_second", "Bytes on the wire, second visit", "B", "≤ 50 kB", lambda s: 50_000, bare=True),
    Row("longtask_start_cold", "Longest main-thread task while Python starts (cold)", "ms", "≤ 50 ms", lambda s: 50),
    Row("longtask_start_warm", "Longest main-thread task while Python starts (warm)", "ms", "≤ 50 ms", lambda s: 50),
    Row("longtask_cold", "Longest main-thread task, navigation → first output (cold)", "ms", "≤ 50 ms", lambda s: 50, bare=True),
    Row("longtask_warm", "Longest main-thread task, navigation → first output (warm)", "ms", "≤ 50 ms", lambda s: 50, bare=True),
    Row("longtask_editor_cold", "Longest main-thread task, first output → Celda 1's editor (cold)", "ms",
        "≤ 50 ms", lambda s: 50),
    Row("longtask_editor_warm", "Longest main-thread task, first output → Celda 1's editor (warm)", "ms",
        "≤ 50 ms", lambda s: 50),
    Row("slow_longtask_cold", "  navigation → first output, CPU 4× slower (cold)", "ms", "≤ 200 ms", lambda s: 200),
    Row("slow_longtask_warm", "  navigation → first output, CPU 4× slower (warm)", "ms", "≤ 200 ms", lambda s: 200),
    Row("slow_longtask_editor_cold", "  first output → Celda 1's editor, CPU 4× slower (cold)", "ms", "≤ 200 ms",
        lambda s: 200),
    Row("slow_longtask_editor_warm", "  first output → Celda 1's editor, CPU 4× slower (warm)", "ms", "≤ 200 ms",
        lambda s: 200),
    Row("slow_paint_cold", "First contentful paint, CPU 4× slower (cold)", "ms", "text at first paint", lambda s: None),
    Row("slow_paint_warm", "First contentful paint, CPU 4× slower (warm)", "ms", "text at first paint", lambda s: None),
    Row("slow_first_cold", "First run, CPU 4× slower (cold)", "ms", "–", lambda s: None),
    Row("slow_first_warm", "First run, CPU 4× slower (warm)", "ms", "–", lambda s: None),
    Row("bucle_package_files", "Package files fetched by «El bucle» (both visits)", "n", "none",
        lambda s: 0),
    Row("pkg_cold", "Lesson with packages (python-dateutil, six): first run, first visit", "ms", "–",
        lambda s: None, bare=True, against="cold"),
    Row("pkg_warm", "  same, second visit", "ms", "–", lambda s: None, bare=True, against="warm"),
    Row("pkg_load_cold", "  of which loading its packages, first visit", "ms", "–", lambda s: None),
    Row("pkg_load_warm", "  of which loading its packages, second visit", "ms", "–", lambda s: None),
    Row("snapshot_bytes", "Memory snapshot kept in Cache Storage", "B", "–", lambda s: None),
    Row("mem_idle", "Memory, idle after the first run (visible tab)", "MB", "≤ 1.5 × bare",
        lambda s: 1.5 * _med(s, "mem_idle", "bare"), bare=True),
    Row("mem_nosw", "  same, service worker blocked", "MB", "–", lambda s: None, bare=True, against="mem_idle"),
    Row("mem_page", "  the page alone, before any Python", "MB", "–", lambda s: None, bare=True, against="mem_idle"),
    Row("mem_hidden", "Memory, idle, hidden tab", "MB", "≤ 1.1 × bare",
        lambda s: 1.1 * _med(s, "mem_idle", "bare"), bare=True, against="mem_idle"),
    Row("mem_check", "Memory after Comprobar", "MB", "–", lambda s: None, bare=True, against="mem_idle"),
]
"""Every row of the table, in order. `tests/test_bench.py` checks that each is printed."""


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "–"
    if unit == "MB":
        return f"{value:.0f} MB" if abs(value) >= 100 else f"{value:.1f} MB"
    if unit == "n":
        return f"{value:.0f}"
    if unit == "B":
        return f"{value / 1e6:.2f} MB" if value >= 1e6 else f"{value / 1e3:.1f} kB"
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"


def cell(values: list[float], unit: str) -> str:
    if not values:
        return "–"
    text = fmt(statistics.median(values), unit)
    if len(values) > 1:
        text += f" ({fmt(min(values), unit)}–{fmt(max(values), unit)})"
    return text


def verdict(row: Row, samples: dict) -> str:
    values = samples.get(row.key, {}).get("site") or []
    site = max(values, default=None) if row.worst else _med(samples, row.key)
    try:
        limit = row.limit(samples)
    except TypeError:  # a median the limit needs is missing
        limit = None
    if site is None or limit is None:
        return "–"
    if "longtask" in row.key and site < 50:
        return "met (no task ≥ 50 ms)" if site == 0 else "met"
    if site <= limit:
        return "met"
    over = site - limit
    return f"missed by {fmt(over, row.unit)} (+{100 * over / limit:.0f}%)"


def table(samples: dict, machine: dict) -> str:
    lines = [
        f"Lesson page against bare Pyodide {machine['pyodide']} in {machine['browser']} (headless), "
        f"{machine['rounds']} round(s)",
        f"Machine: {machine['cpus']} CPUs ({machine['cpu']}), {machine['memory']}; load average "
        f"{machine['load_start']} at the start, {machine['load_end']} at the end",
        f"Code: {machine['commit']}; {machine['when']}",
        f"Served by lessonsite.server with {machine.get('served', 'unknown encodings')}.",
        "Cells: median (min–max over rounds; the first visit's first run and the CPU 4× slower first "
        f"visit's rows: over every such visit, {1 + machine.get('cold_pairs', 0)} a round); "
        "ratio = lesson median / bare median.",
        "Memory: Pss summed over the browser's processes, MB more than a blank browser; the hidden tab "
        "and after-Comprobar rows are compared with bare Pyodide's visible idle.",
        "",
    ]
    header = ["measurement", "lesson page", "bare Pyodide", "ratio", "target", "verdict"]
    body = []
    for row in ROWS:
        site = samples.get(row.key, {}).get("site", [])
        bare = samples.get(row.against or row.key, {}).get("bare", []) if row.bare else []
        ratio = "–"
        if row.bare and site and bare and statistics.median(bare):
            ratio = f"{statistics.median(site) / statistics.median(bare):.2f}"
        body.append([row.label, cell(site, row.unit), cell(bare, row.unit) if row.bare else "", ratio,
                     row.target, verdict(row, samples)])
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    render = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
    lines += [render(header), render(["-" * w for w in widths]), *map(render, body)]
    memory = memory_breakdown(samples)
    if memory:
        lines += ["", memory]
    breakdown = start_breakdown(samples)
    if breakdown:
        lines += ["", "Where the lesson page's first run goes (median ms from navigation start):", *breakdown]
    return "\n".join(lines)


def start_breakdown(samples: dict) -> list[str]:
    """Median of: page ready (Ejecutar pressed), worker started, worker ready, output."""
    lines = []
    for visit_name in ("cold", "warm"):
        rounds = [d[visit_name] for d in samples["detail"].get("site", [])]
        rows = []
        for r in rounds:
            workers = r["workers"]
            if not workers or r["ready"] is None:
                continue
            w = workers[0]
            rows.append((r["ready"], w.get("spawned"), w.get("at"), r["first"], w.get("marks") or {}, w.get("snapshot")))
        if not rows:
            continue
        med = lambda i: statistics.median(x[i] for x in rows if x[i] is not None)
        stages = {}
        for x in rows:
            for stage, ms in x[4].items():
                stages.setdefault(stage, []).append(ms)
        stage_text = ", ".join(f"{k} at +{statistics.median(v):.0f}" for k, v in stages.items())
        snapshots = sorted({x[5] for x in rows if x[5]})
        if snapshots:
            stage_text += f"; memory snapshot: {', '.join(snapshots)}"
        lines.append(f"  {visit_name}: page ready {med(0):.0f}, worker created {med(1):.0f}, "
                     f"Python ready {med(2):.0f}, output {med(3):.0f}"
                     + (f" (worker stages, ms after its start: {stage_text})" if stage_text else ""))
        for label, name in (("its longest frame", "longest_frame"),
                            ("its longest frame while Python starts", "longest_starting_frame")):
            frame = max((r.get(name) for r in rounds if r.get(name)), key=lambda f: f["duration"], default=None)
            if frame:
                lines.append(describe_frame(label, frame))
    return lines


def describe_frame(label: str, frame: dict) -> str:
    """One long animation frame: when, how long, and the scripts that ran in it."""
    scripts = sorted(frame["scripts"], key=lambda x: -x["duration"])[:3]
    what = "; ".join(f"{x['duration']:.0f} ms {x['invoker']}"
                     f"{' (forced layout ' + format(x['layout'], '.0f') + ' ms)' if x['layout'] else ''}"
                     for x in scripts) or "no script: style and layout"
    return (f"    {label}: {frame['duration']:.0f} ms at {frame['start']:.0f}, "
            f"layout {frame['layout']:.0f} ms; scripts: {what}")


def served_encodings(samples: dict) -> str:
    """How the big files went out on the lesson page's first visits, e.g. "br: 14 files"."""
    counts: dict[str, int] = {}
    for detail in samples["detail"].get("site", []):
        for r in detail["cold"]["requests"]:
            if r["status"] == 200:
                counts[r["encoding"] or "identity"] = counts.get(r["encoding"] or "identity", 0) + 1
    return ", ".join(f"{k} for {v} responses" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])) \
        or "no response"


# --------------------------------------------------------------------------- running


def machine_info(rounds: int) -> dict[str, Any]:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "memory unknown"
    try:
        kb = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())[1])
        memory = f"{kb / 1024 / 1024:.1f} GiB RAM"
    except (OSError, TypeError):
        pass
    try:
        browser = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        browser = "Chromium"
    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip() or "not a git checkout"
    return {"cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
            "cpu": cpu, "memory": memory, "browser": browser or "Chromium",
            "pyodide": read_pyodide_version(), "python": platform.python_version(),
            "load_start": " ".join(f"{x:.2f}" for x in os.getloadavg()), "load_end": "",
            "commit": commit, "when": time.strftime("%Y-%m-%d %H:%M:%S %z"), "rounds": rounds}


@dataclass
class Report:
    table: str
    samples: dict
    machine: dict
    files: list[Path] = field(default_factory=list)


def run(rounds: int = 5, *, site: Path | None = None, out: Path | None = ROOT / "bench-results",
        reps: int = 3, idle_s: float = IDLE_S, cold_pairs: int = COLD_PAIRS,
        log: Callable[[str], None] = print) -> Report:
    """Run the benchmark; print nothing but progress through `log`; return the report."""
    from playwright.sync_api import sync_playwright

    samples: dict[str, Any] = {row.key: {"site": [], "bare": []} for row in ROWS}
    samples["detail"] = {}
    machine = machine_info(rounds)
    machine["cold_pairs"] = cold_pairs
    solution = SOLUTION.read_text(encoding="utf-8")
    encoded = Encoded()
    with tempfile.TemporaryDirectory(prefix="lessonrt-bench-") as tmp:
        workdir = Path(tmp)
        site, bare = prepare(workdir, site, log)
        log("building the lesson with packages (its wheels come from the build's cache, or PyPI)")
        with_packages = build_site(Layout.courses_only(PACKAGES_FIXTURE), workdir / "packages").out
        servers = {"site": serve(site), "plain": serve(site, isolation=False), "bare": serve(bare),
                   "packages": serve(with_packages)}
        try:
            with sync_playwright() as playwright:
                for n in range(rounds):
                    profiles = {k: workdir / f"profile-{n}-{k}" for k in STEP_NAMES}
                    steps = [("bare", lambda: bare_round(playwright, servers["bare"], profiles["bare"], samples,
                                                         idle_s)),
                             ("site", lambda: site_round(playwright, servers["site"], profiles["site"], samples,
                                                         solution, reps, idle_s)),
                             ("plain", lambda: plain_round(playwright, servers["plain"], profiles["plain"],
                                                           samples)),
                             ("slow", lambda: throttled_round(playwright, servers["site"], profiles["slow"], samples)),
                             ("packages", lambda: packages_round(playwright, servers["packages"], profiles["packages"],
                                                                 samples)),
                             ("nosw", lambda: nosw_round(playwright, servers["site"], profiles["nosw"], samples,
                                                         idle_s)),
                             ("cold", lambda: cold_round(playwright, servers, profiles["cold"], samples, cold_pairs,
                                                         lesson_first=n % 2 == 1))]
                    if n % 2:  # alternate who goes first: a machine warming up favours neither
                        steps = steps[1:2] + steps[:1] + steps[2:]
                    for name, step in steps:
                        log(f"round {n + 1}/{rounds}: {STEP_NAMES[name]}")
                        step()
                        shutil.rmtree(profiles[name], ignore_errors=True)
        finally:
            for served in servers.values():
                served.close()
        for who in ("site", "bare"):
            for detail in samples["detail"].get(who, []):
                for encoding in ("gzip", "br", "identity"):
                    total = encoded.total(detail["cold"]["requests"], encoding)
                    if total is not None:
                        samples[f"bytes_first_{encoding}"][who].append(total)
    machine["load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    machine["served"] = served_encodings(samples)
    report = Report(table(samples, machine), samples, machine)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        text, data = out / f"bench-{stamp}.txt", out / f"bench-{stamp}.json"
        text.write_text(report.table + "\n", encoding="utf-8")
        data.write_text(json.dumps({"machine": machine, "samples": samples}, indent=1, default=str) + "\n",
                        encoding="utf-8")
        report.files = [text, data]
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one round, tabs idle 2 s before memory is taken, one rerun and one grade (CI proves the bench works)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per page (default 5, --quick 1)")
    parser.add_argument("--site", type=Path, help="bench this built site instead of building one")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results",
                        help="folder for the table and the raw samples (default bench-results/)")
    args = parser.parse_args(argv)
    rounds = args.rounds or (1 if args.quick else 5)
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    log = lambda message: print(message, file=sys.stderr, flush=True)
    try:
        report = run(rounds, site=args.site, out=args.out, reps=1 if args.quick else 3,
                     idle_s=QUICK_IDLE_S if args.quick else IDLE_S,
                     cold_pairs=QUICK_COLD_PAIRS if args.quick else COLD_PAIRS, log=log)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(report.table)
    for path in report.files:
        log(f"wrote {rel(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
