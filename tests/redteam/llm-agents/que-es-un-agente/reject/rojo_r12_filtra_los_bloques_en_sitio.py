# mistake: "optimises" by filtering the response's block list in place with slice assignment (no copy), keeping only tool_use blocks; the list is the one inside M, so M loses its text blocks
# fails: leccion
# says: sin_observacion no modifica
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        llamadas = contenido
        llamadas[:] = [b for b in llamadas if b["type"] == "tool_use"]   # en sitio, sin copiar
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        respondidas = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in llamadas if b["id"] not in respondidas]
    return faltan
