"""Static first, editor on demand: the cells and the challenge show the build's code until a
learner reaches for an editor. Held back, the editor's chunk proves that nothing typed before
it mounts is lost, that the caret stays where the learner clicked, that the swap moves
nothing, and that Ejecutar runs a cell whose editor never came."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, Route, expect

from lesson_page import (DONE, START, cell, cell_code, cpython_output, editor, expect_code, open_lesson, output,
                         release)

# Independent tests: they take turns on one warm tab (tests/browser/conftest.py, `page`).
pytestmark = pytest.mark.shared_tab

CHUNK = re.compile(r"/assets/editor-[A-Z0-9]{8}\.js$")
MAIN = re.compile(r"/assets/main-[A-Z0-9]{8}\.js$")

# The viewport rectangle of the character at `offset` in the static code's text.
CHAR_RECT = """([pre, offset]) => {
  const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  for (let node, left = offset; (node = walker.nextNode()); left -= node.length) {
    if (left >= node.length) continue;
    const range = document.createRange();
    range.setStart(node, left);
    range.setEnd(node, left + 1);
    const r = range.getBoundingClientRect();
    return {x: r.left, y: r.top, width: r.width, height: r.height};
  }
  return null;
}"""

VIEW = "section => section.querySelector('.cm-content').cmTile.root.view"


def hold_the_editor(page: Page) -> list[Route]:
    """Keep the editor's chunk from arriving until the test lets it go."""
    held: list[Route] = []
    page.route(CHUNK, lambda route: held.append(route))
    return held


def original(page: Page, key: str) -> str:
    return json.loads(page.locator("#lesson-data").text_content())["cells"][key]["code"]


@pytest.mark.smoke
def test_typing_before_the_editor_mounts_keeps_every_key_and_the_caret(
        page: Page, site_url, lesson_path):
    held = hold_the_editor(page)
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    box = editor(region, 1)
    expect(box).to_have_attribute("contenteditable", "true")  # the build's code, not the editor
    code = original(page, "celda1")
    line = code.splitlines()[4]  # "    motivo = incumple(ll)", in ejecutar's body
    at = code.index(line) + len(line)
    last = box.evaluate(f"""(pre) => {{
      const r = ({CHAR_RECT})([pre, {at - 1}]);
      scrollBy(0, r.y - innerHeight / 2);  // the line in the middle of the window
      return ({CHAR_RECT})([pre, {at - 1}]);
    }}""")
    page.mouse.click(last["x"] + last["width"] + 4, last["y"] + last["height"] / 2)  # past the line's end
    # Fast, as a learner who starts at once: keys the editor binds (Enter indents,
    # Backspace deletes), plain characters, and text that comes without keys.
    page.keyboard.type("  # ", delay=0)
    page.keyboard.press("Backspace")
    page.keyboard.type(" mío", delay=0)
    page.keyboard.press("Enter")
    page.keyboard.insert_text("pass")
    expect(box).to_have_attribute("contenteditable", "true")  # still static: nothing applied yet
    release(page, held)

    typed = "  # mío\n    pass"  # Enter kept the body's indentation
    expected = code[:at] + typed + code[at:]
    expect(region.locator(".cm-editor")).to_be_visible()
    expect_code(box, expected)
    caret = region.evaluate(f"s => ({VIEW})(s).state.selection.main.head")
    assert caret == at + len(typed), "the caret is not after what was typed"
    # The text before the caret is where it was drawn.
    where = region.evaluate(f"s => ({VIEW})(s).coordsAtPos({at - 1})")
    assert abs(where["left"] - last["x"]) < 1 and abs(where["top"] - last["y"]) < 1, (where, last)
    expect(box).to_be_focused()


