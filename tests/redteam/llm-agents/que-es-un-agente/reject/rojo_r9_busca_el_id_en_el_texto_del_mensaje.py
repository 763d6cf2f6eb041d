# mistake: comprueba la observación buscando el id dentro de str() del mensaje siguiente, así que "t1" se encuentra dentro de "t10" (o en cualquier texto)
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        sig = M[i + 1][1] if i + 1 < len(M) else []
        observaciones = str([b for b in sig if b.get("type") == "tool_result"]) if isinstance(sig, list) else ""
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in observaciones:
                faltan.append(b["id"])
    return faltan
