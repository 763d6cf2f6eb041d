"""Browser fixtures: the built site on local servers, Debian's browsers through Playwright,
and guards that fail a test on a JavaScript error or a request that leaves the origin.

Fixtures (pytest-playwright provides browser, context, new_context, page, browser_name):

- `serve_site(isolation=True, prefix="/", directory=None) -> str`
      Session-scoped factory. Serves `directory` (default: the session's `built_site`) with
      make_server, the same server as `python build.py serve`, and returns its base
      URL ending in "/", e.g. "http://127.0.0.1:41234/sub/dir/". Servers are reused for
      equal arguments and stopped at the end of the session.
- `site_url`          the site as `python build.py serve` gives it (cross-origin isolated)
- `plain_site_url`    a plain static server: no COOP/COEP/CORP headers
- `subpath_site_url`  a plain static server publishing the site under /sub/dir/
- `lesson_path`       "courses/llm-agents/el-bucle/", the lesson page relative to a base URL
- `packages_site`     the fixture courses whose lessons load packages, built (a folder)
- `page`              a fresh page, watched by `js_errors` and `requests_log`. By default
                      it is a new tab of the session's `warm` context, where Python starts
                      from the memory snapshot, as on a learner's second visit. A test
                      marked `cold`, or one that asks for `context` (to route requests or
                      add init scripts) or sets `browser_context_args`, gets a tab of a
                      fresh context instead: a first visit, with the service worker.
                      Marked `seeded` as well, that fresh context holds the session's
                      snapshot at the isolated and the plain host first (`warm.seed`):
                      for a test that needs its own context but is not about start-up.
                      In a module marked `shared_tab` (pytestmark), its warm tests take
                      turns on one tab instead (a new tab costs a second or two in
                      Firefox): between two tests it is sent to about:blank (its workers
                      go), its routes are removed, its viewport put back and the learner's
                      state forgotten. For tests that leave nothing else behind: no
                      init scripts, exposed functions or listeners of their own on the page.
- `warm`              the session's `WarmContext` for the browser: one context with
                      service workers blocked, whose hosts (isolated, plain, sub-path) were
                      warmed once each: the first by starting Python and saving its memory
                      snapshot, the others with a copy of it (`warm.bank`, a SnapshotBank);
                      every tab handed out starts with no learner state (localStorage
                      emptied but for the snapshot's digest). `warm.new_page()` gives such
                      a tab for a module's shared pages (test_challenge's corpus sweep,
                      test_next_lessons' tabs, the hostile programs' sessions: one page,
                      many Comprobar); `warm.close_tabs(tabs)` puts them away.
                      `warm.warm(url)` warms another host; `warm.seed(context, url)` puts
                      the snapshot in a fresh context's storage for `url`'s host.

Which tests start cold, and why (everything else starts from the snapshot):
- start-up itself: test_snapshot.py (snapshots made, loaded, refused, no Cache Storage),
  test_memory.py's first visit (the spare that saves the snapshot), test_site.py's first
  download of Pyodide from the site, test_cells.py's failed and stalled downloads;
- the service worker and what it keeps: test_offline.py, test_lesson_packages.py and
  test_rich_output.py's lesson that draws with packages;
- storage broken by an init script (test_storage.py): with storage disabled or full the
  page keeps no snapshot, which is part of what is tested;
- a context of their own that runs no Python: test_site.py's phone (viewport), test_csp.py's
  listeners; test_a11y.py's dark Firefox (another browser) is seeded by hand;
- seeded (own context, warm start): test_challenge.py's phone, test_warm.py's check,
  test_csp.py's walk through every lesson's editors, test_input.py's first page view on the
  plain host (no service worker yet, Python from the snapshot).
- `js_errors`         every uncaught page error and console.error of the context's pages.
                      A test that produced any fails after its body ran;
                      `js_errors.allow(regex)` accepts the expected ones.
- `requests_log`      every request the context made; `requests_log.urls` and
                      `requests_log.assert_all_under(base_url)`.

`pytest tests/browser` runs in Chromium; `--browser firefox` runs in Debian's Firefox ESR
(through WebDriver BiDi), and `--browser chromium --browser firefox`, which `python build.py
test` passes, in both.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Callable

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, expect

from lessonsite.server import make_server
from bidi_relay import launcher
from warm import LESSON, WarmContext

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
FIREFOX = "/usr/lib/firefox-esr/firefox-esr"



def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "shared_tab: the module's warm tests take turns on one tab of the warm "
                                       "context, reset between them (see `page`)")
    config.addinivalue_line("markers", "seeded: a fresh context (see `cold`) whose isolated and plain "
                                       "hosts already hold the session's memory snapshot")
    config.addinivalue_line("markers", "one_engine(name): what the test proves is the runtime's or the "
                                       "server's doing, the same in every engine: it runs in that one "
                                       "only (in the session's only browser if that one is not there)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    keep, drop = [], []
    browsers = config.getoption("browser") or ["chromium"]
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)
        (drop if not (in_its_setups(item) and in_its_engine(item, browsers)) else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def in_its_setups(item: pytest.Item) -> bool:
    """False for a test marked `setups(...)` (test_challenge.py) whose browser and hosting
    pair is not among the names: with both browsers in the session, each pair runs once."""
    mark = item.get_closest_marker("setups")
    params = getattr(getattr(item, "callspec", None), "params", {})
    # A module whose cases cannot differ by engine spreads them over the two instead of
    # running each twice: every case once, both engines used, half the cost. Its
    # `browser_for(params)` names the one browser a case runs in (None: every browser).
    split = getattr(item.module, "browser_for", None)
    if split is not None and split(params) is not None:
        return split(params) == params.get("browser_name", "chromium")
    if mark is None or "lesson" not in params:
        return True
    hosting = "isolated" if params["lesson"] else "not-isolated"
    return f"{params.get('browser_name', 'chromium')}-{hosting}" in mark.args


def in_its_engine(item: pytest.Item, browsers: list[str]) -> bool:
    """False for a test marked `one_engine(name)` in another engine than `name`, or than the
    session's first browser when `name` is not among them: such a test runs once a session."""
    mark = item.get_closest_marker("one_engine")
    if mark is None:
        return True
    engine = mark.args[0] if mark.args[0] in browsers else browsers[0]
    params = getattr(getattr(item, "callspec", None), "params", {})
    return params.get("browser_name", "chromium") == engine


