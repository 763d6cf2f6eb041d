"""The grader (py/lessonrt/grading/) on «El bucle»'s challenge, in CPython: the shape of
its results, what each message says, what learner code cannot do to it, the command
line, and the corpus in Pyodide. The corpus of every lesson, through the engine in
CPython, is tests/test_corpus.py.

The tests run with LESSONRT_GRADER_STRICT=1, so an error of the grader itself
is raised instead of turned into a result.
"""

import builtins
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lessonrt.grading import cli, engine
from tests.el_bucle import CORPUS, COMPROBACIONES, DESAFIO as EL_BUCLE
from lessonsite.runtime import corpus_limit
from tests.test_corpus import cabecera, lecciones, muestra  # noqa: F401  (cabecera: the browser tests)
from tests.child_process import in_a_child_process
from tests.pyodide_node import run_in_pyodide

RAIZ = Path(__file__).resolve().parent.parent
DESAFIO = RAIZ / "web" / "courses" / "llm-agents" / "el-bucle" / "desafio.py"
IDS = [id for id, _, _ in COMPROBACIONES]
LIMITE = 2.0  # seconds per check, the page's own: a busy machine must not turn slow into wrong
BUCLE = "llm-agents/el-bucle"  # the challenge these tests grade: not the course's first
CUELGA = 0.4  # for code that hangs on purpose, so that its tests end quickly


@pytest.fixture(autouse=True)
def estricto(monkeypatch):
    monkeypatch.setenv(engine.ESTRICTO, "1")


def califica(fuente, **opciones):
    opciones.setdefault("time_limit", LIMITE)
    opciones.setdefault("challenge", BUCLE)  # the course's first challenge is another lesson's
    return engine.grade(fuente, open_url=cli.open_url_local, **opciones)


def califica_aparte(fuente, tmp_path, time_limit=LIMITE):
    """Grade in a child interpreter. Tampering entries (trampa_*) rewrite the code of any
    function they can reach, standard library classes included; in the browser that
    spoils only a throwaway worker, here it would spoil pytest's own process. The result
    comes back through a file: the entries also write to the process's stdout."""
    salida = tmp_path / "resultado.json"
    codigo = ("import json, sys, lessonrt.grading.cli as g, lessonrt.i18n as i; i.set_language('es'); "
              "r = g.grade(sys.stdin.read(), open_url=g.open_url_local, time_limit=%r, challenge='llm-agents/el-bucle'); "
              "open(sys.argv[1], 'w', encoding='utf-8').write(json.dumps(r))" % time_limit)
    hecho = subprocess.run([sys.executable, "-c", codigo, str(salida)], input=fuente,
                           capture_output=True, text=True, encoding="utf-8", cwd=RAIZ, timeout=120,
                           env=dict(os.environ, PYTHONPATH=str(RAIZ / "py"), PYTHONIOENCODING="utf-8"))
    assert hecho.returncode == 0, hecho.stderr
    return json.loads(salida.read_text(encoding="utf-8"))


def corpus(tipo):
    """«El bucle»'s own corpus entries and a sample of the red teams' (test_redteam.py grades
    them all, in CPython)."""
    return muestra(BUCLE, tipo)


def con_el_desafio(cuerpo):
    """The starter code (exec lines and ejecutar) followed by `cuerpo`."""
    return DESAFIO.read_text(encoding="utf-8").split("def bucle(")[0] + cuerpo


BUCLE_BIEN = (CORPUS / "accept" / "for_range.py").read_text(encoding="utf-8")


# -- the result --------------------------------------------------------------------------------

def test_el_resultado_son_datos_simples_con_la_forma_prometida():
    resultado = califica(BUCLE_BIEN)
    assert json.loads(json.dumps(resultado)) == resultado
    assert set(resultado) == {"challenge", "checks", "passed", "total", "solved", "error", "output", "attempt",
                              "timed_out"}
    assert resultado["attempt"] is True and resultado["timed_out"] is False
    assert resultado["challenge"] == "llm-agents/el-bucle"
    assert [c["id"] for c in resultado["checks"]] == IDS
    for check in resultado["checks"]:
        assert set(check) == {"id", "title", "passed", "message", "case", "case_code", "hint", "rule", "raised",
                              "did", "expected", "labels", "output", "timed_out"}
        assert check["title"] and check["message"]
        assert check["labels"] == ["Lo que hizo tu bucle", "Lo que pide el contrato"]
        assert check["passed"] and check["did"] == check["expected"] == ""
    assert resultado["checks"][0]["id"] == "conversacion"


