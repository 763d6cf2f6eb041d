"""The Content Security Policy (lessonsite.policy.CONTENT_SECURITY_POLICY): every page carries it in a
<meta>, `serve` sends it as a header, and the whole lesson works under it (a cell, the
quiz, the widget, the challenge) with nothing refused, in the page or in its worker.

Violations are caught where the browser reports them: a `securitypolicyviolation`
listener added before the page's own scripts (an init script) and one put at the top of
the worker's script (the test serves it with one line more). Both also log a console
error, which the `js_errors` fixture turns into a failure.
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Error, Page, Route, expect

from lessonsite.builder import build_site
from lessonsite.layout import ROOT, Layout
from lessonsite.policy import content_security_policy
from lesson_page import START, cell, cpython_output, dealt, editor, ejecutar_and_wait, open_lesson, output
from words import SPANISH

from tests.packages_site import packages_layout

POLICY = content_security_policy()
LISTEN = """
globalThis.__cspViolations = [];
globalThis.addEventListener("securitypolicyviolation", (event) => {
  const what = `${event.violatedDirective} refused ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`;
  globalThis.__cspViolations.push(what);
  console.error("CSP violation: " + what);
});
"""


def directives(policy: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in policy.split(";") if part.strip())}


def test_the_policy_allows_nothing_inline_or_evaluated():
    policy = directives(POLICY)
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["base-uri"] == ["'none'"]
    # blob: for images only: the pictures a cell draws (web/src/rich.js), which never run script.
    assert policy["img-src"] == ["'self'", "blob:"]
    for name, values in policy.items():
        assert "'unsafe-inline'" not in values and "'unsafe-eval'" not in values
        allowed = ("blob:",) if name == "img-src" else ()
        assert not any(v.startswith(("http:", "https:", "data:", "blob:", "'nonce-")) and v not in allowed or v == "*"
                       for v in values)


def test_every_page_carries_the_policy(built_site: Path):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) >= 2
    for page in pages:
        text = page.read_text(encoding="utf-8")
        metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text)
        assert metas == [POLICY], f"{page}: {metas}"
        # Before anything it governs: the first element after the charset.
        assert text.index("Content-Security-Policy") < text.index("<link"), page


@pytest.mark.parametrize("path", ["", "courses/llm-agents/el-bucle/", "assets/worker-*.js",
                                  "pyodide/314.0.7/pyodide.mjs", "sw.js"])
def test_serve_sends_the_policy_with_every_file(site_url: str, plain_site_url: str, path: str, built_site):
    if "*" in path:  # a bundle's name carries a hash of its content
        path = next(built_site.glob(path)).relative_to(built_site).as_posix()
    for base in (site_url, plain_site_url):
        with urllib.request.urlopen(base + path) as response:
            assert response.headers["Content-Security-Policy"] == POLICY


def listen_in_the_worker(route: Route) -> None:
    response = route.fetch()
    # body() is decoded: the compressed copy's encoding and length no longer apply.
    headers = {k: v for k, v in response.headers.items() if k.lower() not in ("content-encoding", "content-length")}
    route.fulfill(status=response.status, headers=headers, body=LISTEN.encode() + response.body())


@pytest.fixture
def watched(context: BrowserContext, js_errors):
    context.add_init_script(LISTEN)
    context.route("**/assets/worker-*.js", listen_in_the_worker)
    yield context
    # A spare worker may be loading when the test ends: its handler then fails as the
    # context closes, and Playwright would raise that in whichever call comes next,
    # the next test's.
    context.unroute_all(behavior="ignoreErrors")


def violations(page: Page) -> list[str]:
    return page.evaluate("globalThis.__cspViolations")


def worker_violations(page: Page) -> list[str]:
    """What the workers' listeners log, collected as it is logged: a grade's worker is
    thrown away as soon as the grade is over, so asking it afterwards would find it gone."""
    found: list[str] = []
    page.on("worker", lambda worker: worker.on(
        "console", lambda message: "CSP violation" in message.text and found.append(message.text)))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("host", ["serve", "static-host"])
def test_the_lesson_works_under_the_policy(watched, page: Page, site_url, plain_site_url, lesson_path, host):
    """With `serve` the policy comes twice (header and <meta>) and also binds the worker;
    on a host that sends no header, the <meta> alone binds the page."""
    in_workers = worker_violations(page)
    open_lesson(page, (site_url if host == "serve" else plain_site_url) + lesson_path)

    widget = page.get_by_role("region", name="Traza del bucle")
    widget.get_by_role("button", name="Avanza").click()
    expect(widget.get_by_role("status")).to_contain_text("Turno 1")

    quiz = page.get_by_role("region", name="Comprueba tu intuición")
    question = quiz.get_by_role("group").first
    question.get_by_role("radio").first.check()
    question.get_by_role("button", name="Comprobar respuesta").click()
    expect(question.get_by_role("status")).to_contain_text(re.compile("Correcto|Incorrecto"))

    region = cell(page, 1)
    ejecutar_and_wait(region)
    assert output(region).text_content() == cpython_output("celda1")

    challenge = page.get_by_role("region", name="Desafío")
    challenge.get_by_role("button", name="Comprobar").click()
    expect(challenge.get_by_role("status")).to_have_text(SPANISH.verdict(),
                                                         timeout=START)

    # CodeMirror builds its styles in JavaScript: they must have reached the page
    # (its layout), and the site's own rules must still win over them (its font). A
    # click brings the editor: in idle time it waits for the spare the grade asked for,
    # and mounts only on screen.
    editor(region, 1).click()
    scroller = region.locator(".cm-scroller")
    expect(scroller).to_be_visible()
    assert scroller.evaluate("el => getComputedStyle(el.parentElement).display") == "flex"
    assert "DejaVu Sans Mono" in scroller.evaluate("el => getComputedStyle(el).fontFamily")
    assert violations(page) == []
    assert in_workers == []
    for worker in page.workers:
        try:
            assert worker.evaluate("globalThis.__cspViolations") == []
        except Error as error:  # Playwright's TargetClosedError is not public
            if "closed" not in str(error):
                raise  # a spare replaced meanwhile: what it logged is in `in_workers`

    page.get_by_role("link", name="Lecciones", exact=True).click()
    expect(page.get_by_role("heading", name="Lecciones", level=1)).to_be_visible()
    assert violations(page) == []


def test_the_policy_refuses_inline_code_and_reports_it(watched, page: Page, site_url, lesson_path, js_errors):
    """The listener and the policy are live: inline script, inline style and an inline
    handler put on the page by script are refused and reported."""
    # Chromium's report says "Content Security Policy", Firefox's "Content-Security-Policy".
    js_errors.allow(r"Content[- ]Security[- ]Policy|CSP violation")
    open_lesson(page, site_url + lesson_path)
    page.evaluate("""() => {
        const script = document.createElement("script");
        script.textContent = "globalThis.__inlineRan = true";
        document.head.append(script);
        const style = document.createElement("style");
        style.textContent = "body { background: red }";
        document.head.append(style);
        const button = document.createElement("button");
        button.setAttribute("onclick", "globalThis.__inlineRan = true");
        document.body.append(button);
        button.click();
    }""")
    page.wait_for_function("() => globalThis.__cspViolations.length >= 3")
    assert page.evaluate("globalThis.__inlineRan") is None
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 0, 0)"
    refused = violations(page)
    assert {v.split()[0] for v in refused} >= {"script-src-elem", "style-src-elem", "script-src-attr"}, refused


# ------------------------------------------------------------------ every lesson, the fixtures' too

# What each browser prints when its policy refuses something: Chromium's "Refused to ..." and
# "Applying inline style violates ...", Firefox's "Content-Security-Policy: The page's
# settings blocked ...". Any message of any type counts, not only console errors.
SAYS_CSP = re.compile(r"Content[- ]Security[- ]Policy|CSP violation", re.I)


@pytest.fixture(scope="session")
def fixture_sites(tmp_path_factory, node_modules, built_site) -> dict[str, Path]:
    """The repository's site and the fixture courses' (tests/fixtures/site, a lesson with
    cells, a quiz and a challenge; tests/fixtures/packages, lessons that load packages),
    each built as an author would build it."""
    fixture = Layout.at(ROOT / "tests" / "fixtures" / "site", templates=ROOT / "web" / "templates",
                        src=ROOT / "web" / "src", style=ROOT / "web" / "style.css",
                        node_modules=ROOT / "node_modules", package_json=ROOT / "package.json")
    return {"repository": built_site,
            "fixture": build_site(fixture, tmp_path_factory.mktemp("csp-fixture") / "dist").out,
            "packages": build_site(packages_layout(), tmp_path_factory.mktemp("csp-packages") / "dist").out}


def lesson_paths(site: Path) -> list[str]:
    # A course's glossary page sits beside its lessons and has no lesson data: not a lesson.
    return sorted(page.parent.relative_to(site).as_posix() + "/" for page in site.glob("courses/*/*/index.html")
                  if 'id="lesson-data"' in page.read_text(encoding="utf-8"))


def click_into_every_editor(page: Page) -> int:
    """Click into each cell's text box and the challenge's, as a learner reaching for the
    code, and wait for each editor to mount. Returns how many there were."""
    boxes = []
    number = 1
    while cell(page, number).count():
        boxes.append((cell(page, number), editor(cell(page, number), number)))
        number += 1
    challenge = page.get_by_role("region", name="Desafío")
    if challenge.count():
        boxes.append((challenge, challenge.get_by_role("textbox")))
    for region, box in boxes:
        box.click()
        expect(region.locator(".cm-editor")).to_be_visible()
        expect(region.get_by_role("textbox")).to_have_count(1)  # the editor took the static box's place
    return len(boxes)


# Seeded: on the repository's host each lesson then starts Python from the session's snapshot
# instead of a full start per page, cut short by the next page. A full start under the policy
# is test_the_lesson_works_under_the_policy's; this one is about the editors.
@pytest.mark.seeded
@pytest.mark.parametrize("site", ["repository", "fixture", "packages"])
def test_no_lesson_breaks_the_policy_when_its_editors_mount(watched, page: Page, serve_site, fixture_sites,
                                                           site, js_errors, browser_name, pytestconfig):
    """Every lesson page of the site, the fixture lessons' included: open it, click into
    every cell and the challenge, and nothing is refused, in the page's listener or in
    anything the browser prints to the console. The editors are the same code on every
    page; the repository's many lessons differ in what they hold, not in how an engine
    treats it, so they are dealt out to the session's engines, each lesson opened once."""
    said: list[str] = []
    page.on("console", lambda message: SAYS_CSP.search(message.text) and said.append(message.text))
    if site == "fixture":
        # The fixture's runtime is a stand-in with no runner: Python, which starts on its own
        # once a cell is in view, cannot load it, and says so if it gets that far before the
        # test ends (on a loaded machine it may). This test is about the policy.
        js_errors.allow(r"No module named 'lessonrt\.runner'")
    base = serve_site(directory=fixture_sites[site])
    lessons = lesson_paths(fixture_sites[site])
    assert lessons, f"no lesson page in {fixture_sites[site]}"
    if site == "repository":
        lessons = dealt(lessons, browser_name, pytestconfig.getoption("browser"))
    for path in lessons:
        open_lesson(page, base + path)
        assert click_into_every_editor(page) >= 1, path
        assert violations(page) == [], path
        assert said == [], path
        # The editors' styles reached the page: CodeMirror lays its editor out as a flex box.
        assert page.locator(".cm-editor").first.evaluate("el => getComputedStyle(el).display") == "flex", path
