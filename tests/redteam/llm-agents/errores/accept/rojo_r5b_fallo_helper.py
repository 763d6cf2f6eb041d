# style: the lesson's own shape, a fallo() helper plus try/except with early returns.

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):  # una observación de error: el tool_result de siempre, con is_error
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], salida)
