"""A cell shows what a notebook shows: its last expression, and the pictures and tables
learner code draws (web/src/rich.js), in order between its text, without any of it running
script on the lesson's origin."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lesson_page import cell, ejecutar_and_wait, open_lesson, output, replace_code

pytestmark = pytest.mark.shared_tab

PNG_1X1 = ("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
           "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2b0f3e5"
           "0000000049454e44ae426082")

# A table whose HTML also tries every way to run script or restyle the page.
HOSTILE_TABLE = ('<table><tr><th>n</th><th>cuadrado</th></tr><tr><td>3</td><td>9</td></tr></table>'
                 '<script>window.__ran = 1</script><img src="x" onerror="window.__ran = 2">'
                 '<style>body { display: none }</style><a href="javascript:window.__ran = 3">enlace</a>'
                 '<p style="position:fixed;inset:0">tapa</p>')


def run_cell_1(page: Page, site_url: str, lesson_path: str, code: str):
    open_lesson(page, site_url + lesson_path)
    region = cell(page, 1)
    replace_code(page, region, 1, code)
    ejecutar_and_wait(region)
    return region


def test_the_last_expression_is_shown_unless_it_ends_with_a_semicolon(page: Page, site_url, lesson_path):
    region = run_cell_1(page, site_url, lesson_path, "x = 2\nx * 21")
    assert output(region).text_content() == "42\n"
    replace_code(page, region, 1, "x = 2\nx * 21;")
    ejecutar_and_wait(region)
    assert output(region).text_content() == ""


def test_pictures_show_in_order_between_the_text(page: Page, site_url, lesson_path):
    code = f'''class Punto:
    def __repr__(self): return "un punto rojo"
    def _repr_svg_(self):
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
                '<script>parent.__ran = 4</script><circle cx="10" cy="10" r="8" fill="red"/></svg>')

class Pixel:
    def __repr__(self): return "un píxel"
    def _repr_png_(self): return bytes.fromhex("{PNG_1X1}")

print("antes")
display(Punto())
print("entre")
Pixel()'''
    region = run_cell_1(page, site_url, lesson_path, code)
    log = output(region)
    svg, png = log.get_by_role("img", name="un punto rojo"), log.get_by_role("img", name="un píxel")
    expect(svg).to_be_visible()
    expect(png).to_be_visible()
    # Decoded, so the page's policy let the bytes through as an image.
    page.wait_for_function("img => img.complete && img.naturalWidth === 40", arg=svg.element_handle())
    page.wait_for_function("img => img.complete && img.naturalWidth === 1", arg=png.element_handle())
    order = log.evaluate("""pre => [...pre.querySelectorAll('.rich-output, .stdout')]
        .map((el) => el.classList.contains('rich-output') ? el.querySelector('img').alt : el.textContent)""")
    assert order == ["antes\n", "un punto rojo", "entre\n", "un píxel"], order
    assert page.evaluate("window.__ran") is None


def test_an_html_table_shows_as_a_table_and_none_of_its_script_runs(page: Page, site_url, lesson_path, js_errors):
    # Chromium reports the handler and the styles the sanitizer's parse met as blocked by
    # the page's policy (they never reach the page), and the image's missing file.
    js_errors.allow(r"violates the following Content Security Policy directive|/el-bucle/x:0: Failed to load")
    code = f'''class Tabla:
    def __repr__(self): return "Tabla()"
    def _repr_html_(self): return {HOSTILE_TABLE!r}

Tabla()'''
    region = run_cell_1(page, site_url, lesson_path, code)
    table = output(region).get_by_role("table")
    expect(table).to_be_visible()
    expect(table.get_by_role("cell", name="9")).to_be_visible()
    expect(table.get_by_role("columnheader", name="cuadrado")).to_be_visible()
    link = output(region).get_by_role("link", name="enlace")
    if link.count():
        link.click()
    expect(page.get_by_role("heading", level=1)).to_be_visible()  # the style never applied
    tapa = output(region).get_by_text("tapa")
    assert tapa.evaluate("p => getComputedStyle(p).position") == "static"
    assert page.evaluate("window.__ran") is None
