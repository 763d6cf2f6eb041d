"""Every rule a challenge's statement gives is a rule its grader checks: for each rule of
each lesson's contract (its REGLAS), a solution that breaks that rule alone is rejected, and
the message names the rule, in the statement's words."""

import pytest

from lessonrt.grading import cli, registry

REFERENCIA_BUCLE = '''
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return "tope", None, M
'''

REFERENCIA_EJECUTAR = '''
_FALLO = {}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
'''

REFERENCIA_SIN_OBSERVACION = '''
def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        respondidas = [] if isinstance(siguiente, str) else [
            b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        faltan += [b["id"] for b in contenido
                   if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
'''

# (rule id, the one line of the reference that changes, what it becomes)
BUCLE = [
    ("tope", "for _ in range(tope):", "for _ in range(tope + 1):"),
    ("ultimo-turno", "        M.append((\"usuario\", [ejecutar(ll, entorno) for ll in llamadas]))",
     "        if (len(M) - len(inicio) + 1) // 2 == tope:\n            return \"tope\", None, M\n"
     "        M.append((\"usuario\", [ejecutar(ll, entorno) for ll in llamadas]))"),
    ("termina", "        if not llamadas:",
     "        if len(M) > 6:\n            return \"tope\", None, M\n        if not llamadas:"),
    ("sale-tal-cual", "        M.append((\"usuario\", [ejecutar(ll, entorno) for ll in llamadas]))",
     "        obs = []\n        for ll in llamadas:\n            try:\n                obs.append(ejecutar(ll, entorno))\n"
     "            except ValueError as e:\n                obs.append({\"type\": \"tool_result\", \"tool_use_id\": ll[\"id\"], "
     "\"content\": str(e), \"is_error\": True})\n        M.append((\"usuario\", obs))"),
    ("inicio", "    M = list(inicio)", "    M = inicio"),
    ("ejecutar", "[ejecutar(ll, entorno) for ll in llamadas]", "[ejecutar(ll, dict(entorno)) for ll in llamadas]"),
    ("mensajes", "        M.append((\"usuario\", [ejecutar(ll, entorno) for ll in llamadas]))",
     "        for ll in llamadas:\n            M.append((\"usuario\", [ejecutar(ll, entorno)]))"),
    ("texto", "\" \".join(b[\"text\"]", "\" \".join(b[\"text\"].strip()"),
    ("fin", "        if not llamadas:", "        if r and r[-1][\"type\"] == \"tool_use\":\n            pass\n        elif not r or r[-1][\"type\"] == \"text\":"),
    ("m-entera", "    M.append((\"asistente\", r))", "    M.append((\"asistente\", [b for b in r if b.get(\"text\", \"x\")]))"),
    ("m-misma-r", "    M.append((\"asistente\", r))", "    M.append((\"asistente\", list(r)))"),
    ("nueva-M", "def bucle(modelo, inicio, entorno, tope):\n    M = list(inicio)",
     "_M = []\ndef bucle(modelo, inicio, entorno, tope):\n    M = _M\n    M[:] = list(inicio)"),
    ("devuelve", "    return \"tope\", None, M", "    return [\"tope\", None, M]"),
]

SIN_OBSERVACION = [
    ("m-intacta", "    return faltan", "    M.clear()\n    return faltan"),
    ("lista", "    return faltan", "    return tuple(faltan)"),
    ("ids", "faltan += [b[\"id\"] for b in contenido", "faltan += [b for b in contenido"),
    ("orden", "    return faltan", "    return sorted(faltan)"),
    ("una-por-llamada", "    return faltan", "    return list(dict.fromkeys(faltan))"),
    ("una-por-llamada-de-mas", "    return faltan", "    return faltan + faltan[-1:]"),
    ("ultima", "isinstance(contenido, str):", "isinstance(contenido, str) or i + 1 == len(M):"),
    ("asistente", "if rol != \"asistente\" or isinstance(contenido, str):", "if isinstance(contenido, str):"),
    ("texto", "if rol != \"asistente\" or isinstance(contenido, str):", "if rol != \"asistente\":"),
    ("siguiente", "siguiente = M[i + 1][1] if i + 1 < len(M) else \"\"",
     "siguiente = [b for _, c in M[i + 1:] if not isinstance(c, str) for b in c]"),
]

