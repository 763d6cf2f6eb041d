"""Helpers for tests that drive the lesson page the way a learner does (test_hostile,
test_csp, test_a11y): open it, find a cell by its accessible name, replace its code,
run it and read what it shows. Every wait is on something the page shows."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from playwright.sync_api import Locator, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lessonrt.runner import local_open_url, run_cell
from lessonsite.content import lesson_cells as content_cells, load_lesson

ROOT = Path(__file__).resolve().parents[2]
LESSON_DIR = ROOT / "web" / "courses" / "llm-agents" / "el-bucle"
START = 90_000  # ms: a run that has to download and start Python first
DONE = "Ejecución terminada."
# What the page says where the browser keeps nothing of it (storage disabled or full).
NOT_KEPT = re.compile(r"no deja guardar datos de la página: tu código y tus respuestas se perderán al recargarla")

# The digest the page keeps for a memory snapshot it trusts, as the worker computes it
# (web/src/worker.js, snapshotDigest): SHA-256 over the SHA-256 of each 4 MiB piece, in
# hexadecimal. A JavaScript function expression, for the tests' page scripts.
SNAPSHOT_DIGEST = """async (bytes) => {
  const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  const piece = 4 * 1024 * 1024;
  const digests = [];
  for (let at = 0; at < bytes.byteLength; at += piece) {
    digests.push(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes.slice(at, at + piece))));
  }
  const joined = new Uint8Array(digests.length * 32);
  digests.forEach((digest, i) => joined.set(digest, i * 32));
  return hex(await crypto.subtle.digest("SHA-256", joined));
}"""


# What the page keeps of a learner (see web/src/storage.js and runtime.js): everything in
# localStorage but the digests of the memory snapshots the page made.
FORGET_THE_LEARNER = """() => {
  for (const key of Object.keys(localStorage)) if (key !== "lessonrt:snapshot") localStorage.removeItem(key);
  sessionStorage.clear();
}"""


# The service worker keeps a lesson's wheels one after the other, in the background: the names
# in its cache once all of `expected` are there, or at the end of 90 s whatever is.
WHEELS_KEPT = """async (expected) => {
  const until = performance.now() + 90_000;
  for (;;) {
    const cache = await caches.open("lessonrt-packages");
    const names = (await cache.keys()).map((request) => request.url.split("/").pop()).sort();
    if (expected.every((name) => names.includes(name)) || performance.now() > until) return names;
    await new Promise((next) => setTimeout(next, 100));
  }
}"""

PHONE = {"width": 390, "height": 844}

# What would take a sideways scroll to read: every cell's output, the challenge's checks
# and the course's solution, each as its tag, class and first words.
SIDEWAYS = """() => [...document.querySelectorAll(
    '.cell-output, .challenge-checks, .challenge-checks *, .challenge-solution, .challenge-solution *')]
  .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
  .map((el) => `${el.tagName}.${el.className}: ${el.textContent.slice(0, 60)}`)"""


# Where each wrapped printed line that has a column («0 sistema    Trabajas…») goes on: the
# left edge of its column's first character and of every later line box's first character.
HANGING = """() => [...document.querySelectorAll('.cell-output')].flatMap((box) => {
  const rows = [];
  for (const row of box.querySelectorAll('.output-line')) {
    const text = row.textContent;
    const column = /^(.*) {2,}(?=\\S)/.exec(text);
    if (!column) continue;
    const chars = [];
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (let i = 0; i < node.data.length; i++) chars.push([node, i]);
    const rect = (i) => {
      const range = document.createRange();
      range.setStart(chars[i][0], chars[i][1]);
      range.setEnd(chars[i][0], chars[i][1] + 1);
      return range.getBoundingClientRect();
    };
    const at = column[0].length, starts = [];
    let top = rect(at).top;
    for (let i = at + 1; i < chars.length; i++) {
      if (/\\s/.test(text[i])) continue;
      const r = rect(i);
      if (r.top > top + 2) { starts.push(Math.round(r.left)); top = r.top; }
    }
    // A column past the box's middle goes on from the middle instead (cell.js align).
    const inner = box.getBoundingClientRect().left + box.clientLeft + parseFloat(getComputedStyle(box).paddingLeft);
    if (starts.length && rect(at).left - inner <= box.clientWidth / 2 - 20)
      rows.push({ text: text.slice(0, 40), column: Math.round(rect(at).left), starts });
  }
  return rows;
})"""


def expect_readable_on_a_phone(page: Page, columns: bool = False) -> None:
    """On a phone's screen, every output and report on the page reads without a sideways
    scroll, inside its box or of the page; a printed line that wraps goes on under its own
    column, so a table's columns stay columns (`columns`: the page prints such a table)."""
    page.set_viewport_size(PHONE)
    assert page.evaluate(SIDEWAYS) == []
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
    wrapped = page.evaluate(HANGING)
    assert [row for row in wrapped if any(abs(x - row["column"]) > 1 for x in row["starts"])] == []
    if columns:
        assert wrapped, "no printed line with a column wraps on a phone"


