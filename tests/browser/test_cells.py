"""The lesson's code cells in a real browser: they print what CPython prints, they can
be edited, stopped and restored, and what they print is shown as text."""

from __future__ import annotations

import contextlib
import http.server
import re
import threading
import urllib.parse
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError, Locator, Page, expect

from lessonsite.server import SiteHandler

from lesson_page import NOT_KEPT, cell_code, expect_code, expect_readable_on_a_phone, lesson_cells, run_in_cpython

START = 90_000  # ms: the first run downloads and starts Python
STOPPED = 15_000  # ms: a stop ends the run at once; a busy machine may still take seconds to show it (how fast is the bench's to measure)
OBSERVATIONS_LINE = '        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))\n'


def browser_for(params: dict) -> str | None:
    """Only Chromium crashes a tab on request (chrome://crash); every other case runs in
    every browser."""
    return "chromium" if "crash" in params else None


def cpython_output(key: str, code: str | None = None) -> str:
    """What the cell prints in CPython, as the page runs it (lesson_page.run_in_cpython);
    `code` in place of its own."""
    return run_in_cpython(lesson_cells(), key, code)


def open_lesson(page: Page, base_url: str, lesson_path: str) -> None:
    page.goto(base_url + lesson_path)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")


def cell(page: Page, number: int) -> Locator:
    return page.get_by_role("region", name=f"Celda {number}")


def editor(region: Locator, number: int) -> Locator:
    return region.get_by_role("textbox", name=f"Código de la celda {number}")


def replace_code(page: Page, region: Locator, number: int, code: str) -> None:
    box = editor(region, number)
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    # Deleting first: Firefox turns a multi-line selection replaced by typed text
    # into a leading empty line.
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(code)
    expect_code(box, code)
    expect(box.locator(".cm-line").first).to_have_text(code.splitlines()[0])


def run_and_wait(region: Locator, status_text: str | re.Pattern = "Ejecución terminada.") -> None:
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(status_text, timeout=START)


def output(region: Locator) -> str:
    return region.get_by_role("log", name="Salida").text_content()


@pytest.mark.smoke
@pytest.mark.slow
def test_each_cell_prints_what_it_prints_in_cpython(page: Page, site_url, lesson_path):
    open_lesson(page, site_url, lesson_path)
    for number in (1, 2):
        region = cell(page, number)
        run_and_wait(region)
        assert output(region) == cpython_output(f"celda{number}")
        expect(region.get_by_role("button", name="Detener")).to_be_hidden()
    # Long lines wrap in the box: a phone shows every line whole, Celda 1's table of
    # messages with its columns.
    expect_readable_on_a_phone(page, columns=True)


def test_where_python_is_kept_no_note_speaks_of_its_first_download(page: Page, site_url, lesson_path):
    # The warm context has started Python before and kept its snapshot, as a second visit.
    open_lesson(page, site_url, lesson_path)
    notes = page.get_by_text(re.compile(r"intérprete de Python( \(unos \d+ MB\))? se descarga"))
    expect(notes).to_have_count(2)  # the first cell's and the challenge's
    expect(notes.filter(visible=True)).to_have_count(0)


@pytest.mark.slow
def test_open_url_finds_the_course_files_when_the_site_lives_under_a_sub_path(
        page: Page, subpath_site_url, lesson_path, requests_log):
    open_lesson(page, subpath_site_url, lesson_path)
    region = cell(page, 1)
    run_and_wait(region)
    assert output(region) == cpython_output("celda1")
    requests_log.assert_all_under(subpath_site_url)


@pytest.mark.slow
def test_without_the_observations_the_scripted_model_complains_on_turn_2(page: Page, site_url, lesson_path):
    code = cell_code("celda1")
    assert OBSERVATIONS_LINE in code
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, code.replace(OBSERVATIONS_LINE, ""))
    run_and_wait(region, re.compile("error"))
    log = region.get_by_role("log", name="Salida")
    expect(log).to_contain_text("turno 2")
    expect(log).to_contain_text("mensaje 3")
    call = code.splitlines().index("        r = modelo(M, HERRAMIENTAS)") + 1
    expect(log).to_contain_text(f'File "<Celda 1>", line {call}, in bucle')


