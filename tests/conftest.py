"""CPython-level fixtures shared by every test.

- `repo_root`: the repository (Path).
- `node_modules`: makes sure `npm ci` has run for the current package-lock.json.
- `built_site`: the real site, built once per session into a temporary folder (not dist/,
  so a developer's running `serve` is left alone). Browser tests serve this folder.
- `fixture_layout`: a writable copy of tests/fixtures/site (a small course in the same
  format as web/courses) as a Layout; the page shell, JS and npm packages are the
  repository's own. Break its files to test the build's errors.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

from lessonsite.assets import ensure_node_modules
from lessonsite.builder import build_site
from lessonsite.layout import ROOT, Layout

pytest_plugins = ["tests.timing"]

FIXTURE_SITE = ROOT / "tests" / "fixtures" / "site"
BROWSER_TESTS = ROOT / "tests" / "browser"
WEBKIT_TESTS = ROOT / "tests" / "webkit"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--quick", action="store_true",
                     help="the CPython tests and one browser smoke test per feature (marked `smoke`); "
                          "no WebKit, no benchmark")


def in_a_browser(item: pytest.Item) -> bool:
    path = Path(str(item.fspath))
    return (path.is_relative_to(BROWSER_TESTS) or path.is_relative_to(WEBKIT_TESTS)
            or item.get_closest_marker("browser") is not None)


def a_red_team_entry_in_test_corpus(item: pytest.Item) -> bool:
    params = getattr(item, "callspec", None) and item.callspec.params
    path = params.get("ruta") if params else None
    return (Path(str(item.fspath)).name == "test_corpus.py" and isinstance(path, Path)
            and path.is_relative_to(ROOT / "tests" / "redteam"))


# First: pytest-xdist's own hook reads the xdist_group marks added here to keep each
# group in one worker, and without tryfirst it runs before them and sees none.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Fast to slow: CPython tests first, the browser tests (tests/browser/) last. With
    --quick, of the tests that drive a browser only the smoke tests are kept."""
    # The red teams' entries: all of them (tests/test_redteam.py, minutes of two cores), or,
    # with --quick, only the sample tests/test_corpus.py also grades; never both.
    quick = config.getoption("quick")
    dropped = [item for item in items if (Path(str(item.fspath)).name == "test_redteam.py" if quick
                                          else a_red_team_entry_in_test_corpus(item))]
    if quick:
        dropped += [item for item in items if in_a_browser(item) and item.get_closest_marker("smoke") is None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item not in set(dropped)]
    items.sort(key=lambda item: Path(str(item.fspath)).is_relative_to(BROWSER_TESTS))
    # Under pytest-xdist (`-n 2 --dist loadgroup`, as `build.py test` runs), each engine's
    # tests stay in one worker: it launches that browser and warms its context once, and
    # the two engines run side by side. CPython tests go wherever a worker is free.
    from tests.timing import engine_of  # here: a plugin imported before pytest loads it is not rewritten

    for item in items:
        engine = engine_of(item.nodeid)
        if engine != "cpython":
            item.add_marker(pytest.mark.xdist_group(engine))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtestloop(session: pytest.Session):
    """In a pytest-xdist worker, say on stderr why the test loop ended early, if it did: the
    controller then reports only that the worker finished with tests left, not why."""
    outcome = yield
    error = outcome.excinfo
    if error is not None and hasattr(session.config, "workerinput"):
        import traceback

        worker = session.config.workerinput.get("workerid", "?")
        sys.__stderr__.write(f"\n[{worker}] the test loop ended with {error[0].__name__}:\n"
                             + "".join(traceback.format_exception(*error)))
        sys.__stderr__.flush()


def pytest_internalerror(excinfo) -> None:
    """An internal error ends the run before its summary: name the tests that failed so far."""
    reporter = _config.pluginmanager.get_plugin("terminalreporter") if _config else None
    failed = reporter.stats.get("failed", []) + reporter.stats.get("error", []) if reporter else []
    for report in failed:
        sys.stderr.write(f"FAILED before the internal error: {report.nodeid}\n"
                         + "\n".join(str(report.longrepr).splitlines()[-15:]) + "\n")


_config: pytest.Config | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _config
    _config = config
    # The CPython tests grade and run the Spanish course: its learners' language. A test of
    # another language sets it and puts this one back (see test_catalogs).
    from lessonrt.i18n import set_language

    set_language("es")


