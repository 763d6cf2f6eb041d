exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    i = 0
    while i < len(M):
        rol, contenido = M[i]
        if rol == "asistente" and type(contenido) is list:
            siguiente = M[i + 1][1] if i + 1 < len(M) else []
            respondidas = set()
            if type(siguiente) is list:
                for b in siguiente:
                    if b.get("type") == "tool_result":
                        respondidas.add(b.get("tool_use_id"))
            for b in contenido:
                if b.get("type") == "tool_use" and b.get("id") not in respondidas:
                    faltan.append(b.get("id"))
        i += 1
    return faltan
