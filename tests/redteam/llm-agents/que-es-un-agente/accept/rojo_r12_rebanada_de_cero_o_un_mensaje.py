# right: the next message taken as the slice M[i + 1:i + 2] (zero or one element) and walked with a for, so the last message needs no special case
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        respondidas = set()
        for _, despues in M[i + 1:i + 2]:
            if isinstance(despues, list):
                respondidas.update(r["tool_use_id"] for r in despues
                                   if r["type"] == "tool_result")
        faltan.extend(b["id"] for b in contenido
                      if b["type"] == "tool_use" and b["id"] not in respondidas)
    return faltan
