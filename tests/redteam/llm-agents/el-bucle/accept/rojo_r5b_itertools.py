# style: itertools.repeat bounds the turns; filter/map/itemgetter pick calls and texts.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import itertools
import operator


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    es_llamada = lambda b: b["type"] == "tool_use"
    es_texto = lambda b: b["type"] == "text"
    for _ in itertools.repeat(None, tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = list(filter(es_llamada, r))
        if not llamadas:
            return ("fin", " ".join(map(operator.itemgetter("text"), filter(es_texto, r))), M)
        M.append(("usuario", list(map(ejecutar, llamadas, itertools.repeat(entorno)))))
    return ("tope", None, M)
