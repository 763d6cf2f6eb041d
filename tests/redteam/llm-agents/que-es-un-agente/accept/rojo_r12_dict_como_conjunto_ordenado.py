# right: dict.fromkeys as an ordered set of the response's pending ids, popping each answered id, then extending with what remains
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        # una respuesta no repite id: el dict conserva el orden de las llamadas
        pendientes = dict.fromkeys(b["id"] for b in contenido if b["type"] == "tool_use")
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            for r in M[i + 1][1]:
                if r["type"] == "tool_result":
                    pendientes.pop(r["tool_use_id"], None)
        faltan.extend(pendientes)
    return faltan
