# mistake: un ayudante junta los id de todos los bloques del mensaje siguiente (id o tool_use_id), así que un tool_use con el mismo id se toma por su observación
# fails: generadas
# says: el mensaje que sigue a su respuesta
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def ids(contenido):
    """Los identificadores que aparecen en un contenido."""
    if isinstance(contenido, str):
        return set()
    return {b.get("tool_use_id", b.get("id")) for b in contenido}


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        vistos = ids(M[i + 1][1]) if i + 1 < len(M) else set()
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
