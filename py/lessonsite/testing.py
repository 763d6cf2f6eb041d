"""`build.py test`: install what the tests need, build, and run pytest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Callable

from .layout import ROOT, Layout


def pinned_build_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """What building needs, pinned in pyproject.toml's dependencies, e.g. ["Jinja2==3.1.6", ...]."""
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]


def pinned_test_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """What the tests need: the build's pins and the `test` extra's, e.g. ["pytest==8.4.2", ...]."""
    meta = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    return [*pinned_build_requirements(pyproject), *meta["project"]["optional-dependencies"]["test"]]


def missing_requirements(requirements: list[str]) -> list[str]:
    """The `name==version` pins that are not installed at exactly that version."""
    from importlib import metadata

    missing = []
    for requirement in requirements:
        name, _, version = requirement.partition("==")
        try:
            if metadata.version(name) != version:
                missing.append(requirement)
        except metadata.PackageNotFoundError:
            missing.append(requirement)
    return missing


# Debian packages the browser tests drive, by a file each installs; Playwright's own browser
# downloads can't be used. WebKitGTK (tests/webkit/) runs through WebKitWebDriver, which pulls
# in libwebkit2gtk-4.1-0 with its MiniBrowser, and needs an X display: Xvfb.
BROWSER_PACKAGES = {"/usr/bin/chromium": "chromium", "/usr/lib/firefox-esr/firefox-esr": "firefox-esr",
                    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver", "/usr/bin/Xvfb": "xvfb"}


# The engines `test` runs the Playwright suite in, unless the command line names some.
PLAYWRIGHT_BROWSERS = ["--browser", "chromium", "--browser", "firefox"]


def ensure_browsers(log: Callable[[str], None] = print) -> bool:
    """Install the Debian browsers (and the display WebKit needs) when they are missing and we
    may (root with apt-get); otherwise say which command would. Returns whether they are all
    there."""
    missing = [pkg for path, pkg in BROWSER_PACKAGES.items() if not Path(path).exists()]
    if not missing:
        return True
    command = ["apt-get", "install", "-y", "--no-install-recommends", *missing, "fonts-dejavu"]
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        log(f"installing browsers: {' '.join(missing)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if subprocess.call(["apt-get", "update"], env=env) == 0 and subprocess.call(command, env=env) == 0:
            return True
    log(f"error: the browser tests need {', '.join(missing)}: run `sudo {' '.join(command)}` "
        "(after `sudo apt-get update`)")
    return False


WORKERS = ["-n", "2", "--dist", "loadgroup"]
"""pytest-xdist's options for the whole suite: two workers on CI's two cores."""


def ensure_installed(requirements: list[str], extra: str = "") -> bool:
    """Install this project (with `extra`, e.g. "[test]") when any of `requirements` is not
    installed at its pinned version, so that a fresh machine needs no pip step of its own.
    False, with what to run, if pip fails."""
    missing = missing_requirements(requirements)
    if not missing:
        return True
    print(f"installing {', '.join(missing)}", file=sys.stderr, flush=True)
    if subprocess.call([sys.executable, "-m", "pip", "install", "-e", f"{ROOT}{extra}"]) == 0:
        return True
    print(f"error: pip install failed; inside a virtual environment run: pip install -e '.{extra}'",
          file=sys.stderr)
    return False


def run_tests(pytest_args: list[str]) -> int:
    """The one test command: install pinned test packages and Debian's browsers if needed, npm
    ci if needed, build dist/, run pytest: the Playwright tests in Chromium and Firefox unless
    `pytest_args` names a `--browser` (with `--quick`, Chromium alone), and tests/webkit/ in
    WebKitGTK. pytest's 'no tests
    collected' (exit 5) counts as a failure."""
    if not ensure_installed(pinned_test_requirements(), "[test]"):
        return 1
    if not ensure_browsers():
        return 1
    from .assets import ensure_node_modules  # needs the build's packages, installed above

    ensure_node_modules(ROOT)
    # Imported once the packages the build needs are installed.
    from .builder import build_site

    build_site(Layout.at(ROOT), ROOT / "dist")
    if not any(arg == "--browser" or arg.startswith("--browser=") for arg in pytest_args):
        # --quick (tests/conftest.py) is the everyday loop: its smoke tests run in Chromium.
        browsers = ["--browser", "chromium"] if "--quick" in pytest_args else PLAYWRIGHT_BROWSERS
        pytest_args = [*browsers, *pytest_args]
    if not any(arg == "-n" or arg.startswith(("-n", "--numprocesses")) for arg in pytest_args):
        # Two workers, one engine each (see tests/conftest.py); with --quick, the CPython
        # tests share both while one runs the Chromium smoke tests.
        pytest_args = [*WORKERS, *pytest_args]
    code = subprocess.call([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT)
    if code == 5:
        print("error: pytest collected no tests", file=sys.stderr)
        return 1
    return code