@pytest.mark.smoke
@pytest.mark.slow
@pytest.mark.parametrize("isolated", [True, False], ids=["isolated", "not-isolated"])
def test_detener_stops_a_runaway_loop_and_the_cell_runs_again(page: Page, site_url, plain_site_url,
                                                               lesson_path, isolated):
    open_lesson(page, site_url if isolated else plain_site_url, lesson_path)
    assert page.evaluate("crossOriginIsolated") is isolated
    region = cell(page, 1)
    status = region.get_by_role("status")
    stop = region.get_by_role("button", name="Detener")
    # A loop in Python bytecode, then one inside C code that never checks for an
    # interrupt (stopping it means replacing the interpreter).
    for loop in ("while True:\n    pass", "sum(range(10**12))"):
        replace_code(page, region, 1, f'print("en marcha")\n{loop}\n')
        region.get_by_role("button", name="Ejecutar").click()
        expect(region.get_by_role("log", name="Salida")).to_have_text("en marcha\n", timeout=START)
        expect(stop).to_be_visible()
        stop.click()
        expect(status).to_have_text("Ejecución detenida.", timeout=STOPPED)
        expect(stop).to_be_hidden()

        replace_code(page, region, 1, 'print("otra vez")\n')
        run_and_wait(region)
        assert output(region) == "otra vez\n"


@pytest.mark.slow
@pytest.mark.parametrize("isolated", [True, False], ids=["isolated", "not-isolated"])
def test_a_cell_above_that_never_ends_is_named_while_it_runs_and_when_it_is_stopped(
        page: Page, site_url, plain_site_url, lesson_path, isolated):
    # The cells above run first, their output hidden: a loop left in Celda 1 kept Celda 2
    # «running» with nothing to say why (a new learner's walk).
    open_lesson(page, site_url if isolated else plain_site_url, lesson_path)
    replace_code(page, cell(page, 1), 1, "while True:\n    pass\n")
    region = cell(page, 2)
    status = region.get_by_role("status")
    region.get_by_role("button", name="Ejecutar").click()
    expect(status).to_have_text("Ejecutando antes la Celda 1: las celdas de arriba se ejecutan antes que esta…",
                                timeout=START)
    expect(status).to_have_text(re.compile(r"^La Celda 1, que va antes que esta, sigue en ejecución \(\d+ s\)\. "
                                           r"«Detener» la para\.$"), timeout=15_000)
    region.get_by_role("button", name="Detener").click()
    expect(status).to_have_text("Ejecución detenida mientras se ejecutaba la Celda 1, que va antes que esta. "
                                "¿Tiene la Celda 1 un bucle que no acaba?", timeout=STOPPED)
    # Celda 1 put back, Celda 2 runs as it always did.
    cell(page, 1).get_by_role("button", name="Restaurar").click()
    run_and_wait(region)
    assert output(region) == cpython_output("celda2")


def focus_ring(locator: Locator) -> bool:
    return locator.evaluate("el => el === document.activeElement && el.matches(':focus-visible')"
                            " && getComputedStyle(el).outlineStyle !== 'none'")


@pytest.mark.slow
def test_a_run_from_the_keyboard_leaves_the_keyboard_on_ejecutar(page: Page, site_url, lesson_path):
    """Enter on Ejecutar runs; Detener takes the keyboard while the run lasts and hands it
    back to Ejecutar, ring and all, when the run ends or is stopped: the next Enter runs
    again. Ejecutar, meanwhile, shows it does nothing."""
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    ejecutar = region.get_by_role("button", name="Ejecutar")
    detener = region.get_by_role("button", name="Detener")
    status = region.get_by_role("status")
    # Each run appends to a file the interpreter keeps, so each run prints a new count.
    replace_code(page, region, 1, 'open("vueltas.txt", "a").write("x")\nprint(len(open("vueltas.txt").read()))\n')
    ejecutar.focus()  # the starting point; from here on only keys
    page.keyboard.press("Enter")
    expect(region.get_by_role("log", name="Salida")).to_have_text("1\n", timeout=START)
    expect(status).to_have_text("Ejecución terminada.")
    expect(ejecutar).to_be_focused()
    assert focus_ring(ejecutar)
    page.keyboard.press("Enter")
    expect(region.get_by_role("log", name="Salida")).to_have_text("2\n")
    expect(status).to_have_text("Ejecución terminada.")
    expect(ejecutar).to_be_focused()

    replace_code(page, region, 1, 'print("en marcha")\nwhile True:\n    pass\n')
    ejecutar.focus()
    page.keyboard.press("Enter")
    expect(region.get_by_role("log", name="Salida")).to_have_text("en marcha\n", timeout=START)
    expect(detener).to_be_focused()
    # Unavailable while the run lasts, and drawn so: not the blue of a button to press, but
    # greyed, its text muted (a dashed border had read as a placeholder).
    expect(ejecutar).to_have_attribute("aria-disabled", "true")
    looks = "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
    muted = page.evaluate("""() => { const p = document.createElement('p'); p.style.color = 'var(--muted)';
      document.body.append(p); const c = getComputedStyle(p).color; p.remove(); return c; }""")
    greyed = ejecutar.evaluate(looks)
    assert greyed[1] == muted, greyed
    page.keyboard.press("Enter")
    expect(status).to_have_text("Ejecución detenida.", timeout=STOPPED)
    expect(detener).to_be_hidden()
    expect(ejecutar).to_be_focused()
    assert focus_ring(ejecutar)
    expect(ejecutar).to_have_attribute("aria-disabled", "false")
    pressable = ejecutar.evaluate(looks)
    assert pressable[0] != greyed[0] and pressable[1] != muted, (pressable, greyed)


