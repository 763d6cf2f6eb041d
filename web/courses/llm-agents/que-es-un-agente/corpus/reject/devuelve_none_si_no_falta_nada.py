# Devuelve None cuando no falta ninguna observación.
# fails: leccion
# says: devuelve una lista
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        respondidas = [] if isinstance(siguiente, str) else [
            b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        faltan += [b["id"] for b in contenido
                   if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan or None
