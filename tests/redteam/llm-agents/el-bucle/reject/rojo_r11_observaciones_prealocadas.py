# mistake: reserva la lista de observaciones de antemano ([None] * len(llamadas)) "para no hacer append" y la rellena con el índice del bloque dentro de la respuesta, no dentro de las llamadas; si hay texto (u otro bloque) delante de una llamada, el índice se sale
# fails: conversacion
# says: bucle con tope = 10, inicio = la de la
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones = [None] * len(llamadas)
        for i, bloque in enumerate(r):
            if bloque["type"] == "tool_use":
                observaciones[i] = ejecutar(bloque, entorno)
        M.append(("usuario", observaciones))
    return ("tope", None, M)
