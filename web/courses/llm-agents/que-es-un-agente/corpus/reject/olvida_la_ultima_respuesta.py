# No mira la última respuesta de M, que no tiene mensaje siguiente.
# fails: leccion
# says: última respuesta
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i in range(len(M) - 1):
        rol, contenido = M[i]
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1]
        respondidas = [] if isinstance(siguiente, str) else [
            b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        faltan += [b["id"] for b in contenido
                   if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
