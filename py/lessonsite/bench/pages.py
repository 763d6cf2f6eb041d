"""The pages the bench drives and the steps it takes in them: the bare Pyodide page it
writes next to Pyodide's npm files, the measuring script it adds to every page (marks, long
tasks, the runtime's workers), and the visits, clicks and waits of a round, each timed on the
page's own clock."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, Callable

from ..assets import copy_pyodide, ensure_node_modules
from ..builder import build_site
from ..compress import precompress
from ..layout import Layout, ROOT, read_pyodide_version
from .serving import Served


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


BENCH_LESSON = ("llm-agents", "el-bucle")
"""The page the bench times, named rather than found: its marks read that lesson's own cells
(Celda 1 prints «4 turnos», Celda 2 is where a runaway loop is stopped), so a course that adds a
lesson before it must not move the bench onto a page whose cells say something else."""


def _bench_lesson() -> tuple[str, Path]:
    """The bench's lesson and the accepted solution of its corpus that Comprobar grades (the
    shortest: the grade's time is the grader's, not the learner's loop's)."""
    from ..content import load_courses

    course, slug = BENCH_LESSON
    lesson = next(lesson for found in load_courses(ROOT / "web" / "courses") if found.slug == course
                  for lesson in found.lessons if lesson.slug == slug)
    accepted = sorted((lesson.folder / "corpus" / "accept").glob("*.py"), key=lambda p: (p.stat().st_size, p.name))
    return f"courses/{lesson.course}/{lesson.slug}/", accepted[0]


LESSON, SOLUTION = _bench_lesson()
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
LOOPS = {"py": "while True:\n    pass", "c": "sum(range(10**12))"}


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
# The lesson that draws, a course of the same fixture: Celda 1 prints, then shows a pygal chart,
# a PNG written with pypng and an HTML table.
DRAWING_LESSON = "courses/dibujos/graficos/"
# Marks "picture" when the first picture that was not in Celda 1's output before is decoded,
# ready to paint (the output is emptied when a run starts, so it is the run's first picture).
PICTURE = """s => {
  const output = document.querySelector(s);
  const before = new Set(output.querySelectorAll("img"));
  delete window.__bench.marks.picture;
  const observer = new MutationObserver(() => {
    const img = [...output.querySelectorAll("img")].find((each) => !before.has(each));
    if (!img) return;
    observer.disconnect();
    img.decode().then(() => { window.__bench.marks.picture = performance.now(); },
                      () => { window.__bench.fatal = "the first picture could not be decoded"; });
  });
  observer.observe(output, { childList: true, subtree: true });
}"""
SNAPSHOT_BYTES = """async () => {
  const cache = await caches.open("lessonrt-snapshot");
  const sizes = await Promise.all((await cache.keys()).map(async (request) =>
    Number((await cache.match(request)).headers.get("x-snapshot-bytes"))));
  return sizes.length ? Math.max(...sizes) : null;
}"""
BARE_CONFIG = {"autoRun": None, "watch": [{"key": "first", "selector": "#state", "pattern": "^ready$"}]}


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


def timed_picture(page) -> float:
    """Milliseconds from a real click on Celda 1's Ejecutar to its first picture, decoded."""
    page.evaluate(PICTURE, CELL1_OUTPUT)
    page.locator(f"{CELL1} [data-action=run]").click()
    end = wait_mark(page, "picture")
    return end - page.evaluate("() => __bench.clicks.at(-1)")


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


def two_visits(context, page, url: str, served: Served, *, kept: bool = True, between=None,
               pause: bool = True):
    """A first visit in `page`, then a second in a new tab once the first has settled (and,
    unless service workers are blocked, once the service worker has kept Pyodide's files).
    `between(page, first visit's result)`, if given, runs right after the first visit and
    returns (what it measured, the tab as it found it again), kept as the result's "memory".
    Returns both visits' results and the second tab."""
    cold = visit(page, url, served, site=True)
    if between is not None:
        cold["memory"], page = between(page, cold)
        context = page.context  # a reconnection gives the same tabs in another context object
    if kept:
        wait_kept(page)
    time.sleep(SETTLE_S if pause else 0)
    page = new_tab(context, page)
    return cold, visit(page, url, served, site=True), page


def check(page) -> float:
    """Milliseconds from Comprobar to the final summary; the accepted solution must pass."""
    ms = timed_click(page, "section.challenge [data-action=check]", "check", SUMMARY,
                     r"^\d+ de \d+ pruebas superadas$")
    summary = page.locator(SUMMARY).text_content()
    passed, total = map(int, re.findall(r"\d+", summary)[:2])
    if passed != total:
        raise RuntimeError(f"the accepted solution {SOLUTION.name} did not pass: {summary!r}")
    return ms
