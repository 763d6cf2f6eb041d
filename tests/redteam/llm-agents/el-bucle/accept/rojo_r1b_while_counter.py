# style: while True with an explicit turn counter and early returns.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    turno = 0
    while True:
        if turno == tope:
            return ("tope", None, M)
        turno += 1
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        pedidas = [b for b in respuesta if b["type"] == "tool_use"]
        if len(pedidas) == 0:
            return ("fin", " ".join([b["text"] for b in respuesta if b["type"] == "text"]), M)
        observaciones = []
        for ll in pedidas:
            observaciones.append(ejecutar(ll, entorno))
        M.append(("usuario", observaciones))