# The line, counted from 1, of the static code under a pointer's press: what the browser
# showed the learner where they pressed, recorded before the press can change anything.
LINE_UNDER_THE_PRESS = """(pre) => {
  window.__pressedLine = null;
  pre.addEventListener("pointerdown", (event) => {
    const at = document.caretPositionFromPoint
      ? document.caretPositionFromPoint(event.clientX, event.clientY)
      : document.caretRangeFromPoint(event.clientX, event.clientY);
    const node = at.offsetNode ?? at.startContainer, offset = at.offset ?? at.startOffset;
    const range = document.createRange();
    range.setStart(pre, 0);
    range.setEnd(node, offset);
    window.__pressedLine = range.toString().split("\\n").length;
    window.__pressedAt = event.clientY / innerHeight;
  }, {capture: true, once: true});
}"""


def select_the_line_and_type(page: Page) -> None:
    """What the learner did: End, Shift+Home (the line's text, after its indentation), then a
    replacement for it."""
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")
    page.keyboard.type("QQ")


def replaced(code: str, number: int) -> str:
    lines = code.split("\n")
    line = lines[number - 1]
    lines[number - 1] = line[:len(line) - len(line.lstrip())] + "QQ"
    return "\n".join(lines)


@pytest.mark.parametrize("aim", ["a given line and character", "the code element"])
def test_keys_pressed_before_the_editor_mounts_land_on_the_clicked_line(
        page: Page, site_url, lesson_path, aim):
    """A learner clicks a line of a cell's code while the editor is still on its way, selects
    the line's text with End and Shift+Home and types over it: the editor, once here, shows
    the change on that line and no other. The second case presses where a tool aims at the
    code element (its visible middle), as a learner's script or a hasty click would."""
    held = hold_the_editor(page)
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    box = editor(region, 1)
    expect(box).to_have_attribute("contenteditable", "true")  # the build's code, not the editor
    code = original(page, "celda1")
    if aim == "the code element":
        box.evaluate(LINE_UNDER_THE_PRESS)
        region.locator("pre.cell-code code").click()
        number, at = page.evaluate("[__pressedLine, __pressedAt]")
        # Pressed in the code's visible middle, not on its first run of text at the window's edge.
        assert 0.25 < at < 0.75 and 2 < number < code.count("\n"), (number, at)
    else:
        number = next(n for n, line in enumerate(code.split("\n"), 1) if 'M.append(("usuario"' in line)
        at = code.index('M.append(("usuario"') + 3  # inside the line, past its indentation
        where = box.evaluate(f"""(pre) => {{
          const c = ({CHAR_RECT})([pre, {at}]), b = pre.getBoundingClientRect();
          return {{x: c.x - b.x + 1, y: c.y - b.y + c.height / 2}};
        }}""")
        box.click(position=where)
    select_the_line_and_type(page)
    expect(box).to_have_attribute("contenteditable", "true")  # still static: nothing applied yet
    release(page, held)
    expect(region.locator(".cm-editor")).to_be_visible()
    expect_code(box, replaced(code, number))


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True)
def test_on_a_touch_screen_keys_land_on_the_line_tapped_before_the_editor_mounts(
        page: Page, site_url, lesson_path, browser_name):
    held = hold_the_editor(page)
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    box = editor(region, 1)
    code = original(page, "celda1")
    number = next(n for n, line in enumerate(code.split("\n"), 1) if "return" in line)
    at = code.index("return")
    point = box.evaluate(f"""(pre) => {{
      pre.scrollIntoView({{block: "center"}});
      const c = ({CHAR_RECT})([pre, {at + 2}]);
      return {{x: c.x + 1, y: c.y + c.height / 2}};
    }}""")
    # Through WebDriver BiDi, Playwright 1.64 emulates no touch screen in Firefox (tap()
    # dispatches nothing): there, the phone-sized viewport is what is tested.
    if browser_name == "chromium":
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])
    select_the_line_and_type(page)
    release(page, held)
    expect(region.locator(".cm-editor")).to_be_visible()
    expect_code(box, replaced(code, number))