def test_las_pruebas_tienen_ids_estables_y_titulos_cortos():
    assert IDS == ["conversacion", "generadas"]
    for _, titulo, _ in COMPROBACIONES:
        assert 0 < len(titulo) <= 60


def test_el_mensaje_dice_lo_que_hizo_el_bucle_junto_al_contrato():
    resultado = califica((CORPUS / "reject" / "no_anade_nada.py").read_text(encoding="utf-8"))
    conversacion = resultado["checks"][IDS.index("conversacion")]
    lineas = conversacion["message"].splitlines()
    assert lineas[0] == "bucle con tope = 10, inicio = la de la lección, entorno = el de la lección"
    # Turn 2: the learner's model got the two starting messages again; the contract's got four.
    suya = next(l for l in lineas if l.startswith("Tu función: "))
    contrato = next(l for l in lineas if l.startswith("El contrato: "))
    assert suya.startswith("Tu función: su llamada número 2 a modelo es modelo([('sistema'")
    assert "('asistente'" not in suya and "('asistente', [texto 'Miro qué recetas hay.'" in contrato
    # The rule broken, then the hint that rule carries.
    assert lineas[-2].startswith("La regla del enunciado que no se cumple: el modelo recibe "
                                 "modelo(M, HERRAMIENTAS)")
    assert lineas[-1].startswith("Pista: Cada turno añade a M la respuesta entera")
    # The page shows each side once, under its label, the hint first, and in the message's
    # place the case and the rule: the case is said once.
    assert conversacion["did"] == suya.removeprefix("Tu función: ")
    assert conversacion["expected"] == contrato.removeprefix("El contrato: ")
    assert conversacion["hint"] == lineas[-1].removeprefix("Pista: ")
    # The rule alone too: a later check that breaks the same one folds its case on the page.
    assert conversacion["rule"] == lineas[-2].removeprefix("La regla del enunciado que no se cumple: ")
    assert conversacion["case"] == "\n".join(l for l in lineas if l not in (suya, contrato, lineas[-1]))


def test_una_excepcion_del_alumno_se_explica_como_en_una_celda():
    # A misspelt name inside the loop: the check says what a cell says under the same error.
    mal = BUCLE_BIEN.replace("M = list(inicio)", "M = lsit(inicio)", 1)
    assert mal != BUCLE_BIEN
    conversacion = califica(mal)["checks"][IDS.index("conversacion")]
    assert "lanzó NameError: name 'lsit' is not defined" in conversacion["message"]
    assert ("Python no conoce el nombre «lsit»: puede que esté mal escrito (las mayúsculas "
            "cuentan)") in conversacion["message"]
    # Not for a class of the learner's that takes the name of one of Python's.
    propia = BUCLE_BIEN.replace("def bucle(", "class NameError(Exception):\n    pass\n\n\ndef bucle(", 1)
    propia = propia.replace("M = list(inicio)", "raise NameError(\"name 'x' is not defined\")", 1)
    mensaje = califica(propia)["checks"][IDS.index("conversacion")]["message"]
    assert "lanzó NameError" in mensaje and "Python no conoce" not in mensaje


def test_la_salida_del_alumno_se_guarda_aparte(capsys):
    resultado = califica((CORPUS / "accept" / "con_prints_y_pruebas.py").read_text(encoding="utf-8"))
    assert capsys.readouterr().out == ""
    assert "empiezo con 2 mensajes y tope 5" in resultado["output"]  # its own test, at load
    assert "turno 4 : 0 llamadas" in resultado["checks"][0]["output"]


def test_on_check_recibe_cada_prueba_al_decidirse():
    vistas = []
    resultado = califica(BUCLE_BIEN, on_check=vistas.append)
    assert vistas == resultado["checks"]


