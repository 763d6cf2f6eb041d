"""Hostile learner programs, run in cell 1 of the lesson in a real browser.

Each file of tests/hostile/ is a whole program headed by comments saying what must happen:

    # What the program does, in Spanish (one or more lines).
    # detener: TEXT      press Detener once the output shows TEXT
    # estado: TEXT       in the end the cell's status line contains TEXT
    # estado-re: REGEX   ... or matches REGEX (re.search)
    # salida: TEXT       the output contains TEXT (repeatable)
    # salida-re: REGEX   the output matches REGEX (re.search: \\n, \\x1b, \\u00a0 work)
    # no-salida: TEXT    the output does not contain TEXT
    # consola: REGEX     errors in the console that are expected (a worker that dies says so)
    # responde: sí       while it runs, the page answers: the widget steps forward
    # límite: SECONDS    how long it may take to end once started (default 60)
    # desafío: ...       the Desafío's verdict on a correct solution followed by the
    # desafío-dice: ...  program (test_hostile_challenge.py)

Then, for every program: the output holds text only (no element but the page's own
spans); the learner's code is in the editor of the lesson loaded afresh (a second tab
of the same browser, reloaded for each program); and, without reloading, Restaurar and
Ejecutar on cell 1 print exactly what cell 1 prints in CPython.

The page is loaded once per group of programs (the file name's first word: bucle,
memoria, salida, escape, interprete) and reused, so the interpreter a program leaves
behind is the one the next program gets.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from lesson_page import ROOT, START, cell, editor, expect_code, open_lesson, output, replace_code, run_original_cell_1
from warm import WarmContext

CORPUS = ROOT / "tests" / "hostile"
KEYS = {"detener", "estado", "estado-re", "salida", "salida-re", "no-salida", "consola", "responde", "límite",
        "desafío", "desafío-dice"}
GROUPS = ("bucle", "memoria", "salida", "escape", "interprete")
TIMES: list[str] = []  # one line per program, written at the end of the module


@dataclass
class Program:
    path: Path
    code: str
    about: list[str] = field(default_factory=list)
    rules: dict[str, list[str]] = field(default_factory=dict)

    @property
    def group(self) -> str:
        return self.path.stem.split("_")[0]

    def one(self, key: str) -> str | None:
        values = self.rules.get(key, [])
        assert len(values) <= 1, f"{self.path.name}: `{key}:` may appear once"
        return values[0] if values else None


def load(path: Path) -> Program:
    code = path.read_text(encoding="utf-8")
    program = Program(path, code)
    for line in code.splitlines():
        if not line.startswith("#"):
            break
        key, colon, value = line[1:].strip().partition(":")
        if colon and key in KEYS:
            program.rules.setdefault(key, []).append(value.strip())
        else:
            program.about.append(line[1:].strip())
    assert program.about, f"{path.name}: the header must say what the program does"
    assert "estado" in program.rules or "estado-re" in program.rules, f"{path.name}: no estado"
    assert program.group in GROUPS, f"{path.name}: the name must start with one of {GROUPS}"
    return program


PROGRAMS = sorted((load(p) for p in CORPUS.glob("*.py")),
                  key=lambda p: (GROUPS.index(p.group), p.path.name))


def test_the_corpus_has_at_least_30_programs_in_every_group():
    assert len(PROGRAMS) >= 30
    assert {p.group for p in PROGRAMS} == set(GROUPS)


class Session:
    """Two tabs of the session's warm context for a group: the lesson page the programs
    run in, a second tab that reloads the lesson to read what was kept, and the console
    errors of both."""

    def __init__(self, warm: WarmContext, url: str):
        self.url = url
        self.warm = warm
        self.errors: list[str] = []
        self.page = self._watched(warm.new_page())
        self.reader = self._watched(warm.context.new_page())
        # Only the tab in front gets animation frames, which CodeMirror draws its edits in:
        # in a tab behind, every edit and every read of an editor waits seconds for one.
        self.page.bring_to_front()
        open_lesson(self.page, url)
        self.first = True

    def _watched(self, page: Page) -> Page:
        page.on("pageerror", lambda error: self.errors.append(f"uncaught {error.name}: {error.message}"))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        return page

    def reload_reader(self) -> Page:
        """The reader tab, in front, with the lesson loaded afresh. Call back() when done."""
        self.reader.bring_to_front()
        if self.reader.url == "about:blank":
            open_lesson(self.reader, self.url)
        else:
            self.reader.reload()
            expect(self.reader.locator("html")).to_have_attribute("data-lesson-ready", "true")
        return self.reader

    def back(self) -> None:
        """The programs' tab in front again."""
        self.page.bring_to_front()

    def close(self) -> None:
        self.warm.close_tabs([self.page, self.reader])


