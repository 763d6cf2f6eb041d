# Sólo mira la primera llamada de cada respuesta.
# fails: generadas
# says: mensaje que sigue
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        ll = next((b for b in contenido if b["type"] == "tool_use"), None)
        if ll is None:
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        respondidas = [] if isinstance(siguiente, str) else [
            b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        if ll["id"] not in respondidas:
            faltan.append(ll["id"])
    return faltan
