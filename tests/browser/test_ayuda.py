"""Help for a learner stuck on «El bucle»'s challenge, in a real browser: «Pista» shows up
only after a failed Comprobar and reveals the lesson's hints one per press, kept across a
reload; «Ver la solución del curso» is offered after a pass, or after the lesson's number of
failed attempts behind a confirmation, and shows the course's bucle beside the learner's
with exactly the lines that differ marked; a solution seen before a pass is noted on the
course page. axe finds nothing serious with the hints and the solution open.

Every test runs in each of the session's browsers (Chromium, and Firefox with
`--browser firefox`), in tabs of the warm context (tests/browser/warm.py).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from test_a11y import axe_source, schemes_to_switch, violations_in_each_scheme  # noqa: F401 (axe_source: a fixture)
from lesson_page import PHONE, ROWS_OF_LINES, expect_readable_on_a_phone
from test_challenge import (GOOD, STARTER, VERDICT, comprobar, expect_not_solved, open_challenge,
                            replace_code, summary)

ROOT = Path(__file__).resolve().parents[2]
LESSON_DIR = ROOT / "web" / "courses" / "llm-agents" / "el-bucle"
HELP = tomllib.loads((LESSON_DIR / "lesson.toml").read_text(encoding="utf-8"))["challenge"]
# What a learner reads: the build turns `code` into code spans, so the backticks go.
HINTS = [hint.replace("`", "") for hint in HELP["hints"]]
AFTER = HELP["solution_after"]
REFERENCE = ROOT / "py" / "courses" / "llm-agents" / "bucle.py"
SEEN_NOTE = "Solución del curso vista antes de resolverlo"


def hint_button(region: Locator) -> Locator:
    return region.get_by_role("button", name="Pista", exact=True)


def solution_button(region: Locator) -> Locator:
    return region.get_by_role("button", name="Ver la solución del curso")


def hints_shown(region: Locator) -> Locator:
    return region.get_by_role("region", name="Pistas").locator(".hint")


def expect_hints(region: Locator, n: int) -> None:
    expect(hints_shown(region)).to_have_count(n)
    for i in range(n):
        expect(hints_shown(region).nth(i)).to_have_text(f"Pista {i + 1} de {len(HINTS)}: {HINTS[i]}")


def function_lines(code: str, name: str = "bucle") -> list[str]:
    """The lines of `def name` in a file, as the learner wrote them (up to the next line at
    column 0 that is not a comment), without trailing blank or comment lines."""
    lines = code.rstrip("\n").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"[^\s#)\]}]", lines[i])), len(lines))
    while end > start + 1 and re.fullmatch(r"\s*|#.*", lines[end - 1]):
        end -= 1
    return lines[start:end]


def bare(line: str) -> str:
    """A line as the page compares it, for the lines these tests write: without its
    comment, the spaces between tokens and a return's redundant parentheses."""
    line = re.sub(r"\s+#[^'\"]*$", "", line).rstrip()
    line = re.sub(r"^(\s*return )\((.*)\)$", r"\1\2", line)
    indent = len(line) - len(line.lstrip())
    return " " * indent + re.sub(r"\s+", "", line)


def lcs(a: list[str], b: list[str]) -> int:
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            table[i][j] = table[i + 1][j + 1] + 1 if a[i] == b[j] else max(table[i + 1][j], table[i][j + 1])
    return table[0][0]


