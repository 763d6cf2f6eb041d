# right: bucle clásico con range(len(M)) e índices, sin conjuntos ni comprensiones
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i in range(len(M)):
        rol = M[i][0]
        contenido = M[i][1]
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        observados = []
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            for bloque in M[i + 1][1]:
                if bloque.get("type") == "tool_result":
                    observados.append(bloque.get("tool_use_id"))
        for bloque in contenido:
            if bloque.get("type") == "tool_use":
                if bloque.get("id") not in observados:
                    faltan.append(bloque.get("id"))
    return faltan
