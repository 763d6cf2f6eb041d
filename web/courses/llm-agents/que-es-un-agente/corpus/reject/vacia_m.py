# Saca los mensajes de M con pop(0) para recorrerla, y la deja vacía.
# fails: leccion
# says: no modifica M
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    while M:
        rol, contenido = M.pop(0)
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[0][1] if M else ""
        respondidas = [] if isinstance(siguiente, str) else [
            b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        faltan += [b["id"] for b in contenido
                   if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
