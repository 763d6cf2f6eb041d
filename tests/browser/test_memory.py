"""What a lesson tab keeps alive. While it is in view, the cells' interpreter and a warm
spare (what makes Detener and Comprobar quick); once hidden, only the cells' interpreter,
with what the learner's code left there (a file it wrote); shown again, the spare comes back. Workers are
counted as the browser lists them (Playwright's page.workers)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from lesson_page import START, cell, ejecutar_and_wait, open_lesson, output, replace_code

HIDE = """hidden => {
  // What the browser does when the learner switches to another tab or app.
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_a_hidden_tab_lets_the_spare_go_and_keeps_the_learners_python(page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, "open('/tmp/nota.txt', 'w').write('41')\n")
    # Once the run is over the page is idle, and the spare starts beside the cells' interpreter.
    with page.expect_event("worker", predicate=lambda _: len(page.workers) == 2, timeout=START):
        ejecutar_and_wait(region)

    spare = page.workers[-1]
    with spare.expect_event("close", timeout=START):
        page.evaluate(HIDE, True)
    assert len(page.workers) == 1

    with page.expect_event("worker", timeout=START):
        page.evaluate(HIDE, False)
    assert len(page.workers) == 2
    replace_code(page, region, 1, "print(int(open('/tmp/nota.txt').read()) + 1)\n")
    ejecutar_and_wait(region)
    expect(output(region)).to_have_text("42")
