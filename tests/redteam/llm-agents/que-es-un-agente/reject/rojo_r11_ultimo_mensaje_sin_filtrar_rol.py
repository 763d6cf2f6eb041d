# mistake: trata aparte el último mensaje ("a todas sus llamadas les falta la observación") pero ahí se olvida de comprobar que sea de «asistente», y cuenta un tool_use de un mensaje de usuario o sistema
# fails: generadas
# says: las llamadas solo vienen
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i in range(len(M) - 1):
        rol, contenido = M[i]
        siguiente = M[i + 1][1]
        if rol != "asistente" or isinstance(contenido, str):
            continue
        vistos = set()
        if not isinstance(siguiente, str):
            vistos = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in vistos]
    # El último mensaje no tiene siguiente: a todas sus llamadas les falta.
    if M and not isinstance(M[-1][1], str):
        faltan += [b["id"] for b in M[-1][1] if b["type"] == "tool_use"]
    return faltan
