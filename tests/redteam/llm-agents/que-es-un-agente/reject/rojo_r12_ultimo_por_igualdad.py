# mistake: detects "this is the last message" with 'mensaje == M[-1]'; an earlier response equal to the last one is treated as having no next message, so its calls are reported even though they were answered
# fails: generadas
# says: hay un id por cada llamada
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, mensaje in enumerate(M):
        rol, contenido = mensaje
        if rol != "asistente" or isinstance(contenido, str):
            continue
        ids = [b["id"] for b in contenido if b["type"] == "tool_use"]
        if mensaje == M[-1]:
            # el último mensaje: nadie ha respondido todavía
            faltan.extend(ids)
            continue
        siguiente = M[i + 1][1]
        if isinstance(siguiente, str):
            siguiente = []
        respondidas = [b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        faltan.extend(x for x in ids if x not in respondidas)
    return faltan
