# mistake: adds a sanity check: if the next message brings a tool_result for an id that the response never asked for, the learner decides that message is not really the answer and counts none of its observations
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
        pedidas = [b["id"] for b in contenido if b["type"] == "tool_use"]
        respondidas = set()
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            respondidas = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
            if not respondidas <= set(pedidas):
                # trae resultados de otra cosa: no es la respuesta a estas llamadas
                respondidas = set()
        faltan.extend(p for p in pedidas if p not in respondidas)
    return faltan
