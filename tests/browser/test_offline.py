"""The service worker (web/src/sw.js): after one visit where Python ran, the lesson works
offline; on a host that cannot send COOP/COEP, later page views are cross-origin isolated;
and where service workers are unavailable the page works as before, without a word."""

from __future__ import annotations

import json
import re

from collections import Counter

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from lessonsite import bench
from lessonsite.content import load_courses, load_site
from lessonsite.i18n import gettext_for
from lessonsite.render import site_lang
from lessonsite.runtime import read_manifest
from lesson_page import ROOT, START, cell, open_lesson, output, replace_code, run_original_cell_1
from words import SPANISH

from tests.el_bucle import COMPROBACIONES
from test_next_lessons import cpython_output

# Service workers are what is tested: each test is a first visit in a context of its own.
pytestmark = [pytest.mark.slow, pytest.mark.cold]
ACCEPTED = sorted((ROOT / "web" / "courses" / "llm-agents" / "el-bucle" / "corpus" / "accept").glob("*.py"))[0]

# Pyodide's five files, the build's first archive of the standard library and the whole
# library, which the service worker fetches in the background.
PYODIDE_KEPT = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active) return false;
  const cache = await caches.open("lessonrt-pyodide-314.0.7");
  return (await cache.keys()).length === 6;
}"""

# Modules the build's first archive lacks (tests/test_stdlib.py checks that it does), each
# with what it prints.
BEYOND_THE_FIRST_ARCHIVE = (
    "import decimal, fractions, sqlite3\n"
    "print(decimal.Decimal('0.1') + decimal.Decimal('0.2'), fractions.Fraction(3, 6))\n"
    "print(sqlite3.connect(':memory:').execute('select 6 * 7').fetchone()[0])\n"
)
BEYOND_PRINTS = "0.3 1/2\n42\n"


# Done from the page, as any script of the origin could: junk in place of the precached
# copy of the page at path [0], and the copy of the page at path [1] deleted (either may be null).
DAMAGE_THE_PRECACHE = """async ([junk, gone]) => {
  const name = (await caches.keys()).find((n) => n.startsWith("workbox-precache"));
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (gone && path.endsWith("/" + gone)) await cache.delete(request);
    if (junk && path.endsWith("/" + junk)) {
      await cache.put(request, new Response("<p>basura</p>", {headers: {"content-type": "text/html"}}));
    }
  }
}"""
IN_THE_PRECACHE = """async (path) => {
  const name = (await caches.keys()).find((n) => n.startsWith("workbox-precache"));
  const keys = await (await caches.open(name)).keys();
  return keys.some((request) => new URL(request.url).pathname.endsWith("/" + path));
}"""


def stdlib_archive(site) -> str:
    """The name of the build's first archive of the standard library."""
    return read_manifest(site)["stdlib"]


def solve_the_challenge(page: Page) -> None:
    """Paste an accepted loop into the challenge and press Comprobar: every check passes."""
    region = page.get_by_role("region", name="Desafío")
    region.get_by_role("textbox", name="Código del desafío").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(ACCEPTED.read_text(encoding="utf-8"))
    region.get_by_role("button", name="Comprobar").click()
    total = len(COMPROBACIONES)
    expect(region.get_by_role("status")).to_have_text(f"{total} de {total} pruebas superadas", timeout=START)


def run_code(page: Page, code: str, status: str | re.Pattern = "Ejecución terminada.") -> str:
    """Cell 1 runs `code`: what it printed."""
    region = cell(page, 1)
    replace_code(page, region, 1, code)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(status, timeout=START)
    return output(region).text_content()


def first_visit(page: Page, url: str) -> None:
    """A visit where Python ran once, then everything the next visit needs is kept."""
    open_lesson(page, url)
    run_original_cell_1(page)
    kept = page.evaluate(f"""async () => {{
      const until = performance.now() + 90_000;  // polled in the page: the predicate is asynchronous
      while (!(await ({PYODIDE_KEPT})())) {{
        if (performance.now() > until) return false;
        await new Promise((next) => requestAnimationFrame(next));
      }}
      return true;
    }}""")
    assert kept, "the service worker never kept Pyodide's files"


