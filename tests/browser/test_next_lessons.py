"""Every course's lessons but «El bucle», each through its own page, in Chromium and Firefox.

The runtime's own behaviours (stopping, storage, offline, hostile programs, time limits)
are tested once, on «El bucle»'s page. What a lesson brings is tested here for every
other lesson a course lists: its cells print what they print in CPython; every quiz
question, answered right and wrong, says so with its feedback; the challenge, if it has one,
lists its own checks, and every entry of its corpus goes through the page with the verdict its header
names. A new lesson is covered by listing it in course.toml, and what is expected of it is
read from its own files: its cells' names, its quiz, its challenge's file; a cell that asks
for input gets an empty line each time it asks (Enter), as in CPython.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from lesson_page import DONE, ROWS_OF_LINES, START, expect_readable_on_a_phone, output, run_in_cpython
from lessonrt.grading import registry
from test_challenge import check_item, comprobar, expect_rejected_as_its_header_says, expect_solved, items, replace_code
from tests.test_corpus import corpus
from warm import WarmContext
from lessonsite.render import plain_text, shown_code
from words import words_for

ROOT = Path(__file__).resolve().parents[2]
COURSES = ROOT / "web" / "courses"
FIRST = "llm-agents/el-bucle"  # its behaviours have test modules of their own


def later_lessons() -> list[str]:
    keys = []
    for course_toml in sorted(COURSES.glob("*/course.toml")):
        course = course_toml.parent.name
        for lesson in tomllib.loads(course_toml.read_text(encoding="utf-8"))["lessons"]:
            if f"{course}/{lesson}" != FIRST:
                keys.append(f"{course}/{lesson}")
    return keys


LESSONS = later_lessons()
# A lesson may have no challenge («Qué es un agente»): the challenge's tests take those that do.
CHALLENGED = [key for key in LESSONS if re.search(r"^```\{challenge\}", (COURSES / key / "lesson.md").read_text(encoding="utf-8"), re.MULTILINE)]


def url_of(base: str, key: str) -> str:
    return f"{base}courses/{key}/"


def open_ready(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")


def lesson_data(page: Page) -> dict:
    return json.loads(page.locator("#lesson-data").text_content())


def cpython_output(cell_key: str, cells: dict, lines: int = 0, error: list | None = None) -> str:
    """What a cell prints in CPython; `cells` is the page's lesson data. Its first `lines` reads
    of input get an empty line, echoed as the page echoes what the learner typed; with
    `error` (a list), a run that ends in an error puts its text there."""
    return run_in_cpython({k: meta["code"] for k, meta in cells.items()}, cell_key, empty_lines=lines, error=error)


def challenge_file(key: str) -> Path:
    """The challenge's starting code, as lesson.md names it: ```{challenge} FILE."""
    found = re.search(r"^```\{challenge\}[ \t]+(\S+)", (COURSES / key / "lesson.md").read_text(encoding="utf-8"),
                      re.MULTILINE)
    assert found, f"{key}: lesson.md has no {{challenge}}"
    return COURSES / key / found[1]


def run_answering_input(region: Locator, words) -> tuple[int, bool]:
    """Run, and Enter on an empty line each time the cell waits in input(), until the run
    is over; returns how many lines it read and whether it ended in an error (a cell that
    reads a number, say, may not take an empty line: CPython must then fail the same way)."""
    region.get_by_role("button", name=words.run, exact=True).click()
    status, lines = region.get_by_role("status"), 0
    while True:
        expect(status).to_have_text(re.compile(
            f"^({re.escape(words.done)}|{re.escape(words.failed)}|{words.waiting})$"), timeout=START)
        if status.text_content() in (words.done, words.failed):
            return lines, status.text_content() == words.failed
        region.get_by_role("textbox", name=words.input).press("Enter")
        lines += 1


def test_the_course_has_lessons_after_the_first():
    assert "llm-agents/errores" in LESSONS and "llm-agents/que-es-un-agente" in LESSONS
    assert "llm-agents/errores" in CHALLENGED and "llm-agents/que-es-un-agente" in CHALLENGED


# -- cells ------------------------------------------------------------------------------------

@pytest.mark.smoke  # --quick runs it: an author learns at once that a new lesson's cells run
@pytest.mark.parametrize("key", LESSONS)
def test_each_cell_prints_what_it_prints_in_cpython(page: Page, site_url, key):
    open_ready(page, url_of(site_url, key))
    cells = lesson_data(page)["cells"]
    assert cells, f"{key} has no cell"
    for cell_key, meta in sorted(cells.items()):
        region = page.get_by_role("region", name=meta["name"], exact=True)
        lines, failed = run_answering_input(region, words_for(key))
        error: list = []
        printed = cpython_output(cell_key, cells, lines, error)
        assert failed == bool(error), (meta["name"], error)
        shown = output(region).text_content()
        if not failed:
            assert shown == printed, meta["name"]
        else:
            # What it printed, then the error: the same exception, said the same way (the
            # traceback's frames are Pyodide's Python's, not CPython's).
            assert shown.startswith(printed), meta["name"]
            assert shown.rstrip().splitlines()[-1] == error[0].rstrip().splitlines()[-1], meta["name"]
    expect_readable_on_a_phone(page)


