"""The notes about the first download («unos 19 MB»), under each cell and the challenge,
speak of a download that has not happened yet: once the cell has run, or a grade has come
back, Python is loaded and that note goes. On a later visit, when the browser keeps Python,
no note is shown at all."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from lesson_page import START, open_lesson
from words import SPANISH

NOTE = re.compile(r"\(unos \d+ MB\)")


@pytest.mark.one_engine("chromium")
@pytest.mark.cold  # a first visit: Python is not in the browser yet
def test_the_download_note_goes_once_a_grade_has_come_back(page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    challenge = page.get_by_role("region", name="Desafío")
    note = challenge.get_by_text(NOTE)
    expect(note).to_be_visible()
    challenge.get_by_role("button", name="Comprobar").click()
    expect(challenge.get_by_role("status")).to_have_text(SPANISH.verdict(),
                                                         timeout=START)
    expect(note).to_be_hidden()



@pytest.mark.one_engine("firefox")
@pytest.mark.cold
def test_a_cells_download_note_goes_once_it_has_run(page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    first, second = page.get_by_role("region", name="Celda 1"), page.get_by_role("region", name="Celda 2")
    note = first.get_by_text(NOTE)
    expect(note).to_be_visible()
    first.get_by_role("button", name="Ejecutar").click()
    expect(first.get_by_role("status")).to_have_text("Ejecución terminada.", timeout=START)
    expect(note).to_be_hidden()
    # Said once, under the first cell: another's first run says the download in its status.
    expect(second.get_by_text(NOTE)).to_have_count(0)
    expect(second.get_by_text("Celda 2", exact=True)).to_be_visible()  # its name, above its code


@pytest.mark.one_engine("chromium")
def test_a_later_visit_shows_no_download_note(page: Page, site_url, lesson_path):
    """The session's warm context already keeps Python (its memory snapshot)."""
    open_lesson(page, site_url + lesson_path)
    expect(page.get_by_text(NOTE).first).to_be_attached()  # under every cell and the challenge, hidden
    expect(page.get_by_text(NOTE).filter(visible=True)).to_have_count(0)
