# right: estilo funcional: una función pura da lo que falta en la posición i (el siguiente se toma con una rebanada M[i+1:i+2]) y sum(..., []) concatena las listas
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _lista(contenido):
    return contenido if isinstance(contenido, list) else []

def _faltan_en(M, i):
    rol, contenido = M[i]
    if rol != "asistente":
        return []
    llegadas = {b.get("tool_use_id")
                for _, sig in M[i + 1:i + 2]
                for b in _lista(sig) if b.get("type") == "tool_result"}
    return [b["id"] for b in _lista(contenido)
            if b.get("type") == "tool_use" and b["id"] not in llegadas]

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    return sum((_faltan_en(M, i) for i in range(len(M))), [])
