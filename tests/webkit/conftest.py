"""WebKit fixtures: Debian's WebKitGTK (MiniBrowser, driven by WebKitWebDriver through
Selenium) on a private Xvfb display, and the built site served as `python build.py serve`
serves it.

- `webkit_display`  a session-wide Xvfb display, e.g. ":3". WebKitGTK needs an X display
                    even to start a WebDriver session (without one the session hangs).
- `webkit_site_url` the site, cross-origin isolated, e.g. "http://127.0.0.1:41234/";
                    `webkit_site.offline()` cuts it off the network for a while.
- `driver`          one MiniBrowser session for the run (each test's `lesson` fixture
                    forgets what an earlier test left).

A missing WebKitWebDriver, MiniBrowser or Xvfb fails the test with the package to install:
CI must prove that WebKit ran, so nothing here skips.
"""

from __future__ import annotations

import glob
import os
import select
import shutil
import subprocess
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

from lessonsite.server import make_server

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
# MiniBrowser lives in the multiarch folder of libwebkit2gtk-4.1-0, e.g. x86_64-linux-gnu.
MINIBROWSERS = "/usr/lib/*/webkit2gtk-4.1/MiniBrowser"
LOG = Path(__file__).resolve().parents[2] / "test-results" / "webkitwebdriver.log"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.webkit)


def required(path: str | None, what: str, package: str) -> str:
    if not path or not Path(path).exists():
        pytest.fail(f"WebKit tests need {what}: apt-get install {package} "
                    "(python build.py test installs it when run as root)", pytrace=False)
    return path


@pytest.fixture(scope="session")
def webkit_display() -> str:
    xvfb = required(shutil.which("Xvfb"), "Xvfb", "xvfb")
    # -displayfd: Xvfb picks a free display number and writes it to the pipe once it
    # accepts connections, so there is neither a guessed number nor a wait on a clock.
    read_end, write_end = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x1024x24",
                               "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    number = b""
    try:
        while not number.endswith(b"\n"):
            ready, _, _ = select.select([read_end], [], [], 30)
            chunk = os.read(read_end, 16) if ready else b""
            if not chunk:
                pytest.fail(f"Xvfb did not start (exit code {server.poll()})", pytrace=False)
            number += chunk
        yield f":{number.decode().strip()}"
    finally:
        os.close(read_end)
        server.terminate()
        server.wait(timeout=10)


class Site:
    """The built site on a loopback port that stays the same for the run, so the origin,
    and with it what the browser keeps (snapshot, service worker), stays too."""

    def __init__(self, root: Path):
        self.root = root
        self.server = self._serve(0)
        host, self.port = self.server.server_address[:2]
        self.url = f"http://{host}:{self.port}/"

    def _serve(self, port: int):
        server = make_server(self.root, port, isolation=True, quiet=True)
        threading.Thread(target=server.serve_forever, name="webkit-site", daemon=True).start()
        return server

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    @contextmanager
    def offline(self):
        """The network cut: nothing listens on the site's port (a request is refused at
        once), then the site is served again on the same port."""
        self.close()
        try:
            yield
        finally:
            self.server = self._serve(self.port)


@pytest.fixture(scope="session")
def webkit_site(built_site: Path) -> Site:
    site = Site(built_site)
    yield site
    site.close()


@pytest.fixture(scope="session")
def webkit_site_url(webkit_site: Site) -> str:
    return webkit_site.url


# One WebKit for the run: its first test starts Python in full and saves the memory
# snapshot, and the tests after it start from that snapshot, as a learner's second visit
# does (the `lesson` fixture forgets everything else between tests). One launch, not one a
# module: a launch on a busy CI machine once waited for the browser for over 300 s, and
# WebKitWebDriver's log (test-results/webkitwebdriver.log) is kept to show what it waited for.
@pytest.fixture(scope="session")
def driver(webkit_display: str):
    from selenium import webdriver

    LOG.parent.mkdir(exist_ok=True)
    minibrowser = required(next(iter(sorted(glob.glob(MINIBROWSERS))), None), "MiniBrowser",
                           "libwebkit2gtk-4.1-0")
    options = webdriver.WebKitGTKOptions()
    options.binary_location = minibrowser
    options.add_argument("--automation")
    # JavaScriptCore keeps SharedArrayBuffer off unless told, even on an isolated page,
    # and Detener's interrupt needs it.
    env = {**os.environ, "DISPLAY": webkit_display, "JSC_useSharedArrayBuffer": "1"}
    service = webdriver.WebKitGTKService(
        executable_path=required(WEBKIT_DRIVER, "WebKitWebDriver", "webkit2gtk-driver"),
        env=env, log_output=str(LOG))
    browser = webdriver.WebKitGTK(options=options, service=service)
    try:
        yield browser
    finally:
        browser.quit()
