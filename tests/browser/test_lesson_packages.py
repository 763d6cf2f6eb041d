"""A lesson that loads packages (tests/fixtures/packages, course «Paquetes»): its cell imports
python-dateutil, which brings six, both served by the site and checked against the site's
pyodide-lock.json; another cell installs a package of the site with micropip; and after one
visit, the lesson's cell runs offline."""

from __future__ import annotations

from collections import Counter

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from lessonsite import bench
from lessonsite.render import shown_code
from lesson_page import DONE, START, WHEELS_KEPT, cell, open_lesson, output, replace_code

from tests.packages_site import PACKAGES_FIXTURE

# The service worker and the first start are what is tested: a context of its own.
pytestmark = [pytest.mark.slow, pytest.mark.cold]

LESSON = "courses/paquetes/fechas/"
FECHAS = "2024-02-29\n2024-03-31\n2024-04-30\nsix 1.17.0\n"
TABLA = "mes        días\n-------  ------\nenero        31\nfebrero      29\n"

# Every status line the page shows, from the first: the start-up stages go by quickly.
RECORD_STATUSES = """
window.lessonrtStatuses = [];
new MutationObserver(() => {
  for (const el of document.querySelectorAll('[role="status"]')) {
    const text = el.textContent.trim();
    if (text && window.lessonrtStatuses.at(-1) !== text) window.lessonrtStatuses.push(text);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

LESSON_WHEELS = ["python_dateutil-2.9.0.post0-py2.py3-none-any.whl", "six-1.17.0-py2.py3-none-any.whl"]


@pytest.mark.one_engine("chromium")
def test_a_lessons_packages_load_from_the_site_and_work_offline_after_one_visit(
        context: BrowserContext, page: Page, packages_site, requests_log, js_errors):
    context.add_init_script(RECORD_STATUSES)
    served = bench.serve(packages_site)
    try:
        open_lesson(page, served.url + LESSON)
        first = cell(page, 1)
        first.get_by_role("button", name="Ejecutar").click()
        expect(first.get_by_role("status")).to_have_text(DONE, timeout=START)
        assert output(first).text_content() == FECHAS
        statuses = page.evaluate("window.lessonrtStatuses")
        assert "Cargando los paquetes de la lección: python-dateutil" in " ".join(statuses), statuses

        # micropip installs a package the site serves (another lesson's), from the site.
        second = cell(page, 2)
        second.get_by_role("button", name="Ejecutar").click()
        expect(second.get_by_role("status")).to_have_text(DONE, timeout=START)
        assert output(second).text_content() == TABLA

        # The lesson's wheels, and only what the page loaded, are kept for offline use.
        kept = page.evaluate(WHEELS_KEPT, LESSON_WHEELS)
        assert set(LESSON_WHEELS) <= set(kept), kept
        requests_log.assert_all_under(served.url)
        wheels = [r["path"] for r in served.tally.take() if r["path"].endswith(".whl")]
        assert "/packages/python_dateutil-2.9.0.post0-py2.py3-none-any.whl" in wheels
        page.close()
    finally:
        served.close()

    # The site is gone from the network: the lesson's cell runs from what was kept.
    js_errors.allow(r"Failed to load resource|ERR_CONNECTION_REFUSED|NetworkError|sw\.js")
    again = context.new_page()
    open_lesson(again, served.url + LESSON)
    first = cell(again, 1)
    first.get_by_role("button", name="Ejecutar").click()
    expect(first.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(first).text_content() == FECHAS


TABLAS = "courses/paquetes/tablas/"
TABLAS_OUT = "-  ---\n1  uno\n2  dos\n-  ---\n"
TABLAS_WHEEL = "tabulate-0.9.0-py3-none-any.whl"


@pytest.mark.one_engine("firefox")
def test_a_packages_lesson_asks_the_site_for_each_file_once_and_never_for_micropip(page: Page, packages_site):
    """«Tablas» loads tabulate; none of its cells names micropip. On a host without
    cross-origin isolation the page keeps a spare interpreter from the first run, and the
    one that makes the memory snapshot starts twice: three starts of Python, each with the
    lesson's packages, and the service worker keeping them. The site is still asked for the
    lock and for the wheel once each, and never for micropip."""
    served = bench.serve(packages_site, isolation=False)
    try:
        open_lesson(page, served.url + TABLAS)
        region = cell(page, 1)
        original = shown_code(PACKAGES_FIXTURE / "web" / TABLAS / "celda1.py")
        region.get_by_role("button", name="Ejecutar").click()
        expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
        assert output(region).text_content() == TABLAS_OUT

        # Stopping ends that interpreter: the spare, with the lesson's packages, takes over.
        replace_code(page, region, 1, 'print("en marcha")\nwhile True:\n    pass\n')
        region.get_by_role("button", name="Ejecutar").click()
        expect(region.get_by_role("log", name="Salida")).to_have_text("en marcha\n", timeout=START)
        region.get_by_role("button", name="Detener").click()
        expect(region.get_by_role("status")).to_have_text("Ejecución detenida.")
        replace_code(page, region, 1, original)
        region.get_by_role("button", name="Ejecutar").click()
        expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
        assert output(region).text_content() == TABLAS_OUT
        assert TABLAS_WHEEL in page.evaluate(WHEELS_KEPT, [TABLAS_WHEEL])  # the service worker is done too

        asked = Counter(r["path"] for r in served.tally.take() if r["path"].startswith("/packages/"))
        assert asked == {"/packages/pyodide-lock.json": 1, f"/packages/{TABLAS_WHEEL}": 1}, asked
    finally:
        served.close()
