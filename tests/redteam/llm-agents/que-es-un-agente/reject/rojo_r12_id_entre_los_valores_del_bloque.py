# mistake: shortcut 'id in bloque.values()' to look for the observation, without checking the key or the block type; a result for another call whose content happens to equal the id counts
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
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        for b in contenido:
            if b["type"] != "tool_use":
                continue
            if not any(b["id"] in otro.values() for otro in siguiente):
                faltan.append(b["id"])
    return faltan
