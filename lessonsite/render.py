"""The pages as HTML: a lesson's prose with its placeholders replaced by cells, quiz, challenge
and widget, the lesson data the page's scripts read, and the site's front page.
"""

from __future__ import annotations

import html
import json
import re
import string
from pathlib import Path
from typing import Any

from .content import Lesson, Course, check_course_urls
from .layout import BuildError, Layout, rel, check_python, line_of
from .policy import content_security_policy
from .runtime import challenge_files, check_runtime_loads, lesson_challenges
from .widgets import WidgetKind, deepest_frame_under, discover, kind_for, widget_asset


CELL_NOTE = (
    "La primera ejecución descarga el intérprete de Python (unos 15 MB). "
    "Después queda en la caché del navegador y se reutiliza en todas las lecciones."
)


CHALLENGE_NOTE = (
    "La primera comprobación descarga el intérprete de Python (unos 15 MB); "
    "después queda en la caché del navegador."
)


QUIZ_LABEL = "Comprueba tu intuición"


CHALLENGE_LABEL = "Desafío"


def esc(text: str) -> str:
    """Escape text for HTML element content and double-quoted attributes."""
    return html.escape(text, quote=True)


def inline_text(text: str) -> str:
    """Escape author text from TOML, turning `backticks` into <code> spans."""
    parts = re.split(r"`([^`]+)`", text)
    return "".join(f"<code>{esc(p)}</code>" if i % 2 else esc(p) for i, p in enumerate(parts))


def code_block(code: str) -> str:
    """The editor's server-rendered fallback: a <pre><code> that JS replaces with CodeMirror."""
    return (f'<div class="cell-editor"><pre class="cell-code"><code>'
            f'{html.escape(code.rstrip(chr(10)), quote=False)}</code></pre></div>')


def render_cell(cell_id: str, name: str, code: str) -> str:
    """Markup of one code cell (the contract in notes/common.md)."""
    return "\n".join([
        f'<section class="cell" aria-label="{esc(name)}" data-cell="{esc(cell_id)}">',
        code_block(code),
        '<div class="cell-actions">',
        '<button type="button" data-action="run">Ejecutar</button>',
        '<button type="button" data-action="stop" hidden>Detener</button>',
        '<button type="button" data-action="reset">Restaurar</button>',
        '</div>',
        '<p class="cell-status" role="status"></p>',
        f'<p class="cell-note">{esc(CELL_NOTE)}</p>',
        '<pre class="cell-output" role="log" aria-label="Salida"></pre>',
        '</section>',
    ])


def render_challenge(code: str) -> str:
    """Markup of the challenge: editor, Comprobar / Restaurar, summary and the checks list."""
    return "\n".join([
        f'<section class="challenge" aria-label="{CHALLENGE_LABEL}" data-challenge>',
        code_block(code),
        '<div class="cell-actions">',
        '<button type="button" data-action="check">Comprobar</button>',
        '<button type="button" data-action="reset">Restaurar</button>',
        '</div>',
        '<p class="challenge-summary" role="status"></p>',
        f'<p class="cell-note">{esc(CHALLENGE_NOTE)}</p>',
        '<ol class="challenge-checks"></ol>',
        '</section>',
    ])


def render_quiz(quiz: list[dict[str, Any]]) -> str:
    """The quiz as a real form: one fieldset per question, its legend the prompt.

    Radios for single choice, checkboxes for multi (all or nothing), a text input for
    numbers (inputmode decimal, so "13" or "2,5" both arrive as typed). quiz.js grades from
    the lesson data and writes the verdict into each question's status element.
    """
    out = [f'<section class="quiz" aria-label="{QUIZ_LABEL}">', '<form class="quiz-form" novalidate>']
    for q in quiz:
        name = f"quiz-{q['id']}"
        out.append(f'<fieldset class="quiz-question" data-question="{esc(q["id"])}" data-kind="{q["kind"]}">')
        out.append(f'<legend>{inline_text(q["prompt"])}</legend>')
        if q.get("note"):
            out.append(f'<p class="quiz-note">{inline_text(q["note"])}</p>')
        if q["kind"] == "number":
            out.append(f'<label class="quiz-number"><span>Tu respuesta</span> <input type="text" name="{name}" '
                       f'inputmode="decimal" autocomplete="off" spellcheck="false"></label>')
            if q["tolerance"] > 0:
                margin = f"{q['tolerance']:g}".replace(".", ",")
                out.append(f'<p class="quiz-tolerance">Se acepta un margen de ±{margin}.</p>')
        else:
            kind = "radio" if q["kind"] == "single" else "checkbox"
            out.append('<div class="quiz-options">')
            for i, option in enumerate(q["options"]):
                out.append(f'<label class="quiz-option"><input type="{kind}" name="{name}" value="{i}"> '
                           f'<span>{inline_text(option["text"])}</span></label>')
            out.append('</div>')
        out.append('<button type="button" class="quiz-check">Comprobar respuesta</button>')
        out.append('<div class="quiz-feedback" role="status"></div>')
        out.append('</fieldset>')
    out += ['</form>', '</section>']
    return "\n".join(out)


