"""The course files (py/courses/llm-agents) and the lesson's cells, run in CPython.

The cells run the way the page runs them: a fresh namespace with `open_url`,
which reads the course files; cell 2 runs where cell 1 already ran.
"""

import contextlib
import io
from pathlib import Path

import pytest

from lessonrt.grading import cli as grader
from tests.el_bucle import B as _grader_bucle

RAIZ = Path(__file__).resolve().parent.parent
LECCION = RAIZ / "web" / "courses" / "llm-agents" / "el-bucle"
CURSO = "/courses/llm-agents/"

CELDA1_SALIDA = """\
0 sistema    Trabajas con los ficheros del usuario mediante tus herramientas.
1 usuario    Añade a lista.txt lo que falta para las recetas.
2 asistente  texto: Miro qué recetas hay.
             t1 → listar(carpeta='recetas/')
3 usuario    t1 ← recetas/gazpacho.txt | recetas/tortilla.txt
4 asistente  t2 → leer(ruta='recetas/gazpacho.txt')
             t3 → leer(ruta='recetas/tortilla.txt')
             t4 → leer(ruta='lista.txt')
5 usuario    t2 ← Gazpacho. Ingredientes: tomates, pepino, pimiento, ajo, pan.
             t3 ← Tortilla de patatas. Ingredientes: patatas, huevos, cebolla.
             t4 ← pan, leche, patatas
6 asistente  t5 → escribir(ruta='lista.txt', contenido='pan, leche, patatas, tomat…)
7 usuario    t5 ← lista.txt: 68 caracteres escritos
8 asistente  texto: He añadido a lista.txt tomates, pepino, pimiento, ajo, huevos y cebolla.

4 turnos: He añadido a lista.txt tomates, pepino, pimiento, ajo, huevos y cebolla.
lista.txt: pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla
"""

LISTA = "pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla"


def celda(nombre):
    return (LECCION / nombre).read_text(encoding="utf-8")


def corre(codigo, ns=None, nombre="<celda>"):
    """Run code as a cell: returns (namespace, stdout)."""
    ns = {"__name__": "__main__", "open_url": grader.open_url_local} if ns is None else ns
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        exec(compile(codigo, nombre, "exec"), ns)
    return ns, salida.getvalue()


@pytest.fixture
def curso():
    """entorno.py and guionizado.py, loaded as the cells load them."""
    ns, _ = corre('exec(open_url("/courses/llm-agents/guionizado.py").read())\n'
                  'exec(open_url("/courses/llm-agents/entorno.py").read())\n')
    return ns


def ejecutar(ns):
    def ejecutar(ll, entorno):
        motivo = ns["incumple"](ll)
        if motivo is not None:
            raise ValueError(motivo)
        return ns["resultado"](ll["id"], ns["FUNCIONES"][ll["name"]](entorno, **ll["input"]))
    return ejecutar


def leccion(ns):
    """INICIO, the four responses and the script of the lesson's conversation."""
    texto, llamada = ns["texto"], ns["llamada"]
    inicio = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
              ("usuario", "Añade a lista.txt lo que falta para las recetas.")]
    respuestas = [
        [texto("Miro qué recetas hay."), llamada("t1", "listar", carpeta="recetas/")],
        [llamada("t2", "leer", ruta="recetas/gazpacho.txt"),
         llamada("t3", "leer", ruta="recetas/tortilla.txt"),
         llamada("t4", "leer", ruta="lista.txt")],
        [llamada("t5", "escribir", ruta="lista.txt", contenido=LISTA)],
        [texto("He añadido a lista.txt tomates, pepino, pimiento, ajo, huevos y cebolla.")],
    ]
    copia, ej = dict(ns["ENTORNO"]), ejecutar(ns)
    guion = ns["guion_de"](inicio, respuestas, [[ej(b, copia) for b in r if b["type"] == "tool_use"]
                                                for r in respuestas])
    return inicio, respuestas, guion


# -- the cells --------------------------------------------------------------------------

def test_celda1_imprime_la_conversacion_entera():
    ns, salida = corre(celda("celda1.py"), nombre="<Celda 1>")
    assert salida == CELDA1_SALIDA
    assert [n for n, _ in enumerate(ns["M"])] == list(range(9))
    assert ns["entorno"]["lista.txt"] == LISTA
    assert ns["ENTORNO"]["lista.txt"] == "pan, leche, patatas"  # the cell copies it


