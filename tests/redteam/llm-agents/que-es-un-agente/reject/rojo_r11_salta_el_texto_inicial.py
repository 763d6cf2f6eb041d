# mistake: como en los ejemplos la respuesta empieza por un texto («Miro la lista.»), recorre contenido[1:] para saltárselo; una llamada que sea el primer bloque se pierde
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
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        vistos = [b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        for b in contenido[1:]:      # el primer bloque es el texto de la respuesta
            if b["type"] == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
