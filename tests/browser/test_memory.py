"""What a lesson tab keeps alive. A spare interpreter is a whole second Python, so the page
keeps one only where it pays: on a page without cross-origin isolation from the first run
(Detener must replace the worker there); on an isolated page once the learner moves into the
challenge (a grade runs in an interpreter of its own), or for as long as it takes to make and
save the memory snapshot on a first visit. A hidden tab lets the spare go at once, and the
cells' interpreter a few seconds later; shown again, both come back, and the files the
learner's code wrote are still there. Workers are counted as the browser lists them
(Playwright's page.workers)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from lesson_page import DONE, START, cell, ejecutar_and_wait, open_lesson, output, replace_code

HIDE = """hidden => {
  // What the browser does when the learner switches to another tab or app.
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""

SNAPSHOTS_SAVED = """async () => (await (await caches.open("lessonrt-snapshot")).keys()).length"""


@pytest.mark.one_engine("firefox")
def test_an_isolated_page_starts_a_spare_for_the_challenge_and_a_hidden_tab_lets_it_go(
        page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    assert page.evaluate("crossOriginIsolated")
    region = cell(page, 1)
    replace_code(page, region, 1, "open('/tmp/nota.txt', 'w').write('41')\n")
    ejecutar_and_wait(region)

    # Python started from the saved snapshot, and Detener interrupts it in place: the run
    # leaves the cells' interpreter alone. Moving into the challenge starts the one its
    # grade will use; had a spare started after the run, no worker would start here.
    challenge = page.get_by_role("region", name="Desafío")
    with page.expect_event("worker", timeout=START):
        challenge.get_by_role("textbox", name="Código del desafío").click()
    assert len(page.workers) == 2

    cells_worker, spare = page.workers
    with spare.expect_event("close", timeout=START):
        page.evaluate(HIDE, True)
    assert page.workers == [cells_worker]
    # Left in the background, the tab lets the idle cells' interpreter go as well.
    with cells_worker.expect_event("close", timeout=START):
        pass
    assert page.workers == []

    # Back in view: the cells' interpreter first, then the spare the challenge asked for.
    with page.expect_event("worker", predicate=lambda _: len(page.workers) == 2, timeout=START):
        page.evaluate(HIDE, False)
    # The new interpreter has the file the learner's code wrote in the one that went.
    replace_code(page, region, 1, "print(int(open('/tmp/nota.txt').read()) + 1)\n")
    ejecutar_and_wait(region)
    expect(output(region)).to_have_text("42")


# About seven seconds of work, longer than a tab stays hidden before its idle cells'
# interpreter goes.
SLOW = "import time\nfor i in range(7):\n    time.sleep(1)\n    print(i)\n"


@pytest.mark.one_engine("chromium")
def test_a_page_without_isolation_keeps_a_spare_from_the_first_run(page: Page, plain_site_url, lesson_path):
    open_lesson(page, plain_site_url + lesson_path)
    assert not page.evaluate("crossOriginIsolated")
    region = cell(page, 1)
    # Detener has to end the worker here: the spare that takes over starts once the run is over.
    with page.expect_event("worker", predicate=lambda _: len(page.workers) == 2, timeout=START):
        ejecutar_and_wait(region)
    cells_worker, spare = page.workers
    with spare.expect_event("close", timeout=START):
        page.evaluate(HIDE, True)
    with page.expect_event("worker", predicate=lambda _: len(page.workers) == 2, timeout=START):
        page.evaluate(HIDE, False)

    # A run that goes on while the tab is hidden keeps its interpreter to the end; the
    # interpreter goes once it has been idle, hidden, for a while.
    replace_code(page, region, 1, SLOW)
    region.get_by_role("button", name="Ejecutar").click()
    expect(output(region)).to_contain_text("0")
    page.evaluate(HIDE, True)
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    expect(output(region)).to_have_text("0\n1\n2\n3\n4\n5\n6\n")
    assert cells_worker in page.workers
    with cells_worker.expect_event("close", timeout=START):
        pass
    assert page.workers == []


@pytest.mark.one_engine("firefox")
@pytest.mark.cold
def test_on_a_first_visit_the_spare_that_saves_the_snapshot_goes_once_it_is_saved(
        page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    with page.expect_event("worker", predicate=lambda _: len(page.workers) == 2, timeout=START):
        ejecutar_and_wait(region)
    maker = page.workers[-1]
    with maker.expect_event("close", timeout=START):
        pass
    assert len(page.workers) == 1
    assert page.evaluate(SNAPSHOTS_SAVED) == 1
    # The cells' interpreter goes on as before.
    replace_code(page, region, 1, "print(6 * 7)\n")
    ejecutar_and_wait(region)
    expect(output(region)).to_have_text("42")


@pytest.mark.one_engine("chromium")
def test_a_hidden_tab_keeps_a_cells_interpreter_whose_files_are_too_many_to_carry(
        page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    # 17 MB, over the 16 MB the page carries from one interpreter to the next.
    replace_code(page, region, 1, "open('/tmp/grande.bin', 'wb').write(bytes(17 * 2**20))\n")
    ejecutar_and_wait(region)
    [cells_worker] = page.workers

    page.evaluate(HIDE, True)
    # Hidden for longer than it takes the page to let an idle interpreter go (5 s),
    # this one stays: ending it would lose the file.
    with pytest.raises(PlaywrightTimeoutError):
        with cells_worker.expect_event("close", timeout=12_000):
            pass
    page.evaluate(HIDE, False)
    assert cells_worker in page.workers
    replace_code(page, region, 1, "import os\nprint(os.path.getsize('/tmp/grande.bin'))\n")
    ejecutar_and_wait(region)
    expect(output(region)).to_have_text(str(17 * 2**20))
