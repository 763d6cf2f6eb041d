# mistake: el return quedó dentro del bucle tras la primera respuesta a la que le falta algo, así que no mira las respuestas posteriores
# fails: generadas
# says: hay un id por cada llamada sin observación
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        sig = M[i + 1][1] if i + 1 < len(M) else []
        vistos = set() if isinstance(sig, str) else {
            b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
        if faltan:
            return faltan
    return faltan
