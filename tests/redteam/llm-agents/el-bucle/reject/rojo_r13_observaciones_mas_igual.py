# mistake: rewrote the comprehension as a loop with "observaciones += ejecutar(b, entorno)"; += with a dict extends the list with the dict's keys, so the observation message holds 'type', 'tool_use_id', 'content' instead of the tool_result blocks
# fails: conversacion
# says: el modelo recibe modelo(M
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
        observaciones = []
        for b in llamadas:
            observaciones += ejecutar(b, entorno)
        M.append(("usuario", observaciones))
    return ("tope", None, M)
