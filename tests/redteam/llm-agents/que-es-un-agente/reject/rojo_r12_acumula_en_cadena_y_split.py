# mistake: builds the answer as a space-separated string and returns faltan.split() at the end; ids containing spaces (or empty) are cut or vanish
# fails: generadas
# says: las llamadas de la última
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = ""
    for i in range(len(M)):
        rol, contenido = M[i]
        if rol != "asistente" or isinstance(contenido, str):
            continue
        respondidas = []
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            respondidas = [b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"]
        for b in contenido:
            if b["type"] == "tool_use" and b["id"] not in respondidas:
                faltan += b["id"] + " "
    return faltan.split()
