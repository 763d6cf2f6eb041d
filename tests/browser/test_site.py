"""The built site in a real browser: what a reader sees before any Python runs, on any
static host (root or sub-path, with or without isolation headers), on a phone, and that
nothing is ever fetched from another origin."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from lessonsite.render import plain_text
from lessonsite.runtime import read_manifest
from lesson_page import ROWS_OF_LINES, START, replace_code

PYODIDE_CORE = "pyodide.asm.wasm"
COURSE = Path(__file__).resolve().parents[2] / "web" / "courses" / "llm-agents"
COURSE_SLUGS = tomllib.loads((COURSE / "course.toml").read_text(encoding="utf-8"))["lessons"]
COURSE_LESSONS = [tomllib.loads((COURSE / slug / "lesson.toml").read_text(encoding="utf-8")) for slug in COURSE_SLUGS]


def lesson_data(page: Page) -> dict:
    return json.loads(page.locator("#lesson-data").text_content())


def open_ready(page: Page, url: str) -> None:
    """Load a page (goto waits for the load event) and, on a lesson page, wait until
    main.js has handed every region to its module."""
    page.goto(url)
    if page.locator("#lesson-data").count():
        expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")


def test_the_index_lists_the_lessons_in_order_with_minutes_and_summaries(page: Page, site_url, lesson_path):
    open_ready(page, site_url)
    expect(page).to_have_title("Lecciones de Python")
    course = page.get_by_role("region", name="Agentes con LLM")
    items = course.get_by_role("listitem")
    expect(items).to_have_count(len(COURSE_LESSONS))
    for item, lesson in zip(items.all(), COURSE_LESSONS):
        expect(item.get_by_role("link", name=lesson["title"])).to_be_visible()
        expect(item).to_contain_text(f"{lesson['minutes']} min de lectura")
        expect(item).to_contain_text(lesson["summary"])
        # Nothing solved yet on this browser.
        expect(item.get_by_text("Desafío resuelto en este navegador")).to_be_hidden()
    course.get_by_role("link", name="El bucle").click()
    expect(page).to_have_url(site_url + lesson_path)
    expect(page.get_by_role("heading", level=1)).to_have_text("El bucle")


def test_the_course_page_and_the_links_between_lessons(page: Page, site_url):
    first = f"courses/llm-agents/{COURSE_SLUGS[0]}/"
    open_ready(page, site_url + first)
    nav = page.get_by_role("navigation", name="Lecciones del curso")
    expect(nav.get_by_role("link", name=re.compile("^Lección anterior"))).to_have_count(0)  # the first one
    nav.get_by_role("link", name=f"Lección siguiente: {COURSE_LESSONS[1]['title']}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(COURSE_LESSONS[1]["title"])
    nav.get_by_role("link", name=f"Lección anterior: {COURSE_LESSONS[0]['title']}").click()
    expect(page).to_have_url(site_url + first)

    page.get_by_role("navigation", name="Ruta").get_by_role("link", name="Agentes con LLM").click()
    expect(page).to_have_url(site_url + "courses/llm-agents/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Agentes con LLM")
    # The trail starts where the heading does.
    trail = page.get_by_role("navigation", name="Ruta").get_by_role("link", name="Lecciones").bounding_box()
    heading = page.get_by_role("heading", level=1).bounding_box()
    assert abs(trail["x"] - heading["x"]) < 1, (trail, heading)
    total = sum(lesson["minutes"] for lesson in COURSE_LESSONS)
    expect(page.get_by_text(f"{len(COURSE_LESSONS)} lecciones, unos {total} min de lectura")).to_be_visible()
    links = page.get_by_role("main").get_by_role("listitem").get_by_role("link")
    expect(links).to_have_text([lesson["title"] for lesson in COURSE_LESSONS])
    page.get_by_role("link", name="Lecciones", exact=True).click()
    expect(page).to_have_url(site_url)


def test_the_glossary_is_linked_from_the_course_and_a_terms_first_use_reaches_its_definition(page: Page, site_url):
    terms = tomllib.loads((COURSE / "glossary.toml").read_text(encoding="utf-8"))["term"]
    page.goto(site_url + "courses/llm-agents/")
    page.get_by_role("link", name="Glosario del curso").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Glosario de Agentes con LLM")
    expect(page.get_by_role("term")).to_have_count(len(terms))
    page.get_by_role("link", name="Agentes con LLM").click()
    page.get_by_role("main").get_by_role("link", name=COURSE_LESSONS[0]["title"]).click()
    expect(page.get_by_role("navigation", name="Lecciones del curso")
           .get_by_role("link", name="Glosario del curso")).to_be_visible()
    # A learner new to the subject meets API, JSON and the line that opens the cells, with
    # open_url, in the first lesson: each is said in words there, the terms linked to the glossary.
    main = page.get_by_role("main")
    for term, anchor in (("API", "api"), ("JSON", "json")):
        expect(main.get_by_role("link", name=term, exact=True)).to_have_attribute("href", f"../glosario/#{anchor}")
    expect(main.get_by_role("paragraph").filter(has_text="open_url es una función")).to_contain_text(
        "abrir un fichero del curso por su dirección")
    # The first use of «harness» is a link to its entry, which the glossary scrolls to.
    page.get_by_role("main").get_by_role("link", name="harness", exact=True).click()
    expect(page).to_have_url(site_url + "courses/llm-agents/glosario/#harness")
    expect(page.get_by_role("term").filter(has_text=re.compile("^harness$"))).to_be_in_viewport()
    expect(page.get_by_role("definition").filter(has_text="rodea al modelo")).to_be_in_viewport()
    # And back: the entry's lesson opens where it introduces the term, not at its top.
    entry = page.get_by_role("definition").filter(has_text="rodea al modelo")
    entry.get_by_role("link", name=re.compile("En la lección")).click()
    expect(page).to_have_url(re.compile(r"/courses/llm-agents/[^/]+/#term-harness$"))
    introduced = page.get_by_role("main").get_by_role("link", name="harness", exact=True)
    expect(introduced).to_be_in_viewport()
    # With the lines before it in view, not at the very top edge.
    assert introduced.evaluate("a => a.getBoundingClientRect().top / innerHeight") > 0.2


def test_the_lesson_renders_every_region_before_any_python_runs(page: Page, site_url, lesson_path, requests_log):
    open_ready(page, site_url + lesson_path)
    data = lesson_data(page)

    for key, cell in data["cells"].items():
        region = page.get_by_role("region", name=cell["name"])
        expect(region).to_be_visible()
        first_line = cell["code"].splitlines()[0]
        expect(region).to_contain_text(first_line)
        expect(region.get_by_role("button", name="Ejecutar")).to_be_visible()
        expect(region.get_by_role("button", name="Restaurar")).to_be_visible()
        expect(region.get_by_role("button", name="Detener")).to_be_hidden()
        expect(region.get_by_role("log", name="Salida", include_hidden=True)).to_have_count(1)
    assert list(data["cells"]) == ["celda1", "celda2"]

    challenge = page.get_by_role("region", name="Desafío")
    expect(challenge).to_contain_text(data["challenge"]["code"].splitlines()[0])
    expect(challenge.get_by_role("button", name="Comprobar")).to_be_visible()
    expect(challenge.get_by_role("button", name="Restaurar")).to_be_visible()

    quiz = page.get_by_role("region", name="Comprueba tu intuición")
    expect(quiz.get_by_role("group")).to_have_count(len(data["quiz"]))
    for question in data["quiz"]:
        group = quiz.get_by_role("group", name=plain_text(question["prompt"]))
        expect(group).to_be_visible()
        if question["kind"] == "number":
            expect(group.get_by_role("textbox")).to_be_visible()
        else:
            role = "radio" if question["kind"] == "single" else "checkbox"
            expect(group.get_by_role(role)).to_have_count(len(question["options"]))

    widget = page.get_by_role("region", name="Traza del bucle")
    expect(widget.get_by_role("spinbutton", name="Tope")).to_have_value("10")
    for name in ("Avanza", "Retrocede", "Reinicia", "Lo que recibe el modelo"):
        expect(widget.get_by_role("button", name=name)).to_be_visible()

    # Reading must not wait for the interpreter: nothing of Pyodide was fetched.
    assert not [u for u in requests_log.urls if "/pyodide/" in u], requests_log.urls


def test_the_site_works_under_a_sub_path(page: Page, subpath_site_url, lesson_path, requests_log):
    open_ready(page, subpath_site_url)
    page.get_by_role("link", name="El bucle").click()
    expect(page).to_have_url(subpath_site_url + lesson_path)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect(page.get_by_role("region", name="Celda 1")).to_be_visible()
    # The stylesheet applied (the reading column is narrower than the window).
    assert page.evaluate("getComputedStyle(document.querySelector('main')).maxWidth") != "none"
    # The course files resolve against the site root the page declares, not the host's root.
    status = page.evaluate("""async () => {
        const root = new URL(document.querySelector('meta[name="site-root"]').content, location.href);
        return (await fetch(new URL('courses/llm-agents/bucle.py', root))).status;
    }""")
    assert status == 200
    requests_log.assert_all_under(subpath_site_url)


def test_no_request_leaves_the_origin(page: Page, site_url, lesson_path, requests_log):
    open_ready(page, site_url)
    page.get_by_role("link", name="El bucle").click()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    widget = page.get_by_role("region", name="Traza del bucle")
    widget.get_by_role("button", name="Avanza").click()
    expect(widget.get_by_role("button", name="Retrocede")).to_be_enabled()
    requests_log.assert_all_under(site_url)
    assert requests_log.urls, "no request was recorded"


@pytest.mark.slow
@pytest.mark.cold  # a first visit: Pyodide itself is downloaded
def test_running_a_cell_loads_python_from_the_site_only(page: Page, site_url, lesson_path, requests_log,
                                                        built_site):
    # The run's own figures are what this test reads, so Python must start with the click,
    # not when Celda 1 comes into view: from this server the whole download can be over
    # before the click, and the cell then shows only the start's short percentages. Without
    # IntersectionObserver the page starts Python at the first focus in a cell, the click's.
    page.add_init_script("delete window.IntersectionObserver")
    open_ready(page, site_url + lesson_path)
    cell = page.get_by_role("region", name="Celda 1")
    # On a desktop the keys are written under the box (the phone's test: they are not).
    expect(cell.get_by_text("Ctrl+Intro o Mayús+Intro: ejecutar")).to_be_visible()
    # Every text the cell's status shows while Python downloads and starts.
    page.evaluate("""status => {
        window.shown = [];
        new MutationObserver(() => window.shown.push(status.textContent))
            .observe(status, {childList: true, characterData: true, subtree: true});
    }""", cell.get_by_role("status").element_handle())
    # The module is held back until the figure has moved past what the standard library
    # alone accounts for: its bytes are counted only once all of it has arrived, and a
    # figure that stood still for the rest of a slow download read as a hang.
    held = []
    page.context.route(f"**/{PYODIDE_CORE}", lambda route: held.append(route))
    cell.get_by_role("button", name="Ejecutar").click()
    folder = built_site / "pyodide" / "314.0.7"
    stdlib, core = ((folder / name).stat().st_size for name in (read_manifest(built_site)["stdlib"], PYODIDE_CORE))
    share = 100 * stdlib / (stdlib + core)
    page.wait_for_function("""share => window.shown.some(text => {
        const m = /^Descargando Python… (\\d+)\u00a0%$/.exec(text);
        return m && Number(m[1]) > share + 5;
    })""", arg=share, timeout=60_000)
    assert len(held) == 1
    held[0].continue_()
    page.context.unroute(f"**/{PYODIDE_CORE}")
    expect(cell.get_by_role("log", name="Salida")).to_contain_text("lista.txt", timeout=90_000)
    # The download's figure only grows, and ends at all of Pyodide (its module and its
    # standard library). The module's bytes are counted only when all of it has arrived,
    # so its share is estimated meanwhile, from the rate the rest came at: the figure
    # moves while it downloads (a figure that stood still read as a hang).
    figures = [int(m[1]) for text in page.evaluate("window.shown")
               if (m := re.fullmatch(r"Descargando Python… (\d+)\u00a0%", text))]
    assert len(figures) >= 2, page.evaluate("window.shown")
    assert figures == sorted(figures) and figures[-1] == 100, figures
    # From the one shared, versioned folder (a warm spare interpreter may fetch it again).
    cores = {u for u in requests_log.urls if u.endswith("/" + PYODIDE_CORE)}
    assert cores == {site_url + "pyodide/314.0.7/" + PYODIDE_CORE}
    requests_log.assert_all_under(site_url)


def test_serve_makes_the_page_cross_origin_isolated(page: Page, site_url, lesson_path):
    open_ready(page, site_url + lesson_path)
    assert page.evaluate("crossOriginIsolated") is True
    assert page.evaluate("typeof SharedArrayBuffer") == "function"


def test_without_isolation_headers_the_page_is_not_isolated_and_still_works(page: Page, plain_site_url, lesson_path):
    open_ready(page, plain_site_url + lesson_path)
    assert page.evaluate("crossOriginIsolated") is False
    expect(page.get_by_role("region", name="Celda 1").get_by_role("button", name="Ejecutar")).to_be_enabled()


@pytest.mark.browser_context_args(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
@pytest.mark.parametrize("path", ["", "courses/llm-agents/el-bucle/"], ids=["index", "lesson"])
def test_a_phone_never_scrolls_the_page_sideways(page: Page, site_url, path, browser_name):
    open_ready(page, site_url + path)
    widths = page.evaluate("""() => ({
        window: innerWidth,
        viewport: document.documentElement.clientWidth,  // less a scrollbar, where it takes room
        html: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
    })""")
    assert widths["window"] == 375
    assert widths["html"] <= widths["viewport"] and widths["body"] <= widths["viewport"], widths
    # Nothing sticks out of the column: every element ends inside the viewport (code
    # blocks scroll inside themselves, so their boxes still fit).
    overflowing = page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5
                        && !el.closest('pre, .cm-editor, .cell-editor, .cell-output'))
        .map((el) => el.tagName + '.' + el.className + ': ' + (el.textContent || '').slice(0, 40))""")
    assert overflowing == []
    if path:
        # The keys under each box are for a keyboard: a phone (Chromium's emulation: a coarse
        # pointer that cannot hover; Firefox, through BiDi, emulates none) does not show them.
        keys = page.locator(".code-keys").first
        phone = page.evaluate("matchMedia('(pointer: coarse) and (hover: none)').matches")
        assert phone or browser_name != "chromium"
        if not phone:
            expect(keys).to_be_visible()
        else:
            expect(keys).to_be_hidden()
        # So is the key in an error's line note: the note itself shows on both.
        region = page.get_by_role("region", name="Celda 1")
        replace_code(page, region, 1, "print(y)\n")
        region.get_by_role("button", name="Ejecutar").click()
        note = region.locator(".code-error-note")
        expect(note).to_contain_text("Error en la línea 1.", timeout=START)
        if phone:
            expect(note.locator(".code-keys-note")).to_be_hidden()
        else:
            expect(note.locator(".code-keys-note")).to_have_text("Ctrl+G: ir a una línea.")