EJECUTAR = [
    ("no-exception", "    except Exception as e:", "    except BaseException as e:"),
    ("solo-la-llamada", "    funcion = FUNCIONES[ll[\"name\"]]\n    try:\n        valor = funcion(entorno, **ll[\"input\"])",
     "    try:\n        valor = FUNCIONES[ll[\"name\"]](entorno, **ll[\"input\"])"),
    ("harness", "    motivo = incumple(ll)\n", "    try:\n        motivo = incumple(ll)\n    except Exception as e:\n"
     "        motivo = \"%s: %s\" % (type(e).__name__, e)\n"),
    ("ll-intacta", "    funcion = FUNCIONES[ll[\"name\"]]", "    ll[\"input\"] = dict(ll[\"input\"])\n    ll.setdefault(\"visto\", True)\n    funcion = FUNCIONES[ll[\"name\"]]"),
    ("mismo-entorno", "funcion(entorno, **ll[\"input\"])", "funcion(dict(entorno), **ll[\"input\"])"),
    ("mismo-input", "funcion(entorno, **ll[\"input\"])",
     "funcion(entorno, **__import__(\"copy\").deepcopy(ll[\"input\"]))"),
    ("argumentos", "funcion(entorno, **ll[\"input\"])",
     "funcion(entorno, **{k: v.strip() if isinstance(v, str) else v for k, v in ll[\"input\"].items()})"),
    ("funcion", "    funcion = FUNCIONES[ll[\"name\"]]", "    funcion = FUNCIONES[ll[\"name\"].lower()]"),
    ("esquema", "\"content\": motivo,", "\"content\": \"no: \" + motivo,"),
    ("id", "\"tool_use_id\": ll[\"id\"], \"content\": motivo", "\"tool_use_id\": ll[\"id\"].strip(), \"content\": motivo"),
    ("lanza", "\"%s: %s\" % (type(e).__name__, e)", "str(e)"),
    ("devuelve", "    return resultado(ll[\"id\"], valor)", "    return resultado(ll[\"id\"], valor if valor else \"(nada)\")"),
    ("nueva", "        return {\"type\": \"tool_result\", \"tool_use_id\": ll[\"id\"],\n                \"content\": \"%s: %s\" % (type(e).__name__, e), \"is_error\": True}",
     "        _FALLO.clear()\n        _FALLO.update(type=\"tool_result\", tool_use_id=ll[\"id\"], is_error=True,\n"
     "                      content=\"%s: %s\" % (type(e).__name__, e))\n        return _FALLO  # uno solo para todas"),
]


def inicio_de(clave):
    fuente = (registry.raiz_del_repositorio() + "/" + clave + "/desafio.py")
    texto = open(fuente, encoding="utf-8").read()
    nombre = registry.desafio(clave).funcion
    return texto.split("def %s(" % nombre)[0]


def casos(clave, referencia, cambios):
    return [pytest.param(clave, referencia, regla, antes, despues, id="%s/%s" % (clave.split("/")[1], regla))
            for regla, antes, despues in cambios]


@pytest.fixture(autouse=True)
def estricto(monkeypatch):
    monkeypatch.setenv("LESSONRT_GRADER_STRICT", "1")


@pytest.mark.parametrize("clave, referencia", [("llm-agents/el-bucle", REFERENCIA_BUCLE),
                                               ("llm-agents/errores", REFERENCIA_EJECUTAR),
                                               ("llm-agents/que-es-un-agente", REFERENCIA_SIN_OBSERVACION)])
def test_la_referencia_pasa_y_cada_regla_tiene_su_caso(clave, referencia):
    r = cli.grade(inicio_de(clave) + referencia, open_url=cli.open_url_local, challenge=clave)
    assert r["solved"], [c["message"] for c in r["checks"] if not c["passed"]]
    cubiertas = {regla for regla, _, _ in {"llm-agents/el-bucle": BUCLE, "llm-agents/errores": EJECUTAR,
                                           "llm-agents/que-es-un-agente": SIN_OBSERVACION}[clave]}
    assert cubiertas == {r.id for r in registry.desafio(clave).modulo.REGLAS}


@pytest.mark.parametrize("clave, referencia, regla, antes, despues",
                         casos("llm-agents/el-bucle", REFERENCIA_BUCLE, BUCLE)
                         + casos("llm-agents/errores", REFERENCIA_EJECUTAR, EJECUTAR)
                         + casos("llm-agents/que-es-un-agente", REFERENCIA_SIN_OBSERVACION, SIN_OBSERVACION))
def test_una_solucion_que_rompe_solo_una_regla_se_rechaza_nombrandola(clave, referencia, regla, antes, despues):
    assert antes in referencia
    fuente = inicio_de(clave) + referencia.replace(antes, despues, 1)
    r = cli.grade(fuente, open_url=cli.open_url_local, challenge=clave)
    assert not r["solved"]
    texto = next(x.text for x in registry.desafio(clave).modulo.REGLAS if x.id == regla)
    fallida = next(c for c in r["checks"] if not c["passed"])
    assert "La regla del enunciado que no se cumple: " + texto in fallida["message"], fallida["message"]


@pytest.mark.parametrize("antes, despues, regla, objeto", [
    ("    M = list(inicio)", "    M = __import__(\"copy\").deepcopy(inicio)", "inicio",
     "el mismo objeto que está dentro de inicio"),
    ("    M.append((\"asistente\", r))", "    M.append((\"asistente\", list(r)))", "m-misma-r",
     "el mismo objeto que devolvió modelo en su llamada 1"),
])
def test_una_copia_igual_en_m_se_rechaza_y_se_dice_de_que_objeto(antes, despues, regla, objeto):
    """M = list(inicio) holds inicio's very messages, and ("asistente", r) the very list the
    model returned: a copy that is only equal is told apart by identity, with the object it
    should have been and the rule it breaks."""
    fuente = inicio_de("llm-agents/el-bucle") + REFERENCIA_BUCLE.replace(antes, despues, 1)
    assert fuente != inicio_de("llm-agents/el-bucle") + REFERENCIA_BUCLE
    r = cli.grade(fuente, open_url=cli.open_url_local, challenge="llm-agents/el-bucle")
    fallida = next(c for c in r["checks"] if not c["passed"])
    texto = next(x.text for x in registry.desafio("llm-agents/el-bucle").modulo.REGLAS if x.id == regla)
    assert "La regla del enunciado que no se cumple: " + texto in fallida["message"], fallida["message"]
    assert "es un objeto nuevo" in fallida["message"] and objeto in fallida["message"], fallida["message"]


