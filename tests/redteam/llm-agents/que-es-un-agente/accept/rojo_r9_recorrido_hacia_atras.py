# right: recorre M de atrás hacia delante recordando las observaciones del mensaje ya visto (el siguiente) y antepone los id de cada respuesta
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    observadas_despues = set()  # los tool_use_id del mensaje que sigue al actual
    for rol, contenido in reversed(M):
        bloques = contenido if isinstance(contenido, list) else []
        if rol == "asistente":
            propios = [b.get("id") for b in bloques
                       if b.get("type") == "tool_use" and b.get("id") not in observadas_despues]
            faltan = propios + faltan
        observadas_despues = {b.get("tool_use_id") for b in bloques
                              if b.get("type") == "tool_result"}
    return faltan
