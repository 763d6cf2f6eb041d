# mistake: para no repetir el trabajo en cada turno guarda el resultado en un diccionario por id(M), pero el harness añade mensajes a la misma lista y la respuesta guardada se queda vieja
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

_calculado = {}


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    if id(M) in _calculado:
        return list(_calculado[id(M)])
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        obs = set()
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            obs = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in obs:
                faltan.append(b["id"])
    _calculado[id(M)] = list(faltan)
    return faltan
