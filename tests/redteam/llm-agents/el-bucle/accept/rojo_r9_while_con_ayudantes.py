# right: while con contador de turnos y funciones auxiliares pequeñas para separar llamadas y textos
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def llamadas_de(respuesta):
    return [b for b in respuesta if b["type"] == "tool_use"]


def texto_de(respuesta):
    return " ".join(b["text"] for b in respuesta if b["type"] == "text")


def observaciones(llamadas, entorno):
    obs = []
    for llamada_ in llamadas:
        obs.append(ejecutar(llamada_, entorno))
    return obs


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turnos = 0
    while turnos < tope:
        respuesta = modelo(M, HERRAMIENTAS)
        turnos += 1
        M.append(("asistente", respuesta))
        pendientes = llamadas_de(respuesta)
        if len(pendientes) == 0:
            return ("fin", texto_de(respuesta), M)
        M.append(("usuario", observaciones(pendientes, entorno)))
    return ("tope", None, M)
