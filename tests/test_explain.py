"""What a cell's error means, in the learner's language, under Python's own traceback
(lessonrt.explain): the same words in CPython and in the page's Pyodide, whose Python says
its messages a little differently."""

from __future__ import annotations

import json

import pytest

from lessonrt import i18n
from lessonrt.explain import explanation, explanation_of
from lessonrt.runner import run_cell
from tests.pyodide_node import run_in_pyodide

# (code a beginner writes, the Spanish explanation it gets): one case for each kind of
# error the runtime explains, the last one each for an error it does not explain.
CASES = [
    ("print(nombre)\n", "Python no conoce el nombre «nombre»: puede que esté mal escrito"),
    ("total = 0\ndef suma():\n    total += 1\nsuma()\n",
     "La función usa su variable «total» antes de darle un valor."),
    ('edades = {"ana": 30}\nedades["luis"]\n', "Se ha pedido a un diccionario la clave 'luis', que no tiene"),
    ("notas = [7, 9]\nnotas[2]\n", "El código pide una posición que la secuencia no tiene"),
    ("media = 10 / 0\n", "Una división (/, // o %) entre cero."),
    ("def f(n):\n    return f(n)\nf(1)\n", "Una función se llama a sí misma una y otra vez"),
    ('int("doce")\n', 'int() solo convierte en número un texto que es un número entero'),
    ("print((1, 2)\n", "Un «(» se abre y no se cierra."),
    ("x = 1)\n", "Un «)» no cierra nada que se haya abierto."),
    ("x = [1, 2)\n", "Un «)» cierra un «[»."),
    ('saludo = "hola\n', "Un texto entre comillas se abre y no se cierra."),
    ("if True\n    pass\n", "Falta un «:»."),
    ("x = [1 2]\n", "La sintaxis no es válida; ¿falta una coma?"),
    ("if x = 3:\n    pass\n", "¿querías escribir «==» en lugar de «=»?"),
    ("x = = 2\n", "Python no puede leer este código: la línea que señala el ^"),
    ("def f():\nreturn 1\n", "La función definida en la línea 1 no tiene un cuerpo sangrado."),
    ("x = 1\n    y = 2\n", "Esta línea tiene una sangría que nada pide."),
    ("if True:\n        x = 1\n    y = 2\n", "no coincide con la de ninguna línea anterior."),
    ("lista = [3, 1].sort()\nlista.append(2)\n", "El valor es None, que no tiene «append»"),
    ("import math\nmath.raiz(4)\n", "El módulo no tiene «raiz»"),
    ('"abc".push("d")\n', "Un valor de tipo str no tiene el atributo o método «push»"),
    ('edad = 3\nprint("edad: " + edad)\n', "+ solo une un texto con otro texto"),
    ('3 + "a"\n', "+ no funciona entre un valor de tipo int y uno de tipo str."),
    ("def f(a, b):\n    return a\nf(1)\n", "Se ha llamado a f sin «b», un argumento que pide su def."),
    ("def cita(dia, hora, sala):\n    pass\ncita(1)\n", "Se ha llamado a cita sin «hora» y «sala», argumentos que pide su def."),
    ("def f(a):\n    return a\nf(1, 2)\n", "Se ha llamado a f con más argumentos de los que pide su def."),
    ("class C:\n    def m():\n        pass\nC().m()\n", "un método recibe también su objeto"),
    ("x = None\nx[0]\n", "El valor es None: suele venir de una función sin return"),
    ("n = 5\nn()\n", "llama, con (...), a un valor de tipo int"),
    # A value of another shape than the one the code expects: a message whose content is a
    # text where the code looks for a list of blocks, say.
    ("contenido = 'hola'\nfor b in contenido:\n    b['type']\n", "Lo que va antes de [...] es un texto (str)"),
    ("notas = [7, 9]\nclave = 'a'\nnotas[clave]\n", "es una lista, usada como si fuera un diccionario"),
    ("par = (7, 9)\nclave = 'a'\npar[clave]\n", "es una tupla, usada como si fuera un diccionario"),
    ("n = 5\ni = 0\nn[i]\n", "Un valor de tipo int se usa con [...]"),
    ("for x in 5:\n    pass\n", "El código recorre un valor de tipo int"),
    ("len(5)\n", "len() cuenta los elementos de una lista"),
    ("s = 'ab'\ns[0] = 'x'\n", "Un valor de tipo str no se puede cambiar con [...] = ..."),
    ('raise ValueError("fuera de rango")\n', None),
    ("class Rara(Exception):\n    @property\n    def args(self):\n        raise RuntimeError\n"
     "raise Rara()\n", None),
    ("class Sale(NameError):\n    @property\n    def name(self):\n        raise SystemExit\n"
     "raise Sale()\n", None),
]


