# mistake: añade una comprobación defensiva que descarta las llamadas con id vacío por «mal formadas», pero siguen siendo llamadas y su id (aunque sea "") tiene que salir
# fails: generadas
# says: las llamadas de la última
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        obs = set()
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            obs = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
        for b in contenido:
            if b["type"] != "tool_use" or not b.get("id"):
                continue  # una llamada sin id no se puede emparejar con nada
            if b["id"] not in obs:
                faltan.append(b["id"])
    return faltan