# For each line of a block of code lines (elements .code-line, each a block whose wrapped
# part hangs, class hang-N): its text, the depth its class says, and where each of its rows
# starts, from the line's left edge, in characters of its font.
ROWS_OF_LINES = """(lines) => [...lines].map((line) => {
  const probe = line.appendChild(document.createElement('span'));
  probe.textContent = '0'.repeat(10);
  probe.style.whiteSpace = 'nowrap';  // at a line's end it could wrap, and measure two rows
  const ch = probe.getBoundingClientRect().width / 10;
  probe.remove();
  const range = document.createRange();
  range.selectNodeContents(line);
  const rows = new Map();
  for (const r of range.getClientRects()) {
    if (r.width < 1) continue;
    const top = Math.round(r.top);
    rows.set(top, Math.min(rows.get(top) ?? Infinity, r.left));
  }
  const left = line.getBoundingClientRect().left;
  return {text: line.textContent, depth: Number(/hang-(\\d+)/.exec(line.className)[1]),
          starts: [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, x]) => (x - left) / ch)};
})"""


def dealt(items: list, browser_name: str, browsers: list[str]) -> list:
    """`items` whose test cannot differ by engine, dealt out in turn to the session's
    browsers (`--browser`): this one's share, or all of them if it is the only one."""
    if browser_name not in browsers or len(browsers) < 2:
        return list(items)
    return list(items)[browsers.index(browser_name)::len(browsers)]


