# mistake: descarta solo los mensajes de «usuario» (rol != "usuario"), así que un tool_use dentro de un mensaje de «sistema» se toma por llamada
# fails: generadas
# says: las llamadas solo vienen en mensajes de «asistente»
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        # los mensajes de usuario no traen llamadas
        if rol == "usuario" or isinstance(contenido, str):
            continue
        sig = M[i + 1][1] if i + 1 < len(M) else []
        vistos = [] if isinstance(sig, str) else [b["tool_use_id"] for b in sig if b.get("type") == "tool_result"]
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
