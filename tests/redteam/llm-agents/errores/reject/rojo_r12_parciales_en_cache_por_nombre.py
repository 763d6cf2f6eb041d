# mistake: para no fabricar un partial en cada llamada guarda uno por nombre de herramienta, ligado al entorno de la primera llamada; las siguientes ejecutan la herramienta sobre ese entorno viejo y no sobre el que reciben
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import functools

_PREPARADAS = {}  # nombre -> herramienta con el entorno ya puesto


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    nombre = bloque["name"]
    if nombre not in _PREPARADAS:
        _PREPARADAS[nombre] = functools.partial(FUNCIONES[nombre], entorno)
    herramienta = _PREPARADAS[nombre]
    try:
        valor = herramienta(**bloque["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
