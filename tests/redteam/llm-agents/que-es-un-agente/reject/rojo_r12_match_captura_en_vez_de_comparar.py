# mistake: rewrites the search with structural pattern matching and writes the call's id variable inside the pattern, believing it compares; a bare name in a pattern captures, so any tool_result in the next message "answers" every call
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
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        for llamada_ in contenido:
            if llamada_["type"] != "tool_use":
                continue
            id_llamada = llamada_["id"]
            tiene = False
            for b in siguiente:
                match b:
                    case {"type": "tool_result", "tool_use_id": id_llamada}:
                        tiene = True
            if not tiene:
                faltan.append(llamada_["id"])
    return faltan
