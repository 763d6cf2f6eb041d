"""The learner's path in WebKit (WebKitGTK's MiniBrowser through Selenium), through the
course's three lessons: every cell prints what CPython prints, an error shows its traceback,
Detener stops a loop in Python and one in C and the cell runs again, edits survive a
reload; the quiz nudges a wrong answer, confirms a right one and keeps it over a reload; the
widget steps through the loop; Comprobar reports a failure where it is, offers a hint, then
accepts a right loop, shows the course's solution, and the solve survives a reload; a second
visit starts Python from the memory snapshot the first saved, and with the network cut the
service worker serves the page and Python. One MiniBrowser for the run, and several steps
per test: each cold start costs WebKit seconds. Elements are found as the user and
assistive technology see them: by role and accessible name (WebDriver's computed role and
label)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from tests.el_bucle import COMPROBACIONES
from tests.browser.lesson_page import FORGET_THE_LEARNER, SNAPSHOT_DIGEST, cpython_output, run_in_cpython
from tests.test_grader import CORPUS, cabecera
from lessonsite.render import plain_text

LESSON = "courses/llm-agents/el-bucle/"
START_S = 90  # the first run downloads and starts Python
STOP_S = 5
TITLES = {id: title for id, title, _ in COMPROBACIONES}
TOTAL = len(TITLES)

# The CSS that can carry each role on this page; the role itself is then checked.
ROLE_CSS = {"region": "section", "button": "button", "textbox": "[role=textbox]",
            "status": "[role=status]", "log": "[role=log]", "listitem": "li", "group": "fieldset",
            "radio": "input[type=radio]", "link": "a[href]"}
ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "web" / "courses" / "llm-agents"
LESSONS = tomllib.loads((COURSE / "course.toml").read_text(encoding="utf-8"))["lessons"]
COURSE_TITLE = tomllib.loads((COURSE / "course.toml").read_text(encoding="utf-8"))["title"]
HELP = tomllib.loads((COURSE / "el-bucle" / "lesson.toml").read_text(encoding="utf-8"))


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
    try:
        return wait(driver, seconds).until(matches)
    except TimeoutException:
        # What it shows at the end of the wait, and what the page's interpreters went through.
        journal = driver.execute_script("return globalThis.lessonrtJournal ?? []")
        raise TimeoutException(f"waited {seconds} s for {expected!r}; shows {text(element)!r}\n"
                               "the page's interpreters:\n" + "\n".join(journal)) from None


def open_lesson(driver: WebDriver, base_url: str, path: str = LESSON) -> None:
    driver.get(base_url + path)
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


def run_celda_1(driver: WebDriver) -> WebElement:
    """Run Celda 1 as it is and wait for its end; returns the cell."""
    cell = get(driver, driver, "region", "Celda 1")
    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, get(driver, cell, "status"), "Ejecución terminada.", START_S)
    return cell


def shown_code(driver: WebDriver, region: WebElement, name: str) -> str:
    box = get(driver, region, "textbox", name)
    return driver.execute_script("return arguments[0].innerText", box).rstrip("\n")


def test_celda_1_prints_what_cpython_prints_detener_stops_loops_and_edits_survive_a_reload(
        lesson: WebDriver, webkit_site_url: str):
    driver = lesson
    cell = get(driver, driver, "region", "Celda 1")
    status = get(driver, cell, "status")

    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, status, "Ejecución terminada.", START_S)
    # Looked up now: the output is hidden, out of the accessibility tree, until it has text.
    log = get(driver, cell, "log", "Salida")
    assert text(log) == cpython_output("celda1")

    # A loop in Python notices the interrupt; one inside C never does, and its worker is
    # replaced once the grace is over. Either way the cell runs again after it.
    for loop in ("while True:\n    pass\n", "sum(range(10**12))\n"):
        replace_code(driver, cell, "Código de la celda 1", f'print("en marcha")\n{loop}')
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

    # An error: the traceback names the cell's lines and the error, and nothing of the runtime.
    replace_code(driver, cell, "Código de la celda 1", 'print("antes")\ndef f(x):\n    return x / 0\nf(1)\n')
    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, status, re.compile("error"), START_S)
    shown = text(log)
    assert shown.startswith("antes\nTraceback (most recent call last):\n"), shown
    assert 'File "<Celda 1>", line 3, in f' in shown
    assert shown.rstrip().endswith("ZeroDivisionError: division by zero\nUna división (/, // o %) entre cero.")
    assert "lessonrt" not in shown and "pyodide" not in shown

    # A module the build's first archive of the standard library lacks: the worker fetches
    # the whole library on the import (tests/test_stdlib.py checks it is not in the first).
    code = "import decimal, sqlite3\nprint(decimal.Decimal('0.1') + decimal.Decimal('0.2'))"
    replace_code(driver, cell, "Código de la celda 1", code)
    click(driver, get(driver, cell, "button", "Ejecutar"))
    wait_text(driver, status, "Ejecución terminada.", START_S)
    assert text(log) == "0.3\n"

    # The edit is kept in the browser: a reload shows it in place of the lesson's code.
    open_lesson(driver, webkit_site_url)
    cell = get(driver, driver, "region", "Celda 1")
    wait(driver).until(lambda _: shown_code(driver, cell, "Código de la celda 1") == code,
                       "the reload lost the edit")


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
    run_celda_1(driver)
    # The idle spare makes the snapshot and saves it in the background.
    driver.set_script_timeout(30)
    wait(driver, START_S).until(lambda d: d.execute_async_script(SNAPSHOT_SAVED),
                                "no whole, trusted snapshot was saved")

    open_lesson(driver, webkit_site_url)
    cell = run_celda_1(driver)
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


def test_the_challenge_a_failure_where_it_is_a_hint_a_solve_the_solution_and_a_reload(
        lesson: WebDriver, webkit_site_url: str):
    driver = lesson
    region = get(driver, driver, "region", "Desafío")
    assert not named(region, "button", "Pista")

    wrong = CORPUS / "reject" / "tope_mas_uno.py"
    fails, _ = cabecera(wrong)
    region, summary = comprobar(driver, wrong)
    assert summary != f"{TOTAL} de {TOTAL} pruebas superadas"
    shown = check_items(driver, region)
    for id, words in fails.items():
        item = next(item for item in shown if item.startswith(f"✗ {TITLES[id]}"))
        for word in words:
            assert word.lower() in item.lower(), (word, item)
    assert not solved_banners(region)

    click(driver, get(driver, region, "button", "Pista"))
    hints = get(driver, region, "region", "Pistas")
    first = wait(driver).until(lambda _: hints.find_elements(By.CSS_SELECTOR, ".hint"), "no hint shown")
    hint = HELP["challenge"]["hints"][0].replace("`", "")
    assert [text(p) for p in first] == [f"Pista 1 de {len(HELP['challenge']['hints'])}: {hint}"]

    good = CORPUS / "accept" / "for_range.py"
    region, summary = comprobar(driver, good)
    assert summary == f"{TOTAL} de {TOTAL} pruebas superadas", check_items(driver, region)
    shown = check_items(driver, region)
    assert len(shown) == TOTAL
    for title in TITLES.values():
        assert any(item.startswith(f"✓ {title}") for item in shown), (title, shown)
    assert solved_banners(region)

    click(driver, get(driver, region, "button", "Ver la solución del curso"))
    solution = get(driver, region, "region", "Solución del curso")
    left, right = solution.find_elements(By.CSS_SELECTOR, "figure pre")
    mine = good.read_text(encoding="utf-8").rstrip("\n").split("\n")
    lines = [text(line) for line in left.find_elements(By.CSS_SELECTOR, ".diff-line")]
    assert lines == mine[next(i for i, line in enumerate(mine) if line.startswith("def bucle(")):]
    # for_range.py's bucle is the course's with the docstring left out and one comment
    # more: only those lines are marked.
    assert [text(x) for x in left.find_elements(By.CSS_SELECTOR, "del")] == [lines[1]]
    added = [text(x) for x in right.find_elements(By.CSS_SELECTOR, "ins")]
    assert len(added) == 3 and all(re.search(r'"""|^\s{4}\S', line) for line in added)

    # The solve and its code are kept in the browser.
    open_lesson(driver, webkit_site_url)
    region = get(driver, driver, "region", "Desafío")
    wait_text(driver, get(driver, region, "status"), f"{TOTAL} de {TOTAL} pruebas superadas")
    assert solved_banners(region)
    wait(driver).until(lambda _: shown_code(driver, region, "Código del desafío") == good.read_text(
        encoding="utf-8").rstrip("\n"), "the reload lost the code that passed")


