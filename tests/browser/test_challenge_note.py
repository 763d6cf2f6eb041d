"""The challenge's note about the first download («unos 15 MB») speaks of a download that
has not happened yet: once a grade has come back, Python is loaded and the note goes."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from lesson_page import START, open_lesson


def test_the_download_note_goes_once_a_grade_has_come_back(page: Page, site_url, lesson_path):
    open_lesson(page, site_url + lesson_path)
    challenge = page.get_by_role("region", name="Desafío")
    note = challenge.get_by_text("unos 15 MB")
    expect(note).to_be_visible()
    challenge.get_by_role("button", name="Comprobar").click()
    expect(challenge.get_by_role("status")).to_have_text(re.compile(r"^\d+ de \d+ pruebas superadas$"),
                                                         timeout=START)
    expect(note).to_be_hidden()
