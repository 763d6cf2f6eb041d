"""The runtime's message catalogs (py/lessonrt/locale/*/LC_MESSAGES/lessonrt.po) against its
source: every string the runtime and the grader show a learner has a translation in every
course language, and a learner of each language reads the grader in it."""

import re

import pytest

from lessonrt import i18n
from lessonrt.grading import grade
from lessonrt.grading.cli import open_url_local
from lessonsite.catalogs import copied_from_english, extract, po_path, read, untranslated
from lessonsite.languages import LANGUAGES
from lessonsite.layout import ROOT

RUNTIME = ROOT / "py" / "lessonrt"
PLACEHOLDER = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdrfgi]")


def ids(catalog):
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


@pytest.fixture(scope="module")
def source():
    return ids(extract(RUNTIME))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_of_the_source_is_in_the_catalog_and_translated(source, lang):
    catalog = read(po_path(RUNTIME, lang), lang)
    missing = sorted(map(str, source - ids(catalog)))
    assert not missing, (f"{po_path(RUNTIME, lang)} lacks these msgids of the source; run "
                         f"`python -m lessonsite.catalogs update` in py/ and translate them: {missing}")
    stale = sorted(map(str, ids(catalog) - source))
    assert not stale, f"{po_path(RUNTIME, lang)} has msgids the source no longer has: {stale}"
    empty = untranslated(catalog)
    assert not empty, f"{po_path(RUNTIME, lang)}: msgstr empty or fuzzy for {empty}"
    if lang != "en":
        english = copied_from_english(catalog)
        assert not english, f"{po_path(RUNTIME, lang)}: msgstr still the English msgid for {english}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders_of_their_msgid(lang):
    for message in read(po_path(RUNTIME, lang), lang):
        if not message.id:
            continue
        msgids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*(PLACEHOLDER.findall(m) for m in msgids))
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) <= wanted, (lang, message.id, string)
            # Every placeholder of the msgid, except a count a plural form spells out ("una vez").
            assert wanted - {"n"} <= set(PLACEHOLDER.findall(string)), (lang, message.id, string)


def test_a_language_without_a_catalog_speaks_english():
    try:
        assert i18n.set_language("fr-FR") == "en"
        assert i18n._("Execution stopped.") == "Execution stopped."
        assert i18n.set_language("es-ES") == "es"
        assert i18n._("Execution stopped.") == "Ejecución detenida."
    finally:
        i18n.set_language("es")


# «El bucle»'s starting code: a loop that returns the conversation without calling the model.
SIN_MODELO = """
exec(open_url("/courses/llm-agents/guionizado.py").read())
exec(open_url("/courses/llm-agents/entorno.py").read())

def bucle(modelo, inicio, entorno, tope):
    return list(inicio)
"""


@pytest.mark.parametrize("lang, words", [
    ("en", ["Your function:", "Expected:", "The simplest one that fails the same way"]),
    ("es", ["Tu función:", "El contrato:", "El más sencillo que falla igual"]),
])
def test_the_same_failing_solution_is_told_in_the_course_language(lang, words):
    try:
        i18n.set_language(lang)
        result = grade(SIN_MODELO, open_url=open_url_local, challenge="llm-agents/el-bucle")
    finally:
        i18n.set_language("es")
    failed = [c for c in result["checks"] if not c["passed"]]
    assert failed and not result["solved"]
    messages = "\n".join(c["message"] for c in failed)
    for word in words:
        assert word in messages, (lang, word, messages[:600])


@pytest.mark.parametrize("lang, said", [
    ("en", "Syntax error on line 2"), ("es", "Error de sintaxis en la línea 2")])
def test_a_syntax_error_is_told_in_the_course_language(lang, said):
    try:
        i18n.set_language(lang)
        result = grade("x = 1\ndef bucle(:\n", open_url=open_url_local, challenge="llm-agents/el-bucle")
    finally:
        i18n.set_language("es")
    assert said in result["error"]


@pytest.mark.parametrize("code, lang, said", [
    ("def bucle(m, i, e, t)\n    return m\n", "es", "línea 1: falta un «:» (Python dice: expected ':')."),
    ("def bucle(m, i, e, t)\n    return m\n", "en", "line 1: expected ':'."),
    ("def bucle(m, i, e, t):\n    if m:\n    return m\n", "es",
     "línea 3: falta un bloque sangrado después del «if» de la línea 2 (Python dice: expected an indented "
     "block after 'if' statement on line 2)."),
    ("def bucle(m, i, e, t):\n    return (m\n", "es", "un «(» se abre y no se cierra (Python dice: '(' was never closed)."),
    ("def bucle(m, i, e, t):\n    return m\n      x = 1\n", "es", "esta línea tiene una sangría que nada pide"),
    ("def bucle(m, i, e, t):\n    return m +* 2\n", "es", "línea 2: la sintaxis no es válida (Python dice: invalid syntax)."),
    # A message no one has put into the course's words stays Python's, whole.
    ("def bucle(m, i, e, t):\n    return m\nx = 1 = 2\n", "es", "cannot assign to literal"),
])
def test_python_s_own_words_for_a_syntax_error_come_in_the_course_language_then_as_python_says_them(code, lang, said):
    try:
        i18n.set_language(lang)
        result = grade(code, open_url=open_url_local, challenge="llm-agents/el-bucle")
    finally:
        i18n.set_language("es")
    assert said in result["error"], result["error"]
