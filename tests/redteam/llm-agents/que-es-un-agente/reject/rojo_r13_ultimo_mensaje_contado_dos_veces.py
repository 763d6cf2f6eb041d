# mistake: el bucle ya trata el último mensaje (sin siguiente no hay observaciones), pero al leer "las llamadas del último mensaje también cuentan" le añade un caso aparte, y esas llamadas salen dos veces
# fails: leccion
# says: hay un id por cada llamada
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        observadas = set()
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            observadas = {b["tool_use_id"] for b in M[i + 1][1] if b.get("type") == "tool_result"}
        for bloque in contenido:
            if bloque.get("type") == "tool_use" and bloque["id"] not in observadas:
                faltan.append(bloque["id"])
    # Las llamadas del último mensaje también cuentan
    if M and M[-1][0] == "asistente" and isinstance(M[-1][1], list):
        faltan += [b["id"] for b in M[-1][1] if b.get("type") == "tool_use"]
    return faltan
