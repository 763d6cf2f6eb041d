# style: No comprehensions: explicit loops and appends, observations collected before adding the message.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = []
    for mensaje in inicio:
        M.append(mensaje)
    vueltas = 0
    while vueltas < tope:
        vueltas = vueltas + 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = []
        textos = []
        for bloque in r:
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
