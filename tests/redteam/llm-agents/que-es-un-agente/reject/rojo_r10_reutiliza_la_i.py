# mistake: usa enumerate también en el bucle de los bloques y vuelve a llamar i al índice, así que M[i + 1] pasa a depender de la posición del bloque, no del mensaje (los dos ejemplos del enunciado salen bien por casualidad)
# fails: leccion
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        for i, b in enumerate(contenido):
            if b["type"] != "tool_use":
                continue
            tiene = False
            if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
                for r in M[i + 1][1]:
                    if r["type"] == "tool_result" and r["tool_use_id"] == b["id"]:
                        tiene = True
            if not tiene:
                faltan.append(b["id"])
    return faltan