PLACEHOLDER = re.compile(r"<lesson-([a-z-]+)\b([^>]*)>\s*</lesson-\1\s*>", re.S)


ATTRIBUTE = re.compile(r'([a-z-]+)\s*=\s*"([^"]*)"')


def render_fragment(lesson: Lesson, layout: Layout,
                    kinds: dict[str, WidgetKind] | None = None) -> tuple[str, dict[str, Any]]:
    """Replace the placeholders of lesson.html and collect the page's lesson data.

    Placeholders: <lesson-cell file="x.py" name="Celda 1">, <lesson-challenge file="x.py">,
    <lesson-quiz>, <lesson-widget>, each with its closing tag. `kinds` are the site's widget
    kinds (found in layout.widgets when not given). Returns (html, lesson data).
    """
    source = lesson.folder / "lesson.html"
    text = lesson.fragment
    if kinds is None:
        kinds = discover(layout.widgets)
    data: dict[str, Any] = {"course": lesson.course, "lesson": lesson.slug, "title": lesson.title,
                            "cells": {}, "challenge": None, "quiz": lesson.quiz, "widget": None}
    counts: dict[str, int] = {}

    def where(match: re.Match) -> str:
        return f"{rel(source)}:{line_of(text, match.start())}"

    def read_code(match: re.Match, attrs: dict[str, str]) -> tuple[str, str]:
        name = attrs.get("file", "")
        if not name.endswith(".py") or "/" in name:
            raise BuildError(f"{where(match)}: <lesson-{match[1]}> needs file=\"name.py\" (a file in this folder)")
        path = lesson.folder / name
        if not path.is_file():
            raise BuildError(f"{where(match)}: <lesson-{match[1]} file=\"{name}\"> names a file that does not exist "
                             f"({rel(path)}); create it or correct the name")
        check_python(path)
        check_course_urls(path, layout.py_courses)
        check_runtime_loads(layout, lesson_challenges([Course(lesson.course, lesson.folder.parent, "", [lesson])]))
        return path.stem, path.read_text(encoding="utf-8")

    def replace(match: re.Match) -> str:
        kind, attrs = match[1], dict(ATTRIBUTE.findall(match[2]))
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "cell":
            cell_id, code = read_code(match, attrs)
            name = attrs.get("name", "").strip()
            if not name:
                raise BuildError(f"{where(match)}: <lesson-cell> needs name=\"Celda N\" (its accessible name)")
            if cell_id in data["cells"]:
                raise BuildError(f"{where(match)}: cell {cell_id!r} appears twice; give each <lesson-cell> "
                                 "a file of its own")
            data["cells"][cell_id] = {"name": name, "code": code}
            return render_cell(cell_id, name, code)
        if kind == "challenge":
            if not challenge_files(lesson.folder) and (layout.runtime / "grading").is_dir():
                raise BuildError(f"{where(match)}: <lesson-challenge> but {rel(lesson.folder)} has no checks: "
                                 "add comprobaciones.py (or a comprobaciones/ package) with FIRMA, FICHEROS and "
                                 "@comprobacion checks (see the README's \"Writing a lesson\")")
            _, code = read_code(match, attrs)
            data["challenge"] = {**lesson.meta.get("challenge", {}), "code": code}
            return render_challenge(code)
        if kind == "quiz":
            if not lesson.quiz:
                raise BuildError(f"{where(match)}: <lesson-quiz> but {rel(lesson.folder / 'lesson.toml')} has no "
                                 "[[quiz]]; add the questions there or remove the placeholder")
            return render_quiz(lesson.quiz)
        if kind == "widget":
            widget = kind_for(lesson, kinds, layout.widgets)
            if widget is None:
                raise BuildError(f"{where(match)}: <lesson-widget> but {rel(lesson.folder / 'lesson.toml')} "
                                 f"sets no widget = \"...\" (known: {', '.join(sorted(kinds))})")
            try:
                data["widget"] = widget.data(lesson, layout)
            except BuildError:
                raise
            except Exception as error:  # the hook runs lesson code: name the lesson in the error
                at = deepest_frame_under(error, (lesson.folder, layout.py_courses, widget.folder))
                raise BuildError(f"{where(match)}: the {widget.name!r} widget hook failed"
                                 f"{f' at {at}' if at else ''}: {type(error).__name__}: {error}; "
                                 "it runs the lesson's own code at build time: fix that code so it "
                                 "runs in CPython") from error
            return widget.skeleton
        raise BuildError(f"{where(match)}: unknown placeholder <lesson-{kind}>; "
                         "use lesson-cell, lesson-challenge, lesson-quiz or lesson-widget")

    body = PLACEHOLDER.sub(replace, text)
    for kind in ("challenge", "quiz", "widget"):
        if counts.get(kind, 0) > 1:
            raise BuildError(f"{rel(source)}: <lesson-{kind}> appears {counts[kind]} times; one per lesson")
    leftover = re.search(r"<lesson-", body)
    if leftover:
        raise BuildError(f"{rel(source)}:{line_of(body, leftover.start())}: malformed placeholder: "
                         "write it as <lesson-kind attr=\"...\"></lesson-kind>")
    if lesson.quiz and not counts.get("quiz"):
        raise BuildError(f"{rel(source)}: lesson.toml has [[quiz]] but the page has no <lesson-quiz></lesson-quiz>; "
                         "put one where the quiz goes")
    if lesson.meta.get("widget") and not counts.get("widget"):
        raise BuildError(f"{rel(source)}: lesson.toml sets widget but the page has no "
                         "<lesson-widget></lesson-widget>; put one where the widget goes")
    return body, data


