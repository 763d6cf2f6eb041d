# mistake: cree que un nuevo encargo de texto del usuario empieza una tarea nueva y que lo anterior ya no importa, así que vacía la lista al encontrarlo; el enunciado pide todas las llamadas sin observación de M
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if isinstance(contenido, str):
            if rol == "usuario":
                faltan = []      # encargo nuevo: empezamos de cero
            continue
        if rol != "asistente":
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        vistos = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in vistos]
    return faltan
