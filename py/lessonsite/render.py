"""The pages as HTML: a lesson's prose (lesson.md) with its blocks drawn as cells, quiz,
challenge and widget, the lesson data the page's scripts read, and the site's front page.

Pages and their parts are Jinja2 templates in web/templates/ (parts/ holds the parts), with
autoescaping: a value reaches the page escaped unless it is Markup, HTML the build made.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path
from typing import Any

import jinja2
from babel.numbers import format_decimal
from markupsafe import Markup, escape

from .challenge_help import load_challenge_help
from .content import Lesson, Course, check_course_urls, lesson_cells, load_site
from .glossary import introduced_at, link_terms, slug as glossary_slug
from .highlight import highlight
from .i18n import _, gettext_for, ngettext_for, page_messages, page_t, page_tn, translations
from .layout import BuildError, Layout, rel, check_python
from .packages import canonical
from .policy import content_security_policy
from .prose import CALLOUTS, Directive, render as render_markdown
from .runtime import challenge_files, check_runtime_loads, lesson_challenges
from .widgets import WidgetKind, deepest_frame_under, discover, kind_for, widget_asset


@functools.cache
def _inline_parser():
    from markdown_it import MarkdownIt
    # CommonMark's inline syntax only, and no raw HTML: an author's `<` is text.
    return MarkdownIt("commonmark", {"html": False})


def inline_text(text: str) -> Markup:
    """Author text from TOML (a quiz's prompt, options, explanations, nudges; a hint) as the
    page shows it: inline Markdown (`code`, **bold**, *emphasis*, [links](url)), escaped."""
    return Markup(_inline_parser().renderInline(text))


def plain_text(text: str) -> str:
    """The same text with its Markdown taken out: what a sentence of the page quotes."""
    return html.unescape(re.sub(r"<[^>]+>", "", str(inline_text(text))))


# The heading of each kind of callout ({note}, {tip}, {warning}), in the course's language.
CALLOUT_TITLES = {"note": _("Note"), "tip": _("Tip"), "warning": _("Warning")}


# The quiz's fields the page's script shows after an answer (quiz.js): sent as the build
# renders them, beside the raw text the tests and the revision digest read.
QUIZ_SHOWN = ("explanation", "nudge", "hint_not_number")
OPTION_SHOWN = ("text", "feedback", "nudge")


def quiz_for_page(quiz: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    if not quiz:
        return quiz
    out = []
    for question in quiz:
        q = dict(question)
        q["html"] = {k: str(inline_text(q[k])) for k in QUIZ_SHOWN if isinstance(q.get(k), str)}
        options = []
        for option in q.get("options") or ():
            o = dict(option)
            o["html"] = {k: str(inline_text(o[k])) for k in OPTION_SHOWN if isinstance(o.get(k), str)}
            o["plain"] = plain_text(o["text"]) if isinstance(o.get("text"), str) else o.get("text")
            options.append(o)
        if "options" in q:
            q["options"] = options
        out.append(q)
    return out


def shown_code(path: Path) -> str:
    """A cell's or a challenge's code as the page shows it: the file without the newline
    (or blank lines) at its end, which an editor would draw as an empty last line."""
    return path.read_text(encoding="utf-8").rstrip()


def decimal(number: float, lang: str = "es") -> str:
    """A number as the language writes it: 0,1 in Spanish, 0.1 in English."""
    return format_decimal(number, locale=lang)


@functools.lru_cache(maxsize=None)
def environment(templates: Path, lang: str = "es") -> jinja2.Environment:
    """The templates of web/templates/, autoescaped, their words in `lang` (web/locale, through
    Jinja2's i18n extension, its gettext new-style: named placeholders, escaped values); a
    name a template uses and the build does not give is an error, not an empty string."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             extensions=["jinja2.ext.i18n"])
    env.install_gettext_translations(translations(lang), newstyle=True)
    # The page modules' way of saying a message, `{name}` placeholders included, for a
    # skeleton that draws what a module redraws (a widget's first step) in the same words.
    env.globals.update(t=page_t(lang), tn=page_tn(lang))
    env.filters.update(inline=inline_text, decimal=functools.partial(decimal, lang=lang), highlight=highlight,
                       has_challenge=lambda lesson: bool(challenge_files(lesson.folder)))
    return env


def render_template(templates: Path, template: str, /, lang: str = "es", **values: Any) -> str:
    """Fill web/templates/<name> in `lang`; a missing template, bad syntax or an unknown name is a
    BuildError naming the template (and its line, where Jinja2 knows it)."""
    try:
        return environment(templates, lang).get_template(template).render(lang=lang, **values)
    except jinja2.TemplateNotFound as error:
        raise BuildError(f"{rel(templates / str(error))}: missing page template") from None
    except jinja2.TemplateSyntaxError as error:
        where = rel(Path(error.filename)) if error.filename else rel(templates / template)
        raise BuildError(f"{where}:{error.lineno}: template syntax: {error.message}") from None
    except jinja2.UndefinedError as error:
        raise BuildError(f"{rel(templates / template)}: {error.message}; the build gives this template "
                         f"only {', '.join(sorted(values))}") from None


def render_fragment(lesson: Lesson, layout: Layout, kinds: dict[str, WidgetKind] | None = None, *,
                    download: int | None = None) -> tuple[Markup, dict[str, Any]]:
    """lesson.md as the page's HTML, each block drawn, and the page's lesson data.

    Blocks (lessonsite.prose): {cell} (file.py, or its code inside) with :name:, {challenge} file.py, {quiz},
    {widget}, {aside}. `kinds` are the site's widget kinds (found in layout.widgets when not
    given); `download`, the MB a first run downloads (runtime.download_mb), for the notes
    under cells and the challenge. Returns (html, lesson data).
    """
    source = lesson.prose_path
    lang = lesson.lang
    templates = layout.templates
    if kinds is None:
        kinds = discover(layout.widgets)
    data: dict[str, Any] = {"course": lesson.course, "lesson": lesson.slug, "title": lesson.title,
                            "cells": {}, "challenge": None, "quiz": quiz_for_page(lesson.quiz), "widget": None}
    counts: dict[str, int] = {}
    cells = {cell.line: cell for cell in lesson_cells(lesson)}

    def check_loads() -> None:
        check_runtime_loads(layout, lesson_challenges([Course(slug=lesson.course, folder=lesson.folder.parent, title="", lessons=[lesson])]))

    def read_code(block: Directive) -> tuple[str, str]:
        name = block.argument
        if not name.endswith(".py") or "/" in name or " " in name:
            raise BuildError(f"{block.where()}: {{{block.name}}} {name}: name a Python file of this folder, "
                             f"as in ```{{{block.name}}} desafio.py")
        path = lesson.folder / name
        if not path.is_file():
            raise BuildError(f"{block.where()}: {{{block.name}}} {name} names a file that does not exist "
                             f"({rel(path)}); create it or correct the name")
        check_python(path)
        check_course_urls(path, layout.py_courses)
        check_loads()
        return path.stem, shown_code(path)

    def draw(block: Directive) -> Markup:
        if block.name in CALLOUTS:
            # Its heading is a paragraph, not a heading: a callout is part of the section it
            # sits in, and the page's outline stays the author's.
            title = block.options.get("title") or gettext_for(lang)(CALLOUT_TITLES[block.name])
            inner = render_markdown(block.body, block.source, draw, first_line=block.body_line)
            return Markup('<div class="callout callout-{}" role="note">\n<p class="callout-title">{}</p>\n{}</div>').format(
                block.name, title, inner)
        counts[block.name] = counts.get(block.name, 0) + 1
        if block.name in ("challenge", "quiz", "widget") and counts[block.name] > 1:
            raise BuildError(f"{block.where()}: a second {{{block.name}}}; a lesson has one")
        if block.name == "cell":
            cell = cells[block.line]
            check_course_urls(cell.source, layout.py_courses, cell.code, cell.first_line)
            check_loads()
            data["cells"][cell.key] = {"name": cell.name, "code": cell.code}
            return Markup(render_template(templates, "parts/cell.html", lang, cell_id=cell.key,
                                          name=cell.name, code=cell.code, download=download,
                                          first=counts["cell"] == 1))
        if block.name == "challenge":
            if not challenge_files(lesson.folder) and (layout.runtime / "grading").is_dir():
                raise BuildError(f"{block.where()}: {{challenge}} but {rel(lesson.folder)} has no checks: "
                                 "add checks.py (or a checks/ package) with SIGNATURE, FILES and "
                                 "@check checks (see web/docs/lesson-format.md)")
            _, code = read_code(block)
            help = load_challenge_help(lesson.meta.get("challenge"), lesson.folder / "lesson.toml",
                                       layout.py_courses / lesson.course)
            data["challenge"] = {**help.page_data(), "code": code}
            return Markup(render_template(templates, "parts/challenge.html", lang, code=code, help=help,
                                          download=download))
        if block.name == "quiz":
            if not lesson.quiz:
                raise BuildError(f"{block.where()}: {{quiz}} but {rel(lesson.folder / 'lesson.toml')} has no "
                                 "[[quiz]]; add the questions there or remove the block")
            return Markup(render_template(templates, "parts/quiz.html", lang, quiz=lesson.quiz))
        assert block.name == "widget", block.name
        widget = kind_for(lesson, kinds, layout.widgets)
        if widget is None:
            raise BuildError(f"{block.where()}: {{widget}} but {rel(lesson.folder / 'lesson.toml')} "
                             f"sets no widget = \"...\" (known: {', '.join(sorted(kinds))})")
        try:
            data["widget"] = widget.data(lesson, layout)
        except BuildError:
            raise
        except Exception as error:  # the hook runs lesson code: name the lesson in the error
            at = deepest_frame_under(error, (lesson.folder, layout.py_courses, widget.folder))
            raise BuildError(f"{block.where()}: the {widget.name!r} widget hook failed"
                             f"{f' at {at}' if at else ''}: {type(error).__name__}: {error}; "
                             "it runs the lesson's own code at build time: fix that code so it "
                             "runs in CPython") from error
        return widget.draw(data["widget"], environment(templates, lang))

    body = name_the_quiz_by_its_heading(render_markdown(lesson.prose, source, draw))
    if lesson.glossary:
        body = link_terms(body, lesson.glossary, f"../{glossary_slug(lang)}/", lesson.slug)
    if lesson.quiz and not counts.get("quiz"):
        raise BuildError(f"{rel(source)}: lesson.toml has [[quiz]] but the page has no {{quiz}}; "
                         "put a ```{quiz}``` block (its fences on lines of their own) where the quiz goes")
    if lesson.meta.get("widget") and not counts.get("widget"):
        raise BuildError(f"{rel(source)}: lesson.toml sets widget but the page has no {{widget}}; "
                         "put a ```{widget}``` block (its fences on lines of their own) where the widget goes")
    return body, data


QUIZ_SECTION = re.compile(r'<section class="quiz" aria-label="[^"]*">')
HEADING = re.compile(r"<h([2-6])>")


def name_the_quiz_by_its_heading(body: Markup) -> Markup:
    """The quiz region takes its name from the heading of the section it sits in, where it
    has one: a screen reader's list of regions then says what the page shows above the
    questions (an author's «Preguntas»), not the template's generic name."""
    quiz = QUIZ_SECTION.search(body)
    headings = list(HEADING.finditer(body, 0, quiz.start())) if quiz else []
    if not headings:
        return body
    heading, text = headings[-1], str(body)  # str: a Markup would escape what is added to it
    return Markup(text[:heading.start()] + f'<h{heading[1]} id="quiz-heading">' + text[heading.end():quiz.start()]
                  + '<section class="quiz" aria-labelledby="quiz-heading">' + text[quiz.end():])


def lesson_json(data: dict[str, Any]) -> Markup:
    """JSON for <script type="application/json">: '<' is escaped so no '</script>' can end it."""
    return Markup(json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c"))


def messages_json(langs: list[str]) -> Markup:
    """The page modules' messages for the languages the page shows (web/src/i18n.js reads them)."""
    return lesson_json(page_messages(langs))


def csp_attribute() -> Markup:
    """The policy for the meta's content attribute. Its quotes are single ('self') and stay as
    they are, so the page carries the very string the server sends."""
    return Markup(html.escape(content_security_policy(), quote=False))


def render_lesson_page(lesson: Lesson, course: Course, layout: Layout, pyodide_version: str,
                       assets: dict[str, str], kinds: dict[str, WidgetKind] | None = None, *,
                       download: int | None = None, version: str | None = None) -> str:
    """The whole lesson page: template + rendered prose + lesson data in <head>.
    `version` is the build's name (runtime.stamp_version), which the worker checks.
    `assets` maps each bundle to its hashed name (see bundle_assets and bundle_widgets).
    The page links the script and styles of its own widget kind, and of no other."""
    if kinds is None:
        kinds = discover(layout.widgets)
    body, data = render_fragment(lesson, layout, kinds, download=download)
    widget = kind_for(lesson, kinds, layout.widgets)
    at = next(i for i, other in enumerate(course.lessons) if other.slug == lesson.slug)
    return render_template(
        layout.templates, "lesson.html", course.lang, page_messages=messages_json([course.lang]),
        title=lesson.title, course_title=course.title, minutes=lesson.minutes,
        description=lesson.meta.get("summary", lesson.title),
        site_root="../../../", pyodide_path=f"pyodide/{pyodide_version}/", csp=csp_attribute(),
        main_js=assets["main.js"], worker_js=assets["worker.js"], style_css=assets["style.css"],
        widget_style=assets[widget_asset(widget.name, "css")] if widget and widget.style else None,
        widget_script=assets[widget_asset(widget.name, "js")] if widget else None,
        before=course.lessons[at - 1] if at > 0 else None,
        after=course.lessons[at + 1] if at + 1 < len(course.lessons) else None,
        lesson_data=lesson_json(data), content=body, version=version,
        glossary=glossary_slug(course.lang) if course.glossary else None,
        packages=" ".join(dict.fromkeys(canonical(pin.name) for pin in lesson.packages)))


def site_lang(courses: list[Course]) -> str:
    """The front page's own language: the one most of its courses are written in; each
    course's entry carries its own lang. On a tie nothing says which, and the first course's
    would hang on how its folder is named (a renamed folder turned an English author's front
    page Spanish): a BuildError asks for site.toml's `lang`."""
    langs = [course.lang for course in courses] or ["en"]
    most = max(map(langs.count, langs))
    tied = list(dict.fromkeys(lang for lang in langs if langs.count(lang) == most))
    if len(tied) > 1:
        said = "; ".join(f"{lang}: {', '.join(c.slug for c in courses if c.lang == lang)}" for lang in tied)
        raise BuildError(f"web/courses/: as many courses in each of {', '.join(tied)} ({said}), and no "
                         f"site.toml says which language the front page speaks: write web/courses/site.toml "
                         f"with lang = \"{tied[0]}\" (or another of them); see web/docs/languages.md")
    return tied[0]


def render_index(courses: list[Course], layout: Layout, assets: dict[str, str]) -> str:
    """The site's front page: each course with its lessons in course.toml order, each in its
    own language; the page's own words in site.toml's `lang`, or without one in the language
    most courses share (site_lang)."""
    lang = load_site(layout.web_courses).get("lang") or site_lang(courses)
    say = gettext_for(lang)
    entries = [Markup(render_template(layout.templates, "parts/course-entry.html", course.lang, course=course))
               for course in courses]
    return render_template(
        layout.templates, "index.html", lang, site_root="./", csp=csp_attribute(), style_css=assets["style.css"],
        courses_js=assets["courses.js"], page_title=say(_("Python lessons")), heading=say(_("Lessons")),
        intro=say(_("Each lesson is read in the browser and its Python runs right there, with nothing to install.")),
        page_messages=messages_json([course.lang for course in courses] or [lang]),
        course=None, entries=entries)


def render_course_page(course: Course, layout: Layout, assets: dict[str, str]) -> str:
    """A course's own page, /courses/<course>/: its lessons in order."""
    minutes = sum(lesson.minutes for lesson in course.lessons)
    lessons = len(course.lessons)
    say, ngettext = gettext_for(course.lang), ngettext_for(course.lang)
    return render_template(
        layout.templates, "index.html", course.lang, site_root="../../", csp=csp_attribute(),
        style_css=assets["style.css"], courses_js=assets["courses.js"],
        page_title=say(_("%(course)s · Python lessons"), course=course.title), heading=course.title,
        intro=ngettext("%(num)d lesson, about %(minutes)d min of reading in all, in this order.",
                    "%(num)d lessons, about %(minutes)d min of reading in all, in this order.", lessons,
                    minutes=minutes),
        page_messages=messages_json([course.lang]), course=course, entries=[],
        glossary=glossary_slug(course.lang))


def render_glossary_page(course: Course, layout: Layout, assets: dict[str, str]) -> str:
    """A course's glossary, /courses/<course>/<glossary slug>/: glossary.toml's terms, each
    linking to the lesson that introduces it."""
    return render_template(
        layout.templates, "glossary.html", course.lang, site_root="../../../", csp=csp_attribute(),
        style_css=assets["style.css"], course=course,
        titles={lesson.slug: lesson.title for lesson in course.lessons}, introduced_at=introduced_at)
