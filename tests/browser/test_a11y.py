"""Accessibility. axe-core (pinned in package.json, read from node_modules and evaluated in
the page by the test, never served by the site) finds no serious or critical violation on
the index, nor on the lesson before Python runs, after cell 1 has run and after the quiz,
the widget and the challenge have been used. And the cells and the challenge can be done
with the keyboard alone (test_quiz does the widget and the quiz)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from lesson_page import DONE, ROOT, START, cell, cpython_output, editor, open_lesson, output

GOOD = (ROOT / "web" / "courses" / "llm-agents" / "el-bucle" / "corpus" / "accept" / "for_range.py").read_text(encoding="utf-8")
VERDICT = re.compile(r"^\d+ de \d+ pruebas superadas$")


@pytest.fixture(scope="session")
def axe_source(node_modules: Path) -> str:
    return (node_modules / "axe-core" / "axe.min.js").read_text(encoding="utf-8")


def serious_violations(page: Page, axe_source: str) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one line per
    element: the rule, what it asks for and where."""
    if not page.evaluate("typeof axe === 'object'"):
        page.evaluate(axe_source)
    found = page.evaluate("""async () => {
        const { violations } = await axe.run(document, { resultTypes: ["violations"] });
        return violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help}: ${n.target.join(" ")}`));
    }""")
    return found


def test_the_index_has_no_serious_violation(page: Page, site_url: str, axe_source: str):
    page.goto(site_url)
    expect(page.get_by_role("link", name="El bucle")).to_be_visible()
    assert serious_violations(page, axe_source) == []


@pytest.mark.slow
def test_the_lesson_has_no_serious_violation_before_or_after_python(page: Page, site_url, lesson_path,
                                                                    axe_source: str):
    open_lesson(page, site_url + lesson_path)
    assert serious_violations(page, axe_source) == [], "on load"

    region = cell(page, 1)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(region).text_content() == cpython_output("celda1")
    assert serious_violations(page, axe_source) == [], "after cell 1 ran"

    widget = page.get_by_role("region", name="Traza del bucle")
    widget.get_by_role("button", name="Lo que ve el modelo").click()
    widget.get_by_role("button", name="Avanza").click()
    expect(widget.get_by_role("status")).to_contain_text("Turno 1")
    quiz = page.get_by_role("region", name="Comprueba tu intuición")
    for question in quiz.get_by_role("group").all():
        choices = question.get_by_role("radio").or_(question.get_by_role("checkbox"))
        if choices.count():
            choices.first.check()
        else:
            question.get_by_role("textbox").fill("trece")
        question.get_by_role("button", name="Comprobar respuesta").click()
        expect(question.get_by_role("status")).not_to_be_empty()
    challenge = page.get_by_role("region", name="Desafío")
    challenge.get_by_role("button", name="Comprobar").click()
    expect(challenge.get_by_role("status")).to_have_text(VERDICT, timeout=START)
    assert serious_violations(page, axe_source) == [], "after the widget, the quiz and the challenge"


# --------------------------------------------------------------------------- keyboard

def tab_to(page: Page, target: Locator, limit: int = 80, key: str = "Tab") -> None:
    """Press Tab (or `key`, e.g. Shift+Tab) until `target` has focus. The editors keep Tab
    for indenting; Escape first lets Tab leave them, as CodeMirror tells its users."""
    for _ in range(limit):
        if target.evaluate("el => el === document.activeElement"):
            return
        if page.evaluate("document.activeElement?.isContentEditable === true"):
            page.keyboard.press("Escape")
        page.keyboard.press(key)
    expect(target).to_be_focused()


@pytest.mark.slow
def test_the_cells_and_the_challenge_from_the_keyboard_alone(page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    keys = page.keyboard
    keys.press("Tab")  # the skip link, the first stop of the page

    region = cell(page, 1)
    code = editor(region, 1)
    tab_to(page, code)
    keys.press("ControlOrMeta+End")
    keys.press("Enter")
    keys.type('print("desde el teclado")')
    keys.press("ControlOrMeta+Enter")
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(region).text_content() == cpython_output("celda1") + "desde el teclado\n"
    # The output scrolls: it takes focus, so the keyboard can scroll it.
    log = region.get_by_role("log", name="Salida")
    tab_to(page, log)
    keys.press("End")

    restaurar = region.get_by_role("button", name="Restaurar")
    # Back, as a learner would: tabbing on past the end of the page leaves Firefox's focus
    # in its own window chrome, where Enter reaches no button of the page.
    tab_to(page, restaurar, key="Shift+Tab")
    keys.press("Enter")
    expect(code).not_to_contain_text("desde el teclado")

    challenge = page.get_by_role("region", name="Desafío")
    box = challenge.get_by_role("textbox", name="Código del desafío")
    tab_to(page, box)
    keys.press("ControlOrMeta+a")
    keys.press("Backspace")
    keys.insert_text(GOOD)
    comprobar = challenge.get_by_role("button", name="Comprobar")
    tab_to(page, comprobar)
    keys.press("Enter")
    expect(challenge.get_by_role("status")).to_have_text(re.compile(r"^(\d+) de \1 pruebas superadas$"),
                                                         timeout=START)
    expect(challenge.get_by_text("Desafío resuelto")).to_be_visible()
