"""Lessons and courses as authors write them: course.toml, lesson.toml (with its quiz) and the
lesson folder, loaded and validated, every error naming the file and line to fix.
"""

from __future__ import annotations

import ast
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .glossary import load_glossary, slug as glossary_slug
from .languages import LANGUAGES
from .layout import BuildError, check_python, rel
from .packages import Pin, canonical, parse_pins
from .prose import directives
from .quiz import OPTION_ID, option_id, reveals, revision


@dataclass
class Lesson:
    """One lesson folder, loaded and validated: web/courses/<course>/<slug>/."""

    course: str
    slug: str
    folder: Path
    title: str
    minutes: int
    meta: dict[str, Any]
    quiz: list[dict[str, Any]]
    prose: str
    packages: list[Pin] = field(default_factory=list)
    """The course's pins, then the lesson's own (lessonsite.packages)."""
    lang: str = "en"
    """Its course's language (course.toml's lang)."""
    glossary: list = field(default_factory=list)
    """Its course's glossary terms (lessonsite.glossary), which its prose links."""

    @property
    def prose_path(self) -> Path:
        """lesson.md: the lesson's prose, Markdown with its blocks as directives (see prose)."""
        return self.folder / "lesson.md"


@dataclass
class Course:
    """One course folder: course.toml (title, lesson order) and its lessons in that order."""

    slug: str
    folder: Path
    title: str
    # The BCP 47 tag of the course's language: the words the page and the grader show.
    lang: str = "en"
    lessons: list[Lesson] = field(default_factory=list)
    packages: list[Pin] = field(default_factory=list)
    glossary: list = field(default_factory=list)
    """glossary.toml's terms, if the course keeps one (lessonsite.glossary)."""


@dataclass(frozen=True)
class Cell:
    """One of a lesson's code cells, as lesson.md places it: its code is a file of the folder
    (```{cell} celda1.py) or the block's own body (an inline cell)."""

    key: str
    """Its id in the page: the learner's edits are kept under it, and tracebacks name the cell
    by it (`celda1` -> <Celda 1>). A file cell's is its file's stem; an inline cell's, its name's
    (cell_key)."""
    name: str
    """:name:, the cell's accessible name."""
    code: str
    """The code as the page shows it, without blank lines at its end."""
    source: Path
    """Where the code is written: the cell's file, or lesson.md."""
    first_line: int
    """The line of `source` that is the code's line 1."""
    line: int
    """The line of lesson.md where the block opens."""

    @property
    def inline(self) -> bool:
        return self.source.name == "lesson.md"

    def where(self, line: int = 1) -> str:
        """`source:N` for the code's line `line`, for a build error."""
        return f"{rel(self.source)}:{self.first_line + line - 1}"


def cell_key(name: str) -> str:
    """An inline cell's key, from its :name:: «Celda 3» -> celda3, as the file celda3.py would
    give it, so that its tracebacks read <Celda 3>; «Primer ejemplo» -> primer-ejemplo."""
    ascii = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", ascii)
    if len(words) > 1 and words[-1].isdigit():
        words[-2:] = [words[-2] + words[-1]]
    return "-".join(words)


def lesson_cells(lesson: Lesson) -> list[Cell]:
    """The lesson's cells in the order its page shows them: the one place that reads them, for
    the page, the build's checks, the standard library's trace and the tests. Each is checked
    here: a file cell's file exists, an inline cell's code parses (a SyntaxError is reported at
    its line of lesson.md), and no two cells share a key."""
    cells: list[Cell] = []
    for block in directives(lesson.prose, lesson.prose_path):
        if block.name != "cell":
            continue
        name = block.options["name"]
        if block.argument:
            file = block.argument
            if not file.endswith(".py") or "/" in file or " " in file:
                raise BuildError(f"{block.where()}: {{cell}} {file}: name a Python file of this folder, "
                                 "as in ```{cell} celda1.py")
            path = lesson.folder / file
            if not path.is_file():
                raise BuildError(f"{block.where()}: {{cell}} {file} names a file that does not exist "
                                 f"({rel(path)}); create it or correct the name")
            check_python(path)
            cell = Cell(key=path.stem, name=name, code=path.read_text(encoding="utf-8").rstrip(), source=path,
                        first_line=1, line=block.line)
        else:
            key = cell_key(name)
            if not key:
                raise BuildError(f"{block.where()}: :name: {name!r} has no letter or digit to make the cell's "
                                 "id of; name it in words, as :name: Celda 2")
            cell = Cell(key=key, name=name, code=block.body, source=lesson.prose_path,
                        first_line=block.body_line, line=block.line)
            # The page would show a cell that can never run: the build says so, as for a file.
            check_python(lesson.prose_path, cell.code, cell.first_line)
        twin = next((other for other in cells if other.key == cell.key), None)
        if twin is not None:
            raise BuildError(f"{block.where()}: cell {cell.key!r} is also the cell at line {twin.line}"
                             + (" (an inline cell's id comes from its :name:)" if cell.inline or twin.inline else "")
                             + "; give each {cell} a file and a :name: of its own")
        cells.append(cell)
    return cells


