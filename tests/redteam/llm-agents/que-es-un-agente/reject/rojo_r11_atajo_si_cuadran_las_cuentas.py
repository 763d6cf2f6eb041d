# mistake: añade un atajo "para ir más rápido": si en M hay tantas observaciones como llamadas, devuelve [] sin mirar dónde están; pero una observación en otro mensaje (o repetida) no cuenta
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    n_llamadas = n_resultados = 0
    for rol, contenido in M:
        if isinstance(contenido, str):
            continue
        for b in contenido:
            if b["type"] == "tool_use" and rol == "asistente":
                n_llamadas += 1
            elif b["type"] == "tool_result":
                n_resultados += 1
    if n_llamadas == n_resultados:
        return []            # todo cuadra: no hace falta seguir

    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        vistos = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in vistos]
    return faltan
