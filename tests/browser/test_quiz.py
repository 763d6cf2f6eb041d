"""The quiz, answered through the page: every question right and wrong, the all or
nothing rule, numbers as people type them, answers kept across a reload, and the
whole lesson's interactive parts from the keyboard alone."""

import json

import pytest
from playwright.sync_api import Page, expect

# Independent tests: they take turns on one warm tab (tests/browser/conftest.py, `page`).
pytestmark = pytest.mark.shared_tab


@pytest.fixture
def quiz(lesson_page):
    return lesson_page.get_by_role("region", name="Comprueba tu intuición")


@pytest.fixture
def questions(lesson_page):
    """The questions as the page has them, so the tests follow the lesson's own text."""
    data = json.loads(lesson_page.locator("#lesson-data").text_content())
    return {q["id"]: q for q in data["quiz"]}


def group(quiz, question):
    return quiz.get_by_role("group", name=question["prompt"])


def check(box):
    box.get_by_role("button", name="Comprobar respuesta").click()


def feedback(box):
    return box.get_by_role("status")


SINGLE = ["quien-termina", "sin-crecer", "turno-2"]


@pytest.mark.parametrize("qid", SINGLE)
def test_single_choice_right_and_wrong_with_the_reason(quiz, questions, qid):
    question = questions[qid]
    box = group(quiz, question)
    expect(box.get_by_role("radio")).to_have_count(len(question["options"]))
    for option in question["options"]:
        box.get_by_role("radio", name=option["text"], exact=True).check()
        expect(feedback(box)).to_be_empty()  # a new choice has no verdict yet
        check(box)
        expect(feedback(box)).to_contain_text("Correcto." if option["correct"] else "Incorrecto.")
        expect(feedback(box)).to_contain_text(option["feedback"])
        expect(feedback(box)).to_contain_text(question["explanation"])


def test_the_ending_question_points_back_to_the_widget(quiz, questions, lesson_page):
    box = group(quiz, questions["quien-termina"])
    box.get_by_role("radio", name="Se alcanza el tope.").check()
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto.")
    box.get_by_role("link", name="Volver a la traza del bucle").click()
    expect(lesson_page.get_by_role("region", name="Traza del bucle")).to_be_in_viewport()


def test_true_or_false_on_the_second_turn(quiz, questions):
    box = group(quiz, questions["turno-2"])
    box.get_by_role("radio", name="Verdadero").check()
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto.")
    box.get_by_role("radio", name="Falso").check()
    check(box)
    expect(feedback(box)).to_contain_text("Correcto.")
    expect(feedback(box)).to_contain_text("de 4 mensajes en el turno 2 a 6 en el turno 3")


def multi_parts(question):
    right = [o["text"] for o in question["options"] if o["correct"]]
    wrong = [o["text"] for o in question["options"] if not o["correct"]]
    return right, wrong


def set_checked(box, texts):
    for checkbox in box.get_by_role("checkbox").all():
        checkbox.set_checked(False)
    for text in texts:
        box.get_by_role("checkbox", name=text, exact=True).check()


@pytest.mark.smoke
def test_multi_is_right_only_with_every_correct_option(quiz, questions):
    question = questions["tope-3"]
    box = group(quiz, question)
    expect(box).to_contain_text("Se corrige todo o nada")
    right, wrong = multi_parts(question)
    assert len(right) >= 2 and wrong

    set_checked(box, right)
    check(box)
    expect(feedback(box)).to_contain_text("Correcto.")
    expect(feedback(box)).to_contain_text(question["explanation"])
    for option in question["options"]:
        if option["correct"]:
            expect(feedback(box)).to_contain_text(option["feedback"])


def test_multi_with_a_correct_option_missing_is_wrong(quiz, questions):
    question = questions["tope-3"]
    box = group(quiz, question)
    right, _ = multi_parts(question)
    set_checked(box, right[:-1])
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto: se corrige todo o nada")
    expect(feedback(box)).to_contain_text("te falta 1 opción correcta por marcar")
    expect(feedback(box)).not_to_contain_text("Correcto.")


def test_multi_with_every_correct_option_and_one_wrong_is_wrong(quiz, questions):
    question = questions["tope-3"]
    box = group(quiz, question)
    right, wrong = multi_parts(question)
    set_checked(box, right + wrong[:1])
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto: se corrige todo o nada")
    expect(feedback(box)).to_contain_text("has marcado 1 opción que no es cierta")
    wrong_feedback = next(o["feedback"] for o in question["options"] if o["text"] == wrong[0])
    expect(feedback(box)).to_contain_text(wrong_feedback)