def load_toml(path: Path, what: str) -> dict[str, Any]:
    """Parse a TOML file; a missing file or bad syntax becomes a BuildError naming it."""
    if not path.is_file():
        raise BuildError(f"{rel(path)}: missing ({what})")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        # 3.11's TOMLDecodeError has no lineno attribute: its message ends "(at line N, column M)".
        found = re.search(r"\(at line (\d+), column \d+\)$", str(error))
        where = f"{rel(path)}:{found[1]}" if found else rel(path)
        raise BuildError(f"{where}: not valid TOML ({error}); fix the syntax at that line") from None


def toml_table_line(text: str, name: str, index: int) -> int:
    """Line (1-based) of the index-th `[[name]]` header in TOML text; 0 when not found."""
    headers = [i for i, line in enumerate(text.splitlines(), 1)
               if re.match(rf"\s*\[\[\s*{re.escape(name)}\s*\]\]", line)]
    return headers[index] if index < len(headers) else 0


def toml_question_line(text: str, question: int, key: str) -> int:
    """Line (1-based) of `key = ...` in the question-th `[[quiz]]`, before its options; else
    the question's header line."""
    lines = text.splitlines()
    header = toml_table_line(text, "quiz", question)
    for i in range(header + 1, len(lines) + 1) if header else ():
        if re.match(r"\s*\[", lines[i - 1]):
            break
        if re.match(rf"\s*{re.escape(key)}\s*=", lines[i - 1]):
            return i
    return header


