# mistake: como "una respuesta no repite un id", guarda las llamadas de cada respuesta en un set y lo recorre; el orden de un set de textos es arbitrario, así que dentro de una respuesta los id salen desordenados
# fails: generadas
# says: los id van en el orden
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        llamadas = {b["id"] for b in contenido if b.get("type") == "tool_use"}
        if not llamadas:
            continue
        observadas = set()
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            observadas = {b["tool_use_id"] for b in M[i + 1][1] if b.get("type") == "tool_result"}
        for id_ in llamadas:
            if id_ not in observadas:
                faltan.append(id_)
    return faltan
