# mistake: da por hecho que el mensaje de observaciones solo trae tool_result; si el mensaje siguiente trae también texto u otro bloque no lo considera mensaje de observaciones, contra «da igual qué otros bloques traiga el mensaje»
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def es_mensaje_de_observaciones(mensaje):
    rol, contenido = mensaje
    if isinstance(contenido, str) or not contenido:
        return False
    return all(b["type"] == "tool_result" for b in contenido)

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        respondidas = set()
        if i + 1 < len(M) and es_mensaje_de_observaciones(M[i + 1]):
            respondidas = {b["tool_use_id"] for b in M[i + 1][1]}
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in respondidas:
                faltan.append(b["id"])
    return faltan
