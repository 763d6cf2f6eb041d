# style: A while loop with an explicit turn counter and explicit for loops instead of comprehensions.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    turnos = 0
    while turnos < tope:
        respuesta = modelo(M, HERRAMIENTAS)
        turnos += 1
        M.append(("asistente", respuesta))
        pide = False
        for bloque in respuesta:
            if bloque["type"] == "tool_use":
                pide = True
        if not pide:
            textos = []
            for bloque in respuesta:
                if bloque["type"] == "text":
                    textos.append(bloque["text"])
            return ("fin", " ".join(textos), M)
        observaciones = []
        for bloque in respuesta:
            if bloque["type"] == "tool_use":
                observaciones.append(ejecutar(bloque, entorno))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