def test_celda1_sin_observaciones_el_guion_se_queja_en_el_turno_2():
    codigo = celda("celda1.py")
    linea = '        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))\n'
    assert codigo.count(linea) == 1
    with pytest.raises(Exception) as error:
        corre(codigo.replace(linea, ""), nombre="<Celda 1>")
    assert type(error.value).__name__ == "ErrorDeGuion"
    assert str(error.value).startswith("turno 2: falta el mensaje 3.")
    assert "esperaba 4 mensajes y llegaron 3" in str(error.value)


# -- what the quiz claims about Celda 1 and its trace ------------------------------------

def test_las_preguntas_de_la_traza():
    """que-ve-el-modelo, cuantas-llamadas, sabe-en-el-turno-4 and nadie-comprueba, run."""
    ns, _ = corre(celda("celda1.py"), nombre="<Celda 1>")
    inicio, _, guion = leccion(ns)
    vistos, ejecutadas = [], []
    funciones = dict(ns["FUNCIONES"])
    for nombre, f in funciones.items():
        ns["FUNCIONES"][nombre] = lambda entorno, _f=f, _n=nombre, **kw: ejecutadas.append(_n) or _f(entorno, **kw)
    modelo = ns["ModeloGuionizado"](guion)

    def mira(M, herramientas):
        vistos.append(list(M))
        return modelo(M, herramientas)
    final, M = ns["bucle"](mira, inicio, dict(ns["ENTORNO"]))
    # que-ve-el-modelo: in turn 3 the model gets the first six messages of the final M.
    assert [len(v) for v in vistos] == [2, 4, 6, 8] and vistos[2] == M[:6]
    # cuantas-llamadas: five tools run in four turns.
    assert len(ejecutadas) == 5 and len(vistos) == 4
    # sabe-en-el-turno-4: the recipes, the list before, t5's result and its own first words;
    # neither notas.txt nor the tope.
    visto = repr(vistos[3])
    for sabido in ("pepino, pimiento", "t4", "pan, leche, patatas'", "caracteres escritos", "Miro qué recetas hay."):
        assert sabido in visto, sabido
    assert "notas" not in visto and "tope" not in visto.lower()
    # nadie-comprueba: a model that declares the task done at once ends the loop, files untouched.
    entorno = dict(ns["ENTORNO"])
    assert ns["bucle"](lambda M, h: [ns["texto"]("Hecho.")], inicio, entorno)[0] == "Hecho."
    assert entorno == ns["ENTORNO"]


def test_la_pregunta_del_bucle_que_sale_con_texto():
    """sale-con-texto: a loop that returns on any text block leaves in turn 1, t1 not run."""
    codigo = celda("celda1.py")
    condicion = "        if not llamadas:"
    assert codigo.count(condicion) == 1
    ns, _ = corre(codigo.replace(condicion, '        if any(b["type"] == "text" for b in r):'), nombre="<Celda 1>")
    assert ns["final"] == "Miro qué recetas hay." and ns["modelo"].turno == 1
    assert len(ns["M"]) == 3 and ns["M"][-1][1][-1]["type"] == "tool_use"
    assert ns["entorno"]["lista.txt"] == "pan, leche, patatas"


def test_celda2_cuenta_los_mensajes_y_el_guion_terco_se_acaba():
    ns, _ = corre(celda("celda1.py"), nombre="<Celda 1>")
    _, salida = corre(celda("celda2.py"), ns, nombre="<Celda 2>")
    lineas = salida.splitlines()
    assert lineas[0] == "mensajes que recibe el modelo en cada turno: [2, 4, 6, 8]"
    assert lineas[1].startswith("terco: el guion se ha acabado: sus 12 respuestas ya están dadas")
    assert lineas[1].endswith("· turnos: 12")
    assert len(lineas) == 2


def test_el_desafio_de_partida_carga_y_define_un_bucle_de_cuatro_parametros():
    ns, salida = corre(celda("desafio.py"), nombre="<desafío>")
    assert salida == ""
    assert ns["bucle"].__code__.co_varnames[:4] == ("modelo", "inicio", "entorno", "tope")
    assert callable(ns["ejecutar"]) and "ModeloGuionizado" in ns and "HERRAMIENTAS" in ns


