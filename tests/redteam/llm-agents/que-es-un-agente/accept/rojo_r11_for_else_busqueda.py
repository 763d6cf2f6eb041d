# right: bucles anidados con for/else para buscar cada observación
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i in range(len(M)):
        rol, contenido = M[i]
        if rol != "asistente" or isinstance(contenido, str):
            continue
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            siguiente = M[i + 1][1]
        else:
            siguiente = []
        for bloque in contenido:
            if bloque.get("type") != "tool_use":
                continue
            for otro in siguiente:
                if otro.get("type") == "tool_result" and otro.get("tool_use_id") == bloque["id"]:
                    break
            else:
                faltan.append(bloque["id"])
    return faltan
