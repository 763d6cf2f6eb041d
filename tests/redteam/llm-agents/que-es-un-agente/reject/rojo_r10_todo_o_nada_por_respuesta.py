# mistake: cree que si el mensaje de observaciones está incompleto la respuesta entera queda sin atender, y entonces da todos sus id, también los que sí tienen su tool_result
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        ids = [b["id"] for b in contenido if b["type"] == "tool_use"]
        obs = set()
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            obs = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
        if not all(id in obs for id in ids):
            faltan.extend(ids)
    return faltan
