# mistake: al ver un TypeError cuando el mensaje siguiente es un texto, lo tapa con try/except y 'continue', con lo que se salta las llamadas de esa respuesta en vez de contarlas como sin observación
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
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        try:
            vistos = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        except TypeError:   # el mensaje siguiente es un texto
            continue
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