@pytest.fixture(scope="module")
def session_for(warm: WarmContext, site_url: str, lesson_path: str, pytestconfig):
    """session_for(group) -> Session; opening a group's session closes the previous one.
    At the end, how long each program took goes to .pytest_cache/d/hostile/times.txt."""
    open_sessions: dict[str, Session] = {}
    began = time.monotonic()

    def get(group: str) -> Session:
        if group not in open_sessions:
            for old in open_sessions.values():
                old.close()
            open_sessions.clear()
            open_sessions[group] = Session(warm, site_url + lesson_path)
        return open_sessions[group]

    yield get
    for old in open_sessions.values():
        old.close()
    # Without pytest's cache (-p no:cacheprovider) the times are simply not kept.
    if TIMES and getattr(pytestconfig, "cache", None) is not None:
        lines = [f"{len(TIMES)} hostile programs in {time.monotonic() - began:.0f} s", *TIMES]
        folder = pytestconfig.cache.mkdir("hostile")
        (folder / "times.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def check_the_page_answers(page: Page) -> None:
    """The widget steps forward and back while Python floods the page with output."""
    widget = page.get_by_role("region", name="Traza del bucle")
    widget.get_by_role("button", name="Avanza").click(timeout=5_000)
    expect(widget.get_by_role("status")).to_contain_text("Turno 1", timeout=5_000)
    widget.get_by_role("button", name="Reinicia").click(timeout=5_000)
    expect(widget.get_by_role("status")).to_contain_text("Inicio", timeout=5_000)


# Each group runs through the cell in one browser (see conftest.in_its_setups), the other
# one than test_hostile_challenge.py grades it in: every program through a cell and through
# the challenge once, every group in both engines, and half the time of both browsers twice.
BROWSER_FOR_GROUP = {"bucle": "chromium", "salida": "chromium",
                     "escape": "firefox", "interprete": "firefox", "memoria": "firefox"}
assert set(BROWSER_FOR_GROUP) == set(GROUPS)


def browser_for(params: dict) -> str | None:
    return BROWSER_FOR_GROUP[params["program"].group] if "program" in params else None


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=[p.path.stem for p in PROGRAMS])
def test_a_hostile_program_leaves_the_page_working(program: Program, session_for, request):
    session = session_for(program.group)
    page = session.page
    region = cell(page, 1)
    status = region.get_by_role("status")
    stop = region.get_by_role("button", name="Detener")
    limit = float(program.one("límite") or 60) * 1000 + (START if session.first else 0)
    session.first = False
    seen_errors = len(session.errors)
    started = time.monotonic()
    try:
        replace_code(page, region, 1, program.code)
        region.get_by_role("button", name="Ejecutar").click()
        trigger = program.one("detener")
        if trigger:
            expect(output(region)).to_contain_text(trigger, timeout=limit)
            expect(stop).to_be_visible()
        if program.one("responde"):
            expect(output(region)).not_to_be_empty(timeout=limit)
            check_the_page_answers(page)
        if trigger:
            stop.click()
        if program.one("estado"):
            expect(status).to_contain_text(program.one("estado"), timeout=limit)
        else:
            expect(status).to_have_text(re.compile(program.one("estado-re")), timeout=limit)
        expect(stop).to_be_hidden()
        ran = time.monotonic() - started

        shown = output(region).text_content()
        for text in program.rules.get("salida", []):
            assert text in shown, f"the output lacks {text!r}:\n{shown[-2000:]}"
        for pattern in program.rules.get("salida-re", []):
            assert re.search(pattern, shown), f"the output does not match {pattern!r}:\n{shown[-2000:]}"
        for text in program.rules.get("no-salida", []):
            assert text not in shown, f"the output shows {text!r}"
        expect(output(region).locator("*:not(span)")).to_have_count(0)

        reader = session.reload_reader()
        expect_code(editor(cell(reader, 1), 1), program.code)
        session.back()

        run_original_cell_1(page)
        expected = re.compile(program.one("consola")) if program.one("consola") else None
        unexpected = [e for e in session.errors[seen_errors:] if not (expected and expected.search(e))]
        assert not unexpected, "errors in the console:\n" + "\n".join(unexpected)
    except BaseException:
        (ROOT / "test-results").mkdir(exist_ok=True)
        page.screenshot(path=ROOT / "test-results" / f"hostile-{program.path.stem}.png", full_page=False)
        if stop.is_visible():
            stop.click()  # leave the group's page usable for the next program
        raise
    TIMES.append(f"{program.path.stem}: {ran:.1f} s to end, {time.monotonic() - started:.1f} s in all")