# -- quiz -------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", LESSONS)
def test_every_question_right_and_wrong_with_its_feedback(page: Page, site_url, key):
    """Each question answered wrong (each wrong option, or a wrong number) shows a nudge and
    not the explanation; answered right, its feedback and the explanation. What the author
    wrote is read as the page shows it: Markdown rendered, in the course's language."""
    words = words_for(key)
    open_ready(page, url_of(site_url, key))
    quiz = page.get_by_role("region", name=words.quiz)
    questions = lesson_data(page)["quiz"]
    for question in questions:
        box = quiz.get_by_role("group", name=plain_text(question["prompt"]))
        status = box.get_by_role("status")
        answer = box.get_by_role("button", name=words.check_answer)
        nudge = plain_text(question["nudge"]) if question.get("nudge") else None
        explanation = plain_text(question["explanation"]) if question.get("explanation") else None

        def expect_right(*also):
            expect(status).to_contain_text(words.right)
            for text in (*also, explanation):
                if text:
                    expect(status).to_contain_text(text)

        def expect_wrong(nudged):
            expect(status).to_contain_text(words.wrong.rstrip("."))
            if nudged:
                expect(status).to_contain_text(nudged)
            if explanation:
                expect(status).not_to_contain_text(explanation)

        if question["kind"] == "number":
            field = box.get_by_role("textbox", name=words.your_answer)
            field.fill(str(question["answer"] + question.get("tolerance", 0) + 1))
            answer.click()
            expect_wrong(nudge)
            field.fill(str(question["answer"]))
            answer.click()
            expect_right()
            continue
        options = question["options"]
        radio = "radio" if question["kind"] == "single" else "checkbox"

        def mark(chosen):
            for option in options:
                box_ = box.get_by_role(radio, name=option.get("plain", option["text"]), exact=True)
                if option in chosen:
                    box_.check()
                elif radio == "checkbox":
                    box_.uncheck()

        for option in [o for o in options if not o["correct"]]:
            mark([option])
            answer.click()
            # A nudge, never the answer.
            expect_wrong(plain_text(option["nudge"]) if option.get("nudge") else nudge)
            for right in (o for o in options if o["correct"]):
                expect(status).not_to_contain_text(right.get("plain", right["text"]))
        mark([o for o in options if o["correct"]])
        answer.click()
        expect_right(*(plain_text(o["feedback"]) for o in options if o["correct"] and o.get("feedback")))


# -- the challenge ----------------------------------------------------------------------------

def challenge_of(page: Page, key: str) -> Locator:
    return page.get_by_role("region", name=words_for(key).challenge, exact=True)


