# right: conjunto de pares (índice de la llamada, id) sacado de las observaciones, y una comprensión
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Cada tool_result del mensaje j responde a una llamada del mensaje j - 1.
    atendidas = {
        (j - 1, b.get("tool_use_id"))
        for j, (_, contenido) in enumerate(M)
        if not isinstance(contenido, str)
        for b in contenido
        if b.get("type") == "tool_result"
    }
    return [
        b["id"]
        for i, (rol, contenido) in enumerate(M)
        if rol == "asistente" and not isinstance(contenido, str)
        for b in contenido
        if b.get("type") == "tool_use" and (i, b["id"]) not in atendidas
    ]
