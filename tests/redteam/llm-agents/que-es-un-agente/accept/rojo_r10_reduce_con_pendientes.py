# right: functools.reduce que arrastra las llamadas pendientes del mensaje anterior
from functools import reduce
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _paso(estado, mensaje):
    faltan, pendientes = estado
    rol, contenido = mensaje
    bloques = [] if isinstance(contenido, str) else contenido
    obs = {b["tool_use_id"] for b in bloques if b["type"] == "tool_result"}
    faltan = faltan + [id for id in pendientes if id not in obs]
    nuevas = [b["id"] for b in bloques if b["type"] == "tool_use"] if rol == "asistente" else []
    return faltan, nuevas


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan, pendientes = reduce(_paso, M, ([], []))
    return faltan + pendientes