def expect_the_diff_of(page: Page, learner_code: str) -> tuple[list[str], list[str]]:
    """The solution's region shows the learner's bucle on the left and the course's on the
    right, line for line; the lines left unmarked are the same on both sides, in order, and
    as many as the two functions can share: only lines that differ are marked. Returns the
    marked lines (left, right)."""
    solution = page.get_by_role("region", name="Solución del curso")
    expect(solution).to_be_visible()
    expect(solution.get_by_role("heading", name="Solución del curso")).to_be_focused()
    left, right = solution.get_by_role("figure").nth(0), solution.get_by_role("figure").nth(1)
    expect(left).to_contain_text("Tu función bucle")
    expect(right).to_contain_text("La del curso")
    # The note names the columns by their headings: true side by side and stacked on a phone.
    expect(solution.locator(".solution-legend")).to_have_text(
        "Las líneas marcadas son las que cambian: en «Tu función bucle», las que solo tiene tu código; "
        "en «La del curso», las que solo tiene el del curso.")
    # Both sides coloured as code: the learner's `def` is a keyword as much as the course's.
    for side in (left, right):
        expect(side.locator(".diff-line").first.locator(".tok-k").first).to_have_text("def")
    rows = lambda side, css: side.locator(css).evaluate_all("(els) => els.map((e) => e.textContent)")
    mine = function_lines(learner_code)
    course = function_lines(REFERENCE.read_text(encoding="utf-8"))
    assert rows(left, ".diff-line") == mine
    assert rows(right, ".diff-line") == course
    kept_left = [bare(line) for line in rows(left, "span.diff-line")]
    kept_right = [bare(line) for line in rows(right, "span.diff-line")]
    assert kept_left == kept_right
    assert len(kept_left) == lcs([bare(x) for x in mine], [bare(x) for x in course])
    return rows(left, "del.diff-line"), rows(right, "ins.diff-line")


def course_page_note(page: Page, site_url: str, note: str) -> Locator:
    page.goto(site_url + "courses/llm-agents/")
    return page.get_by_role("listitem").filter(has=page.get_by_role("link", name="El bucle")).get_by_text(note)


def test_hints_come_after_a_failed_check_one_per_press_and_survive_a_reload(page: Page, site_url, lesson_path):
    url = site_url + lesson_path
    region = open_challenge(page, url)
    expect(hint_button(region)).to_be_hidden()
    expect(solution_button(region)).to_be_hidden()

    # Code Python cannot compile is no attempt: the grader says why, and no help follows.
    replace_code(page, region, STARTER.replace("def bucle(", "def bucle(:", 1))
    comprobar(region)
    expect(region.get_by_role("listitem").first).to_contain_text("Error de sintaxis")
    expect(hint_button(region)).to_be_hidden()
    replace_code(page, region, STARTER)

    comprobar(region)  # the starter code: its bucle is `...`
    expect_not_solved(region)
    expect(hint_button(region)).to_be_visible()
    # Pista comes before the report of the failed checks, not after its whole length.
    report = region.get_by_role("listitem").first.bounding_box()
    assert hint_button(region).bounding_box()["y"] < report["y"]
    expect_hints(region, 0)
    expect(region.get_by_role("region", name="Pistas").locator("[aria-live=polite]")).to_have_count(1)

    hint_button(region).click()
    expect_hints(region, 1)
    expect(hint_button(region)).to_be_focused()  # the next press is one key away
    page.keyboard.press("Enter")
    expect_hints(region, 2)
    # A new Comprobar folds them under one line: on a phone they pushed its report screens
    # down. A tap opens them again.
    comprobar(region)
    folded = region.get_by_role("region", name="Pistas").get_by_text("Las 2 pistas que ya has visto")
    expect(folded).to_be_visible()
    expect(hints_shown(region).first).to_be_hidden()
    folded.click()
    expect(hints_shown(region).nth(1)).to_be_visible()

    page.reload()
    region = open_challenge(page, url)
    expect_hints(region, 2)
    # Seen before the reload: folded, and Pista opens them with the next.
    expect(hints_shown(region).first).to_be_hidden()
    for n in range(3, len(HINTS) + 1):
        hint_button(region).click()
        expect_hints(region, n)
    # All shown: the button stays where focus is, says so, and adds nothing.
    expect(hint_button(region)).to_have_attribute("aria-disabled", "true")
    expect(hint_button(region)).to_have_accessible_description("Ya has visto todas las pistas")
    expect(hint_button(region)).to_be_focused()
    # ...and looks unavailable: greyed, its text muted, not a dashed empty slot.
    looks = hint_button(region).evaluate("""el => { const p = document.createElement('p');
      p.style.color = 'var(--muted)'; document.body.append(p); const muted = getComputedStyle(p).color; p.remove();
      return [getComputedStyle(el).color === muted, getComputedStyle(el).borderTopStyle]; }""")
    assert looks == [True, "solid"], looks
    page.keyboard.press("Enter")
    expect_hints(region, len(HINTS))
    # Two failures are not enough for the solution (the lesson asks for AFTER), and the page
    # says so in words any screen shows, not only in the button's tooltip.
    expect(solution_button(region)).to_be_hidden()
    expect(region.get_by_text("Ya has visto todas las pistas. La solución del curso se ofrece tras "
                              f"{AFTER} comprobaciones fallidas, y llevas 2.")).to_be_visible()


