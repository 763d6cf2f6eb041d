"""The generated conversations of «El bucle»'s challenge (its comprobaciones/escenas.py).

Property tests (Hypothesis) draw descriptions from the whole space the
generator's docstring defines, not only the ones it enumerates: every one is
a script the course's ModeloGuionizado accepts when bucle.py runs it, and
bucle.py itself passes the grader's comparison on it. The enumeration is
checked for order, size and coverage.
"""

import builtins
import time
import types
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from lessonrt.grading import engine as grader
from lessonrt.grading import guard as G
from tests.el_bucle import B, DESAFIO, E

RAIZ = Path(__file__).resolve().parent.parent
CURSO = RAIZ / "py" / "courses" / "llm-agents"


def curso():
    """A fresh namespace with the course files, as a cell loads them."""
    ns = {"__name__": "curso", "__builtins__": builtins}
    for nombre in DESAFIO.ficheros:
        exec(compile((CURSO / nombre).read_text(encoding="utf-8"), nombre, "exec"), ns)
    return ns


# -- the strategy: the space of the docstring --------------------------------------------------

texto = st.builds(lambda i: ("t", i), st.integers(0, len(E.TEXTOS) - 1))
llamada = st.builds(lambda i: ("c", i), st.integers(0, len(E.LLAMADAS) - 1))
erronea = st.builds(lambda i: ("e", i), st.integers(0, len(E.ERRONEAS) - 1))


@st.composite
def turno(draw, ultimo):
    bloques = draw(st.lists(st.one_of(texto, llamada, st.just(("r",))), max_size=6))
    if not ultimo and not any(b[0] == "c" for b in bloques):
        bloques.insert(draw(st.integers(0, len(bloques))), draw(llamada))
    if ultimo and draw(st.booleans()) and draw(st.booleans()):
        bloques.insert(draw(st.integers(0, len(bloques))), draw(erronea))
    limpios = []
    for b in bloques:  # a repetition repeats the call just before it
        if b[0] != "r" or (limpios and limpios[-1][0] in "cre"):
            limpios.append(b)
    return tuple(limpios)


@st.composite
def descripcion(draw):
    n = draw(st.integers(1, 4))
    turnos = tuple(draw(turno(k == n - 1)) for k in range(n))
    ultimo = [b[0] for b in turnos[-1]]
    pide = "c" in ultimo and "e" not in ultimo
    return draw(st.integers(0, n if pide else n + 2)), turnos


def observaciones_de(cur, respuestas):
    """What ejecutar gives for each turn's calls, on a copy of ENTORNO, up to
    the first call that raises (the scene ends there)."""
    entorno, obs = dict(cur["ENTORNO"]), []
    for r in respuestas:
        fila = []
        for b in r:
            if b["type"] == "tool_use":
                try:
                    fila.append(cur["ejecutar"](b, entorno))
                except (ValueError, KeyError):
                    return obs, True
        obs.append(fila)
    return obs, False


@settings(max_examples=150, deadline=None)
@given(descripcion())
def test_cada_escena_vale_para_el_modelo_guionizado(d):
    assert E.es_valida(d), d
    cur = curso()
    tope, turnos = d
    respuestas = E.respuestas_de(turnos, cur["texto"], cur["llamada"])
    obs, lanza = observaciones_de(cur, respuestas)
    guion = cur["guion_de"](list(B.INICIO), respuestas, obs)
    modelo = cur["ModeloGuionizado"](guion)
    try:
        estado, texto_final, M = cur["bucle"](modelo, list(B.INICIO), dict(cur["ENTORNO"]), tope)
    except (ValueError, KeyError):
        # Only a call the description marks as erroneous raises, and only
        # when the loop gets to its turn.
        assert lanza and modelo.turno == len(turnos) <= tope, (d, lanza, modelo.turno)
        return
    assert estado in ("fin", "tope") and isinstance(M, list)
    assert modelo.turno == min(tope, len(turnos))


@settings(max_examples=60, deadline=None)
@given(st.lists(descripcion(), min_size=1, max_size=3))
def test_bucle_py_pasa_cada_escena_del_corrector(descripciones):
    fuente = (CURSO / "entorno.py").read_text(encoding="utf-8") \
        + (CURSO / "bucle.py").read_text(encoding="utf-8")
    ns = {"__builtins__": builtins}
    exec(compile(fuente, G.FICHERO, "exec"), ns)
    g = G.prepara(propios=grader._PROPIOS | DESAFIO.propios,
                  foto_propia=grader._foto_propia() + DESAFIO.foto,
                  modulos_propios=grader._MODULOS_PROPIOS + DESAFIO.modulos_propios,
                  principal=types.ModuleType("__main__"), estandar=grader._ESTANDAR)
    try:
        codigos = [compile((CURSO / n).read_text(encoding="utf-8"), grader.PREFIJO_PROPIO + n,
                           "exec") for n in DESAFIO.ficheros]
        p = DESAFIO.prueba(g, codigos, ns["bucle"], ns, fuente, time.perf_counter() + 10, 10, DESAFIO)
        for c, ref in p.corre_varias([p.escena(d) for d in descripciones]):
            assert B.aparte(p, c, ref) is None
        for c, ref in p.corre_varias([p.escena(d) for d in descripciones], sesion=True):
            assert B.aparte(p, c, ref) is None and not c.cambiado_despues
    finally:
        g.termina()


# -- the enumeration -----------------------------------------------------------------------

def test_las_escenas_van_de_menor_a_mayor_sin_repetirse():
    todas = list(E.escenas())
    assert 200 <= len(todas) <= 400
    assert len(set(todas)) == len(todas)
    tamanos = [E.tamano(d) for d in todas]
    assert tamanos == sorted(tamanos)
    assert all(E.es_valida(d) for d in todas)
    assert list(E.escenas()) == todas  # deterministic


def test_las_escenas_cubren_el_contrato():
    todas = list(E.escenas())
    bloques = [b for _, turnos in todas for t in turnos for b in t]
    assert {t for t, _ in todas} >= {0, 1, 2, 3, 4, 5, 6}
    assert {b[1] for b in bloques if b[0] == "t"} == set(range(len(E.TEXTOS)))
    assert {b[1] for b in bloques if b[0] == "c"} == set(range(len(E.LLAMADAS)))
    assert {b[1] for b in bloques if b[0] == "e"} == set(range(len(E.ERRONEAS)))
    assert {E.LLAMADAS[b[1]][0] for b in bloques if b[0] == "c"} == {
        "listar", "leer", "escribir", "buscar"}
    turnos = [t for _, ts in todas for t in ts]
    llamadas = [sum(b[0] in "cre" for b in t) for t in turnos]
    assert set(llamadas) >= {0, 1, 2, 3, 4}
    textos = [sum(b[0] == "t" for b in t) for t in turnos]
    assert set(textos) >= {0, 1, 2, 3}
    assert () in turnos  # a response with no blocks
    assert any(("r",) in t for t in turnos)  # identical calls
    assert any(t and t[-1][0] == "t" and any(b[0] == "c" for b in t) for t in turnos)
    assert len(list(E.sesiones())) >= 3


@pytest.mark.parametrize("d", [(0, ((),)), (2, ((("c", 1), ("r",)), (("t", 1),)))])
def test_la_transcripcion_dice_tope_y_respuestas(d):
    lineas = E.transcribe(d)
    assert lineas[0].startswith("  tope %d" % d[0])
    assert len(lineas) == 1 + len(d[1])
