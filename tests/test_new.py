"""`build.py new COURSE/LESSON`: the lesson it makes builds, grades its reference and rejects
the wrong solutions of its corpus; it is listed in course.toml; nothing is written over."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

from lessonsite.builder import build_site
from lessonsite.layout import ROOT, BuildError
from lessonsite.runtime import grade
from lessonsite.scaffold import new_lesson


@pytest.fixture
def layout(fixture_layout, checks):
    """The fixture course with the repository's runtime (the grader the template's checks use),
    its own lesson's challenge with checks."""
    return fixture_layout


SHARED = {
    # Python's own words and the grader's API, which both templates use.
    "and", "arguments", "as", "baseprobe", "break", "calls", "case", "cases", "check", "checks", "class",
    "course", "d", "def", "describe", "differential", "edges", "else", "files", "filter", "for", "fresh",
    "from", "g", "generators", "grading", "if", "import", "in", "integers", "lambda", "len", "lesson",
    "lessonrt", "lists", "map", "max", "not", "print", "probe", "random", "range", "reference", "return",
    "self", "signature", "size", "sort", "sum", "super", "verify", "while",
    # Names the same in both languages.
    "i", "n", "ns", "p", "x", "total", "recursion",
}
"""The words of the Spanish template an English lesson may keep."""


def words_of(files) -> set[str]:
    """The lowercase words of the lesson's file names, its Python's identifiers and the check
    ids its corpus headers name: every name an author reads and copies."""
    import io
    import re
    import tokenize

    words: set[str] = set()
    for path in files:
        if path.name == "course.toml":
            continue
        words |= set(re.findall(r"[a-z]+", path.stem.lower()))
        if path.suffix == ".py":
            text = path.read_text(encoding="utf-8")
            for token in tokenize.generate_tokens(io.StringIO(text).readline):
                if token.type == tokenize.NAME:
                    words |= set(re.findall(r"[a-z]+", token.string.lower()))
            words |= set(re.findall(r"^# fails: (\S+)", text, re.MULTILINE))
    return words


def lessons_of(layout, course):
    return tomllib.loads((layout.web_courses / course / "course.toml").read_text(encoding="utf-8"))["lessons"]


