"""What a lesson tab keeps alive. While it is in view, the cells' interpreter and a warm
spare (what makes Detener and Comprobar quick); once hidden, only the cells' interpreter,
with what the learner's code left there (a file it wrote); shown again, the spare comes back. Workers are
counted as the browser lists them (Playwright's page.workers)."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from lesson_page import cell, ejecutar_and_wait, open_lesson, output, replace_code

HIDE = """hidden => {
  // What the browser does when the learner switches to another tab or app.
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def workers_become(page: Page, count: int, seconds: float = 60) -> None:
    """Wait until the page has `count` live workers. Polled: a worker's end is an event
    on that worker, and which one goes is what is being tested."""
    until = time.monotonic() + seconds
    while len(page.workers) != count:
        assert time.monotonic() < until, f"the page has {len(page.workers)} workers, not {count}"
        page.wait_for_timeout(50)


def test_a_hidden_tab_lets_the_spare_go_and_keeps_the_learners_python(page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, "open('/tmp/nota.txt', 'w').write('41')\n")
    ejecutar_and_wait(region)
    workers_become(page, 2)  # the page is idle: the spare has started beside the cells' interpreter

    page.evaluate(HIDE, True)
    workers_become(page, 1)

    page.evaluate(HIDE, False)
    workers_become(page, 2)
    replace_code(page, region, 1, "print(int(open('/tmp/nota.txt').read()) + 1)\n")
    ejecutar_and_wait(region)
    expect(output(region)).to_have_text("42")
