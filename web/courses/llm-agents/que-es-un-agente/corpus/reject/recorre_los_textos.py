# Recorre el contenido como una lista de bloques aunque sea un texto.
# fails: generadas
# says: lanzó TypeError
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente":
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        respondidas = [b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        faltan += [b["id"] for b in contenido
                   if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
