# mistake: cuenta los tool_result con el id y exige que haya exactamente uno, creyendo que una observación repetida es un error; el enunciado dice que repetida también vale
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
        siguiente = []
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            siguiente = [b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"]
        for b in contenido:
            if b["type"] == "tool_use" and siguiente.count(b["id"]) != 1:
                faltan.append(b["id"])
    return faltan
