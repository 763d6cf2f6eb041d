"""The session's warm browser context (the `warm` fixture of tests/browser/conftest.py):
tabs where Python starts from the memory snapshot, as on a learner's second visit."""

from __future__ import annotations

import http.server
import json
import threading
import urllib.parse

from playwright.sync_api import Browser, BrowserContext, Error, Page, Route, expect

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


# A document of the origin being seeded, routed by the test instead of served: the site's
# pages forbid connections to any other origin (their Content-Security-Policy), and the
# snapshot comes from the bank's. Nothing of the site loads in it.
SEED_PATH = "__warm__"
SEED_PAGE = "<!doctype html><html lang=en><title>warm</title>"

# The snapshot this origin saved and trusts, sent to the bank: (path of its Cache Storage
# entry below the site's base URL, the trust record in localStorage).
EXPORT = r"""async ([bank, base]) => {
  const cache = await caches.open("lessonrt-snapshot");
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const sent = await fetch(bank, { method: "POST", body: await response.blob() });
  if (!sent.ok) throw new Error(`the bank answered ${sent.status}`);
  return [request.url.slice(base.length), localStorage.getItem("lessonrt:snapshot")];
}"""

# The bank's snapshot put where the page's worker looks for it (web/src/worker.js,
# snapshotStore: the same headers), and trusted as the page trusts the one it made
# (web/src/runtime.js, trustSnapshot). Assigned, not setItem: a test may break setItem.
IMPORT = r"""async ([bank, url, trusted]) => {
  const body = await (await fetch(bank)).blob();
  const cache = await caches.open("lessonrt-snapshot");
  await cache.put(url, new Response(body, {
    headers: { "content-type": "application/octet-stream", "x-snapshot-bytes": String(body.size) } }));
  localStorage["lessonrt:snapshot"] = trusted;
  return body.size;
}"""


class SnapshotBank:
    """The memory snapshot the first warmed origin made, held by a small local server (over
    the network, not the browser's protocol, which takes a minute for 30 MB), so that
    every other origin and any fresh context starts from it instead of making its own: a
    full start and a snapshot cost 10 to 20 s in Firefox, a copy well under one.

    The snapshot holds nothing of the origin that made it (web/src/worker.js makes it
    before the page's URL, the interrupt buffer or any package reaches Python), so it is
    the snapshot each origin would make itself, and its digest the one the page keeps."""

    def __init__(self) -> None:
        bank = self
        self.body: bytes | None = None
        self.entry: str | None = None  # the Cache Storage entry's path below the site's base URL
        self.trusted: str | None = None

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def _headers(self, status: int, length: int) -> None:
                self.send_response(status)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(length))
                self.end_headers()

            def do_POST(self) -> None:
                bank.body = self.rfile.read(int(self.headers["Content-Length"]))
                self._headers(204, 0)

            def do_GET(self) -> None:
                if bank.body is None:
                    self._headers(404, 0)
                    return
                self._headers(200, len(bank.body))
                self.wfile.write(bank.body)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, name="snapshot-bank", daemon=True).start()
        self.url = "http://127.0.0.1:%d/snapshot" % self.server.server_address[1]

    @property
    def full(self) -> bool:
        return self.body is not None

    def take(self, context: BrowserContext, base_url: str) -> None:
        """Keep the snapshot that the origin of `base_url` saved and trusts in `context`."""
        page = seed_page(context, base_url)
        try:
            self.entry, self.trusted = page.evaluate(EXPORT, [self.url, base_url])
        finally:
            page.close()
        assert self.full and self.trusted, f"no snapshot to take from {base_url}"

    def give(self, context: BrowserContext, base_url: str, keep: bool = False) -> Page:
        """Put the snapshot in the storage of `base_url`'s origin in `context`, trusted.
        Returns the tab that did it (a blank document of that origin), or closes it."""
        page = seed_page(context, base_url)
        size = page.evaluate(IMPORT, [self.url, base_url + self.entry, self.trusted])
        assert size == len(self.body), (size, len(self.body))
        if not keep:
            page.close()
        return page

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def seed_page(context: BrowserContext, base_url: str) -> Page:
    """A tab of `context` on a blank document of `base_url`'s origin."""
    if context.browser is not None and context.browser.browser_type.name == "chromium":
        # A routed document has no address, so Chromium counts it as public and keeps it
        # from the loopback bank unless allowed. The site's pages only ever fetch from
        # their own origin, where the permission plays no part.
        context.grant_permissions(["local-network-access"])
    page = context.new_page()
    url = base_url + SEED_PATH

    def blank(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=SEED_PAGE)

    page.route(url, blank)
    page.goto(url)
    return page


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
        self.bank = SnapshotBank()
        self.shared: tuple[str, Page, dict | None] | None = None  # a module's tab, and its viewport

    def warm(self, base_url: str) -> None:
        """Warm the origin of `base_url` (the site's base URL there): the first origin by
        starting Python and saving its snapshot as a learner's first visit does, every
        other one with a copy of that snapshot (SnapshotBank)."""
        origin = origin_of(base_url)
        if origin in self.keepers:
            return
        if self.bank.full:
            self.keepers[origin] = self.bank.give(self.context, base_url, keep=True)
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
        self.bank.take(self.context, base_url)

    def seed(self, context: BrowserContext, base_url: str) -> None:
        """Give a fresh context this session's snapshot at `base_url`'s origin: Python
        starts there as on a second visit (the service worker, if allowed, still installs)."""
        self.bank.give(context, base_url)

    def new_page(self) -> Page:
        """A tab with no learner state in any warmed origin."""
        for keeper in self.keepers.values():
            keeper.evaluate(FORGET_THE_LEARNER)
        return self.context.new_page()

    def shared_tab(self, module: str) -> Page:
        """The tab the tests of `module` take turns on (see reset_shared_tab), in front and
        with no learner state; another module's is closed."""
        if self.shared is not None and self.shared[0] != module:
            self.close_tabs([self.shared[1]])
            self.shared = None
        if self.shared is None or self.shared[1].is_closed():
            tab = self.new_page()
            self.shared = (module, tab, tab.viewport_size)
            return tab
        for keeper in self.keepers.values():
            keeper.evaluate(FORGET_THE_LEARNER)
        self.shared[1].bring_to_front()
        return self.shared[1]

    def reset_shared_tab(self) -> None:
        """Leave the shared tab as a new one: on about:blank (the lesson's workers go with
        its document), without the test's routes, at the context's viewport."""
        _, tab, viewport = self.shared
        if tab.is_closed():
            return
        tab.unroute_all(behavior="ignoreErrors")
        tab.goto("about:blank")
        if tab.viewport_size != viewport and viewport is not None:
            tab.set_viewport_size(viewport)

    def opened_since(self, tabs: set[Page]) -> list[Page]:
        shared = self.shared[1] if self.shared else None
        return [tab for tab in self.context.pages
                if tab not in tabs and tab not in self.keepers.values() and tab is not shared]

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
        self.bank.close()


def origin_of(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
