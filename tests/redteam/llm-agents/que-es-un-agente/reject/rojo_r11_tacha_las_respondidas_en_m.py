# mistake: "tacha" las llamadas respondidas quitándolas de la lista de bloques de la respuesta, sin darse cuenta de que esa lista es la de M; el resultado sale bien pero M queda modificada (el enunciado dice que M no se modifica)
# fails: leccion
# says: sin_observacion no modifica
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        pendientes = contenido
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if not isinstance(siguiente, str):
            for r in siguiente:
                if r["type"] != "tool_result":
                    continue
                for b in pendientes[:]:
                    if b["type"] == "tool_use" and b["id"] == r["tool_use_id"]:
                        pendientes.remove(b)      # ya respondida: la tacho
        faltan += [b["id"] for b in pendientes if b["type"] == "tool_use"]
    return faltan
