"""The lesson «Qué es un agente» as content, in CPython: its cells print what its text says
they print, run by lessonrt.runner as the page runs them, and every fact the text and the
quiz state about the course files is run here."""

import tomllib
from pathlib import Path

import pytest

from lessonrt.runner import local_open_url
from tests.lesson_cells import cell_output

RAIZ = Path(__file__).resolve().parent.parent
CURSO = RAIZ / "web" / "courses" / "llm-agents"
LECCION = CURSO / "que-es-un-agente"
OPEN_URL = local_open_url(RAIZ / "py")

CELDA1_SALIDA = """\
El entorno, que el modelo nunca ve:
  lista.txt              pan, leche, patatas
  notas.txt              El domingo comemos en casa: gazpacho y tortilla para seis.
  recetas/gazpacho.txt   Gazpacho. Ingredientes: tomates, pepino, pimiento, ajo, pan.
  recetas/tortilla.txt   Tortilla de patatas. Ingredientes: patatas, huevos, cebolla.

Lo que el modelo sabe de cada herramienta:
  listar    Lista las rutas de los ficheros que hay dentro de una carpeta.
  leer      Devuelve el contenido de un fichero.
  escribir  Escribe un fichero entero, sustituyendo lo que tuviera.
  buscar    Devuelve las rutas de los ficheros que contienen un texto.

El esquema de leer:
{
  "type": "object",
  "properties": {
    "ruta": {
      "type": "string",
      "description": "Ruta del fichero, por ejemplo lista.txt"
    }
  },
  "required": [
    "ruta"
  ],
  "additionalProperties": false
}
"""

CELDA2_SALIDA = """\
¿incumple su esquema? None
0 sistema Trabajas con los ficheros del usuario mediante tus herramientas.
1 usuario ¿Qué hay en lista.txt?
2 asistente texto: Miro la lista.
2 asistente t1 → leer(ruta='lista.txt')
3 usuario t1 ← pan, leche, patatas

El bloque tool_result, tal cual: {'type': 'tool_result', 'tool_use_id': 't1', 'content': 'pan, leche, patatas'}
Una llamada mal escrita: leer: falta el argumento 'ruta'
"""

CELDA3_SALIDA = """\
turno 1: texto: Miro la lista. · t1 → leer(ruta='lista.txt')
turno 2: texto: En lista.txt pone: pan, leche, patatas.
turnos: 2 · mensajes al final: 5

ErrorDeGuion: turno 2: falta el mensaje 3. El guion esperaba 4 mensajes y llegaron 3.
  esperaba: usuario [resultado de t1]
"""


def codigo(nombre):
    return (LECCION / nombre).read_text(encoding="utf-8")


def curso():
    ns = {"__name__": "__main__", "open_url": OPEN_URL}
    for fichero in ("guionizado.py", "entorno.py"):
        exec(OPEN_URL("/courses/llm-agents/%s" % fichero).read(), ns)
    return ns


# -- the cells ------------------------------------------------------------------------------

@pytest.mark.parametrize("clave, salida", [("celda1", CELDA1_SALIDA), ("celda2", CELDA2_SALIDA),
                                            ("celda3", CELDA3_SALIDA)])
def test_cada_celda_imprime_lo_que_dice_la_leccion(clave, salida):
    assert cell_output(LECCION, clave) == salida


def test_la_leccion_nombra_sus_tres_celdas_y_su_cuestionario():
    texto = codigo("lesson.md")
    for n in (1, 2, 3):
        assert f"```{{cell}} celda{n}.py\n:name: Celda {n}\n```" in texto
    assert texto.count("```{quiz}") == 1 and texto.count("```{challenge} desafio.py\n```") == 1


def test_es_la_primera_leccion_del_curso_y_el_bucle_la_nombra():
    orden = tomllib.loads((CURSO / "course.toml").read_text(encoding="utf-8"))["lessons"]
    assert orden[:2] == ["que-es-un-agente", "el-bucle"]
    titulo = tomllib.loads(codigo("lesson.toml"))["title"]
    bucle = (CURSO / "el-bucle" / "lesson.md").read_text(encoding="utf-8")
    assert f"«{titulo}»" in bucle
    assert "lección anterior" not in bucle and "llamar herramientas" not in bucle


# -- what the text states about the course files ------------------------------------------------

def test_cuatro_herramientas_que_reciben_primero_el_entorno():
    import inspect
    cur = curso()
    assert [h["name"] for h in cur["HERRAMIENTAS"]] == ["listar", "leer", "escribir", "buscar"]
    assert set(cur["FUNCIONES"]) == {h["name"] for h in cur["HERRAMIENTAS"]}
    for funcion in cur["FUNCIONES"].values():
        assert list(inspect.signature(funcion).parameters)[0] == "entorno"
    for h in cur["HERRAMIENTAS"]:  # what the model gets: name, description, schema; no code
        assert set(h) == {"name", "description", "input_schema"}


