"""The loop-trace widget, driven the way a learner drives it: by its buttons, its
spin button and the keyboard. Everything it shows comes from the build's trace."""

import re

import pytest
from playwright.sync_api import Page, Route, expect

from lesson_page import release

# Independent tests: they take turns on one warm tab (tests/browser/conftest.py, `page`).
pytestmark = pytest.mark.shared_tab

SCRIPT = re.compile(r"/assets/widget-traza-[A-Z0-9]{8}\.js$")

# The widget as a list of lines: each element with its attributes, each text. Only the
# build's line breaks between elements are left out: the script never makes any.
DRAWN = """(root) => {
  const out = [];
  const walk = (node, depth) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE && !/^\\s*\\n\\s*$/.test(child.data)) {
        out.push(`${depth} "${child.data}"`);
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const attributes = [...child.attributes].map((a) => `${a.name}=${a.value}`).sort();
        out.push(`${depth} <${child.localName} ${attributes.join(" ")}>`);
        walk(child, depth + 1);
      }
    }
  };
  walk(root, 0);
  return out;
}"""

@pytest.fixture
def widget(lesson_page):
    return lesson_page.get_by_role("region", name="Traza del bucle")


def set_tope(widget, value):
    # Clear first: Firefox's fill() on a number input appends to what is there.
    tope = widget.get_by_role("spinbutton", name="Tope")
    tope.clear()
    tope.fill(value)
    return tope


def m_list(widget):
    return widget.get_by_role("list", name="M, la lista de mensajes")


def seen_list(widget):
    return widget.get_by_role("list", name="Lo que recibe el modelo")


def files_list(widget):
    return widget.get_by_role("list", name="Entorno")


def test_the_build_draws_the_first_step_the_script_would_draw(page: Page, site_url, lesson_path):
    """Before its script has run, the widget already shows where the run starts, exactly as
    the script then draws it: nothing on the page moves when it takes over."""
    held: list[Route] = []
    page.route(SCRIPT, lambda route: held.append(route))
    page.goto(site_url + lesson_path, wait_until="commit")  # no load event while the script is held
    page.wait_for_function("() => [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)")
    widget = page.get_by_role("region", name="Traza del bucle")
    expect(widget.get_by_role("status")).to_have_text(
        "Inicio, tope 10: M tiene 2 mensajes, el del sistema y el del usuario. Aún no se ha llamado al modelo.")
    expect(m_list(widget).get_by_role("listitem")).to_have_count(2)
    expect(files_list(widget).get_by_role("listitem")).to_have_count(4)
    expect(widget.get_by_role("spinbutton", name="Tope")).to_have_value("10")

    def place():  # the widget's box, and where what follows it starts
        return widget.evaluate("(w) => { const r = w.getBoundingClientRect(); "
                               "return [r.x, r.y, r.width, r.height, w.nextElementSibling.getBoundingClientRect().y]; }")

    before, drawn = place(), widget.evaluate(DRAWN)
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    assert widget.evaluate(DRAWN) == drawn
    assert place() == before
    widget.get_by_role("button", name="Avanza").click()  # and it is the script's now
    expect(widget.get_by_role("status")).to_contain_text("Turno 1, tope 10")


def test_it_starts_before_the_first_call_with_the_default_cap(widget):
    expect(widget.get_by_role("spinbutton", name="Tope")).to_have_value("10")
    expect(widget.get_by_role("status")).to_contain_text("Inicio, tope 10")
    expect(m_list(widget).get_by_role("listitem")).to_have_count(2)
    expect(files_list(widget).get_by_role("listitem")).to_have_count(4)
    expect(widget.get_by_role("button", name="Retrocede")).to_be_disabled()
    expect(widget.get_by_role("button", name="Lo que recibe el modelo")).to_have_attribute("aria-pressed", "false")


@pytest.mark.smoke
def test_the_model_receives_2_4_6_8_messages_and_m_ends_with_9(widget):
    view = widget.get_by_role("button", name="Lo que recibe el modelo")
    view.click()
    expect(view).to_have_attribute("aria-pressed", "true")
    expect(m_list(widget)).to_be_hidden()
    for call, received in enumerate([2, 4, 6, 8], start=1):
        widget.get_by_role("button", name="Avanza").click()
        expect(widget.get_by_role("status")).to_contain_text(
            f"Turno {call}, tope 10: el modelo recibe {received} mensajes")
        expect(seen_list(widget).get_by_role("listitem")).to_have_count(received)
        # The view says what the model does not get: the environment, which stays in view
        # beside it, so a change to the files shows in either view.
        expect(widget).to_contain_text(f"En el turno {call} el modelo recibe solo estos {received} mensajes")
        expect(widget).to_contain_text("El entorno no va en ellos")
        expect(files_list(widget)).to_be_visible()
        if call == 3:  # the turn that writes the list
            expect(files_list(widget).locator(".is-changed")).to_contain_text("lista.txt")
    view.click()
    expect(view).to_have_attribute("aria-pressed", "false")
    expect(m_list(widget).get_by_role("listitem")).to_have_count(9)
    expect(widget.get_by_role("status")).to_contain_text("Fin: la respuesta del turno 4 no pide nada")
    expect(widget.get_by_role("status")).to_contain_text("M acaba con 9 mensajes")
    expect(widget.get_by_role("status")).to_contain_text("huevos y cebolla». Lo ha decidido el modelo")
    expect(widget.get_by_role("button", name="Avanza")).to_be_disabled()


