# mistake: "defensively" keeps only truthy tool_use_id values when collecting observations, so a result whose id is the empty text "" never answers the call with id ""
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        respondidas = set()
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            for b in M[i + 1][1]:
                rid = b.get("tool_use_id")
                if b.get("type") == "tool_result" and rid:   # descarta ids que faltan
                    respondidas.add(rid)
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in respondidas:
                faltan.append(b["id"])
    return faltan
