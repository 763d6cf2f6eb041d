"""`build.py serve --watch`: the open page follows the author's saves. An edit of lesson.md
shows in the page; a broken lesson.toml lays the build's error over it, naming the file and
line; once fixed, the page comes back. The built site holds none of the preview's code."""

from __future__ import annotations

import hashlib
import threading
import uuid

import pytest
from playwright.sync_api import Page, expect

from lessonsite.builder import build_site
from lessonsite.server import make_server
from lessonsite.watch import start_watching
from tests.browser.test_a11y import axe_source, serious_violations  # noqa: F401  (axe_source: a fixture)

# A rebuild on a busy machine, then a reload: generous, as the page's own waits are.
SHOWS = 30_000


class Log(list):
    """The watcher's lines. hold(words) stops the watcher at the next line that holds them,
    until release(): what the page and the server show mid-build is then no race."""

    def __init__(self) -> None:
        super().__init__()
        self.words: str | None = None
        self.held = threading.Event()
        self.go = threading.Event()

    def __call__(self, line: str) -> None:
        self.append(line)
        if self.words is not None and self.words in line:
            self.words = None
            self.held.set()
            self.go.wait(120)

    def hold(self, words: str) -> None:
        self.words = words
        self.held.clear()
        self.go.clear()

    def release(self) -> None:
        self.go.set()


@pytest.fixture
def preview(fixture_layout, checks, tmp_path):
    """The fixture course served as `serve --watch` serves the repository's: built with the
    repository's runtime (the fixture's stand-in cannot start Python) and its challenge's
    checks, watched, on a free port. Returns (base URL, the lesson's folder, the site's
    folder, its Events, the watcher's log)."""
    out = tmp_path / "dist"
    result = build_site(fixture_layout, out)
    log = Log()
    events = start_watching(fixture_layout, out, result, log=log)
    server = make_server(out, 0, quiet=True, watch=events)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/", fixture_layout.web_courses / "demo" / "primera", out, events, log
    finally:
        events.watcher.stop()
        server.shutdown()
        server.server_close()


@pytest.mark.one_engine("chromium")
@pytest.mark.smoke
@pytest.mark.cold  # the page's service worker, which the warm context blocks, is part of it
def test_the_page_follows_each_save_and_shows_a_build_error_where_it_is(page: Page, preview, axe_source):
    base, lesson, out, events, log = preview
    page.goto(base + "courses/demo/primera/")
    expect(page.get_by_role("heading", name="Primera lección", level=1)).to_be_visible()
    expect(page.get_by_text("Una lección de prueba.")).to_be_visible()
    # The service worker a page registers while watching caches nothing: the reload below
    # comes from the server even once it controls the page.
    page.evaluate("navigator.serviceWorker.ready")

    prose = lesson / "lesson.md"
    prose.write_text(prose.read_text(encoding="utf-8").replace(
        "Una lección de prueba.", "Un párrafo escrito ahora mismo."), encoding="utf-8")
    expect(page.get_by_text("Un párrafo escrito ahora mismo.")).to_be_visible(timeout=SHOWS)
    expect(page.get_by_text("Una lección de prueba.")).to_have_count(0)

    toml = lesson / "lesson.toml"
    good = toml.read_text(encoding="utf-8")
    line = good.splitlines().index("minutes = 5") + 1
    toml.write_text(good.replace("minutes = 5", "minutes = = 5"), encoding="utf-8")
    error = page.get_by_role("alertdialog", name="Build error")
    expect(error).to_be_visible(timeout=SHOWS)
    expect(error).to_contain_text(f"lesson.toml, line {line}")
    expect(error).to_contain_text(f"primera/lesson.toml:{line}: not valid TOML")
    assert any(f"lesson.toml:{line}: not valid TOML" in entry for entry in log), log
    # The error is readable over the page in either scheme: axe on the overlay, its message box too.
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert [v for v in serious_violations(page, axe_source) if "alertdialog" in v] == [], scheme
    page.emulate_media(color_scheme="light")

    toml.write_text(good.replace('title = "Primera lección"', 'title = "Primera lección, arreglada"'),
                    encoding="utf-8")
    expect(page.get_by_role("heading", name="Primera lección, arreglada", level=1)).to_be_visible(timeout=SHOWS)
    expect(page.get_by_role("alertdialog", name="Build error")).to_have_count(0)
    expect(page.get_by_text("Un párrafo escrito ahora mismo.")).to_be_visible()

    # Stopped, the watcher leaves the site as a whole build makes it: the service worker's
    # list of files has the page as it is now.
    events.watcher.stop()
    page_file = out / "courses" / "demo" / "primera" / "index.html"
    assert hashlib.sha256(page_file.read_bytes()).hexdigest()[:16] in (out / "sw.js").read_text(encoding="utf-8")

    # The preview lives in the server alone: no file of the built site mentions it.
    for path in out.rglob("*"):
        if path.is_file() and path.suffix in {".html", ".js", ".json"}:
            text = path.read_text(encoding="utf-8", errors="replace")
            assert "__watch" not in text and "preview.js" not in text, path


# A whole build on a busy machine: the stdlib trace is kept, the corpus is graded again.
BUILDS = 120_000


@pytest.mark.one_engine("firefox")
@pytest.mark.cold  # as above: the page's service worker is part of it
def test_a_whole_rebuild_says_each_step_and_the_last_good_site_is_served_until_the_new_one_is_whole(
        page: Page, preview):
    base, lesson, out, events, log = preview
    page.goto(base + "courses/demo/primera/")
    expect(page.get_by_role("heading", name="Primera lección", level=1)).to_be_visible()
    page.evaluate("navigator.serviceWorker.ready")

    # A save of the checks grades the corpus again: the watcher says so, on the terminal and
    # in the page, and the site served meanwhile is the last one, whole.
    log.hold("grading the corpus of 1 lesson")
    checks = lesson / "checks.py"
    good = checks.read_text(encoding="utf-8")
    # A comment of its own: a corpus graded with these very checks before is not graded again.
    checks.write_text(good + f"\n# Saved by {uuid.uuid4()}.\n", encoding="utf-8")
    try:
        note = page.get_by_role("status", name="Rebuilding")
        expect(note).to_contain_text("grading the corpus of 1 lesson", timeout=BUILDS)
        assert log.held.is_set()
        assert any(line.endswith("checks.py changed: rebuilding the site") for line in log), log
        served = page.request.get(base + "courses/demo/primera/")
        assert served.status == 200 and "Primera lección" in served.text()
        assert page.request.get(base + "runtime/lessonrt/manifest.json").status == 200
    finally:
        log.release()
    expect(page.get_by_role("status", name="Rebuilding")).to_have_count(0, timeout=BUILDS)
    expect(page.get_by_role("heading", name="Primera lección", level=1)).to_be_visible()
    assert any("rebuilt the site" in line for line in log), log

    # A build that fails leaves the last good site served, and the page says why.
    checks.write_text(good.replace('SIGNATURE = "doble(n)"', 'SIGNATURE = "dobel(n)"'), encoding="utf-8")
    error = page.get_by_role("alertdialog", name="Build error")
    expect(error).to_contain_text("SIGNATURE = 'dobel(n)' asks the learner for dobel", timeout=BUILDS)
    expect(error).to_contain_text("checks.py, line")
    served = page.request.get(base + "courses/demo/primera/")
    assert served.status == 200 and "Primera lección" in served.text()
    assert not any(p.name.startswith(".dist") for p in out.parent.iterdir())
