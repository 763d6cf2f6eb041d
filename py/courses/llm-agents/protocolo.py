# protocolo.py: la regla del protocolo que presenta «Qué es un agente», escrita
# como una función: qué llamadas de una conversación se han quedado sin su
# observación. No usa nada de entorno.py; la carga el desafío de esa lección.


def sin_observacion(M):
    """Los id de las llamadas de M cuyo tool_result no está en el mensaje que
    sigue a la respuesta que las hizo, uno por llamada y en el orden de M."""
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        # Solo cuenta el mensaje siguiente: una observación que llega más tarde
        # ya no le sirve al protocolo.
        respondidas = [] if isinstance(siguiente, str) else [
            b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"]
        faltan += [b["id"] for b in contenido
                   if b["type"] == "tool_use" and b["id"] not in respondidas]
    return faltan
