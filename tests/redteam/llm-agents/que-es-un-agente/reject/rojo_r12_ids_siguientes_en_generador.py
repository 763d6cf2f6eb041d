# mistake: to "save memory" the result ids of the next message are a generator expression built once per response; each 'in' test consumes it, so results that come in a different order from the calls are missed
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
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            siguiente = M[i + 1][1]
        else:
            siguiente = []
        # generador: no hace falta construir una lista entera
        respondidas = (b["tool_use_id"] for b in siguiente if b["type"] == "tool_result")
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in respondidas:
                faltan.append(b["id"])
    return faltan
