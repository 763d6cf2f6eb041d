# right: functools.singledispatch decide qué bloques tiene un contenido según sea texto o lista, y un ayudante saca los id por tipo y clave
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas
from functools import singledispatch

@singledispatch
def bloques(contenido):
    return []

@bloques.register
def _(contenido: str):
    return []            # un texto no trae bloques

@bloques.register
def _(contenido: list):
    return [b for b in contenido if isinstance(b, dict)]

def ids(contenido, tipo, clave):
    return [b.get(clave) for b in bloques(contenido) if b.get("type") == tipo]

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente":
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        observadas = set(ids(siguiente, "tool_result", "tool_use_id"))
        faltan.extend(x for x in ids(contenido, "tool_use", "id") if x not in observadas)
    return faltan
