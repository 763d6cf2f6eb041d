# mistake: además de las llamadas sin observación, "ayuda" añadiendo los tool_use_id de observaciones que no responden a ninguna llamada del mensaje anterior (otra violación del protocolo), pero el enunciado pide solo los id de llamadas
# fails: generadas
# says: hay un id por cada llamada
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    anteriores = []          # ids de las llamadas del mensaje anterior
    for i, (rol, contenido) in enumerate(M):
        bloques = [] if isinstance(contenido, str) else contenido
        # observaciones que no corresponden a ninguna llamada: también es un error del harness
        for b in bloques:
            if b["type"] == "tool_result" and b["tool_use_id"] not in anteriores:
                faltan.append(b["tool_use_id"])
        anteriores = []
        if rol == "asistente":
            anteriores = [b["id"] for b in bloques if b["type"] == "tool_use"]
            siguiente = M[i + 1][1] if i + 1 < len(M) else []
            if isinstance(siguiente, str):
                siguiente = []
            vistos = [b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
            for id in anteriores:
                if id not in vistos:
                    faltan.append(id)
    return faltan
