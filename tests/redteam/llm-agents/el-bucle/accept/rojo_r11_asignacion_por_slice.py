# right: grows M by slice assignment (M[len(M):] = ...) and counts invocations by the list of responses received
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = inicio[:] if isinstance(inicio, list) else list(inicio)
    respuestas = []
    while len(respuestas) < tope:
        r = modelo(M, HERRAMIENTAS)
        respuestas.append(r)
        M[len(M):] = [("asistente", r)]
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if len(llamadas) == 0:
            partes = [b["text"] for b in r if b["type"] == "text"]
            return ("fin", " ".join(partes) if partes else "", M)
        M[len(M):] = [("usuario", [ejecutar(b, entorno) for b in llamadas])]
    return ("tope", None, M)
