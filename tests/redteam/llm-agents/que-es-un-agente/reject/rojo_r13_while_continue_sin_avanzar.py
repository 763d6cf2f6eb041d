# mistake: pasa el bucle a while y, al saltarse una respuesta cuyo contenido es un texto, hace continue sin incrementar i: con un mensaje de «asistente» de solo texto el bucle no termina nunca
# fails: generadas
# says: sin_observacion(M), con M
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    i = 0
    while i < len(M):
        rol, contenido = M[i]
        if rol != "asistente":
            i += 1
            continue
        if isinstance(contenido, str):
            continue          # un texto no trae llamadas
        observadas = set()
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            observadas = {b["tool_use_id"] for b in M[i + 1][1] if b.get("type") == "tool_result"}
        for bloque in contenido:
            if bloque.get("type") == "tool_use" and bloque["id"] not in observadas:
                faltan.append(bloque["id"])
        i += 1
    return faltan
