# mistake: compara los id con «is» en vez de «==» (le parece más legible), y dos textos iguales creados por separado no son el mismo objeto
# fails: leccion
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        for b in contenido:
            if b["type"] != "tool_use":
                continue
            encontrada = False
            for r in siguiente:
                if r["type"] == "tool_result" and r["tool_use_id"] is b["id"]:
                    encontrada = True
            if not encontrada:
                faltan.append(b["id"])
    return faltan
