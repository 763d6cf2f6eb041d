# mistake: para no recorrer de más, deja de leer el mensaje siguiente en cuanto ha visto tantas observaciones como llamadas; si una observación viene repetida, corta antes de llegar a otra que sí estaba
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
        ids = [b["id"] for b in contenido if b["type"] == "tool_use"]
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        encontrados = []
        for r in siguiente:
            if len(encontrados) == len(ids):
                break        # ya están todas
            if r["type"] == "tool_result" and r["tool_use_id"] in ids:
                encontrados.append(r["tool_use_id"])
        faltan += [id for id in ids if id not in encontrados]
    return faltan
