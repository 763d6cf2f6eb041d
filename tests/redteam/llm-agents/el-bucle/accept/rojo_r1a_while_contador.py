# style: while loop with an explicit turn counter and explicit for loops to build the lists.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turnos = 0
    while turnos < tope:
        turnos += 1
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        llamadas = []
        textos = []
        for bloque in respuesta:
            if bloque["type"] == "tool_use":
                llamadas.append(bloque)
            elif bloque["type"] == "text":
                textos.append(bloque["text"])
        if len(llamadas) == 0:
            return ("fin", " ".join(textos), M)
        observaciones = []
        for ll in llamadas:
            observaciones.append(ejecutar(ll, entorno))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
