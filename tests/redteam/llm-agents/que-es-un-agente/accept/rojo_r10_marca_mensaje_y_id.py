# right: aplana las llamadas y observaciones en pares (número de mensaje, id) y compara con conjuntos de pares
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _bloques(contenido):
    return [] if isinstance(contenido, str) else contenido


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    llamadas = [(k, b["id"]) for k, (rol, contenido) in enumerate(M) if rol == "asistente"
                for b in _bloques(contenido) if b["type"] == "tool_use"]
    # Una observación del mensaje k responde a las llamadas del mensaje k - 1.
    respondidas = {(k - 1, b["tool_use_id"]) for k, (_, contenido) in enumerate(M)
                   for b in _bloques(contenido) if b["type"] == "tool_result"}
    faltan = [id for (k, id) in llamadas if (k, id) not in respondidas]
    return faltan
