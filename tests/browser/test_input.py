"""input() in a cell (web/src/cell.js, runtime.js, worker.js): on a cross-origin isolated
page the question shows in the output with a field named Entrada, which takes the
keyboard; what the learner types is what input() returns, and the line stays in the
output as in a terminal. Detener ends a run waiting there at once. Where the page is not
isolated, the output says why input() cannot wait and that reloading the page fixes it,
and after a reload it does. A grade never asks: its stdin is empty."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from lesson_page import DONE, START, cell, expect_readable_on_a_phone, open_lesson, output, replace_code
from test_challenge import GOOD, comprobar, expect_not_solved, items, open_challenge
from test_challenge import replace_code as replace_challenge
from test_a11y import axe_source, serious_violations  # noqa: F401 - axe_source is a fixture

LESSON = "courses/llm-agents/el-bucle/"
STOPPED = "Ejecución detenida."
RELOAD = "Recarga la página y vuelve a ejecutar la celda"

ASKS = (
    'nombre = input("¿Cómo te llamas? ")\n'
    'vacía = input("¿Algo más? ")\n'
    'print(f"Hola, {nombre}.", repr(vacía))\n'
    "try:\n"
    '    input("¿Y? ")\n'
    "except EOFError:\n"
    '    print("fin de la entrada")\n'
)


def log(region: Locator) -> Locator:
    return region.get_by_role("log", name="Salida")


def field(region: Locator) -> Locator:
    return region.get_by_role("textbox", name="Entrada")


def answer(region: Locator, text: str) -> None:
    """Type a line in the field, which has the keyboard, and press Enter."""
    box = field(region)
    expect(box).to_be_focused(timeout=START)
    box.fill(text)
    box.press("Enter")


def test_input_returns_what_the_learner_types_and_the_lines_stay(page: Page, site_url, axe_source):
    open_lesson(page, site_url + LESSON)
    assert page.evaluate("crossOriginIsolated") is True
    region = cell(page, 1)
    replace_code(page, region, 1, ASKS)
    region.get_by_role("button", name="Ejecutar").click()

    expect(log(region)).to_have_text("¿Cómo te llamas? ", timeout=START)
    expect(region.get_by_role("status")).to_contain_text("Entrada")
    expect(field(region)).to_be_focused()
    # Named by the question the program printed, as a form's label names its field.
    expect(field(region)).to_have_accessible_name("Entrada: ¿Cómo te llamas?")
    assert serious_violations(page, axe_source) == [], "with the field waiting"
    # iOS Safari zooms into any field whose text is under 16px: on a phone's width the
    # field and the code are 16px; a desktop keeps their size.
    size = lambda where: where.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    wide = page.viewport_size
    code = region.locator(".cm-content")
    assert size(code) == 15.2  # 0.95rem, as before
    page.set_viewport_size({"width": 390, "height": 800})
    assert size(field(region)) >= 16 and size(code) >= 16
    page.set_viewport_size(wide)
    expect(field(region)).to_be_focused()
    answer(region, "Ana Pérez, 3 €")
    expect(log(region)).to_have_text("¿Cómo te llamas? Ana Pérez, 3 €\n¿Algo más? ")
    answer(region, "")  # an empty line: input() returns ""
    expect(log(region)).to_have_text("¿Cómo te llamas? Ana Pérez, 3 €\n¿Algo más? \n"
                                     "Hola, Ana Pérez, 3 €. ''\n¿Y? ")
    box = field(region)
    expect(box).to_be_focused()
    box.press("Control+d")  # the end of input: EOFError
    expect(region.get_by_role("status")).to_have_text(DONE)
    expect(field(region)).to_have_count(0)
    expect(log(region)).to_have_text(
        "¿Cómo te llamas? Ana Pérez, 3 €\n¿Algo más? \nHola, Ana Pérez, 3 €. ''\n¿Y? fin de la entrada\n")


def test_detener_ends_a_run_waiting_on_input_at_once_and_the_cell_runs_again(page: Page, site_url):
    """Python itself stops, where it waits: the `except` runs, and the interpreter stays,
    with the file the cell wrote (a killed one would lose it)."""
    open_lesson(page, site_url + LESSON)
    region = cell(page, 1)
    replace_code(page, region, 1, (
        'open("nota.txt", "w").write("sigo aquí")\n'
        "try:\n"
        '    input("¿Nombre? ")\n'
        "except KeyboardInterrupt:\n"
        '    print("interrumpido")\n'
        "    raise\n"))
    region.get_by_role("button", name="Ejecutar").click()
    expect(field(region)).to_be_focused(timeout=START)
    region.get_by_role("button", name="Detener").click()
    expect(region.get_by_role("status")).to_have_text(STOPPED)
    expect(field(region)).to_have_count(0)
    expect(log(region)).to_have_text("¿Nombre? interrumpido\n")

    replace_code(page, region, 1, 'print(open("nota.txt").read(), input("¿Otra vez? "))\n')
    region.get_by_role("button", name="Ejecutar").click()
    answer(region, "sí")
    expect(region.get_by_role("status")).to_have_text(DONE)
    expect(log(region)).to_have_text("¿Otra vez? sí\nsigo aquí sí\n")


def test_where_the_page_is_not_isolated_input_says_that_a_reload_fixes_it(page: Page, plain_site_url):
    open_lesson(page, plain_site_url + LESSON)
    assert page.evaluate("crossOriginIsolated") is False
    region = cell(page, 1)
    replace_code(page, region, 1, 'print("antes")\nnombre = input("¿Nombre? ")\n')
    region.get_by_role("button", name="Ejecutar").click()
    expect(log(region)).to_contain_text(RELOAD, timeout=START)
    expect(log(region)).to_contain_text("antes\n")
    expect(log(region)).to_contain_text('File "<Celda 1>", line 2')
    expect(field(region)).to_have_count(0)
    # What to do is there to read on a phone, not cut off at the box's right edge.
    expect_readable_on_a_phone(page)


@pytest.mark.slow
@pytest.mark.cold
# A first page view, which no service worker controls yet; Python itself starts from the
# session's snapshot: how it starts is test_snapshot's, not this test's.
@pytest.mark.seeded
def test_a_first_visit_explains_and_the_reload_lets_input_wait(page: Page, plain_site_url):
    """A host without COOP/COEP: the first page view is not isolated; once the service
    worker controls the page, the next one is, and input() waits for the learner."""
    open_lesson(page, plain_site_url + LESSON)
    assert page.evaluate("crossOriginIsolated") is False
    region = cell(page, 1)
    replace_code(page, region, 1, 'print("Hola,", input("¿Nombre? "))\n')
    region.get_by_role("button", name="Ejecutar").click()
    expect(log(region)).to_contain_text(RELOAD, timeout=START)
    expect(field(region)).to_have_count(0)

    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    assert page.evaluate("crossOriginIsolated") is True
    region = cell(page, 1)  # the edited code was kept
    region.get_by_role("button", name="Ejecutar").click()
    answer(region, "Ana")
    expect(region.get_by_role("status")).to_have_text(DONE)
    expect(log(region)).to_have_text("¿Nombre? Ana\nHola, Ana\n")


def test_a_grade_never_asks(page: Page, site_url):
    """The challenge's code calls input() at its top level: no field appears, and the
    verdict says there is nothing to read."""
    region = open_challenge(page, site_url + LESSON)
    replace_challenge(page, region, GOOD + '\nnombre = input("¿Nombre? ")\n')
    comprobar(region)
    expect_not_solved(region)
    expect(items(region).first).to_contain_text("input() no tiene nada que leer")
    expect(page.get_by_role("textbox", name="Entrada")).to_have_count(0)
