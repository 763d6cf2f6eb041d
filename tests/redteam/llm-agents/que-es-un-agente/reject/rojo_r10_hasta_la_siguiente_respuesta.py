# mistake: toma como observaciones de una respuesta las de todos los mensajes que hay hasta la siguiente respuesta del asistente, no solo las de M[i + 1]
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
        obs = set()
        for rol2, contenido2 in M[i + 1:]:
            if rol2 == "asistente":
                break  # aquí empieza el turno siguiente
            if not isinstance(contenido2, str):
                obs |= {b["tool_use_id"] for b in contenido2 if b["type"] == "tool_result"}
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in obs:
                faltan.append(b["id"])
    return faltan