def test_el_esquema_de_leer_es_json_y_en_python_lleva_false():
    import json
    cur = curso()
    esquema = cur["HERRAMIENTAS"][1]["input_schema"]
    assert cur["HERRAMIENTAS"][1]["name"] == "leer"  # «la segunda», says Celda 1's comment
    assert esquema["additionalProperties"] is False and esquema["required"] == ["ruta"]
    # «true, false y null donde Python pone True, False y None»
    assert json.dumps([True, False, None]) == "[true, false, null]"
    assert '"additionalProperties": false' in CELDA1_SALIDA


def test_exec_de_open_url_deja_en_la_celda_lo_que_define_el_fichero():
    ns = {"open_url": OPEN_URL}
    exec('exec(open_url("/courses/llm-agents/entorno.py").read())', ns)
    assert {"ENTORNO", "HERRAMIENTAS", "FUNCIONES", "incumple", "texto", "llamada", "resultado",
            "muestra"} <= set(ns)


def test_los_bloques_son_los_que_escribe_la_leccion():
    cur = curso()
    assert cur["llamada"]("t1", "leer", ruta="lista.txt") == \
        {"type": "tool_use", "id": "t1", "name": "leer", "input": {"ruta": "lista.txt"}}
    assert cur["resultado"]("t1", "pan, leche, patatas") == \
        {"type": "tool_result", "tool_use_id": "t1", "content": "pan, leche, patatas"}
    assert cur["texto"]("hola") == {"type": "text", "text": "hola"}


def test_incumple_da_none_o_el_motivo_en_una_frase():
    cur = curso()
    assert cur["incumple"](cur["llamada"]("t1", "leer", ruta="lista.txt")) is None
    assert cur["incumple"](cur["llamada"]("t1", "leer", ruta="a", otro="b")) == "leer: sobra el argumento 'otro'"
    assert cur["incumple"](cur["llamada"]("t1", "borrar")) == "no hay ninguna herramienta llamada 'borrar'"


def test_el_modelo_guionizado_responde_y_cuenta_sus_turnos():
    cur = curso()
    inicio = [("sistema", "s"), ("usuario", "u")]
    respuestas = [[cur["llamada"]("t1", "leer", ruta="lista.txt")], [cur["texto"]("fin")]]
    obs = [[cur["resultado"]("t1", "pan, leche, patatas")]]
    guion = cur["guion_de"](inicio, respuestas, obs)
    assert [len(t["recibe"]) for t in guion] == [2, 4]
    modelo = cur["ModeloGuionizado"](guion)
    assert modelo.turno == 0
    assert modelo(list(inicio), cur["HERRAMIENTAS"]) == respuestas[0] and modelo.turno == 1
    M = inicio + [("asistente", respuestas[0]), ("usuario", obs[0])]
    assert modelo(M, cur["HERRAMIENTAS"]) == respuestas[1] and modelo.turno == 2


def test_el_cuestionario_acierta_con_las_celdas():
    preguntas = {q["id"]: q for q in tomllib.loads(codigo("lesson.toml"))["quiz"]}
    assert 3 <= len(preguntas) <= 5
    assert all(q["kind"] in ("single", "number") for q in preguntas.values())
    assert "mensajes al final: 5" in CELDA3_SALIDA
    # The question asks past the cell: a second response with a call, then one with text only.
    cur = curso()
    inicio = [("sistema", "s"), ("usuario", "u")]
    respuestas = [[cur["llamada"]("t1", "leer", ruta="lista.txt")],
                  [cur["llamada"]("t2", "leer", ruta="notas.txt")], [cur["texto"]("fin")]]
    obs = [[cur["resultado"]("t1", "pan, leche, patatas")], [cur["resultado"]("t2", "...")]]
    modelo, M = cur["ModeloGuionizado"](cur["guion_de"](inicio, respuestas, obs)), list(inicio)
    for turno in range(3):
        M.append(("asistente", modelo(M, cur["HERRAMIENTAS"])))
        if turno < 2:
            M.append(("usuario", obs[turno]))
    assert preguntas["mensajes-de-la-celda-3"]["answer"] == len(M) == 7
    rol = [o for o in preguntas["rol-de-la-observacion"]["options"] if o["correct"]]
    assert len(rol) == 1 and "«usuario»" in rol[0]["text"]
    assert "3 usuario t1 ← " in CELDA2_SALIDA  # the observation's message has the role usuario


# -- the challenge: what its statement says the reference does -------------------------------------

def referencia():
    cur = curso()
    exec(OPEN_URL("/courses/llm-agents/protocolo.py").read(), cur)
    return cur


