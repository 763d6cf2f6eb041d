"""The lesson «Los errores como observaciones» as content, in CPython.

- its cells print what the text promises, run by lessonrt.runner as the page runs them;
- the course file errores.py only adds: «El bucle» never loads it;
- its challenge corpus means something without any grading engine: every accept file's
  ejecutar behaves like the course's (errores.py) on a list of calls, and every reject
  file's differs from it on at least one;
- its checks (checks.py), run through a small stand-in for the `p` object of
  lessonrt.grading's API: the reference and the accept files pass them all, and each
  reject file fails the checks its header names, with the words it names.
"""

import contextlib
import copy
import io
import re
import types
from pathlib import Path

import pytest

from lessonrt.runner import local_open_url
from tests.lesson_cells import cell_output

RAIZ = Path(__file__).resolve().parent.parent
LECCION = RAIZ / "web" / "courses" / "llm-agents" / "errores"
CORPUS = LECCION / "corpus"
OPEN_URL = local_open_url(RAIZ / "py")
FILES = ("guionizado.py", "entorno.py", "bucle.py", "errores.py")

CELDA1_SALIDA = """\
t1 → leer(fichero='tortilla') lanza ValueError: leer: falta el argumento 'ruta'
t2 → leer(ruta='tortilla.txt') lanza KeyError: 'tortilla.txt'

bucle no devuelve nada: ValueError: leer: falta el argumento 'ruta' · respuestas del modelo: 1
"""

CELDA2_SALIDA = """\
observación de t1: {'type': 'tool_result', 'tool_use_id': 't1', 'content': "leer: falta el argumento 'ruta'", 'is_error': True}

bucle no devuelve nada: KeyError: 'tortilla.txt' · respuestas del modelo: 2
"""

CELDA3_SALIDA = """\
 0 sistema    Trabajas con los ficheros del usuario mediante tus herramientas.
 1 usuario    ¿Qué ingredientes lleva la tortilla?
 2 asistente  texto: Leo la receta.
              t1 → leer(fichero='tortilla')
 3 usuario    t1 ← leer: falta el argumento 'ruta'   · is_error
 4 asistente  t2 → leer(ruta='tortilla.txt')
 5 usuario    t2 ← KeyError: 'tortilla.txt'   · is_error
 6 asistente  texto: No hay ningún tortilla.txt. Miro qué recetas hay.
              t3 → listar(carpeta='recetas/')
 7 usuario    t3 ← recetas/gazpacho.txt | recetas/tortilla.txt
 8 asistente  t4 → leer(ruta='recetas/tortilla.txt')
 9 usuario    t4 ← Tortilla de patatas. Ingredientes: patatas, huevos, cebolla.
10 asistente  texto: La tortilla lleva patatas, huevos y cebolla.

fin, 5 turnos: La tortilla lleva patatas, huevos y cebolla.
"""


def codigo(nombre):
    return (LECCION / nombre).read_text(encoding="utf-8")


def cargado(fuente, nombre="<solución>"):
    """A solution file run as a cell runs: a fresh namespace with open_url."""
    ns = {"__name__": "__main__", "open_url": OPEN_URL}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(fuente, nombre, "exec"), ns)
    return ns


def curso():
    """The grader's own copies of the course files, errores.py last."""
    return cargado("".join('exec(open_url("/courses/llm-agents/%s").read())\n' % f for f in FILES))


def corpus(tipo):
    """The lesson's own entries. The red teams' (tests/redteam/, graded by test_redteam.py) need
    the grader's whole domain to part from the contract, more than the few calls this file
    compares by hand."""
    return sorted((CORPUS / tipo).glob("*.py"))


# -- the cells ------------------------------------------------------------------------------

def test_celda1_el_bucle_anterior_se_para_en_la_primera_llamada_equivocada():
    assert cell_output(LECCION, "celda1") == CELDA1_SALIDA


def test_celda2_el_esquema_vuelve_como_observacion_y_el_keyerror_aun_atraviesa():
    assert cell_output(LECCION, "celda2") == CELDA2_SALIDA


def test_celda3_la_conversacion_entera_con_la_ejecutar_del_curso():
    assert cell_output(LECCION, "celda3") == CELDA3_SALIDA


def test_el_desafio_de_partida_carga_y_define_ejecutar():
    ns = cargado(codigo("desafio.py"), "<desafío>")
    assert ns["ejecutar"].__code__.co_varnames[:2] == ("bloque", "entorno")
    assert callable(ns["bucle"]) and "ModeloGuionizado" in ns