def test_the_widget_steps_through_the_loop_and_the_quiz_keeps_its_answers(lesson: WebDriver,
                                                                         webkit_site_url: str):
    driver = lesson
    widget = get(driver, driver, "region", "Traza del bucle")
    status = get(driver, widget, "status")
    wait_text(driver, status, re.compile(r"^Inicio, tope 10"))
    for turn in range(1, 4):
        click(driver, get(driver, widget, "button", "Avanza"))
        wait_text(driver, status, re.compile(rf"^Turno {turn}, tope 10"))
    click(driver, get(driver, widget, "button", "Avanza"))
    wait_text(driver, status, re.compile(r"Fin: la respuesta del turno 4 no pide nada.*M acaba con 9 mensajes", re.S))
    # aria-disabled, not disabled: the button keeps the keyboard's focus (see the widget).
    assert get(driver, widget, "button", "Avanza").get_attribute("aria-disabled") == "true"

    question = HELP["quiz"][0]  # que-ve-el-modelo: one right option among four
    question = {**{k: plain_text(v) for k, v in question.items() if isinstance(v, str)},
                "options": [{k: plain_text(v) if isinstance(v, str) else v for k, v in o.items()}
                            for o in question["options"]]}
    right = next(o for o in question["options"] if o["correct"])
    wrong = next(o for o in question["options"] if not o["correct"])

    def group():
        quiz = get(driver, driver, "region", "Comprueba tu intuición")
        return get(driver, quiz, "group", f"1. {question['prompt']}")  # questions are numbered

    def answer(option):
        box = group()
        click(driver, get(driver, box, "radio", option["text"]))
        click(driver, get(driver, box, "button", "Comprobar respuesta"))
        return get(driver, box, "status")

    said = wait_text(driver, answer(wrong), re.compile("Incorrecto"))
    assert wrong["nudge"] in said
    assert right["text"] not in said and question["explanation"] not in said
    said = wait_text(driver, answer(right), re.compile("Correcto"))
    assert right["feedback"] in said and question["explanation"] in said

    open_lesson(driver, webkit_site_url)
    box = group()
    wait_text(driver, get(driver, box, "status"), re.compile("Correcto"))
    assert get(driver, box, "radio", right["text"]).is_selected()


