# mistake: entiende "una respuesta no repite un id" como que los id son únicos en toda la conversación y, por defensa, lanza ValueError si una llamada repite el id de otra respuesta; el enunciado dice que dos respuestas sí pueden repetirlo
# fails: generadas
# says: lanzó ValueError
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    vistos = set()
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        observadas = set()
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            observadas = {b["tool_use_id"] for b in M[i + 1][1] if b.get("type") == "tool_result"}
        for bloque in contenido:
            if bloque.get("type") != "tool_use":
                continue
            if bloque["id"] in vistos:
                raise ValueError("id de llamada repetido: %r" % bloque["id"])
            vistos.add(bloque["id"])
            if bloque["id"] not in observadas:
                faltan.append(bloque["id"])
    return faltan