def lesson_json(data: dict[str, Any]) -> str:
    """JSON for <script type="application/json">: '<' is escaped so no '</script>' can end it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def load_template(templates: Path, name: str) -> string.Template:
    """A page template from web/templates/ (string.Template: $name placeholders)."""
    path = templates / name
    if not path.is_file():
        raise BuildError(f"{rel(path)}: missing page template")
    return string.Template(path.read_text(encoding="utf-8"))


def fill(template: string.Template, name: str, **values: str) -> str:
    """Fill a template; a placeholder the build does not provide is named in the error."""
    try:
        return template.substitute(values)
    except (KeyError, ValueError) as error:
        raise BuildError(f"web/templates/{name}: unknown or malformed placeholder {error}") from None


def render_lesson_page(lesson: Lesson, course: Course, layout: Layout, pyodide_version: str,
                       assets: dict[str, str], kinds: dict[str, WidgetKind] | None = None) -> str:
    """The whole lesson page: template + rendered fragment + lesson data in <head>.
    `assets` maps each bundle to its hashed name (see bundle_assets and bundle_widgets).
    The page links the script and styles of its own widget kind, and of no other."""
    if kinds is None:
        kinds = discover(layout.widgets)
    body, data = render_fragment(lesson, layout, kinds)
    site_root = "../../../"
    widget = kind_for(lesson, kinds, layout.widgets)
    styles = scripts = ""
    if widget is not None:
        if widget.style is not None:
            styles = f'<link rel="stylesheet" href="{site_root}assets/{assets[widget_asset(widget.name, "css")]}">'
        scripts = f'<script type="module" src="{site_root}assets/{assets[widget_asset(widget.name, "js")]}"></script>'
    return fill(load_template(layout.templates, "lesson.html"), "lesson.html",
                title=esc(lesson.title), course_title=esc(course.title), minutes=str(lesson.minutes),
                description=esc(lesson.meta.get("summary", lesson.title)),
                site_root=site_root, pyodide_path=f"pyodide/{pyodide_version}/", csp=html.escape(content_security_policy(), quote=False),
                main_js=assets["main.js"], worker_js=assets["worker.js"], style_css=assets["style.css"],
                widget_styles=styles, widget_scripts=scripts, lesson_nav=lesson_nav(lesson, course),
                lesson_data=lesson_json(data), content=body)


def lesson_list(course: Course, to_lessons: str) -> str:
    """A course's lessons in order: title (a link), minutes, summary, and for a lesson with a
    challenge a note that courses.js shows when the learner has solved it on this browser.
    `to_lessons` is the path from the page to the course's folder."""
    items = []
    for lesson in course.lessons:
        solved = ('<span class="lesson-solved" hidden>Desafío resuelto en este navegador</span>'
                  if challenge_files(lesson.folder) else "")
        summary = lesson.meta.get("summary")
        items.append(
            f'<li data-lesson="{esc(course.slug)}/{esc(lesson.slug)}">'
            f'<a href="{to_lessons}{esc(lesson.slug)}/">{esc(lesson.title)}</a> '
            f'<span class="lesson-minutes">{lesson.minutes} min de lectura</span>{solved}'
            + (f'<p class="lesson-summary">{inline_text(summary)}</p>' if summary else "")
            + "</li>")
    return '<ol class="lesson-list">\n' + "\n".join(items) + "\n</ol>"


