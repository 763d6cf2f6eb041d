"""The session's warm browser context (the `warm` fixture of tests/browser/conftest.py):
tabs where Python starts from the memory snapshot, as on a learner's second visit."""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import Browser, Error, Page, expect

from lesson_page import DONE, FORGET_THE_LEARNER, START, cell, open_lesson

LESSON = "courses/llm-agents/el-bucle/"


# Whether the page trusts a snapshot for this build and Cache Storage holds it: polled in
# the page, since the predicate is asynchronous.
SNAPSHOT_SAVED = r"""async (ms) => {
  const key = (await (await fetch(new URL("runtime/lessonrt/manifest.json", document.baseURI
    .replace(/courses\/.*$/, "")))).json()).snapshot;
  const until = performance.now() + ms;
  for (;;) {
    const trusted = JSON.parse(localStorage.getItem("lessonrt:snapshot") ?? "null");
    const cache = await caches.open("lessonrt-snapshot");
    const saved = (await cache.keys()).some((request) => request.url.endsWith("/" + key));
    if (trusted?.key === key && trusted.digests.length && saved) return true;
    if (performance.now() > until) return false;
    await new Promise((next) => setTimeout(next, 50));
  }
}"""


class WarmContext:
    """One browser context for the whole session, with service workers blocked, in which
    every origin the tests use has started Python once and saved its memory snapshot. A
    tab opened here starts Python from that snapshot (about 1 s instead of 5) and its idle
    spare does too, instead of making another snapshot in the background: a learner's
    second visit, without the service worker, whose own tests use fresh contexts.

    Tabs share the context's storage, so each is handed out with the learner's state of
    the tabs before it forgotten, and closed after its test."""

    def __init__(self, browser: Browser, context_args: dict) -> None:
        self.context = browser.new_context(**context_args, service_workers="block")
        self.keepers: dict[str, Page] = {}  # origin -> a quiet tab there, to reach its storage

    def warm(self, base_url: str) -> None:
        origin = origin_of(base_url)
        if origin in self.keepers:
            return
        keeper = self.context.new_page()
        open_lesson(keeper, base_url + LESSON)
        region = cell(keeper, 1)
        # Warming tests nothing about the button: the click event is sent to it directly,
        # where a pointer click could land elsewhere if the page moved under it (seen once:
        # the run never started, the status stayed empty).
        region.get_by_role("button", name="Ejecutar").dispatch_event("click")
        expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
        assert keeper.evaluate(SNAPSHOT_SAVED, 90_000), f"no memory snapshot saved at {base_url}"
        # The lesson's interpreters are not needed any more: the index page runs none.
        keeper.goto(base_url)
        self.keepers[origin] = keeper

    def new_page(self) -> Page:
        """A tab with no learner state in any warmed origin."""
        for keeper in self.keepers.values():
            keeper.evaluate(FORGET_THE_LEARNER)
        return self.context.new_page()

    def opened_since(self, tabs: set[Page]) -> list[Page]:
        return [tab for tab in self.context.pages if tab not in tabs and tab not in self.keepers.values()]

    def close_tabs(self, tabs: list[Page]) -> None:
        """Close these tabs, and with them their Python workers, forgetting what they kept
        in origins that have no keeper (the sub-path host, say)."""
        for tab in tabs:
            if tab.is_closed():
                continue
            if tab.url.startswith("http") and origin_of(tab.url) not in self.keepers:
                try:
                    tab.evaluate(FORGET_THE_LEARNER)
                except Error:
                    pass  # storage this tab was denied holds nothing to forget
            tab.close()

    def close(self) -> None:
        self.context.close()


def origin_of(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
