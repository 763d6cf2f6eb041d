exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def bloques(contenido, tipo):
    if isinstance(contenido, str):
        return []
    return [b for b in contenido if b["type"] == tipo]

def sin_observacion(M):
    faltan = []
    for (rol, contenido), despues in zip(M, M[1:] + [("usuario", "")]):
        ids = {b["tool_use_id"] for b in bloques(despues[1], "tool_result")}
        for ll in (bloques(contenido, "tool_use") if rol == "asistente" else []):
            if ll["id"] not in ids:
                faltan.append(ll["id"])
    return faltan
