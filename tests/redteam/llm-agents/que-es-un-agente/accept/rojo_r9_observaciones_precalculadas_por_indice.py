# right: primero una lista con el conjunto de tool_use_id de cada mensaje (más uno vacío al final, en una copia) y después una pasada por las llamadas
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    observadas = []
    for _, contenido in M:
        ids = set()
        if isinstance(contenido, list):
            for b in contenido:
                if b.get("type") == "tool_result":
                    ids.add(b.get("tool_use_id"))
        observadas.append(ids)
    observadas.append(set())  # lo que sigue al último mensaje: nada

    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol == "asistente" and isinstance(contenido, list):
            for b in contenido:
                if b.get("type") == "tool_use" and b.get("id") not in observadas[i + 1]:
                    faltan.append(b.get("id"))
    return faltan
