# Junta los tool_use_id de toda la conversación: una observación de otro turno vale.
# fails: generadas
# says: mensaje que sigue
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    respondidas = set()
    for rol, contenido in M:
        if isinstance(contenido, list):
            respondidas |= {b["tool_use_id"] for b in contenido if b["type"] == "tool_result"}
    faltan = []
    for rol, contenido in M:
        if rol == "asistente" and isinstance(contenido, list):
            faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