def open_lesson(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")


def cell(page: Page, number: int) -> Locator:
    return page.get_by_role("region", name=f"Celda {number}")


def editor(region: Locator, number: int) -> Locator:
    return region.get_by_role("textbox", name=f"Código de la celda {number}")


def output(region: Locator) -> Locator:
    """The output box. Located by class, not role: while empty it is hidden, and hidden
    elements have no role."""
    return region.locator(".cell-output")


def replace_code(page: Page, region: Locator, number: int, code: str) -> None:
    box = editor(region, number)
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")  # Firefox keeps a leading empty line otherwise
    page.keyboard.insert_text(code)
    expect_code(box, code)


def cell_code(key: str) -> str:
    """The code «El bucle»'s page shows in cell `key`."""
    return lesson_cells()[key]


def run_in_cpython(cells: dict[str, str], key: str, code: str | None = None, empty_lines: int = 0,
                   error: list | None = None) -> str:
    """What cell `key` of a lesson whose cells are {key: code} prints when lessonrt.runner
    runs it in CPython, as the page does: after the cells before it (in page order), with
    their output hidden. `code`, if given, runs in place of the cell's own. Its first
    `empty_lines` reads of input get an empty line, echoed as the page echoes a typed line;
    a read after those is the end of input. A run that ends in an error is one only where
    `error` is a list, which then gets the error's text."""
    keys = list(cells)
    before = [(k, cells[k]) for k in keys[: keys.index(key)]]
    parts: list[str] = []
    lines = iter([""] * empty_lines)

    def read():
        line = next(lines, None)
        if line is not None:
            parts.append(line + "\n")
        return line

    result = run_cell(cells[key] if code is None else code, name=key, before=before, read=read,
                      open_url=local_open_url(ROOT / "py"), write=lambda _, text: parts.append(text))
    if error is not None and not result["ok"]:
        error.append(result["error"])
    else:
        assert result["ok"], result["error"]
    return "".join(parts)


@cache
def lesson_cells() -> dict[str, str]:
    """«El bucle»'s cells, {key: code}, in page order (lessonsite.content.lesson_cells)."""
    lesson = load_lesson(LESSON_DIR, LESSON_DIR.parent.name)
    return {cell.key: cell.code for cell in content_cells(lesson)}


@cache
def cpython_output(key: str) -> str:
    """What «El bucle»'s cell `key` prints in CPython (run_in_cpython)."""
    return run_in_cpython(lesson_cells(), key)


def run_original_cell_1(page: Page) -> None:
    """Restaurar, Ejecutar, and cell 1 prints exactly what it prints in CPython."""
    region = cell(page, 1)
    region.get_by_role("button", name="Restaurar").click()
    expect_code(editor(region, 1), cell_code("celda1"))
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    # Compared whole and exactly (expect's text matching would fold whitespace);
    # the page writes the output before it says the run is over.
    assert output(region).text_content() == cpython_output("celda1")


def ejecutar_and_wait(region: Locator, status: str | re.Pattern = DONE, timeout: float = START) -> None:
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(status, timeout=timeout)
    expect(region.get_by_role("button", name="Detener")).to_be_hidden()


# The code in the text box of `section` (a cell or the challenge), whether its editor has
# mounted or not. Mounted: the document of the CodeMirror editor, through the view
# CodeMirror keeps on its content element (what EditorView.findFromDOM reads), since the
# page draws only the lines near the screen; else the lines drawn. Not mounted yet: the
# static code's text, which cannot show the code's trailing newlines, so they are not
# compared.
CODE_IN = """section => {
  const content = section.querySelector('.cm-content');
  if (content) return content.cmTile?.root?.view?.state.doc.toString()
    ?? [...content.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\\n');
  const code = section.querySelector('.cell-code[role=textbox]');
  return code && {static: code.textContent};
}"""

SAME_CODE = f"""([section, code]) => {{
  const got = ({CODE_IN})(section);
  return typeof got === 'string' ? got === code
    : got !== null && got.static.replace(/\\n+$/, '') === code.replace(/\\n+$/, '');
}}"""


def section_of(box: Locator) -> Locator:
    return box.locator("xpath=ancestor::section[1]")


def expect_code(box: Locator, code: str, timeout: float = 10_000) -> None:
    """Wait until the text box `box` holds exactly `code`: the editor's document, or the
    static code before the editor mounts. Not through innerText, which depends on layout
    (an editor out of view reads with its empty lines doubled) and on which lines
    CodeMirror has drawn."""
    try:
        box.page.wait_for_function(SAME_CODE, arg=[section_of(box).element_handle(timeout=timeout), code],
                                   timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"the editor holds:\n{editor_code(box)}\n\nexpected:\n{code}") from None


def editor_code(box: Locator) -> str:
    got = section_of(box).evaluate(CODE_IN)
    return got["static"] if isinstance(got, dict) else got


def release(page: Page, held: list[Route]) -> None:
    """Let go of the requests a test's route held back (a script, the editor's chunk), once the
    page has asked for them: it asks when the parser reaches a script, or when the learner
    reaches for a box, or at the first idle time. The wait is bounded (5 s)."""
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the page never asked for what the test held back"
    for route in held:
        route.continue_()