def test_after_enough_failures_the_solution_asks_first_and_the_course_page_notes_it(
        page: Page, site_url, lesson_path, axe_source, browser_name):
    url = site_url + lesson_path
    region = open_challenge(page, url)
    for attempt in range(1, AFTER + 1):
        expect(solution_button(region)).to_be_hidden()
        comprobar(region)
        expect(summary(region)).to_have_text(VERDICT)
    expect(solution_button(region)).to_be_visible()

    # Asked first; «Seguir intentándolo» leaves nothing shown and nothing noted. On a
    # phone the dialog keeps a margin from each edge of the screen.
    page.set_viewport_size(PHONE)
    solution_button(region).click()
    dialog = page.get_by_role("dialog", name="¿Ver ya la solución del curso?")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_accessible_description(re.compile(r"^Todavía no has superado el desafío\."))
    box = dialog.bounding_box()
    assert box["x"] >= 12 and box["x"] + box["width"] <= PHONE["width"] - 12, box
    expect(dialog.get_by_role("button", name="Seguir intentándolo")).to_be_focused()
    dialog.get_by_role("button", name="Seguir intentándolo").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("region", name="Solución del curso")).to_have_count(0)
    expect(course_page_note(page, site_url, SEEN_NOTE)).to_be_hidden()

    region = open_challenge(page, url)
    hint_button(region).click()
    expect_hints(region, 1)
    solution_button(region).click()
    page.get_by_role("dialog", name="¿Ver ya la solución del curso?").get_by_role(
        "button", name="Ver la solución").click()
    removed, added = expect_the_diff_of(page, STARTER)
    # The starter's bucle is Celda 1's loop: it shares with the course's every line but its
    # two comments, the `while True:` the tope replaces and the return without "fin".
    starter = function_lines(STARTER)
    assert [line.strip() for line in removed] == [starter[i].strip() for i in (1, 2, 4, 9)], removed
    assert len(added) == len(function_lines(REFERENCE.read_text(encoding="utf-8"))) - (len(starter) - 4)
    expect(region.get_by_role("region", name="Solución del curso").locator(".solution-note")).to_have_text(
        HELP["solution_note"].replace("`", ""))
    expect_readable_on_a_phone(page)  # the columns stack, and long lines wrap
    # With a hint and the solution open, axe finds nothing serious in either scheme.
    schemes = schemes_to_switch(browser_name)
    assert violations_in_each_scheme(page, axe_source, schemes) == {scheme: [] for scheme in schemes}

    note = course_page_note(page, site_url, SEEN_NOTE)
    expect(note).to_be_visible()
    expect(page.get_by_role("listitem").filter(has=page.get_by_role("link", name="El bucle"))
           .get_by_text("Desafío resuelto en este navegador")).to_be_hidden()


