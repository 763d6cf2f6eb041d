"""The build and a challenge's help for a stuck learner (lesson.toml's [challenge], see
py/lessonsite/challenge_help.py and web/docs/help-for-learners.md): what reaches the page,
and every missing or malformed entry stopped with lesson.toml's name and line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from lessonsite.challenge_help import function_source
from lessonsite.content import load_lesson
from lessonsite.layout import BuildError, Layout
from lessonsite.render import render_fragment

ROOT = Path(__file__).resolve().parents[1]

GOOD = '''[challenge]
hints = ["¿Qué operación da el doble?", "Multiplica `n` por 2."]
solution = "apoyo.py:doble"
solution_note = "Una sola línea."
'''


def render(layout: Layout) -> tuple[str, dict]:
    return render_fragment(load_lesson(layout.web_courses / "demo" / "primera", "demo"), layout)


def with_challenge(lesson: Path, table: str) -> Path:
    """lesson.toml with its [challenge] table replaced by `table` (which may be empty)."""
    path = lesson / "lesson.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\[challenge\]\n(?:[^\[\n].*\n|\n)*", table + "\n", text, count=1)
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_the_hints_and_the_course_solution_reach_the_page(fixture_layout, fixture_lesson):
    with_challenge(fixture_lesson, GOOD)
    body, data = render(fixture_layout)
    assert data["challenge"]["hints"] == 2
    assert data["challenge"]["solution"] == {"function": "doble", "after": 3}  # the default threshold
    hints = re.search(r'<template class="challenge-hint-texts">(.*?)</template>', body, re.S)[1]
    assert "Pista 2 de 2:</span> Multiplica <code>n</code> por 2." in hints
    solution = re.search(r'<template class="challenge-solution-code">(.*?)</template>', body, re.S)[1]
    assert '<p class="solution-note">Una sola línea.</p>' in solution
    # apoyo.py's doble, line by line, drawn with Pygments as every piece of code is.
    lines = re.findall(r'<span class="code-line">(.*?)</span>(?=<span class="code-line">|$)', solution, re.S)
    assert len(lines) == 3
    assert lines[0] == '<span class="tok-k">def</span> <span class="tok-nf">doble</span>(n):'
    assert lines[2] == '    <span class="tok-k">return</span> <span class="tok-mi">2</span> * n'


@pytest.mark.parametrize("table, key, message", [
    ("", None, r"missing: a lesson with a \{challenge\} needs a \[challenge\] table"),
    ('[challenge]\nsolution = "apoyo.py:doble"\nsolution_note = "x"', "[challenge]",
     r"needs `hints = \[\"...\", ...\]`"),
    ('[challenge]\nhints = []\nsolution = "apoyo.py:doble"\nsolution_note = "x"', "hints",
     r"`hints` must be a non-empty array of strings"),
    ('[challenge]\nhints = "una"\nsolution = "apoyo.py:doble"\nsolution_note = "x"', "hints",
     r"`hints` must be a non-empty array of strings"),
    ('[challenge]\nhints = [\n  "una",\n  "  ",\n]\nsolution = "apoyo.py:doble"\nsolution_note = "x"', "hints",
     r"hint 2 must be a non-empty string"),
    ('[challenge]\nhints = ["una", "una"]\nsolution = "apoyo.py:doble"\nsolution_note = "x"', "hints",
     r"two hints say the same"),
    ('[challenge]\nhints = ["una"]\nsolution_note = "x"', "[challenge]",
     r"needs `solution = \"file.py:function\"`"),
    ('[challenge]\nhints = ["una"]\nsolution = "apoyo.doble"\nsolution_note = "x"', "solution =",
     r"solution = 'apoyo.doble': write it \"file.py:function\""),
    ('[challenge]\nhints = ["una"]\nsolution = "falta.py:doble"\nsolution_note = "x"', "solution =",
     r"solution names falta.py, but .*py/courses/demo/falta.py does not exist"),
    ('[challenge]\nhints = ["una"]\nsolution = "apoyo.py:triple"\nsolution_note = "x"', "solution =",
     r".*py/courses/demo/apoyo.py has no top-level `def triple`"),
    ('[challenge]\nhints = ["una"]\nsolution = "apoyo.py:AYUDA"\nsolution_note = "x"', "solution =",
     r".*apoyo.py has no top-level `def AYUDA`"),
    ('[challenge]\nhints = ["una"]\nsolution = "apoyo.py:doble"', "[challenge]",
     r"needs `solution_note = \"...\"`"),
    ('[challenge]\nhints = ["una"]\nsolution = "apoyo.py:doble"\nsolution_note = ""', "solution_note",
     r"needs `solution_note"),
    ('[challenge]\nhints = ["una"]\nsolution = "apoyo.py:doble"\nsolution_note = "x"\nsolution_after = 0',
     "solution_after", r"solution_after = 0: the number of failed attempts .* >= 1"),
    ('[challenge]\nhints = ["una"]\nsolution = "apoyo.py:doble"\nsolution_note = "x"\nsolution_after = "3"',
     "solution_after", r"solution_after = '3'"),
    ('[challenge]\nhints = ["una"]\nsolution = "apoyo.py:doble"\nsolution_note = "x"\npistas = ["b"]',
     "pistas", r"unknown key\(s\) pistas; allowed: hints, solution, solution_note, solution_after"),
], ids=["no-table", "no-hints", "empty-hints", "hints-not-array", "blank-hint", "same-hint", "no-solution",
        "solution-shape", "solution-file", "solution-function", "solution-not-a-def", "no-note", "blank-note",
        "after-zero", "after-text", "unknown-key"])
def test_a_missing_or_malformed_entry_stops_the_build_at_its_line(fixture_layout, fixture_lesson, table, key,
                                                                   message):
    toml = with_challenge(fixture_lesson, table)
    with pytest.raises(BuildError) as caught:
        render(fixture_layout)
    where = (r"primera/lesson\.toml" if key is None
             else rf"primera/lesson\.toml:{line_of(toml, key)}")
    assert re.search(rf"{where}: \[challenge\]: {message}", str(caught.value)), str(caught.value)


def test_the_function_is_read_whole_with_its_decorators_and_only_at_top_level(tmp_path):
    source = tmp_path / "curso.py"
    source.write_text("import functools\n\nclass C:\n    def f(self):\n        pass\n\n\n"
                      "@functools.cache\ndef f(n):\n    '''doc\n    on two lines'''\n    return n\n\nX = 1\n",
                      encoding="utf-8")
    assert function_source(source, "f") == ("@functools.cache\ndef f(n):\n    '''doc\n    on two lines'''\n"
                                            "    return n")
    assert function_source(source, "C") is None
    source.write_text("def f(:\n", encoding="utf-8")
    with pytest.raises(BuildError, match=r"curso\.py:1: not valid Python"):
        function_source(source, "f")


@pytest.mark.parametrize("lesson, function", [("el-bucle", "bucle"), ("errores", "ejecutar")])
def test_both_lessons_give_three_or_four_hints_and_the_course_function_as_solution(lesson, function):
    table = tomllib.loads((ROOT / "web" / "courses" / "llm-agents" / lesson / "lesson.toml")
                          .read_text(encoding="utf-8"))["challenge"]
    assert 3 <= len(table["hints"]) <= 4
    file, name = table["solution"].split(":")
    assert name == function
    assert function_source(ROOT / "py" / "courses" / "llm-agents" / file, name).startswith(f"def {function}(")
