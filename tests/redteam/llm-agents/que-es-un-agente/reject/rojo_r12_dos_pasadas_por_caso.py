# mistake: splits the work into two passes, first the responses whose next message has blocks (compare ids), then the ones followed by a text or by nothing (all missing); the result is grouped by case instead of following the order of M
# fails: generadas
# says: los id van en el orden
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _llamadas(mensaje):
    rol, contenido = mensaje
    if rol != "asistente" or isinstance(contenido, str):
        return []
    return [b["id"] for b in contenido if b["type"] == "tool_use"]


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    # 1) respuestas seguidas de un mensaje con bloques: hay que comparar
    for i in range(len(M) - 1):
        siguiente = M[i + 1][1]
        if isinstance(siguiente, list):
            respondidas = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
            faltan += [x for x in _llamadas(M[i]) if x not in respondidas]
    # 2) respuestas seguidas de un texto o de nada: les faltan todas
    for i in range(len(M)):
        if i == len(M) - 1 or isinstance(M[i + 1][1], str):
            faltan += _llamadas(M[i])
    return faltan
