# mistake: añade a M un mensaje vacío de centinela para que la última respuesta tenga "siguiente", y no lo quita: modifica la conversación
# fails: leccion
# says: sin_observacion no modifica M
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    M.append(("usuario", []))  # centinela: así toda respuesta tiene un mensaje siguiente
    for i in range(len(M) - 1):
        rol, contenido = M[i]
        if rol != "asistente" or isinstance(contenido, str):
            continue
        sig = M[i + 1][1]
        vistos = set() if isinstance(sig, str) else {
            b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