def test_el_desafio_de_partida_no_pasa_y_dice_por_que():
    resultado = califica(DESAFIO.read_text(encoding="utf-8"))
    assert resultado["passed"] == 0 and resultado["error"] is None
    # It is Celda 1's loop: it runs the lesson's conversation to its end, but returns two
    # things, without "fin", and never stops on the tope.
    primera, generada = resultado["checks"]
    assert "Tu función: devuelve ('He añadido a lista.txt" in primera["message"]
    assert "El contrato: devuelve ('fin', 'He añadido a lista.txt" in primera["message"]
    assert "bucle devuelve una tupla de tres elementos" in primera["message"]
    assert "con tope = 0" in generada["message"] and "El contrato: no hace su llamada número 1 a modelo" in generada["message"]


# -- what the grader puts up with ---------------------------------------------------------------

@pytest.mark.parametrize("fuente, error", [
    (None, "No hay código que comprobar."),
    ("", "Tu código no define bucle"),
    ("x = 1\0\n", "carácter nulo"),
    ("def bucle(m, i, e, t):\n\treturn 1\n        return 2\n", "Error de sangría en la línea 3"),
])
def test_codigo_imposible(fuente, error):
    resultado = califica(fuente)
    assert error in resultado["error"] and resultado["passed"] == 0


def test_sin_los_ficheros_del_curso_lo_dice():
    def sin_red(url):
        raise OSError("sin conexión")
    resultado = engine.grade(BUCLE_BIEN, open_url=sin_red, challenge=BUCLE)
    assert "No se han podido cargar los ficheros del curso" in resultado["error"]
    assert not resultado["solved"]


def _curso_roto(url):
    texto = cli.open_url_local(url).read()
    if url.endswith("bucle.py"):
        texto += "\ndef bucle(modelo, inicio, entorno, tope):\n    raise ZeroDivisionError\n"
    return cli.io.StringIO(texto)


def test_un_fallo_del_corrector_es_un_resultado(monkeypatch):
    monkeypatch.delenv(engine.ESTRICTO)
    resultado = engine.grade(BUCLE_BIEN, open_url=_curso_roto, challenge=BUCLE)
    assert resultado["error"].startswith("Algo ha fallado en el corrector")
    assert not resultado["solved"] and resultado["passed"] == 0


def test_con_la_variable_estricta_el_fallo_del_corrector_se_lanza():
    with pytest.raises(ZeroDivisionError):
        engine.grade(BUCLE_BIEN, open_url=_curso_roto, challenge=BUCLE)


def test_una_interrupcion_de_verdad_para_la_comprobacion():
    import signal
    # The handler the grader found, whatever it is: a process started in the background
    # by a shell without job control begins with SIGINT ignored, not with Python's own.
    antes = signal.getsignal(signal.SIGINT)
    fuente = con_el_desafio("import signal\nsignal.raise_signal(signal.SIGINT)\n")
    with pytest.raises(KeyboardInterrupt):
        califica(fuente)
    assert signal.getsignal(signal.SIGINT) is antes


def test_un_hilo_del_alumno_hace_fallar_la_comprobacion():
    fuente = con_el_desafio(
        "import threading\n"
        "threading.Thread(target=threading.Event().wait, args=(0.5,), daemon=True).start()\n"
        + BUCLE_BIEN.split("def bucle(")[1].join(["def bucle(", ""]))
    resultado = califica(fuente)
    assert "hilo" in resultado["error"] and resultado["passed"] == 0


def test_el_alumno_no_ve_el_open_url_de_verdad():
    fuente = con_el_desafio(
        "import lessonrt.grading.cli as g\n"
        "print('el mismo:', open_url is g.open_url_local)\n"
        "try:\n"
        "    open_url.__code__ = (lambda url: None).__code__\n"
        "except ValueError:\n"
        "    print('no se deja')\n"
        "g.open_url_local = lambda url: None\n"
        + BUCLE_BIEN.split("def bucle(")[1].join(["def bucle(", ""]))
    resultado = califica(fuente)
    assert resultado["solved"]
    assert resultado["output"] == "el mismo: False\nno se deja\n"
    assert cli.open_url_local("/courses/llm-agents/entorno.py").read().startswith("# entorno.py")


def _estado():
    import sys as s
    return (dict(builtins.__dict__), s.stdout, s.stderr, s.stdin, s.gettrace(), s.getprofile(),
            s.getrecursionlimit(), {n: m for n, m in s.modules.items() if n.startswith("lessonrt")},
            {n: (f.__code__, f.__defaults__) for n, f in vars(engine).items()
             if callable(f) and hasattr(f, "__code__")},
            dict(vars(engine.Probe)), dict(vars(EL_BUCLE.prueba)), COMPROBACIONES)