def test_el_corrector_usa_la_conversacion_de_la_celda_1(curso):
    ns, _ = corre(celda("celda1.py"), nombre="<Celda 1>")
    caso = _grader_bucle.leccion(10)
    (modelo, inicio, entorno, tope), = caso.calls
    assert inicio == ns["INICIO"]
    assert [c[1] for c in modelo.behaviours] == ns["RESPUESTAS"]
    assert entorno == ns["ENTORNO"] and tope == 10


# -- ModeloGuionizado -----------------------------------------------------------------------

def test_el_modelo_guionizado_acepta_el_bucle_correcto(curso):
    inicio, respuestas, guion = leccion(curso)
    modelo = curso["ModeloGuionizado"](guion)
    M, ej, entorno = list(inicio), ejecutar(curso), dict(curso["ENTORNO"])
    for r in respuestas:
        assert modelo(M, curso["HERRAMIENTAS"]) == r
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            M.append(("usuario", [ej(ll, entorno) for ll in llamadas]))
    assert modelo.turno == 4 and len(M) == 9


def _hasta_el_turno_2(curso, cambia):
    """Turn 1 goes right; M for turn 2 is cambia(M_correcto). Returns the complaint."""
    inicio, respuestas, guion = leccion(curso)
    modelo = curso["ModeloGuionizado"](guion)
    M = list(inicio)
    r = modelo(M, curso["HERRAMIENTAS"])
    bien = M + [("asistente", r), ("usuario", [ejecutar(curso)(r[1], dict(curso["ENTORNO"]))])]
    with pytest.raises(curso["ErrorDeGuion"]) as queja:
        modelo(cambia(bien), curso["HERRAMIENTAS"])
    return str(queja.value)


def test_el_modelo_guionizado_nota_una_observacion_que_falta(curso):
    queja = _hasta_el_turno_2(curso, lambda M: M[:3])
    assert queja.startswith("turno 2: falta el mensaje 3.")


def test_el_modelo_guionizado_nota_una_respuesta_que_no_entra_entera(curso):
    queja = _hasta_el_turno_2(curso, lambda M: M[:2] + [("asistente", M[2][1][1:])] + M[3:])
    assert queja.startswith("turno 2: el mensaje 2 no es el del guion.")
    assert "esperaba: asistente [texto 'Miro qué recetas hay.'" in queja


def test_el_modelo_guionizado_nota_mensajes_desordenados(curso):
    queja = _hasta_el_turno_2(curso, lambda M: M[:2] + [M[3], M[2]])
    assert queja.startswith("turno 2: el mensaje 2 no es el del guion.")


def test_el_modelo_guionizado_nota_una_llamada_sin_su_resultado(curso):
    inicio, respuestas, guion = leccion(curso)
    modelo = curso["ModeloGuionizado"](guion)
    entorno, ej = dict(curso["ENTORNO"]), ejecutar(curso)
    M = list(inicio)
    for r in respuestas[:2]:
        modelo(M, curso["HERRAMIENTAS"])
        llamadas = [b for b in r if b["type"] == "tool_use"]
        M += [("asistente", r), ("usuario", [ej(ll, entorno) for ll in llamadas][:2])]
    with pytest.raises(curso["ErrorDeGuion"]) as queja:
        modelo(M, curso["HERRAMIENTAS"])
    assert str(queja.value).startswith("turno 3: el mensaje 5 no es el del guion.")
    assert "resultado de t4" in str(queja.value)


def test_el_modelo_guionizado_pide_las_herramientas(curso):
    inicio, _, guion = leccion(curso)
    for herramientas in (None, [], "HERRAMIENTAS"):
        with pytest.raises(curso["ErrorDeGuion"]) as queja:
            curso["ModeloGuionizado"](guion)(list(inicio), herramientas)
        assert "no ha recibido las herramientas" in str(queja.value)
    sin_listar = [h for h in curso["HERRAMIENTAS"] if h["name"] != "listar"]
    with pytest.raises(curso["ErrorDeGuion"]) as queja:
        curso["ModeloGuionizado"](guion)(list(inicio), sin_listar)
    assert "'listar', que no está entre las herramientas recibidas" in str(queja.value)


