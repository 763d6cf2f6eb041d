"""A representative part of the mutation score (tests/mutantes.py): every
first-order mutant of the course's bucle.py and of one accept loop is
rejected by the grader or listed as equivalent. The whole run, every loop of
the accept corpus, is `python -m tests.mutantes` (about two minutes)."""

import pytest

from lessonrt.grading import engine as grader
from tests import mutantes


@pytest.fixture(autouse=True)
def estricto(monkeypatch):
    monkeypatch.setenv(grader.ESTRICTO, "1")


@pytest.mark.parametrize("nombre", ["bucle.py", "for_range.py"])
def test_cada_mutante_se_rechaza_o_es_equivalente(nombre):
    ruta = mutantes.BUCLE_PY if nombre == "bucle.py" else mutantes.ACEPTA / nombre
    total, rechazados, equivalentes, vivos = mutantes.examina(ruta)
    assert vivos == []
    assert total >= 40 and rechazados + len(equivalentes) == total


def test_cada_mutante_de_ejecutar_se_rechaza():
    # The second lesson's reference: no mutant of it is equivalent, every one is caught.
    total, rechazados, vivos = mutantes.examina_errores()
    assert vivos == []
    assert total >= 40 and rechazados == total


def test_cada_equivalente_listado_es_un_mutante_de_verdad():
    # A listed equivalent that the mutator no longer makes is stale.
    hechos = {}
    for ruta in mutantes.todas():
        _, codigo = mutantes.solucion(ruta)
        hechos[ruta.name] = {d for d, _ in mutantes.mutantes(codigo)}
    for (nombre, descripcion), razon in mutantes.EQUIVALENTES.items():
        assert descripcion in hechos[nombre], (nombre, descripcion)
        assert razon.strip(), (nombre, descripcion)


def test_el_mutador_cambia_una_sola_cosa():
    _, codigo = mutantes.solucion(mutantes.BUCLE_PY)
    descripciones = [d for d, _ in mutantes.mutantes(codigo)]
    assert len(descripciones) == len(set(descripciones))
    tipos = {d.split(", ", 1)[1].split(":", 1)[0] for d in descripciones}
    assert tipos >= {"comparacion", "constante", "quita", "cruza", "sin-argumento",
                     "cruza-argumentos"}