@pytest.fixture(autouse=True)
def no_event_loop_left_by_playwright(request: pytest.FixtureRequest):
    """A CPython test meets Python as a learner's code does: no event loop running.

    Playwright's sync API runs its event loop in this thread from its first browser test
    until the session ends, and asyncio marks that loop as running here the whole time. A
    CPython test that a pytest-xdist worker runs after its browser tests would see it, and a
    learner's `asyncio.run()` inside the grader would fail with "cannot be called from a
    running event loop". The mark is lifted for the test and put back after it."""
    loop = None if in_a_browser(request.node) else asyncio._get_running_loop()
    if loop is None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


@pytest.fixture(autouse=True)
def imports_as_they_were():
    """Each test finds sys.path and the lessonrt package as the session had them.

    `lessonsite.runtime.grade` (`build.py grade`) puts a layout's py/ first on sys.path and
    imports that layout's lessonrt, as a command run once may. In a test that grades a
    fixture layout, both outlived the test: later tests in the same worker imported the
    fixture's copy, and so did the fresh Pythons of tests/child_process.py, since
    multiprocessing hands them the parent's sys.path. There, «El bucle» was not found."""
    path = list(sys.path)
    yield
    if sys.path == path:
        return  # nothing could have imported another lessonrt
    sys.path[:] = path
    own = str(ROOT / "py") + "/"
    for name, module in list(sys.modules.items()):
        if (name == "lessonrt" or name.startswith("lessonrt.")) and \
                not (getattr(module, "__file__", None) or "").startswith(own):
            del sys.modules[name]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def node_modules() -> Path:
    ensure_node_modules(ROOT)
    return ROOT / "node_modules"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, node_modules: Path) -> Path:
    """The repository's site, built with build_site; returns the output folder."""
    out = tmp_path_factory.mktemp("site") / "dist"
    build_site(Layout.at(ROOT), out)
    return out


@pytest.fixture
def fixture_layout(tmp_path: Path) -> Layout:
    """A private copy of the fixture course, with the repository's shell and packages."""
    root = tmp_path / "src"
    shutil.copytree(FIXTURE_SITE, root)
    return Layout.at(
        root,
        templates=ROOT / "web" / "templates",
        src=ROOT / "web" / "src",
        style=ROOT / "web" / "style.css",
        node_modules=ROOT / "node_modules",
        package_json=ROOT / "package.json",
    )


@pytest.fixture
def real_runtime(fixture_layout: Layout, repo_root: Path) -> Path:
    """The fixture course with a copy of the repository's lessonrt (runner, grading)."""
    shutil.rmtree(fixture_layout.runtime)
    shutil.copytree(repo_root / "py" / "lessonrt", fixture_layout.runtime,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return fixture_layout.runtime


# The fixture lesson's checks (it has a challenge): doble(n) against apoyo.py's, over a
# differential contract and two named cases. They need the repository's runtime.
FIXTURE_CHECKS = '''from lessonrt.grading import check
from lessonrt.grading import differential as D
from lessonrt.grading import generators as G

SIGNATURE = "doble(n)"
FILES = ("apoyo.py",)

# The contract: apoyo.py's doble, over every int from -1000 to 1000 (the edges first).
CONTRATO = D.Differential(
    reference="doble", arguments=("n",), describe=lambda caso: "doble(%r)" % caso.calls[0],
    case=G.integers(-1000, 1000).map(lambda n: D.Case([(n,)])), random_cases=100,
    edges=[D.Case([(n,)]) for n in (0, 1, -1, 3)])


@check("tres", "El doble de 3")
def tres(p):
    r = p.run(3)
    return (p.common(r) is None and r.value == 6), (p.common(r) or "doble(3) devolvió %r" % (r.value,))


@check("cero", "El doble de 0")
def cero(p):
    r = p.run(0)
    p.show(did=[("devuelve", repr(r.value))], expected=[("devuelve", "0")])
    return (p.common(r) is None and r.value == 0), (p.common(r) or "doble(0) devolvió %r" % (r.value,))


@check("todos", "Cualquier entero")
def todos(p):
    return CONTRATO.verify(p)
'''


@pytest.fixture
def checks(fixture_layout: Layout, real_runtime: Path) -> Path:
    """The fixture lesson's challenge: a small checks module of its own, in its folder."""
    path = fixture_layout.web_courses / "demo" / "primera" / "checks.py"
    path.write_text(FIXTURE_CHECKS, encoding="utf-8")
    return path


@pytest.fixture
def fixture_lesson(fixture_layout: Layout) -> Path:
    """The fixture lesson's folder inside fixture_layout."""
    return fixture_layout.web_courses / "demo" / "primera"