@pytest.mark.parametrize("nombre", ["trampa_builtins", "trampa_parchea_corrector",
                                    "trampa_cambia_codigo", "trampa_apaga_el_reloj"])
def test_la_comprobacion_deja_el_interprete_como_estaba(nombre):
    in_a_child_process(_deja_el_interprete_como_estaba, nombre)


def _deja_el_interprete_como_estaba(nombre):
    antes = _estado()
    ruta = CORPUS / "reject" / (nombre + ".py")
    califica(ruta.read_text(encoding="utf-8"), time_limit=corpus_limit(ruta))
    assert _estado() == antes
    despues = califica(BUCLE_BIEN)  # and the next grading is unaffected
    assert despues["solved"], [(c["id"], c["message"][:300]) for c in despues["checks"] if not c["passed"]] or despues["error"]


def test_el_bucle_que_atrapa_el_plazo_y_sigue_llamando_al_modelo(tmp_path):
    # Catching the deadline (and the tope) and calling the model again: the
    # grader's model raises the deadline again on every call. In a child process:
    # on 3.11 the swallowed deadline leaves the interpreter's exception state behind.
    fuente = con_el_desafio(
        "def bucle(modelo, inicio, entorno, tope):\n"
        "    M = list(inicio)\n"
        "    while True:\n"
        "        try:\n"
        "            modelo(M, HERRAMIENTAS)\n"
        "        except BaseException:\n"
        "            pass\n")
    resultado = califica_aparte(fuente, tmp_path, time_limit=0.2)
    assert not resultado["solved"]
    assert "una vez más" in resultado["checks"][0]["message"] \
        or "no ha terminado" in resultado["checks"][0]["message"]


def test_una_prueba_que_se_queda_sin_tiempo_lo_dice_y_una_que_falla_no(tmp_path):
    # The page tells the line where time ran out from the line of an error by this flag.
    cuelga = con_el_desafio("def bucle(modelo, inicio, entorno, tope):\n    while True:\n        pass\n")
    resultado = califica_aparte(cuelga, tmp_path, time_limit=0.2)
    fallida = next(c for c in resultado["checks"] if not c["passed"])
    assert "no ha terminado" in fallida["message"] and fallida["timed_out"] is True
    arriba = califica_aparte("while True:\n    pass\n", tmp_path, time_limit=0.2)
    assert arriba["error"] and arriba["timed_out"] is True
    falla = califica(con_el_desafio("def bucle(modelo, inicio, entorno, tope):\n    return 1 / 0\n"))
    assert not falla["solved"] and falla["timed_out"] is False
    assert not any(c["timed_out"] for c in falla["checks"])


def test_los_modulos_del_corrector_no_guardan_estado_mutable():
    # Learner code can reach these modules through sys.modules: a list or dict
    # at module level could be changed in place, which no restore would see.
    import types
    from lessonrt.grading import guard, registry, textos
    for modulo in (engine, cli, guard, textos, registry, *EL_BUCLE.modulos):
        for nombre, valor in vars(modulo).items():
            if nombre.startswith("__") or isinstance(valor, (types.ModuleType, type)):
                continue
            assert not isinstance(valor, (list, dict, set, bytearray)), (modulo.__name__, nombre)



def test_tras_una_comprobacion_el_paquete_sigue_dando_lo_que_importan_las_comprobaciones(tmp_path):
    # A fresh interpreter, so no earlier test has graded in it: grade once, then load a
    # challenge whose checks import from the package, as `build.py new` writes them (its
    # FILES filled in as `new` fills them).
    from lessonsite.scaffold import TEMPLATE
    desafio = tmp_path / "demo" / "sumas"
    desafio.mkdir(parents=True)
    (desafio / "checks.py").write_text(
        (TEMPLATE / "checks.py").read_text(encoding="utf-8").replace("${solution}", "sumas.py"), encoding="utf-8")
    codigo = ("import sys, lessonrt.grading.cli as c, lessonrt.grading.registry as r; "
              "print(c.grade(sys.stdin.read(), open_url=c.open_url_local, challenge='llm-agents/el-bucle')['solved']); "
              "from lessonrt.grading import Probe, Result, grade, check; "
              "r.carga('demo/sumas', sys.argv[1]); print(r.desafio('demo/sumas').funcion)")
    hecho = subprocess.run([sys.executable, "-c", codigo, str(desafio)], input=BUCLE_BIEN,
                           capture_output=True, text=True, encoding="utf-8", cwd=RAIZ, timeout=120,
                           env=dict(os.environ, PYTHONPATH=str(RAIZ / "py"), PYTHONIOENCODING="utf-8"))
    assert hecho.returncode == 0, hecho.stderr
    assert hecho.stdout.split() == ["True", "suma_pares"]

