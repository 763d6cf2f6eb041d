# Un while con un contador de turnos.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turno = 0
    while turno < tope:
        turno += 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        pedidas = [b for b in r if b["type"] == "tool_use"]
        if len(pedidas) == 0:
            textos = [b["text"] for b in r if b["type"] == "text"]
            return ("fin", " ".join(textos), M)
        observaciones = []
        for ll in pedidas:
            observaciones.append(ejecutar(ll, entorno))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