# -- the course files only grow ----------------------------------------------------------------

def test_el_bucle_no_carga_errores_py():
    leccion = RAIZ / "web" / "courses" / "llm-agents" / "el-bucle"
    for ruta in [*leccion.glob("*.*"), *leccion.glob("checks/*.py")]:
        assert "errores.py" not in ruta.read_text(encoding="utf-8"), ruta.name
    for ruta in (RAIZ / "py" / "courses" / "llm-agents").glob("*.py"):
        if ruta.name != "errores.py":
            assert "errores.py" not in ruta.read_text(encoding="utf-8"), ruta.name


def test_errores_py_sustituye_solo_ejecutar():
    ns = cargado("".join('exec(open_url("/courses/llm-agents/%s").read())\n' % f for f in FILES[:-1]))
    sin = dict(ns)
    exec(OPEN_URL("/courses/llm-agents/errores.py").read(), ns)
    nuevos = {k for k in ns if k not in sin}
    cambiados = {k for k in sin if ns[k] is not sin[k]}
    # Nothing else: the solution view shows ejecutar alone, so it must need nothing more.
    assert nuevos == set() and cambiados == {"ejecutar"}


# -- what the prose and the quiz claim, run ------------------------------------------------------

def test_un_modelo_terco_con_tope_10_lee_nueve_observaciones_de_error_y_m_acaba_con_22():
    # Quiz "terco-con-errores" and «Lo que cambia en el contrato».
    cur = curso()
    inicio = [("sistema", "s"), ("usuario", "u")]
    vistas = []

    def terco(M, herramientas):
        vistas.append(sum(1 for rol, bloques in M if rol == "usuario" and isinstance(bloques, list)
                          for b in bloques if b.get("is_error")))
        return [cur["llamada"]("t%d" % len(vistas), "leer", ruta="tortilla.txt")]

    fin, texto, M = cur["bucle"](terco, inicio, dict(cur["ENTORNO"]), 10)
    assert (fin, texto, len(M)) == ("tope", None, 22)
    assert vistas == list(range(10))  # the model's last call sees nine
    assert sum(1 for b in M[-1][1] if b["is_error"]) == 1  # the tenth, added after it


def test_con_la_ejecutar_anterior_m_se_pierde_y_el_entorno_se_queda_cambiado():
    # «Lo que hace el bucle con una llamada equivocada»: nothing is undone.
    ns = cargado(codigo("celda1.py").split("INICIO =")[0], "<Celda 1>")
    respuestas = iter([[ns["llamada"]("t1", "escribir", ruta="nueva.txt", contenido="hola")],
                       [ns["llamada"]("t2", "leer", ruta="tortilla.txt")]])
    entorno = dict(ns["ENTORNO"])
    with pytest.raises(KeyError):
        ns["bucle"](lambda M, h: next(respuestas), [("usuario", "u")], entorno, 10)
    assert entorno["nueva.txt"] == "hola"


def test_el_contenido_de_un_fallo_es_tipo_y_mensaje_aunque_el_traceback_diga_otra_cosa():
    # The statement: "%s: %s" % (type(e).__name__, e) is the rule, not a traceback's last line.
    import traceback
    cur = curso()
    ll = cur["llamada"]("t1", "leer", ruta="nada")

    class SinRuta(dict):
        def __missing__(self, clave):
            raise KeyError()

    obs = cur["ejecutar"](ll, SinRuta())
    assert obs["content"] == "KeyError: " and obs["is_error"] is True
    assert traceback.format_exception_only(KeyError())[-1].strip() == "KeyError"


def test_lo_que_sale_de_ejecutar_es_lo_que_dicen_los_detalles():
    # «Detalles»: what str(e) raises, a non-Exception from the tool and a harness failure
    # (a name incumple let through but FUNCIONES lacks) leave ejecutar as they are.
    cur = curso()
    ll = cur["llamada"]("t1", "leer", ruta="lista.txt")

    class Muda(Exception):
        def __str__(self):
            raise RuntimeError("sin texto")

    def lanza(excepcion):
        def herramienta(entorno, **argumentos):
            raise excepcion
        return herramienta

    funciones = cur["FUNCIONES"]
    for excepcion, sale in ((Muda(), RuntimeError), (KeyboardInterrupt(), KeyboardInterrupt),
                            (SystemExit(), SystemExit)):
        cur["FUNCIONES"] = dict(funciones, leer=lanza(excepcion))
        with pytest.raises(sale):
            cur["ejecutar"](ll, dict(cur["ENTORNO"]))
    cur["FUNCIONES"] = {}
    with pytest.raises(KeyError):
        cur["ejecutar"](ll, dict(cur["ENTORNO"]))
    cur["FUNCIONES"] = funciones
    obs = cur["ejecutar"](cur["llamada"]("t2", "leer", ruta="nada"), dict(cur["ENTORNO"]))
    assert set(obs) == {"type", "tool_use_id", "content", "is_error"} and type(obs["content"]) is str


