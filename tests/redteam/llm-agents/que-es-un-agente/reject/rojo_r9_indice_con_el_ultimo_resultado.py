# mistake: precalcula un diccionario id -> mensaje del tool_result, y si el id tiene resultados en varios mensajes se queda con el último, así que pierde la observación que sí estaba en el mensaje siguiente
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    # una sola pasada para saber en qué mensaje está el resultado de cada id
    donde = {}
    for j, (_, contenido) in enumerate(M):
        if isinstance(contenido, list):
            for b in contenido:
                if b.get("type") == "tool_result":
                    donde[b["tool_use_id"]] = j
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        for b in contenido:
            if b.get("type") == "tool_use" and donde.get(b["id"]) != i + 1:
                faltan.append(b["id"])
    return faltan