@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844})
def test_on_a_phone_the_code_comes_back_to_its_first_column_after_a_long_line(page: Page, site_url, lesson_path):
    """The editor follows a long line sideways as it is typed; on the next line, whose caret
    shows with the code at its first column, the code goes back there: every line's
    start, its indentation, shows again instead of staying under the line numbers."""
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    box = editor(region, 1)
    box.click()
    expect(region.locator(".cm-editor")).to_be_visible()
    scroller = region.locator(".cm-scroller")
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.type("nota = 'una línea mucho más larga que lo que cabe en la pantalla de un teléfono'")
    expect(scroller).not_to_have_js_property("scrollLeft", 0)  # following the caret, at the line's end
    page.keyboard.press("Enter")
    page.keyboard.type("print(nota)")
    expect(scroller).to_have_js_property("scrollLeft", 0)
    expect(region.get_by_text("print(nota)")).to_be_in_viewport()


@pytest.mark.slow
@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844})
def test_on_a_phone_an_error_brings_the_code_back_to_its_first_column(page: Page, site_url, lesson_path):
    """A run that fails on a long line the learner left the box scrolled to the end of shows
    the lines from their start again: their indentation is often what the error is about."""
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    editor(region, 1).click()
    expect(region.locator(".cm-editor")).to_be_visible()
    scroller = region.locator(".cm-scroller")
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.type("nota = nombre_que_no_existe + 'una línea mucho más larga que lo que cabe en un teléfono'")
    expect(scroller).not_to_have_js_property("scrollLeft", 0)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.locator(".cm-error-line")).to_contain_text("nombre_que_no_existe", timeout=START)
    expect(scroller).to_have_js_property("scrollLeft", 0)


def test_tab_leaves_the_code_and_ctrl_brackets_indent_it(page: Page, site_url, lesson_path):
    """Tab moves through the page as from any text box, before the editor comes and after,
    and never changes the code; Ctrl+] and Ctrl+[ indent and dedent the line."""
    held = hold_the_editor(page)
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 2)
    box = editor(region, 2)
    code = original(page, "celda2")
    ejecutar = region.get_by_role("button", name="Ejecutar")
    box.focus()
    expect(box).to_have_attribute("contenteditable", "true")  # the build's code
    page.keyboard.press("Tab")
    expect(ejecutar).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(box).to_be_focused()
    release(page, held)
    expect(region.locator(".cm-editor")).to_be_visible()
    expect(box).to_be_focused()
    for key in ("Tab", "Shift+Tab", "Tab", "Shift+Tab", "Shift+Tab"):
        page.keyboard.press(key)
    expect(box).not_to_be_focused()
    expect_code(box, code)
    box.click()
    page.keyboard.press("ControlOrMeta+Home")
    page.keyboard.press("Control+BracketRight")
    expect_code(box, "    " + code)
    page.keyboard.press("Control+BracketLeft")
    expect_code(box, code)


def test_the_editor_takes_the_static_codes_place_without_moving_anything(page: Page, site_url, lesson_path):
    """Each box mounts in idle time once it is on screen; nothing on the page moves, and
    the code's first character is drawn where the static code drew it."""
    held = hold_the_editor(page)
    open_lesson(page, site_url + lesson_path)
    places = [cell(page, 1), cell(page, 2), page.get_by_role("region", name="Desafío")]
    parts = ".cell-editor, button, .cell-status, .lesson-nav"

    def layout():  # in page coordinates: scrolling moves nothing
        return page.locator(parts).evaluate_all("""els => els.map((el) => {
          const r = el.getBoundingClientRect();
          return el.getClientRects().length ? [r.x + scrollX, r.y + scrollY, r.width, r.height] : null;
        })""")

    before = layout()
    chars = [place.locator(".cell-code").evaluate(
        f"(pre) => {{ const r = ({CHAR_RECT})([pre, 0]); return [r.x + scrollX, r.y + scrollY]; }}")
        for place in places]
    release(page, held)
    for place, char in zip(places, chars):
        place.locator(".cell-editor").scroll_into_view_if_needed()
        # A cell in view starts Python, and the editor's idle-time loading waits for it.
        expect(place.locator(".cm-editor")).to_be_visible(timeout=START)
        # Two frames: the editor measures itself in the first.
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        where = place.evaluate(f"s => {{ const r = ({VIEW})(s).coordsAtPos(0); return [r.left + scrollX, r.top + scrollY]; }}")
        assert abs(where[0] - char[0]) < 1 and abs(where[1] - char[1]) < 1, (where, char)
    after = layout()
    assert [a is None for a in after] == [b is None for b in before]
    moved = [(a, b) for a, b in zip(after, before) if a and any(abs(x - y) > 0.01 for x, y in zip(a, b))]
    assert not moved, moved


