# mistake: la bandera 'tiene' se reasigna en cada bloque del mensaje siguiente en vez de ponerse a True solo al encontrar la observación, así que solo cuenta el último bloque del mensaje
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
            tiene = False
            for r in siguiente:
                tiene = r["type"] == "tool_result" and r["tool_use_id"] == b["id"]
            if not tiene:
                faltan.append(b["id"])
    return faltan
