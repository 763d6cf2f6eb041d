# Empareja la primera llamada con la primera observación, la segunda con la segunda...
# fails: generadas
# says: mensaje que sigue
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        observaciones = [] if isinstance(siguiente, str) else [
            b for b in siguiente if b["type"] == "tool_result"]
        llamadas = [b for b in contenido if b["type"] == "tool_use"]
        for k, ll in enumerate(llamadas):
            if k >= len(observaciones) or observaciones[k]["tool_use_id"] != ll["id"]:
                faltan.append(ll["id"])
    return faltan