# -- the corpus, without any grading engine ----------------------------------------------------

def llamadas_de_prueba(cur):
    """(call, environment) pairs: the lesson's calls, then the generated ones."""
    llamada = cur["llamada"]
    base = dict(cur["ENTORNO"])
    propias = [(llamada("t1", "leer", fichero="tortilla"), base),
               (llamada("t2", "leer", ruta="tortilla.txt"), base),
               (llamada("t3", "listar", carpeta="recetas/"), base),
               (llamada("t4", "leer", ruta="recetas/tortilla.txt"), base),
               (llamada("e1", "escribir", ruta="lista.txt", contenido=5), base),
               (llamada("e4", "escribir", ruta="lista.txt", contenido="pan"),
                types.MappingProxyType(dict(base))),
               (llamada("b2", "escribir", ruta="nueva.txt", contenido="hola"), base)]
    # A few more than the lesson's, written by hand: an empty search, an unknown tool,
    # arguments that are not an object, a file that is not text.
    return propias + [(llamada("b1", "buscar", texto="paella"), base),
                      (llamada("x1", "borrar", ruta="lista.txt"), base),
                      ({"type": "tool_use", "id": "x2", "name": "listar", "input": "recetas/"}, base),
                      (llamada("x3", "buscar", texto="pan"), dict(base, **{"foto.jpg": None})),
                      (llamada("x4", "leer", ruta="nada"), SinClave(base)),
                      # Only type and id come always: a block without its name.
                      ({"type": "tool_use", "id": "x5", "input": {"ruta": "lista.txt"}}, base)]


class SinClave(dict):
    """An environment whose missing paths raise a bare KeyError(): its traceback's last
    line is "KeyError", and the rule's "%s: %s" gives "KeyError: "."""

    def __missing__(self, clave):
        raise KeyError()


def fresco(entorno):
    if isinstance(entorno, SinClave):
        return SinClave(entorno)
    if isinstance(entorno, types.MappingProxyType):
        return types.MappingProxyType(dict(entorno))
    return dict(entorno)


def corrida(ejecutar, ll, entorno):
    """What one call does: (returned value or the exception's type, env after, call after)."""
    ll, entorno = copy.deepcopy(ll), fresco(entorno)
    try:
        devuelto = ejecutar(ll, entorno)
    except Exception as error:
        devuelto = ("lanza", type(error).__name__)
    return devuelto, dict(entorno), ll


class _Llamable:
    """A tool that is no function: an object with __call__, false as a truth value."""

    def __init__(self, valor):
        self.valor = valor

    def __call__(self, entorno, **argumentos):
        return self.valor

    def __len__(self):
        return 0


class _DosArgs(Exception):
    """A tool's own exception whose __init__ takes other arguments than its args."""

    def __init__(self, ruta, motivo):
        super().__init__("%s: %s" % (ruta, motivo))


def _lanza_dos_args(entorno, **argumentos):
    raise _DosArgs("lista.txt", "bloqueado")


def _incumple_que_cambia(g):
    vistas = []

    def incumple(ll):
        vistas.append(ll)
        return "aviso número %d" % len(vistas)
    return incumple


# What the statement lets the harness change around ejecutar (its globals, and where it is
# called from), each a (name, {global: maker(the function's globals)}, exception being handled).
MONTAJES = [
    ("una herramienta que es un objeto llamable y falso", {"FUNCIONES": lambda g: dict(g["FUNCIONES"], leer=_Llamable("pan"))}, None),
    ("una herramienta que devuelve un texto con \\r\\n", {"FUNCIONES": lambda g: dict(g["FUNCIONES"], leer=lambda entorno, **a: "a\r\nb")}, None),
    ("un incumple que no responde dos veces lo mismo", {"incumple": _incumple_que_cambia}, None),
    ("un incumple cuyo motivo no es un texto (False)", {"incumple": lambda g: lambda ll: False}, None),
    ("una excepción con otro __init__", {"FUNCIONES": lambda g: dict(g["FUNCIONES"], leer=_lanza_dos_args)}, None),
    ("una llamada desde dentro de un except", {}, LookupError("de fuera")),
]


