# mistake: normaliza primero la conversación uniendo mensajes seguidos del mismo rol (como hacen algunas API), y entonces el "mensaje siguiente" de una respuesta ya no es M[i + 1]
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas
from itertools import groupby

def bloques(contenido):
    return [] if isinstance(contenido, str) else list(contenido)

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    unidos = []
    for rol, grupo in groupby(M, key=lambda m: m[0]):
        unidos.append((rol, [b for _, c in grupo for b in bloques(c)]))
    faltan = []
    for i, (rol, contenido) in enumerate(unidos):
        if rol != "asistente":
            continue
        siguiente = unidos[i + 1][1] if i + 1 < len(unidos) else []
        vistos = {b["tool_use_id"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and b["id"] not in vistos]
    return faltan
