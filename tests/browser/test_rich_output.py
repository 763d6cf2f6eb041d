"""A cell shows what a notebook shows: its last expression, and the pictures and tables
learner code draws (web/src/rich.js), in order between its text, without any of it running
script on the lesson's origin; and a lesson that draws with packages from PyPI
(tests/fixtures/packages, course «Dibujos»: a pygal chart, a PNG written with pypng, an HTML
table) shows them all, each named for assistive technology, offline after one visit."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from lessonsite import bench
from lesson_page import DONE, START, WHEELS_KEPT, cell, ejecutar_and_wait, open_lesson, output, replace_code

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


def test_the_last_expression_is_shown_unless_it_ends_with_a_semicolon(page: Page, site_url, lesson_path,
                                                                      requests_log):
    region = run_cell_1(page, site_url, lesson_path, "x = 2\nx * 21")
    assert output(region).text_content() == "42\n"
    replace_code(page, region, 1, "x = 2\nx * 21;")
    ejecutar_and_wait(region)
    assert output(region).text_content() == ""
    # A lesson that draws nothing and pins no package fetches neither the drawing's code nor a wheel.
    assert not [url for url in requests_log.urls if "/rich-" in url or "/packages/" in url], requests_log.urls


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


GRAFICOS = "courses/dibujos/graficos/"
# Celda 1's output, in order: printed text, and for each drawing its role and accessible name.
DRAWN = ["Visitas de la semana:\n", ("img", "Visitas por día"), "Un degradado:\n",
         ("img", "Degradado del negro al azul de 64 × 16 píxeles"), "Las mismas visitas, en una tabla:\n",
         ("table", "Visitas por día"), "63\n"]
GRAFICOS_WHEELS = ["importlib_metadata-10.2.0-py3-none-any.whl", "lazy_importer-0.1.0-py3-none-any.whl",
                   "pygal-3.1.3-py3-none-any.whl", "pypng-0.20220715.0-py3-none-any.whl",
                   "zipp-4.1.2-py3-none-any.whl"]
IN_ORDER = """pre => [...pre.querySelectorAll('.rich-output, .stdout')].map((el) => {
  if (!el.classList.contains('rich-output')) return el.textContent;
  const table = el.querySelector('table');
  return table ? ['table', table.caption.textContent] : ['img', el.querySelector('img').alt];
})"""


def expect_drawn(page: Page, region: Locator) -> None:
    log = output(region)
    chart = log.get_by_role("img", name="Visitas por día")
    gradient = log.get_by_role("img", name=DRAWN[3][1])
    table = log.get_by_role("table", name="Visitas por día")
    for shown in (chart, gradient, table):
        expect(shown).to_be_visible()
    # Decoded, at the size each was drawn: the chart as wide as pygal's viewBox says.
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=chart.element_handle())
    page.wait_for_function("img => img.complete && img.naturalWidth === 64", arg=gradient.element_handle())
    assert round(chart.bounding_box()["width"]) == 480
    expect(table.get_by_role("columnheader", name="visitas")).to_be_visible()
    expect(table.get_by_role("row", name="martes 30")).to_be_visible()
    order = [entry if isinstance(entry, str) else tuple(entry) for entry in log.evaluate(IN_ORDER)]
    assert order == DRAWN, order


@pytest.mark.one_engine("chromium")
@pytest.mark.slow
@pytest.mark.cold
def test_a_lesson_draws_with_packages_from_pypi_in_order_with_its_text_and_offline_after_one_visit(
        context: BrowserContext, page: Page, packages_site, requests_log, js_errors):
    served = bench.serve(packages_site)
    try:
        open_lesson(page, served.url + GRAFICOS)
        region = cell(page, 1)
        region.get_by_role("button", name="Ejecutar").click()
        expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
        expect_drawn(page, region)
        kept = page.evaluate(WHEELS_KEPT, GRAFICOS_WHEELS)
        assert set(GRAFICOS_WHEELS) <= set(kept), kept
        # pygal's SVG names a script on another host: as an image, it never fetches it.
        requests_log.assert_all_under(served.url)
        page.close()
    finally:
        served.close()

    js_errors.allow(r"Failed to load resource|ERR_CONNECTION_REFUSED|NetworkError|sw\.js")
    again = context.new_page()
    open_lesson(again, served.url + GRAFICOS)
    region = cell(again, 1)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    expect_drawn(again, region)
