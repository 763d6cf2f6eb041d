"""Hostile learner programs (tests/hostile/) through the Desafío, in a real browser.

What is graded is a correct solution (el-bucle/corpus/accept/for_range.py) followed by the
program, as a learner who pastes it under a working `bucle` would: the grader then runs
the program as top-level code before any check. So the verdict says something about the
program, not only that a file without `bucle` fails. Each file's header says which
verdict is right:

    # desafío: resuelto | no resuelto | resuelto o no resuelto
    # desafío-dice: REGEX   when not solved, the challenge's text matches REGEX (re.search):
                            the grader's Spanish message, or the page's own when Python died

"Resuelto o no resuelto" is for programs whose verdict honestly depends on the machine
(a million prints against the 2 s limit) or on the engine: when they fail, they must fail
for the reason `desafío-dice` gives.

For every program: Comprobar ends with that verdict (the summary reads "N de M pruebas
superadas", with the banner exactly when N is M, or the page's Spanish error); the page
takes the next Comprobar without a reload (the next program's verdict, and a correct
solution solved at the end of each group); and the code is in the editor of the lesson
loaded afresh in a second tab. One page per group of programs, as in test_hostile.py.
Every Comprobar starts an interpreter of its own, which makes this the slow part.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Locator, Page, expect

from lesson_page import ROOT, START, editor_code, expect_code
from test_hostile import GROUPS, PROGRAMS, Program
from test_hostile import Session as HostileSession
from warm import WarmContext

GOOD = (ROOT / "web" / "courses" / "llm-agents" / "el-bucle" / "corpus" / "accept" / "for_range.py").read_text(encoding="utf-8")
# Two programs in a row may get the same report, which the summary then says.
VERDICT = re.compile(r"^(\d+) de (\d+) pruebas superadas(?:, igual que en la comprobación anterior\.)?$")
CRASHED = "El intérprete de Python se ha detenido"
VERDICTS = {"resuelto": {True}, "no resuelto": {False}, "resuelto o no resuelto": {True, False}}
GRADE = 120_000  # ms: one grade on a loaded machine, watchdogs and a new interpreter included
TIMES: list[str] = []


def graded_code(program: Program) -> str:
    return GOOD.rstrip("\n") + "\n\n\n" + program.code


def test_every_program_says_what_the_challenge_must_do():
    for program in PROGRAMS:
        assert program.one("desafío") in VERDICTS, f"{program.path.name}: `# desafío:` must be one of {list(VERDICTS)}"
        if False in VERDICTS[program.one("desafío")]:
            assert program.one("desafío-dice"), f"{program.path.name}: say why it fails with `# desafío-dice:`"
            re.compile(program.one("desafío-dice"))


class Session(HostileSession):
    """test_hostile's session (a page to grade in, a reader tab, the console errors of
    both), plus the console errors the previous program may still log."""

    def __init__(self, warm: WarmContext, url: str):
        super().__init__(warm, url)
        self.expected_before: list[re.Pattern] = []


def challenge(page: Page) -> Locator:
    return page.get_by_role("region", name="Desafío")


def code_box(region: Locator) -> Locator:
    return region.get_by_role("textbox", name="Código del desafío")


def put_code(page: Page, region: Locator, code: str) -> None:
    box = code_box(region)
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")  # Firefox keeps a leading empty line otherwise
    page.keyboard.insert_text(code)
    expect_code(box, code)


def comprobar(region: Locator, timeout: float) -> tuple[str, bool]:
    """Press Comprobar, wait until the page is done with it, and return the summary and
    whether the page says the challenge is solved."""
    button = region.get_by_role("button", name="Comprobar")
    expect(button).not_to_have_attribute("aria-disabled", "true")
    button.click()
    # The click handler marks the section as running before it awaits anything.
    expect(region).not_to_have_attribute("data-running", re.compile(".*"), timeout=timeout)
    expect(button).not_to_have_attribute("aria-disabled", "true")
    return region.get_by_role("status").text_content(), region.get_by_text("Desafío resuelto").is_visible()


def assert_verdict(program: Program, region: Locator, summary: str, solved: bool) -> None:
    counted = VERDICT.match(summary)
    if counted:
        # The banner says solved exactly when every check passed.
        assert solved == (counted[1] == counted[2]), f"{summary!r} with the banner {'shown' if solved else 'hidden'}"
    else:
        assert not solved
        assert summary.startswith(CRASHED), f"neither a verdict nor the page's Spanish error: {summary!r}"
    allowed = VERDICTS[program.one("desafío")]
    assert solved in allowed, f"{'solved' if solved else 'not solved'}: {summary}\n{region.inner_text()[:3000]}"
    if not solved:
        said = region.inner_text()
        assert re.search(program.one("desafío-dice"), said), \
            f"the challenge does not say {program.one('desafío-dice')!r}:\n{said[:3000]}"


@pytest.fixture(scope="module")
def session_for(warm: WarmContext, site_url: str, lesson_path: str, pytestconfig):
    """session_for(group) -> Session. The group's last program is followed, on the same
    page, by a correct solution that must be solved. Times go to
    .pytest_cache/d/hostile/challenge-times.txt."""
    open_sessions: dict[str, Session] = {}
    began = time.monotonic()
    # Without pytest's cache (-p no:cacheprovider) the times are simply not kept.
    cache = getattr(pytestconfig, "cache", None)
    log = cache.mkdir("hostile") / "challenge-times.txt" if cache is not None else None
    if log:
        log.write_text("", encoding="utf-8")

    def finish(session: Session) -> None:
        region = challenge(session.page)
        put_code(session.page, region, GOOD)
        summary, solved = comprobar(region, GRADE)
        assert solved and VERDICT.match(summary), f"a correct solution after the group: {summary!r}"

    def get(group: str) -> Session:
        if group not in open_sessions:
            for old in open_sessions.values():
                old.close()
            open_sessions.clear()
            open_sessions[group] = Session(warm, site_url + lesson_path)
        return open_sessions[group]

    get.finish = finish
    get.log = log
    yield get
    for old in open_sessions.values():
        old.close()
    if TIMES and log:  # written as they come too, so that an interrupted run still tells
        lines = [f"{len(TIMES)} hostile programs through the challenge in {time.monotonic() - began:.0f} s", *TIMES]
        log.write_text("\n".join(lines) + "\n", encoding="utf-8")


# Each group is graded in one browser (see conftest.in_its_setups), the other one than
# test_hostile.py runs it through a cell in: grading starts a fresh interpreter every time,
# and the whole corpus twice would cost half an hour.
BROWSER_FOR_GROUP = {"bucle": "firefox", "salida": "firefox",
                     "escape": "chromium", "interprete": "chromium", "memoria": "chromium"}
assert set(BROWSER_FOR_GROUP) == set(GROUPS)


def browser_for(params: dict) -> str | None:
    return BROWSER_FOR_GROUP[params["program"].group] if "program" in params else None

LAST_OF_GROUP = {[p for p in PROGRAMS if p.group == g][-1].path.stem for g in GROUPS}


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=[p.path.stem for p in PROGRAMS])
def test_a_hostile_program_gets_the_right_verdict(program: Program, session_for):
    session = session_for(program.group)
    page = session.page
    region = challenge(page)
    timeout = GRADE + (START if session.first else 0)
    session.first = False
    seen_errors = len(session.errors)
    started = time.monotonic()
    code = graded_code(program)
    try:
        put_code(page, region, code)
        summary, solved = comprobar(region, timeout)
        graded = time.monotonic() - started
        assert_verdict(program, region, summary, solved)
        # Whatever the learner printed is text in the checks' details, never markup.
        expect(region.locator(".challenge-checks script, .challenge-checks b")).to_have_count(0)

        reader = session.reload_reader()
        got = code_box(challenge(reader))
        try:
            expect_code(got, code, timeout=30_000)
        except Exception:
            raise AssertionError("the reloaded editor holds:\n" + editor_code(got)) from None
        session.back()

        if program.path.stem in LAST_OF_GROUP:
            session_for.finish(session)
        # A worker that died (or that the watchdog stopped) is reported in the console,
        # and the page has said so; nothing else may be. A grade's worker is thrown away
        # after its verdict, so what it logs may come during the next program.
        expected = [re.compile(program.one("consola"))] if program.one("consola") else []
        if summary.startswith(CRASHED) or "La comprobación se ha detenido" in region.inner_text():
            expected.append(re.compile(r"^Python worker"))
        unexpected = [e for e in session.errors[seen_errors:]
                      if not any(p.search(e) for p in expected + session.expected_before)]
        session.expected_before = expected
        assert not unexpected, "errors in the console:\n" + "\n".join(unexpected)
    except BaseException:
        (ROOT / "test-results").mkdir(exist_ok=True)
        page.screenshot(path=ROOT / "test-results" / f"hostile-challenge-{program.path.stem}.png")
        raise
    TIMES.append(f"{program.path.stem}: {graded:.1f} s to grade, {time.monotonic() - started:.1f} s in all")
    if session_for.log:
        with session_for.log.open("a", encoding="utf-8") as log:
            log.write(TIMES[-1] + "\n")
