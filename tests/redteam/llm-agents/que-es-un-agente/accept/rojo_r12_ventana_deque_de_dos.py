# right: sliding window with collections.deque(maxlen=2) over the messages; each new message judges the one before it, and the last one is judged against nothing
from collections import deque

exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _llamadas(mensaje):
    rol, contenido = mensaje
    if rol != "asistente" or isinstance(contenido, str):
        return []
    return [b["id"] for b in contenido if b["type"] == "tool_use"]


def _resultados(mensaje):
    contenido = mensaje[1]
    if isinstance(contenido, str):
        return set()
    return {b["tool_use_id"] for b in contenido if b["type"] == "tool_result"}


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    ventana = deque(maxlen=2)
    for mensaje in M:
        ventana.append(mensaje)
        if len(ventana) == 2:
            anterior, actual = ventana
            hechas = _resultados(actual)
            faltan += [x for x in _llamadas(anterior) if x not in hechas]
    if ventana:
        faltan += _llamadas(ventana[-1])
    return faltan