@pytest.mark.smoke
def test_a_second_visit_works_offline(context: BrowserContext, page: Page, built_site, lesson_path, js_errors):
    # Its own server, which is then shut down: the site is gone from the network.
    served = bench.serve(built_site)
    url = served.url
    try:
        first_visit(page, url + lesson_path)
        page.close()
    finally:
        served.close()

    # Keeping the site cost no second download of anything the page had fetched (the
    # service worker revalidates: 304) and nothing of Pyodide (copied from the HTTP cache).
    downloads = Counter(r["path"] for r in served.tally.take() if r["status"] == 200)
    assert [path for path, times in downloads.items() if times > 1] == []
    assert downloads["/" + lesson_path] == 1 and downloads["/"] == 1
    assert downloads["/pyodide/314.0.7/pyodide.asm.wasm"] == 1

    # The browser's own update check of sw.js fails, and says so in the console.
    js_errors.allow(r"Failed to load resource|ERR_CONNECTION_REFUSED|NetworkError|sw\.js")
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    again = context.new_page()
    open_lesson(again, url + lesson_path)
    run_original_cell_1(again)
    # The Python worker read Pyodide's module and standard library from the service
    # worker's cache itself: no request for either, through the service worker or past
    # it. (Its other files, asked for through the service worker, show that the worker's
    # requests are seen.)
    pyodide = url + "pyodide/314.0.7/"
    assert pyodide + "pyodide.asm.mjs" in asked, asked
    assert pyodide + "pyodide.asm.wasm" not in asked
    assert pyodide + stdlib_archive(built_site) not in asked
    assert pyodide + "python_stdlib.zip" not in asked

    # A module outside the first archive: the whole library, which the service worker
    # fetched in the background after the first visit's run, is there offline.
    assert run_code(again, BEYOND_THE_FIRST_ARCHIVE) == BEYOND_PRINTS
    run_original_cell_1(again)

    # The challenge is graded offline too (in an interpreter of its own).
    solve_the_challenge(again)

    # The next lesson, never visited, works offline too, from the same Pyodide: its
    # page and its challenge were kept with the site, Pyodide with the first run.
    again.get_by_role("link", name=re.compile("^Lección siguiente")).click()
    expect(again.locator("html")).to_have_attribute("data-lesson-ready", "true")
    first = cell(again, 1)
    first.get_by_role("button", name="Ejecutar").click()
    expect(first.get_by_role("status")).to_have_text(
        re.compile(r"^(Ejecución terminada\.|La ejecución terminó con un error)"), timeout=START)
    cells = json.loads(again.locator("#lesson-data").text_content())["cells"]
    assert output(first).text_content() == cpython_output("celda1", cells)
    region = again.get_by_role("region", name="Desafío")
    region.get_by_role("button", name="Comprobar").click()
    expect(region.get_by_role("status")).to_have_text(SPANISH.verdict(),
                                                      timeout=START)

    # And the way back to the list of lessons.
    again.get_by_role("link", name="Lecciones", exact=True).click()
    # The front page speaks the site's language (site.toml's, or most courses'), which
    # another author's courses may make English.
    courses = ROOT / "web" / "courses"
    front = load_site(courses).get("lang") or site_lang(load_courses(courses))
    expect(again.get_by_role("heading", name=gettext_for(front)("Lessons"), level=1)).to_be_visible()
    expect(again.get_by_role("link", name="El bucle")).to_be_visible()

    # A page of the kept copy deleted by another script of the origin cannot be put back
    # offline: the lesson says so.
    again.evaluate(DAMAGE_THE_PRECACHE, [None, "courses/llm-agents/que-es-un-agente/"])
    again.goto(url + lesson_path)
    expect(again.get_by_role("status").filter(has_text="ya no está guardada en este navegador")).to_be_visible(
        timeout=START)


