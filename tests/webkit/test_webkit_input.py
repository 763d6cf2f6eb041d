"""input() in a cell, in WebKit: the field named Entrada takes the line, which stays in
the output, and input() returns it (see tests/browser/test_input.py for the rest)."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from test_webkit import START_S, click, get, lesson, replace_code, text, wait, wait_text  # noqa: F401 - lesson is a fixture


def entrada(driver: WebDriver, cell):
    """The field, found as assistive technology sees it: a text box named Entrada and the
    question the program printed."""
    def found(_):
        for element in cell.find_elements(By.CSS_SELECTOR, "input"):
            if element.aria_role == "textbox" and element.accessible_name == "Entrada: ¿Nombre?":
                return element
        return None
    return wait(driver, START_S).until(found, "no text box named Entrada")


def test_input_returns_what_the_learner_types(lesson: WebDriver):
    driver = lesson
    cell = get(driver, driver, "region", "Celda 1")
    replace_code(driver, cell, "Código de la celda 1", 'print("Hola,", input("¿Nombre? "))\n')
    click(driver, get(driver, cell, "button", "Ejecutar"))
    field = entrada(driver, cell)
    assert driver.switch_to.active_element == field
    field.send_keys("Ana", Keys.ENTER)
    wait_text(driver, get(driver, cell, "status"), "Ejecución terminada.", START_S)
    assert text(get(driver, cell, "log", "Salida")) == "¿Nombre? Ana\nHola, Ana\n"
