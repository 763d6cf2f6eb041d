# mistake: añade un atajo «con menos de dos mensajes no puede haber llamada y observación» y devuelve [] enseguida, olvidando que una sola respuesta con llamadas ya tiene llamadas sin observación
# fails: generadas
# says: las llamadas de la última
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    if len(M) < 2:
        return faltan  # hace falta al menos una llamada y su observación
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        obs = set()
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            obs = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in obs:
                faltan.append(b["id"])
    return faltan