def test_el_guion_que_se_acaba_lanza_runtimeerror(curso):
    inicio, respuestas, guion = leccion(curso)
    modelo = curso["ModeloGuionizado"](guion[:1])
    modelo(list(inicio), curso["HERRAMIENTAS"])
    with pytest.raises(RuntimeError, match="el guion se ha acabado: sus 1 respuestas"):
        modelo(list(inicio), curso["HERRAMIENTAS"])


def test_el_modelo_guionizado_responde_copias(curso):
    inicio, respuestas, guion = leccion(curso)
    modelo = curso["ModeloGuionizado"](guion)
    r = modelo(list(inicio), curso["HERRAMIENTAS"])
    r.clear()
    assert guion[0]["responde"] == respuestas[0]


def test_guion_de_necesita_observaciones(curso):
    with pytest.raises(ValueError, match="faltan observaciones"):
        curso["guion_de"]([], [[1], [2], [3]], [[]])


# -- entorno.py ---------------------------------------------------------------------------

@pytest.mark.parametrize("llamada, motivo", [
    ({"name": "borrar", "input": {}}, "no hay ninguna herramienta llamada 'borrar'"),
    ({"name": "leer", "input": "lista.txt"}, "leer: los argumentos deben ser un objeto"),
    ({"name": "leer", "input": {}}, "leer: falta el argumento 'ruta'"),
    ({"name": "leer", "input": {"ruta": "a", "modo": "r"}}, "leer: sobra el argumento 'modo'"),
    ({"name": "leer", "input": {"ruta": 3}}, "leer: el argumento 'ruta' debe ser de tipo string"),
    ({"name": "buscar", "input": {"texto": True}},
     "buscar: el argumento 'texto' debe ser de tipo string"),
    ({"name": "escribir", "input": {"ruta": "a", "contenido": "b"}}, None),
])
def test_incumple_da_el_motivo(curso, llamada, motivo):
    assert curso["incumple"]({"type": "tool_use", "id": "x", **llamada}) == motivo


def test_las_herramientas_sobre_el_entorno(curso):
    entorno = dict(curso["ENTORNO"])
    assert curso["listar"](entorno, "recetas") == "recetas/gazpacho.txt\nrecetas/tortilla.txt"
    assert curso["buscar"](entorno, "PATATAS") == "lista.txt\nrecetas/tortilla.txt"
    assert curso["escribir"](entorno, "nueva.txt", "hola") == "nueva.txt: 4 caracteres escritos"
    assert entorno["nueva.txt"] == "hola" and "nueva.txt" not in curso["ENTORNO"]
    with pytest.raises(KeyError):
        curso["leer"](entorno, "recetas/paella.txt")


def test_muestra_y_los_bloques(curso):
    assert curso["muestra"](curso["texto"]("hola")) == "texto: hola"
    assert curso["muestra"](curso["llamada"]("t1", "leer", ruta="a")) == "t1 → leer(ruta='a')"
    assert curso["muestra"](curso["resultado"]("t1", "x\ny")) == "t1 ← x | y"


# -- bucle.py -----------------------------------------------------------------------------

def _bucle_del_curso():
    ns, _ = corre('exec(open_url("/courses/llm-agents/guionizado.py").read())\n'
                  'exec(open_url("/courses/llm-agents/entorno.py").read())\n'
                  'exec(open_url("/courses/llm-agents/bucle.py").read())\n')
    return ns


def test_bucle_py_cumple_el_contrato_a_mano():
    ns = _bucle_del_curso()
    inicio, respuestas, guion = leccion(ns)
    original = list(inicio)

    final = ns["bucle"](ns["ModeloGuionizado"](guion), inicio, entorno := dict(ns["ENTORNO"]), 10)
    assert final[0] == "fin" and final[1] == respuestas[3][0]["text"] and len(final[2]) == 9
    assert entorno["lista.txt"] == LISTA and inicio == original

    modelo = ns["ModeloGuionizado"](guion)
    estado, texto, M = ns["bucle"](modelo, inicio, entorno := dict(ns["ENTORNO"]), 3)
    assert (estado, texto, len(M), modelo.turno) == ("tope", None, 8, 3)
    assert M[7][1][0]["tool_use_id"] == "t5" and entorno["lista.txt"] == LISTA

    modelo = ns["ModeloGuionizado"](guion)
    assert ns["bucle"](modelo, inicio, dict(ns["ENTORNO"]), 4)[0] == "fin" and modelo.turno == 4