def test_the_pages_script_takes_over_the_code_without_moving_it(page: Page, site_url, lesson_path):
    """Before the page's script has run, each code box is drawn as it will stay until the
    editor comes (line numbers and all): the script taking it over changes neither the
    box's size nor where its code sits in it."""
    held: list[Route] = []
    page.route(MAIN, lambda route: held.append(route))
    page.goto(site_url + lesson_path, wait_until="commit")  # no load event while main.js is held
    places = [cell(page, 1), cell(page, 2), page.get_by_role("region", name="Desafío")]
    for place in places:
        expect(place.locator(".cell-code")).to_be_visible()
    # As first drawn: a layout the test forces does not wait for the style sheet (a clean run
    # once measured the boxes unstyled, 8 px from the window's edge); the first paint does.
    page.wait_for_function("() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint')")

    def drawn():  # each box's size, and its first character's place inside it
        return [place.locator(".cell-editor").evaluate(f"""(box) => {{
          const r = box.getBoundingClientRect(), c = ({CHAR_RECT})([box.querySelector(".cell-code"), 0]);
          return [r.width, r.height, c.x - r.x, c.y - r.y];
        }}""") for place in places]

    before = drawn()
    data = json.loads(page.locator("#lesson-data").text_content())
    codes = [data["cells"]["celda1"]["code"], data["cells"]["celda2"]["code"], data["challenge"]["code"]]
    for place, code in zip(places, codes):
        expect(place.locator(".code-gutter")).to_have_text(
            "\n".join(str(n) for n in range(1, code.count("\n") + 2)))
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    after = drawn()
    moved = [(b, a) for b, a in zip(before, after) if any(abs(x - y) > 0.01 for x, y in zip(b, a))]
    assert not moved, moved


def test_ejecutar_runs_a_cell_whose_editor_never_came(page: Page, site_url, lesson_path):
    held = hold_the_editor(page)  # not let go while the test runs
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(region).text_content() == cpython_output("celda1")
    expect(region.locator(".cm-editor")).to_have_count(0)
    expect(editor(region, 1)).to_have_attribute("contenteditable", "true")
    # A request the route still holds keeps Playwright's handler task waiting for good:
    # neither resetting the shared tab nor unrouting ends it, and once the tab is closed
    # the task is destroyed while pending, which pytest reports in whatever test is running
    # then. So what the route held goes through, and then the route goes.
    for route in held:
        route.continue_()
    page.unroute(CHUNK)


def test_keys_typed_just_before_ejecutar_are_run(page: Page, site_url, lesson_path):
    held = hold_the_editor(page)
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 2)
    editor(region, 2).click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.insert_text('\nprint("al final")\n')
    region.get_by_role("button", name="Ejecutar").click()  # waits for the keys, then runs
    release(page, held)
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(region).text_content() == cpython_output("celda2") + "al final\n"