def is_cold(item: pytest.Item) -> bool:
    """Whether the test needs a fresh context: it says so, sets the context's arguments,
    or touches the context itself (routes, init scripts, its own pages)."""
    return (item.get_closest_marker("cold") is not None
            or item.get_closest_marker("browser_context_args") is not None
            or "context" in getattr(item, "fixturenames", ())
            or "new_context" in getattr(item, "fixturenames", ()))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, browser_name: str,
                             tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Launch the browsers Debian installed; Playwright's own downloads are never used.
    Firefox runs behind bidi_relay, without which most of its commands wait 40 ms."""
    if browser_name == "chromium":
        return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
    if browser_name == "firefox":
        return {**browser_type_launch_args, "channel": "moz-firefox",
                "executable_path": str(launcher(tmp_path_factory.mktemp("firefox"), FIREFOX))}
    raise pytest.UsageError(f"no installed browser for {browser_name!r}: use chromium or firefox")


@pytest.fixture(scope="session")
def serve_site(built_site: Path) -> Callable[..., str]:
    servers: dict[tuple, tuple[object, str]] = {}

    def serve(isolation: bool = True, prefix: str = "/", directory: Path | None = None) -> str:
        key = (isolation, prefix, str(directory or built_site))
        if key not in servers:
            server = make_server(directory or built_site, 0, isolation=isolation,
                                       prefix=prefix, quiet=True)
            threading.Thread(target=server.serve_forever, name=f"site{prefix}", daemon=True).start()
            host, port = server.server_address[:2]
            servers[key] = (server, f"http://{host}:{port}{prefix}")
        return servers[key][1]

    yield serve
    for server, _ in servers.values():
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(serve_site) -> str:
    return serve_site(isolation=True)


@pytest.fixture(scope="session")
def plain_site_url(serve_site) -> str:
    return serve_site(isolation=False)


@pytest.fixture(scope="session")
def subpath_site_url(serve_site) -> str:
    return serve_site(isolation=False, prefix="/sub/dir/")


@pytest.fixture(scope="session")
def lesson_path() -> str:
    return LESSON


@pytest.fixture(scope="session")
def packages_site(tmp_path_factory: pytest.TempPathFactory, node_modules: Path) -> Path:
    """The fixture courses whose lessons load packages (tests/fixtures/packages), built once for
    test_lesson_packages.py and test_rich_output.py."""
    from lessonsite.builder import build_site

    from tests.packages_site import packages_layout

    return build_site(packages_layout(), tmp_path_factory.mktemp("packages") / "dist").out


@pytest.fixture
def lesson_page(page: Page, site_url: str, lesson_path: str) -> Page:
    """`page` with the lesson open and ready (html[data-lesson-ready])."""
    page.goto(site_url + lesson_path)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    return page


# Firefox's own console report of a request its service worker could not answer. It comes
# when a Python worker still loading Pyodide goes away with its page (a reload mid-start),
# and reaches the test at any time around the navigation, even seconds after the next page
# has loaded. It is never the only sign of a real failure: when a load of the current page
# fails, the page reports it itself ("Python worker: ..."), and that is counted.
INTERCEPTION_FAILED = re.compile(r"A ServiceWorker intercepted the request and encountered an unexpected error")


class JSErrors:
    """Uncaught errors and console.error messages from every page of one context."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.allowed: list[re.Pattern] = []
        self.handlers: list[tuple[Page, str, Callable]] = []

    def watch(self, page: Page) -> None:
        # A document being left has its loads aborted, and what it logs about them (a
        # Python worker still starting there, say) comes after the navigation began.
        # No learner ever sees that page again, so those errors are not counted; nor is
        # Firefox's INTERCEPTION_FAILED report, whenever it arrives.
        leaving = False

        def navigating(request: Request) -> None:
            nonlocal leaving
            if request.is_navigation_request() and request.frame == page.main_frame:
                leaving = page.url != "about:blank"

        def loaded(_page) -> None:
            nonlocal leaving
            leaving = False

        def record(text: str) -> None:
            if not leaving and not INTERCEPTION_FAILED.search(text):
                self.errors.append(text)

        # Until the next document has loaded, not merely committed: Firefox may deliver
        # the errors of the old document's workers after the new one has committed.
        for event, handler in (("request", navigating), ("load", loaded),
                               ("pageerror", lambda error: record(f"uncaught {error.name}: {error.message}\n{error.stack}")),
                               ("console", lambda message: self._console(message, record))):
            page.on(event, handler)
            self.handlers.append((page, event, handler))

    def unwatch(self) -> None:
        """Stop watching the pages (a shared tab goes on to the next test)."""
        for page, event, handler in self.handlers:
            page.remove_listener(event, handler)
        self.handlers.clear()

    @staticmethod
    def _console(message: ConsoleMessage, record) -> None:
        if message.type == "error":
            location = message.location or {}
            record(f"console.error at {location.get('url', '?')}:{location.get('lineNumber', '?')}: {message.text}")

    def allow(self, pattern: str) -> None:
        """Accept errors matching `pattern` (a regex searched in the message) in this test."""
        self.allowed.append(re.compile(pattern))

    @property
    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]

    def check(self) -> None:
        if self.unexpected:
            pytest.fail("JavaScript errors on the page:\n" + "\n".join(self.unexpected), pytrace=False)


