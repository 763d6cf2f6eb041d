# mistake: por el invariante "ninguna llamada sin su observación", si inicio acaba en un mensaje del asistente con llamadas, las ejecuta y añade sus observaciones antes del primer turno; el bucle debe empezar invocando al modelo con list(inicio)
# fails: generadas
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    # Invariante: ninguna llamada sin su observación. Si la conversación que llega
    # se quedó a medias (acaba con llamadas del asistente), se completa antes de seguir.
    if M and M[-1][0] == "asistente" and isinstance(M[-1][1], list):
        pendientes = [b for b in M[-1][1] if isinstance(b, dict) and b.get("type") == "tool_use"]
        if pendientes:
            M.append(("usuario", [ejecutar(b, entorno) for b in pendientes]))
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
