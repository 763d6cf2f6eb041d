"""Smoke test of a stuck learner's help in WebKit (Safari's engine): a failed Comprobar
brings «Pista», which reveals the first hint; after a pass, «Ver la solución del curso»
shows the course's bucle beside the learner's with the differing lines marked."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.test_grader import CORPUS
from tests.webkit.test_webkit import click, comprobar, get, lesson, named, text, wait  # noqa: F401 (lesson: a fixture)

ROOT = Path(__file__).resolve().parents[2]
HELP = tomllib.loads((ROOT / "web" / "courses" / "llm-agents" / "el-bucle" / "lesson.toml")
                     .read_text(encoding="utf-8"))["challenge"]


def test_a_hint_after_a_failure_and_the_solution_after_a_pass(lesson: WebDriver):
    region = get(lesson, lesson, "region", "Desafío")
    assert not named(region, "button", "Pista")
    comprobar(lesson, CORPUS / "reject" / "tope_mas_uno.py")
    click(lesson, get(lesson, region, "button", "Pista"))
    hints = get(lesson, region, "region", "Pistas")
    first = wait(lesson).until(lambda _: hints.find_elements(By.CSS_SELECTOR, ".hint"), "no hint shown")
    assert [text(p) for p in first] == [f"Pista 1 de {len(HELP['hints'])}: {HELP['hints'][0].replace('`', '')}"]

    good = CORPUS / "accept" / "for_range.py"
    comprobar(lesson, good)
    click(lesson, get(lesson, region, "button", "Ver la solución del curso"))
    solution = get(lesson, region, "region", "Solución del curso")
    left, right = solution.find_elements(By.CSS_SELECTOR, "figure pre")
    mine = good.read_text(encoding="utf-8").rstrip("\n").split("\n")
    shown = [text(line) for line in left.find_elements(By.CSS_SELECTOR, ".diff-line")]
    assert shown == mine[next(i for i, line in enumerate(mine) if line.startswith("def bucle(")):]
    # for_range.py's bucle is the course's with the docstring left out and one comment
    # more: only those lines are marked.
    assert [text(x) for x in left.find_elements(By.CSS_SELECTOR, "del")] == [shown[1]]
    added = [text(x) for x in right.find_elements(By.CSS_SELECTOR, "ins")]
    assert len(added) == 3 and all(re.search(r'"""|^\s{4}\S', line) for line in added)