# -- speed --------------------------------------------------------------------------------------

# -- the command line ----------------------------------------------------------------------------

def linea_de_ordenes(ruta, *, time_limit=LIMITE, timeout=None):
    """python -c "... grade_file(ruta) ...": (exit code, stdout, stderr)."""
    codigo = ("import sys, lessonrt.grading.cli as g; "
              "raise SystemExit(g.grade_file(sys.argv[1], challenge='llm-agents/el-bucle', time_limit=%r, timeout=%r))"
              % (time_limit, timeout))
    entorno = dict(os.environ, PYTHONPATH=str(RAIZ / "py"), PYTHONIOENCODING="utf-8")
    hecho = subprocess.run([sys.executable, "-c", codigo, str(ruta)], capture_output=True,
                           env=entorno, timeout=60)
    return hecho.returncode, hecho.stdout.decode("utf-8"), hecho.stderr.decode("utf-8")


def test_cli_sale_con_0_si_todo_pasa():
    codigo, salida, _ = linea_de_ordenes(CORPUS / "accept" / "for_range.py")
    lineas = salida.splitlines()
    assert codigo == 0
    assert len(lineas) == len(IDS) + 1
    assert all(linea.startswith("✓ ") for linea in lineas[:-1])
    assert lineas[0].startswith("✓ La conversación de la lección — Con tope 10, tu bucle recorre")
    assert lineas[-1] == "2 de 2 pruebas superadas"


def test_cli_sale_con_1_si_algo_falla_y_no_se_deja_enganar():
    codigo, salida, _ = linea_de_ordenes(CORPUS / "reject" / "trampa_imprime_aprobado.py")
    assert codigo == 1
    assert "10 de 10" not in salida and "✓ La conversación de la lección — bien" not in salida
    assert "✗ La conversación de la lección — bucle con tope = 3" in salida
    assert "La regla del enunciado que no se cumple: nunca se llama al modelo más de tope veces" in salida
    assert salida.splitlines()[-1] == "0 de 2 pruebas superadas"


def test_solo_cuenta_como_intento_el_codigo_que_compila():
    """The page offers the course's solution after failed attempts: code Python cannot
    compile is not one, code that compiles and fails is."""
    for roto in (con_el_desafio("def bucle(modelo, inicio, entorno, tope:\n    pass\n"),
                 con_el_desafio("def bucle(modelo, inicio, entorno, tope):\n  M = 1\n    return M\n")):
        resultado = califica(roto)
        assert resultado["error"].startswith(("Error de sintaxis", "Error de sangría")), resultado["error"]
        assert resultado["attempt"] is False
    resultado = califica(con_el_desafio("def bucle(modelo, inicio, entorno, tope):\n    return None\n"))
    assert resultado["attempt"] is True and not resultado["solved"]


def test_cli_un_error_de_sintaxis_da_la_linea_y_sale_con_1():
    codigo, salida, _ = linea_de_ordenes(CORPUS / "reject" / "sintaxis.py")
    assert codigo == 1
    # Python's words in the course's language, Python's own after them, as a cell shows them.
    assert "Error de sintaxis en la línea 17: falta un «:» (Python dice: expected ':')." in salida
    assert salida.count("✗ ") == len(IDS)
    assert salida.splitlines()[-1] == "0 de 2 pruebas superadas"


