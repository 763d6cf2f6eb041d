# style: while loop with an explicit turn counter and early return.
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
        pide = [b for b in respuesta if b["type"] == "tool_use"]
        if len(pide) == 0:
            textos = [b["text"] for b in respuesta if b["type"] == "text"]
            return "fin", " ".join(textos), M
        M.append(("usuario", [ejecutar(b, entorno) for b in pide]))
    return "tope", None, M
