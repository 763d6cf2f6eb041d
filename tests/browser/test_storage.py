"""Storage that is disabled or full (web/src/storage.js): the lesson works all the same
(a cell runs, the quiz answers, the challenge grades and is solved), and the page says,
in Spanish, that work will not be kept; and it is true: after a reload, the code and the
answers are gone. No JavaScript error on the way (the `js_errors` fixture).

The browser's storage is broken by an init script that runs before the page's own:
- "disabled": reading `localStorage` throws SecurityError, as with cookies blocked;
- "full": every `setItem` throws QuotaExceededError, as with a full quota.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from lessonsite.render import shown_code
from lesson_page import (DONE, NOT_KEPT, ROOT, START, cell, cell_code, cpython_output, editor, expect_code,
                         open_lesson, output, replace_code)

GOOD = (ROOT / "web" / "courses" / "llm-agents" / "el-bucle" / "corpus" / "accept" / "for_range.py").read_text(encoding="utf-8")
SOLVED = re.compile(r"^(\d+) de \1 pruebas superadas$")
STARTER = shown_code(ROOT / "web" / "courses" / "llm-agents" / "el-bucle" / "desafio.py")

BREAK = {
    "disabled": """
        for (const target of [globalThis, Window.prototype]) {
          Object.defineProperty(target, "localStorage", {
            configurable: true,
            get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
          });
        }
    """,
    "full": """
        Storage.prototype.setItem = function () {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        };
    """,
}


def browser_for(params: dict) -> str | None:
    """A break is an init script, the same in any engine, and what the page does about it is
    the page's code: each break goes through one engine, both engines used."""
    return {"disabled": "chromium", "full": "firefox"}.get(params.get("broken"))


@pytest.fixture(params=sorted(BREAK))
def broken(request, context: BrowserContext) -> str:
    context.add_init_script(BREAK[request.param])
    return request.param


def test_the_break_is_in_place(broken: str, page: Page, site_url: str, lesson_path: str):
    """The init scripts do break storage the way the page will meet it."""
    open_lesson(page, site_url + lesson_path)
    thrown = page.evaluate("""() => {
        try { localStorage.setItem("x", "1"); return null; } catch (error) { return error.name; }
    }""")
    assert thrown == {"disabled": "SecurityError", "full": "QuotaExceededError"}[broken]


@pytest.mark.slow
def test_the_lesson_works_and_says_work_will_not_be_kept(broken: str, page: Page, site_url: str,
                                                         lesson_path: str):
    open_lesson(page, site_url + lesson_path)
    note = page.get_by_role("note").filter(has_text=NOT_KEPT)
    expect(note).to_be_visible()
    expect(note).to_have_count(1)

    quiz = page.get_by_role("region", name="Comprueba tu intuición")
    question = quiz.get_by_role("group").first
    question.get_by_role("radio").first.check()
    question.get_by_role("button", name="Comprobar respuesta").click()
    expect(question.get_by_role("status")).to_contain_text(re.compile("Correcto|Incorrecto"))

    region = cell(page, 1)
    added = 'print("sin guardar")'
    replace_code(page, region, 1, cell_code("celda1") + "\n" + added)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(region).text_content() == cpython_output("celda1") + "sin guardar\n"

    challenge = page.get_by_role("region", name="Desafío")
    box = challenge.get_by_role("textbox", name="Código del desafío")
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(GOOD)
    expect_code(box, GOOD)
    challenge.get_by_role("button", name="Comprobar").click()
    expect(challenge.get_by_role("status")).to_have_text(SOLVED, timeout=START)
    solved = challenge.get_by_text("Desafío resuelto")
    expect(solved).to_be_visible()
    # Not the usual promise that the code stays in this browser: it does not.
    expect(solved).to_contain_text("Este navegador no deja guardarlo")
    expect(solved).not_to_contain_text("queda guardado")

    # What the note said is what happens: a reload starts afresh, and says so again.
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect(page.get_by_role("note").filter(has_text=NOT_KEPT)).to_be_visible()
    expect_code(editor(cell(page, 1), 1), cell_code("celda1"))
    expect_code(challenge.get_by_role("textbox", name="Código del desafío"), STARTER)
    expect(challenge.get_by_text("Desafío resuelto")).to_be_hidden()
    # Firefox may tick the radio again by itself (it restores form fields on reload), but
    # the page has kept nothing: no answer was checked.
    expect(question.get_by_role("status")).to_be_empty()


def test_working_storage_shows_no_note(page: Page, site_url: str, lesson_path: str):
    open_lesson(page, site_url + lesson_path)
    expect(cell(page, 1)).to_be_visible()
    expect(page.get_by_role("note").filter(has_text=NOT_KEPT)).to_have_count(0)


# A storage with little room left, as on a shared origin: every write that would take the
# site's keys past `__quota` characters fails as a full quota does. No quota until the test
# sets one, so the page opens with working storage and meets the full one mid-visit.
QUOTA = """
    const realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (this === globalThis.localStorage && globalThis.__quota !== undefined) {
        let used = 0;
        for (let i = 0; i < this.length; i++) {
          const other = this.key(i);
          if (other !== key) used += other.length + this.getItem(other).length;
        }
        if (used + key.length + String(value).length > globalThis.__quota) {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        }
      }
      return realSetItem.call(this, key, value);
    };
"""
FULL_NOW = re.compile(r"sin sitio para guardar: lo último que has cambiado se perderá si recargas")


def test_storage_that_fills_mid_visit_says_so_keeps_what_fits_and_saves_again_once_there_is_room(
        context: BrowserContext, page: Page, site_url: str, lesson_path: str):
    context.add_init_script(QUOTA)
    open_lesson(page, site_url + lesson_path)
    note = page.get_by_role("status").filter(has_text=FULL_NOW)
    expect(note).to_have_count(0)
    # About 1.5 KB left: a long edit does not fit.
    page.evaluate("""() => {
        let used = 0;
        for (let i = 0; i < localStorage.length; i++) used += localStorage.key(i).length + localStorage.getItem(localStorage.key(i)).length;
        globalThis.__quota = used + 1500;
    }""")
    region = cell(page, 1)
    long_line = "# " + "una nota muy larga " * 150
    edited = cell_code("celda1") + "\n" + long_line
    replace_code(page, region, 1, edited)
    expect(note).to_be_visible()

    # One failed write does not turn off the saves that fit: a quiz answer is kept.
    quiz = page.get_by_role("region", name="Comprueba tu intuición")
    question = quiz.get_by_role("group").first
    question.get_by_role("radio").first.check()
    question.get_by_role("button", name="Comprobar respuesta").click()
    expect(question.get_by_role("status")).to_contain_text(re.compile("Correcto|Incorrecto"))
    answered = question.get_by_role("status").text_content()

    # Room again (another tab cleared its own): the next save writes the code that waited.
    page.evaluate("() => { globalThis.__quota = undefined; }")
    box = editor(region, 1)
    box.click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("!")
    expect(note).to_have_count(0)

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect_code(editor(cell(page, 1), 1), edited + "!")
    expect(question.get_by_role("status")).to_have_text(answered)
