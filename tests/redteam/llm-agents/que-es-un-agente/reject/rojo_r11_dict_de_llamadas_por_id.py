# mistake: guarda las llamadas en un dict id -> índice del mensaje para "no recorrer dos veces"; si dos respuestas usan el mismo id, la segunda pisa a la primera y solo se comprueba la última
# fails: generadas
# says: hay un id por cada llamada
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    llamadas = {}   # id -> índice del mensaje con la llamada
    for i, (rol, contenido) in enumerate(M):
        if rol == "asistente" and not isinstance(contenido, str):
            for b in contenido:
                if b["type"] == "tool_use":
                    llamadas[b["id"]] = i
    faltan = []
    for id, i in llamadas.items():
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        if not any(b["type"] == "tool_result" and b["tool_use_id"] == id for b in siguiente):
            faltan.append(id)
    return faltan
