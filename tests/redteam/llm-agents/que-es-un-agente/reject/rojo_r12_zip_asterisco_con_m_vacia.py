# mistake: Pythonic split 'roles, contenidos = zip(*M)' at the top; with an empty conversation zip(*M) yields nothing to unpack and raises ValueError
# fails: generadas
# says: lanzó ValueError
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    roles, contenidos = zip(*M)
    for i, (rol, contenido) in enumerate(zip(roles, contenidos)):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = contenidos[i + 1] if i + 1 < len(contenidos) else []
        if isinstance(siguiente, str):
            siguiente = []
        respondidas = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