def test_multi_with_nothing_marked_asks_for_an_answer(quiz, questions):
    box = group(quiz, questions["tope-3"])
    check(box)
    expect(feedback(box)).to_have_text("Marca al menos una opción.")


@pytest.mark.parametrize("typed", ["13", " 13 "])
def test_the_number_question_accepts_13_as_typed(quiz, questions, typed):
    question = questions["cuantos-mensajes"]
    box = group(quiz, question)
    box.get_by_role("textbox", name="Tu respuesta").fill(typed)
    check(box)
    expect(feedback(box)).to_contain_text("Correcto.")
    expect(feedback(box)).to_contain_text(question["explanation"])


def test_a_wrong_number_is_wrong_and_says_why(quiz, questions):
    question = questions["cuantos-mensajes"]
    box = group(quiz, question)
    box.get_by_role("textbox", name="Tu respuesta").fill("12")
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto: 12 no es la respuesta.")
    expect(feedback(box)).to_contain_text(question["explanation"])


def test_a_number_in_words_gets_the_hint_not_a_verdict(quiz, questions):
    question = questions["cuantos-mensajes"]
    box = group(quiz, question)
    field = box.get_by_role("textbox", name="Tu respuesta")
    field.fill("trece")
    check(box)
    expect(feedback(box)).to_have_text(question["hint_not_number"])
    expect(feedback(box)).not_to_contain_text("Incorrecto")
    expect(feedback(box)).not_to_contain_text("Correcto")
    expect(field).to_have_value("trece")  # what was typed stays, to be corrected
    expect(quiz).to_contain_text("Respuestas correctas: 0 de 5.")
    field.fill("13")
    field.press("Enter")  # Enter in the field checks it too
    expect(feedback(box)).to_contain_text("Correcto.")


def test_changing_an_answer_clears_the_old_verdict(quiz, questions):
    question = questions["sin-crecer"]
    box = group(quiz, question)
    wrong = next(o["text"] for o in question["options"] if not o["correct"])
    right = next(o["text"] for o in question["options"] if o["correct"])
    box.get_by_role("radio", name=wrong, exact=True).check()
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto.")
    box.get_by_role("radio", name=right, exact=True).check()
    expect(feedback(box)).to_be_empty()
    check(box)
    expect(feedback(box)).to_contain_text("Correcto.")
    number = group(quiz, questions["cuantos-mensajes"])
    number.get_by_role("textbox").fill("12")
    check(number)
    expect(feedback(number)).to_contain_text("Incorrecto")
    number.get_by_role("textbox").fill("1")
    expect(feedback(number)).to_be_empty()


