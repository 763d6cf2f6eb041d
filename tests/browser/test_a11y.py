"""Accessibility. axe-core (pinned in package.json, read from node_modules and evaluated in
the page by the test, never served by the site) finds no serious or critical violation on
the index, nor on the lesson before Python runs, after cell 1 has run and after the quiz,
the widget and the challenge have been used, in the light scheme and in the dark one (the
page follows `prefers-color-scheme`; Firefox, whose scheme is fixed at launch, checks the
dark page before Python, Chromium at every moment). In both, the text, the build's
highlighted code and the editor read at 4.5:1 or more. And the cells and the challenge can
be done with the keyboard alone (test_quiz does the widget and the quiz)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserType, Locator, Page, expect

from words import SPANISH
from lesson_page import (DONE, ROOT, START, cell, cell_code, cpython_output, editor, editor_code, ejecutar_and_wait,
                         expect_code, open_lesson, output, replace_code)

GOOD = (ROOT / "web" / "courses" / "llm-agents" / "el-bucle" / "corpus" / "accept" / "for_range.py").read_text(encoding="utf-8")
VERDICT = SPANISH.verdict()  # any grade's summary, a repeated report's included

# Firefox's own setting for the scheme pages see: 0 is dark.
FIREFOX_DARK = {"layout.css.prefers-color-scheme.content-override": 0}


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest) -> str:
    """The system theme of the reader the test stands for."""
    return request.param


@pytest.fixture(scope="module")
def dark_firefox(browser_type: BrowserType, browser_type_launch_args: dict) -> Browser:
    """A Firefox whose pages prefer the dark scheme. Playwright cannot emulate the scheme
    in Firefox through WebDriver BiDi (emulate_media changes nothing there), so the
    preference is set at launch instead."""
    browser = browser_type.launch(**browser_type_launch_args, firefox_user_prefs=FIREFOX_DARK)
    yield browser
    browser.close()


@pytest.fixture
def page_in_scheme(request: pytest.FixtureRequest, scheme: str, browser_name: str, browser_context_args: dict,
                   js_errors) -> Page:
    """A tab that prefers `scheme`: the warm `page` with the scheme emulated, or in Firefox
    a tab of `dark_firefox` for the dark one, watched for JavaScript errors all the same.
    That context is seeded with the session's snapshot: the editor mounts once Python has
    started, which from the snapshot takes a second where a full start takes ten or more."""
    if browser_name == "firefox" and scheme == "dark":
        context = request.getfixturevalue("dark_firefox").new_context(**browser_context_args,
                                                                         service_workers="block")
        request.getfixturevalue("warm").seed(context, request.getfixturevalue("site_url"))
        page = context.new_page()
        js_errors.watch(page)
        yield page
        context.close()
        return
    page: Page = request.getfixturevalue("page")
    page.emulate_media(color_scheme=scheme)
    yield page


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


def test_the_index_and_the_glossary_have_no_serious_violation(page_in_scheme: Page, site_url: str, axe_source: str):
    page = page_in_scheme
    page.goto(site_url)
    expect(page.get_by_role("link", name="El bucle")).to_be_visible()
    assert serious_violations(page, axe_source) == []
    page.goto(site_url + "courses/llm-agents/glosario/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Glosario de Agentes con LLM")
    assert serious_violations(page, axe_source) == []


def schemes_to_switch(browser_name: str) -> tuple[str, ...]:
    """The schemes a test can switch one open tab between: both in Chromium, which emulates
    the preference; in Firefox only the light one its `page` has (see dark_firefox)."""
    return ("light", "dark") if browser_name == "chromium" else ("light",)


def violations_in_each_scheme(page: Page, axe_source: str, schemes: tuple[str, ...]) -> dict[str, list[str]]:
    """serious_violations in each scheme, the page left in the light one."""
    found = {}
    for scheme in schemes:
        page.emulate_media(color_scheme=scheme)
        found[scheme] = serious_violations(page, axe_source)
    page.emulate_media(color_scheme="light")
    return found


@pytest.mark.slow
def test_after_python_the_widget_the_quiz_and_the_challenge_there_is_no_serious_violation(
        page: Page, site_url, lesson_path, axe_source: str, browser_name: str):
    """What Python and the learner add to the page (the output, the widget's steps, the
    quiz's answers, the challenge's verdict), checked in each scheme on one tab. The dark
    scheme's rules are CSS media queries that both engines apply alike; in Firefox, which
    cannot switch a tab's scheme, the dark page is checked before Python (below)."""
    schemes = schemes_to_switch(browser_name)
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(region).text_content() == cpython_output("celda1")
    assert violations_in_each_scheme(page, axe_source, schemes) == {s: [] for s in schemes}, "after cell 1 ran"

    widget = page.get_by_role("region", name="Traza del bucle")
    widget.get_by_role("button", name="Lo que recibe el modelo").click()
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
    assert violations_in_each_scheme(page, axe_source, schemes) == {s: [] for s in schemes}, \
        "after the widget, the quiz and the challenge"


