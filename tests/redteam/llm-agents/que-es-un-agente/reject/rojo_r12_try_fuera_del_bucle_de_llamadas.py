# mistake: uses list.index with try/except ValueError to detect a missing result, but wraps the whole loop over the response's calls in the try, so after the first missing call the rest of that response is never checked
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        ids_sig = []
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            ids_sig = [b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"]
        try:
            for b in contenido:
                if b["type"] == "tool_use":
                    ids_sig.index(b["id"])      # ValueError si no está
        except ValueError:
            faltan.append(b["id"])
    return faltan