def test_m_igual_a_inicio_se_dice_en_los_dos_lados():
    """M = inicio passes the caller's list to the model where the contract passes a new list
    with the same messages: the two sides would read alike but for «el mismo objeto», so the
    contract's side says its list is another one."""
    fuente = inicio_de("llm-agents/el-bucle") + REFERENCIA_BUCLE.replace("    M = list(inicio)", "    M = inicio", 1)
    r = cli.grade(fuente, open_url=cli.open_url_local, challenge="llm-agents/el-bucle")
    fallida = next(c for c in r["checks"] if not c["passed"])
    assert "modelo(inicio (el mismo objeto que recibió la función), " in fallida["did"], fallida["did"]
    assert "] (una lista nueva, no el propio inicio), " in fallida["expected"], fallida["expected"]


def test_el_caso_mas_sencillo_de_una_llamada_fuera_de_una_respuesta_es_un_solo_mensaje():
    """Each turn of a generated conversation is one draw: shrinking takes out the turns before
    the one that fails, and what is left is the message that shows the mistake, alone (it was
    seven messages, four of them empty, which read as part of the bug)."""
    clave = "llm-agents/que-es-un-agente"
    fuente = inicio_de(clave) + REFERENCIA_SIN_OBSERVACION.replace(
        'if rol != "asistente" or isinstance(contenido, str):', "if isinstance(contenido, str):", 1)
    r = cli.grade(fuente, open_url=cli.open_url_local, challenge=clave)
    fallida = next(c for c in r["checks"] if not c["passed"])
    lineas = fallida["message"].splitlines()
    caso = lineas[lineas.index("sin_observacion(M), con M =") + 1]
    assert caso.startswith("    [('usuario', [") and caso.endswith(")])]"), fallida["message"]
    assert "llamada(" in caso, caso


def test_una_respuesta_que_no_entra_en_m_no_se_confunde_con_una_copia():
    """A loop that never puts ("asistente", r) in M breaks the rule about M's messages in
    both checks; the nudge is about what M lacks, not the one about a copy of r (a learner
    who stores nothing read «¿la misma r o una lista nueva?» and looked for a copy)."""
    fuente = inicio_de("llm-agents/el-bucle") + REFERENCIA_BUCLE.replace("        M.append((\"asistente\", r))\n", "", 1)
    r = cli.grade(fuente, open_url=cli.open_url_local, challenge="llm-agents/el-bucle")
    fallidas = [c for c in r["checks"] if not c["passed"]]
    assert fallidas and not any("una lista nueva hecha con sus bloques" in c["message"] for c in fallidas)
    regla = next(x for x in registry.desafio("llm-agents/el-bucle").modulo.REGLAS if x.id == "m-entera")
    assert any(regla.hint in c["message"] for c in fallidas), [c["message"] for c in fallidas]


def test_una_observacion_escrita_a_mano_vale_lo_mismo_que_la_de_resultado():
    # resultado() is a course helper: an ejecutar that writes its dict by hand does what the
    # contract does with the course's resultado, so the cases where the grader makes
    # resultado fail say nothing of it. Calling resultado inside the try still breaks the
    # rule that only the tool's call goes there.
    clave = "llm-agents/errores"
    llamada = "    return resultado(ll[\"id\"], valor)"
    assert llamada in REFERENCIA_EJECUTAR
    a_mano = REFERENCIA_EJECUTAR.replace(
        llamada, "    return {\"type\": \"tool_result\", \"tool_use_id\": ll[\"id\"], \"content\": valor}")
    r = cli.grade(inicio_de(clave) + a_mano, open_url=cli.open_url_local, challenge=clave)
    assert r["solved"], [c["message"] for c in r["checks"] if not c["passed"]]

    dentro = REFERENCIA_EJECUTAR.replace("        valor = funcion(entorno, **ll[\"input\"])\n",
                                         "        return resultado(ll[\"id\"], funcion(entorno, **ll[\"input\"]))\n")
    assert dentro != REFERENCIA_EJECUTAR
    r = cli.grade(inicio_de(clave) + dentro, open_url=cli.open_url_local, challenge=clave)
    assert not r["solved"]
    fallida = next(c for c in r["checks"] if not c["passed"])
    texto = next(x.text for x in registry.desafio(clave).modulo.REGLAS if x.id == "harness")
    assert "resultado lanza TypeError" in fallida["message"] and texto in fallida["message"], fallida["message"]
