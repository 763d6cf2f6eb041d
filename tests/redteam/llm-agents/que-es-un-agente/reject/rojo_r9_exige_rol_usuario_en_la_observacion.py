# mistake: solo acepta la observación si el mensaje siguiente es de «usuario»; el contrato solo mira si M[i + 1] trae el tool_result, sea cual sea su rol
# fails: generadas
# says: el mensaje que sigue a su respuesta
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        vistos = set()
        if i + 1 < len(M):
            rol_sig, sig = M[i + 1]
            # las observaciones las escribe el harness en un mensaje de «usuario»
            if rol_sig == "usuario" and isinstance(sig, list):
                vistos = {b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