def test_each_turn_marks_the_two_messages_it_adds(widget):
    for turn in (1, 2, 3):
        widget.get_by_role("button", name="Avanza").click()
        items = m_list(widget).get_by_role("listitem")
        expect(items).to_have_count(2 + 2 * turn)
        new = items.filter(has_text="nuevo")
        expect(new).to_have_count(2)
        expect(new.nth(0)).to_contain_text(f"respuesta del turno {turn}")
        expect(new.nth(1)).to_contain_text(f"observaciones del turno {turn}")
    # Turn 2 asked for three readings and still added two messages.
    expect(m_list(widget).get_by_role("listitem").nth(4)).to_contain_text("t4 → leer(ruta='lista.txt')")
    widget.get_by_role("button", name="Avanza").click()
    new = m_list(widget).get_by_role("listitem").filter(has_text="nuevo")
    expect(new).to_have_count(1)
    expect(new).to_contain_text("He añadido a lista.txt")


def test_the_file_is_marked_in_the_turn_that_changes_it(widget):
    lista = files_list(widget).get_by_role("listitem").filter(has_text="lista.txt")
    for _ in range(2):
        widget.get_by_role("button", name="Avanza").click()
        expect(lista).to_have_text(re.compile(r"^lista\.txt\s*pan, leche, patatas$"))
    widget.get_by_role("button", name="Avanza").click()
    expect(lista).to_contain_text("pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla")
    expect(lista).to_contain_text("cambiado en este turno")
    expect(widget.get_by_role("status")).to_contain_text("Cambia lista.txt")
    expect(files_list(widget).get_by_text("cambiado en este turno")).to_have_count(1)
    widget.get_by_role("button", name="Avanza").click()
    expect(files_list(widget).get_by_text("cambiado en este turno")).to_have_count(0)


def test_tope_3_stops_after_turn_3_without_finishing(widget):
    set_tope(widget, "3")
    expect(widget.get_by_role("status")).to_contain_text("Inicio, tope 3")
    for _ in range(3):
        widget.get_by_role("button", name="Avanza").click()
    status = widget.get_by_role("status")
    expect(status).to_contain_text("Turno 3, tope 3: el modelo recibe 6 mensajes")
    expect(status).to_contain_text("el agente no ha terminado")
    expect(status).to_contain_text('Devuelve "tope" y ningún texto para la persona')
    expect(status).to_contain_text("El entorno ya ha cambiado (lista.txt)")
    expect(status).to_contain_text("Cada llamada de M tiene su observación: M acaba con 8 mensajes")
    expect(status).not_to_contain_text("Fin:")
    items = m_list(widget).get_by_role("listitem")
    expect(items).to_have_count(8)
    expect(items.last).to_contain_text("t5 ← lista.txt: 68 caracteres escritos")
    expect(files_list(widget).get_by_role("listitem").filter(has_text="lista.txt")).to_contain_text(
        "cambiado en este turno")
    expect(widget.get_by_role("button", name="Avanza")).to_be_disabled()


def test_back_reset_and_a_new_cap_restart_the_run(widget):
    avanza = widget.get_by_role("button", name="Avanza")
    avanza.click()
    avanza.click()
    widget.get_by_role("button", name="Retrocede").click()
    expect(widget.get_by_role("status")).to_contain_text("Turno 1, tope 10")
    expect(m_list(widget).get_by_role("listitem")).to_have_count(4)
    widget.get_by_role("button", name="Reinicia").click()
    expect(widget.get_by_role("status")).to_contain_text("Inicio, tope 10")
    expect(m_list(widget).get_by_role("listitem")).to_have_count(2)
    avanza.click()
    set_tope(widget, "1")
    expect(widget.get_by_role("status")).to_contain_text("Inicio, tope 1")
    avanza.click()
    expect(widget.get_by_role("status")).to_contain_text("Tope: el bucle ha llamado al modelo 1 vez")
    expect(widget.get_by_role("status")).to_contain_text("El entorno no ha cambiado")


