"""The memory snapshot: the spare that starts while the page is idle after the first run
saves the interpreter's memory in Cache Storage, later starts (a reload, a grade, the next
spare) begin from it, and a snapshot that does not fit this build, or that the page did
not make, is never loaded, without the learner noticing anything but the wait.

`html[data-python-snapshot]` says how the latest start went: "made", "loaded", "ignored"
or "none" (see web/src/protocol.js, ReadyMessage)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from lesson_page import SNAPSHOT_DIGEST, open_lesson, run_original_cell_1

# Each test watches snapshots being made, refused or missing: a first visit each time.
pytestmark = [pytest.mark.slow, pytest.mark.cold]

SAVED = """async () => {
  const cache = await caches.open("lessonrt-snapshot");
  return (await cache.keys()).map((request) => request.url);
}"""


def snapshot_state(page: Page):
    return expect(page.locator("html"))


SOUND = """async (url) => {
  const trusted = JSON.parse(localStorage.getItem("lessonrt:snapshot"));
  if (!trusted?.digests?.length || trusted.key !== url.split("/").pop()) return false;
  const response = await (await caches.open("lessonrt-snapshot")).match(url);
  if (!response) return false;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = await (DIGEST)(bytes);
  return new DataView(bytes.buffer).getUint32(0, true) === 1886286592
    && bytes.subarray(16, 48).some((byte) => byte !== 0x5a)
    && trusted.digests.includes(digest);
}""".replace("DIGEST", SNAPSHOT_DIGEST)


def wait_until_saved(page: Page, key_url: str, timeout_s: float = 90) -> None:
    """Wait until Cache Storage holds a snapshot for this build that is sound (the magic
    number Pyodide writes, no build id of all 0x5a: see damage) and that the page trusts
    (its SHA-256 is kept). The idle spare makes and saves it in the background; a reload
    would cut that short. Polled in the page: the predicate is asynchronous."""
    sound = page.evaluate(f"""async ([url, ms]) => {{
      const sound = {SOUND};
      const until = performance.now() + ms;
      while (!(await sound(url))) {{
        if (performance.now() > until) return false;
        await new Promise((next) => requestAnimationFrame(next));
      }}
      return true;
    }}""", [key_url, timeout_s * 1000])
    assert sound, f"no sound, trusted snapshot at {key_url} after {timeout_s} s"


def snapshot_url(page: Page, base_url: str) -> str:
    key = page.evaluate("async (u) => (await (await fetch(u)).json()).snapshot",
                        base_url + "runtime/lessonrt/manifest.json")
    assert len(key) == 20
    return f"{base_url}runtime/lessonrt/snapshot/{key}"


def damage(page: Page, key_url: str, how: str) -> None:
    """Replace the saved snapshot with one this page must not load.

    planted:        the same snapshot marked with another Pyodide build's id (bytes 16 to
                    48 of its header), as learner code could write it to Cache Storage: the
                    page never vouched for its SHA-256.
    another-build:  the same, but vouched for, as if the page had made it: Pyodide
                    refuses it.
    not-a-snapshot: a snapshot whose description of the interpreter's JavaScript side (the
                    JSON after its header) is broken, vouched for: Pyodide refuses it.
    """
    page.evaluate("""async ([url, how]) => {
      const cache = await caches.open("lessonrt-snapshot");
      const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
      // The header's words: magic number, where the memory starts, the JSON's length.
      const words = new Uint32Array(bytes.buffer, 0, 4);
      if (how === "not-a-snapshot") bytes.subarray(48, 48 + words[2]).fill(0x7b); // "{{{…"
      else bytes.subarray(16, 48).fill(0x5a);
      await cache.put(url, new Response(bytes, { headers: { "x-snapshot-bytes": String(bytes.length) } }));
      if (how !== "planted") {
        const hex = await (DIGEST)(bytes);
        const trusted = JSON.parse(localStorage.getItem("lessonrt:snapshot"));
        localStorage.setItem("lessonrt:snapshot", JSON.stringify({ ...trusted, digests: [hex] }));
      }
    }""".replace("DIGEST", SNAPSHOT_DIGEST), [key_url, how])


# Which ways a snapshot may not fit each engine meets. A planted snapshot and one of another
# build are refused by the page's and Pyodide's checks before any memory is restored, the
# same code in either engine, so each runs in one; a snapshot whose JSON is broken is refused
# by Pyodide's parse of it, in each engine's JSON, so it runs in both. (Bytes vouched for whose
# memory is garbage cannot reach Pyodide: the page vouches only for the SHA-256 of what the
# worker made. Restored, such memory fails wherever the damage first bites, or loops for good.)
MISFITS = {"chromium": ("planted", "not-a-snapshot"), "firefox": ("another-build", "not-a-snapshot")}


def test_the_next_start_begins_from_the_snapshot_the_first_saved_and_one_that_does_not_fit_is_replaced(
        page: Page, site_url, lesson_path, js_errors, browser_name):
    # A first tab: the learner's interpreter is a plain one; the spare makes the snapshot,
    # and a reload starts from it. The tab is then closed, so that none of its interpreters
    # touches Cache Storage while the snapshot is tampered with below.
    first = page.context.new_page()
    open_lesson(first, site_url + lesson_path)
    run_original_cell_1(first)
    snapshot_state(first).to_have_attribute("data-python-snapshot", "none")
    key_url = snapshot_url(first, site_url)
    wait_until_saved(first, key_url)
    first.reload()
    expect(first.locator("html")).to_have_attribute("data-lesson-ready", "true")
    run_original_cell_1(first)
    snapshot_state(first).to_have_attribute("data-python-snapshot", "loaded")
    assert first.evaluate(SAVED) == [key_url]  # one entry, named by this build's key
    first.close()

    # Each way a snapshot may not fit, in turn: each case ends with a sound snapshot saved
    # again, as the first tab left it, and its tab closed.
    for how in MISFITS[browser_name]:
        if how == "not-a-snapshot":
            # Bytes that keep a snapshot's magic number and this build's id but not its
            # JSON: Pyodide's restore fails before it copies any memory. What is tested is
            # that the worker starts in full after it, so from here on Pyodide's own error
            # reports are expected, whatever they say; none may come before.
            assert js_errors.unexpected == [], js_errors.unexpected
            js_errors.allow(r"pyodide\.asm\.mjs:\d+: ")
        tab = page.context.new_page()
        js_errors.watch(tab)
        open_lesson(tab, site_url + lesson_path)
        damage(tab, key_url, how)
        run_original_cell_1(tab)
        expect(tab.locator("html"), how).to_have_attribute("data-python-snapshot", "ignored")

        # The spare then saves a good snapshot in place of the bad one, and the bad one is
        # never refused again. (Chromium then starts from the new one; Firefox may still be
        # writing it when the page reloads, and then starts in full once more.)
        wait_until_saved(tab, key_url)
        tab.reload()
        expect(tab.locator("html")).to_have_attribute("data-lesson-ready", "true")
        run_original_cell_1(tab)
        expect(tab.locator("html"), how).to_have_attribute("data-python-snapshot", re.compile(r"^(loaded|none)$"))
        if tab.locator("html").get_attribute("data-python-snapshot") == "none":
            # A start in full has a spare make and save another: closing the tab in the
            # middle would leave a damaged entry for the next case. It goes once saved.
            assert len(tab.workers) == 2
            with tab.workers[-1].expect_event("close", timeout=90_000):
                pass
        tab.close()


@pytest.fixture(scope="module")
def site_without_cache_storage(built_site: Path, tmp_path_factory, serve_site) -> str:
    """The site, with a worker that has no Cache Storage (as in a private window): its
    script begins with a line that takes `caches` away."""
    site = tmp_path_factory.mktemp("no-caches") / "dist"
    shutil.copytree(built_site, site)
    for script in site.glob("assets/worker-*.js"):
        script.write_text("Object.defineProperty(self, 'caches', "
                          "{ get() { throw new DOMException('no', 'SecurityError'); } });\n"
                          + script.read_text(encoding="utf-8"), encoding="utf-8")
        for copy in (script.with_name(script.name + ".br"), script.with_name(script.name + ".gz")):
            copy.unlink(missing_ok=True)
    return serve_site(directory=site)


@pytest.mark.one_engine("chromium")  # storage taken away by the site or a script: the page's own checks
def test_without_cache_storage_python_starts_in_full_every_time(page: Page, site_without_cache_storage,
                                                                lesson_path):
    open_lesson(page, site_without_cache_storage + lesson_path)
    run_original_cell_1(page)
    snapshot_state(page).to_have_attribute("data-python-snapshot", "none")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    run_original_cell_1(page)
    snapshot_state(page).to_have_attribute("data-python-snapshot", "none")


@pytest.mark.one_engine("chromium")  # storage taken away by the site or a script: the page's own checks
def test_without_local_storage_no_snapshot_is_made(page: Page, site_url, lesson_path):
    # Where the page cannot keep the snapshot's digest, it could never trust a snapshot:
    # making and saving one (30 MB) at every start would be for nothing.
    page.add_init_script("Object.defineProperty(window, 'localStorage', "
                         "{ get() { throw new DOMException('no', 'SecurityError'); } });")
    open_lesson(page, site_url + lesson_path)
    run_original_cell_1(page)
    snapshot_state(page).to_have_attribute("data-python-snapshot", "none")
    assert page.evaluate(SAVED) == []
