"""Every lesson's challenge against its own corpus, through the grading engine, in CPython.

A lesson that brings a challenge brings `corpus/accept/*.py` (solutions written in
different styles: every check passes, and what the learner's code did equals what the
contract does) and `corpus/reject/*.py` (wrong or tampering solutions). Each reject file
begins with comment lines that say what must happen:

    # <what is wrong, in a sentence>
    # fails: <check id, or "all">
    # says: <words that check's message must contain>     (any number)
    # error: <words the grading's error must contain>     (before any check)

Files named trampa_*.py tamper with the interpreter and are graded in a child process.
The tests run with LESSONRT_GRADER_STRICT=1: an error of the grader itself fails them.
"""

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from lessonrt.grading import cli, engine, registry
from lessonsite.runtime import corpus_header, corpus_limit

RAIZ = Path(__file__).resolve().parent.parent
CURSOS = RAIZ / "web" / "courses"
MINIMO = {"accept": 4, "reject": 12}


def lecciones():
    """The keys ("course/lesson") of every lesson with a corpus."""
    return sorted(p.parent.relative_to(CURSOS).as_posix() for p in CURSOS.glob("*/*/corpus"))


def corpus(clave, tipo):
    return sorted((CURSOS / clave / "corpus" / tipo).glob("*.py"))


ROJO_CADA = 12
"""The blind red teams' solutions (tests/redteam/<course>/<lesson>/, every one graded by
tests/test_redteam.py) are hundreds: one in ROJO_CADA goes through Pyodide (in Node:
test_grader's test_cada_corpus_da_lo_mismo_en_pyodide), with every entry of the lesson's own
corpus, and through this module under `build.py test --quick`, which leaves test_redteam.py
out (tests/conftest.py). A verdict is Python's doing: the page adds the worker, the transport
and the words it shows, which the lesson's own corpus proves through the page as well as
any sample would."""


@cache  # several modules ask for it as the suite is collected
def muestra(clave, tipo):
    """The lesson's own entries and a fixed sample of the red teams'."""
    rojos = sorted((RAIZ / "tests" / "redteam" / clave / tipo).glob("*.py"))
    return corpus(clave, tipo) + rojos[::ROJO_CADA]


def cabecera(ruta):
    """{check id: [words]} and [error words] from a reject file's header (the build's reader)."""
    fallan, error, _ = corpus_header(ruta)
    return fallan, error


def casos(tipo):
    return [pytest.param(clave, ruta, id="%s/%s" % (clave.split("/")[1], ruta.stem))
            for clave in lecciones() for ruta in muestra(clave, tipo)]


@pytest.fixture(autouse=True)
def estricto(monkeypatch):
    monkeypatch.setenv(engine.ESTRICTO, "1")


def califica(fuente, clave, time_limit):
    return cli.grade(fuente, open_url=cli.open_url_local, challenge=clave, time_limit=time_limit)


def califica_aparte(fuente, clave, tmp_path, time_limit):
    """Grade in a child interpreter. Tampering entries (trampa_*) rewrite the code of any
    function they can reach, standard library classes included; in the browser that
    spoils only a throwaway worker, here it would spoil pytest's own process. The result
    comes back through a file: the entries also write to the process's stdout."""
    salida = tmp_path / "resultado.json"
    codigo = ("import json, sys, lessonrt.grading.cli as g, lessonrt.i18n as i; i.set_language('es'); "
              "r = g.grade(sys.stdin.read(), open_url=g.open_url_local, challenge=%r, time_limit=%r); "
              "open(sys.argv[1], 'w', encoding='utf-8').write(json.dumps(r))" % (clave, time_limit))
    hecho = subprocess.run([sys.executable, "-c", codigo, str(salida)], input=fuente,
                           capture_output=True, text=True, encoding="utf-8", cwd=RAIZ, timeout=120,
                           env=dict(os.environ, PYTHONPATH=str(RAIZ / "py"), PYTHONIOENCODING="utf-8"))
    assert hecho.returncode == 0, hecho.stderr
    return json.loads(salida.read_text(encoding="utf-8"))


def test_hay_lecciones_con_corpus():
    assert {"llm-agents/el-bucle", "llm-agents/errores"} <= set(lecciones())


@pytest.mark.parametrize("clave", lecciones())
def test_cada_corpus_tiene_lo_que_promete(clave):
    ids = {c.id for c in registry.desafio(clave).comprobaciones}
    for tipo, minimo in MINIMO.items():
        assert len(corpus(clave, tipo)) >= minimo, (clave, tipo)
    for ruta in corpus(clave, "reject"):
        fallan, _ = cabecera(ruta)
        assert fallan, "%s: no '# fails:' line" % ruta.name
        for id in fallan:
            assert id == "all" or id in ids, "%s: unknown check %r" % (ruta.name, id)


@pytest.mark.parametrize("clave, ruta", casos("accept"))
def test_las_soluciones_correctas_pasan_todo(clave, ruta):
    total = len(registry.desafio(clave).comprobaciones)
    resultado = califica(ruta.read_text(encoding="utf-8"), clave, corpus_limit(ruta))
    fallidas = {c["id"]: c["message"] for c in resultado["checks"] if not c["passed"]}
    assert fallidas == {}
    assert resultado["error"] is None and resultado["solved"]
    assert (resultado["passed"], resultado["total"]) == (total, total)
    for check in resultado["checks"]:
        assert check["did"] == check["expected"], check["id"]


@pytest.mark.parametrize("clave, ruta", casos("reject"))
def test_las_soluciones_equivocadas_fallan_con_su_mensaje(clave, ruta, tmp_path):
    total = len(registry.desafio(clave).comprobaciones)
    fallan, palabras_error = cabecera(ruta)
    fuente = ruta.read_text(encoding="utf-8")
    # The build's limits (lessonsite.runtime.corpus_limit): short only for files that hang.
    limite = corpus_limit(ruta)
    resultado = (califica_aparte(fuente, clave, tmp_path, limite) if ruta.stem.startswith("trampa_")
                 else califica(fuente, clave, limite))
    assert not resultado["solved"]
    assert resultado["passed"] < resultado["total"] == total
    por_id = {c["id"]: c for c in resultado["checks"]}
    for id, palabras in fallan.items():
        for check in resultado["checks"] if id == "all" else [por_id[id]]:
            assert not check["passed"], "%s should fail" % check["id"]
            for palabra in palabras:
                assert palabra.lower() in check["message"].lower(), (check["id"], check["message"])
    for palabra in palabras_error:
        assert resultado["error"] and palabra.lower() in resultado["error"].lower(), resultado["error"]
    if "all" not in fallan:
        assert resultado["error"] is None


def test_every_challenge_of_the_repository_has_a_corpus_big_enough_to_trust():
    # At least 4 accepted and 12 rejected solutions, named by folder when short: a challenge
    # with no corpus would otherwise pass everything unchecked.
    from lessonsite.runtime import corpus_shortfalls

    desafios = {f"{d.parent.name}/{d.name}": d for d in sorted(CURSOS.glob("*/*"))
                if (d / "checks.py").is_file() or (d / "checks").is_dir()}
    assert desafios and corpus_shortfalls(desafios) == []