@pytest.mark.slow
def test_detener_lets_code_that_noticed_finish_its_cleanup(page: Page, site_url, lesson_path):
    """On an isolated page Python stops where it is: an `except` that noticed the stop still
    runs to its end, and the interpreter, with the
    files the cell wrote, stays. So does a wait in time.sleep, which the page stops the same
    way (Pyodide's own sleep would not see a stop, and the interpreter would be replaced)."""
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, (
        "import time\n"
        'open("nota.txt", "w").write("sigo aquí")\n'
        'print("en marcha")\n'
        "try:\n"
        "    while True:\n"
        "        pass\n"
        "except KeyboardInterrupt:\n"
        "    hasta = time.monotonic() + 0.3\n"
        "    while time.monotonic() < hasta:\n"
        "        pass\n"
        '    print("recogido")\n'
        "    raise\n"))
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("log", name="Salida")).to_have_text("en marcha\n", timeout=START)
    region.get_by_role("button", name="Detener").click()
    expect(region.get_by_role("status")).to_have_text("Ejecución detenida.", timeout=STOPPED)
    assert output(region) == "en marcha\nrecogido\n"

    replace_code(page, region, 1, 'import time\nprint("esperando")\ntime.sleep(3600)\nprint("nunca")\n')
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("log", name="Salida")).to_have_text("esperando\n", timeout=START)
    region.get_by_role("button", name="Detener").click()
    expect(region.get_by_role("status")).to_have_text("Ejecución detenida.", timeout=STOPPED)
    assert output(region) == "esperando\n"

    replace_code(page, region, 1, 'print(open("nota.txt").read())\n')
    run_and_wait(region)
    assert output(region) == "sigo aquí\n"