def test_after_a_pass_the_solution_shows_at_once_beside_the_learners_code(page: Page, site_url, lesson_path):
    url = site_url + lesson_path
    region = open_challenge(page, url)
    replace_code(page, region, GOOD)
    comprobar(region)
    expect(region.get_by_text("Desafío resuelto")).to_be_visible()
    expect(hint_button(region)).to_be_hidden()  # nothing failed: no hints offered
    solution_button(region).click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect_the_diff_of(page, GOOD)

    # The learner edits their code and asks again: the comparison follows the editor.
    # Parentheses around a returned tuple and spaces between tokens change nothing, and
    # are not marked; a new comment line is.
    edited = GOOD.replace('\n    return "tope", None, M', '\n    # devuelvo\n    return ("tope",None, M)', 1)
    assert edited != GOOD
    replace_code(page, region, edited)
    solution_button(region).click()
    removed, added = expect_the_diff_of(page, edited)
    assert "    # devuelvo" in removed
    assert '    return ("tope",None, M)' not in removed and '    return "tope", None, M' not in added
    # A Comprobar takes the comparison away: it showed the code as it was when it was asked for.
    comprobar(region)
    expect(page.get_by_role("region", name="Solución del curso")).to_have_count(0)
    expect(solution_button(region)).to_be_visible()

    # Seen after a pass: the course page shows the solve and no «seen before».
    expect(course_page_note(page, site_url, "Desafío resuelto en este navegador")).to_be_visible()
    expect(page.get_by_role("listitem").filter(has=page.get_by_role("link", name="El bucle"))
           .get_by_text(SEEN_NOTE)).to_be_hidden()


def test_the_course_solution_as_shown_pasted_over_the_learners_function_solves_the_challenge(
        page: Page, site_url):
    # «Los errores como observaciones»: its ejecutar once called a helper the view did not show.
    lesson = ROOT / "web" / "courses" / "llm-agents" / "errores"
    region = open_challenge(page, site_url + "courses/llm-agents/errores/")
    shown = region.locator("template.challenge-solution-code").evaluate(
        "(t) => [...t.content.querySelectorAll('.code-line')].map((l) => l.textContent).join('\\n')")
    starter = (lesson / "desafio.py").read_text(encoding="utf-8")
    lines = function_lines(starter, "ejecutar")
    replace_code(page, region, starter.replace("\n".join(lines), shown, 1))
    comprobar(region)
    expect(region.get_by_text("Desafío resuelto")).to_be_visible()


def test_loading_the_courses_own_function_is_not_called_solved(page: Page, site_url, lesson_path):
    """A learner who loads the course's file that holds the solution, instead of writing the
    function, is told so in the page, and the challenge is not solved."""
    region = open_challenge(page, site_url + lesson_path)
    lines = function_lines(STARTER, "bucle")
    replace_code(page, region, STARTER.replace("\n".join(lines), 'exec(open_url("/courses/llm-agents/bucle.py").read())', 1))
    comprobar(region)
    expect(region.get_by_text(re.compile(r"Tu función bucle no la has escrito tú: es la del curso"))).to_be_visible()
    expect_not_solved(region)


def test_on_a_phone_a_wrapped_line_of_the_solution_goes_on_deeper_than_its_indentation(
        page: Page, site_url, lesson_path):
    # Wrapped rows started at the left edge and read as lines dedented (a new learner's walk).
    page.set_viewport_size(PHONE)
    region = open_challenge(page, site_url + lesson_path)
    replace_code(page, region, GOOD)
    comprobar(region)
    expect(region.get_by_text("Desafío resuelto")).to_be_visible()
    solution_button(region).click()
    solution = page.get_by_role("region", name="Solución del curso")
    expect(solution).to_be_visible()
    lines = solution.locator(".diff-text").evaluate_all(f"(els) => ({ROWS_OF_LINES})(els)")
    wrapped = [line for line in lines if len(line["starts"]) > 1]
    assert wrapped, "no line of the solution wraps on a phone: the test proves nothing"
    for line in wrapped:
        first, *rest = line["starts"]
        assert abs(first) < 0.5, line
        assert all(abs(start - (line["depth"] + 2)) < 0.5 for start in rest), line
