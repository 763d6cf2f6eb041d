# mistake: para decidir si una llamada tiene observación usa all(...) en vez de any(...): exige que TODOS los tool_result del mensaje siguiente lleven su id, así que en cuanto hay dos llamadas respondidas las dos salen como que faltan
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if not isinstance(siguiente, list):
            siguiente = []
        resultados = [b for b in siguiente if b.get("type") == "tool_result"]
        for bloque in contenido:
            if bloque.get("type") != "tool_use":
                continue
            if not resultados or not all(r["tool_use_id"] == bloque["id"] for r in resultados):
                faltan.append(bloque["id"])
    return faltan
