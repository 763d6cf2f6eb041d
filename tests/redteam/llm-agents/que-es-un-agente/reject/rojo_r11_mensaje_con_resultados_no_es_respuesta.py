# mistake: "por si acaso" considera que un mensaje que trae algún tool_result es un mensaje de observaciones y no una respuesta, y no mira sus llamadas aunque el rol sea «asistente»
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        if any(b["type"] == "tool_result" for b in contenido):
            continue         # esto son observaciones, no una respuesta del modelo
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        vistos = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in vistos]
    return faltan