def test_a_new_lesson_in_an_existing_course_builds_and_grades(layout, tmp_path, capsys):
    written = new_lesson(layout, "demo/sumas")
    folder = layout.web_courses / "demo" / "sumas"
    assert lessons_of(layout, "demo") == ["primera", "sumas"]
    assert {p.relative_to(folder).as_posix() for p in written if p.is_relative_to(folder)} >= {
        "lesson.toml", "lesson.md", "celda1.py", "desafio.py", "checks.py"}
    assert len(list((folder / "corpus" / "accept").glob("*.py"))) >= 4
    assert len(list((folder / "corpus" / "reject").glob("*.py"))) >= 12

    # A new course in English (--lang en): its lesson's prose, names and checks in English.
    english_files = new_lesson(layout, "english/first-steps", lang="en")
    # Not one name of it is Spanish: of every word in the Spanish lesson's file names,
    # identifiers and check ids, the English one keeps only those both languages share.
    spanish, english = words_of(written), words_of(english_files)
    assert english & spanish <= SHARED, sorted(english & spanish - SHARED)
    assert {p.name for p in english_files} >= {"cell1.py", "challenge.py", "for_loop.py", "hangs_in_while.py"}
    assert tomllib.loads((layout.web_courses / "english" / "course.toml").read_text("utf-8"))["lang"] == "en"

    # The build grades the corpus: each accepted file passes, each rejected one fails as its
    # header says. The page has the lesson's title, its cells (a file's, one written inside
    # lesson.md), quiz and challenge. One course in each language: the build first asks
    # which the front page speaks.
    with pytest.raises(BuildError, match=r"write web/courses/site\.toml with lang = "):
        build_site(layout, tmp_path / "dist")
    (layout.web_courses / "site.toml").write_text('lang = "es"\n', encoding="utf-8")
    result = build_site(layout, tmp_path / "dist")
    page = (result.out / "courses" / "demo" / "sumas" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Sumas</h1>" in page
    for name in ('<html lang="es">', '<p class="cell-name" id="celda1-name">Celda 1</p>',
                 '<section class="cell" aria-labelledby="celda2-name" data-cell="celda2">', "¿Cuál de estos números es par?",
                 "def suma_pares(numeros):"):
        assert name in page
    page = (result.out / "courses" / "english" / "first-steps" / "index.html").read_text(encoding="utf-8")
    for name in ('<html lang="en">', "<h1>First steps</h1>", '<p class="cell-name" id="cell1-name">Cell 1</p>', 'data-cell="cell2"', "Which of these numbers is even?",
                 "def sum_evens(numbers):", ">Run<", ">Check answer<"):
        assert name in page
    english = layout.web_courses / "english" / "first-steps"
    solved_en = tmp_path / "solution.py"
    solved_en.write_text((english / "challenge.py").read_text(encoding="utf-8").replace(
        "    ...\n", "    return sum(n for n in numbers if n % 2 == 0)\n"), encoding="utf-8")
    assert grade(solved_en, layout, challenge="english/first-steps") == 0
    assert "1 of 1 check passed" in capsys.readouterr().out
    assert grade(english / "challenge.py", layout, challenge="english/first-steps") == 1
    capsys.readouterr()

    # `build.py grade`: the reference passes, the starter code as it is does not.
    starter = (folder / "desafio.py").read_text(encoding="utf-8")
    solved = tmp_path / "solucion.py"
    solved.write_text(starter.replace("    ...\n", "    return sum(n for n in numeros if n % 2 == 0)\n"),
                      encoding="utf-8")
    assert grade(solved, layout, challenge="demo/sumas") == 0
    assert "1 de 1 prueba superada" in capsys.readouterr().out
    assert grade(folder / "desafio.py", layout, challenge="demo/sumas") == 1
    assert "0 de 1 prueba superada" in capsys.readouterr().out


def test_a_lesson_is_in_its_courses_language(layout):
    with pytest.raises(BuildError, match="course is in 'es', not 'en'"):
        new_lesson(layout, "demo/otra", lang="en")
    with pytest.raises(BuildError, match="no catalogs for that language"):
        new_lesson(layout, "nuevo/primera", lang="xx")
    assert not (layout.web_courses / "demo" / "otra").exists()


def test_a_new_course_gets_its_course_toml(layout):
    new_lesson(layout, "otro-curso/primeros-pasos")
    assert lessons_of(layout, "otro-curso") == ["primeros-pasos"]
    card = tomllib.loads((layout.web_courses / "otro-curso" / "primeros-pasos" / "lesson.toml").read_text("utf-8"))
    assert card["title"] == "Primeros pasos"


def test_it_never_writes_over_a_lesson(layout):
    folder = layout.web_courses / "demo" / "primera"
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    course = (layout.web_courses / "demo" / "course.toml").read_text(encoding="utf-8")
    with pytest.raises(BuildError, match=r"demo/primera already exists: `new` never writes over a lesson"):
        new_lesson(layout, "demo/primera")
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    assert (layout.web_courses / "demo" / "course.toml").read_text(encoding="utf-8") == course


def test_a_bad_name_says_how_to_write_one(layout):
    with pytest.raises(BuildError, match=r"name the lesson as COURSE/LESSON"):
        new_lesson(layout, "Demo/Mi Lección")
    assert not (layout.web_courses / "Demo").exists()


def test_the_command_line_refuses_in_english_and_exits_1():
    proc = subprocess.run([sys.executable, str(ROOT / "build.py"), "new", "llm-agents/el-bucle"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 1
    assert "web/courses/llm-agents/el-bucle already exists" in proc.stderr
