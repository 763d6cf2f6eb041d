"""`build.py new COURSE/LESSON`: a new lesson folder from the template in plantilla/, listed
in its course's course.toml (the course is made when it does not exist yet).

The template is a whole lesson that builds and grades: lesson.toml with one quiz question,
lesson.md with one cell and a challenge, checks.py with one differential check against the
course file that holds the reference (the course's solution the page shows, one copy), and a corpus of 4 accepted and 12 rejected solutions, each wrong in a
way of its own. Only lesson.toml's title is filled in; the rest is copied as it is.

The template is written in Spanish; a folder named after another language (plantilla/en/)
holds that language's prose (lesson.toml, lesson.md, the cell, the challenge's start and the
course's solution), laid over it; FILES says what the copied files are named in that language,
and LOCAL what else changes in the copied Python: the names the lesson teaches, the check's
id and title, so the checks and the corpus stay one set and no name is left in Spanish.
A new course is in the language `--lang` names (Spanish by default); a lesson added to an
existing course is in that course's.
"""

from __future__ import annotations

import re
import shutil
import string
import tomllib
from pathlib import Path

from .languages import LANGUAGES
from .layout import BuildError, Layout, rel

TEMPLATE = Path(__file__).resolve().parent / "plantilla"
"""The lesson every `new` starts from."""

TEMPLATE_LANG = "es"
"""The language plantilla/'s own files are written in."""

LOCAL: dict[str, dict[str, str]] = {
    "en": {"suma_pares": "sum_evens", "numeros": "numbers", "pares": "evens", "referencia": "reference",
           "primero": "first", "contrato": "contract", "CONTRATO": "CONTRACT",
           "Cualquier lista de enteros": "Any list of integers"},
}
"""Per language, the words of the copied Python (names, as whole words, the check's id and
its title) said in that language."""

FILES: dict[str, dict[str, str]] = {
    "en": {"celda1.py": "cell1.py", "desafio.py": "challenge.py",
           "corpus/accept/bucle_for.py": "corpus/accept/for_loop.py",
           "corpus/accept/generador.py": "corpus/accept/generator.py",
           "corpus/reject/cuelga_while.py": "corpus/reject/hangs_in_while.py",
           "corpus/reject/cuenta_pares.py": "corpus/reject/counts_evens.py",
           "corpus/reject/devuelve_la_lista.py": "corpus/reject/returns_the_list.py",
           "corpus/reject/empieza_en_uno.py": "corpus/reject/starts_at_one.py",
           "corpus/reject/imprime.py": "corpus/reject/prints.py",
           "corpus/reject/ordena_la_lista.py": "corpus/reject/sorts_the_list.py",
           "corpus/reject/para_en_el_impar.py": "corpus/reject/stops_at_an_odd.py",
           "corpus/reject/salta_el_primero.py": "corpus/reject/skips_the_first.py",
           "corpus/reject/salta_el_ultimo.py": "corpus/reject/skips_the_last.py",
           "corpus/reject/solo_positivos.py": "corpus/reject/only_positives.py",
           "corpus/reject/suma_impares.py": "corpus/reject/sums_the_odds.py",
           "corpus/reject/suma_todos.py": "corpus/reject/sums_them_all.py"},
}
"""Per language, the copied files' names said in that language (the language's own lesson.md
names its cell's and its challenge's)."""

SAYS: dict[str, dict[str, str]] = {
    "en": {"no ha terminado": "did not finish", "devuelve": "returns", "dejó": "left", "como": "as"},
}
"""Per language, the grader's words a corpus file's `# says:` quotes, said as the grader says
them in that language (lessonrt's catalog)."""

NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
"""A course's or a lesson's folder name: it is part of the URL and of the challenge's key."""


def title_of(slug: str) -> str:
    """A first title from a folder name: "mi-leccion" -> "Mi leccion"."""
    return slug.replace("-", " ").capitalize()


def parse_target(target: str) -> tuple[str, str]:
    """("course", "lesson") from "COURSE/LESSON", or a BuildError that says how to write it."""
    parts = target.strip("/").split("/")
    if len(parts) != 2 or not all(NAME.fullmatch(p) for p in parts):
        raise BuildError(f"{target!r}: name the lesson as COURSE/LESSON, each lowercase letters and digits "
                         "joined by '-', like `python build.py new my-course/first-steps`")
    return parts[0], parts[1]


def add_to_course(course_toml: Path, lesson: str) -> None:
    """Append `lesson` to course.toml's `lessons`, keeping the rest of the file as it is."""
    text = course_toml.read_text(encoding="utf-8")
    try:
        lessons = tomllib.loads(text).get("lessons")
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"{rel(course_toml)}: not valid TOML ({error}); fix it, then run `new` again") from None
    if lesson in (lessons or []):
        raise BuildError(f"{rel(course_toml)}: already lists {lesson!r} in `lessons`, but its folder does not "
                         "exist; take it out of `lessons` or choose another name")
    listing = re.compile(r"^lessons\s*=\s*\[(?P<items>[^\]]*)\]", re.MULTILINE)
    match = listing.search(text)
    if match is None or not isinstance(lessons, list):
        raise BuildError(f"{rel(course_toml)}: no `lessons = [...]` to add {lesson!r} to; write the lessons "
                         "in order there, as in `lessons = [\"first\"]`")
    items = match["items"].rstrip()
    joined = f'{items.rstrip(",")}, "{lesson}"' if items.strip() else f'"{lesson}"'
    text = text[:match.start("items")] + joined + text[match.end("items"):]
    if tomllib.loads(text).get("lessons") != [*lessons, lesson]:  # pragma: no cover - a guard on the edit
        raise BuildError(f"{rel(course_toml)}: could not add {lesson!r} to `lessons`; add it by hand")
    course_toml.write_text(text, encoding="utf-8")