def test_a_cap_out_of_range_is_brought_into_it_and_the_widget_says_so(widget):
    tope = set_tope(widget, "3")
    status = widget.get_by_role("status")
    expect(status).to_contain_text("tope 3")
    # The range is beside the field and in its description.
    expect(widget.get_by_text("de 1 a 10", exact=True)).to_be_visible()
    expect(tope).to_have_accessible_description("de 1 a 10")
    for typed, used in (("11", "10"), ("0", "1"), ("-1", "1")):
        set_tope(widget, typed)
        tope.press("Enter")
        expect(tope).to_have_value(used)
        # Said where it is seen, and read out with the step it restarts.
        note = f"El tope va de 1 a 10: en lugar de {typed} se usa {used}."
        expect(status).to_contain_text(f"Inicio, tope {used}")
        expect(status.get_by_text(note)).to_be_visible()
    set_tope(widget, "4")
    expect(status).to_contain_text("Inicio, tope 4")
    expect(status).not_to_contain_text("El tope va de 1 a 10")


def test_an_unavailable_button_keeps_a_focus_ring_that_reads(lesson_page, widget):
    """Retrocede at the start does nothing, and shows it without fading: its focus ring keeps
    3:1 against the page, as every ring does."""
    retrocede = widget.get_by_role("button", name="Retrocede")
    expect(retrocede).to_have_attribute("aria-disabled", "true")
    widget.get_by_role("spinbutton", name="Tope").focus()
    tab_to(lesson_page, retrocede)
    assert focus_ring(retrocede)
    ring = retrocede.evaluate("""el => {
      let opacity = 1;
      for (let box = el; box; box = box.parentElement) opacity *= Number(getComputedStyle(box).opacity);
      const rgb = (css) => css.match(/[\\d.]+/g).slice(0, 3).map(Number);
      return {opacity, ring: rgb(getComputedStyle(el).outlineColor),
              page: rgb(getComputedStyle(document.body).backgroundColor),
              border: getComputedStyle(el).borderTopStyle,
              muted: (() => { const p = document.createElement('p'); p.style.color = 'var(--muted)';
                document.body.append(p); const c = getComputedStyle(p).color; p.remove();
                return getComputedStyle(el).color === c; })()};
    }""")
    assert ring["opacity"] == 1, ring
    assert ratio(ring["ring"], ring["page"]) >= 3, ring
    assert ring["border"] == "solid" and ring["muted"], ring  # greyed, not a dashed empty slot


def test_the_pressed_view_button_reads_under_the_pointer(lesson_page, widget):
    view = widget.get_by_role("button", name="Lo que recibe el modelo")
    view.click()
    expect(view).to_have_attribute("aria-pressed", "true")
    view.hover()
    colours = view.evaluate("""el => {
      const rgb = (css) => css.match(/[\\d.]+/g).slice(0, 3).map(Number);
      const s = getComputedStyle(el);
      return [rgb(s.color), rgb(s.backgroundColor), el.matches(':hover')];
    }""")
    assert colours[2], "the pointer is not on the button"
    assert ratio(colours[0], colours[1]) >= 4.5, colours
    view.click()


def test_steps_are_announced_politely(widget):
    status = widget.get_by_role("status")
    expect(status).to_have_count(1)
    widget.get_by_role("button", name="Avanza").click()
    expect(status).to_contain_text("Turno 1")
    # Only the status line is a live region: the panels would read out all of M.
    expect(widget.locator("[aria-live]:not([aria-live=off])")).to_have_count(0)


def test_the_widget_needs_no_interpreter(widget, requests_log):
    widget.get_by_role("button", name="Lo que recibe el modelo").click()
    for _ in range(4):
        widget.get_by_role("button", name="Avanza").click()
    set_tope(widget, "3")
    widget.get_by_role("button", name="Avanza").click()
    expect(widget.get_by_role("status")).to_contain_text("Turno 1, tope 3")
    # The service worker precaches the worker script with the rest of the site, for
    # offline use; the page itself neither starts a worker nor fetches Pyodide.
    assert not [u for u in requests_log.urls if "/pyodide/" in u], requests_log.urls
    assert not [u for u in requests_log.page_urls if "/worker-" in u], requests_log.page_urls


def ratio(a, b):
    """WCAG's contrast ratio of two sRGB colours."""
    def luminance(rgb):
        c = [x / 255 for x in rgb]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def tab_to(page, target, limit=12):
    """Press Tab until target has focus, as a keyboard user would; fail if it never does."""
    for _ in range(limit):
        if target.evaluate("el => el === document.activeElement"):
            return
        page.keyboard.press("Tab")
    expect(target).to_be_focused()


def focus_ring(locator):
    return locator.evaluate(
        "el => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none'"
        " && parseFloat(getComputedStyle(el).outlineWidth) > 0")


