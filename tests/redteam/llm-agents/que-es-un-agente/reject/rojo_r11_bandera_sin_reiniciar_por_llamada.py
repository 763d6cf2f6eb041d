# mistake: inicializa la bandera 'encontrada' una sola vez al principio en lugar de para cada llamada; en cuanto una llamada tiene observación, todas las que vienen después parecen tenerla
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    encontrada = False
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        for b in contenido:
            if b["type"] != "tool_use":
                continue
            for r in siguiente:
                if r["type"] == "tool_result" and r["tool_use_id"] == b["id"]:
                    encontrada = True
                    break
            if not encontrada:
                faltan.append(b["id"])
    return faltan
