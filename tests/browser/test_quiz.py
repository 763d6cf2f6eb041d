"""The quiz, answered through the page: every question right and wrong, a wrong answer
nudged and never told the answer until the learner asks for it, the all or nothing rule,
numbers as people type them, answers kept across a reload, a reorder of the options and
another tab, the course page's progress, and the whole lesson's interactive parts from the
keyboard alone."""

import json
import re
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from lessonsite.render import plain_text

# Independent tests: they take turns on one warm tab (tests/browser/conftest.py, `page`).
pytestmark = pytest.mark.shared_tab


@pytest.fixture
def quiz(lesson_page):
    return lesson_page.get_by_role("region", name="Comprueba tu intuición")


@pytest.fixture
def questions(lesson_page):
    """The questions as the page has them, so the tests follow the lesson's own text."""
    data = json.loads(lesson_page.locator("#lesson-data").text_content())
    return {q["id"]: shown(q) for q in data["quiz"]}


def shown(question):
    """A question's texts as a reader reads them: drawn by the build's own plain_text."""
    def plain(text):
        return plain_text(text) if isinstance(text, str) else text
    out = {k: plain(v) for k, v in question.items()}
    if "options" in question:
        out["options"] = [{k: plain(v) for k, v in o.items()} for o in question["options"]]
    return out


def group(quiz, question):
    return quiz.get_by_role("group", name=question["prompt"])


def check(box):
    box.get_by_role("button", name="Comprobar respuesta").click()


def feedback(box):
    return box.get_by_role("status")


SINGLE = ["que-ve-el-modelo", "sale-con-texto", "nadie-comprueba"]


def right_text(question):
    return next(o["text"] for o in question["options"] if o["correct"])


def quoted(text):
    """An option as a sentence quotes it: its quotes one level down, its full stop the
    sentence's."""
    for outer, inner in (("“", "‘"), ("”", "’"), ("«", "“"), ("»", "”")):
        text = text.replace(outer, inner)
    return text.removesuffix(".")


@pytest.mark.parametrize("qid", SINGLE)
def test_single_choice_right_and_wrong_with_the_reason(quiz, questions, qid):
    """A wrong option gets its nudge and never the explanation or the right option; the
    right one gets why it is right and the explanation."""
    question = questions[qid]
    box = group(quiz, question)
    expect(box.get_by_role("radio")).to_have_count(len(question["options"]))
    for option in question["options"]:
        box.get_by_role("radio", name=option["text"], exact=True).check()
        expect(feedback(box)).to_be_empty()  # a new choice has no verdict yet
        check(box)
        if option["correct"]:
            expect(feedback(box)).to_contain_text("Correcto.")
            expect(feedback(box)).to_contain_text(option["feedback"])
            expect(feedback(box)).to_contain_text(question["explanation"])
            expect(box.get_by_role("button", name="Ver la respuesta")).to_be_hidden()  # nothing left to see
            continue
        expect(feedback(box)).to_contain_text("Incorrecto.")
        expect(feedback(box)).to_contain_text(option["nudge"])
        expect(feedback(box)).not_to_contain_text(question["explanation"])
        expect(feedback(box)).not_to_contain_text(option["feedback"])
        expect(feedback(box)).not_to_contain_text(right_text(question))