def test_every_editor_mounts_in_idle_time_once_on_screen(page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    for number in (1, 2):
        region = cell(page, number)
        region.scroll_into_view_if_needed()
        expect(region.locator(".cm-editor")).to_be_visible(timeout=20_000)
        expect_code(editor(region, number), cell_code(f"celda{number}"))
    challenge = page.get_by_role("region", name="Desafío")
    challenge.scroll_into_view_if_needed()
    expect(challenge.locator(".cm-editor")).to_be_visible(timeout=20_000)
    expect(page.locator(".cell-code[role=textbox]")).to_have_count(0)


# The order in which, within `section`, the run's status said it was over and the editor
# mounted: what a MutationObserver saw first.
WATCH_ORDER = """section => {
  window.__order = [];
  const look = () => {
    const said = section.querySelector('.cell-status')?.textContent.includes('terminada');
    if (said && !__order.includes('run over')) __order.push('run over');
    if (section.querySelector('.cm-editor') && !__order.includes('editor')) __order.push('editor');
  };
  new MutationObserver(look).observe(section, {childList: true, subtree: true, characterData: true});
}"""


def test_the_editors_wait_while_python_starts_and_runs(page: Page, site_url, lesson_path):
    """Evaluating the editor beside Python's start slows both: a box on screen waits until the
    run is over before it mounts in idle time."""
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    region.evaluate(WATCH_ORDER)
    # Pressed without scrolling to it, then brought on screen: the box is on screen only
    # while Python starts and runs.
    region.get_by_role("button", name="Ejecutar").dispatch_event("click")
    region.evaluate("section => section.scrollIntoView()")
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    expect(region.locator(".cm-editor")).to_be_visible(timeout=20_000)
    assert page.evaluate("__order") == ["run over", "editor"]
    expect_code(editor(region, 1), cell_code("celda1"))


# How far the code in a box reaches past what the box shows: the static code's scroller,
# or the editor's once it has mounted.
HIDDEN_SIDEWAYS = """section => {
  const scroller = section.querySelector('.cm-scroller') ?? section.querySelector('.cell-editor');
  return scroller.scrollWidth - scroller.clientWidth;
}"""


def test_on_a_wide_screen_a_cells_code_fits_and_on_a_phone_it_scrolls_in_its_box(
        page: Page, site_url, lesson_path):
    held = hold_the_editor(page)
    page.set_viewport_size({"width": 1400, "height": 900})
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    box = editor(region, 1)
    expect(box).to_have_attribute("contenteditable", "true")  # the build's code
    # The longest commented line shows whole: nothing hides behind a sideways scroll.
    assert region.evaluate(HIDDEN_SIDEWAYS) <= 0
    # The code is wider than the prose, and centred on it.
    prose = page.get_by_role("main").get_by_role("paragraph").first.bounding_box()
    code = region.locator(".cell-editor").bounding_box()
    assert code["width"] > prose["width"] + 100, (code, prose)
    centre = lambda r: r["x"] + r["width"] / 2
    assert abs(centre(code) - centre(prose)) < 1, (code, prose)

    release(page, held)
    region.scroll_into_view_if_needed()
    expect(region.locator(".cm-editor")).to_be_visible(timeout=START)  # after Python's start (see above)
    expect_code(box, cell_code("celda1"))
    page.wait_for_function(f"s => ({HIDDEN_SIDEWAYS})(s) <= 0", arg=region.element_handle())

    # On a phone the column is the screen: the code scrolls inside its box, the page never.
    page.set_viewport_size({"width": 375, "height": 740})
    page.wait_for_function(f"s => ({HIDDEN_SIDEWAYS})(s) > 0", arg=region.element_handle())
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths

    # Scrolled sideways, the code slides under the line numbers: a shadow at their edge says
    # the lines go on to the left, and goes when the code is back at its first column.
    gutter = region.locator(".cm-gutters")
    scroller = region.locator(".cm-scroller")
    expect(gutter).to_have_css("box-shadow", "none")
    scroller.evaluate("s => { s.scrollLeft = 40; }")
    expect(gutter).not_to_have_css("box-shadow", "none")
    # Restaurar puts the lesson's code back at its first column: no line starts hidden.
    region.evaluate(f"section => ({VIEW})(section).dispatch({{changes: {{from: 0, insert: '# mío\\n'}}}})")
    scroller.evaluate("s => { s.scrollLeft = 60; }")
    region.get_by_role("button", name="Restaurar").click()
    expect_code(box, cell_code("celda1"))
    assert scroller.evaluate("s => s.scrollLeft") == 0
    expect(gutter).to_have_css("box-shadow", "none")
