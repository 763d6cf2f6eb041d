# style: A while loop with an explicit turn counter and explicit for loops that build the observations and the text pieces.
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
        turnos += 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        hay_llamadas = False
        for b in r:
            if b["type"] == "tool_use":
                hay_llamadas = True
        if not hay_llamadas:
            trozos = []
            for b in r:
                if b["type"] == "text":
                    trozos.append(b["text"])
            return "fin", " ".join(trozos), M
        observaciones = []
        for b in r:
            if b["type"] == "tool_use":
                observaciones.append(ejecutar(b, entorno))
        M.append(("usuario", observaciones))
    return "tope", None, M
