# right: un ayudante que da los id de un tipo de bloque y una sola comprensión de lista anidada
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _ids(contenido, tipo, clave):
    """Los valores de clave en los bloques de ese tipo; ninguno si el contenido es un texto."""
    if not isinstance(contenido, list):
        return []
    return [b.get(clave) for b in contenido if b.get("type") == tipo]


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = [
        id_
        for i, (rol, contenido) in enumerate(M) if rol == "asistente"
        for id_ in _ids(contenido, "tool_use", "id")
        if i + 1 >= len(M) or id_ not in _ids(M[i + 1][1], "tool_result", "tool_use_id")
    ]
    return faltan
