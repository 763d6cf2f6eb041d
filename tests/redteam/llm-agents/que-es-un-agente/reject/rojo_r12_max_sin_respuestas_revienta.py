# mistake: performance tweak that only scans up to the last assistant message, found with max(...); a conversation with no assistant message makes max() raise ValueError
# fails: generadas
# says: lanzó ValueError
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    # después de la última respuesta no puede haber llamadas: no hace falta seguir
    ultima = max(i for i, (rol, _) in enumerate(M) if rol == "asistente")
    for i in range(ultima + 1):
        rol, contenido = M[i]
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        respondidas = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
