# Busca llamadas en todos los mensajes con bloques, no solo en los de «asistente»: un tool_use en un mensaje de «usuario» sale como llamada sin observación.
# fails: generadas
# says: las llamadas solo vienen en mensajes de «asistente»
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    i = 0
    while i < len(M):
        contenido = M[i][1]
        if type(contenido) is list:
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
