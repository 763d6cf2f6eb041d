# mistake: adds a defensive check that raises ValueError when a response with calls is followed by another assistant message ("the harness is broken"), instead of just reporting the calls
# fails: generadas
# says: lanzó ValueError
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        ids = [b["id"] for b in contenido if b["type"] == "tool_use"]
        if not ids:
            continue
        if i + 1 == len(M):
            faltan += ids
            continue
        rol_sig, siguiente = M[i + 1]
        if rol_sig == "asistente":
            raise ValueError("mensaje %d: dos respuestas seguidas sin observaciones" % i)
        if isinstance(siguiente, str):
            siguiente = []
        respondidas = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [x for x in ids if x not in respondidas]
    return faltan
