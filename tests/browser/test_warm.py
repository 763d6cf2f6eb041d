"""The suite's own warm start (tests/browser/warm.py): a host warmed with a copy of the
session's memory snapshot, and a fresh context seeded with it, start Python from that
snapshot and run a cell. Were the copy refused, every test there would quietly pay a first
visit's start."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lesson_page import cell, ejecutar_and_wait, open_lesson, output, replace_code


def expect_a_cell_runs_from_the_snapshot(page: Page, url: str) -> None:
    open_lesson(page, url)
    region = cell(page, 1)
    replace_code(page, region, 1, "print(6 * 7)\n")
    ejecutar_and_wait(region)
    expect(output(region)).to_have_text("42")
    expect(page.locator("html")).to_have_attribute("data-python-snapshot", "loaded")


@pytest.mark.slow
def test_a_host_warmed_with_the_copy_starts_from_it(page: Page, subpath_site_url, lesson_path):
    expect_a_cell_runs_from_the_snapshot(page, subpath_site_url + lesson_path)


@pytest.mark.slow
@pytest.mark.seeded
@pytest.mark.browser_context_args(viewport={"width": 375, "height": 740})
def test_a_seeded_context_starts_from_the_copy(page: Page, plain_site_url, lesson_path):
    expect_a_cell_runs_from_the_snapshot(page, plain_site_url + lesson_path)
