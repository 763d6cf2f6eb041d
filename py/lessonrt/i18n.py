"""The runtime's words in the course's language: gettext over the catalogs in locale/.

    from lessonrt.i18n import _, ngettext
    _("%(n)d of %(total)d checks passed") % {"n": 3, "total": 3}

msgids are the English text; `set_language("es")` makes _() answer from
locale/es/LC_MESSAGES/lessonrt.mo (compiled by the build from its .po). Until a
language is set, and for a tag without a catalog, the English msgid itself is the
text. The same code runs in CPython and in Pyodide, where the worker writes the .mo
files beside this module and calls set_language with the page's <html lang> after
its memory snapshot is restored: the snapshot holds no language.

The current catalog lives in a closure cell, not in the module's dict: the grader's
guard puts module dicts back as they were when imported after every learner run,
and a language set later must survive that.
"""

import gettext
import os

DOMAIN = "lessonrt"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")


def catalog_path(tag, localedir=None):
    return os.path.join(localedir or LOCALE_DIR, tag, "LC_MESSAGES", DOMAIN + ".mo")


def _box():
    english = gettext.NullTranslations()
    current = [english, "en"]

    def use(translations, tag):
        current[0], current[1] = translations, tag

    def gettext_(message):
        return current[0].gettext(message)

    def ngettext_(singular, plural, n):
        return current[0].ngettext(singular, plural, n)

    def language():
        return current[1]

    return use, gettext_, ngettext_, language, english


_use, _, ngettext, language, _ENGLISH = _box()


def N_(message):
    """Mark a msgid for extraction where it is made, translated where it is shown."""
    return message


def set_language(tag, localedir=None):
    """Speak `tag` ("es", "en", "es-ES": its primary subtag picks the catalog), from the
    .mo files under `localedir` (by default locale/ beside this module). A tag without a
    catalog falls back to English. Returns the tag in use."""
    primary = str(tag or "en").split("-")[0].split("_")[0].lower() or "en"
    translations = _load(primary, localedir)
    if translations is None:
        primary, translations = "en", _ENGLISH
    _use(translations, primary)
    return primary


def _load(tag, localedir=None):
    try:
        with open(catalog_path(tag, localedir), "rb") as f:
            return gettext.GNUTranslations(f)
    except OSError:
        pass
    if localedir is not None:
        return None
    # A checkout, where only the build compiles .mo files: CPython (the tests, the command
    # line) reads the .po itself through Babel, which the checkout's environment has.
    po = os.path.join(LOCALE_DIR, tag, "LC_MESSAGES", DOMAIN + ".po")
    if not os.path.isfile(po):
        return None
    try:
        import io

        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    with open(po, "rb") as f:
        catalog = read_po(f, locale=tag, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
