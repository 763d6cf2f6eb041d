# mistake: entiende «el mensaje siguiente» como el siguiente del otro lado y se salta los mensajes de «asistente» que haya en medio hasta encontrar uno que no lo sea
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
        # La respuesta del otro lado: el primer mensaje que no es del asistente.
        j = i + 1
        while j < len(M) and M[j][0] == "asistente":
            j += 1
        obs = set()
        if j < len(M) and not isinstance(M[j][1], str):
            obs = {b["tool_use_id"] for b in M[j][1] if b["type"] == "tool_result"}
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in obs:
                faltan.append(b["id"])
    return faltan