def course_language(course_toml: Path, asked: str | None) -> str:
    """The new lesson's language: its course's (course.toml's lang) when the course exists,
    else `asked`, else the template's. Asking for another language than an existing course's
    is an error, as is a language without catalogs."""
    if asked is not None and asked not in LANGUAGES:
        raise BuildError(f"--lang {asked}: no catalogs for that language; available: {', '.join(LANGUAGES)} "
                         "(see web/docs/languages.md)")
    if not course_toml.is_file():
        return asked or TEMPLATE_LANG
    try:
        lang = tomllib.loads(course_toml.read_text(encoding="utf-8")).get("lang")
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"{rel(course_toml)}: not valid TOML ({error}); fix it, then run `new` again") from None
    if asked is not None and lang != asked:
        raise BuildError(f"{rel(course_toml)}: the course is in {lang!r}, not {asked!r}: a lesson is in its "
                         "course's language; leave out --lang, or make a new course")
    return lang if lang in LANGUAGES else TEMPLATE_LANG


def localise(folder: Path, template: Path, lang: str) -> None:
    """Lay the language's own files (template/<lang>/) over the copied lesson and say the
    copied Python's names and titles in it (LOCAL)."""
    if lang == TEMPLATE_LANG:
        return
    words = LOCAL.get(lang, {})
    pattern = re.compile("|".join(rf"\b{re.escape(word)}\b" for word in sorted(words, key=len, reverse=True)))
    says = SAYS.get(lang, {})
    quoted = re.compile("|".join(rf"\b{re.escape(word)}\b" for word in sorted(says, key=len, reverse=True)))

    def say(line: str) -> str:
        return quoted.sub(lambda m: says[m.group(0)], line) if says and line.startswith("# says:") else line

    for old, new in FILES.get(lang, {}).items():
        (folder / old).rename(folder / new)
    for path in folder.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if words:
            text = pattern.sub(lambda m: words[m.group(0)], text)
        path.write_text("".join(say(line) for line in text.splitlines(keepends=True)), encoding="utf-8")
    own = template / lang
    if own.is_dir():
        for path in own.iterdir():
            if path.is_file() and path.name != "solucion.py":
                shutil.copyfile(path, folder / path.name)


def new_lesson(layout: Layout, target: str, template: Path = TEMPLATE, lang: str | None = None) -> list[Path]:
    """Create web/courses/<course>/<lesson>/ from `template` and list it in the course's
    course.toml (created, with the course's first title, when the course is new). The lesson
    is in its course's language, or for a new course in `lang` (course_language). Refuses a
    lesson folder that exists. Returns the files written, course.toml last."""
    course, lesson = parse_target(target)
    course_folder = layout.web_courses / course
    folder = course_folder / lesson
    if folder.exists():
        raise BuildError(f"{rel(folder)} already exists: `new` never writes over a lesson; "
                         "choose another name, or delete that folder first")
    course_toml = course_folder / "course.toml"
    lang = course_language(course_toml, lang)
    if course_toml.is_file():
        add_to_course(course_toml, lesson)  # first: a course.toml it cannot edit leaves no folder behind
    else:
        course_folder.mkdir(parents=True, exist_ok=True)
        course_toml.write_text(f'title = "{title_of(course)}"\nlang = "{lang}"\nlessons = ["{lesson}"]\n', encoding="utf-8")
    languages = {path.name for path in template.iterdir() if path.is_dir() and path.name in LANGUAGES}
    shutil.copytree(template, folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "solucion.py", *languages))
    localise(folder, template, lang)
    card = folder / "lesson.toml"
    card.write_text(string.Template(card.read_text(encoding="utf-8")).substitute(
        title=title_of(lesson), solution=f"{lesson}.py"), encoding="utf-8")
    checks = folder / "checks.py"
    checks.write_text(checks.read_text(encoding="utf-8").replace("${solution}", f"{lesson}.py"), encoding="utf-8")
    # The course's solution, which the page shows beside the learner's code ([challenge] in
    # lesson.toml names it): a course file, as a real course's reference is.
    solution = layout.py_courses / course / f"{lesson}.py"
    written = []
    if not solution.exists():
        solution.parent.mkdir(parents=True, exist_ok=True)
        own = template / lang / "solucion.py"
        shutil.copyfile(own if lang != TEMPLATE_LANG and own.is_file() else template / "solucion.py", solution)
        written.append(solution)
    return [*sorted(p for p in folder.rglob("*") if p.is_file()), *written, course_toml]