def test_cli_sale_con_2_si_no_puede_leer_el_fichero(tmp_path):
    codigo, salida, error = linea_de_ordenes(tmp_path / "no-existe.py")
    assert (codigo, salida) == (2, "") and "No existe el fichero" in error
    (tmp_path / "latin1.py").write_bytes("# año\n".encode("latin-1"))
    codigo, _, error = linea_de_ordenes(tmp_path / "latin1.py")
    assert codigo == 2 and "No se puede leer" in error
    codigo, _, _ = linea_de_ordenes(tmp_path)
    assert codigo == 2


def test_cli_para_un_bucle_dentro_de_c(tmp_path):
    # sum(range(...)) never gives the tracer a line: the child process is killed.
    ruta = tmp_path / "c.py"
    ruta.write_text(con_el_desafio("def bucle(modelo, inicio, entorno, tope):\n"
                                   "    return sum(range(10 ** 15))\n"), encoding="utf-8")
    inicio = time.monotonic()
    codigo, salida, _ = linea_de_ordenes(ruta, time_limit=0.3, timeout=1.0)
    assert codigo == 1 and time.monotonic() - inicio < 30
    assert "✗ La conversación de la lección — No se ha podido probar: tu código no terminaba" in salida
    assert "Tu código no ha terminado en 1 s y se ha detenido la comprobación" in salida
    assert time.monotonic() - inicio < 10
    assert salida.splitlines()[-1] == "0 de 2 pruebas superadas"


def test_cli_un_bucle_que_atrapa_el_plazo_sin_llamar_a_nada(tmp_path):
    # On Python 3.11 sys.settrace cannot stop this loop in-process (3.12+ can):
    # the child process is killed either way, with the checks already decided kept.
    ruta = tmp_path / "atrapa.py"
    ruta.write_text(con_el_desafio(
        "def bucle(modelo, inicio, entorno, tope):\n"
        "    while True:\n"
        "        try:\n"
        "            while True:\n"
        "                pass\n"
        "        except BaseException:\n"
        "            pass\n"), encoding="utf-8")
    codigo, salida, _ = linea_de_ordenes(ruta, time_limit=0.3, timeout=1.5)
    assert codigo == 1
    assert "no ha terminado" in salida or "no terminaba" in salida
    assert salida.splitlines()[-1] == "0 de 2 pruebas superadas"


def test_cli_un_check_largo_dice_que_sigue_y_no_se_corta(tmp_path):
    """A check that runs the learner's function hundreds of times takes seconds on a slow
    engine (WebKit, a phone): the grader says it goes on between runs, and whoever waits
    on it with a limit of one run's time (here 1 s; the page's watchdog, the command
    line's child) lets a right solution finish. Its 250 conversations take some 2 s here."""
    ruta = tmp_path / "lento.py"
    bien = (CORPUS / "accept" / "for_range.py").read_text(encoding="utf-8")
    ruta.write_text(bien.replace("    M = list(inicio)\n", "    __import__('time').sleep(0.008)\n    M = list(inicio)\n"),
                    encoding="utf-8")
    assert "sleep" in ruta.read_text(encoding="utf-8")
    codigo, salida, _ = linea_de_ordenes(ruta, time_limit=2.0, timeout=1.0)
    assert "✓ Cientos de conversaciones" in salida, salida
    assert (codigo, salida.splitlines()[-1]) == (0, "2 de 2 pruebas superadas")


def test_cli_os_exit_del_alumno(tmp_path):
    ruta = tmp_path / "sale.py"
    ruta.write_text(con_el_desafio("import os\nos._exit(0)\n"), encoding="utf-8")
    codigo, salida, _ = linea_de_ordenes(ruta)
    assert codigo == 1
    assert "ha terminado de golpe" in salida
    assert salida.splitlines()[-1] == "0 de 2 pruebas superadas"


# -- the same corpus in Pyodide (Python 3.14: the sys.monitoring deadline) -----------------

PYODIDE_CORPUS = r"""
import glob, json, os, sys
sys.path.insert(0, "/repo/py")
os.environ["LESSONRT_GRADER_STRICT"] = "1"
from lessonrt.grading import cli
from lessonrt.i18n import set_language
# The .mo files the build compiles, as the page's worker reads them (no Babel in Pyodide).
assert set_language("es", localedir="/catalogos/locale") == "es"
veredictos = {}
LIMITES = %(limites)s  # {path from the repository's root: [challenge, seconds]}
for ruta in sorted(LIMITES):
    desafio, limite = LIMITES[ruta]
    r = cli.grade(open("/repo/" + ruta, encoding="utf-8").read(), open_url=cli.open_url_local,
                  challenge=desafio, time_limit=limite)
    veredictos[ruta] = {
        "solved": r["solved"], "error": r["error"],
        "checks": {c["id"]: [c["passed"], c["message"]] for c in r["checks"]}}
json.dumps({"version": sys.version.split()[0], "monitoring": hasattr(sys, "monitoring"),
            "veredictos": veredictos})
"""