STILL_RUNNING = re.compile(r"^Sigue en ejecución \(\d+ s\)\. «Detener» la para\.$")
EXIT_AND_FILES_LOST = ("El intérprete de Python se ha detenido: el programa lo ha cerrado con os._exit(). "
                       "Ya se ha reiniciado. Los ficheros que habían escrito tus celdas se han perdido con él.")
STOPPED_AND_FILES_LOST = ("Ejecución detenida. Para detenerla, Python ha tenido que reiniciarse, y los ficheros "
                          "que habían escrito tus celdas se han perdido con él.")


@pytest.mark.slow
def test_a_quiet_run_says_it_goes_on_and_a_crash_says_what_it_took(page: Page, site_url: str, lesson_path: str,
                                                                   js_errors):
    js_errors.allow(r"Python worker|exit|Exit|fatal error")
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    status = region.get_by_role("status")
    # A run that prints nothing for long (a loop that never ends, quietly): the status line
    # counts the seconds, and Detener stops it. (A recursion under a huge limit was such a
    # run on some machines and a quick stack overflow on others: a test must not depend on
    # which.)
    replace_code(page, region, 1, "n = 0\nwhile True:\n    n += 1")
    region.get_by_role("button", name="Ejecutar").click()
    expect(status).to_have_text(STILL_RUNNING, timeout=START)
    region.get_by_role("button", name="Detener").click()
    expect(status).to_have_text("Ejecución detenida.", timeout=START)
    # A cell writes a file, the next one ends the interpreter: the page says which way it
    # went, and that the file went with it.
    replace_code(page, region, 1, 'with open("notas.txt", "w") as f:\n    f.write("mías")\n')
    region.get_by_role("button", name="Ejecutar").click()
    expect(status).to_have_text("Ejecución terminada.", timeout=START)
    replace_code(page, region, 1, "import os\nos._exit(1)\n")
    region.get_by_role("button", name="Ejecutar").click()
    expect(status).to_have_text(EXIT_AND_FILES_LOST, timeout=START)
    # A loop inside C code stops only with its interpreter: the files go with that too.
    replace_code(page, region, 1, 'with open("notas.txt", "w") as f:\n    f.write("mías")\n')
    region.get_by_role("button", name="Ejecutar").click()
    expect(status).to_have_text("Ejecución terminada.", timeout=START)
    replace_code(page, region, 1, 'print("en marcha", flush=True)\nsum(range(10**13))\n')
    region.get_by_role("button", name="Ejecutar").click()
    expect(output(region)).to_contain_text("en marcha", timeout=START)
    region.get_by_role("button", name="Detener").click()
    expect(status).to_have_text(STOPPED_AND_FILES_LOST, timeout=START)
    run_original_cell_1(page)