def test_from_the_front_page_every_lesson_s_cells_print_what_cpython_prints_and_its_challenge_grades(
        lesson: WebDriver, webkit_site_url: str):
    """A learner's whole path: the front page, the course, its first lesson, then each next one
    through the page's own links; in each lesson every cell run as a learner reads down the
    page, then its challenge grades a wrong solution of its corpus and a right one as its
    header and folder say (El bucle's challenge has a test of its own, above)."""
    driver = lesson
    driver.get(webkit_site_url)
    click(driver, get(driver, driver, "link", COURSE_TITLE))
    titles = [tomllib.loads((COURSE / key / "lesson.toml").read_text(encoding="utf-8"))["title"] for key in LESSONS]
    click(driver, get(driver, driver, "link", titles[0]))
    for i, key in enumerate(LESSONS):
        if i:
            click(driver, get(driver, driver, "link", f"Lección siguiente: {titles[i]}"))
        wait(driver, 30).until(lambda d: d.execute_script(
            "return document.documentElement.dataset.lessonReady === 'true'"))
        assert driver.current_url == f"{webkit_site_url}courses/llm-agents/{key}/", driver.current_url
        cells = json.loads(driver.execute_script("return document.getElementById('lesson-data').textContent"))["cells"]
        code = {k: meta["code"] for k, meta in cells.items()}
        assert cells, key
        for cell_key, meta in sorted(cells.items()):
            region = get(driver, driver, "region", meta["name"])
            click(driver, get(driver, region, "button", "Ejecutar"))
            wait_text(driver, get(driver, region, "status"), "Ejecución terminada.", START_S)
            assert text(get(driver, region, "log", "Salida")) == run_in_cpython(code, cell_key), (key, cell_key)
        corpus = COURSE / key / "corpus"
        if not corpus.is_dir() or LESSON.endswith(f"/{key}/"):
            continue
        region = get(driver, driver, "region", "Desafío")
        wrong, right = sorted((corpus / "reject").glob("*.py"))[0], sorted((corpus / "accept").glob("*.py"))[0]
        replace_code(driver, region, "Código del desafío", wrong.read_text(encoding="utf-8"))
        click(driver, get(driver, region, "button", "Comprobar"))
        said = wait_text(driver, get(driver, region, "status"), re.compile(r"^\d+ de \d+ pruebas superadas$"), START_S)
        passed, total = map(int, re.findall(r"\d+", said))
        assert passed < total, (key, wrong.name, said)
        # Each grade has an interpreter of its own. The first one's made the memory snapshot
        # and saved it before the learner's code ran there (a grade that ran mid-save cut it
        # short): the next starts from it, where a full start in WebKit takes a minute and
        # more on a loaded machine (web/docs/performance.md, «WebKit»).
        driver.set_script_timeout(30)
        assert driver.execute_async_script(SNAPSHOT_SAVED), (key, "no whole, trusted snapshot after a grade")
        replace_code(driver, region, "Código del desafío", right.read_text(encoding="utf-8"))
        click(driver, get(driver, region, "button", "Comprobar"))
        wait_text(driver, get(driver, region, "status"), f"{total} de {total} pruebas superadas", START_S)
        assert solved_banners(region), (key, right.name)


# Whether the service worker is active and keeps Pyodide's files: the five it serves
# and the whole standard library, which it fetches in the background.
PYODIDE_KEPT = """
const done = arguments[arguments.length - 1];
(async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active) return false;
  const names = await caches.keys();
  const name = names.find((n) => n.startsWith("lessonrt-pyodide-"));
  return Boolean(name) && (await (await caches.open(name)).keys()).length === 6;
})().then(done, () => done(false));
"""


def test_a_second_visit_with_the_network_cut_runs_python_from_the_service_worker(
        lesson: WebDriver, webkit_site, webkit_site_url: str):
    driver = lesson
    run_celda_1(driver)
    driver.set_script_timeout(30)
    wait(driver, START_S).until(lambda d: d.execute_async_script(PYODIDE_KEPT),
                                "the service worker never kept Pyodide's files")
    open_lesson(driver, webkit_site_url)
    assert driver.execute_script("return navigator.serviceWorker.controller !== null")

    with webkit_site.offline():
        open_lesson(driver, webkit_site_url)
        cell = run_celda_1(driver)
        assert text(get(driver, cell, "log", "Salida")) == cpython_output("celda1")
        assert driver.execute_script("return document.documentElement.dataset.pythonSnapshot") == "loaded"