def test_the_widget_from_the_keyboard_alone(lesson_page, widget):
    keyboard = lesson_page.keyboard
    tope = widget.get_by_role("spinbutton", name="Tope")
    tope.focus()  # the starting point; from here on only keys
    keyboard.press("ArrowDown")
    expect(tope).to_have_value("9")
    keyboard.press("ArrowUp")
    expect(tope).to_have_value("10")

    avanza = widget.get_by_role("button", name="Avanza")
    tab_to(lesson_page, avanza)
    assert focus_ring(avanza)
    for turn in (1, 2, 3, 4):
        keyboard.press("Enter")
        expect(widget.get_by_role("status")).to_contain_text(f"Turno {turn}, tope 10")
    keyboard.press("Enter")  # at the end nothing happens, and focus stays put
    expect(avanza).to_be_focused()
    expect(avanza).to_be_disabled()

    view = widget.get_by_role("button", name="Lo que recibe el modelo")
    tab_to(lesson_page, view)
    assert focus_ring(view)
    keyboard.press("Space")
    expect(view).to_have_attribute("aria-pressed", "true")
    expect(seen_list(widget).get_by_role("listitem")).to_have_count(8)

    keyboard.press("Shift+Tab")
    reset = widget.get_by_role("button", name="Reinicia")
    while not reset.evaluate("el => el === document.activeElement"):
        keyboard.press("Shift+Tab")
    keyboard.press("Enter")
    expect(widget.get_by_role("status")).to_contain_text("Inicio, tope 10")
    expect(widget).to_contain_text("Aún no se ha llamado al modelo: pulsa Avanza")


LONE_LINE_ENDS = """(root) => {
  // For each of the widget's lines, the text of each line box it wraps into.
  const boxes = [];
  for (const line of root.querySelectorAll(".widget-line")) {
    const rows = new Map();
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        rows.set(top, (rows.get(top) ?? "") + node.data[i]);
      }
    }
    boxes.push(...[...rows.values()].map((text) => text.trim()));
  }
  return boxes;
}"""


def test_on_a_phone_a_long_call_breaks_after_its_parenthesis_never_before_its_end(lesson_page, widget):
    before = lesson_page.viewport_size
    lesson_page.set_viewport_size({"width": 390, "height": 844})
    try:
        widget.get_by_role("button", name="Reinicia").click()
        for _ in range(3):
            widget.get_by_role("button", name="Avanza").click()
        expect(m_list(widget)).to_contain_text("leer(ruta='recetas/gazpacho.txt')")
        rows = widget.evaluate(LONE_LINE_ENDS)
        assert rows and not [row for row in rows if row in (")", "')", ")'")], rows
        # It did wrap (after the "(", or where the engine sees a break, such as Firefox's
        # after a "/"), with more than the ")" on its last line.
        assert any(row.endswith("gazpacho.txt')") and not row.startswith("t2") for row in rows), "|".join(rows)
    finally:
        lesson_page.set_viewport_size(before)
        widget.get_by_role("button", name="Reinicia").click()


def below_the_buttons(page, selector):
    """Wait until the widget's first `selector` sits below its sticky buttons, not under them."""
    page.wait_for_function("""(selector) => {
        const w = document.querySelector('section.widget');
        const top = w.querySelector(selector).getBoundingClientRect().top;
        return top >= w.querySelector('.widget-controls').getBoundingClientRect().bottom - 1;
    }""", arg=selector, timeout=5_000)


def test_on_a_phone_avanza_stays_at_hand_and_brings_each_turns_new_messages_into_view(lesson_page, widget):
    """The trace is some two screens tall on a phone: its buttons stay at the top of the
    screen, and each Avanza brings its first new message up under them, where the learner
    had to scroll down to it and back up to the button."""
    before = lesson_page.viewport_size
    lesson_page.set_viewport_size({"width": 390, "height": 844})
    try:
        widget.get_by_role("button", name="Reinicia").click()
        assert widget.evaluate("w => w.getBoundingClientRect().height") > 844  # taller than the screen
        widget.scroll_into_view_if_needed()
        lesson_page.evaluate("document.querySelector('section.widget').scrollIntoView({block: 'start'})")
        avanza = widget.get_by_role("button", name="Avanza")
        for turn in (1, 2, 3):
            avanza.click()
            new = m_list(widget).locator("li", has_text="nuevo").first
            expect(new).to_contain_text(f"respuesta del turno {turn}")
            expect(new).to_be_in_viewport()
            below_the_buttons(lesson_page, ".widget-list .is-new")
            expect(avanza).to_be_in_viewport()
        # The last step: how the run ended, above the messages, comes into view instead.
        while avanza.get_attribute("aria-disabled") != "true":
            avanza.click()
        expect(widget.locator(".widget-end")).to_contain_text("el bucle termina")
        expect(widget.locator(".widget-end")).to_be_in_viewport()
        below_the_buttons(lesson_page, ".widget-status")
    finally:
        lesson_page.set_viewport_size(before)
        widget.get_by_role("button", name="Reinicia").click()
