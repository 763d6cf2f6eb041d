# mistake: para no distinguir casos, primero convierte en M cada contenido de texto en [texto(...)], y así modifica la conversación que recibe
# fails: leccion
# says: sin_observacion no modifica
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    # Primero lo dejo todo como listas de bloques, así no hay casos especiales.
    for i, (rol, contenido) in enumerate(M):
        if isinstance(contenido, str):
            M[i] = (rol, [texto(contenido)])
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente":
            continue
        if i + 1 < len(M):
            ids = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
        else:
            ids = set()
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in ids:
                faltan.append(b["id"])
    return faltan
