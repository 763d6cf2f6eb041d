# mistake: pone la lista de resultados como parámetro con valor por defecto (faltan=[]) para poder reutilizarla, y esa lista se comparte entre llamadas y va acumulando id
# fails: leccion
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M, faltan=[]):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        obs = set()
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            obs = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in obs:
                faltan.append(b["id"])
    return faltan
