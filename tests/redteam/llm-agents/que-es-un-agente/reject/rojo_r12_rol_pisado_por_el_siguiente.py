# mistake: unpacks the next message as 'rol, siguiente = M[i + 1]' and so overwrites the current message's role before the role check; a response is only examined when the message after it is also from the assistant (or it is the last)
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i in range(len(M)):
        rol, contenido = M[i]
        if i + 1 < len(M):
            rol, siguiente = M[i + 1]
        else:
            siguiente = []
        if rol != "asistente" or isinstance(contenido, str):
            continue
        if isinstance(siguiente, str):
            siguiente = []
        respondidas = [b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in respondidas:
                faltan.append(b["id"])
    return faltan
