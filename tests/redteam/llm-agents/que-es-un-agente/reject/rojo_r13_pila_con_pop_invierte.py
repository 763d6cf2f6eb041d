# mistake: guarda las llamadas pendientes de cada respuesta en una lista y las va sacando con pop() (lo más cómodo y rápido), que saca por el final: dentro de una respuesta los id que faltan salen al revés
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
        pendientes = [b["id"] for b in contenido if b.get("type") == "tool_use"]
        observadas = set()
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            observadas = {b["tool_use_id"] for b in M[i + 1][1] if b.get("type") == "tool_result"}
        while pendientes:
            id_ = pendientes.pop()
            if id_ not in observadas:
                faltan.append(id_)
    return faltan
