"""The lesson in WebKit (WebKitGTK's MiniBrowser through Selenium): Celda 1 prints what
CPython prints, Detener stops a loop and the cell runs again, a second visit starts
Python from the memory snapshot the first saved, and Comprobar grades a correct and a
wrong solution. Elements are found as the user and assistive technology
see them: by role and accessible name (WebDriver's computed role and label)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from tests.el_bucle import COMPROBACIONES
from tests.browser.lesson_page import FORGET_THE_LEARNER, SNAPSHOT_DIGEST, cpython_output
from tests.test_grader import CORPUS, cabecera

LESSON = "courses/llm-agents/el-bucle/"
START_S = 90  # the first run downloads and starts Python
STOP_S = 5
TITLES = {id: title for id, title, _ in COMPROBACIONES}
TOTAL = len(TITLES)

# The CSS that can carry each role on this page; the role itself is then checked.
ROLE_CSS = {"region": "section", "button": "button", "textbox": "[role=textbox]",
            "status": "[role=status]", "log": "[role=log]", "listitem": "li"}


def wait(driver: WebDriver, seconds: float = 10) -> WebDriverWait:
    # The page replaces elements by design (a cell's static code gives way to its
    # editor): one found a moment ago may be gone when it is read, so look again.
    return WebDriverWait(driver, seconds, poll_frequency=0.1,
                         ignored_exceptions=(StaleElementReferenceException,))


def named(root, role: str, name: str | None = None) -> list[WebElement]:
    """Elements under `root` with this computed role (and accessible name, if given)."""
    found = []
    for element in root.find_elements(By.CSS_SELECTOR, ROLE_CSS[role]):
        try:
            if element.aria_role == role and (name is None or element.accessible_name == name):
                found.append(element)
        except WebDriverException:
            pass  # not in the accessibility tree (hidden): not something the user can reach
    return found


def get(driver: WebDriver, root, role: str, name: str | None = None) -> WebElement:
    return wait(driver).until(lambda _: (named(root, role, name) or [None])[0],
                              f"no {role} named {name!r}")


def click(driver: WebDriver, element: WebElement) -> None:
    """Click `element` in the middle of the screen. WebDriver's own click scrolls it only
    until its bottom edge shows: a button far down the page then sits on the last pixels
    of the window, and the lines CodeMirror lays out above it while the page settles can
    push it out from under the click, which then lands on nothing."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def text(element: WebElement) -> str:
    return element.get_property("textContent")


def wait_text(driver: WebDriver, element: WebElement, expected: str | re.Pattern,
              seconds: float = 10) -> str:
    def matches(_):
        now = text(element)
        ok = expected.search(now) if isinstance(expected, re.Pattern) else now == expected
        return now if ok else None
    return wait(driver, seconds).until(matches, f"waiting for {expected!r}; shows {text(element)!r}")


def open_lesson(driver: WebDriver, base_url: str) -> None:
    driver.get(base_url + LESSON)
    wait(driver, 30).until(lambda d: d.execute_script(
        "return document.documentElement.dataset.lessonReady === 'true'"))
    assert driver.execute_script("return crossOriginIsolated && typeof SharedArrayBuffer === 'function'")


def replace_code(driver: WebDriver, region: WebElement, name: str, code: str) -> None:
    """Select all in the editor and paste `code`, as a learner pasting a solution would.
    The paste is a synthetic event: WebDriver has no clipboard, and typing would let the
    editor's auto-indent change the code. The text box `name` may still be the build's
    static code: the click brings the editor in its place, which is then found afresh."""
    click(driver, get(driver, region, "textbox", name))
    box = wait(driver, 30).until(
        lambda _: next((e for e in named(region, "textbox", name) if "cm-content" in e.get_attribute("class")), None),
        f"no editor came for {name!r}")
    box.send_keys(Keys.CONTROL, "a")
    driver.execute_script("""
        const data = new DataTransfer();
        data.setData("text/plain", arguments[1]);
        arguments[0].dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true,
                                                               cancelable: true}));
    """, box, code)
    wait(driver).until(lambda d: d.execute_script("return arguments[0].innerText", box).rstrip("\n")
                       == code.rstrip("\n"), "the editor does not show the pasted code")


@pytest.fixture
def lesson(driver: WebDriver, webkit_site_url: str) -> WebDriver:
    """The lesson as a learner who has never written a line of it sees it: in the module's
    WebKit, with what an earlier test typed, ran or solved forgotten."""
    open_lesson(driver, webkit_site_url)
    driver.execute_script(f"({FORGET_THE_LEARNER})()")
    open_lesson(driver, webkit_site_url)
    return driver


