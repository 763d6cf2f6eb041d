# mistake: crea el conjunto de id observados una sola vez fuera del bucle y lo va ampliando, así que las observaciones de mensajes anteriores siguen contando para llamadas posteriores
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    observados = set()
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            for b in M[i + 1][1]:
                if b["type"] == "tool_result":
                    observados.add(b["tool_use_id"])
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in observados:
                faltan.append(b["id"])
    return faltan
