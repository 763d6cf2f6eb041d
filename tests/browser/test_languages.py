"""A course's page speaks its course's language only (web/docs/languages.md): every text a
learner sees and every accessible name, in each state a learner reaches, comes from the
catalog of the course's language. On the English fixture course (tests/fixtures/english)
no message of the Spanish catalog shows, and on the Spanish course no message of the
English one: the page's words are the catalogs' messages, so the catalogs are the list of
words to look for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import BrowserContext, Locator, Page, expect

from lessonsite.builder import build_site
from lessonsite.layout import ROOT, Layout
from test_cells import DropsTheModule, broken_site, site_address

ENGLISH = ROOT / "tests" / "fixtures" / "english"
LESSON = "courses/first-steps/basics/"
START = 90_000  # ms: the first run downloads and starts Python

# Every catalog of a language: the page's, and the runtime's and grader's where they exist.
CATALOGS = (ROOT / "web" / "locale", ROOT / "py" / "lessonrt" / "locale")

# Until the grader speaks the course's language (its catalogs in py/lessonrt/locale, and the
# worker told the course's language), what it says of a failed check is Spanish in an English
# course: the one part of the page the states after a failing Check read apart.

# Messages both languages write alike («Python», «MB») say nothing of a page's language; a
# fragment shorter than this would be met inside the author's own words.
SHORTEST = 4


def fragments(catalog_lang: str, other_lang: str) -> set[str]:
    """The fixed words of each message of `catalog_lang`'s catalogs (the text between its
    placeholders and markup) that the same message in `other_lang` does not also say."""

    def read(lang: str):
        messages = {}
        for locale in CATALOGS:
            for path in sorted((locale / lang / "LC_MESSAGES").glob("*.po")):
                with path.open("rb") as file:
                    messages.update({m.id: m.string for m in read_po(file, locale=lang) if m.id})
        return messages

    mine, theirs = read(catalog_lang), read(other_lang)
    found: set[str] = set()
    for key, text in mine.items():
        other = " ".join(theirs.get(key) or ()) if isinstance(text, tuple) else theirs.get(key, "")
        for form in text if isinstance(text, tuple) else (text,):
            for piece in re.split(r"%\(\w+\)[sd]|\{\w+\}|<[^>]+>", form):
                piece = piece.strip(" .,:;…·()±«»“”\u00a0")
                if len(piece) >= SHORTEST and re.search(r"[^\W\d_]{3}", piece) and piece not in other:
                    found.add(piece)
    return found


SPANISH = fragments("es", "en")
ENGLISH_WORDS = fragments("en", "es")

# What the page says, not what the author wrote: the lesson's prose (the blocks of main that
# are not the page's own sections) and code are left out, for an author may quote the other
# language (an English paper's title in a Spanish lesson). Read: every visible text node and
# every element's accessible name given by an attribute, and the title.
AUTHORS = "pre, code, .cm-editor, main.lesson > :not(section, header, nav, .update-note)"

READ_PAGE = """(skip) => {
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip) || !parent.checkVisibility()) continue;
    if (node.textContent.trim()) out.push(node.textContent.trim());
  }
  for (const element of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
    if (element.closest(skip)) continue;
    for (const name of ["aria-label", "title", "alt", "placeholder"]) out.push(element.getAttribute(name) ?? "");
  }
  return out.filter(Boolean).join("\\n");
}"""


def words_of(page: Page) -> str:
    return page.evaluate(READ_PAGE, AUTHORS)


def foreign(text: str, words: set[str]) -> list[str]:
    return sorted(w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text))


def expect_only(page: Page, words: set[str], state: str) -> None:
    found = foreign(words_of(page), words)
    assert not found, f"{state}: words of the other language's catalog: {found}"


@pytest.fixture(scope="session")
def english_site(tmp_path_factory, node_modules) -> Path:
    return build_site(Layout.courses_only(ENGLISH), tmp_path_factory.mktemp("english") / "dist").out


def region(page: Page, name: str) -> Locator:
    return page.get_by_role("region", name=name)


def test_the_english_course_shows_no_spanish_in_any_state(context: BrowserContext, page: Page, serve_site,
                                                          english_site):
    url = serve_site(directory=english_site)
    page.goto(url + LESSON)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect_only(page, SPANISH, "the lesson as it loads")

    # A run that waits in input(), the line given, the run done; then Stop in input().
    cell = region(page, "Cell 1")
    status = cell.get_by_role("status")
    cell.get_by_role("button", name="Run").click()
    field = cell.get_by_role("textbox", name="Input")
    expect(field).to_be_visible(timeout=START)
    expect(status).to_have_text("The cell is waiting for what you type: type it in Input and press Enter.")
    expect_only(page, SPANISH, "input() waiting")
    field.fill("Ada")
    field.press("Enter")
    expect(status).to_have_text("Run finished.")
    expect(cell.get_by_role("log", name="Output")).to_contain_text("Hello, Ada")
    expect_only(page, SPANISH, "after a run")
    cell.get_by_role("button", name="Run").click()
    expect(cell.get_by_role("textbox", name="Input")).to_be_visible()
    cell.get_by_role("button", name="Stop").click()
    expect(status).to_have_text("Run stopped.")
    expect_only(page, SPANISH, "after Stop")

    # Cell 2's code is written inside lesson.md: it runs after Cell 1 (whose question it
    # answers), and its traceback counts the cell's own lines (3, not its line of lesson.md).
    inline = region(page, "Cell 2")
    expect(inline.get_by_role("textbox", name="Code in cell 2")).to_contain_text("twice = 2 * 21")
    inline.get_by_role("button", name="Run").click()
    inline.get_by_role("textbox", name="Input").fill("Ada")
    inline.get_by_role("textbox", name="Input").press("Enter")
    expect(inline.get_by_role("status")).to_have_text("The run ended with an error: it is in the output.")
    shown = inline.get_by_role("log", name="Output").text_content()
    assert "\n2 * 21 = 42\nTraceback (most recent call last):\n" in shown
    assert 'File "<Cell 2>", line 3, in <module>' in shown
    assert shown.rstrip().endswith("ZeroDivisionError: division by zero\nA division (/, // or %) by zero.")

    # Callouts: each a note headed by its kind in the course's language, or by its own title.
    tip = page.get_by_role("note").filter(has_text="Try it in a cell first")
    expect(tip.locator(".callout-title")).to_have_text("Tip")
    expect(tip.locator("code")).to_have_text("print(2 * 21)")
    warning = page.get_by_role("note").filter(has_text="Before you check")
    expect(warning).to_contain_text("The grader calls double with negative numbers too.")
    expect(warning.locator("strong")).to_have_text("negative")

    # The quiz: a wrong answer (its verdict and nudge), then the right one.
    quiz = region(page, "Check your intuition")
    quiz.get_by_role("radio", name="1").check()
    quiz.get_by_role("button", name="Check answer").click()
    expect(quiz.get_by_role("status")).to_contain_text("Wrong.")
    expect(quiz.get_by_role("status")).to_contain_text("Count on your fingers: one, then one more.")
    # What the author wrote in Markdown reads as it would in the prose, never as its marks.
    expect(quiz.get_by_role("status").locator("strong")).to_have_text("one")
    expect_only(page, SPANISH, "a wrong answer")
    quiz.get_by_role("radio", name="2").check()
    quiz.get_by_role("button", name="Check answer").click()
    expect(quiz.get_by_role("status")).to_contain_text("Right.")
    expect(quiz.get_by_role("status")).to_contain_text("That is it.")
    expect(quiz.get_by_role("status")).to_contain_text("1 + 1 is 2 in Python as on paper.")
    expect(quiz.get_by_role("status").locator("code").first).to_have_text("1 + 1")
    expect(quiz.get_by_role("status").locator("em")).to_have_text("it")
    expect_only(page, SPANISH, "a right answer")

    # The challenge: a failing Check, a hint, the course's solution, then a pass.
    challenge = region(page, "Challenge")
    summary = challenge.locator(".challenge-summary")
    challenge.get_by_role("button", name="Check", exact=True).click()
    expect(summary).to_have_text("0 of 2 checks passed", timeout=START)
    expect_only(page, SPANISH, "a failing Check")
    challenge.get_by_role("button", name="Hint").click()
    expect(challenge.get_by_text("Hint 1 of 2:")).to_be_visible()
    expect_only(page, SPANISH, "a hint")
    challenge.get_by_role("button", name="See the course's solution").click()
    page.get_by_role("dialog").get_by_role("button", name="See the solution").click()
    expect(challenge.get_by_text("Your function double", exact=True)).to_be_visible()
    expect_only(page, SPANISH, "the course's solution")
    editor = challenge.get_by_role("textbox", name="Challenge code")
    editor.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text("def double(n):\n    return 2 * n\n")
    challenge.get_by_role("button", name="Check", exact=True).click()
    expect(summary).to_have_text("2 of 2 checks passed", timeout=START)
    expect(challenge.get_by_text("Challenge solved: your code does everything the challenge asks.")).to_be_visible()
    expect_only(page, SPANISH, "a passing Check")

    # The course page, with the progress the lesson left.
    page.goto(url + "courses/first-steps/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_text("1 lesson, about 5 min of reading in all, in this order.")).to_be_visible()
    expect(page.get_by_text("Visited, quiz: 1 of 1 answer right.")).to_be_visible()
    expect_only(page, SPANISH, "the course page")

    # Back in the lesson, a wrong answer again and the answer shown: options that are code
    # are set as code, not quoted as well.
    page.goto(url + LESSON)
    quiz = region(page, "Check your intuition")
    quiz.get_by_role("radio", name="1").check()
    quiz.get_by_role("button", name="Check answer").click()
    quiz.get_by_role("button", name="See the answer").click()
    answer = quiz.locator(".quiz-answer")
    expect(answer.locator(".quiz-verdict")).to_have_text("The answer is 2.")
    expect(answer.locator(".quiz-verdict code")).to_have_text("2")
    expect(answer).to_contain_text("Your answer, 1: One is where you start; 1 + 1 adds one more.")
    expect(answer.locator("strong code")).to_have_text("1")
    expect_only(page, SPANISH, "the answer shown")


@pytest.mark.cold  # a first visit, whose download fails
def test_a_failed_download_is_explained_in_english(page: Page, english_site, js_errors):
    js_errors.allow(r"Python worker|Failed to fetch|Failed to load resource|NetworkError|ERR_EMPTY_RESPONSE")
    with broken_site(english_site, DropsTheModule) as server:
        page.goto(site_address(server) + LESSON)
        expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
        cell = region(page, "Cell 1")
        cell.get_by_role("button", name="Run").click()
        expect(cell.get_by_role("status")).to_have_text(
            "The Python interpreter could not be downloaded. Check the connection and press the button again.",
            timeout=START)
        expect_only(page, SPANISH, "a failed download")


def test_the_spanish_course_shows_no_english(page: Page, site_url):
    page.goto(site_url + "courses/llm-agents/el-bucle/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect_only(page, ENGLISH_WORDS, "the lesson as it loads")
    cell = region(page, "Celda 1")
    cell.get_by_role("button", name="Ejecutar").click()
    expect(cell.get_by_role("status")).to_have_text("Ejecución terminada.", timeout=START)
    expect_only(page, ENGLISH_WORDS, "after a run")
    page.goto(site_url + "courses/llm-agents/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect_only(page, ENGLISH_WORDS, "the course page")


def test_a_front_page_with_courses_in_two_languages_says_each_entry_in_its_own(page: Page, serve_site,
                                                                                english_site):
    """The fixture site has one course in each language: a tie, so the front page's own words
    are its first course's (English), and each course's entry is in the course's language."""
    url = serve_site(directory=english_site)
    page.goto(url + "courses/primeros-pasos/hola/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page).to_have_title("Python lessons")
    expect(page.get_by_role("heading", level=1)).to_have_text("Lessons")
    english = page.get_by_role("region", name="First steps")
    spanish = page.get_by_role("region", name="Primeros pasos")
    expect(english).to_have_attribute("lang", "en")
    expect(spanish).to_have_attribute("lang", "es")
    # The build's words, then those courses.js writes from what the learner did.
    expect(english.get_by_role("listitem")).to_contain_text("5 min read")
    expect(spanish.get_by_role("listitem")).to_contain_text("2 min de lectura")
    expect(english.get_by_role("listitem")).to_contain_text("Not visited.")
    expect(spanish.get_by_role("listitem")).to_contain_text("Visitada.")
    assert foreign(english.inner_text(), SPANISH) == []
    assert foreign(spanish.inner_text(), ENGLISH_WORDS) == []
