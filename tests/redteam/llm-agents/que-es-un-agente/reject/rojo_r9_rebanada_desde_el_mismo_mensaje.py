# mistake: toma el mensaje siguiente con la rebanada M[i:i + 2] en vez de M[i + 1:i + 2], así que un tool_result dentro de la propia respuesta también cuenta
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        # la rebanada no falla aunque M[i] sea el último mensaje
        vistos = {b["tool_use_id"]
                  for _, c in M[i:i + 2] if isinstance(c, list)
                  for b in c if b.get("type") == "tool_result"}
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
