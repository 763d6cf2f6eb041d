# Devuelve los bloques tool_use enteros en lugar de sus id.
# fails: leccion
# says: los id de las llamadas
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        respondidas = [] if isinstance(siguiente, str) else [
            b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        faltan += [b for b in contenido
                   if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
