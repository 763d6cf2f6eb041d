# mistake: con un while, tras revisar una respuesta con llamadas avanza dos posiciones para saltarse el mensaje de observaciones, suponiendo que nunca es otra respuesta
# fails: generadas
# says: hay un id por cada llamada
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    i = 0
    while i < len(M):
        rol, contenido = M[i]
        if rol == "asistente" and not isinstance(contenido, str):
            ids_llamadas = [b["id"] for b in contenido if b["type"] == "tool_use"]
            if ids_llamadas:
                obs = set()
                if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
                    obs = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
                faltan += [id for id in ids_llamadas if id not in obs]
                i += 2  # el siguiente ya está revisado: son sus observaciones
                continue
        i += 1
    return faltan
