# right: while con bandera "terminado" y un único return al final que elige entre fin y tope
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    hechos = 0
    terminado = False
    respuesta_final = None
    while not terminado and hechos < tope:
        r = modelo(M, HERRAMIENTAS)
        hechos += 1
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
        else:
            terminado = True
            respuesta_final = " ".join(b["text"] for b in r if b["type"] == "text")
    if terminado:
        return ("fin", respuesta_final, M)
    return ("tope", None, M)
