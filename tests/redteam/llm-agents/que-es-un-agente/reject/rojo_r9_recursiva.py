# mistake: recursión por índice, una llamada por mensaje (su autor la creía correcta): con más de mil mensajes supera el límite de recursión de Python
# fails: generadas
# says: RecursionError
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _bloques(contenido, tipo):
    return [b for b in contenido if b.get("type") == tipo] if isinstance(contenido, list) else []


def _desde(M, i):
    if i >= len(M):
        return []
    rol, contenido = M[i]
    propios = []
    if rol == "asistente":
        sig = M[i + 1][1] if i + 1 < len(M) else ""
        vistos = [b.get("tool_use_id") for b in _bloques(sig, "tool_result")]
        propios = [b.get("id") for b in _bloques(contenido, "tool_use")
                   if b.get("id") not in vistos]
    return propios + _desde(M, i + 1)


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = _desde(M, 0)
    return faltan
