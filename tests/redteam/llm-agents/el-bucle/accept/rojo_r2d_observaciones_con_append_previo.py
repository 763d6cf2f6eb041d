# style: builds the observation list step by step and appends the user message only once it is complete
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turnos_restantes = range(tope)
    for _ in turnos_restantes:
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        pendientes = iter(b for b in respuesta if b["type"] == "tool_use")
        primera = next(pendientes, None)
        if primera is None:
            return ("fin", " ".join(b["text"] for b in respuesta if b["type"] == "text"), M)
        observaciones = [ejecutar(primera, entorno)]
        for ll in pendientes:
            observaciones.append(ejecutar(ll, entorno))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
