# mistake: precalcula un conjunto de observaciones por mensaje con [set()] * len(M); todas las posiciones son el MISMO conjunto, así que una observación de cualquier mensaje vale para cualquier llamada
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    # observaciones[j]: los tool_use_id que trae M[j]
    observaciones = [set()] * len(M)
    for j, (_, contenido) in enumerate(M):
        if isinstance(contenido, list):
            for b in contenido:
                if b.get("type") == "tool_result":
                    observaciones[j].add(b["tool_use_id"])
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        siguientes = observaciones[i + 1] if i + 1 < len(M) else set()
        faltan += [b["id"] for b in contenido
                   if b.get("type") == "tool_use" and b["id"] not in siguientes]
    return faltan
