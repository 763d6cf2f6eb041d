# style: the lesson's fallo plus a sentinel object instead of an else branch
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


_SIN_VALOR = object()


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    valor, mensaje = _SIN_VALOR, None
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        mensaje = "%s: %s" % (type(e).__name__, e)
    if valor is _SIN_VALOR:
        return fallo(ll["id"], mensaje)
    return resultado(ll["id"], valor)
