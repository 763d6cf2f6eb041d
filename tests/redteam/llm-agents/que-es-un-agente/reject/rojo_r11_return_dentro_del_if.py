# mistake: el return quedó sangrado dentro del if de la respuesta, así que la función acaba tras revisar la primera respuesta del asistente; con los ejemplos del enunciado (una sola respuesta) no se nota
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol == "asistente" and not isinstance(contenido, str):
            siguiente = M[i + 1][1] if i + 1 < len(M) else []
            if isinstance(siguiente, str):
                siguiente = []
            vistos = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
            for b in contenido:
                if b["type"] == "tool_use" and b["id"] not in vistos:
                    faltan.append(b["id"])
            return faltan
    return faltan
