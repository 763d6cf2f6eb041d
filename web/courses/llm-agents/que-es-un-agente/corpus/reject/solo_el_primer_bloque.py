# Sólo mira el primer bloque del mensaje siguiente.
# fails: generadas
# says: mensaje que sigue
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        respondidas = []
        if isinstance(siguiente, list) and siguiente and siguiente[0]["type"] == "tool_result":
            respondidas = [siguiente[0]["tool_use_id"]]
        faltan += [b["id"] for b in contenido
                   if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
