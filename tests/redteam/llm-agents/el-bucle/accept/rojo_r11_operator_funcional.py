# right: functional style with operator.itemgetter, filter and map over predicate factories
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

from operator import itemgetter

def _de_tipo(tipo):
    return lambda bloque: bloque["type"] == tipo

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = list(filter(_de_tipo("tool_use"), r))
        if not llamadas:
            return ("fin", " ".join(map(itemgetter("text"), filter(_de_tipo("text"), r))), M)
        M.append(("usuario", list(map(lambda b: ejecutar(b, entorno), llamadas))))
    return ("tope", None, M)