class RequestLog:
    """Every request made by the pages (and their workers) of one context."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.page_urls: list[str] = []  # the same, less what service workers fetched for themselves

    def attach(self, target: BrowserContext | Page) -> None:
        """Log the requests of a context (its service workers' included) or of one tab
        (its own workers')."""
        target.on("request", self._started)

    def detach(self, target: BrowserContext | Page) -> None:
        target.remove_listener("request", self._started)

    def _started(self, request: Request) -> None:
        self.urls.append(request.url)
        if request.service_worker is None:
            self.page_urls.append(request.url)

    def assert_all_under(self, base_url: str) -> None:
        """Fail unless every request went to `base_url` or below (data: and blob: URLs are local)."""
        outside = [u for u in self.urls if not u.startswith(base_url) and not u.startswith(("data:", "blob:"))]
        assert not outside, f"requests outside {base_url}:\n" + "\n".join(outside)


@pytest.fixture(scope="session")
def warm(browser: Browser, browser_context_args: dict, site_url: str, plain_site_url: str,
         subpath_site_url: str) -> WarmContext:
    """The session's WarmContext for this browser, with the isolated, the plain and the
    sub-path host warmed (the first by a start of Python, the others from its snapshot).
    Another origin is warmed by `warm.warm(url)`."""
    warm = WarmContext(browser, browser_context_args)
    for url in (site_url, plain_site_url, subpath_site_url):
        warm.warm(url)
    yield warm
    warm.close()


@pytest.fixture
def js_errors() -> JSErrors:
    return JSErrors()


@pytest.fixture
def requests_log() -> RequestLog:
    return RequestLog()


@pytest.fixture
def page(request: pytest.FixtureRequest, js_errors: JSErrors, requests_log: RequestLog) -> Page:
    if is_cold(request.node):
        context: BrowserContext = request.getfixturevalue("context")
        if request.node.get_closest_marker("seeded") is not None:
            warm: WarmContext = request.getfixturevalue("warm")
            for url in (request.getfixturevalue("site_url"), request.getfixturevalue("plain_site_url")):
                warm.seed(context, url)
        for page in context.pages:
            js_errors.watch(page)
        context.on("page", js_errors.watch)
        requests_log.attach(context)
        yield context.new_page()
        return
    warm: WarmContext = request.getfixturevalue("warm")
    shared = request.node.get_closest_marker("shared_tab") is not None
    before = set(warm.context.pages)
    page = warm.shared_tab(request.node.module.__name__) if shared else warm.new_page()
    js_errors.watch(page)
    requests_log.attach(page)
    warm.context.on("page", js_errors.watch)  # tabs the test opens itself
    yield page
    warm.context.remove_listener("page", js_errors.watch)
    if shared:
        js_errors.unwatch()
        requests_log.detach(page)
        warm.reset_shared_tab()
    warm.close_tabs(warm.opened_since(before))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """Fail a test that passed its own assertions if its pages raised JavaScript errors."""
    result = yield
    errors = item.funcargs.get("js_errors") if hasattr(item, "funcargs") else None
    if errors is not None:
        errors.check()
    return result
