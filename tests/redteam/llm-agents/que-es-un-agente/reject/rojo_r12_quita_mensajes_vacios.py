# mistake: "cleans" M first by dropping messages with empty content ("" or []), thinking they carry nothing; that changes which message is the next one
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    mensajes = [m for m in M if m[1]]   # fuera los mensajes vacíos, no aportan nada
    for i, (rol, contenido) in enumerate(mensajes):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = mensajes[i + 1][1] if i + 1 < len(mensajes) else []
        if isinstance(siguiente, str):
            siguiente = []
        respondidas = [b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in respondidas:
                faltan.append(b["id"])
    return faltan
