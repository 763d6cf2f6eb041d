# right: un iterador manual con next() que mira siempre un mensaje por delante
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _bloques(mensaje):
    if mensaje is None or isinstance(mensaje[1], str):
        return []
    return mensaje[1]


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    it = iter(M)
    actual = next(it, None)
    while actual is not None:
        siguiente = next(it, None)
        if actual[0] == "asistente":
            obs = [b["tool_use_id"] for b in _bloques(siguiente) if b["type"] == "tool_result"]
            for b in _bloques(actual):
                if b["type"] == "tool_use" and b["id"] not in obs:
                    faltan.append(b["id"])
        actual = siguiente
    return faltan
