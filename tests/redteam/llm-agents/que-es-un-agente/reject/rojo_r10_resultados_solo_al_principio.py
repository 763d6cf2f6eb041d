# mistake: sabe que las API quieren los tool_result al principio del mensaje y deja de leer el mensaje siguiente en el primer bloque que no es un tool_result; el enunciado dice que da igual en qué lugar esté
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
        obs = []
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            for b in M[i + 1][1]:
                if b["type"] != "tool_result":
                    break  # los resultados van delante; lo demás ya no es observación
                obs.append(b["tool_use_id"])
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in obs:
                faltan.append(b["id"])
    return faltan