def test_celda_1_prints_what_cpython_prints_and_detener_stops_a_loop(lesson: WebDriver):
    driver = lesson
    cell = get(driver, driver, "region", "Celda 1")
    status = get(driver, cell, "status")

    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, status, "Ejecución terminada.", START_S)
    # Looked up now: the output is hidden, out of the accessibility tree, until it has text.
    log = get(driver, cell, "log", "Salida")
    assert text(log) == cpython_output("celda1")

    replace_code(driver, cell, "Código de la celda 1", 'print("en marcha")\nwhile True:\n    pass\n')
    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, log, "en marcha\n", START_S)
    stop = get(driver, cell, "button", "Detener")
    assert stop.is_displayed()
    click(driver, stop)
    wait_text(driver, status, "Ejecución detenida.", STOP_S)
    wait(driver).until(lambda _: not stop.is_displayed(), "Detener is still shown")

    replace_code(driver, cell, "Código de la celda 1", 'print("otra vez")\n')
    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, status, "Ejecución terminada.", START_S)
    assert text(log) == "otra vez\n"

    # A module the build's first archive of the standard library lacks: the worker fetches
    # the whole library on the import (tests/test_stdlib.py checks it is not in the first).
    replace_code(driver, cell, "Código de la celda 1",
                 "import decimal, sqlite3\nprint(decimal.Decimal('0.1') + decimal.Decimal('0.2'))\n")
    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, status, "Ejecución terminada.", START_S)
    assert text(log) == "0.3\n"


# Whether Cache Storage holds a whole memory snapshot that the page trusts: its body as
# long as the byte count saved with it, and its SHA-256 among the page's digests.
SNAPSHOT_SAVED = """
const done = arguments[arguments.length - 1];
(async () => {
  const trusted = JSON.parse(localStorage.getItem("lessonrt:snapshot") ?? "null");
  const cache = await caches.open("lessonrt-snapshot");
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const digest = await (DIGEST)(bytes);
    if (String(bytes.byteLength) === response.headers.get("x-snapshot-bytes") && bytes.byteLength > 0
        && trusted?.digests?.includes(digest)) return true;
  }
  return false;
})().then(done, () => done(false));
""".replace("DIGEST", SNAPSHOT_DIGEST)


def test_a_second_visit_starts_python_from_the_memory_snapshot(lesson: WebDriver, webkit_site_url: str):
    driver = lesson
    cell = get(driver, driver, "region", "Celda 1")
    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, get(driver, cell, "status"), "Ejecución terminada.", START_S)
    # The idle spare makes the snapshot and saves it in the background.
    driver.set_script_timeout(30)
    wait(driver, START_S).until(lambda d: d.execute_async_script(SNAPSHOT_SAVED),
                                "no whole, trusted snapshot was saved")

    open_lesson(driver, webkit_site_url)
    cell = get(driver, driver, "region", "Celda 1")
    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, get(driver, cell, "status"), "Ejecución terminada.", START_S)
    assert text(get(driver, cell, "log", "Salida")) == cpython_output("celda1")
    assert driver.execute_script("return document.documentElement.dataset.pythonSnapshot") == "loaded"


def check_items(driver: WebDriver, region: WebElement) -> list[str]:
    return [text(li).strip() for li in named(region, "listitem")]


def solved_banners(region: WebElement) -> list[WebElement]:
    return [e for e in region.find_elements(By.XPATH, ".//*[starts-with(normalize-space(.), 'Desafío resuelto')]")
            if e.is_displayed()]


def comprobar(driver: WebDriver, path: Path) -> tuple[WebElement, str]:
    region = get(driver, driver, "region", "Desafío")
    replace_code(driver, region, "Código del desafío", path.read_text(encoding="utf-8"))
    click(driver, get(driver, region, "button", "Comprobar"))
    summary = wait_text(driver, get(driver, region, "status"),
                        re.compile(rf"^\d+ de {TOTAL} pruebas superadas$"), START_S)
    return region, summary


def test_comprobar_accepts_a_correct_loop(lesson: WebDriver):
    region, summary = comprobar(lesson, CORPUS / "accept" / "for_range.py")
    assert summary == f"{TOTAL} de {TOTAL} pruebas superadas"
    shown = check_items(lesson, region)
    assert len(shown) == TOTAL
    for title in TITLES.values():
        assert any(item.startswith(f"✓ {title}") for item in shown), (title, shown)
    assert solved_banners(region)


def test_comprobar_rejects_a_wrong_loop_and_says_where(lesson: WebDriver):
    path = CORPUS / "reject" / "tope_mas_uno.py"
    fails, _ = cabecera(path)
    region, summary = comprobar(lesson, path)
    assert summary != f"{TOTAL} de {TOTAL} pruebas superadas"
    shown = check_items(lesson, region)
    for id, words in fails.items():
        item = next(item for item in shown if item.startswith(f"✗ {TITLES[id]}"))
        for word in words:
            assert word.lower() in item.lower(), (word, item)
    assert not solved_banners(region)
