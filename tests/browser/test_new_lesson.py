"""A lesson made by `build.py new` works in the page as it comes: the starter code fails its
challenge, the reference's solution passes it, graded by the page's own Python."""

from __future__ import annotations

import threading

import pytest
from playwright.sync_api import Page, expect

from lessonsite.builder import build_site
from lessonsite.scaffold import new_lesson
from lessonsite.server import make_server
from lesson_page import START, expect_code


@pytest.fixture
def new_site(fixture_layout, checks, tmp_path):
    """The fixture course with the repository's runtime and a lesson made by `new`, built and
    served; yields its base URL."""
    new_lesson(fixture_layout, "demo/sumas")
    out = build_site(fixture_layout, tmp_path / "dist").out
    server = make_server(out, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.one_engine("chromium")
@pytest.mark.cold  # its own site, on a port no warm context knows
def test_the_new_lessons_challenge_grades_in_the_page(page: Page, new_site):
    page.goto(new_site + "courses/demo/sumas/")
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect(page.get_by_role("heading", name="Sumas", level=1)).to_be_visible()
    challenge = page.get_by_role("region", name="Desafío")
    status = challenge.get_by_role("status")

    challenge.get_by_role("button", name="Comprobar").click()
    expect(status).to_have_text("0 de 1 prueba superada", timeout=START)
    expect(challenge.get_by_role("listitem").filter(has_text="Cualquier lista de enteros")).to_contain_text("✗")

    box = challenge.get_by_role("textbox", name="Código del desafío")
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    solution = "def suma_pares(numeros):\n    return sum(n for n in numeros if n % 2 == 0)\n"
    page.keyboard.insert_text(solution)
    expect_code(box, solution)
    challenge.get_by_role("button", name="Comprobar").click()
    expect(status).to_have_text("1 de 1 prueba superada", timeout=START)
    expect(challenge.get_by_text("Desafío resuelto")).to_be_visible()