@pytest.mark.slow
def test_cada_corpus_da_lo_mismo_en_pyodide(tmp_path):
    # Every lesson's own corpus and a sample of its red teams' (the pages grade only the
    # lessons' own): [its challenge, the build's limit (short only for those that hang on purpose)].
    limites = {r.relative_to(RAIZ).as_posix(): [clave, corpus_limit(r)] for clave in lecciones()
               for tipo in ("accept", "reject") for r in muestra(clave, tipo)}
    salida = run_in_pyodide(PYODIDE_CORPUS % {"limites": json.dumps(limites)}, tmp_path)
    datos = json.loads(salida)
    assert datos["version"].startswith("3.14") and datos["monitoring"]
    assert sorted(datos["veredictos"]) == sorted(limites)
    for ruta in (r for clave in lecciones() for r in muestra(clave, "accept")):
        assert datos["veredictos"][ruta.relative_to(RAIZ).as_posix()]["solved"], ruta.name
    for ruta in (r for clave in lecciones() for r in muestra(clave, "reject")):
        veredicto = datos["veredictos"][ruta.relative_to(RAIZ).as_posix()]
        fallan, palabras_error = cabecera(ruta)
        assert not veredicto["solved"], ruta.name
        for id, palabras in fallan.items():
            for pasa, mensaje in (veredicto["checks"].values() if id == "all"
                                  else [veredicto["checks"][id]]):
                assert not pasa, (ruta.name, id)
                for palabra in palabras:
                    assert palabra.lower() in mensaje.lower(), (ruta.name, id, mensaje)
        for palabra in palabras_error:
            assert palabra.lower() in (veredicto["error"] or "").lower(), (ruta.name, palabra)


# -- the generated conversations ----------------------------------------------------------------

def test_el_veredicto_muestra_la_conversacion_mas_sencilla_que_se_separa():
    resultado = califica((CORPUS / "reject" / "textos_con_strip.py").read_text(encoding="utf-8"))
    generadas = resultado["checks"][IDS.index("generadas")]
    lineas = generadas["message"].splitlines()
    assert re.fullmatch(r"Pasa los (\d+) primeros casos generados y falla en el n\.º (\d+)\. El más "
                        r"sencillo que falla igual es este:", lineas[0])
    # Shrunk: one call of bucle, and the model's answers shown one by one.
    assert lineas[1].startswith("bucle con tope = ")
    assert lineas[2].startswith("  el modelo: ")
    suya = next(l for l in lineas if l.startswith("Tu función: devuelve ('fin', "))
    contrato = next(l for l in lineas if l.startswith("El contrato: devuelve ('fin', "))
    assert suya != contrato
    assert lineas[-2].startswith("La regla del enunciado que no se cumple: al terminar, texto junta")
    assert lineas[-1].startswith("Pista: Los textos van tal cual")


def test_dos_pruebas_que_fallan_por_lo_mismo_lo_dicen_una_vez():
    resultado = califica((CORPUS / "reject" / "no_anade_nada.py").read_text(encoding="utf-8"))
    por_id = {c["id"]: c for c in resultado["checks"]}
    assert not por_id["conversacion"]["passed"] and not por_id["generadas"]["passed"]
    # Different cases, different messages: each says its own.
    assert not por_id["generadas"]["message"].startswith("Falla por la misma causa")
    resultado = califica((CORPUS / "reject" / "cuelga_en_bucle.py").read_text(encoding="utf-8"), time_limit=CUELGA)
    # Its while calls ejecutar without end: the recording ejecutar refuses past the contract's
    # count, so the verdict comes at once, naming the rule, instead of after the time limit.
    for c in resultado["checks"]:
        assert not c["passed"]
        assert "La regla del enunciado que no se cumple: las llamadas de una respuesta pasan" in c["message"]