def test_bucle_py_supera_todas_las_pruebas_del_corrector():
    fuente = celda("desafio.py").split("def bucle(")[0]
    fuente += (RAIZ / "py" / "courses" / "llm-agents" / "bucle.py").read_text(encoding="utf-8")
    resultado = grader.grade(fuente, open_url=grader.open_url_local, challenge="llm-agents/el-bucle")
    assert resultado["error"] is None
    assert [c["id"] for c in resultado["checks"] if not c["passed"]] == []
    assert resultado["solved"]


def test_un_harness_que_olvida_las_observaciones_hace_crecer_m_de_uno_en_uno(curso):
    # «Lo que recibe el modelo»: M still grows, but a turn adds one message, not two, and the
    # tool_use it keeps has no observation.
    llamada = curso["llamada"]
    tamanos = []

    def modelo(M, herramientas):
        tamanos.append(len(M))
        return [llamada("t%d" % len(tamanos), "listar", carpeta="recetas/")]

    M = [("sistema", "s"), ("usuario", "u")]
    for _ in range(3):  # the forgetful harness: the answer goes in, its observation doesn't
        M.append(("asistente", modelo(M, curso["HERRAMIENTAS"])))
    assert tamanos == [2, 3, 4]
    assert not any(rol == "usuario" and isinstance(b, list) for rol, b in M)



def test_los_dos_ejemplos_del_enunciado():
    # «Desafío»: the two worked examples, run with the course's bucle.
    ns = _bucle_del_curso()
    inicio = [("usuario", "hola")]
    hola = ns["ModeloGuionizado"](ns["guion_de"](inicio, [[ns["texto"]("Hola.")]], []))
    assert ns["bucle"](hola, inicio, dict(ns["ENTORNO"]), 5) == \
        ("fin", "Hola.", [("usuario", "hola"), ("asistente", [ns["texto"]("Hola.")])])
    assert hola.turno == 1

    pide = [ns["llamada"]("t1", "listar", carpeta="recetas/")]
    veces = []

    def siempre(M, herramientas):
        veces.append(len(M))
        return list(pide)

    estado, texto, M = ns["bucle"](siempre, inicio, dict(ns["ENTORNO"]), 1)
    assert (estado, texto, veces) == ("tope", None, [1])
    assert M == [("usuario", "hola"), ("asistente", pide),
                 ("usuario", [ns["resultado"]("t1", "recetas/gazpacho.txt\nrecetas/tortilla.txt")])]
    assert ns["bucle"](siempre, inicio, {}, 0) == ("tope", None, inicio) and veces == [1]


def test_el_texto_de_fin_es_el_de_la_ultima_respuesta_y_solo_tool_use_es_llamada():
    # «Detalles»: the text is the last response's; a server_tool_use block is not a call.
    ns = _bucle_del_curso()
    respuestas = iter([[ns["texto"]("uno"), ns["llamada"]("t1", "listar", carpeta="")],
                       [{"type": "server_tool_use", "id": "s1", "name": "web", "input": {}},
                        ns["texto"](" dos"), ns["texto"]("")]])
    estado, texto, M = ns["bucle"](lambda M, h: next(respuestas), [("usuario", "u")], dict(ns["ENTORNO"]), 5)
    assert (estado, texto, len(M)) == ("fin", " dos ", 4)
    assert "`[texto(\" dos\"), texto(\"\")]` da `\" dos \"`" in (RAIZ / "web/courses/llm-agents/el-bucle/lesson.md").read_text(encoding="utf-8")
    # «una respuesta sin textos da ""»: only a thinking block, or nothing at all.
    for r in ([{"type": "thinking", "thinking": "hmm"}], []):
        modelo = iter([r])
        assert ns["bucle"](lambda M, h: next(modelo), [("usuario", "u")], {}, 5)[:2] == ("fin", "")


def test_el_bucle_de_la_celda_1_ocupa_nueve_lineas_con_el_def():
    # «El algoritmo»: "nueve líneas, contando la del def".
    import ast
    arbol = ast.parse(celda("celda1.py"))
    bucle, = [n for n in arbol.body if isinstance(n, ast.FunctionDef) and n.name == "bucle"]
    assert bucle.end_lineno - bucle.lineno + 1 == 9
