# mistake: single pass that keeps the pending calls of the last response and settles them at the next non-assistant message; assumes responses alternate with observation messages, so a response followed by another response silently overwrites the pending ids
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    pendientes = []
    for rol, contenido in M:
        bloques = contenido if isinstance(contenido, list) else []
        if rol == "asistente":
            pendientes = [b["id"] for b in bloques if b["type"] == "tool_use"]
        else:
            respondidas = {b["tool_use_id"] for b in bloques if b["type"] == "tool_result"}
            faltan += [p for p in pendientes if p not in respondidas]
            pendientes = []
    faltan += pendientes
    return faltan
