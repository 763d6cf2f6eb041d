"""A course's glossary: glossary.toml beside course.toml, one [[term]] table per term, each
with the lesson that introduces it. The build draws the glossary page (/courses/<course>/<slug>/,
the slug in the course's language) and, in every lesson, links the first emphasised use of
each term (`*harness*`) to its entry. A term must be emphasised in the lesson that
introduces it, so the page and the prose cannot drift apart unnoticed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from .layout import BuildError, rel

KEYS = {"term", "lesson", "definition", "form"}
# The page's folder, in the course's language: beside the lessons' own folders.
SLUGS = {"es": "glosario", "en": "glossary"}


@dataclass(frozen=True)
class Term:
    term: str
    lesson: str
    definition: str
    form: str
    """How the prose writes it where it is emphasised (`*bloques*` for «bloque»)."""

    @property
    def anchor(self) -> str:
        folded = unicodedata.normalize("NFKD", self.term.casefold())
        plain = "".join(c for c in folded if not unicodedata.combining(c))
        return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def glossary_path(course_folder: Path) -> Path:
    return course_folder / "glossary.toml"


def slug(lang: str) -> str:
    return SLUGS.get(lang, "glossary")


def load_glossary(course_folder: Path, lessons: dict[str, str]) -> list[Term]:
    """The terms of course_folder/glossary.toml (none if it has no such file), sorted as a
    reader looks them up. `lessons` maps each lesson's slug to its lesson.md text: a term
    whose lesson is not one of them, or which that lesson never emphasises, stops the build."""
    import tomllib

    path = glossary_path(course_folder)
    if not path.is_file():
        return []
    try:
        tables = tomllib.loads(path.read_text(encoding="utf-8")).get("term", [])
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"{rel(path)}: not valid TOML: {error}") from None
    terms, seen = [], set()
    for n, table in enumerate(tables, 1):
        where = f"{rel(path)}: term {n}"
        unknown = set(table) - KEYS
        if unknown:
            raise BuildError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(KEYS))}")
        missing = [k for k in ("term", "lesson", "definition") if not isinstance(table.get(k), str) or not table[k].strip()]
        if missing:
            raise BuildError(f"{where}: needs {', '.join(missing)} (text), as in "
                             'term = "harness", lesson = "que-es-un-agente", definition = "…"')
        term = Term(table["term"], table["lesson"], table["definition"].strip(), table.get("form", table["term"]))
        if term.lesson not in lessons:
            raise BuildError(f"{where} ({term.term!r}): lesson {term.lesson!r} is not one of course.toml's "
                             f"lessons ({', '.join(lessons)})")
        if term.anchor in seen:
            raise BuildError(f"{where}: {term.term!r} is listed twice")
        seen.add(term.anchor)
        if not emphasised(lessons[term.lesson], term.form):
            raise BuildError(f"{where} ({term.term!r}): {term.lesson}/lesson.md never writes *{term.form}*; "
                             "emphasise the term where the lesson introduces it, or set form = "
                             "\"…\" to the words it emphasises there")
        terms.append(term)
    return sorted(terms, key=lambda t: t.anchor)


def _words(text: str) -> str:
    return " ".join(text.split()).casefold()


def emphasised(markdown: str, form: str) -> bool:
    return any(_words(m) == _words(form) for m in re.findall(r"(?<![*\w])\*([^*]+)\*(?![*\w])", markdown))


def introduced_at(term: Term) -> str:
    """The id, in the lesson that introduces the term, of the place it does: the glossary's
    «In the lesson …» leads there, not to the lesson's top (a learner looking back for
    where a word was explained had to find it again in the whole page)."""
    return f"term-{term.anchor}"


def link_terms(body: Markup, terms: list[Term], to_glossary: str, lesson: str | None = None) -> Markup:
    """The lesson's HTML with the first emphasised use of each term linked to its entry;
    in `lesson`, the one that introduces a term, that use carries `introduced_at(term)`."""
    html = str(body)
    for term in terms:
        for match in re.finditer(r"<em>([^<]+)</em>", html):
            before = html[:match.start()]
            inside_a_link = before.count("<a ") > before.count("</a>")  # a link holds no link
            if _words(match[1]) == _words(term.form) and not inside_a_link:
                at = f' id="{introduced_at(term)}"' if term.lesson == lesson else ""
                link = f'<a class="term"{at} href="{to_glossary}#{term.anchor}">{match[0]}</a>'
                html = html[:match.start()] + link + html[match.end():]
                break
    return Markup(html)