@pytest.mark.slow
def test_edits_survive_a_reload_and_restaurar_brings_back_the_original(page: Page, site_url, lesson_path):
    original = cell_code("celda1")
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    editor(region, 1).click()
    page.keyboard.press("ControlOrMeta+Home")
    page.keyboard.insert_text("# mi cambio\n")
    expect(editor(region, 1)).to_contain_text("# mi cambio")

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    # The browser kept storage open: else the page would say so (test_storage), and a lost
    # edit would be that, not the save.
    expect(page.get_by_role("note").filter(has_text=NOT_KEPT)).to_have_count(0)
    region = cell(page, 1)
    expect(editor(region, 1)).to_contain_text("# mi cambio")
    expect(editor(cell(page, 2), 2)).not_to_contain_text("# mi cambio")

    # Restaurar says how to undo it, and Deshacer does, even after a reload. (Python, which
    # the cell in view starts, says it is ready in the same line: that first.)
    expect(region.get_by_role("status")).to_have_text("Python está listo.", timeout=START)
    region.get_by_role("button", name="Restaurar").click()
    expect_code(editor(region, 1), original)
    expect(region.get_by_role("status")).to_have_text(
        "Código restaurado. Para recuperar el tuyo, pulsa Deshacer.")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    region = cell(page, 1)
    expect(editor(region, 1)).not_to_contain_text("# mi cambio")
    expect(region.get_by_role("status")).to_have_text("Python está listo.", timeout=START)
    region.get_by_role("button", name="Deshacer").click()
    expect_code(editor(region, 1), "# mi cambio\n" + original)
    expect(region.get_by_role("status")).to_have_text("Has recuperado tu código.")
    expect(region.get_by_role("button", name="Deshacer")).to_be_hidden()
    expect(region.get_by_role("button", name="Restaurar")).to_be_focused()

    # In an open editor, Ctrl+Z undoes Restaurar as well; an edit after it lets the old
    # code go. What the code printed goes with it: an old error would name a line that
    # now says something else.
    run_and_wait(region)
    expect(region.get_by_role("log", name="Salida")).to_be_visible()
    editor(region, 1).click()
    expect(region.locator(".cm-editor")).to_be_visible()
    region.get_by_role("button", name="Restaurar").click()
    expect_code(editor(region, 1), original)
    expect(region.get_by_role("log", name="Salida")).to_be_hidden()
    editor(region, 1).click()
    page.keyboard.press("ControlOrMeta+z")
    expect_code(editor(region, 1), "# mi cambio\n" + original)
    expect(region.get_by_role("button", name="Deshacer")).to_be_hidden()
    region.get_by_role("button", name="Restaurar").click()
    expect_code(editor(region, 1), original)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect(editor(cell(page, 1), 1)).not_to_contain_text("# mi cambio")


@pytest.mark.cold
@pytest.mark.seeded  # a context of its own, so the crash takes no other test's tab with it
@pytest.mark.parametrize("crash", ["chrome://crash"])  # Chromium's: Firefox has none Playwright can open
def test_edits_are_kept_when_the_tab_crashes_right_after_them(page: Page, site_url, lesson_path, crash):
    """Each edit is in storage as soon as it is made: a crash runs no page code, so nothing
    saved later (a timer, pagehide) would be. Firefox may also refuse a write made while
    its tab closes (NS_ERROR_FAILURE), which this guards against in the same way."""
    open_lesson(page, site_url, lesson_path)
    names = ("Código de la celda 1", "Código del desafío")
    boxes = [page.get_by_role("textbox", name=name) for name in names]
    for box in boxes:  # each editor in place first, so that the last keys go straight in
        box.click()
        page.keyboard.press("ControlOrMeta+Home")
        page.keyboard.insert_text("# antes\n")
        expect(box).to_contain_text("# antes")
    for box in boxes:
        box.click()
        page.keyboard.press("ControlOrMeta+Home")
        page.keyboard.press("End")
        page.keyboard.insert_text(" del fallo")
    with page.expect_event("crash"):
        with contextlib.suppress(PlaywrightError):  # the navigation never completes
            page.goto(crash)
    again = page.context.new_page()
    open_lesson(again, site_url, lesson_path)
    for name in names:
        expect(again.get_by_role("textbox", name=name)).to_contain_text("# antes del fallo")


@pytest.mark.slow
def test_printed_markup_is_shown_as_text(page: Page, site_url, lesson_path):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, 'print("<img src=x onerror=alert(1)>")\n')
    page.keyboard.press("ControlOrMeta+Enter")  # runs the cell, as Ejecutar does
    expect(region.get_by_role("status")).to_have_text("Ejecución terminada.", timeout=START)
    log = region.get_by_role("log", name="Salida")
    assert output(region) == "<img src=x onerror=alert(1)>\n"
    expect(log.locator("img")).to_have_count(0)
    assert dialogs == []


@pytest.mark.slow
def test_a_traceback_shows_the_cell_line_and_no_runtime_internals(page: Page, site_url, lesson_path):
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, 'print("antes")\ndef f(x):\n    return x / 0\nf(1)\n')
    run_and_wait(region, re.compile("error"))
    text = output(region)
    assert text.startswith("antes\nTraceback (most recent call last):\n")
    assert 'File "<Celda 1>", line 4, in <module>' in text
    assert 'File "<Celda 1>", line 3, in f' in text
    # Python's words, then apart from them what they mean, in the course's language.
    assert text.rstrip().endswith("ZeroDivisionError: division by zero\nUna división (/, // o %) entre cero.")
    expect(region.locator(".cell-output .explain")).to_have_text("Una división (/, // o %) entre cero.")
    assert region.locator(".cell-output .explain").evaluate(
        "el => getComputedStyle(el).fontFamily !== getComputedStyle(el.closest('pre')).fontFamily")
    for internal in ("runner.py", "lessonrt", "pyodide", "/lib/python", "<exec>"):
        assert internal not in text


