# mistake: recorre M una sola vez arrastrando las llamadas pendientes, pero con 'continue' en los mensajes de texto no las liquida allí, así que una observación que llega un mensaje más tarde cuenta
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    pendientes = []          # llamadas del mensaje anterior
    for rol, contenido in M:
        if isinstance(contenido, str):
            continue         # un texto no trae bloques
        vistos = {b["tool_use_id"] for b in contenido if b["type"] == "tool_result"}
        faltan += [id for id in pendientes if id not in vistos]
        pendientes = []
        if rol == "asistente":
            pendientes = [b["id"] for b in contenido if b["type"] == "tool_use"]
    faltan += pendientes     # las del último mensaje no tienen siguiente
    return faltan
