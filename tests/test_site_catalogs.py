"""The page's message catalogs (web/locale/<lang>/LC_MESSAGES/site.po) against its sources:
extracted afresh with the commands of web/docs/languages.md, every message the templates,
the page's modules and the build say has a translation in every language, and no catalog
keeps a message the sources no longer say."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from lessonsite.catalogs import copied_from_english
from lessonsite.i18n import catalog_languages
from lessonsite.languages import LANGUAGES
from lessonsite.layout import ROOT

LOCALE = ROOT / "web" / "locale"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory):
    pot = tmp_path_factory.mktemp("catalogs") / "site.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(LOCALE / "babel.cfg"), "-k", "t",
                                "-k", "tn:1,2", "-k", "N_", "-o", str(pot), str(ROOT)])
    with pot.open("rb") as file:
        return {message.id for message in read_po(file) if message.id}


def key(message_id) -> str:
    return message_id if isinstance(message_id, str) else " | ".join(message_id)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_message_has_a_translation(extracted, lang: str) -> None:
    with (LOCALE / lang / "LC_MESSAGES" / "site.po").open("rb") as file:
        catalog = read_po(file, locale=lang)
    present = {message.id: message for message in catalog if message.id}
    missing = sorted(key(m) for m in extracted if m not in present)
    untranslated = sorted(key(m) for m in extracted if m in present
                          and not all(present[m].string if isinstance(present[m].string, tuple) else [present[m].string]))
    obsolete = sorted(key(m) for m in present if m not in extracted)
    assert not missing, f"{lang}: not in the catalog (run the update of web/docs/languages.md): {missing}"
    assert not untranslated, f"{lang}: no translation: {untranslated}"
    assert not obsolete, f"{lang}: no source says these any more (update the catalog): {obsolete}"
    if lang != "en":
        english = copied_from_english(catalog)
        assert not english, f"{lang}: the translation is still the English message: {english}"


def test_the_courses_languages_are_those_with_catalogs() -> None:
    assert set(LANGUAGES) == catalog_languages(LOCALE) & catalog_languages(ROOT / "py" / "lessonrt" / "locale",
                                                                           "lessonrt")
    assert {"en", "es"} <= set(LANGUAGES)


def test_no_message_hides_inside_a_template_literal() -> None:
    """Babel's JavaScript extractor does not look inside `${...}`: a t() there is never
    extracted, so never translated. Such a message goes in a variable first."""
    import re
    hidden = [f"{path.name}:{n}" for path in sorted((ROOT / "web" / "src").glob("*.js"))
              for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"\$\{[^}]*\btn?\(\"", line)]
    assert not hidden, f"t() inside a template literal: {hidden}"