def test_answers_and_results_survive_a_reload(lesson_page: Page, quiz, questions):
    first = questions["quien-termina"]
    right = next(o["text"] for o in first["options"] if o["correct"])
    group(quiz, first).get_by_role("radio", name=right, exact=True).check()
    check(group(quiz, first))
    multi = questions["tope-3"]
    correct, _ = multi_parts(multi)
    set_checked(group(quiz, multi), correct[:2])
    check(group(quiz, multi))
    number = group(quiz, questions["cuantos-mensajes"])
    number.get_by_role("textbox").fill(" 13 ")
    check(number)
    unchecked = group(quiz, questions["turno-2"])
    unchecked.get_by_role("radio", name="Verdadero").check()  # answered, never checked
    expect(quiz).to_contain_text("Respuestas correctas: 2 de 5.")

    lesson_page.reload()
    expect(lesson_page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    quiz = lesson_page.get_by_role("region", name="Comprueba tu intuición")
    expect(group(quiz, first).get_by_role("radio", name=right, exact=True)).to_be_checked()
    expect(feedback(group(quiz, first))).to_contain_text("Correcto.")
    for text in correct:
        box = group(quiz, multi).get_by_role("checkbox", name=text, exact=True)
        expect(box).to_be_checked() if text in correct[:2] else expect(box).not_to_be_checked()
    expect(feedback(group(quiz, multi))).to_contain_text("Incorrecto: se corrige todo o nada")
    expect(group(quiz, questions["cuantos-mensajes"]).get_by_role("textbox")).to_have_value(" 13 ")
    expect(feedback(group(quiz, questions["cuantos-mensajes"]))).to_contain_text("Correcto.")
    expect(group(quiz, questions["turno-2"]).get_by_role("radio", name="Verdadero")).to_be_checked()
    expect(feedback(group(quiz, questions["turno-2"]))).to_be_empty()
    expect(quiz).to_contain_text("Respuestas correctas: 2 de 5.")

    # Trying again after the reload: fix the multi question.
    set_checked(group(quiz, multi), correct)
    expect(feedback(group(quiz, multi))).to_be_empty()
    check(group(quiz, multi))
    expect(feedback(group(quiz, multi))).to_contain_text("Correcto.")
    expect(quiz).to_contain_text("Respuestas correctas: 3 de 5.")


# --------------------------------------------------------------------------- keyboard

def focused(locator) -> bool:
    return locator.evaluate("el => el === document.activeElement")


def tab_to(page: Page, target, limit=60):
    """Press Tab until target has focus, the way a keyboard user moves. Code editors keep
    Tab for indenting; Escape first lets Tab leave them, as the page tells its users."""
    for _ in range(limit):
        if focused(target):
            return
        if page.evaluate("document.activeElement?.isContentEditable === true"):
            page.keyboard.press("Escape")
        page.keyboard.press("Tab")
    expect(target).to_be_focused()


def assert_focus_ring(locator):
    assert locator.evaluate(
        "el => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none'"
        " && parseFloat(getComputedStyle(el).outlineWidth) > 0"), "no visible focus ring"


def choose_with_arrows(page, box, question):
    """From the first radio of a group: Space selects it, ArrowDown moves the choice on."""
    radios = box.get_by_role("radio")
    tab_to(page, radios.first)
    assert_focus_ring(radios.first)
    page.keyboard.press("Space")
    target = next(i for i, o in enumerate(question["options"]) if o["correct"])
    for _ in range(target):
        page.keyboard.press("ArrowDown")
    expect(radios.nth(target)).to_be_checked()


def submit(page, box):
    button = box.get_by_role("button", name="Comprobar respuesta")
    tab_to(page, button)
    assert_focus_ring(button)
    page.keyboard.press("Enter")
    expect(feedback(box)).to_contain_text("Correcto.")


def test_the_widget_and_the_quiz_from_the_keyboard_alone(lesson_page: Page, questions):
    keys = lesson_page.keyboard
    widget = lesson_page.get_by_role("region", name="Traza del bucle")
    quiz = lesson_page.get_by_role("region", name="Comprueba tu intuición")
    # The one starting point: the skip link at the top of the page. Keys from there on.
    keys.press("Tab")

    tope = widget.get_by_role("spinbutton", name="Tope")
    tab_to(lesson_page, tope)
    assert_focus_ring(tope)
    keys.press("Control+a")
    keys.type("3")
    expect(widget.get_by_role("status")).to_contain_text("Inicio, tope 3")
    avanza = widget.get_by_role("button", name="Avanza")
    tab_to(lesson_page, avanza)
    for turn in (1, 2, 3):
        keys.press("Enter")
        expect(widget.get_by_role("status")).to_contain_text(f"Turno {turn}, tope 3")
    expect(widget.get_by_role("status")).to_contain_text("el agente no ha terminado")
    view = widget.get_by_role("button", name="Lo que ve el modelo")
    tab_to(lesson_page, view)
    keys.press("Space")
    expect(view).to_have_attribute("aria-pressed", "true")
    expect(widget.get_by_role("list", name="Lo que recibe el modelo").get_by_role("listitem")).to_have_count(6)

    first = group(quiz, questions["quien-termina"])
    choose_with_arrows(lesson_page, first, questions["quien-termina"])
    submit(lesson_page, first)

    number = group(quiz, questions["cuantos-mensajes"])
    field = number.get_by_role("textbox", name="Tu respuesta")
    tab_to(lesson_page, field)
    assert_focus_ring(field)
    keys.type("trece")
    keys.press("Enter")
    expect(feedback(number)).to_have_text(questions["cuantos-mensajes"]["hint_not_number"])
    keys.press("Control+a")
    keys.type("13")
    submit(lesson_page, number)

    third = group(quiz, questions["sin-crecer"])
    choose_with_arrows(lesson_page, third, questions["sin-crecer"])
    submit(lesson_page, third)

    multi = group(quiz, questions["tope-3"])
    for option in questions["tope-3"]["options"]:
        checkbox = multi.get_by_role("checkbox", name=option["text"], exact=True)
        tab_to(lesson_page, checkbox)
        if option["correct"]:
            keys.press("Space")
    submit(lesson_page, multi)

    last = group(quiz, questions["turno-2"])
    choose_with_arrows(lesson_page, last, questions["turno-2"])
    submit(lesson_page, last)
    expect(quiz).to_contain_text("Respuestas correctas: 5 de 5.")
