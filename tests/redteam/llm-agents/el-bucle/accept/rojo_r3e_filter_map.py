# style: Functional style with filter/map/lambda.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    es = lambda tipo: (lambda b: b["type"] == tipo)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = list(filter(es("tool_use"), r))
        if not llamadas:
            return ("fin", " ".join(map(lambda b: b["text"], filter(es("text"), r))), M)
        M.append(("usuario", list(map(lambda ll: ejecutar(ll, entorno), llamadas))))
    return ("tope", None, M)
