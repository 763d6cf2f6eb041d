# mistake: como las respuestas suelen traer el texto primero y las llamadas detrás, recorre la respuesta desde el final y para en el primer bloque que no es una llamada
# fails: generadas
# says: las llamadas de la última
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def llamadas_de(contenido):
    ids = []
    for b in reversed(contenido):
        if b["type"] != "tool_use":
            break  # antes de las llamadas solo hay texto
        ids.insert(0, b["id"])
    return ids


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        obs = set()
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            obs = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
        faltan.extend(id for id in llamadas_de(contenido) if id not in obs)
    return faltan
