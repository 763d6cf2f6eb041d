# right: diferencia de conjuntos, reordenada con list.index para volver al orden de M
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        ids = [b["id"] for b in contenido if b.get("type") == "tool_use"]
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        vistos = set() if isinstance(siguiente, str) else {
            b.get("tool_use_id") for b in siguiente if b.get("type") == "tool_result"}
        faltan += sorted(set(ids) - vistos, key=ids.index)
    return faltan