@pytest.mark.browser_context_args(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
def test_on_a_phone_a_code_block_s_wrapped_line_goes_on_deeper_than_its_own_indentation(page: Page, site_url):
    """The lesson's pseudocode, wrapped on a phone, went on from column 0 and read as code
    whose indentation was broken: each wrapped row now starts two columns deeper than its
    line's own indentation, and the line's first row where the line starts."""
    open_ready(page, site_url + "courses/llm-agents/el-bucle/")
    wrapped = [line for line in page.evaluate(f"() => ({ROWS_OF_LINES})(document.querySelectorAll('main pre code .code-line'))")
               if len(line["starts"]) > 1]
    assert wrapped, "no line of a code block wraps on a phone: the test proves nothing"
    for line in wrapped:
        first, *rest = line["starts"]
        assert abs(first) < 0.5, line
        assert all(abs(start - (line["depth"] + 2)) < 0.5 for start in rest), line


@pytest.mark.browser_context_args(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
def test_on_a_phone_a_short_value_with_a_space_is_never_split(page: Page, site_url):
    """«"t1 "» in the statement broke after its space on a phone, and the space that makes it
    another id went out of sight: short inline code with a space in it keeps to one row."""
    open_ready(page, site_url + "courses/llm-agents/que-es-un-agente/")
    page.get_by_text("Detalles", exact=False).first.click()
    rows = page.evaluate("""() => [...document.querySelectorAll('main p code, main li code')]
        .filter((c) => c.textContent.includes(' ') && c.textContent.length <= 24 && c.offsetParent)
        .map((c) => [c.textContent, new Set([...c.getClientRects()].map((r) => Math.round(r.top))).size])""")
    assert ['"t1 "', 1] in rows, rows
    assert all(n == 1 for _, n in rows), [text for text, n in rows if n != 1]