@dataclass
class Tabs:
    """One warm tab per lesson, reused by that lesson's corpus entries."""
    warm: WarmContext
    base: str
    open: dict[str, tuple[Page, Locator]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def of(self, key: str) -> tuple[Page, Locator]:
        if key not in self.open:
            page = self.warm.new_page()
            page.on("pageerror", lambda error: self.errors.append(f"uncaught {error.name}: {error.message}"))
            page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
            open_ready(page, url_of(self.base, key))
            self.open[key] = (page, challenge_of(page, key))
        page, region = self.open[key]
        page.bring_to_front()  # CodeMirror draws edits in animation frames, which only the front tab gets
        return page, region


@pytest.fixture(scope="module")
def tabs(warm: WarmContext, site_url) -> Tabs:
    tabs = Tabs(warm, site_url)
    yield tabs
    warm.close_tabs([page for page, _ in tabs.open.values()])


# The lesson's own corpus (the red teams' sample goes through Pyodide in test_grader).
ENTRIES = [(key, path) for key in CHALLENGED for kind in ("accept", "reject") for path in corpus(key, kind)]
# As in test_challenge.py: a verdict is Python's doing, the same in either engine, so each
# entry goes through the page once, the entries dealt out alternately to the two engines.
DEALT = {path: ("chromium", "firefox")[i % 2] for i, (_, path) in enumerate(ENTRIES)}


def browser_for(params: dict) -> str | None:
    return DEALT[params["path"]] if "path" in params else None


@pytest.mark.parametrize("key", CHALLENGED)
def test_the_challenge_lists_its_own_checks(page: Page, site_url, key):
    words = words_for(key)
    open_ready(page, url_of(site_url, key))
    region = challenge_of(page, key)
    starter = lesson_data(page)["challenge"]["code"]
    comprobar(region, words=words)
    titles = [c.titulo for c in registry.desafio(key).comprobaciones]
    expect(items(region)).to_have_count(len(titles))
    for title in titles:
        expect(check_item(region, title)).to_be_visible()
    assert starter == shown_code(challenge_file(key))


@pytest.mark.smoke  # --quick runs it: a wrong reference or broken checks show in the page at once
@pytest.mark.parametrize("key", CHALLENGED)
def test_the_challenge_accepts_a_right_solution_and_rejects_a_wrong_one(page: Page, site_url, key):
    """The first entry of the lesson's corpus/accept/ passes every check through the page, and
    the first of corpus/reject/ fails as its header says: the checks, the reference and the
    page agree on this lesson."""
    words = words_for(key)
    open_ready(page, url_of(site_url, key))
    region = challenge_of(page, key)
    titles = {c.id: c.titulo for c in registry.desafio(key).comprobaciones}
    right, wrong = (sorted((COURSES / key / "corpus" / kind).glob("*.py"))[0] for kind in ("accept", "reject"))
    replace_code(page, region, right.read_text(encoding="utf-8"), words)
    comprobar(region, words=words)
    expect_solved(region, titles, words)
    replace_code(page, region, wrong.read_text(encoding="utf-8"), words)
    comprobar(region, words=words)
    expect_rejected_as_its_header_says(region, wrong, titles, words)


@pytest.mark.slow
@pytest.mark.parametrize("key, path", [pytest.param(k, p, id=f"{k.split('/')[1]}/{p.parent.name}/{p.stem}")
                                       for k, p in ENTRIES])
def test_every_corpus_entry_gets_its_verdict_through_the_page(tabs: Tabs, key: str, path: Path):
    seen = len(tabs.errors)
    page, region = tabs.of(key)
    words = words_for(key)
    titles = {c.id: c.titulo for c in registry.desafio(key).comprobaciones}
    replace_code(page, region, path.read_text(encoding="utf-8"), words)
    comprobar(region, words=words)
    if path.parent.name == "accept":
        expect_solved(region, titles, words)
    else:
        expect_rejected_as_its_header_says(region, path, titles, words)
    assert tabs.errors[seen:] == [], "JavaScript errors on the page"


def test_on_a_phone_a_failed_case_over_several_lines_keeps_its_indentation(page: Page, site_url):
    """The smallest failing conversation is Python over several lines: on a phone its
    wrapped rows went on from column 0 and hid its structure. Each line is a row of its
    own, and a wrapped one goes on two columns deeper than its indentation."""
    key = "llm-agents/que-es-un-agente"
    words = words_for(key)
    page.set_viewport_size({"width": 390, "height": 844})
    open_ready(page, url_of(site_url, key))
    region = challenge_of(page, key)
    wrong = COURSES / key / "corpus" / "reject" / "busca_en_todo_lo_que_sigue.py"
    replace_code(page, region, wrong.read_text(encoding="utf-8"), words)
    comprobar(region, words=words)
    titles = {c.id: c.titulo for c in registry.desafio(key).comprobaciones}
    item = check_item(region, titles["generadas"])
    expect(item.locator(".case-code")).to_be_visible()
    lines = item.evaluate(f"(item) => ({ROWS_OF_LINES})(item.querySelectorAll('.check-message .case-code .code-line'))")
    assert len(lines) > 1 and lines[0]["text"].startswith("sin_observacion(M)"), lines
    assert any(len(line["starts"]) > 1 for line in lines), "no row wraps on a phone: the test proves nothing"
    for line in lines:
        first, *rest = line["starts"]
        assert abs(first) < 0.5 and all(abs(start - (line["depth"] + 2)) < 0.5 for start in rest), line
    # The text is the case's, line for line, for whoever copies it.
    assert item.locator(".case-code").inner_text().split("\n") == [line["text"] for line in lines]

    # A value whose space is what is wrong ('t1 ') stays on one row: broken at its space,
    # the space went out of sight at the row's end.
    spaced = COURSES / key / "corpus" / "reject" / "quita_espacios_del_id.py"
    replace_code(page, region, spaced.read_text(encoding="utf-8"), words)
    comprobar(region, words=words)
    values = check_item(region, titles["generadas"]).locator(".value")
    expect(values.first).to_be_visible()
    rows = values.evaluate_all("(spans) => spans.map((s) => [s.textContent, "
                               "new Set([...s.getClientRects()].map((r) => Math.round(r.top))).size])")
    assert any(re.fullmatch(r"""(['"])(.* | .*)\1""", text) for text, _ in rows), rows  # a space at an edge
    assert all(count == 1 for _, count in rows), rows
