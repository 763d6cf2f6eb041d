"""The challenge in a real browser: the learner writes bucle, presses Comprobar and reads
the grader's verdict, check by check.

- Every loop of the grader's corpus (the lesson's corpus/ folder) goes through the page: the accepted
  ones reach "M de M pruebas superadas", the rejected ones show their failing check with
  ✗ and the words that their header names. To keep this affordable, one module-wide pair
  of pages (with and without cross-origin isolation) takes turns, each entry only
  replaces the editor's code, and the entries are dealt out between the two engines
  (DEALT). Every Comprobar still starts from an interpreter of its own.
- Loops that never return (at top level, inside bucle, inside C code) fail on time, and
  the next Comprobar works without a reload; tricks that try to fake a pass fail; the
  verdict and the learner's code survive a reload; what cells did never reaches a grade.

Every test runs in each of the session's browsers (`python build.py test` passes
`--browser chromium --browser firefox`). The tests that take a `setups(...)` mark run, per
browser, only with the hostings it names (with or without cross-origin isolation): the
costly ones are spread over the two engines instead of run four times.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.el_bucle import COMPROBACIONES
from tests.test_corpus import corpus as lesson_corpus
from tests.test_grader import BUCLE, CORPUS, cabecera
from lesson_page import PHONE, expect_code, expect_readable_on_a_phone
from warm import WarmContext
from words import SPANISH, Words
from lessonsite.render import shown_code

ROOT = Path(__file__).resolve().parents[2]
STARTER = shown_code(ROOT / "web" / "courses" / "llm-agents" / "el-bucle" / "desafio.py")

START = 90_000  # ms: a Comprobar may have to download and start Python first
TITLES = {id: title for id, title, _ in COMPROBACIONES}
TOTAL = len(TITLES)
VERDICT = SPANISH.verdict()  # any grade's summary, a repeated report's included
SOLVED = "Desafío resuelto"

# The time limits the learner is promised (web/src/runtime.js): 2 s for each run of their
# code, a quarter of that for every check after one has run out of time, and a watchdog
# that stops the interpreter when the next check has not come back after its limit plus
# 4 s. MARGIN_S is for the grader's own work and a busy machine.
CHECK_S, SLACK_S, MARGIN_S = 2, 4, 5
TOP_LEVEL_HANG_S = CHECK_S + MARGIN_S
BUCLE_HANG_S = CHECK_S + (TOTAL - 1) * CHECK_S / 4 + MARGIN_S
WATCHDOG_S = CHECK_S + SLACK_S + MARGIN_S

GOOD = (CORPUS / "accept" / "for_range.py").read_text(encoding="utf-8")
STORE_ANSWER = '        M.append(("asistente", r))\n'
STOP_HERE = ('        llamadas = [b for b in r if b["type"] == "tool_use"]\n        if not llamadas:\n'
             '            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M\n')
BEFORE_BUCLE = STARTER.split("def bucle(")[0]


def with_bucle(body: str) -> str:
    """The starter code with `body` (a def bucle and anything around it) in place of its bucle."""
    return BEFORE_BUCLE + body


# -- page helpers -------------------------------------------------------------------------

def open_challenge(page: Page, url: str) -> Locator:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    return page.get_by_role("region", name="Desafío")


def editor(region: Locator, words: Words = SPANISH) -> Locator:
    return region.get_by_role("textbox", name=words.challenge_code)


def replace_code(page: Page, region: Locator, code: str, words: Words = SPANISH) -> None:
    box = editor(region, words)
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    # Deleting first: Firefox turns a multi-line selection replaced by typed text
    # into a leading empty line.
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(code)
    expect_code(box, code)


def summary(region: Locator) -> Locator:
    return region.get_by_role("status")


def comprobar(region: Locator, within_s: float | None = None, words: Words = SPANISH) -> None:
    """Press Comprobar and wait for the verdict. With `within_s`, the verdict must come
    that many seconds after the grade started running (the page says "Comprobando…"),
    whatever time Python took to start before."""
    if within_s is None:
        region.get_by_role("button", name=words.check, exact=True).click()
        expect(summary(region)).to_have_text(words.verdict(), timeout=START)
        return
    # Timed in the page: «Comprobando…» may last a tenth of a second (a grade that stops at
    # the first call differing from the contract's), too short for polling to see it.
    summary(region).evaluate(GRADE_CLOCK)
    region.get_by_role("button", name="Comprobar").click()
    clock = summary(region).evaluate_handle("(status) => status.gradeClock")
    region.page.wait_for_function("(clock) => clock.verdict !== null", arg=clock,
                                  timeout=START + within_s * 1000)
    running, verdict = clock.evaluate("(clock) => [clock.running, clock.verdict]")
    assert running is not None, "the page never said «Comprobando…»"
    assert verdict - running < within_s * 1000


# When the status first says «Comprobando…» and when, after that, it first gives a verdict.
GRADE_CLOCK = r"""(status) => {
  const clock = status.gradeClock = { running: null, verdict: null };
  const observer = new MutationObserver(() => {
    const text = status.textContent.trim();
    if (text === "Comprobando…") clock.running ??= performance.now();
    else if (clock.running !== null && /^\d+ de \d+ pruebas superadas(, igual que en la comprobación anterior\.)?$/.test(text)) {
      clock.verdict = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(status, { childList: true, characterData: true, subtree: true });
}"""


def items(region: Locator) -> Locator:
    return region.get_by_role("list").get_by_role("listitem")


def check_item(region: Locator, title: str) -> Locator:
    return items(region).filter(has_text=re.compile(rf"^[✓✗] {re.escape(title)}"))


def expect_solved(region: Locator, titles: dict[str, str] = TITLES, words: Words = SPANISH) -> None:
    total = len(titles)
    expect(summary(region)).to_have_text(words.passed(total, total))
    for title in titles.values():
        expect(check_item(region, title)).to_contain_text(f"✓ {title}")
    expect(region.get_by_text(words.solved)).to_be_visible()


def expect_not_solved(region: Locator, total: int = TOTAL, words: Words = SPANISH) -> None:
    expect(summary(region)).to_have_text(words.verdict(total, solved=False))
    expect(region.get_by_text(words.solved)).to_be_hidden()


def expect_rejected_as_its_header_says(region: Locator, path: Path, titles: dict[str, str] = TITLES,
                                       words: Words = SPANISH) -> None:
    """The checks the corpus entry names fail, with ✗, their title and the entry's words;
    the words of its `# error:` lines are in the message shown above the checks.
    `titles`: {id: title} of the challenge's checks (by default «El bucle»'s)."""
    fails, error_words = cabecera(path)
    expect_not_solved(region, len(titles), words)
    for id, words in fails.items():
        for title in titles.values() if id == "all" else [titles[id]]:
            item = check_item(region, title)
            expect(item).to_contain_text(f"✗ {title}")
            # A check that breaks an earlier one's rule folds its case: a learner opens it.
            for summary in item.locator("details:not([open]) > summary").all():
                summary.click()
            text = item.inner_text().lower()
            for word in words:
                assert word.lower() in text, (path.name, title, word, text)
    if error_words:
        text = items(region).first.inner_text().lower()
        for word in error_words:
            assert word.lower() in text, (path.name, word, text)


# -- the lesson in each browser and hosting --------------------------------------------------

@dataclass
class Lesson:
    page: Page
    url: str


@pytest.fixture
def lesson(request, page: Page, site_url, plain_site_url, lesson_path) -> Lesson:
    """The lesson page, in the session's browser, with the hosting of the test's parameter."""
    isolated = request.param
    return Lesson(page, (site_url if isolated else plain_site_url) + lesson_path)


def setups(*names: str):
    """Parametrize `lesson` with some of "<browser>-isolated" and "<browser>-not-isolated"
    (browser: chromium or firefox). tests/browser/conftest.py deselects the pairs whose
    browser is not the one the test runs in, so no pair runs twice and none is skipped."""
    pairs = [name.split("-", 1) for name in names]
    assert all(b in ("chromium", "firefox") and h in ("isolated", "not-isolated") for b, h in pairs), names
    hostings = sorted({h for _, h in pairs})

    def decorate(function):
        function = pytest.mark.setups(*names)(function)
        return pytest.mark.parametrize("lesson", [h == "isolated" for h in hostings], ids=hostings,
                                       indirect=True)(function)
    return decorate


# -- the corpus, through the page -------------------------------------------------------------

@dataclass
class Sweep:
    """Two lesson pages, with and without isolation, that take turns: while one grades,
    the other's spare interpreter is starting."""
    pages: list[tuple[Page, Locator]]
    errors: list[str] = field(default_factory=list)
    turn: int = 0

    def next(self) -> tuple[Page, Locator]:
        self.turn += 1
        page, region = self.pages[self.turn % len(self.pages)]
        # Only the tab in front gets animation frames, which CodeMirror draws its edits
        # in: typing into a tab behind waits seconds for each.
        page.bring_to_front()
        return page, region


@pytest.fixture(scope="module")
def sweep(warm: WarmContext, serve_site, lesson_path) -> Sweep:
    sweep = Sweep([])
    for isolated in (True, False):
        page = warm.new_page()
        page.on("pageerror", lambda error: sweep.errors.append(f"uncaught {error.name}: {error.message}"))
        page.on("console", lambda message: message.type == "error" and sweep.errors.append(message.text))
        region = open_challenge(page, serve_site(isolation=isolated) + lesson_path)
        assert page.evaluate("crossOriginIsolated") is isolated
        sweep.pages.append((page, region))
    yield sweep
    warm.close_tabs([page for page, _ in sweep.pages])


# What the grader says of a corpus entry is Python's doing, the same in either engine (the
# engines' own differences, stack depth and stopping code that never returns, are the
# hostile programs' and the time limits' business, tested in both). So the entries are
# dealt out: each goes through the page once, alternately in Chromium and Firefox, and
# both engines show accepted and rejected loops. The entries are the lesson's own corpus:
# the red teams' sample goes through Pyodide in test_grader, without a page around it.


def corpus(kind: str) -> list[Path]:
    return lesson_corpus(BUCLE, kind)


DEALT = {path: ("chromium", "firefox")[i % 2]
         for kind in ("accept", "reject") for i, path in enumerate(corpus(kind))}


def browser_for(params: dict) -> str | None:
    return DEALT[params["path"]] if "path" in params else None


@pytest.fixture
def turn(sweep: Sweep) -> tuple[Page, Locator]:
    seen = len(sweep.errors)
    yield sweep.next()
    assert sweep.errors[seen:] == [], "JavaScript errors on the page"


@pytest.mark.slow
@pytest.mark.parametrize("path", corpus("accept"), ids=lambda p: p.stem)
def test_every_accepted_loop_passes_every_check(turn, path: Path):
    page, region = turn
    replace_code(page, region, path.read_text(encoding="utf-8"))
    comprobar(region)
    expect_solved(region)


@pytest.mark.slow
@pytest.mark.parametrize("path", corpus("reject"), ids=lambda p: p.stem)
def test_every_rejected_loop_fails_where_and_as_its_entry_says(turn, path: Path):
    page, region = turn
    replace_code(page, region, path.read_text(encoding="utf-8"))
    comprobar(region)
    expect_rejected_as_its_header_says(region, path)


# -- time limits ------------------------------------------------------------------------------

# The lesson's loop, except that with a tope of 3 (the fourth check) it first adds up
# 10**12 numbers: a loop inside C code, which Python's own time limit cannot stop.
C_LOOP = GOOD.replace("    M = list(inicio)\n", "    M = list(inicio)\n"
                      "    if tope == 3:\n        sum(range(10**12))\n", 1)
assert C_LOOP != GOOD
BUCLE_HANG = with_bucle("def bucle(modelo, inicio, entorno, tope):\n    M = list(inicio)\n"
                        "    while True:\n        M.append(len(M) % 2)\n        M.pop()\n")


@pytest.mark.slow
@setups("chromium-isolated", "chromium-not-isolated", "firefox-isolated")
def test_loops_that_never_end_fail_on_time_and_the_next_check_passes(lesson: Lesson):
    region = open_challenge(lesson.page, lesson.url)

    hang = CORPUS / "reject" / "cuelga_arriba.py"  # while True: pass, at top level
    replace_code(lesson.page, region, hang.read_text(encoding="utf-8"))
    comprobar(region, within_s=TOP_LEVEL_HANG_S)
    expect_rejected_as_its_header_says(region, hang)

    # A while that never ends, in bucle, before its first call: the grader cannot stop at a
    # call that differs from the contract's, so every check runs out of time.
    replace_code(lesson.page, region, BUCLE_HANG)
    comprobar(region, within_s=BUCLE_HANG_S)
    expect_not_solved(region)
    expect(items(region)).to_have_count(TOTAL)
    for item in items(region).all():
        expect(item).to_contain_text(re.compile(r"Tu función bucle no ha terminado en [\d,]+ s"))
    # The line the messages cite is where time ran out, and the note under the code says so.
    expect(editor(region)).to_have_accessible_description(re.compile(r"Se acabó el tiempo en la línea \d+\."))
    expect(editor(region)).not_to_have_accessible_description(re.compile(r"Error en la línea"))

    # Inside C code only the page's watchdog can stop it, by discarding the interpreter.
    replace_code(lesson.page, region, C_LOOP)
    comprobar(region, within_s=WATCHDOG_S)
    expect_not_solved(region)
    expect(items(region).first).to_contain_text("tiempo límite (2 s por prueba)")
    # The lesson's conversation with tope 3 is where it hangs: the first check.
    expect(summary(region)).to_have_text(f"0 de {TOTAL} pruebas superadas")
    expect(check_item(region, TITLES["generadas"])).to_contain_text("No se ha podido probar")

    replace_code(lesson.page, region, GOOD)
    comprobar(region)
    expect_solved(region)


# -- faking a pass ----------------------------------------------------------------------------

# Forged replies on the worker's own channel, and the worker's JavaScript patched from
# Python so that its real replies would say "solved" on their way out (with eval where
# the page's CSP allows it, else with a Python function). The loop itself returns nothing.
FORGED = with_bucle('''import js
from pyodide.ffi import create_proxy, to_js

APROBADA = {"id": "conversacion", "title": "La conversación de la lección", "passed": True,
            "message": "bien", "did": {}, "expected": {}, "output": ""}
TODO_BIEN = {"checks": [APROBADA] * 10, "passed": 10, "total": 10, "solved": True,
             "error": None, "output": ""}

def falsifica():
    for i in range(1, 30):
        for mensaje in ({"type": "check", "id": i, "check": APROBADA},
                        {"type": "result", "id": i, "result": TODO_BIEN}):
            js.postMessage(to_js(mensaje, dict_converter=js.Object.fromEntries))

try:
    js.eval("""
    const enviar = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (m) {
      if (m && m.type === "result" && m.result && m.result.checks) {
        for (const c of m.result.checks) c.passed = true;
        Object.assign(m.result, {passed: m.result.checks.length, solved: true, error: null});
      }
      if (m && m.type === "check" && m.check) m.check.passed = true;
      return enviar.call(this, m);
    };
    """)
except Exception:
    pass  # the CSP forbids eval

def aprueba(pares, entradas=js.Object.fromEntries, tiene=js.Reflect.has):
    # Defaults, not globals: the grader empties this module's namespace when it is done.
    o = entradas(pares)
    if tiene(o, "solved"):
        o.solved, o.passed, o.error = True, o.total, None
        for c in o.checks:
            c.passed = True
    if tiene(o, "title") and tiene(o, "passed"):
        o.passed = True
    return o
js.Object.fromEntries = create_proxy(aprueba)
falsifica()

def bucle(modelo, inicio, entorno, tope):
    falsifica()
''')


@pytest.mark.slow
@setups("chromium-isolated", "firefox-not-isolated")
def test_tricks_that_fake_a_pass_fail(lesson: Lesson):
    region = open_challenge(lesson.page, lesson.url)
    for name in ("trampa_modelo_permisivo", "trampa_imprime_aprobado"):
        path = CORPUS / "reject" / f"{name}.py"
        replace_code(lesson.page, region, path.read_text(encoding="utf-8"))
        comprobar(region)
        expect_rejected_as_its_header_says(region, path)
    # The printed pass is there, apart, as what the learner's code printed.
    region.get_by_text("Lo que imprimió tu código").first.click()
    expect(region.get_by_text("10 de 10 pruebas superadas").first).to_be_visible()

    replace_code(lesson.page, region, FORGED)
    comprobar(region)
    expect_not_solved(region)
    expect(check_item(region, TITLES["conversacion"])).to_contain_text(f"✗ {TITLES['conversacion']}")


@pytest.mark.slow
def test_a_grade_never_sees_what_the_cells_left_in_python(page: Page, site_url, lesson_path):
    """A cell leaves a module with a correct bucle behind; a grade in the same interpreter
    could import it. The grade's own interpreter has never run a cell."""
    region = open_challenge(page, site_url + lesson_path)
    cell = page.get_by_role("region", name="Celda 1")
    box = cell.get_by_role("textbox", name="Código de la celda 1")
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(
        "import sys, types\n"
        "atajo = types.ModuleType('atajo')\n"
        "atajo.open_url = open_url\n"
        f"exec({GOOD!r}, atajo.__dict__)\n"
        "sys.modules['atajo'] = atajo\n"
        "print('atajo listo')\n")
    cell.get_by_role("button", name="Ejecutar").click()
    expect(cell.get_by_role("status")).to_have_text("Ejecución terminada.", timeout=START)
    expect(cell.get_by_role("log", name="Salida")).to_have_text("atajo listo\n")

    replace_code(page, region, BEFORE_BUCLE + "from atajo import bucle\n")
    comprobar(region)
    expect_not_solved(region)
    expect(items(region).first).to_contain_text("ModuleNotFoundError")
    expect(items(region).first).to_contain_text("atajo")


# -- what is kept -----------------------------------------------------------------------------

@pytest.mark.smoke
@pytest.mark.slow
@setups("chromium-isolated", "chromium-not-isolated", "firefox-not-isolated")
def test_a_solve_is_announced_and_survives_a_reload(lesson: Lesson):
    region = open_challenge(lesson.page, lesson.url)
    replace_code(lesson.page, region, GOOD)
    # Ctrl/Cmd+Enter in the editor is Comprobar too.
    lesson.page.keyboard.press("ControlOrMeta+Enter")
    expect(summary(region)).to_have_text(VERDICT, timeout=START)
    expect_solved(region)
    # Asked for from the editor, the verdict is brought into view, wherever the editor was.
    expect(region.get_by_text(SOLVED)).to_be_in_viewport()

    lesson.page.reload()
    region = open_challenge(lesson.page, lesson.url)
    expect(summary(region)).to_have_text(f"{TOTAL} de {TOTAL} pruebas superadas")
    expect(region.get_by_text(SOLVED)).to_be_visible()
    expect_code(editor(region), GOOD)

    # Restaurar puts the starting code back: the banner that says «your code meets the whole
    # contract» goes, and Deshacer is the one way back to the code that passed.
    recover = region.get_by_role("button", name="Recuperar el código que pasó")
    expect(recover).to_be_hidden()
    region.get_by_role("button", name="Restaurar").click()
    expect_code(editor(region), STARTER)
    expect(region.get_by_text(SOLVED)).to_be_hidden()
    # The report of the code put away goes with it: no ✓ beside the starting code.
    expect(items(region)).to_have_count(0)
    expect(region.get_by_role("button", name="Deshacer")).to_be_visible()
    expect(recover).to_be_hidden()
    # Once an edit takes Deshacer away, the line that says it was passed offers the code back.
    editor(region).click()
    lesson.page.keyboard.press("ControlOrMeta+End")
    lesson.page.keyboard.insert_text("\n# otro intento")
    expect(region.get_by_role("button", name="Deshacer")).to_be_hidden()
    expect(region.get_by_text("Ya superaste este desafío en este navegador.")).to_be_visible()
    recover.click()
    expect_code(editor(region), GOOD)
    expect(recover).to_be_hidden()
    comprobar(region)
    expect_solved(region)

    # A later attempt that fails neither unsolves the challenge nor loses the code that passed.
    broken = with_bucle("def bucle(modelo, inicio, ejecutar, tope):\n    return ('tope', None, list(inicio))\n")
    replace_code(lesson.page, region, broken)
    comprobar(region)
    expect_not_solved(region)
    failed = [item.inner_text() for item in items(region).all()]
    lesson.page.reload()
    region = open_challenge(lesson.page, lesson.url)
    expect_code(editor(region), broken)
    # What that attempt's report said is still there to fix the code by.
    expect(items(region)).to_have_count(len(failed))
    assert [item.inner_text() for item in items(region).all()] == failed

    # The course's page says which challenges are solved on this browser: this one only.
    lesson.page.get_by_role("navigation", name="Ruta").get_by_role("link", name="Agentes con LLM").click()
    note = lesson.page.get_by_text("Desafío resuelto en este navegador")
    solved = lesson.page.get_by_role("listitem").filter(has=note.locator("visible=true"))
    expect(note.locator("visible=true")).to_have_count(1)
    expect(solved.get_by_role("link")).to_have_text("El bucle")
    words = " ".join(solved.text_content().split())
    assert "min de lectura Desafío resuelto en este navegador" in words, words

    region = open_challenge(lesson.page, lesson.url)
    region.get_by_role("button", name="Recuperar el código que pasó").click()
    expect_code(editor(region), GOOD)
    expect(region.get_by_role("button", name="Recuperar el código que pasó")).to_be_hidden()
    lesson.page.reload()
    region = open_challenge(lesson.page, lesson.url)
    expect_code(editor(region), GOOD)


def test_probar_runs_the_learners_code_and_its_prints_ungraded_and_is_no_attempt(
        page: Page, site_url, lesson_path):
    region = open_challenge(page, site_url + lesson_path)
    broken = with_bucle("def bucle(modelo, inicio, entorno, tope):\n    return ('tope', None, list(inicio))\n\n"
                        "print('mi prueba:', bucle(None, [('usuario', 'hola')], {}, 0))\n")
    replace_code(page, region, broken)
    probar = region.get_by_role("button", name="Probar", exact=True)
    # What each button does is said beside them, and to a screen reader on each.
    said = "Comprobar califica tu función. Probar solo ejecuta tu código"
    expect(region).to_contain_text(said)
    expect(probar).to_have_accessible_description(re.compile(said))
    expect(region.get_by_role("button", name="Comprobar", exact=True)).to_have_accessible_description(
        re.compile(said))
    log = region.get_by_role("log", name="Salida de Probar")
    finished = region.get_by_text("Prueba terminada: no cuenta como intento.")
    probar.click()
    expect(finished).to_be_visible(timeout=START)
    expect(log).to_have_text("mi prueba: ('tope', None, [('usuario', 'hola')])")
    expect(items(region)).to_have_count(0)
    expect(summary(region)).to_have_text("")
    # No attempt: the hints wait for a Comprobar that fails.
    expect(region.get_by_role("button", name="Pista")).to_be_hidden()
    comprobar(region)
    expect_not_solved(region)
    expect(region.get_by_role("button", name="Pista")).to_be_visible()
    # The report of a Comprobar stands alone: what Probar printed before is gone, and so
    # are its words.
    expect(region.locator(".challenge-output")).to_have_text("")
    expect(finished).to_be_hidden()
    report, failing = summary(region).text_content(), items(region).all_text_contents()
    assert re.fullmatch(r"\d+ de \d+ pruebas superadas", report), report
    # A Probar after a failed Comprobar leaves its summary and failing case in view: the
    # learner tries a fix by hand with the case still before them.
    probar.click()
    expect(finished).to_be_visible(timeout=START)
    expect(summary(region)).to_have_text(report)
    assert items(region).all_text_contents() == failing
    # Comprobar again on the same code: the same report, and the summary says so, or
    # nothing would show that it ran.
    comprobar(region)
    expect(summary(region)).to_have_text(report + ", igual que en la comprobación anterior.")
    assert items(region).all_text_contents() == failing

    # A try that prints nothing says so, and how to see what the function returns.
    replace_code(page, region, "def f():\n    return 1\n    print(f())\n")
    probar.click()
    expect(region.get_by_text(re.compile(r"^Prueba terminada sin nada impreso: para ver lo que devuelve tu "
                                         r"función, escribe print\(\.\.\.\)"))).to_be_visible(timeout=START)
    expect(region.locator(".challenge-output")).to_have_text("")

    # An error is a cell's: in the output, and its line marked in the code.
    replace_code(page, region, "x = 1\nprint(y)\n")
    probar.click()
    expect(region.get_by_text("La prueba terminó con un error: lo tienes en la salida.")).to_be_visible(timeout=START)
    expect(log).to_contain_text("NameError: name 'y' is not defined")
    expect(region.locator(".cm-error-line")).to_have_text("print(y)")
    expect(editor(region)).to_have_accessible_description(re.compile(r"Error en la línea 2\."))


# Right in the lesson's conversation but for its text, in capitals (a value that
# differs, no line to cite), and raising when tope is 0 (the first drawn case; the lesson's
# conversation never asks for it).
WRONG_THEN_RAISES = GOOD.replace('" ".join(b["text"] for b in r if b["type"] == "text")',
                                 '" ".join(b["text"] for b in r if b["type"] == "text").upper()', 1).replace(
    "def bucle(modelo, inicio, entorno, tope):\n",
    "def bucle(modelo, inicio, entorno, tope):\n    if tope == 0:\n        raise TypeError('sin turnos')\n", 1)
assert WRONG_THEN_RAISES.count("sin turnos") == 1 and ".upper()" in WRONG_THEN_RAISES


def test_the_line_marked_is_the_first_a_failed_check_cites(page: Page, site_url, lesson_path):
    # The first failed check shows a value that differs; the next, where the code raised:
    # that line is marked (a new learner found no line marked for a TypeError at line 11).
    region = open_challenge(page, site_url + lesson_path)
    replace_code(page, region, WRONG_THEN_RAISES)
    comprobar(region)
    expect(summary(region)).to_have_text(f"0 de {TOTAL} pruebas superadas")
    raised = WRONG_THEN_RAISES.splitlines().index("        raise TypeError('sin turnos')") + 1
    expect(check_item(region, TITLES["generadas"])).to_contain_text(f"línea {raised}")
    expect(editor(region)).to_have_accessible_description(re.compile(rf"Error en la línea {raised}\."))
    expect(check_item(region, TITLES["conversacion"])).not_to_contain_text("línea")
    expect(region.locator(".cm-error-line")).to_have_text("        raise TypeError('sin turnos')")

    # A test call of the learner's own at the end of the file raises inside bucle when the file
    # runs: the line marked is where it raised, not the call at the end.
    replace_code(page, region, GOOD + "\nprint(bucle(None, [], {}, 1))\n")
    comprobar(region)
    expect(items(region).first).to_contain_text("línea 15, en bucle: r = modelo(M, HERRAMIENTAS)")
    expect(region.locator(".cm-error-line")).to_have_text("        r = modelo(M, HERRAMIENTAS)")


def test_a_report_says_when_the_code_has_changed_since_it_was_made(page: Page, site_url, lesson_path):
    """A report speaks of the code it graded: after an edit it says it is about an earlier
    version, also after a reload, and not once the code is the graded one again."""
    stale = "Este informe es de una versión anterior de tu código: pulsa Comprobar para comprobar la que tienes ahora."
    region = open_challenge(page, site_url + lesson_path)
    replace_code(page, region, GOOD)
    comprobar(region)
    expect(region.get_by_text(SOLVED).first).to_be_visible()
    expect(region.get_by_text(stale)).to_be_hidden()
    editor(region).click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.insert_text("\nprint(bucle)")
    expect(region.get_by_text(stale)).to_be_visible()
    # The ✓ marks stay, under a line that says which code they speak of.
    expect(check_item(region, TITLES["conversacion"])).to_be_visible()
    page.reload()
    region = open_challenge(page, site_url + lesson_path)
    expect(region.get_by_text(stale)).to_be_visible()
    replace_code(page, region, GOOD)
    expect(region.get_by_text(stale)).to_be_hidden()


def test_the_learners_code_survives_a_reload_and_restaurar_brings_back_the_start(
        page: Page, site_url, lesson_path):
    region = open_challenge(page, site_url + lesson_path)
    editor(region).click()
    page.keyboard.press("ControlOrMeta+Home")
    page.keyboard.insert_text("# mi intento\n")
    expect(editor(region)).to_contain_text("# mi intento")

    page.reload()
    region = open_challenge(page, site_url + lesson_path)
    expect_code(editor(region), "# mi intento\n" + STARTER)

    region.get_by_role("button", name="Restaurar").click()
    expect_code(editor(region), STARTER)
    page.reload()
    region = open_challenge(page, site_url + lesson_path)
    expect_code(editor(region), STARTER)


# The words of an element's text that its rows cut in two: a word whose characters sit on
# more than one row.
WORDS_CUT = """(element) => {
  const cut = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/[\\p{L}\\p{N}_]{2,}/gu)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rows = new Set([...range.getClientRects()].filter((r) => r.width >= 1).map((r) => Math.round(r.top)));
      if (rows.size > 1) cut.push(word[0]);
    }
  }
  return cut;
}"""


def test_a_failed_check_says_its_case_once_its_hint_first_and_marks_the_difference(
        page: Page, site_url, lesson_path):
    """And a later check that breaks the same rule of the statement, or raises the same error,
    says so in one line, its case folded: the same hint and rule twice made a phone's report
    two screens longer."""
    page.set_viewport_size(PHONE)
    region = open_challenge(page, site_url + lesson_path)
    replace_code(page, region, (CORPUS / "reject" / "no_anade_nada.py").read_text(encoding="utf-8"))
    comprobar(region)
    item = check_item(region, TITLES["conversacion"])
    text = item.inner_text()
    case = "bucle con tope = 10, inicio = la de la lección, entorno = el de la lección"
    assert text.count(case) == 1, text
    # The case is set as code, in the page's code font, inside the words around it.
    code = item.locator(".check-message code")
    expect(code).to_contain_text(case)
    assert "Mono" in code.evaluate("el => getComputedStyle(el).fontFamily")
    # As a screen reader has it too: a heading whose mark is a word, and the case once.
    expect(item.get_by_role("heading", name=f"{TITLES['conversacion']}: no superada", exact=True)).to_be_visible()
    heard = item.aria_snapshot()
    assert heard.count(case) == 1, heard
    # The hint right under the title, before the case.
    expect(item.locator(":scope > *").nth(1)).to_have_text(re.compile(r"^Dónde mirar: Cada turno añade a M"))
    assert text.count("Cada turno añade a M") == 1
    # Each side once, under its label, and where they part marked: the two messages the
    # learner's model never got again.
    sides = item.get_by_role("paragraph").filter(has_text=re.compile("^Lo que (hizo tu bucle|pide el contrato)$"))
    expect(sides).to_have_count(2)
    assert text.count("su llamada número 2 a modelo es modelo(") == 2  # one a side
    marked = item.locator("mark")
    expect(marked.first).to_contain_text("('asistente', [texto 'Miro qué recetas hay.'")
    # The whole report reads without a sideways scroll, and its long runs of code
    # («t1→listar(carpeta='recetas/')]») wrap between their parts, never inside a word.
    expect_readable_on_a_phone(page)
    assert region.locator(".challenge-checks").evaluate(WORDS_CUT) == []

    # M = inicio breaks «inicio es de quien llama» in the lesson's conversation and in the
    # generated ones: the second says so, and its case waits behind a tap.
    replace_code(page, region, (CORPUS / "reject" / "sin_copia.py").read_text(encoding="utf-8"))
    comprobar(region)
    first, later = check_item(region, TITLES["conversacion"]), check_item(region, TITLES["generadas"])
    expect(first.locator(".check-hint")).to_have_text(re.compile(r"^Dónde mirar: M = inicio no copia nada"))
    expect(later.locator(":scope > p")).to_have_text(
        f"Incumple la misma regla que «{TITLES['conversacion']}», más arriba: arregla eso primero.")
    hint = "M = inicio no copia nada"
    assert region.get_by_role("list").inner_text().count(hint) == 1
    folded = later.get_by_role("group")
    expect(folded.get_by_text("El caso en que falla")).to_be_visible()
    case = later.locator(".check-message")
    expect(case).to_be_hidden()
    folded.get_by_text("El caso en que falla").click()
    expect(case).to_contain_text("El más sencillo que falla igual es este:")
    expect(later.get_by_role("paragraph").filter(has_text=re.compile("^Lo que hizo tu bucle$"))).to_be_visible()
    expect_readable_on_a_phone(page)

    # A loop that leaves the last answer out of M returns the contract's conversation but for
    # its end: what the two sides share is folded, a tap away, and the difference is in view.
    last_left_out = GOOD.replace(STORE_ANSWER + STOP_HERE, STOP_HERE + STORE_ANSWER, 1)
    assert last_left_out != GOOD
    replace_code(page, region, last_left_out)
    comprobar(region)
    sides = first.locator(".check-compare pre")
    expect(sides).to_have_count(2)
    shared = first.get_by_role("button", name="… igual en los dos lados …")
    expect(shared).to_have_count(2)
    expect(sides.last.locator("mark")).to_contain_text("('asistente', [texto 'He añadido a lista.txt")
    folded = [len(side) for side in sides.all_inner_texts()]
    assert max(folded) < 300, sides.all_inner_texts()
    expect_readable_on_a_phone(page)
    shared.last.click()
    expect(shared).to_have_count(0)
    assert all(len(side) > 700 for side in sides.all_inner_texts()), sides.all_inner_texts()
    assert sides.first.inner_text().startswith("devuelve ('fin', 'He añadido a lista.txt")

    # A misspelt name raises at the same line in both checks: the first explains it as a cell
    # would, the second says it raises the same and folds its case.
    replace_code(page, region, GOOD.replace("M = list(inicio)", "M = lsit(inicio)", 1))
    comprobar(region)
    explained = "Python no conoce el nombre «lsit»"
    expect(first).to_contain_text(explained)
    expect(later.locator(":scope > p")).to_have_text(
        f"Tu código lanza el mismo error que en «{TITLES['conversacion']}», más arriba: arregla eso primero.")
    assert region.get_by_role("list").inner_text().count(explained) == 1


@pytest.mark.slow
@pytest.mark.browser_context_args(viewport={"width": 375, "height": 740}, has_touch=True)
@pytest.mark.seeded  # a phone's context, but not a first visit: that is not what is tested
def test_on_a_phone_the_page_suggests_a_keyboard_and_the_challenge_still_works(
        page: Page, site_url, lesson_path, browser_name):
    region = open_challenge(page, site_url + lesson_path)
    expect(page.get_by_text("conviene un teclado de verdad")).to_be_visible()
    replace_code(page, region, GOOD)
    button = region.get_by_role("button", name="Comprobar")
    # Through WebDriver BiDi, Playwright 1.64 emulates no touch screen in Firefox: has_touch
    # is ignored and tap() dispatches nothing, not even a click. There, the phone-sized
    # viewport is what is tested.
    button.tap() if browser_name == "chromium" else button.click()
    expect(summary(region)).to_have_text(VERDICT, timeout=START)
    expect_solved(region)