def explained(code: str) -> tuple[str, str | None]:
    result = run_cell(code, open_url=lambda url: None, write=lambda stream, text: None)
    assert result["ok"] is False
    return result["error"], result["explanation"]


@pytest.mark.parametrize("code, words", CASES, ids=[code.splitlines()[-1][:30] for code, _ in CASES])
def test_a_cells_error_is_explained_in_the_learners_language(code, words):
    traceback, explanation = explained(code)
    # Python's own words stay as Python said them: the traceback is not touched.
    assert "Traceback" in traceback or "Error" in traceback
    if words is None:
        assert explanation is None
    else:
        assert words in explanation, explanation


def raised(code: str) -> BaseException:
    try:
        exec(compile(code, "<celda>", "exec"), {})
    except BaseException as error:  # noqa: B036 - what the code raised is the point
        return error
    raise AssertionError("the code raised nothing")


RUNTIME = [(code, words) for code, words in CASES if words and not isinstance(raised(code), SyntaxError)]


@pytest.mark.parametrize("code, words", RUNTIME, ids=[code.splitlines()[-1][:30] for code, _ in RUNTIME])
def test_the_grader_explains_an_exception_by_its_name_and_message_as_a_cell_does(code, words):
    """The grader keeps of a learner's exception its class's name and its message: read from
    them, the line is the one a cell shows for the live exception."""
    error = raised(code)
    assert explanation_of(type(error).__name__, str(error)) == explanation(error)
    assert words in explanation_of(type(error).__name__, str(error))


def test_a_class_the_grader_does_not_know_gets_no_line():
    assert explanation_of("Rara", "name 'x' is not defined") is None
    assert explanation_of("NameError", "a message of the learner's own") is None
    assert explanation_of("AttributeError", "no such thing") is None
    assert explanation_of("KeyError", "") is None


def test_in_an_english_course_the_explanation_is_english():
    try:
        i18n.set_language("en")
        assert explained("print(nombre)\n")[1] == ("Python does not know the name “nombre”: it may be "
                                                  "misspelt (capitals count), or used before the line "
                                                  "that defines it runs.")
    finally:
        i18n.set_language("es")


# Python 3.12 and later guess the name meant at the end of the traceback, in English; the
# explanation says it in the course's words (CPython 3.11's traceback module makes no guess).
GUESSED = [("nombre = 1\nprint(nomber)\n", "¿Querías decir «nombre»?"),
           ("class C:\n    valor = 1\nC().valr\n", "¿Querías decir «valor»?")]

IN_PYODIDE = r"""
import json, sys
sys.path.insert(0, "/repo/py")
from lessonrt.i18n import set_language
from lessonrt.runner import run_cell
assert set_language("es", localedir="/catalogos/locale") == "es"
from lessonrt.explain import explanation_of
said, by_name = [], []
for code in json.loads(%(codes)r):
    result = run_cell(code, open_url=lambda url: None, write=lambda stream, text: None)
    said.append(result["explanation"])
    try:
        exec(compile(code, "<celda>", "exec"), {})
    except BaseException as error:
        by_name.append(None if isinstance(error, SyntaxError) else explanation_of(type(error).__name__, str(error)))
json.dumps({"version": sys.version.split()[0], "said": said, "by_name": by_name})
"""


@pytest.mark.slow
def test_pyodides_python_gets_the_same_explanations(tmp_path):
    # The page runs Python 3.14: its messages must still be read as this module reads them.
    done = json.loads(run_in_pyodide(IN_PYODIDE % {"codes": json.dumps([code for code, _ in CASES + GUESSED])},
                                     tmp_path))
    assert done["version"].startswith("3.14")
    for (code, words), said in zip(CASES + GUESSED, done["said"], strict=True):
        assert (said is None) if words is None else (said is not None and words in said), (code, said)
    # And the grader's, from an exception's name and message, which Python 3.14 words its way.
    for (code, _), said, by_name in zip(CASES, done["said"], done["by_name"]):
        if (code, _) in RUNTIME:
            assert by_name == said, (code, by_name, said)