def toml_option_line(text: str, question: int, option: int, key: str | None = None) -> int:
    """Line (1-based) of the option-th `[[quiz.options]]` of the question-th `[[quiz]]`, or of
    its `key = ...` line when given and found there; 0 when not found."""
    lines = text.splitlines()
    start = toml_table_line(text, "quiz", question)
    if not start:
        return 0
    end = toml_table_line(text, "quiz", question + 1) or len(lines) + 1
    headers = [i for i in range(start + 1, end)
               if re.match(r"\s*\[\[\s*quiz\.options\s*\]\]", lines[i - 1])]
    if option >= len(headers):
        return 0
    header = headers[option]
    if key is not None:
        stop = next((i for i in range(header + 1, end) if re.match(r"\s*\[", lines[i - 1])), end)
        for i in range(header + 1, stop):
            if re.match(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=", lines[i - 1]):
                return i
    return header


def toml_question_line(text: str, question: int, key: str) -> int:
    """Line (1-based) of `key = ...` in the question-th `[[quiz]]`'s own table (before its
    options); 0 when not found."""
    lines = text.splitlines()
    start = toml_table_line(text, "quiz", question)
    if not start:
        return 0
    for i in range(start + 1, len(lines) + 1):
        if re.match(r"\s*\[", lines[i - 1]):
            return 0
        if re.match(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=", lines[i - 1]):
            return i
    return 0


QUIZ_KINDS = ("single", "multi", "number")


QUIZ_KEYS = {"id", "kind", "prompt", "options", "answer", "tolerance", "explanation", "note", "hint_not_number",
             "nudge"}


OPTION_KEYS = {"id", "text", "correct", "feedback", "nudge"}


LESSON_KEYS = {"title", "minutes", "summary", "widget", "challenge", "quiz", "packages"}


COURSE_KEYS = {"title", "lang", "lessons", "packages"}


def _number_or(text: str, default: str) -> str:
    try:
        float(text)
    except ValueError:
        return default
    return text.strip()


def validate_quiz(questions: Any, toml_path: Path) -> list[dict[str, Any]]:
    """Check lesson.toml's [[quiz]] entries and return them as the page data carries them.

    Each question has `prompt` and `kind`: "single" (exactly one option `correct = true`),
    "multi" (at least one; graded all or nothing) or "number" (`answer = <number>`, optional
    `tolerance`, optional `hint_not_number`). Choice questions list `[[quiz.options]]` with
    `text`, `correct`, optional `feedback` (shown with the answer), optional `nudge` (shown when
    a learner picks that wrong option) and optional `id` (default: from the text). `id` (stable:
    it is a storage key; default p1, p2, ...), `explanation`, `nudge` (what a wrong answer is
    told, never the answer) and `note` (shown under the question) are optional. Each question
    gets `rev` (lessonsite.quiz.revision), which drops a learner's answer when it changes.
    """
    if questions is None:
        return []
    text = toml_path.read_text(encoding="utf-8")

    def fail(i: int, message: str, line: int = 0) -> BuildError:
        line = line or toml_table_line(text, "quiz", i)
        where = f"{rel(toml_path)}:{line}" if line else rel(toml_path)
        return BuildError(f"{where}: quiz question {i + 1}: {message}")

    if not isinstance(questions, list):
        raise BuildError(f"{rel(toml_path)}: `quiz` must be an array of tables ([[quiz]])")
    result, seen = [], {}
    for i, q in enumerate(questions):
        unknown = set(q) - QUIZ_KEYS
        if unknown:
            raise fail(i, f"unknown key(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(QUIZ_KEYS))}")
        if not isinstance(q.get("prompt"), str) or not q["prompt"].strip():
            raise fail(i, "needs `prompt`, the text of the question")
        kind = q.get("kind")
        if kind not in QUIZ_KINDS:
            raise fail(i, f"kind = {kind!r}; use one of {', '.join(QUIZ_KINDS)}")
        raw_id = q.get("id", f"p{i + 1}")
        if not isinstance(raw_id, str):
            raise fail(i, f"id = {raw_id!r} is a {type(raw_id).__name__}, and an id is a string: write it in "
                          f"quotes, starting with a letter, like id = \"p{raw_id if isinstance(raw_id, int) else i + 1}\"",
                       toml_question_line(text, i, "id"))
        qid = raw_id
        if not re.fullmatch(r"[A-Za-z][\w-]*", qid):
            raise fail(i, f"id = {qid!r}: start it with a letter and use only letters, digits, - and _, "
                          "like id = \"bucle-anterior\"", toml_question_line(text, i, "id"))
        if qid in seen:
            raise fail(i, f"id = {qid!r} is also the id of question {seen[qid] + 1}; give each question its own id "
                          "(ids are the keys the learner's answers are stored under: keep them stable)",
                       toml_question_line(text, i, "id"))
        seen[qid] = i
        for key in ("explanation", "note", "hint_not_number", "nudge"):
            if key in q and not isinstance(q[key], str):
                raise fail(i, f"`{key}` must be a string")
        item: dict[str, Any] = {**q, "id": qid}
        if kind == "number":
            answer = q.get("answer")
            if answer is None:
                raise fail(i, "has no right answer: a number question needs `answer = <number>`")
            if isinstance(answer, str):
                raise fail(i, f"answer = {answer!r} is a string, and a number question's answer is a number: "
                              f"write it without quotes, like answer = {_number_or(answer, '7')}",
                           toml_question_line(text, i, "answer"))
            if isinstance(answer, bool) or not isinstance(answer, (int, float)):
                raise fail(i, f"answer = {answer!r}: a number question's answer is a number, like answer = 7",
                           toml_question_line(text, i, "answer"))
            tolerance = q.get("tolerance", 0)
            if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or tolerance < 0:
                raise fail(i, "`tolerance` must be a number >= 0")
            if "options" in q:
                raise fail(i, "a number question takes `answer`, not `options`")
            item["tolerance"] = tolerance
        else:
            options = q.get("options")
            if not isinstance(options, list) or len(options) < 2:
                raise fail(i, "needs at least two [[quiz.options]] with `text` and `correct`")
            for j, option in enumerate(options):
                if not isinstance(option, dict) or not isinstance(option.get("text"), str):
                    raise fail(i, "each option is a table with `text` (and `correct`, `feedback`)",
                               toml_option_line(text, i, j))
                if set(option) - OPTION_KEYS:
                    # At the misspelt key, inside its option, not at the question's header.
                    wrong = sorted(set(option) - OPTION_KEYS)
                    raise fail(i, f"option {j + 1}: unknown key(s) {', '.join(wrong)}; "
                                  f"allowed: {', '.join(sorted(OPTION_KEYS))}", toml_option_line(text, i, j, wrong[0]))
                if not isinstance(option.get("correct", False), bool):
                    raise fail(i, f"option {option['text']!r}: `correct` must be true or false",
                               toml_option_line(text, i, j, "correct"))
            right = sum(1 for option in options if option.get("correct") is True)
            if right == 0:
                raise fail(i, "has no right answer: mark at least one option with `correct = true`")
            if kind == "single" and right > 1:
                raise fail(i, f"is single choice but has {right} right answers: use kind = \"multi\"")
            if "answer" in q or "tolerance" in q:
                raise fail(i, "a choice question marks options `correct = true`; `answer` is for kind = \"number\"")
            item["options"] = []
            for j, option in enumerate(options):
                oid = option.get("id", option_id(option["text"]))
                if not isinstance(oid, str) or not OPTION_ID.fullmatch(oid):
                    raise fail(i, f"option {j + 1}: id {oid!r} must be lower-case letters, digits and -",
                               toml_option_line(text, i, j, "id"))
                if any(o["id"] == oid for o in item["options"]):
                    raise fail(i, f"option {j + 1}: its id {oid!r} is another option's too; give one of them "
                                  f"`id = \"...\"`", toml_option_line(text, i, j))
                if "nudge" in option and not isinstance(option["nudge"], str):
                    raise fail(i, f"option {j + 1}: `nudge` must be a string", toml_option_line(text, i, j, "nudge"))
                item["options"].append({**option, "id": oid, "correct": option.get("correct") is True})
            for j, option in enumerate(item["options"]):
                if option.get("nudge") and option["correct"]:
                    raise fail(i, f"option {j + 1} is right: a nudge is for a wrong option; say why it is right "
                                  "in `feedback`", toml_option_line(text, i, j, "nudge"))
                given = reveals(item, option.get("nudge", ""))
                if given:
                    raise fail(i, f"option {j + 1}: its nudge gives the answer away ({given}); point at what "
                                  "to look at instead", toml_option_line(text, i, j, "nudge"))
        for key, instead in (("nudge", "point at what to look at instead"),
                             ("hint_not_number", "give an example that is not the answer")):
            given = reveals(item, q.get(key, ""))
            if given:
                raise fail(i, f"its {key} gives the answer away ({given}); {instead}",
                           toml_question_line(text, i, key))
        item["rev"] = revision(item)
        result.append(item)
    return result


def load_lesson(folder: Path, course: str) -> Lesson:
    """Load and validate web/courses/<course>/<slug>/: lesson.toml and lesson.md.

    lesson.toml: `title`, `minutes`, optional `summary` (shown on the index), `widget` (a kind:
    a folder of web/widgets/, see lessonsite.widgets), `[challenge]` table (the help for a stuck learner, see lessonsite.challenge_help), `packages`
    (exact pins, see lessonsite.packages) and `[[quiz]]` (validate_quiz).
    """
    toml_path = folder / "lesson.toml"
    meta = load_toml(toml_path, "every lesson folder needs lesson.toml with title and minutes")
    unknown = set(meta) - LESSON_KEYS
    if unknown:
        raise BuildError(f"{rel(toml_path)}: unknown key(s) {', '.join(sorted(unknown))}; "
                         f"allowed: {', '.join(sorted(LESSON_KEYS))}")
    title, minutes = meta.get("title"), meta.get("minutes")
    if not isinstance(title, str) or not title.strip():
        raise BuildError(f"{rel(toml_path)}: needs `title = \"...\"`")
    if not isinstance(meta.get("summary", ""), str):
        raise BuildError(f"{rel(toml_path)}: `summary` must be a string")
    if not isinstance(meta.get("challenge", {}), dict):
        raise BuildError(f"{rel(toml_path)}: `challenge` must be a table ([challenge])")
    if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes <= 0:
        raise BuildError(f"{rel(toml_path)}: needs `minutes = <whole number>` (reading time)")
    widget = meta.get("widget")
    # Whether the kind exists is known only with the site's widget folders (widgets.kind_for).
    if widget is not None and not isinstance(widget, str):
        raise BuildError(f"{rel(toml_path)}: `widget` must be a string, the name of a widget kind")
    quiz = validate_quiz(meta.get("quiz"), toml_path)
    md_path, html_path = folder / "lesson.md", folder / "lesson.html"
    if html_path.is_file():
        # Left over from before the prose was Markdown: it would be silently ignored.
        raise BuildError(f"{rel(html_path)}: the build no longer reads lesson.html; write the prose in "
                         "lesson.md (Markdown, with ```{cell} file.py blocks: see web/docs/lesson-format.md) "
                         "and delete lesson.html")
    if not md_path.is_file():
        raise BuildError(f"{rel(md_path)}: missing (the lesson's prose, in Markdown)")
    return Lesson(course=course, slug=folder.name, folder=folder, title=title.strip(), minutes=minutes,
                  meta=meta, quiz=quiz, prose=md_path.read_text(encoding="utf-8"),
                  packages=parse_pins(meta.get("packages"), toml_path), lang=course_lang(folder.parent))


def course_lang(folder: Path) -> str:
    """The language course.toml in `folder` names, for a lesson loaded on its own (load_course
    checks it); the source language where there is none to read."""
    try:
        lang = tomllib.loads((folder / "course.toml").read_text(encoding="utf-8")).get("lang")
    except (OSError, tomllib.TOMLDecodeError):
        return "en"
    return lang if lang in LANGUAGES else "en"


def load_course(folder: Path) -> Course:
    """Load web/courses/<course>/course.toml (`title`, `lessons` = ordered folder names,
    optional `packages` every lesson loads) and each lesson it lists. Lesson folders it does not list are an error too."""
    toml_path = folder / "course.toml"
    meta = load_toml(toml_path, "every course folder needs course.toml with title and lessons")
    unknown = set(meta) - COURSE_KEYS
    if unknown:
        first = sorted(unknown)[0]
        line = next((n for n, s in enumerate(toml_path.read_text(encoding="utf-8").splitlines(), 1)
                     if re.match(rf"\s*(\[+\s*)?[\"']?{re.escape(first)}[\"']?\s*(=|\])", s)), 0)
        raise BuildError(f"{rel(toml_path)}{f':{line}' if line else ''}: unknown key(s) {', '.join(sorted(unknown))}; "
                         f"known keys: {', '.join(sorted(COURSE_KEYS))} (see web/docs/lesson-format.md)")
    title, lessons = meta.get("title"), meta.get("lessons")
    if not isinstance(title, str) or not title.strip():
        raise BuildError(f"{rel(toml_path)}: needs `title = \"...\"`")
    if not isinstance(lessons, list) or not lessons or not all(isinstance(s, str) for s in lessons):
        raise BuildError(f"{rel(toml_path)}: needs `lessons = [\"folder\", ...]`, the lessons in order")
    if len(set(lessons)) != len(lessons):
        raise BuildError(f"{rel(toml_path)}: a lesson is listed twice in `lessons`; list each folder once")
    lang = meta.get("lang")
    available = ", ".join(f'"{tag}"' for tag in LANGUAGES)
    if lang is None:
        raise BuildError(f"{rel(toml_path)}: needs `lang = \"...\"`, the language the course is written in "
                         f"(one of {available}): the page and the grader speak it")
    if lang not in LANGUAGES:
        raise BuildError(f"{rel(toml_path)}: lang = {lang!r} has no message catalog; available: {available} "
                         "(adding a language is adding its catalogs, see web/docs/languages.md)")
    course = Course(slug=folder.name, folder=folder, title=title.strip(), lang=lang,
                    packages=parse_pins(meta.get("packages"), toml_path))
    for slug in lessons:
        if not (folder / slug).is_dir():
            raise BuildError(f"{rel(toml_path)}: lists lesson {slug!r}, but {rel(folder / slug)}/ does not exist; "
                             "create that folder or take the name out of `lessons`")
        lesson = load_lesson(folder / slug, folder.name)
        for pin in lesson.packages:
            clash = next((c for c in course.packages if canonical(c.name) == canonical(pin.name)), None)
            if clash is not None:
                raise BuildError(f"{pin.where}: {pin.name} is already pinned for the whole course at {clash.where}; "
                                 "pin it in one place")
        lesson.packages = [*course.packages, *lesson.packages]
        lesson.lang = lang
        course.lessons.append(lesson)
    unlisted = sorted(p.name for p in folder.iterdir() if p.is_dir() and p.name not in lessons)
    if unlisted:
        raise BuildError(f"{rel(toml_path)}: lesson folder(s) {', '.join(unlisted)} are not listed in `lessons`; "
                         "add them to `lessons` in reading order, or remove the folders")
    course.glossary = load_glossary(folder, {lesson.slug: lesson.prose for lesson in course.lessons})
    if course.glossary and glossary_slug(lang) in lessons:
        raise BuildError(f"{rel(toml_path)}: a lesson named {glossary_slug(lang)!r} would take the glossary's "
                         "page; rename its folder")
    for lesson in course.lessons:
        lesson.glossary = course.glossary
    return course


SITE_KEYS = {"lang", "courses"}


def load_site(web_courses: Path) -> dict[str, Any]:
    """web/courses/site.toml, optional: `lang`, the language of the front page's own words,
    and `courses`, the course folders in the order the front page lists them."""
    path = web_courses / "site.toml"
    if not path.is_file():
        return {}
    meta = load_toml(path, "site.toml holds the front page's `lang` and `courses` order")
    unknown = set(meta) - SITE_KEYS
    if unknown:
        raise BuildError(f"{rel(path)}: unknown key(s) {', '.join(sorted(unknown))}; known keys: "
                         f"{', '.join(sorted(SITE_KEYS))} (see web/docs/lesson-format.md)")
    lang = meta.get("lang")
    if lang is not None and lang not in LANGUAGES:
        available = ", ".join(f'"{tag}"' for tag in LANGUAGES)
        raise BuildError(f"{rel(path)}: lang = {lang!r} has no message catalog; available: {available} "
                         "(adding a language is adding its catalogs, see web/docs/languages.md)")
    order = meta.get("courses")
    if order is not None and (not isinstance(order, list) or not all(isinstance(c, str) for c in order)
                              or len(set(order)) != len(order)):
        raise BuildError(f"{rel(path)}: `courses = [\"folder\", ...]` lists each course folder once, in the "
                         "order the front page shows them")
    return meta


def load_courses(web_courses: Path) -> list[Course]:
    """Every course folder under web/courses/, in site.toml's `courses` order, or sorted by
    folder name without one."""
    if not web_courses.is_dir():
        raise BuildError(f"{rel(web_courses)}: missing (it holds one folder per course)")
    folders = sorted(p for p in web_courses.iterdir() if p.is_dir())
    order = load_site(web_courses).get("courses")
    if order is not None:
        names = [p.name for p in folders]
        missing = [name for name in order if name not in names]
        unlisted = [name for name in names if name not in order]
        if missing or unlisted:
            raise BuildError(f"{rel(web_courses / 'site.toml')}: `courses` must list every course folder once"
                             + (f"; no folder for {', '.join(missing)}" if missing else "")
                             + (f"; not listed: {', '.join(unlisted)}" if unlisted else ""))
        folders = [web_courses / name for name in order]
    courses = [load_course(p) for p in folders]
    if not courses:
        raise BuildError(f"{rel(web_courses)}: no course folder")
    return courses


def check_course_urls(path: Path, py_courses: Path, code: str | None = None, first_line: int = 1) -> None:
    """Every `open_url("/courses/<course>/<file>")` with a literal URL in lesson code must name
    a file of py/courses (what the site serves at courses/); otherwise a BuildError at its line.
    `code`, when given, is the code read, written in `path` from its line `first_line` on."""
    tree = ast.parse(path.read_text(encoding="utf-8") if code is None else code, filename=str(path))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open_url"
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            url = node.args[0].value
            at = first_line + node.lineno - 1
            match = re.fullmatch(r"/courses/([\w.-]+)/([\w.-]+)", url)
            if not match:
                raise BuildError(f"{rel(path)}:{at}: open_url({url!r}): course files are "
                                 "written /courses/<course>/<file>")
            if not (py_courses / match[1] / match[2]).is_file():
                raise BuildError(f"{rel(path)}:{at}: open_url({url!r}) names a course file that "
                                 f"does not exist ({rel(py_courses / match[1] / match[2])}); add that file "
                                 "or correct the URL")
