# right: EAFP style, the next message is read inside try/except IndexError and text contents become empty block lists in a small helper
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _bloques(contenido):
    return [] if isinstance(contenido, str) else contenido


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente":
            continue
        try:
            siguiente = _bloques(M[i + 1][1])
        except IndexError:
            siguiente = []
        respondidas = [r["tool_use_id"] for r in siguiente if r["type"] == "tool_result"]
        for b in _bloques(contenido):
            if b["type"] == "tool_use" and b["id"] not in respondidas:
                faltan.append(b["id"])
    return faltan