def test_python_starts_from_the_first_archive_and_fetches_the_rest_on_an_import(new_context, built_site,
                                                                               lesson_path):
    # Without a service worker, whose background keep would fetch the whole library too.
    context = new_context(service_workers="block")
    page = context.new_page()
    served = bench.serve(built_site)
    try:
        asked = []
        context.on("request", lambda request: asked.append(request.url))
        pyodide = served.url + "pyodide/314.0.7/"
        open_lesson(page, served.url + lesson_path)
        run_original_cell_1(page)
        # The cells' first start fetches the runner, not the grader nor any challenge: on a
        # phone's line those bytes would come before the first output. (What follows its
        # requests is the spare that makes the memory snapshot, which starts once the
        # cells' interpreter is ready, and reads the manifest again.)
        runtime = served.url + "runtime/lessonrt/"
        manifests = [i for i, url in enumerate(asked) if url == runtime + "manifest.json"]
        first_start = asked[:manifests[1]] if len(manifests) > 1 else list(asked)
        assert runtime + "runner.py" in first_start and pyodide + "pyodide.asm.wasm" in first_start
        assert [url for url in first_start if url.startswith(runtime + "grading/") or url.endswith("checks.py")] == []
        # Starting, running the lesson's cell and grading its challenge need only the
        # first archive: the build's trace found every module they import.
        solve_the_challenge(page)
        assert pyodide + stdlib_archive(built_site) in asked
        assert pyodide + "python_stdlib.zip" not in asked
        # The whole library arrives on the first import of a module outside the first
        # archive, once for the interpreter (a second run imports without a request).
        assert run_code(page, BEYOND_THE_FIRST_ARCHIVE) == BEYOND_PRINTS
        assert asked.count(pyodide + "python_stdlib.zip") == 1
        assert run_code(page, BEYOND_THE_FIRST_ARCHIVE + "import this\n").startswith(
            BEYOND_PRINTS + "The Zen of Python")
    finally:
        served.close()


def test_offline_before_the_rest_was_kept_an_import_says_why_in_spanish(new_context, built_site, lesson_path,
                                                                        js_errors):
    # No service worker keeps anything here, and the site goes away once Python has started.
    context = new_context(service_workers="block")
    js_errors.watch(page := context.new_page())
    served = bench.serve(built_site)
    region = cell(page, 1)
    try:
        open_lesson(page, served.url + lesson_path)
        run_original_cell_1(page)
        # Typed while the site is there: the editor is a module of its own, and nothing
        # keeps it here.
        replace_code(page, region, 1, "import json\nprint(json.dumps([1]))\nimport decimal\n")
    finally:
        served.close()
    js_errors.allow(r"Failed to load resource|ERR_CONNECTION_REFUSED|NetworkError")
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(re.compile("^La ejecución terminó con un error"),
                                                      timeout=START)
    shown = output(region).text_content()
    assert shown.startswith("[1]\n"), shown
    assert "ModuleNotFoundError: No se ha podido cargar «decimal»: ese módulo de la biblioteca estándar " \
           "se descarga la primera vez que se importa, y ahora no hay conexión." in shown, shown
    # The interpreter is none the worse: what the first archive holds still runs.
    replace_code(page, region, 1, "import json, random\nprint(json.dumps(random.Random(1).random() < 1))\n")
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text("Ejecución terminada.", timeout=START)
    expect(output(region)).to_have_text("true")


def test_on_a_plain_host_the_next_page_view_is_cross_origin_isolated(page: Page, plain_site_url, lesson_path):
    first_visit(page, plain_site_url + lesson_path)
    assert page.evaluate("crossOriginIsolated") is False  # the host sends no COOP/COEP

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    assert page.evaluate("crossOriginIsolated") is True  # the service worker sends them
    region = cell(page, 1)
    replace_code(page, region, 1, 'print("en marcha", flush=True)\nwhile True:\n    pass\n')
    region.get_by_role("button", name="Ejecutar").click()
    expect(output(region)).to_contain_text("en marcha", timeout=START)
    region.get_by_role("button", name="Detener").click()
    expect(region.get_by_role("status")).to_have_text("Ejecución detenida.")
    run_original_cell_1(page)


def test_without_service_workers_the_page_works_and_says_nothing_about_it(new_context, site_url, lesson_path,
                                                                         js_errors):
    # As in a private window of a browser that has no service workers there.
    context = new_context(service_workers="block")
    js_errors.watch(page := context.new_page())
    open_lesson(page, site_url + lesson_path)
    run_original_cell_1(page)
    assert page.evaluate("navigator.serviceWorker.getRegistration()") is None
    expect(page.locator(".storage-note")).to_have_count(0)
