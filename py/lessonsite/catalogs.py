"""The runtime's message catalogs: what py/lessonrt says to learners, in each course language.

py/lessonrt/locale/<lang>/LC_MESSAGES/lessonrt.po holds one language's texts; their msgids
are the English source text that lessonrt.i18n's _() / ngettext() / N_() mark. The build
compiles each .po into the .mo beside the runtime's copy in dist/ (the worker writes it into
Pyodide's file system; CPython's command line reads the one compile_all leaves in the
checkout). `python -m lessonsite.catalogs update` extracts the msgids from the source anew and
merges them into every .po (new ones empty, gone ones dropped); test_catalogs fails while any
msgid lacks a translation."""

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .languages import LANGUAGES

DOMAIN = "lessonrt"
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None}
COMMENT_TAGS = ("TRANSLATORS:",)


def po_path(runtime: Path, lang: str) -> Path:
    return runtime / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(runtime: Path) -> Catalog:
    """The msgids the runtime's source marks, as a template catalog."""
    template = Catalog(project=DOMAIN, fuzzy=False)
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            runtime, method_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def untranslated(catalog: Catalog) -> list[str]:
    """The msgids of `catalog` with an empty (or partly empty) translation, or fuzzy."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        if message.fuzzy or not all(strings):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def copied_from_english(catalog: Catalog) -> list[str]:
    """The msgids of a catalog in another language than English whose msgstr is the msgid
    itself: a sentence (three words or more besides its placeholders) that nobody translated.
    A short one may well be the same in both ("Error: {error}")."""
    import re

    copied = []
    for message in catalog:
        if not message.id or not isinstance(message.id, str) or message.string != message.id:
            continue
        words = re.findall(r"[^\W\d_]{2,}", re.sub(r"%\(\w+\)\w|\{\w+\}", "", message.id))
        if len(words) >= 3:
            copied.append(message.id)
    return copied


def mo_bytes(path: Path, lang: str) -> bytes:
    """The compiled catalog of a .po: what gettext.GNUTranslations reads."""
    out = io.BytesIO()
    write_mo(out, read(path, lang))
    return out.getvalue()


def compile_into(runtime: Path, target: Path) -> list[str]:
    """Write target/locale/<lang>/LC_MESSAGES/lessonrt.mo for each language; the names written,
    relative to target."""
    names = []
    for lang in LANGUAGES:
        source = po_path(runtime, lang)
        if not source.is_file():
            continue  # a runtime without this catalog speaks English (lessonrt.i18n)
        name = f"locale/{lang}/LC_MESSAGES/{DOMAIN}.mo"
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_bytes(mo_bytes(source, lang))
        names.append(name)
    return names


def update(runtime: Path) -> None:
    """Merge the source's msgids into every language's .po (en: a new msgid is its own text)."""
    for lang in LANGUAGES:
        # A template of its own for each language: Catalog.update puts the template's new
        # messages themselves into the catalog, so English's copies of the msgids below would
        # otherwise reach the next language's catalog as if translated.
        template = extract(runtime)
        path = po_path(runtime, lang)
        if path.is_file():
            catalog = read(path, lang)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        catalog.header_comment = (f"# What lessonrt's runtime and grader say to learners, in {lang}.\n"
                                  "# Made by `python -m lessonsite.catalogs update`; "
                                  "fill in every msgstr.")
        if lang == "en":
            for message in catalog:
                strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
                if message.id and not all(strings):
                    message.string = message.id
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=100, sort_by_file=True, omit_header=False)


if __name__ == "__main__":
    if sys.argv[1:] != ["update"]:
        raise SystemExit("usage: python -m lessonsite.catalogs update")
    update(Path(__file__).resolve().parent.parent / "lessonrt")
