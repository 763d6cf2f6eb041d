"""Python starts when the learner heads for it: the interpreter's download begins when a cell
or the challenge comes into view, not at the first Ejecutar, and not before; the cells'
status lines show it in the space they keep, without moving the text; a reader on Save-Data
downloads nothing until they ask for a run.

Each test is a first visit in a context of its own (it adds an init script). The script
counts the page's `new Worker(...)` calls as they are made: "nothing started" is then exact,
where the requests of a worker still starting would come a moment later."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from lesson_page import START, cell, open_lesson, run_original_cell_1

COUNT_WORKERS = """(() => {
  if (window.top !== window) return;
  const Native = Worker;
  window.__workersMade = 0;
  window.Worker = class extends Native {
    constructor(...args) {
      window.__workersMade += 1;
      super(...args);
    }
  };
})();"""

# Until every IntersectionObserver the page made before this call has had its first say
# about what is in view: the page makes its own in a task queued from an animation frame
# (after the first paint), and observers report in the order they were made.
SETTLED_VIEW = """async (selector) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
  await frame();
  await new Promise((done) => {
    const observer = new IntersectionObserver(() => { observer.disconnect(); done(); });
    observer.observe(document.querySelector(selector));
  });
  await frame();
}"""

RECORD_STATUS = """section => {
  const status = section.querySelector("[role=status]");
  const output = section.querySelector(".cell-output");
  window.__said = [];
  new MutationObserver(() => window.__said.push({
    text: status.textContent, busy: status.getAttribute("aria-busy"),
    height: status.getBoundingClientRect().height,
    below: output.getBoundingClientRect().top - status.getBoundingClientRect().top,
  })).observe(status, { childList: true, characterData: true, subtree: true });
}"""

SECTIONS = {"Celda 1": "section.cell[data-cell=celda1]", "Desafío": "section.challenge[data-challenge]"}


def browser_for(params: dict) -> str | None:
    """Save-Data is set through Chromium's DevTools (Firefox has no navigator.connection);
    what the page spares a small or saving device is the runtime's choice, the same in either
    engine, so its two cases are dealt out; the other cases run in every browser."""
    if "says" in params:
        return {"small-memory": "firefox", "save-data": "chromium"}[params["says"]]
    return "chromium" if params.get("connection") == "save-data" else None


def pyodide_requests(requests_log) -> list[str]:
    return [u for u in requests_log.urls if "/pyodide/" in u]


def workers_made(page: Page) -> int:
    return page.evaluate("() => window.__workersMade")


@pytest.fixture
def counting(context: BrowserContext) -> BrowserContext:
    context.add_init_script(COUNT_WORKERS)
    return context


@pytest.mark.parametrize("region", list(SECTIONS))
def test_the_download_starts_when_a_cell_or_the_challenge_comes_into_view(
        counting: BrowserContext, page: Page, site_url, lesson_path, requests_log, region: str):
    open_lesson(page, site_url + lesson_path)
    # The page has painted and looked at what is in view: its title and first paragraphs.
    page.evaluate(SETTLED_VIEW, SECTIONS[region])
    expect(page.get_by_role("heading", level=1)).to_be_in_viewport()
    assert workers_made(page) == 0
    assert pyodide_requests(requests_log) == []

    # The reader scrolls down to the section (no click, no focus): Python starts downloading.
    target = page.get_by_role("region", name=region)
    with page.context.expect_event("request", lambda r: "/pyodide/" in r.url, timeout=START):
        target.scroll_into_view_if_needed()
    assert workers_made(page) == 1


def test_the_cells_show_the_download_without_moving_the_text(counting: BrowserContext, page: Page, site_url,
                                                             lesson_path):
    page.set_viewport_size({"width": 320, "height": 640})  # where a long status line would wrap
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    status = region.get_by_role("status")
    expect(status).to_have_text("")
    # Everything the status line says, as it says it (a local download may be over before
    # an expect() looks), with its height and where the output box below it sits then.
    region.evaluate(RECORD_STATUS)

    region.scroll_into_view_if_needed()
    expect(status).to_have_text("Python está listo.", timeout=START)
    expect(status).not_to_have_attribute("aria-busy", "true")
    said = page.evaluate("() => window.__said")
    texts = [s["text"] for s in said]
    downloading = [s for s in said if re.fullmatch(r"Descargando Python… \d+\u00a0%", s["text"])]
    assert downloading, texts
    # Busy while it downloads: a screen reader reads where it ends, not every megabyte.
    assert all(s["busy"] == "true" for s in downloading), said
    # The line keeps the room of one line (its min-height) whatever it says, on a 320 px
    # phone too, so nothing below it moves.
    room = status.evaluate("el => parseFloat(getComputedStyle(el).minHeight)")
    assert room > 0
    assert all(abs(s["height"] - room) < 1 for s in said), said  # layout rounds to 1/64 px
    assert len({round(s["below"], 2) for s in said}) == 1, said
    # Every cell says so, the ones further down as well.
    expect(cell(page, 2).get_by_role("status")).to_have_text("Python está listo.")

    region.get_by_role("button", name="Ejecutar").click()
    expect(status).to_have_text("Ejecución terminada.", timeout=START)
    assert workers_made(page) >= 1


@pytest.mark.parametrize("connection", ["save-data"])
def test_a_reader_on_save_data_downloads_nothing_until_ejecutar(counting: BrowserContext, page: Page, site_url,
                                                                lesson_path, requests_log, connection: str):
    counting.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    open_lesson(page, site_url + lesson_path)
    assert page.evaluate("() => navigator.connection.saveData") is True
    region = cell(page, 1)
    region.scroll_into_view_if_needed()
    page.evaluate(SETTLED_VIEW, SECTIONS["Celda 1"])
    expect(region).to_be_in_viewport()
    page.get_by_role("region", name="Desafío").scroll_into_view_if_needed()
    page.evaluate(SETTLED_VIEW, SECTIONS["Desafío"])
    assert workers_made(page) == 0
    assert pyodide_requests(requests_log) == []
    expect(region.get_by_role("status")).to_have_text("")

    # Asked for, Python comes as it always did. Every text the status shows is recorded in
    # the page: the download of a site served from this machine can be over between two
    # looks from here.
    page.evaluate("""status => {
        window.shown = [];
        new MutationObserver(() => window.shown.push(status.textContent))
            .observe(status, {childList: true, characterData: true, subtree: true});
    }""", region.get_by_role("status").element_handle())
    with page.context.expect_event("request", lambda r: "/pyodide/" in r.url, timeout=START):
        region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text("Ejecución terminada.", timeout=START)
    assert any(re.fullmatch(r"Descargando Python… \d+\u00a0%", text) for text in page.evaluate("window.shown")), \
        page.evaluate("window.shown")


@pytest.mark.cold
@pytest.mark.parametrize("says", ["small-memory", "save-data"])
def test_a_device_with_little_memory_or_saving_data_makes_no_snapshot_on_a_first_visit(
        counting, page: Page, site_url, lesson_path, says):
    # What a phone's browser says of itself (Device Memory: GB, rounded; Save-Data).
    page.add_init_script({
        "small-memory": "Object.defineProperty(Navigator.prototype, 'deviceMemory', {get: () => 2})",
        "save-data": "Object.defineProperty(Navigator.prototype, 'connection', {get: () => ({saveData: true})})",
    }[says])
    open_lesson(page, site_url + lesson_path)
    run_original_cell_1(page)
    # The page, idle after the run, would start a second Python to make the snapshot: it
    # says it spared the device that instead, and the learner's is still the only one.
    expect(page.locator("html")).to_have_attribute("data-snapshot-maker", "spared", timeout=30_000)
    assert workers_made(page) == 1
    # Its next visit starts in full, from no snapshot, and works.
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    run_original_cell_1(page)
    expect(page.locator("html")).to_have_attribute("data-python-snapshot", "none")
