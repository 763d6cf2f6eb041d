# mistake: resuelve primero el caso especial del último mensaje (que no tiene siguiente) y luego recorre el resto, así que sus id salen delante de los de mensajes anteriores
# fails: generadas
# says: los id van en el orden
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def llamadas(mensaje):
    rol, contenido = mensaje
    if rol != "asistente" or isinstance(contenido, str):
        return []
    return [b["id"] for b in contenido if b["type"] == "tool_use"]


def observaciones(mensaje):
    rol, contenido = mensaje
    if isinstance(contenido, str):
        return set()
    return {b["tool_use_id"] for b in contenido if b["type"] == "tool_result"}


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    if not M:
        return faltan
    # Caso especial: al último mensaje no le sigue nada, le faltan todas.
    faltan.extend(llamadas(M[-1]))
    for i in range(len(M) - 1):
        obs = observaciones(M[i + 1])
        faltan.extend(id for id in llamadas(M[i]) if id not in obs)
    return faltan