# --------------------------------------------------------------------------- colours

# The colour `el`'s text is drawn in and the colour behind it, both [r, g, b, alpha] as
# computed. Behind it: the backgrounds of it and its ancestors, from the first opaque one
# up to it, laid over each other (the editor's line being edited is translucent).
COLOURS = """el => {
  const rgba = (css) => {
    const [r, g, b, a = 1] = css.match(/[\\d.]+/g).map(Number);
    return [r, g, b, a];
  };
  const layers = [];
  for (let box = el; box; box = box.parentElement) {
    const colour = rgba(getComputedStyle(box).backgroundColor);
    if (colour[3] > 0) layers.unshift(colour);
    if (colour[3] === 1) break;
  }
  const back = layers.reduce((under, [r, g, b, a]) =>
    [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a), 1], [255, 255, 255, 1]);
  return {text: rgba(getComputedStyle(el).color), back};
}"""


def luminance(rgb) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(element: Locator) -> float:
    """The contrast ratio of `element`'s text against what is behind it."""
    colours = element.evaluate(COLOURS)
    assert colours["text"][3] == 1, colours  # opaque text: nothing to blend
    light, dark = sorted((luminance(colours["text"]), luminance(colours["back"])), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_lesson_before_python_has_no_serious_violation_and_its_text_and_code_read_well(
        page_in_scheme: Page, site_url, lesson_path, scheme: str, axe_source: str):
    page = page_in_scheme
    open_lesson(page, site_url + lesson_path)
    assert serious_violations(page, axe_source) == [], "on load"
    body = page.locator("body").evaluate(COLOURS)
    text, back = luminance(body["text"]), luminance(body["back"])
    # The page takes the reader's scheme: light text on a dark page, or the other way round.
    assert (back < 0.05 and text > 0.6) if scheme == "dark" else (back > 0.9 and text < 0.05), body
    assert contrast(page.get_by_role("main").get_by_role("paragraph").first) >= 4.5

    region = cell(page, 1)
    # The build's highlighting, before the editor: one token of each kind the cell has.
    static = region.locator(".cell-code")
    kinds = static.locator("span[class^=tok-]").evaluate_all(
        "spans => [...new Set(spans.map((s) => s.className))]")
    assert {"tok-k", "tok-c1", "tok-s2"} <= set(kinds), kinds
    for kind in kinds:
        token = static.locator(f"span.{kind}").first
        assert contrast(token) >= 4.5, (kind, token.text_content())

    # The editor, once it has taken the static code's place: its plain text, every kind
    # of token it colours, on a plain line and on the line being edited, and the line
    # numbers.
    region.scroll_into_view_if_needed()
    expect(region.locator(".cm-editor")).to_be_visible(timeout=20_000)
    code = editor(region, 1)
    # The caret on line 2, the line being edited, placed by keys: the editor draws only
    # the lines near the screen, so "the second line drawn" need not be line 2, and
    # Ctrl+Home scrolls the cell's first lines into view, where they are drawn.
    code.click()
    page.keyboard.press("ControlOrMeta+Home")
    page.keyboard.press("ArrowDown")
    expect(code.locator(".cm-activeLine")).to_have_text(cell_code("celda1").splitlines()[1])
    for line in (".cm-line:not(.cm-activeLine)", ".cm-activeLine"):
        assert contrast(code.locator(line).first) >= 4.5, line
    spans = code.locator(".cm-line span")
    kinds_of = """spans => spans.map((s) => s.className + (s.closest('.cm-activeLine') ? ' on' : ''))
        .map((kind, i, all) => all.indexOf(kind) === i ? i : -1).filter((i) => i >= 0)"""
    # The editor colours the code once its language has loaded and its parser, which works
    # in slices of idle time, has reached the lines drawn: on a busy machine that is after
    # the caret is placed. Wait for the colours, then read them.
    code.evaluate(f"""(el) => new Promise((done) => {{
        const until = performance.now() + 20000;
        const look = () => ({kinds_of})([...el.querySelectorAll('.cm-line span')]).length >= 5
            || performance.now() > until ? done() : setTimeout(look, 50);
        look(); }})""")
    firsts = spans.evaluate_all(kinds_of)
    assert len(firsts) >= 5, "the editor coloured too few kinds of token"
    for index in firsts:
        assert contrast(spans.nth(index)) >= 4.5, spans.nth(index).text_content()
    numbers = region.locator(".cm-lineNumbers")
    expect(numbers.locator(".cm-activeLineGutter")).to_have_text("2")
    for number in ("2", "3"):  # the line being edited, and the next one
        assert contrast(numbers.get_by_text(number, exact=True)) >= 4.5, number


# --------------------------------------------------------------------------- keyboard

def tab_to(page: Page, target: Locator, limit: int = 80, key: str = "Tab") -> None:
    """Press Tab (or `key`, e.g. Shift+Tab) until `target` has focus. Tab leaves the
    editors as it leaves any text box, and never changes the code."""
    for _ in range(limit):
        if target.evaluate("el => el === document.activeElement"):
            return
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
    # Under the box, and in its description: how to run it, leave it and indent in it.
    expect(code).to_have_accessible_description(
        "Ctrl+Intro o Mayús+Intro: ejecutar. Tab: salir del código. Sangría: Intro la pone; "
        "Ctrl+] y Ctrl+[ la añaden y la quitan. Ctrl+G: ir a una línea. Ctrl+Mayús+L: decir la línea y la columna.")
    expect(region.get_by_text("Mayús+Intro: ejecutar.")).to_be_visible()
    # Tab leaves at once, Shift+Tab comes back, and neither touches the code.
    ejecutar = region.get_by_role("button", name="Ejecutar")
    keys.press("Tab")
    expect(ejecutar).to_be_focused()
    keys.press("Shift+Tab")
    expect(code).to_be_focused()
    for key in ("Tab", "Shift+Tab", "Tab", "Shift+Tab"):
        keys.press(key)
    expect(code).to_be_focused()
    expect(region.locator(".cm-editor")).to_be_visible()
    expect_code(code, cell_code("celda1"))

    keys.press("ControlOrMeta+End")
    keys.press("Enter")
    keys.type('print("desde el teclado")')
    keys.press("Shift+Enter")  # runs, as in a notebook: no new line
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(region).text_content() == cpython_output("celda1") + "desde el teclado\n"
    assert editor_code(code).endswith('print("desde el teclado")'), editor_code(code)
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
    expect(box).to_have_accessible_description(re.compile(r"^Ctrl\+Intro o Mayús\+Intro: comprobar\. "))
    keys.press("ControlOrMeta+a")
    keys.press("Backspace")
    keys.insert_text(GOOD)
    keys.press("Shift+Enter")  # Comprobar
    solved = re.compile(r"^(\d+) de \1 pruebas superadas$")
    expect(challenge.get_by_role("status")).to_have_text(solved, timeout=START)
    expect_code(box, GOOD)
    comprobar = challenge.get_by_role("button", name="Comprobar")
    tab_to(page, comprobar)
    keys.press("Enter")
    expect(challenge.get_by_role("status")).to_have_text(solved, timeout=START)
    expect(challenge.get_by_text("Desafío resuelto")).to_be_visible()
    expect(comprobar).to_be_focused()


# --------------------------------------------------------------------------- what is heard

# Every announcement a screen reader would make, in the order made: each time nodes or text
# are added inside a live region (aria-live other than off, or a role that is live unless
# told off), that region's text as it then reads. An upper bound: a region that is not
# atomic reads only what changed.
HEARD = """(() => {
  const heard = window.__heard = [];
  const listen = () => {
  const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"]:not([aria-live]), ' +
    '[role="log"]:not([aria-live]), [role="alert"]:not([aria-live])';
  new MutationObserver((records) => {
    const regions = new Set();
    for (const r of records) {
      if (r.type === "childList" && !r.addedNodes.length) continue;
      const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const region = node?.closest(LIVE);
      if (region) regions.add(region);
    }
    for (const region of regions) {
      const text = region.textContent.replace(/\\s+/g, " ").trim();
      if (text) heard.push(text);
    }
  }).observe(document, { childList: true, characterData: true, subtree: true });
  };
  // From the parsed page on: what the page loads with is not announced.
  document.addEventListener("DOMContentLoaded", listen);
})();"""


def heard(page: Page) -> list[str]:
    return page.evaluate("window.__heard.splice(0)")


def expect_heard(page: Page, pattern: str) -> list[str]:
    """Wait until an announcement matches `pattern`; return what was heard until then."""
    page.wait_for_function("(p) => window.__heard.some((t) => new RegExp(p).test(t))", arg=pattern,
                           timeout=START)
    return heard(page)


@pytest.mark.slow
def test_a_listener_hears_each_end_once_and_can_find_the_line_an_error_cites(page: Page, site_url, lesson_path,
                                                                             axe_source: str, browser_name: str):
    """A thousand printed lines are one short sentence; Python starting and the status
    lines' steps are not read out; an error says its line, which the editor marks and its
    description names, Ctrl+G goes to and Ctrl+Mayús+L says; the widget says a step once;
    a solve is heard with its banner, and each check's mark is a word and its title a
    heading."""
    page.add_init_script(HEARD)
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, "for i in range(1000):\n    print('línea', i)\n")
    assert heard(page) == ["Selección borrada"]  # the editor's own word for the key pressed
    ejecutar_and_wait(region)
    said = heard(page)
    assert said == ["Terminado: 1000 líneas de salida."], said
    # The box followed the lines while they came, and a run that ended well is then read
    # from its first line.
    log = region.get_by_role("log", name="Salida")
    assert log.evaluate("pre => pre.scrollTop") == 0
    assert log.evaluate("pre => pre.scrollHeight > pre.clientHeight")

    code = editor(region, 1)
    replace_code(page, region, 1, "x = 1\nprint(y)\n")
    heard(page)
    ejecutar_and_wait(region, re.compile("^La ejecución terminó con un error"))
    # The error as Python names it, then what it means in the course's language.
    error = ("Error en la línea 2: NameError: name 'y' is not defined Python no conoce el nombre «y»: "
             "puede que esté mal escrito (las mayúsculas cuentan) o que se use antes de que se "
             "ejecute la línea que lo define.")
    said = heard(page)
    assert said == [error], said
    # An error whose message runs over several lines is heard by its first: the one that
    # names it, not the message's last line.
    replace_code(page, region, 1, "raise ValueError('turno 2: falta el mensaje 3\\nesperaba: usuario')\n")
    heard(page)
    ejecutar_and_wait(region, re.compile("^La ejecución terminó con un error"))
    said = heard(page)
    assert said == ["Error en la línea 1: ValueError: turno 2: falta el mensaje 3"], said
    replace_code(page, region, 1, "x = 1\nprint(y)\n")
    heard(page)
    ejecutar_and_wait(region, re.compile("^La ejecución terminó con un error"))
    heard(page)
    expect(region.locator(".cm-error-line")).to_have_text("print(y)")
    expect(code).to_have_accessible_description(re.compile(r"Error en la línea 2\. Ctrl\+G: ir a una línea\.$"))
    code.click()
    page.keyboard.press("ControlOrMeta+Home")
    page.keyboard.press("Control+g")
    goto = region.get_by_role("textbox", name="Ir a la línea")
    expect(goto).to_be_focused()
    # The marked line and the go-to box, in each scheme, and where colours are the system's
    # (Chromium only: Firefox, driven through WebDriver BiDi, emulates neither).
    schemes = schemes_to_switch(browser_name)
    assert violations_in_each_scheme(page, axe_source, schemes) == {s: [] for s in schemes}
    if browser_name == "chromium":
        page.emulate_media(forced_colors="active")
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        assert serious_violations(page, axe_source) == [], "forced colours"
        page.emulate_media(forced_colors="none")
    goto.fill("2")
    goto.press("Enter")
    expect(code).to_be_focused()
    page.keyboard.press("Control+Shift+L")
    expect_heard(page, r"^Línea 2 de 3, columna 1\.$")
    page.keyboard.press("End")
    page.keyboard.press("Control+Shift+L")
    assert expect_heard(page, r"^Línea 2 de 3, columna 9\.$")
    page.keyboard.type(" ")  # an edit takes the mark away
    expect(region.locator(".cm-error-line")).to_have_count(0)
    expect(code).to_have_accessible_description(re.compile(r"columna\.$"))

    widget = page.get_by_role("region", name="Traza del bucle")
    widget.get_by_role("button", name="Avanza").click()
    expect(widget.get_by_role("status")).to_contain_text("Turno 1")
    view = widget.get_by_role("button", name="Lo que recibe el modelo")
    view.click()
    view.click()
    said = heard(page)
    assert len(said) == 1 and said[0].startswith("Turno 1"), said

    challenge = page.get_by_role("region", name="Desafío")
    box = challenge.get_by_role("textbox", name="Código del desafío")
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(GOOD)
    heard(page)
    challenge.get_by_role("button", name="Comprobar").click()
    expect(challenge.get_by_role("status")).to_have_text(VERDICT, timeout=START)
    said = expect_heard(page, "^Desafío resuelto")
    assert len(said) == 1 and len(said[0]) < 200, said
    checks = challenge.get_by_role("heading", name=re.compile(r": superada$"))
    expect(checks.first).to_be_visible()
    assert checks.count() == int(challenge.get_by_role("status").text_content().split()[0])
    expect(challenge.get_by_role("heading", name=re.compile(r": no superada$"))).to_have_count(0)
    # Nothing else was said: no «Python está listo.», no download, no verdict twice.
    assert heard(page) == []
