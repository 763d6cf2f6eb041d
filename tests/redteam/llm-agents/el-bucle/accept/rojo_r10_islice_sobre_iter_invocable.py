# right: funcional, islice sobre iter(invocable, centinela) con filter y map
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


from itertools import islice


def _de_tipo(tipo):
    return lambda b: b["type"] == tipo


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    invocaciones = iter(lambda: modelo(M, HERRAMIENTAS), object())  # nunca llega al centinela
    for r in islice(invocaciones, max(tope, 0)):
        M.append(("asistente", r))
        llamadas = list(filter(_de_tipo("tool_use"), r))
        if not llamadas:
            return ("fin", " ".join(map(lambda b: b["text"], filter(_de_tipo("text"), r))), M)
        M.append(("usuario", list(map(lambda b: ejecutar(b, entorno), llamadas))))
    return ("tope", None, M)