def test_los_dos_ejemplos_del_enunciado_dan_lo_que_dice():
    import re
    cur = referencia()
    texto = codigo("lesson.md")
    cur["R"] = eval(re.search(r"con `R = (.+?)`,", texto)[1], cur)
    ejemplos = re.findall(r"- `(sin_observacion\(.+?\))`\s+devuelve `(.+?)`", texto)
    assert len(ejemplos) == 2
    for llamada, devuelve in ejemplos:
        assert eval(llamada, cur) == eval(devuelve)
    assert ejemplos[1][1] == '["t1"]'


def test_la_primera_pista_dice_lo_que_imprime_probar():
    # The hint has the learner add the statement's second example under the starting code
    # and press Probar: the course's solution prints what the hint says, the starting code
    # does not, so the try shows the learner what is missing.
    import contextlib
    import io
    import re
    pista = tomllib.loads(codigo("lesson.toml"))["challenge"]["hints"][0]
    R = re.search(r"`(R = .+?)`", pista)[1]
    assert R == "R = " + re.search(r"con `R = (.+?)`,", codigo("lesson.md"))[1]  # the statement's R
    llamada = re.search(r"`(print\(sin_observacion\(.+?\)\))`", pista)[1]
    dice = re.search(r"Tiene que salir `(.+?)`", pista)[1]
    solucion = OPEN_URL("/courses/llm-agents/protocolo.py").read()
    for programa, sale in ((codigo("desafio.py"), "[]"), (codigo("desafio.py") + "\n" + solucion, dice)):
        salida = io.StringIO()
        with contextlib.redirect_stdout(salida):
            exec("\n".join([programa, R, llamada]), {"__name__": "__main__", "open_url": OPEN_URL})
        assert salida.getvalue() == sale + "\n"
    assert dice == "['t1']"


def test_cada_regla_de_los_detalles_es_lo_que_hace_la_referencia():
    cur = referencia()
    f, ll, res = cur["sin_observacion"], cur["llamada"], cur["resultado"]
    u = ("usuario", "¿Qué hay en lista.txt?")
    R = ("asistente", [ll("t1", "leer", ruta="lista.txt")])
    assert f([]) == [] and type(f([u])) is list
    assert f([u, ("asistente", "Hola."), ("usuario", "pan")]) == []  # a text brings no blocks
    assert f([u, R, ("usuario", [res("t1 ", "x")])]) == ["t1"]  # exactly its id
    assert f([u, R, ("usuario", [res("T1", "x")])]) == ["t1"]
    dos = ("asistente", [ll("t1", "leer", ruta="a"), ll("t2", "leer", ruta="b")])
    assert f([u, dos, ("usuario", [cur["texto"]("x"), res("t2", "b"), res("t1", "a"), res("t1", "a")])]) == []
    assert f([u, R, ("usuario", []), ("usuario", [res("t1", "x")])]) == ["t1"]  # one message late
    assert f([u, R, ("usuario", [res("t9", "x")]), R]) == ["t1", "t1"]  # one id per call, in order
    assert f([u, dos, ("usuario", [res("t2", "b")])]) == ["t1"]
    assert f([u, dos]) == ["t1", "t2"]  # the last response counts too
    M = [u, R]
    antes = repr(M)
    f(M)
    assert repr(M) == antes


def test_el_corrector_prueba_cientos_de_conversaciones_y_las_de_las_celdas():
    import importlib.util
    spec = importlib.util.spec_from_file_location("checks_q", LECCION / "checks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert len(mod.CONTRATO.casos()) >= 200  # «cientos de conversaciones»
    M = [c.calls[0][0] for c in mod.LECCION]
    celda2 = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
              ("usuario", "¿Qué hay en lista.txt?")]
    assert M[0][:2] == celda2 and len(M[0]) == 4 and len(M[1]) == 3 and len(M[2]) == 5
    assert "Cuatro preguntas" in codigo("lesson.md") and len(tomllib.loads(codigo("lesson.toml"))["quiz"]) == 4


def test_un_caso_escribe_cada_llamada_como_la_escribe_llamada_del_curso():
    # A learner who copies a failing case into a cell gets the very blocks it shows:
    # «llamada('t1', 'leer')» without its file read as a call that had lost its argument.
    from lessonrt.grading import differential as D, registry

    checks = registry.desafio("llm-agents/que-es-un-agente").modulo
    M = [("usuario", "¿Qué hay?"), ("asistente", [checks._ll("t1"), checks._ll("t2", "listar")])]
    dicho = checks.describe(D.Case([(M,)]))
    assert "llamada('t1', 'leer', ruta='lista.txt'), llamada('t2', 'listar', carpeta='recetas/')" in dicho, dicho
    contexto = {}
    exec(open(RAIZ / "py" / "courses" / "llm-agents" / "entorno.py", encoding="utf-8").read(), contexto)
    assert eval("llamada('t1', 'leer', ruta='lista.txt')", contexto) == checks._ll("t1")
