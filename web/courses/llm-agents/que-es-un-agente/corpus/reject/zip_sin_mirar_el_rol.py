# Empareja cada mensaje con el siguiente, pero no mira el rol: un tool_use en un mensaje de «sistema» o de «usuario» cuenta como llamada.
# fails: generadas
# says: las llamadas solo vienen en mensajes de «asistente»
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def bloques(contenido, tipo):
    if isinstance(contenido, str):
        return []
    return [b for b in contenido if b["type"] == tipo]

def sin_observacion(M):
    faltan = []
    for (rol, contenido), despues in zip(M, M[1:] + [("usuario", "")]):
        ids = {b["tool_use_id"] for b in bloques(despues[1], "tool_result")}
        for ll in bloques(contenido, "tool_use"):
            if ll["id"] not in ids:
                faltan.append(ll["id"])
    return faltan
