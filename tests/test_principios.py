"""What the differential grader compares, whatever the lesson: values with their types,
which objects are shared (not only their values), case texts that are new objects, and
exceptions whose own methods misbehave."""

import math

import pytest

from lessonrt.grading import cli, differential, generators
from tests.test_reglas import (REFERENCIA_BUCLE, REFERENCIA_EJECUTAR, REFERENCIA_SIN_OBSERVACION,
                               inicio_de)


@pytest.fixture(autouse=True)
def estricto(monkeypatch):
    monkeypatch.setenv("LESSONRT_GRADER_STRICT", "1")


def califica(clave, referencia, antes, despues):
    assert antes in referencia
    r = cli.grade(inicio_de(clave) + referencia.replace(antes, despues, 1),
                  open_url=cli.open_url_local, challenge=clave)
    assert not r["solved"]
    return next(c for c in r["checks"] if not c["passed"])["message"]


def test_los_valores_se_comparan_con_su_tipo():
    igual = differential.igual
    assert not igual({"is_error": 1}, {"is_error": True})
    assert not igual([1], (1,)) and not igual(0, False) and not igual(1.0, True)
    assert igual([1], [1.0])  # both numbers, as Python's arithmetic mixes them
    assert igual([math.nan, {"a": (1, "x")}], [float("nan"), {"a": (1, "x")}])
    assert not igual({"a": 1}, {"b": 1}) and not igual([1, 2], [1])


def test_un_entero_donde_el_contrato_devuelve_un_booleano_se_rechaza():
    mensaje = califica("llm-agents/errores", REFERENCIA_EJECUTAR,
                       '"content": motivo, "is_error": True}', '"content": motivo, "is_error": 1}')
    assert "'is_error': 1" in mensaje and "'is_error': True" in mensaje, mensaje


def test_el_modelo_que_recibe_una_copia_de_M_y_no_M_se_rechaza_diciendo_cual():
    mensaje = califica("llm-agents/el-bucle", REFERENCIA_BUCLE,
                       "r = modelo(M, HERRAMIENTAS)", "r = modelo(list(M), HERRAMIENTAS)")
    assert "(un objeto nuevo)" in mensaje, mensaje
    assert "(el mismo objeto que pasó en su llamada 1 a modelo)" in mensaje, mensaje


def test_devolver_una_M_que_no_es_la_que_vio_el_modelo_se_rechaza():
    mensaje = califica("llm-agents/el-bucle", REFERENCIA_BUCLE,
                       '    return "tope", None, M\n', '    return "tope", None, list(M)\n')
    assert "y lo que hay en [2] es un objeto nuevo" in mensaje, mensaje
    assert "y lo que hay en [2] es el mismo objeto que pasó en su llamada" in mensaje, mensaje


def test_los_textos_de_un_caso_son_objetos_nuevos_y_is_no_es_igual():
    mensaje = califica("llm-agents/que-es-un-agente", REFERENCIA_SIN_OBSERVACION,
                       'b["id"] not in respondidas',
                       'not any(b["id"] is x for x in respondidas)')
    assert "Tu función: devuelve" in mensaje, mensaje


def test_las_excepciones_del_corrector_cuyo_format_o_repr_no_son_su_str():
    e = differential.EXCEPCIONES["ErrorConFormato"]("m")
    assert str(e) == "m" and "%s" % e == "m" and "{}".format(e) != "m" and f"{e}" != "m"
    e = differential.EXCEPCIONES["ErrorReprRoto"]("m")
    assert str(e) == "m"
    with pytest.raises(RuntimeError):
        repr(e)
    # The strategy of exceptions never draws a class whose __format__ is not its __str__:
    # f"{e}" is how a learner writes str(e), and a right solution must not fail on it.
    muestras = [x for _, x in generators.casos(generators.exceptions(), semilla=3, aleatorios=400)]
    assert all("{}".format(x) == str(x) for x in muestras if _legible(x))
    assert any(type(x).__repr__ is not BaseException.__repr__ for x in muestras)


def _legible(e):
    try:
        return isinstance(str(e), str)
    except Exception:
        return False