@pytest.mark.slow
def test_learner_code_cannot_forge_the_workers_replies(page: Page, site_url, lesson_path):
    """The page listens to the worker only on a private port, so a message posted on the
    worker's own channel from Python changes nothing."""
    forged = {"type": "result", "id": 1, "result": {"ok": False, "error": "falso", "interrupted": True}}
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, (
        "import js\nfrom pyodide.ffi import to_js\n"
        f"for i in range(1, 5):\n    js.postMessage(to_js({forged!r} | {{'id': i}}, "
        "dict_converter=js.Object.fromEntries))\n"
        'print("de verdad")\n'))
    run_and_wait(region)
    assert output(region) == "de verdad\n"


class DropsTheModule(SiteHandler):
    """The site's handler, except that while the server's `broken` event is set it hangs up
    on every request for Pyodide's WebAssembly module without a byte of answer, as a
    connection that drops would. Failing it at the server, not by routing the browser's
    requests, fails it on every path the file can take: the Python worker's own fetch, or
    the service worker's fetch on its behalf once it controls the worker (Firefox does not
    route a service worker's requests)."""

    def send_head(self):
        if self.server.broken.is_set() and self.path.endswith("/pyodide.asm.wasm"):
            self.close_connection = True
            return None
        return super().send_head()


@contextlib.contextmanager
def broken_site(built_site, handler):
    """The built site served by `handler`, with the server's `broken` event set; `finished`
    is set when the test is done, for a handler that holds a request open until then."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), partial(handler, directory=str(built_site), quiet=True))
    server.daemon_threads = True
    server.broken, server.finished = threading.Event(), threading.Event()
    server.broken.set()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server
    finally:
        server.finished.set()
        server.shutdown()
        server.server_close()


def site_address(server) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


DOWNLOAD_FAILED = "No se pudo descargar el intérprete de Python. Comprueba la conexión y vuelve a pulsar el botón."


@pytest.fixture
def site_that_drops_the_module(built_site):
    with broken_site(built_site, DropsTheModule) as server:
        yield server


@pytest.mark.slow
@pytest.mark.cold  # a first visit, whose download fails
def test_a_failed_download_is_explained_and_ejecutar_tries_again(page: Page, site_that_drops_the_module,
                                                                  lesson_path, js_errors):
    js_errors.allow(r"Python worker|Failed to fetch|Failed to load resource|NetworkError|ERR_EMPTY_RESPONSE")
    open_lesson(page, site_address(site_that_drops_the_module), lesson_path)
    # A first visit: the first cell and the challenge say Python is still to be downloaded.
    notes = page.get_by_text(re.compile(r"intérprete de Python( \(unos \d+ MB\))? se descarga"))
    expect(notes.filter(visible=True)).to_have_count(2)
    region = cell(page, 1)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DOWNLOAD_FAILED, timeout=START)
    expect(region.get_by_role("button", name="Detener")).to_be_hidden()

    site_that_drops_the_module.broken.clear()
    run_and_wait(region)
    assert output(region) == cpython_output("celda1")
    # Python has started: neither note says otherwise, the challenge's below included.
    expect(notes.filter(visible=True)).to_have_count(0)


STALL_S = 30  # what the worker waits for a byte before it gives up a download
TEST_STALL_S = 3


def worker_that_waits_less(script: str) -> str:
    """The built Python worker with its wait for a stalled download cut from STALL_S to
    TEST_STALL_S: the same code path, without spending half a minute per engine. Fails if the
    worker no longer waits STALL_S (the figure the docs give) or its code changed shape."""
    waits = list(re.finditer(r"=([0-9][0-9e_.]*);(?=function \w+\(\w+,\w+\)\{.{0,200}?no bytes for)", script, re.S))
    assert len(waits) == 1, "the worker's wait for a stalled download was not found"
    (wait,) = waits
    assert float(wait[1].replace("_", "")) == STALL_S * 1000, f"the worker waits {wait[1]} ms, not {STALL_S} s"
    return f"{script[:wait.start()]}={TEST_STALL_S * 1000};{script[wait.end():]}"


class StallsTheStandardLibrary(SiteHandler):
    """The site's handler, except that while the server's `broken` event is set it sends
    the first part of Python's standard library and then nothing more, with the connection
    left open, as a network that stops in the middle of a download does; and the worker it
    serves gives up after TEST_STALL_S."""

    def send_head(self):
        path = urllib.parse.urlsplit(self.path).path
        if re.fullmatch(r"/assets/worker-\w+\.js", path):
            script = Path(self.translate_path(self.path)).read_text(encoding="utf-8")
            self.send_text(worker_that_waits_less(script).encode("utf-8"), "text/javascript; charset=utf-8")
            return None
        return super().send_head()

    def copyfile(self, source, outputfile):
        if self.server.broken.is_set() and re.search(r"/pyodide/.*\.zip$", urllib.parse.urlsplit(self.path).path):
            outputfile.write(source.read(256 << 10))
            outputfile.flush()
            self.server.finished.wait(START / 1000)
            self.close_connection = True
            return
        super().copyfile(source, outputfile)


@pytest.mark.slow
@pytest.mark.cold  # a first visit, whose download stops
def test_a_download_that_stops_is_explained_and_ejecutar_tries_again(page: Page, built_site, lesson_path,
                                                                      js_errors):
    js_errors.allow(r"Python worker|no bytes for|Failed to fetch|Failed to load resource|NetworkError")
    # Pyodide's own word, as it goes on starting without its standard library, until the
    # worker that failed is put away (Firefox shows the first line as the bare "Error").
    js_errors.allow(r"installing the standard library|pyodide\.mjs:\d+: Error$|pyodide\.asm\.mjs:\d+: (Fatal Python error|"
                    r"Python runtime state|ModuleNotFoundError: No module named 'encodings'|"
                    r"Current thread|  <no Python frame>|$)")
    with broken_site(built_site, StallsTheStandardLibrary) as server:
        open_lesson(page, site_address(server), lesson_path)
        region = cell(page, 1)
        region.get_by_role("button", name="Ejecutar").click()
        expect(region.get_by_role("status")).to_contain_text("Descargando", timeout=START)
        # Nothing times out a read that waits on an open connection: the page does, after
        # STALL_S without a byte (TEST_STALL_S here), and says what happened instead of
        # downloading for good.
        expect(region.get_by_role("status")).to_have_text(DOWNLOAD_FAILED, timeout=START)
        expect(region.get_by_role("button", name="Detener")).to_be_hidden()

        server.broken.clear()
        run_and_wait(region)
        assert output(region) == cpython_output("celda1")


@pytest.mark.slow
def test_an_interpreter_that_dies_is_reported_and_replaced(page: Page, site_url, lesson_path, js_errors):
    # Pyodide's own fatal-error path stands in for running out of memory.
    js_errors.allow(r"fatal error|boom|Python worker|pyodide\.asm\.mjs:\d+: Error$")
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, "import js, pyodide_js\npyodide_js._api.fatal_error(js.Error.new('boom'))\n")
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_contain_text(
        "El intérprete de Python se ha detenido", timeout=START)

    replace_code(page, region, 1, 'print("de nuevo")\n')
    run_and_wait(region)
    assert output(region) == "de nuevo\n"


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True)
def test_a_short_output_shows_whole_once_the_run_ends_and_a_long_one_keeps_its_box(page: Page, site_url, lesson_path):
    """A 60-line output in a box of its own height hid half of itself on a phone, and the
    text under the cell spoke of what was out of sight: once the run ends, an output of up
    to a hundred lines shows whole; a longer one scrolls inside its box, as it did."""
    open_lesson(page, site_url, lesson_path)
    region = cell(page, 1)
    log = region.get_by_role("log", name="Salida")
    scrolls = "pre => pre.scrollHeight > pre.clientHeight + 1"
    replace_code(page, region, 1, "for i in range(60):\n    print('línea', i)\n")
    run_and_wait(region)
    assert log.evaluate("pre => pre.getBoundingClientRect().height") > 844  # taller than the screen
    assert not log.evaluate(scrolls)
    replace_code(page, region, 1, "for i in range(150):\n    print('línea', i)\n")
    run_and_wait(region)
    assert log.evaluate(scrolls)
    assert log.evaluate("pre => pre.scrollTop") == 0  # read from its first line
