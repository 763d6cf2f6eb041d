# right: functional style, a lazy map over range(tope) invokes the model once per iteration; filter/map/itemgetter for blocks
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

from operator import itemgetter


def _es(tipo):
    return lambda bloque: bloque["type"] == tipo


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    respuestas = map(lambda _: modelo(M, HERRAMIENTAS), range(tope))  # perezoso: una invocación por vuelta
    for r in respuestas:
        M.append(("asistente", r))
        llamadas = list(filter(_es("tool_use"), r))
        if not llamadas:
            return ("fin", " ".join(map(itemgetter("text"), filter(_es("text"), r))), M)
        M.append(("usuario", list(map(lambda b: ejecutar(b, entorno), llamadas))))
    return ("tope", None, M)
