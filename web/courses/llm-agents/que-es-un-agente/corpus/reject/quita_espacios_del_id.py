# Compara los id sin sus espacios: «t1 » pasa por «t1».
# fails: generadas
# says: exactamente su id
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        respondidas = [] if isinstance(siguiente, str) else [
            b["tool_use_id"].strip() for b in siguiente if b["type"] == "tool_result"]
        faltan += [b["id"] for b in contenido
                   if b["type"] == "tool_use" and b["id"].strip() not in respondidas]
    return faltan