def render_index(courses: list[Course], layout: Layout, assets: dict[str, str]) -> str:
    """The site's front page: each course with its lessons in course.toml order."""
    parts = []
    for course in courses:
        parts.append(f'<section class="course" aria-labelledby="curso-{esc(course.slug)}">\n'
                     f'<h2 id="curso-{esc(course.slug)}"><a href="courses/{esc(course.slug)}/">'
                     f'{esc(course.title)}</a></h2>\n'
                     f'{lesson_list(course, f"courses/{esc(course.slug)}/")}\n</section>')
    return fill(load_template(layout.templates, "index.html"), "index.html",
                site_root="./", csp=html.escape(content_security_policy(), quote=False),
                style_css=assets["style.css"], courses_js=assets["courses.js"], page_title="Lecciones de Python",
                breadcrumb="", heading="Lecciones",
                intro="Cada lección se lee en el navegador y su código Python se ejecuta ahí mismo, sin instalar nada.",
                content="\n".join(parts))


def render_course_page(course: Course, layout: Layout, assets: dict[str, str]) -> str:
    """A course's own page, /courses/<course>/: its lessons in order."""
    minutes = sum(lesson.minutes for lesson in course.lessons)
    lessons = len(course.lessons)
    return fill(load_template(layout.templates, "index.html"), "index.html",
                site_root="../../", csp=html.escape(content_security_policy(), quote=False),
                style_css=assets["style.css"], courses_js=assets["courses.js"],
                page_title=f"{esc(course.title)} · Lecciones de Python",
                breadcrumb='<nav class="breadcrumb" aria-label="Ruta"><a href="../../">Lecciones</a></nav>',
                heading=esc(course.title),
                intro=f"{lessons} {'lección' if lessons == 1 else 'lecciones'}, unos {minutes} min de lectura en total, en este orden.",
                content=lesson_list(course, ""))


def lesson_nav(lesson: Lesson, course: Course) -> str:
    """Links to the lesson before and after this one in its course, and to the course."""
    at = next(i for i, other in enumerate(course.lessons) if other.slug == lesson.slug)
    links = []
    if at > 0:
        before = course.lessons[at - 1]
        links.append(f'<a rel="prev" href="../{esc(before.slug)}/">Lección anterior: {esc(before.title)}</a>')
    links.append(f'<a href="../">Todas las lecciones de {esc(course.title)}</a>')
    if at + 1 < len(course.lessons):
        after = course.lessons[at + 1]
        links.append(f'<a rel="next" href="../{esc(after.slug)}/">Lección siguiente: {esc(after.title)}</a>')
    return ('<nav class="lesson-nav" aria-label="Lecciones del curso">\n'
            + "\n".join(links) + "\n</nav>")
