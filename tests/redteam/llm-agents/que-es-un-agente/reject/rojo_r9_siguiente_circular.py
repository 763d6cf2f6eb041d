# mistake: toma el siguiente con M[(i + 1) % len(M)] para no salirse de la lista, así que la última respuesta se compara con M[0]
# fails: generadas
# says: las llamadas de la última respuesta de M también cuentan
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        sig = M[(i + 1) % len(M)][1]  # sin IndexError al final
        vistos = set() if isinstance(sig, str) else {
            b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