def test_a_learner_who_is_stuck_can_see_the_answer_and_it_stays_shown(lesson_page, quiz, questions):
    question = questions["sale-con-texto"]
    box = group(quiz, question)
    reveal = box.get_by_role("button", name="Ver la respuesta")
    expect(reveal).to_be_hidden()  # offered once the learner has tried
    expect(quiz).not_to_contain_text("Respuestas correctas")  # no «0 de 5» before any answer
    wrong = next(o for o in question["options"] if not o["correct"])
    box.get_by_role("radio", name=wrong["text"], exact=True).check()
    check(box)
    expect(feedback(box)).to_contain_text(wrong["nudge"])
    reveal.click()
    answer = box.locator(".quiz-answer")
    expect(answer).to_contain_text(f"La respuesta es «{quoted(right_text(question))}».")
    assert "»»" not in answer.inner_text() and ".»." not in answer.inner_text()
    expect(answer).to_contain_text(question["explanation"])
    expect(answer).to_contain_text(wrong["feedback"])  # why the learner's choice was wrong
    expect(answer).to_be_focused()
    expect(reveal).to_be_hidden()
    expect(quiz).to_contain_text(  # seeing it is not answering it; out of what was answered
        "Respuestas correctas: 0 de 1. Quedan 4 preguntas por responder.")

    lesson_page.reload()
    expect(lesson_page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    box = group(lesson_page.get_by_role("region", name="Comprueba tu intuición"), question)
    expect(box.locator(".quiz-answer")).to_contain_text(question["explanation"])
    expect(box.get_by_role("button", name="Ver la respuesta")).to_be_hidden()
    # Answering it right once it has been shown is not counted as a right answer.
    box.get_by_role("radio", name=right_text(question), exact=True).check()
    check(box)
    expect(feedback(box)).to_contain_text("Correcto")
    # The explanation once, in the answer shown; and no longer why the earlier choice was wrong.
    expect(box.locator(".quiz-explanation")).to_have_count(1)
    expect(box.locator(".quiz-answer")).not_to_contain_text(wrong["feedback"])
    expect(lesson_page.get_by_role("region", name="Comprueba tu intuición")).to_contain_text(
        "Respuestas correctas: 0 de 1, y 1 tras ver la respuesta. Quedan 4 preguntas por responder.")


def test_a_wrong_answer_that_names_the_widget_links_back_to_it(quiz, questions, lesson_page):
    box = group(quiz, questions["que-ve-el-modelo"])
    box.get_by_role("radio", name="Solo los dos mensajes iniciales: cada invocación empieza de cero.").check()
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto.")
    box.get_by_role("link", name="Volver a la traza del bucle").click()
    expect(lesson_page.get_by_role("region", name="Traza del bucle")).to_be_in_viewport()


def test_true_or_false_on_who_checks_the_work(quiz, questions):
    box = group(quiz, questions["nadie-comprueba"])
    box.get_by_role("radio", name="Verdadero").check()
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto.")
    box.get_by_role("radio", name="Falso").check()
    check(box)
    expect(feedback(box)).to_contain_text("Correcto.")
    expect(feedback(box)).to_contain_text("Quien decide que el trabajo está hecho es el modelo")


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
    question = questions["sabe-en-el-turno-4"]
    box = group(quiz, question)
    expect(box).to_contain_text("Se corrige todo o nada")
    # Its note is part of what a screen reader says of the question, and the question's
    # number, which the lesson's text may cite, shows before it.
    expect(box).to_have_accessible_description(question["note"])
    number = list(questions).index("sabe-en-el-turno-4") + 1
    expect(box.locator("legend")).to_have_text(re.compile(rf"^{number}\. "))
    right, wrong = multi_parts(question)
    assert len(right) >= 2 and wrong

    set_checked(box, right[:-1])
    check(box)
    expect(feedback(box)).to_contain_text(question["nudge"])  # only missed: the question's nudge
    expect(feedback(box)).not_to_contain_text(question["explanation"])
    set_checked(box, right)
    check(box)
    expect(feedback(box)).to_contain_text("Correcto.")
    expect(feedback(box)).to_contain_text(question["explanation"])
    for option in question["options"]:
        if option["correct"]:
            expect(feedback(box)).to_contain_text(option["feedback"])


def test_multi_with_a_correct_option_missing_is_wrong(quiz, questions):
    question = questions["sabe-en-el-turno-4"]
    box = group(quiz, question)
    right, _ = multi_parts(question)
    set_checked(box, right[:-1])
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto (se corrige todo o nada)")
    expect(feedback(box)).to_contain_text("te falta una opción correcta por marcar")
    expect(feedback(box)).not_to_contain_text("Correcto.")


def test_multi_with_every_correct_option_and_one_wrong_is_wrong(quiz, questions):
    question = questions["sabe-en-el-turno-4"]
    box = group(quiz, question)
    right, wrong = multi_parts(question)
    set_checked(box, right + wrong[:1])
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto (se corrige todo o nada)")
    expect(feedback(box)).to_contain_text("has marcado una opción que no es cierta")
    chosen = next(o for o in question["options"] if o["text"] == wrong[0])
    expect(feedback(box)).to_contain_text(chosen["nudge"])
    expect(feedback(box)).not_to_contain_text(chosen["feedback"])
    expect(feedback(box)).not_to_contain_text(question["explanation"])


def test_multi_with_nothing_marked_asks_for_an_answer(quiz, questions):
    box = group(quiz, questions["sabe-en-el-turno-4"])
    check(box)
    expect(feedback(box)).to_have_text("Marca al menos una opción.")


@pytest.mark.parametrize("typed", ["5", " 5 ", "5."])
def test_the_number_question_accepts_5_as_typed(quiz, questions, typed):
    question = questions["cuantas-llamadas"]
    box = group(quiz, question)
    box.get_by_role("textbox", name="Tu respuesta").fill(typed)
    check(box)
    expect(feedback(box)).to_contain_text("Correcto.")
    expect(feedback(box)).to_contain_text(question["explanation"])


def test_a_wrong_number_is_wrong_and_says_why(quiz, questions):
    question = questions["cuantas-llamadas"]
    box = group(quiz, question)
    box.get_by_role("textbox", name="Tu respuesta").fill("4")
    check(box)
    expect(feedback(box)).to_contain_text("Incorrecto: 4 no es la respuesta.")
    expect(feedback(box)).to_contain_text(question["nudge"])
    expect(feedback(box)).not_to_contain_text("5")
    box.get_by_role("button", name="Ver la respuesta").click()
    expect(box.locator(".quiz-answer")).to_contain_text("La respuesta es 5.")
    expect(box.locator(".quiz-answer")).to_contain_text(question["explanation"])


def test_a_number_in_words_gets_the_hint_not_a_verdict(quiz, questions):
    question = questions["cuantas-llamadas"]
    box = group(quiz, question)
    field = box.get_by_role("textbox", name="Tu respuesta")
    field.fill("cinco")
    check(box)
    expect(feedback(box)).to_have_text(question["hint_not_number"])
    expect(feedback(box)).not_to_contain_text("Incorrecto")
    expect(feedback(box)).not_to_contain_text("Correcto")
    expect(field).to_have_value("cinco")  # what was typed stays, to be corrected
    expect(quiz).not_to_contain_text("Respuestas correctas")  # nothing was graded yet
    field.fill("5")
    field.press("Enter")  # Enter in the field checks it too
    expect(feedback(box)).to_contain_text("Correcto.")


def test_changing_an_answer_clears_the_old_verdict(quiz, questions):
    question = questions["sale-con-texto"]
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
    number = group(quiz, questions["cuantas-llamadas"])
    number.get_by_role("textbox").fill("4")
    check(number)
    expect(feedback(number)).to_contain_text("Incorrecto")
    number.get_by_role("textbox").fill("1")
    expect(feedback(number)).to_be_empty()


def test_answers_and_results_survive_a_reload(lesson_page: Page, quiz, questions):
    first = questions["que-ve-el-modelo"]
    right = next(o["text"] for o in first["options"] if o["correct"])
    group(quiz, first).get_by_role("radio", name=right, exact=True).check()
    check(group(quiz, first))
    multi = questions["sabe-en-el-turno-4"]
    correct, _ = multi_parts(multi)
    set_checked(group(quiz, multi), correct[:2])
    check(group(quiz, multi))
    number = group(quiz, questions["cuantas-llamadas"])
    number.get_by_role("textbox").fill(" 5 ")
    check(number)
    unchecked = group(quiz, questions["nadie-comprueba"])
    unchecked.get_by_role("radio", name="Verdadero").check()  # answered, never checked
    expect(quiz).to_contain_text("Respuestas correctas: 2 de 3. Quedan 2 preguntas por responder.")

    lesson_page.reload()
    expect(lesson_page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    quiz = lesson_page.get_by_role("region", name="Comprueba tu intuición")
    expect(group(quiz, first).get_by_role("radio", name=right, exact=True)).to_be_checked()
    expect(feedback(group(quiz, first))).to_contain_text("Correcto.")
    for text in correct:
        box = group(quiz, multi).get_by_role("checkbox", name=text, exact=True)
        expect(box).to_be_checked() if text in correct[:2] else expect(box).not_to_be_checked()
    expect(feedback(group(quiz, multi))).to_contain_text("Incorrecto (se corrige todo o nada)")
    expect(group(quiz, questions["cuantas-llamadas"]).get_by_role("textbox")).to_have_value(" 5 ")
    expect(feedback(group(quiz, questions["cuantas-llamadas"]))).to_contain_text("Correcto.")
    expect(group(quiz, questions["nadie-comprueba"]).get_by_role("radio", name="Verdadero")).to_be_checked()
    expect(feedback(group(quiz, questions["nadie-comprueba"]))).to_be_empty()
    expect(quiz).to_contain_text("Respuestas correctas: 2 de 3. Quedan 2 preguntas por responder.")

    # Trying again after the reload: fix the multi question.
    set_checked(group(quiz, multi), correct)
    expect(feedback(group(quiz, multi))).to_be_empty()
    check(group(quiz, multi))
    expect(feedback(group(quiz, multi))).to_contain_text("Correcto.")
    # Right at the second try counts, and the tally says how many were right at the first.
    expect(quiz).to_contain_text("Respuestas correctas: 3 de 3, 2 de ellas a la primera. Quedan 2 preguntas por responder.")


# --------------------------------------------------------------------------- what is kept

LESSON_DATA = re.compile(r'(<script type="application/json" id="lesson-data">)(.*?)(</script>)', re.S)


def serve_reordered(page: Page, qid: str) -> None:
    """Serve the lesson as a later deploy might: `qid`'s options in the reverse order, in
    the page's markup and in its data alike."""
    def reorder(route):
        html = route.fetch().text()
        head, data, tail = LESSON_DATA.search(html).groups()
        data = json.loads(data)
        question = next(q for q in data["quiz"] if q["id"] == qid)
        question["options"].reverse()
        text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
        html = LESSON_DATA.sub(lambda _: head + text + tail, html)
        fieldset = re.search(rf'<fieldset[^>]*data-question="{qid}".*?</fieldset>', html, re.S).group(0)
        labels = re.findall(r'<label class="quiz-option">.*?</label>\n', fieldset, re.S)
        html = html.replace(fieldset, fieldset.replace("".join(labels), "".join(reversed(labels))))
        route.fulfill(response=route.fetch(), body=html)
    page.route(re.compile(r".*/el-bucle/(index\.html)?$"), reorder)


def test_a_deploy_that_reorders_the_options_keeps_the_answer_chosen(lesson_page: Page, quiz, questions):
    question = questions["que-ve-el-modelo"]
    right = right_text(question)
    group(quiz, question).get_by_role("radio", name=right, exact=True).check()
    check(group(quiz, question))
    expect(feedback(group(quiz, question))).to_contain_text("Correcto.")

    serve_reordered(lesson_page, question["id"])
    lesson_page.reload()
    expect(lesson_page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    box = group(lesson_page.get_by_role("region", name="Comprueba tu intuición"), question)
    expect(box.get_by_role("radio").first).to_have_accessible_name(question["options"][-1]["text"])  # reordered
    expect(box.get_by_role("radio", name=right, exact=True)).to_be_checked()
    expect(feedback(box)).to_contain_text("Correcto.")


def test_an_answer_to_a_question_that_changed_is_dropped(lesson_page: Page, questions):
    question = questions["que-ve-el-modelo"]
    key = "lessonrt:llm-agents/el-bucle:quiz:que-ve-el-modelo"
    # What an earlier version of the question left: another revision, the right option of then.
    lesson_page.evaluate("([key, value]) => localStorage.setItem(key, JSON.stringify(value))",
                         [key, {"rev": "otra", "answer": question["options"][0]["id"], "checked": True}])
    lesson_page.reload()
    expect(lesson_page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    box = group(lesson_page.get_by_role("region", name="Comprueba tu intuición"), question)
    for radio in box.get_by_role("radio").all():
        expect(radio).not_to_be_checked()
    expect(feedback(box)).to_be_empty()
    assert lesson_page.evaluate("(key) => localStorage.getItem(key)", key) is None


def test_two_tabs_keep_each_others_answers(lesson_page: Page, quiz, questions, site_url, lesson_path):
    other = lesson_page.context.new_page()
    other.goto(site_url + lesson_path)
    expect(other.locator("html")).to_have_attribute("data-lesson-ready", "true")
    other_quiz = other.get_by_role("region", name="Comprueba tu intuición")
    first, third = questions["que-ve-el-modelo"], questions["sale-con-texto"]

    lesson_page.bring_to_front()
    group(quiz, first).get_by_role("radio", name=right_text(first), exact=True).check()
    check(group(quiz, first))
    expect(feedback(group(quiz, first))).to_contain_text("Correcto.")
    # The other tab hears of it, answer and verdict.
    expect(group(other_quiz, first).get_by_role("radio", name=right_text(first), exact=True)).to_be_checked()
    expect(feedback(group(other_quiz, first))).to_contain_text("Correcto.")

    other.bring_to_front()
    group(other_quiz, third).get_by_role("radio", name=right_text(third), exact=True).check()
    check(group(other_quiz, third))
    expect(other_quiz).to_contain_text("Respuestas correctas: 2 de 2. Quedan 3 preguntas por responder.")
    expect(quiz).to_contain_text("Respuestas correctas: 2 de 2. Quedan 3 preguntas por responder.")

    lesson_page.bring_to_front()
    lesson_page.reload()
    expect(lesson_page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    quiz = lesson_page.get_by_role("region", name="Comprueba tu intuición")
    expect(feedback(group(quiz, first))).to_contain_text("Correcto.")
    expect(feedback(group(quiz, third))).to_contain_text("Correcto.")


def test_the_course_page_shows_progress_and_downloads_or_clears_it(lesson_page: Page, quiz, questions, browser_name):
    first = questions["que-ve-el-modelo"]
    group(quiz, first).get_by_role("radio", name=right_text(first), exact=True).check()
    check(group(quiz, first))
    lesson_page.get_by_role("navigation", name="Ruta").get_by_role("link", name="Agentes con LLM").click()

    lessons = lesson_page.get_by_role("list").first.get_by_role("listitem")
    bucle = lessons.filter(has=lesson_page.get_by_role("link", name="El bucle"))
    errores = lessons.filter(has=lesson_page.get_by_role("link", name="Los errores como observaciones"))
    expect(bucle).to_contain_text("Visitada, cuestionario: 1 de 5 respuestas correctas, desafío sin resolver.")
    expect(errores).to_contain_text("Sin visitar.")

    progress = lesson_page.get_by_role("region", name="Tu progreso")
    export = progress.get_by_role("link", name="Descargar mi progreso (JSON)")
    expect(export).to_have_attribute("download", "progreso-llm-agents.json")
    if browser_name == "chromium":
        # In Firefox, Playwright 1.64 (WebDriver BiDi) never returns from a click that starts
        # a download: there, the file is read from the link itself.
        with lesson_page.expect_download() as info:
            export.click()
        saved = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
        expect(progress.get_by_role("status")).to_have_text("Se ha descargado tu progreso: progreso-llm-agents.json.")
        # Playwright counts the download's link as a navigation that never ends, and would
        # wait for it at the next click: a new load of the page leaves it behind.
        lesson_page.reload()
    else:
        href = export.get_attribute("href")
        assert href.startswith("data:application/json;charset=utf-8,")
        saved = json.loads(urllib.parse.unquote(href.split(",", 1)[1]))
    assert saved["course"] == "llm-agents"
    assert saved["lessons"]["el-bucle"]["quiz:que-ve-el-modelo"]["answer"] == next(
        o["id"] for o in first["options"] if o["correct"])
    assert saved["lessons"]["el-bucle"]["quiz-score"] == {"right": 1, "total": 5}

    progress.get_by_role("button", name="Borrar mi progreso").click()
    dialog = lesson_page.get_by_role("dialog", name="¿Borrar tu progreso en este curso?")
    expect(dialog.get_by_role("button", name="Cancelar")).to_be_focused()
    lesson_page.keyboard.press("Enter")  # the button in focus: Cancelar
    expect(dialog).to_be_hidden()
    expect(bucle).to_contain_text("Visitada")
    progress.get_by_role("button", name="Borrar mi progreso").click()
    dialog.get_by_role("button", name="Borrar").click()
    expect(progress.get_by_role("status")).to_have_text("Se ha borrado tu progreso en este curso.")
    expect(bucle).to_contain_text("Sin visitar.")
    lesson_page.reload()
    expect(bucle).to_contain_text("Sin visitar.")


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
    view = widget.get_by_role("button", name="Lo que recibe el modelo")
    tab_to(lesson_page, view)
    keys.press("Space")
    expect(view).to_have_attribute("aria-pressed", "true")
    expect(widget.get_by_role("list", name="Lo que recibe el modelo").get_by_role("listitem")).to_have_count(6)

    first = group(quiz, questions["que-ve-el-modelo"])
    choose_with_arrows(lesson_page, first, questions["que-ve-el-modelo"])
    submit(lesson_page, first)

    number = group(quiz, questions["cuantas-llamadas"])
    field = number.get_by_role("textbox", name="Tu respuesta")
    tab_to(lesson_page, field)
    assert_focus_ring(field)
    keys.type("trece")
    keys.press("Enter")
    expect(feedback(number)).to_have_text(questions["cuantas-llamadas"]["hint_not_number"])
    keys.press("Control+a")
    keys.type("5")
    submit(lesson_page, number)

    third = group(quiz, questions["sale-con-texto"])
    choose_with_arrows(lesson_page, third, questions["sale-con-texto"])
    submit(lesson_page, third)

    multi = group(quiz, questions["sabe-en-el-turno-4"])
    for option in questions["sabe-en-el-turno-4"]["options"]:
        checkbox = multi.get_by_role("checkbox", name=option["text"], exact=True)
        tab_to(lesson_page, checkbox)
        if option["correct"]:
            keys.press("Space")
    submit(lesson_page, multi)

    last = group(quiz, questions["nadie-comprueba"])
    choose_with_arrows(lesson_page, last, questions["nadie-comprueba"])
    submit(lesson_page, last)
    expect(quiz).to_contain_text("Respuestas correctas: 5 de 5.")


def test_multi_with_an_option_missing_and_a_wrong_one_says_both_in_one_sentence(quiz, questions):
    question = questions["sabe-en-el-turno-4"]
    box = group(quiz, question)
    right, wrong = multi_parts(question)
    set_checked(box, right[:-1] + wrong[:1])
    check(box)
    expect(feedback(box)).to_contain_text(
        "Incorrecto (se corrige todo o nada): te falta una opción correcta por marcar y has marcado "
        "una opción que no es cierta.")
