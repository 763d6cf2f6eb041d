# mistake: avoids the IndexError with M[min(i + 1, len(M) - 1)], so the last message is compared with itself; a last response that carries a tool_result with its own id looks answered
# fails: generadas
# says: las llamadas de la última
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[min(i + 1, len(M) - 1)][1]   # nunca se sale de la lista
        if isinstance(siguiente, str):
            siguiente = []
        respondidas = [b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in respondidas:
                faltan.append(b["id"])
    return faltan