def montada(ejecutar, ll, entorno, cambios, atendiendo):
    """corrida() with some of ejecutar's globals replaced, or called inside an except."""
    g = ejecutar.__globals__
    antes = {nombre: g[nombre] for nombre in cambios}
    try:
        for nombre, hacer in cambios.items():
            g[nombre] = hacer(g)
        if atendiendo is None:
            return corrida(ejecutar, ll, entorno)
        try:
            raise atendiendo
        except type(atendiendo):
            return corrida(ejecutar, ll, entorno)
    finally:
        g.update(antes)


def primera_diferencia(fuente, nombre):
    cur, ns = curso(), cargado(fuente, nombre)
    for ll, entorno in llamadas_de_prueba(cur):
        suya, contrato = corrida(ns["ejecutar"], ll, entorno), corrida(cur["ejecutar"], ll, entorno)
        if suya != contrato:
            return ll, suya, contrato
    ll = cur["llamada"]("m1", "leer", ruta="lista.txt")
    for como, cambios, atendiendo in MONTAJES:
        suya = montada(ns["ejecutar"], ll, dict(cur["ENTORNO"]), cambios, atendiendo)
        contrato = montada(cur["ejecutar"], ll, dict(cur["ENTORNO"]), cambios, atendiendo)
        if suya != contrato:
            return como, suya, contrato
    return None


@pytest.mark.parametrize("ruta", corpus("accept"), ids=lambda r: r.stem)
def test_cada_solucion_correcta_hace_lo_que_el_contrato(ruta):
    assert primera_diferencia(ruta.read_text(encoding="utf-8"), ruta.name) is None


@pytest.mark.parametrize("ruta", corpus("reject") + [LECCION / "desafio.py"], ids=lambda r: r.stem)
def test_cada_solucion_equivocada_se_separa_del_contrato(ruta):
    assert primera_diferencia(ruta.read_text(encoding="utf-8"), ruta.name) is not None


# -- the checks, through the grading engine -------------------------------------------------------
# (Every lesson's corpus goes through the engine in tests/test_corpus.py.)

def desafio():
    from lessonrt.grading import registry
    return registry.desafio("llm-agents/errores")


def califica(fuente):
    from lessonrt.grading import cli
    return cli.grade(fuente, open_url=cli.open_url_local, challenge="llm-agents/errores", time_limit=1.0)


def test_las_comprobaciones_declaran_lo_que_pide_la_api():
    d = desafio()
    assert d.funcion == "ejecutar" and d.ficheros == FILES
    assert [c.id for c in d.comprobaciones] == ["conversacion", "generadas"]


def test_la_conversacion_de_las_comprobaciones_es_la_de_la_celda_1():
    ns = cargado(codigo("celda1.py"), "<Celda 1>")
    caso = desafio().modulo._leccion()
    pedidas = [b for r in ns["RESPUESTAS"] for b in r if b["type"] == "tool_use"]
    assert [ll for ll, _ in caso.calls] == pedidas


def test_la_ejecutar_del_curso_pasa_todas_las_comprobaciones(monkeypatch):
    monkeypatch.setenv("LESSONRT_GRADER_STRICT", "1")
    fuente = codigo("desafio.py").split("def ejecutar(")[0]
    fuente += (RAIZ / "py" / "courses" / "llm-agents" / "errores.py").read_text(encoding="utf-8")
    resultado = califica(fuente)
    assert {c["id"]: c["message"] for c in resultado["checks"] if not c["passed"]} == {}
    assert resultado["solved"]


def test_el_codigo_de_partida_no_pasa(monkeypatch):
    monkeypatch.setenv("LESSONRT_GRADER_STRICT", "1")
    por_id = {c["id"]: c for c in califica(codigo("desafio.py"))["checks"]}
    assert not por_id["conversacion"]["passed"] and not por_id["generadas"]["passed"]


def test_el_cuestionario_tiene_ids_estables_y_respuesta_en_cada_opcion():
    import tomllib
    preguntas = tomllib.loads(codigo("lesson.toml"))["quiz"]
    assert len(preguntas) >= 4
    for q in preguntas:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", q["id"]), q["id"]
        assert q["kind"] in ("single", "number") and q["explanation"]
        for opcion in q.get("options", []):
            assert opcion["feedback"].strip(), (q["id"], opcion["text"])
