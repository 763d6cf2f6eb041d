# Acepta la observación en cualquier mensaje posterior, no sólo en el siguiente.
# fails: generadas
# says: mensaje que sigue
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        respondidas = [b["tool_use_id"] for _, c in M[i + 1:] if not isinstance(c, str)
                       for b in c if b["type"] == "tool_result"]
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
