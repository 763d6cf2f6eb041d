# style: while True with an explicit turn counter checked at the top of each iteration.
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
    while True:
        if turnos >= tope:
            return ("tope", None, M)
        turnos += 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = []
        for bloque in r:
            if bloque["type"] == "tool_use":
                llamadas.append(bloque)
        if len(llamadas) == 0:
            textos = []
            for bloque in r:
                if bloque["type"] == "text":
                    textos.append(bloque["text"])
            return ("fin", " ".join(textos), M)
        observaciones = []
        for ll in llamadas:
            observaciones.append(ejecutar(ll, entorno))
        M.append(("usuario", observaciones))
