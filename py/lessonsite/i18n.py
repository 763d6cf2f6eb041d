"""The words the page supplies, in the course's language: web/locale/<lang>/LC_MESSAGES/site.po.

One catalog per language, made with Babel (web/docs/languages.md has the commands). Its msgids
are the English source text of three kinds of source: the templates (`{% trans %}`, `_()`),
the page's modules (`t()`, `tn()` in web/src/*.js) and the build's Python (`_()` below). The
build reads the .po files as they are: the templates get them through Jinja2's i18n
extension, and each page carries the messages of the modules, for its language, as JSON
(`page_messages`), which web/src/i18n.js reads.
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import get_decimal_symbol
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from .layout import ROOT, BuildError, rel

LOCALE = ROOT / "web" / "locale"
DOMAIN = "site"
SOURCE_LANGUAGE = "en"
"""The language of the msgids: a message missing from the catalog is shown as written."""

PAGE_MODULES = ("web/src/", "web/widgets/")
"""Messages used at one of these locations travel to the page as JSON: the page's modules and
the widgets' scripts (and skeletons, which say the same messages)."""


def catalog_path(lang: str, locale: Path = LOCALE, domain: str = DOMAIN) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{domain}.po"


def catalog_languages(locale: Path = LOCALE, domain: str = DOMAIN) -> set[str]:
    """The languages that have a catalog of `domain` under `locale`."""
    return {path.parent.parent.name for path in locale.glob(f"*/LC_MESSAGES/{domain}.po")}


@functools.lru_cache(maxsize=None)
def read_catalog(lang: str, locale: Path = LOCALE) -> Catalog:
    path = catalog_path(lang, locale)
    if not path.is_file():
        raise BuildError(f"{rel(path)}: no message catalog for {lang!r}; see web/docs/languages.md")
    with path.open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


@functools.lru_cache(maxsize=None)
def translations(lang: str, locale: Path = LOCALE) -> Translations:
    """The catalog as gettext translations (compiled in memory: no .mo file is kept)."""
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(lang, locale))
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def gettext_for(lang: str):
    """`_(message, **names)` in `lang`: the build's Python says its page words through it."""
    found = translations(lang)

    def _(message: str, **names: Any) -> str:
        text = found.gettext(message)
        return text % names if names else text

    return _


def ngettext_for(lang: str):
    found = translations(lang)

    def ngettext(singular: str, plural: str, n: int, **names: Any) -> str:
        return found.ngettext(singular, plural, n) % {"num": n, **names}

    return ngettext


def _fill(text: str, values: dict[str, Any]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m[1]]) if m[1] in values else m[0], text)


def page_t(lang: str):
    """web/src/i18n.js's `t(message, {name: value})` for a template: the same message, the
    same `{name}` placeholders, so a template and a module can say one message alike."""
    found = translations(lang)
    return lambda message, **values: _fill(found.gettext(message), values)


def page_tn(lang: str):
    """web/src/i18n.js's `tn(singular, plural, n, {name: value})`, for a template."""
    found = translations(lang)
    return lambda singular, plural, n, **values: _fill(found.ngettext(singular, plural, n), {"n": n, **values})


def _(message: str) -> str:
    """Marks a message of the build's Python for extraction; the page's language is chosen
    where it is said (gettext_for)."""
    return message


def plural_categories(lang: str, catalog: Catalog) -> dict[str, int]:
    """Which of the catalog's plural forms each of the language's CLDR categories (the ones
    Intl.PluralRules gives the page) takes: found by asking both for the same numbers."""
    rule = Locale.parse(lang).plural_form
    form = gettext.c2py(catalog.plural_expr)
    found: dict[str, int] = {}
    for n in [*range(0, 201), 1000, 10**6, 10**7]:
        found.setdefault(rule(n), form(n))
    return found


@functools.lru_cache(maxsize=None)
def _page_messages(lang: str, locale: Path) -> dict[str, Any]:
    catalog = read_catalog(lang, locale)
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not any(where.startswith(PAGE_MODULES) for where, _line in message.locations):
            continue
        # A message said as its msgid is left out: the page shows the msgid itself.
        if message.pluralizable:
            forms = list(message.string)
            if all(forms) and forms != list(message.id):
                messages[message.id[0]] = forms
        elif message.string and message.string != message.id:
            messages[message.id] = message.string
    return {"plural": plural_categories(lang, catalog), "decimal": get_decimal_symbol(lang), "messages": messages}


def page_messages(langs: list[str], locale: Path = LOCALE) -> dict[str, Any]:
    """{lang: {"plural": {category: form}, "messages": {msgid: text or [forms]}}} for the
    modules' messages (those used under web/src/), for each language a page shows."""
    return {lang: _page_messages(lang, locale) for lang in dict.fromkeys(langs)}
