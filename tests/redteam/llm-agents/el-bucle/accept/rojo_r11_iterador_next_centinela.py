# right: while loop driven by next() on an iterator of turns with a None sentinel
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turnos = iter(range(tope))
    while next(turnos, None) is not None:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = []
        textos = []
        for b in r:
            if b["type"] == "tool_use":
                llamadas.append(b)
            elif b["type"] == "text":
                textos.append(b["text"])
        if not llamadas:
            return ("fin", " ".join(textos), M)
        observaciones = []
        for b in llamadas:
            observaciones.append(ejecutar(b, entorno))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
